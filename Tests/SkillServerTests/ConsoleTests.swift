import Foundation
import SkillModel
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

        let skills = try server.json(try await server.get("/v1/skills"))
        let names = skills["skills"]?.array?.compactMap { $0["name"]?.string }
        #expect(names?.sorted() == ["HelloWorld", "ListOMat"])
        #expect(skills["skills"]?.array?.first?["invocationNames"]?.array?.isEmpty == false)
    }

    /// A person at the console: a ListOMat conversation with a disambiguation, a turn opened
    /// to its readings and envelopes, HTML said and shown as text, the skills, a narrow window.
    @Test func aConversationInARealBrowser() async throws {
        try #require(Browser.available, "chromium and chromedriver are not installed: scripts/install-system-packages.sh installs them")
        let server = try await RunningServer(folder: try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace"]))
        let browser = try await Browser()
        do {
            try await browser.open("http://127.0.0.1:\(server.port)/")
            try await browser.waitFor("#status") { $0.first?.contains("3 skills loaded") == true }
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

            // Markup said, or spoken back, is text on the page and never runs.
            let markup = "<img src=x onerror=\"document.title='pwned'\"> hello <b>there</b>"
            try await browser.type(markup + "\u{E007}", into: "#say:not([disabled])")
            try await browser.waitFor("#log .turn .user") { $0.count == lines.count + 1 }
            let said = try await browser.texts("#log .turn .user")
            #expect(said.last?.contains(markup) == true, "\(said)")
            #expect(try await browser.run("return document.querySelectorAll('#log img, #log b').length").int == 0)
            #expect(try await browser.run("return document.title").string == "skillhost console")
            try await browser.screenshot("04-markup-as-text")

            try await browser.click("#tab-skills")
            let rows = try await browser.waitFor("#skills-table tbody tr") { $0.count == 3 }
            #expect(rows.contains { $0.contains("ListOMat") && $0.contains("list o mat") }, "\(rows)")
            try await browser.screenshot("05-skills")

            try await browser.click("#tab-talk")
            try await browser.call("POST", "/window/rect", ["width": 600, "height": 900])
            try await browser.screenshot("06-narrow")
        } catch {
            try? await browser.screenshot("failed")
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }
}
