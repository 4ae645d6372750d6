import Foundation
import SkillModel
@testable import SkillServer
import Testing
import TestSupport

/// The console page of `skillhost serve`, over HTTP and in a real browser.
@Suite struct ConsoleTests {
    @Test func thePageIsServedWithNothingFromElsewhere() async throws {
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld"]))
        defer { Task { await server.stop() } }
        let page = try await server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'") && policy.contains("default-src 'none'"), "\(policy)")
        #expect(page.text.contains("<script src=\"/console.js\""))
        // Everything the page loads is its own: no address outside the server.
        for asset in ["/", "/console.js", "/console.css"] {
            let text = try await server.get(asset).text
            #expect(!text.contains("http://") && !text.contains("https://"), "\(asset) refers to another site")
        }
        #expect(try await server.get("/console.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
    }

    @Test func anInspectedTurnCarriesReadingsEnvelopesAndTimes() async throws {
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld", "ListOMat"]))
        defer { Task { await server.stop() } }
        let (id, _) = try await server.talk(["open list o mat"])
        let plain = try server.json(try await server.post("/v1/conversations/\(id)/turns", #"{"text": "what lists do i have"}"#))
        #expect(plain["inspect"] == nil, "only asked for, it costs the envelopes' text")
        let turn = try server.json(try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text": "purple elephants dance"}"#))
        let inspect = try #require(turn["inspect"])
        #expect(inspect["readings"]?.array?.first?["skill"]?.string == "com.app-o-mat.listomat")
        #expect(inspect["why"]?.array?.first?["why"]?.string?.contains("out of domain") == true, "\(JSONWriter.string(inspect))")
        #expect(inspect["request"]?["request"]?["type"]?.string == "IntentRequest")
        #expect(inspect["response"]?["response"]?["outputSpeech"] != nil)
        #expect((inspect["totalMs"]?.double ?? 0) >= (inspect["skillMs"]?.double ?? 1))
        // The time split: the NLU's own, the skill's, the conversation's stored form; the turn's number.
        let parts = ["nluMs", "skillMs", "storeMs", "inspectMs"].map { inspect[$0]?.double ?? -1 }
        #expect(parts.allSatisfy { $0 >= 0 } && parts.reduce(0, +) <= (inspect["totalMs"]?.double ?? 0) + 0.001, "\(parts)")
        #expect((inspect["nluMs"]?.double ?? 0) > 0, "the sentence was read")
        #expect(inspect["number"]?.int == 3)
        // Why this skill: it has the session, and every skill's account of the sentence.
        #expect(inspect["route"]?.string?.hasPrefix("ListOMat has the session") == true, "\(JSONWriter.string(inspect))")
        let opened = try server.json(try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text": "exit"}"#))
        #expect(opened["inspect"]?["route"]?.string?.contains("“exit” ends the session") == true)
        let named = try server.json(try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text": "open hello world"}"#))
        #expect(named["inspect"]?["route"]?.string == "The sentence names HelloWorld with a launch phrase: it opens.")
        // In HelloWorld's session, what ListOMat, not asked, would have read.
        let inSession = try server.json(try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text": "add milk to the shopping list"}"#))
        #expect(inSession["skill"]?.string == "com.app-o-mat.listomat", "handed over: \(JSONWriter.string(inSession))")
        #expect(inSession["inspect"]?["route"]?.string?.contains("HelloWorld had the session but hardly understood it") == true, "\(JSONWriter.string(inSession))")
        #expect(inSession["inspect"]?["others"]?.array?.first?["intent"]?.string == "AddItemsIntent")
        let conversation = try server.json(try await server.get("/v1/conversations/\(id)"))
        #expect(conversation["count"]?.int == 6 && conversation["turns"]?.array?.count == 6)

        // The playground's reading, with no conversation, and a model browsed.
        let parsed = try server.json(try await server.post("/v1/parse", #"{"text": "add milk to the shopping list"}"#))
        #expect(parsed["readings"]?.array?.first?["intent"]?.string == "AddItemsIntent", "\(JSONWriter.string(parsed))")
        #expect(parsed["why"]?.array?.count == 2, "every skill accounts for it")
        #expect(try await server.post("/v1/parse", JSONWriter.string(["text": .string(String(repeating: "word ", count: 5000))])).status == 400)
        let model = try server.json(try await server.get("/v1/skills/list%20o%20mat/model"))
        #expect(model["intents"]?.array?.contains { $0["name"]?.string == "AddItemsIntent" && $0["samples"]?.array?.isEmpty == false } == true)
        #expect(model["problems"]?.array != nil, "a library's model is checked")

        // A transcript replayed, one turn off: that turn's difference, the others as expected.
        let transcript = "you> open hello world\nHelloWorld> Welcome, you can say Hello or Help. Which would you like to try?\nyou> hello\nHelloWorld> Goodbye World!\n"
        let replay = try server.json(try await server.post("/v1/replay", JSONWriter.string(["transcript": .string(transcript)])))
        #expect(replay["failed"]?.int == 1, "\(JSONWriter.string(replay))")
        #expect(replay["turns"]?.array?.last?["differences"]?.array?.first?.string?.contains("expected: Goodbye World!") == true)
        #expect(replay["turns"]?.array?.last?["actual"]?.string?.contains("HelloWorld> Hello World!") == true)
        #expect(turn["inspect"]?["transcript"]?.string?.hasPrefix("you> purple elephants dance\nListOMat> Sorry") == true)

        let skills = try server.json(try await server.get("/v1/skills"))
        let names = skills["skills"]?.array?.compactMap { $0["name"]?.string }
        #expect(names?.sorted() == ["HelloWorld", "ListOMat"])
        #expect(skills["skills"]?.array?.first?["invocationNames"]?.array?.isEmpty == false)
    }

    /// A second tab on one conversation sees the first one's turns as they are taken: the stored
    /// ones after the last it saw, then each new one (with its insides when inspected), then the end.
    @Test func aConversationsTurnsReachEveryoneFollowingIt() async throws {
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld", "CoinFlip"]))
        defer { Task { await server.stop() } }
        let (id, _) = try await server.talk(["open coin flip", "flip a coin"])
        let request = Array("GET /v1/conversations/\(id)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 1\r\nConnection: close\r\n\r\n".utf8)
        let following = Task { try await HTTPClient.raw(port: server.port, request, timeout: 20) }
        try await Task.sleep(for: .milliseconds(500))
        let flipped = try await server.post("/v1/conversations/\(id)/turns?inspect=true", #"{"text": "flip a coin"}"#)
        #expect(try server.json(flipped)["inspect"]?["number"]?.int == 3)
        #expect(try await HTTPClient.request("DELETE", port: server.port, "/v1/conversations/\(id)").status == 200)
        let (received, closed) = try await following.value
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("text/event-stream"), "\(text)")
        #expect(!text.contains("id: 1\n"), "turn 1 was seen already: \(text)")
        #expect(text.contains("id: 2\nevent: turn\ndata: {\"utterance\":\"flip a coin\""), "the stored turn after the last one seen: \(text)")
        #expect(text.contains("id: 3\nevent: turn\ndata: {") && text.contains("\"route\":\"CoinFlip has the session"), "the new turn, with its insides: \(text)")
        #expect(text.contains("event: ended"), "\(text)")
        #expect(closed, "the stream ends with the conversation (and the connection, as asked)")
        #expect(try await server.get("/v1/conversations/\(id)/events").status == 404)
    }

    @Test func eventsStreamLiveAndAreReplayedAfterTheLastOneSeen() async throws {
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld"]))
        // Two reloads asked for, as the console's button does: two events numbered after "watching"
        // (none here: --no-watch) — 1 and 2.
        for _ in 0..<2 {
            let reloaded = try await server.post("/v1/skills/HelloWorld/reload", "")
            #expect(reloaded.status == 200, "\(reloaded.text)")
            #expect(try server.json(reloaded)["events"]?.array?.first?["kind"]?.string == "reloaded")
        }
        #expect(try await server.post("/v1/skills/Nothing/reload", "").status == 404)
        // A client back after seeing event 1 gets 2, and the stream stays open for what comes next.
        let request = Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 1\r\n\r\n".utf8)
        let (received, closed) = try await HTTPClient.raw(port: server.port, request, timeout: 2)
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("text/event-stream"), "\(text)")
        #expect(!text.contains("-1\nevent: host") && text.contains("-2\nevent: host\ndata: {\"kind\":\"reloaded\""), "\(text)")
        #expect(text.contains("HelloWorld generation 3"), "\(text)")
        #expect(!closed, "the stream ended by itself")
        // A client back from another server process (this one restarted): its numbers say
        // nothing of ours, so it gets every event kept.
        let epoch = try #require(text.components(separatedBy: "id: ").dropFirst().first?.split(separator: "-").first)
        let elsewhere = Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: \(epoch == "10000000" ? "10000001" : "10000000")-7\r\n\r\n".utf8)
        let restarted = String(decoding: try await HTTPClient.raw(port: server.port, elsewhere, timeout: 2).received, as: UTF8.self)
        #expect(restarted.contains("\(epoch)-1\nevent: host") && restarted.contains("\(epoch)-2\nevent: host"), "\(restarted)")
        // A stream open does not keep the server from stopping.
        let open = Task { try await HTTPClient.raw(port: server.port, Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), timeout: 60) }
        try await Task.sleep(for: .milliseconds(300))
        let started = Date()
        await server.expectCleanStop()
        #expect(Date().timeIntervalSince(started) < 30 * TestSupport.patience)
        _ = try? await open.value
    }

    @Test func documentsAreEditedWithCompareAndSwap() async throws {
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld", "ListOMat"]))
        let group = "group.com.app-o-mat.ListOMat"
        let containers = try server.json(try await server.get("/v1/storage"))["containers"]?.array ?? []
        #expect(containers.contains { $0["name"]?.string == group && $0["kind"]?.string == "group" && $0["skills"]?.array == ["ListOMat"] })
        #expect(try server.json(try await server.get("/v1/storage/\(group)"))["keys"]?.array == [])

        func put(_ key: String, _ body: String) async throws -> HTTPClient.Response {
            try await HTTPClient.request("PUT", port: server.port, "/v1/storage/\(group)/\(key)", json: body)
        }
        // New (version null), then edited from the version read.
        let made = try await put("notes", #"{"value": {"text": "first"}, "version": null}"#)
        #expect(made.status == 200, "\(made.text)")
        let first = try #require(try server.json(made)["version"]?.string)
        #expect(try await put("notes", #"{"value": {"text": "again"}, "version": null}"#).status == 409, "a new document over one that is there")
        let edited = try await put("notes", JSONWriter.string(["value": ["text": "second"], "version": .string(first)]))
        #expect(edited.status == 200)
        // An edit made from the first version is stale now: refused, with the document as it is.
        let stale = try await put("notes", JSONWriter.string(["value": ["text": "lost?"], "version": .string(first)]))
        #expect(stale.status == 409)
        #expect(try server.json(stale)["current"]?["value"]?["text"]?.string == "second")
        let read = try server.json(try await server.get("/v1/storage/\(group)/notes"))
        #expect(read["value"]?["text"]?.string == "second")
        // Bad names and bodies are refused by the store's own rules.
        #expect(try await put("..%2Fescape", #"{"value": 1, "version": null}"#).status == 400)
        #expect(try await put("notes", #"{"value": 1}"#).status == 400)
        #expect(try await server.get("/v1/storage/not%20a%20container").status == 400)
        #expect(try await server.get("/v1/storage/\(group)/missing").status == 404)
        // The same document, seen from outside: skillhost storage.
        let cli = try TestSupport.run("\(TestSupport.productsFolder)/skillhost", ["storage", "get", group, "notes", "--data", server.data])
        #expect(cli.output.contains("\"second\""), "\(cli.output)")
        await server.expectCleanStop()
    }

    @Test func skillhostConsoleServesAndSaysWhereThePageIs() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = ["console", "--skills", try TestSupport.folderWithProducts(["HelloWorld"]), "--data", try TestSupport.temporaryFolder("console-data"), "--no-watch", "--port", "0"]
        // No display: nothing to open a browser on, so it says where to go.
        process.environment = TestSupport.childEnvironment(["SKILLHOST_EXIT_WITH_PARENT": "1"]).filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        let errors = TestSupport.pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        let deadline = Date().addingTimeInterval(120 * TestSupport.patience)
        while !seen.contains("in a browser"), Date() < deadline, process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(seen.components(separatedBy: "skillhost console: open ").last?.components(separatedBy: " in a browser").first, "\(seen)")
        let port = try #require(Int(address.split(separator: ":").last?.prefix(while: \.isNumber) ?? ""), "\(seen)")
        #expect(try await HTTPClient.request("GET", port: port, "/").text.contains("skillhost console"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func changesAreRefusedOffLoopbackWithoutTheToken() {
        let local = ServerOptions(hostname: "127.0.0.1")
        #expect(SkillServer.refusal(toChange: "reload a skill", options: local, authorization: nil) == nil)
        let open = ServerOptions(hostname: "0.0.0.0")
        #expect(SkillServer.refusal(toChange: "reload a skill", options: open, authorization: nil)?.contains("--console-token") == true)
        let guarded = ServerOptions(hostname: "0.0.0.0", consoleToken: "s3cret")
        #expect(SkillServer.refusal(toChange: "reload a skill", options: guarded, authorization: "Bearer s3cret") == nil)
        #expect(SkillServer.refusal(toChange: "reload a skill", options: guarded, authorization: "Bearer guess") != nil)
        #expect(SkillServer.refusal(toChange: "reload a skill", options: guarded, authorization: nil) != nil)
    }

    /// A person at the console: a ListOMat conversation with a disambiguation, a turn opened
    /// to its readings and envelopes, HTML said and shown as text, the skills, a narrow window.
    @Test func aConversationInARealBrowser() async throws {
        try #require(Browser.available, "chromium and chromedriver are not installed: scripts/install-system-packages.sh installs them")
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "CoinFlip"])
        var server = try await RunningServer(folder: folder, watch: true)
        let browser = try await Browser()
        do {
            try await browser.open("http://127.0.0.1:\(server.port)/")
            try await browser.waitFor("#status") { $0.first?.contains("4 skills loaded") == true }
            try await browser.screenshot("01-opened")

            let lines: [(said: String, answer: String)] = [
                ("open list o mat", "Welcome to List-o-Mat"),
                ("make a new list called grocery store", "I made a new list called Grocery Store"),
                ("create a hardware store list", "I made a new list called Hardware Store"),
                ("add rice and onions to the grocery store list", "I added rice and onions to Grocery Store"),
                ("show me the store list", "Which list: Grocery Store or Hardware Store?"),
                ("the grocery one", "Grocery Store: rice and onions."),
            ]
            for (count, line) in lines.enumerated() {
                try await browser.type(line.said + "\u{E007}", into: "#say:not([disabled])")
                let answers = try await browser.waitFor("#log .turn .speech") { $0.count == count + 1 }
                #expect(answers.last?.hasPrefix(line.answer) == true, "\(line.said) → \(answers.last ?? "nothing")")
            }
            // The turn that added rice and onions wrote ListOMat's lists in its app group.
            try await browser.click("#log .turn[data-index='3']")
            let touched = try await browser.waitFor("#inspector-body table.storage-touches tbody tr") { !$0.isEmpty }
            #expect(touched.contains { $0.hasPrefix("put") && $0.contains("group.com.app-o-mat.ListOMat / lists") && $0.contains("rice") }, "\(touched)")
            try await browser.screenshot("02b-documents-written")
            // The markup a skill sent, on the toggle, as text.
            try await browser.click("#show-ssml")
            let ssml = try await browser.waitFor("#log .turn .ssml") { $0.first?.hasPrefix("<speak>") == true }
            #expect(ssml.first?.contains("Welcome to List-o-Mat") == true, "\(ssml)")
            try await browser.click("#show-ssml")
            let who = try await browser.texts("#log .turn .answer .who")
            #expect(who.allSatisfy { $0 == "ListOMat" }, "\(who)")
            try await browser.screenshot("02-conversation")

            // Inside the disambiguation's turn: ListOMat's reading, the envelopes.
            try await browser.click("#log .turn[data-index='4']")
            let readings = try await browser.waitFor("#inspector-body .readings tbody tr") { !$0.isEmpty }
            #expect(readings.first?.contains("ListOMat") == true, "\(readings)")
            try await browser.click("#inspector-body details.envelope:nth-of-type(1) summary")
            let envelopes = try await browser.texts("#inspector-body details.envelope[open] pre")
            #expect(envelopes.first?.contains("\"IntentRequest\"") == true, "\(envelopes)")
            try await browser.screenshot("03-turn-inspected")

            // Another skill, whose session attributes count: the change shown before → after.
            for said in ["exit", "open coin flip", "flip a coin", "flip a coin"] {
                let before = try await browser.texts("#log .turn").count
                try await browser.type(said + "\u{E007}", into: "#say:not([disabled])")
                try await browser.waitFor("#log .turn") { $0.count == before + 1 }
            }
            let turns = try await browser.texts("#log .turn").count
            try await browser.click("#log .turn[data-index='\(turns - 1)']")
            let flips = try await browser.waitFor("#inspector-body table.attributes tr[data-key='flips']") { !$0.isEmpty }
            #expect(flips.first?.contains("changed") == true && flips.first?.contains("1") == true && flips.first?.contains("2") == true, "\(flips)")
            try await browser.screenshot("04-session-attributes")

            // A second tab on the same conversation (its address names it): the game goes on there.
            let address = try #require(try await browser.call("GET", "/url").string)
            #expect(address.contains("?conversation="), "\(address)")
            let first = try #require(try await browser.call("GET", "/window").string)
            let second = try #require(try await browser.call("POST", "/window/new", ["type": "tab"])["handle"]?.string)
            try await browser.call("POST", "/window", ["handle": .string(second)])
            try await browser.open(address)
            try await browser.waitFor("#log .turn") { $0.count == turns }
            try await browser.type("flip a coin\u{E007}", into: "#say:not([disabled])")
            try await browser.waitFor("#log .turn") { $0.count == turns + 1 }
            try await browser.click("#log .turn[data-index='\(turns)']")
            let counted = try await browser.waitFor("#inspector-body table.attributes tr[data-key='flips']") { !$0.isEmpty }
            #expect(counted.first?.contains("2") == true && counted.first?.contains("3") == true, "the second tab's flip is the conversation's third: \(counted)")
            try await browser.screenshot("04b-second-tab")
            try await browser.call("DELETE", "/window")
            try await browser.call("POST", "/window", ["handle": .string(first)])
            // The first tab saw the second one's flip arrive, with its insides, without a reload.
            let users = try await browser.waitFor("#log .turn .user") { $0.count == turns + 1 }
            #expect(users.last?.hasPrefix("you, elsewhere") == true && users.last?.contains("flip a coin") == true, "\(users)")
            try await browser.click("#log .turn[data-index='\(turns)']")
            try await browser.waitFor("#inspector-body table.attributes tr[data-key='flips']") { $0.first?.contains("3") == true }

            // A transcript replayed from a file, one line of it wrong: that turn's lines marked.
            let transcriptFolder = try TestSupport.temporaryFolder("console-transcript")
            let transcriptFile = transcriptFolder + "/flips.transcript"
            try "you> open coin flip\nCoinFlip> Welcome to Coin Flip. Say flip a coin.\nyou> help\nCoinFlip> Nothing helps.\n".write(toFile: transcriptFile, atomically: true, encoding: .utf8)
            try await browser.type(transcriptFile, into: "#replay-file")
            let checks = try await browser.waitFor("#replay .turn-check") { $0.count == 2 }
            #expect(checks.first?.contains("as expected") == true && checks.last?.contains("differs") == true, "\(checks)")
            #expect(try await browser.texts("#replay .turn-check.failed .line.differs.missing") == ["CoinFlip> Nothing helps.\n"])
            try await browser.screenshot("05-replay")

            // Markup said, or spoken back, is text on the page and never runs.
            let markup = "<img src=x onerror=\"document.title='pwned'\"> hello <b>there</b>"
            try await browser.type(markup + "\u{E007}", into: "#say:not([disabled])")
            try await browser.waitFor("#log .turn .user") { $0.count == turns + 2 }
            let said = try await browser.texts("#log .turn .user")
            #expect(said.last?.contains(markup) == true, "\(said)")
            #expect(try await browser.run("return document.querySelectorAll('#log img, #log b').length").int == 0)
            #expect(try await browser.run("return document.title").string == "skillhost console")
            try await browser.screenshot("06-markup-as-text")

            // A megabyte said at once: refused by name, shown short, and the page talks on.
            try await browser.run("document.getElementById('say').value = 'x'.repeat(1 << 20)")
            try await browser.type("\u{E007}", into: "#say")
            let refused = try await browser.waitFor("#log .marker.error") { !$0.isEmpty }
            #expect(refused.last?.contains("(1048576 characters)” was not answered") == true && (refused.last?.contains("over the limit") == true || refused.last?.contains("too large") == true), "\(refused.last ?? "")")
            #expect((refused.last?.count ?? 0) < 400)
            try await browser.run("document.getElementById('say').value = 'word '.repeat(400)")
            try await browser.type("\u{E007}", into: "#say")
            let tooLong = try await browser.waitFor("#log .turn .speech") { $0.last?.contains("too long") == true }
            #expect(tooLong.last == "That was too long for me. Please say it in fewer words.")

            // A NumberRace game, each number asked for in turn; the turn that answered the second
            // number says why it went to NumberRace and which question it answered.
            let game: [(said: String, answer: String)] = [
                ("open number race", "Welcome to Number Race"), ("solve a game", "What's the target?"), ("952", "What's the first number?"),
                ("25", "What's the second number?"), ("eight", "What's the third number?"), ("50", "What's the fourth number?"),
                ("75", "What's the fifth number?"), ("100", "What's the sixth number?"), ("3", "I've found a solution"),
            ]
            let before = try await browser.texts("#log .turn").count
            for (count, line) in game.enumerated() {
                try await browser.type(line.said + "\u{E007}", into: "#say:not([disabled])")
                let answers = try await browser.waitFor("#log .turn .speech") { $0.count == before + count + 1 }
                #expect(answers.last?.hasPrefix(line.answer) == true, "\(line.said) → \(answers.last ?? "nothing")")
            }
            // Chosen from the keyboard: the turn focused, Enter.
            try await browser.run("document.querySelector(\"#log .turn[data-index='\(before + 4)']\").focus()")
            try await browser.press("\u{E007}")
            try await browser.waitFor("#inspector-body h3") { $0.first == "“eight”" }
            let facts = try await browser.texts("#inspector-body dl.facts")
            #expect(facts.first?.contains("number2 = “eight”") == true && facts.first?.contains("asks Dialog.ElicitSlot number3") == true, "\(facts)")
            let route = try await browser.texts("#inspector-body .route")
            #expect(route.first?.contains("NumberRace has the session and is waiting on its question for number2") == true, "\(route)")
            let times = try await browser.texts("#inspector-body .times")
            #expect(times.first?.contains("understanding (NLU)") == true && times.first?.contains("the conversation read and stored") == true, "\(times)")
            try await browser.screenshot("06b-number-race")

            // Every control has a name a screen reader says; the tabs are a tab list the arrows move in.
            let unnamed = try await browser.run("""
                return [...document.querySelectorAll('input, select, textarea, button, [role=button], [role=tab]')]
                  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby') && !e.textContent.trim() && !e.title)
                  .map(e => e.id || e.outerHTML.slice(0, 80))
                """)
            #expect(unnamed.array == [], "controls without a name: \(JSONWriter.string(unnamed))")
            try await browser.run("document.getElementById('tab-talk').focus()")
            try await browser.press("\u{E014}")
            #expect(try await browser.run("return document.activeElement.id").string == "tab-skills")
            #expect(try await browser.run("return document.getElementById('view-skills').hidden").bool == false)
            try await browser.press("\u{E012}")
            #expect(try await browser.run("return [document.activeElement.id, document.getElementById('tab-talk').getAttribute('aria-selected')]") == ["tab-talk", "true"])

            try await browser.click("#tab-skills")
            let rows = try await browser.waitFor("#skills-table tbody tr") { $0.count == 4 }
            #expect(rows.contains { $0.contains("ListOMat") && $0.contains("list o mat") }, "\(rows)")
            try await browser.screenshot("07-skills")

            // A library replaced in the watched folder, as a build does: the page hears of it.
            try FileManager.default.copyItem(atPath: TestSupport.product("HelloWorld"), toPath: folder + "/new.partial")
            _ = rename(folder + "/new.partial", folder + "/libHelloWorld.so")
            let events = try await browser.waitFor("#events li", seconds: 30) { $0.contains { $0.contains("HelloWorld generation 2") } }
            #expect(events.first?.contains("↻") == true, "\(events)")
            // And the Reload button, once the table shows the new generation (the event redraws it).
            try await browser.waitFor("#skills-table tbody tr") { rows in rows.contains { $0.hasPrefix("HelloWorld") && $0.contains("\t2\t") } }
            try await browser.click("#skills-table button[data-skill='com.app-o-mat.listomat']")
            try await browser.waitFor("#events li", seconds: 30) { $0.contains { $0.contains("ListOMat generation 2") } }
            try await browser.waitFor("#skills-table tbody tr") { rows in rows.contains { $0.hasPrefix("ListOMat") && $0.contains("\t2\t") } }
            try await browser.screenshot("08-events")

            // The server restarts under the page (a lost connection): the page reconnects by
            // itself, hears the new process's events though their numbers start again, and the
            // conversation goes on where it was.
            let port = server.port
            await server.expectCleanStop()
            try await browser.waitFor("body.offline") { !$0.isEmpty }
            server = try await RunningServer(folder: folder, data: server.data, arguments: ["--port", "\(port)"], watch: true)
            try await browser.waitFor("body:not(.offline)", seconds: 30) { !$0.isEmpty }
            try FileManager.default.copyItem(atPath: TestSupport.product("HelloWorld"), toPath: folder + "/new.partial")
            _ = rename(folder + "/new.partial", folder + "/libHelloWorld.so")
            try await browser.waitFor("#events li", seconds: 30) { $0.filter { $0.contains("HelloWorld generation 2") }.count == 2 }
            try await browser.click("#tab-talk")
            let spoken = try await browser.texts("#log .turn").count
            try await browser.type("open coin flip\u{E007}", into: "#say:not([disabled])")
            let welcome = try await browser.waitFor("#log .turn .speech") { $0.count == spoken + 1 }
            #expect(welcome.last?.hasPrefix("Welcome to Coin Flip") == true, "\(welcome)")
            #expect(try await browser.texts("#log .marker").last?.contains("conversation ended") != true, "the same conversation goes on")
            try await browser.screenshot("08b-after-restart")

            // The models: a sentence tried as it is typed, a skill's intents browsed.
            try await browser.click("#tab-model")
            try await browser.type("add eggs to the grocery store list", into: "#try")
            let tried = try await browser.waitFor("#try-result .readings tbody tr") { !$0.isEmpty }
            #expect(tried.first?.contains("AddItemsIntent") == true, "\(tried)")
            try await browser.waitFor("#model-skill option") { $0.contains("ListOMat") }
            try await browser.run("const s = document.getElementById('model-skill'); s.value = 'com.app-o-mat.listomat'; s.dispatchEvent(new Event('change'))")
            try await browser.waitFor("#model-body details.intent summary") { $0.contains { $0.hasPrefix("AddItemsIntent") } }
            try await browser.click("#model-body details.intent[data-intent='AddItemsIntent'] summary")
            try await browser.screenshot("09-models")

            // The lists ListOMat keeps in its app group, edited in the page and read back with
            // skillhost storage; an edit made stale by a write in between is refused, not lost.
            try await browser.click("#tab-storage")
            try await browser.waitFor("#storage-container option") { $0.contains { $0.contains("group.com.app-o-mat.ListOMat") } }
            try await browser.run("const s = document.getElementById('storage-container'); s.value = 'group.com.app-o-mat.ListOMat'; s.dispatchEvent(new Event('change'))")
            try await browser.click("#storage-keys button[data-key='lists']")
            try await browser.waitFor("#storage-version") { $0.first?.hasPrefix("version") == true }
            let edited = #"[{"name": "Edited In The Console", "items": []}]"#
            try await browser.run("document.getElementById('storage-text').value = arguments[0]", [.string(edited)])
            try await browser.click("#storage-save")
            try await browser.waitFor("#storage-message") { $0.first == "Saved." }
            let read = try TestSupport.run("\(TestSupport.productsFolder)/skillhost", ["storage", "get", "group.com.app-o-mat.ListOMat", "lists", "--data", server.data])
            #expect(read.output.contains("Edited In The Console"), "\(read.output)")
            // Someone else writes (as a skill would), then the page saves from what it read.
            let current = try server.json(try await server.get("/v1/storage/group.com.app-o-mat.ListOMat/lists"))
            let other = try await HTTPClient.request("PUT", port: server.port, "/v1/storage/group.com.app-o-mat.ListOMat/lists", json: JSONWriter.string(["value": .array([["name": "Written Meanwhile", "items": .array([])]]), "version": current["version"] ?? .null]))
            #expect(other.status == 200)
            try await browser.run("document.getElementById('storage-text').value = arguments[0]", [.string(#"[{"name": "Stale Edit", "items": []}]"#)])
            try await browser.click("#storage-save")
            try await browser.waitFor("#storage-message") { $0.first?.contains("changed since it was read") == true }
            let after = try TestSupport.run("\(TestSupport.productsFolder)/skillhost", ["storage", "get", "group.com.app-o-mat.ListOMat", "lists", "--data", server.data])
            #expect(after.output.contains("Written Meanwhile") && !after.output.contains("Stale Edit"), "\(after.output)")
            try await browser.screenshot("10-storage-stale")

            try await browser.click("#tab-talk")
            try await browser.call("POST", "/window/rect", ["width": 600, "height": 900])
            try await browser.screenshot("11-narrow")
        } catch {
            try? await browser.screenshot("failed")
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }

    /// Talking to the console: the microphone (Chromium's, playing a recording of "open number
    /// race" said by espeak-ng) is heard by the server with the skills' language model and
    /// answered as a turn; with "Speak answers" on, the answer is spoken and played.
    @Test func aSpokenTurnInARealBrowser() async throws {
        try #require(Browser.available, "chromium and chromedriver are not installed: scripts/install-system-packages.sh installs them")
        let folder = try TestSupport.temporaryFolder("console-voice")
        let said = try TestSupport.run("/usr/bin/espeak-ng", ["-v", "en-us+klatt", "-w", folder + "/said.wav", "open number race"])
        #expect(said.status == 0, "\(said.output)")
        // Quiet before and after, as a person leaves it.
        let padded = try TestSupport.run("/usr/bin/sox", [folder + "/said.wav", "-r", "16000", folder + "/microphone.wav", "pad", "0.6", "2.5"])
        #expect(padded.status == 0, "\(padded.output)")
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "CoinFlip"]))
        let browser = try await Browser(microphone: folder + "/microphone.wav")
        do {
            try await browser.open("http://127.0.0.1:\(server.port)/")
            try await browser.waitFor("#status") { $0.first?.contains("4 skills loaded") == true }
            try await browser.click("#speak-answers")
            try await browser.click("#mic")
            let answers = try await browser.waitFor("#log .turn .speech", seconds: 40) { !$0.isEmpty }
            #expect(answers.first?.hasPrefix("Welcome to Number Race") == true, "\(answers)")
            let users = try await browser.waitFor("#log .turn .user") { !$0.isEmpty }
            // Heard through Chromium's capture and resampling, the last word may come out as a
            // sound-alike ("raise"); the name is matched by how it sounds.
            #expect(users.first?.hasPrefix("you (heard) open number ra") == true, "\(users)")
            // The recogniser's list, the one taken marked.
            let heard = try await browser.waitFor("#inspector-body ol.heard li") { !$0.isEmpty }
            #expect(heard.first?.hasPrefix("open number ra") == true && heard.first?.hasSuffix("(taken)") == true, "\(heard)")
            try await browser.waitFor("#log .turn[data-spoken] .speech") { !$0.isEmpty }
            let seconds = try await browser.run("return Number(document.querySelector('#log .turn[data-spoken]').dataset.spoken)")
            #expect((seconds.number.flatMap { Double($0.literal) } ?? 0) > 2, "the welcome, spoken, lasts seconds: \(seconds)")
            let status = try await browser.run("return document.getElementById('status').textContent")
            #expect(status.string?.contains("cannot be") != true, "\(status)")
            try await browser.screenshot("12-spoken-turn")
            // The spoken answer, fetched as the page does: a WAV of the words.
            let spoken = try await HTTPClient.request("POST", port: server.port, "/v1/speech", json: #"{"text": "What's the target?"}"#)
            #expect(spoken.status == 200 && spoken.body.count > 20_000 && spoken.body.starts(with: Array("RIFF".utf8)))
            // What is no WAV is refused by name; silence is nothing heard, and no turn.
            let conversation = try server.json(try await HTTPClient.request("POST", port: server.port, "/v1/conversations", json: "{}"))["id"]?.string ?? ""
            let song = try await HTTPClient.request("POST", port: server.port, "/v1/conversations/\(conversation)/speech", body: Array("ID3\u{3}\0\0\0\0".utf8), headers: ["Content-Type": "audio/mpeg"])
            #expect(song.status == 415 && song.text.contains("the body is not a WAV file (it looks like MP3)"), "\(song.status) \(song.text)")
            var quiet = Array("RIFF".utf8) + [36, 125, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0x3E, 0, 0, 0, 0x7D, 0, 0, 2, 0, 16, 0]
            quiet += Array("data".utf8) + [0, 125, 0, 0] + Array(repeating: 0, count: 32000)
            let nothing = try await HTTPClient.request("POST", port: server.port, "/v1/conversations/\(conversation)/speech", body: quiet, headers: ["Content-Type": "audio/wav"])
            #expect(nothing.status == 200 && nothing.text == #"{"heard":[]}"#, "\(nothing.status) \(nothing.text)")
            let after = try server.json(try await server.get("/v1/conversations/\(conversation)"))
            #expect(after["count"]?.number?.literal == "0")
        } catch {
            try? await browser.screenshot("failed-voice")
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }
}
