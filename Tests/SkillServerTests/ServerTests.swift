import Foundation
import SkillHost
import SkillModel
import Testing
import TestSupport

/// `skillhost serve` as a user starts it, in a process of its own on a free loopback port,
/// talked to over real HTTP and stopped with SIGTERM.
final class RunningServer: Sendable {
    let port: Int
    let process: Process
    /// What it wrote to standard error.
    let log = EventLog<String>()

    /// What says why it did not stop cleanly: a sanitizer's report from its start (the racing
    /// accesses come first), else the log's last lines.
    var lastWords: [String] {
        let lines = log.all
        if let report = lines.firstIndex(where: { $0.contains("WARNING: ThreadSanitizer") || $0.contains("ERROR: AddressSanitizer") }) {
            return Array(lines[report...].prefix(60))
        }
        return Array(lines.suffix(40))
    }

    let data: String

    /// - Parameter watch: whether it watches the skills folder (hot reload), as by default.
    init(folder: String, data: String? = nil, arguments: [String] = [], watch: Bool = false) async throws {
        let data = try data ?? TestSupport.temporaryFolder("serve-data")
        self.data = data
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = ["serve", "--skills", folder, "--data", data, "--port", "0", "--server-log", "warning"] + (watch ? [] : ["--no-watch"]) + arguments
        // Trained models shared with this process's tests; the server ends with this process,
        // even if this one crashes (`SKILLHOST_EXIT_WITH_PARENT`).
        process.environment = TestSupport.childEnvironment(["SKILLHOST_EXIT_WITH_PARENT": "1"])
        let errors = TestSupport.pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        _ = Self.cleanUpAtExit
        try process.run()
        Self.live.withLock { _ = $0.insert(process.processIdentifier) }
        self.process = process
        let log = self.log
        let reading = errors.fileHandleForReading
        // Read on a thread of its own for the server's life, so that it never blocks writing.
        Thread.detachNewThread {
            var pending = ""
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    log.append(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            log.append("<end>")
        }
        // Loading and training take a few seconds alone, much longer beside every other suite.
        let listening = await log.wait(seconds: 180) { $0.contains("listening on http://") || $0 == "<end>" }
        guard let address = listening?.components(separatedBy: "http://").last, let text = address.split(separator: ":").last?.prefix(while: \.isNumber), let port = Int(text) else {
            process.terminate()
            throw ServerFailure(log: log.all)
        }
        self.port = port
    }

    /// A test that fails before `stop()`, or needs no graceful stop, leaves no server running:
    /// SIGKILL, since a child of the test runner may have inherited SIGTERM ignored (a
    /// ServiceLifecycle group run in-process ignores it to hear it through a signal source).
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        Self.live.withLock { _ = $0.remove(process.processIdentifier) }
    }

    /// Servers running, killed at exit whatever became of their tests.
    private static let live = Locked<Set<Int32>>([])
    private static let cleanUpAtExit: Void = {
        atexit { RunningServer.live.withLock { $0.forEach { kill($0, SIGKILL) } } }
    }()

    struct ServerFailure: Error, CustomStringConvertible {
        let log: [String]
        var description: String { "skillhost serve did not start:\n" + log.joined(separator: "\n") }
    }

    /// SIGTERM, and its exit status once it has stopped.
    @discardableResult
    func stop() async -> Int32 {
        process.terminate()
        let process = self.process
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }

    /// Stops it and expects a clean exit, saying why it was not one (`lastWords`).
    func expectCleanStop(sourceLocation: SourceLocation = #_sourceLocation) async {
        let status = await stop()
        #expect(status == 0, "the server did not stop cleanly: \(lastWords)", sourceLocation: sourceLocation)
    }

    func post(_ path: String, _ json: String) async throws -> HTTPClient.Response {
        try await HTTPClient.request("POST", port: port, path, json: json)
    }

    func get(_ path: String) async throws -> HTTPClient.Response {
        try await HTTPClient.request("GET", port: port, path)
    }

    func json(_ response: HTTPClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

    /// Starts a conversation and says each line in it; the answers' JSON.
    func talk(_ lines: [String]) async throws -> (id: String, turns: [JSONValue]) {
        let started = try await post("/v1/conversations", "{}")
        #expect(started.status == 201)
        let id = try #require(try json(started)["id"]?.string)
        var turns: [JSONValue] = []
        for line in lines {
            let answer = try await post("/v1/conversations/\(id)/turns", JSONWriter.string(["text": .string(line)]))
            #expect(answer.status == 200, "\(answer.text)")
            turns.append(try json(answer))
        }
        return (id, turns)
    }
}

@Suite struct ServerTests {
    static func folder(_ defines: [String] = []) throws -> String {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat"])
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: folder, name: "fixture")
        return folder
    }

    @Test func aConversationTalksToTheSkillsAsTheREPLDoes() async throws {
        let server = try await RunningServer(folder: Self.folder())
        #expect(try await server.get("/healthz").status == 200)
        let ready = try await server.get("/readyz")
        #expect(ready.status == 200)
        #expect(try server.json(ready)["skills"]?.number?.intValue == 3)

        let (id, turns) = try await server.talk(["open list o mat", "create a list called camping", "add a tent to the camping list", "what's on the camping list"])
        #expect(turns[0]["skill"]?.string == "com.app-o-mat.listomat")
        #expect(turns[0]["request"]?.string == "LaunchRequest")
        #expect(turns[2]["intent"]?.string == "AddItemsIntent")
        #expect(turns[3]["speech"]?.string?.contains("tent") == true, "\(turns[3])")
        for turn in turns {
            #expect(turn.object.map { Set($0.keys) } == ["utterance", "skill", "request", "intent", "slots", "speech", "reprompt", "endSession", "dialogState", "asks", "error"])
        }

        // Another conversation at the same time knows nothing of this one's session.
        let (_, other) = try await server.talk(["hello"])
        #expect(other[0]["skill"]?.string == "com.amazon.samples.helloworld" || other[0]["speech"]?.string == "Hello World!", "\(other[0])")

        let transcript = try server.json(try await server.get("/v1/conversations/\(id)"))
        #expect(transcript["skill"]?.string == "com.app-o-mat.listomat")
        #expect(transcript["turns"]?.array?.count == 4)

        // What was counted, for Prometheus.
        let metrics = try await server.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(Self.metric(metrics.text, "skillhost_turns_total", ["skill": "com.app-o-mat.listomat", "outcome": "ok"]) == 4, "\(metrics.text)")
        #expect(Self.metric(metrics.text, "skillhost_turn_duration_seconds_count", ["skill": "com.app-o-mat.listomat"]) == 4)
        #expect(Self.metric(metrics.text, "skillhost_skill_duration_seconds_count", ["skill": "com.app-o-mat.listomat"]) == 4)
        #expect(Self.metric(metrics.text, "skillhost_nlu_duration_seconds_count", [:]) == 5)
        #expect(Self.metric(metrics.text, "skillhost_conversations", [:]) == 2)
        #expect(metrics.text.contains("# TYPE hb_requests counter"), "Hummingbird's own request metrics")

        let ended = try await HTTPClient.request("DELETE", port: server.port, "/v1/conversations/\(id)")
        #expect(ended.status == 200)
        #expect(try server.json(ended)["ended"]?.string == "com.app-o-mat.listomat")
        #expect(try await server.get("/v1/conversations/\(id)").status == 404)
        #expect(await server.stop() == 0, "SIGTERM stops it cleanly")
    }

    /// The value of the sample `name{labels}` in Prometheus's text format (labels in any order).
    static func metric(_ text: String, _ name: String, _ labels: [String: String]) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name) && !line.hasPrefix("#") {
            let rest = line.dropFirst(name.count)
            var found: [String: String] = [:]
            var valueText = rest
            if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                for pair in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { found[String(parts[0])] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                }
                valueText = rest[rest.index(after: close)...]
            } else if !rest.hasPrefix(" ") {
                continue
            }
            if found == labels, let value = Double(valueText.trimmingCharacters(in: .whitespaces)) { return value }
        }
        return nil
    }

    @Test func badRequestsAreRefusedByName() async throws {
        let server = try await RunningServer(folder: Self.folder(), arguments: ["--body-limit", "4096"])
        func error(_ response: HTTPClient.Response) -> String { (try? server.json(response)["error"]?.string) ?? "not JSON: \(response.text)" }

        let unknown = try await server.post("/v1/conversations/nobody/turns", #"{"text":"hello"}"#)
        #expect(unknown.status == 404)
        #expect(error(unknown).contains("no conversation nobody; POST /v1/conversations starts one"))

        let id = try #require(try server.json(try await server.post("/v1/conversations", "")).object?["id"]?.string)
        let malformed = try await server.post("/v1/conversations/\(id)/turns", #"{"text": "hello"#)
        #expect(malformed.status == 400)
        #expect(error(malformed).hasPrefix("the body is not JSON"))
        let noText = try await server.post("/v1/conversations/\(id)/turns", #"{"words": "hello"}"#)
        #expect(noText.status == 400)
        #expect(error(noText).contains(#""text""#))
        let big = try await server.post("/v1/conversations/\(id)/turns", #"{"text": ""# + String(repeating: "a", count: 10_000) + #""}"#)
        #expect(big.status == 413)
        // The server answers before the whole body has arrived and closes; a client may lose
        // the answer's body to the reset that follows.
        #expect(big.body.isEmpty || error(big).contains("over the limit of 4096 bytes"), "\(error(big))")
        // A body one byte over, read whole before the answer (nothing left unread to reset the
        // connection), is refused with the reason, where Hummingbird's own answer was empty.
        let whole = try await HTTPClient.raw(port: server.port, Array(("POST /v1/conversations/\(id)/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4097\r\nConnection: close\r\n\r\n" + String(repeating: " ", count: 4097)).utf8), timeout: 10)
        let answer = String(decoding: whole.received, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413") && answer.contains("over the limit of 4096 bytes"), "\(answer)")
        let route = try await server.get("/v2/nothing")
        #expect(route.status == 404)
        #expect(error(route).contains("/v2/nothing"))
        // An utterance over the host's limit is refused in the turn; the conversation goes on.
        let long = try server.json(try await server.post("/v1/conversations/\(id)/turns", JSONWriter.string(["text": .string(String(repeating: "word ", count: 300))])))
        #expect(long["error"]?.string?.contains("characters long") == true)
        #expect(try server.json(try await server.post("/v1/conversations/\(id)/turns", #"{"text":"hello"}"#))["speech"]?.string == "Hello World!")
        #expect(await server.stop() == 0, "SIGTERM stops it cleanly")
    }

    /// Clients that open a connection and stall: one that never finishes its header is
    /// disconnected after the idle timeout, one whose body never comes gets 408 after the read
    /// timeout, an idle keep-alive connection is closed; everyone else is served meanwhile.
    @Test func slowClientsAreCutOffAndTheOthersServed() async throws {
        let server = try await RunningServer(folder: Self.folder(), arguments: ["--idle-timeout", "3", "--read-timeout", "1"])
        let port = server.port
        let halfHeader = Task { try await HTTPClient.raw(port: port, Array("POST /v1/conversations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty".utf8), timeout: 30) }
        let halfBody = Task {
            try await HTTPClient.raw(port: port, Array("POST /v1/conversations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"userId\":".utf8), timeout: 30)
        }
        let keptAlive = Task { try await HTTPClient.raw(port: port, Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), timeout: 30) }
        let (_, turns) = try await server.talk(["open hello world", "hello"])
        #expect(turns[1]["speech"]?.string == "Hello World!", "served while the others stall")

        let header = try await halfHeader.value
        #expect(header.closed && header.received.isEmpty, "a header never finished: closed without a word")
        let body = try await halfBody.value
        #expect(body.closed, "a body never sent: closed")
        let answer = try #require(try? HTTPClient.parse(body.received), "no answer: \(String(decoding: body.received, as: UTF8.self))")
        #expect(answer.status == 408)
        #expect(answer.text.contains("the request did not arrive whole within 1 s of its header"), "\(answer.text)")
        let idle = try await keptAlive.value
        #expect(idle.closed, "an idle keep-alive connection is closed")
        #expect((try? HTTPClient.parse(idle.received))?.status == 200, "\(String(decoding: idle.received, as: UTF8.self))")
        #expect(try await server.get("/healthz").status == 200)
        await server.expectCleanStop()
    }

    /// `--isolate` in serve: a skill that crashes or hangs in its runner costs the turn it was
    /// in (answered with the error, the session ended), and the server goes on serving it and
    /// every other skill, other conversations included while the hung turn waits out its deadline.
    @Test(arguments: [("CRASH_ON_ECHO", "crashed (Segmentation fault, signal 11)"), ("HANG_ON_ECHO", "did not answer before its deadline")])
    func anIsolatedSkillThatCrashesOrHangsCostsOneTurn(define: String, how: String) async throws {
        let server = try await RunningServer(folder: Self.folder([define]), arguments: ["--isolate", "fixture"])
        let (id, _) = try await server.talk(["open fixture"])
        let port = server.port
        let failing = Task { try await HTTPClient.request("POST", port: port, "/v1/conversations/\(id)/turns", json: #"{"text":"echo"}"#) }
        let (_, others) = try await server.talk(["open hello world", "hello"])
        #expect(others[1]["speech"]?.string == "Hello World!")
        let failed = try server.json(try await failing.value)
        #expect(failed["error"]?.string?.contains(how) == true, "\(failed)")
        #expect(failed["endSession"] == true)
        let again = try server.json(try await server.post("/v1/conversations/\(id)/turns", #"{"text":"open fixture"}"#))
        #expect(again["speech"]?.string == "fixture answer", "a new runner serves the skill: \(again)")
        await server.expectCleanStop()
    }

    @Test func aSecondTurnOfAConversationWhileOneIsUnderWayIsRefused() async throws {
        let server = try await RunningServer(folder: Self.folder(["SLEEP_ON_ECHO=3000"]))
        let (id, _) = try await server.talk(["open fixture"])
        // Two turns of one conversation at once: one is answered, the other refused (the
        // skill takes 3 s over the first), never both run.
        let answers = await HTTPClient.concurrently(2, "POST", port: server.port, "/v1/conversations/\(id)/turns", json: #"{"text":"echo"}"#)
        let statuses = answers.map { (try? $0.get().status) ?? 0 }.sorted()
        #expect(statuses == [200, 409], "\(answers)")
        let refused = try #require(answers.compactMap { try? $0.get() }.first { $0.status == 409 })
        #expect((try? server.json(refused)["error"]?.string)??.contains("a turn of conversation \(id) is under way") == true)
        #expect(refused.headers["retry-after"] == "1", "the client is told when to try again")
        let transcript = try server.json(try await server.get("/v1/conversations/\(id)"))
        #expect(transcript["turns"]?.array?.count == 2, "the refused turn left nothing")
        #expect(await server.stop() == 0, "SIGTERM stops it cleanly")
    }

    /// A turn holds its conversation with a lock that dies with the host: a host killed in the
    /// middle of a turn keeps nobody waiting, on the file store (flock) and on the database
    /// (an advisory lock on the host's connection), and the killed turn left nothing behind.
    @Test(arguments: [false, true])
    func aHostKilledMidTurnLeavesItsConversationFree(onDatabase: Bool) async throws {
        guard !onDatabase || PostgresServer.binaries != nil else { return }
        let database = onDatabase ? try PostgresServer() : nil
        defer { database?.stop() }
        let marks = try TestSupport.temporaryFolder("marks")
        let folder = try Self.folder(["SLEEP_ON_ECHO=60000", #"MARK_ON_ECHO="\#(marks)/echo""#])
        let data = try TestSupport.temporaryFolder("serve-data")
        let arguments = database.map { ["--database", $0.url] } ?? []
        let doomed = try await RunningServer(folder: folder, data: data, arguments: arguments)
        let survivor = try await RunningServer(folder: folder, data: data, arguments: arguments)
        let (id, _) = try await doomed.talk(["open fixture"])
        let port = doomed.port
        let inFlight = Task { try? await HTTPClient.request("POST", port: port, "/v1/conversations/\(id)/turns", json: #"{"text":"echo"}"#) }
        let begun = EventLog<Bool>()
        let polling = Task {
            while !FileManager.default.fileExists(atPath: "\(marks)/echo") { try await Task.sleep(for: .milliseconds(20)) }
            begun.append(true)
        }
        #expect(await begun.wait { $0 } == true, "the skill began the turn")
        polling.cancel()
        let meanwhile = try await survivor.post("/v1/conversations/\(id)/turns", #"{"text":"help"}"#)
        #expect(meanwhile.status == 409, "the turn under way holds the conversation: \(meanwhile.text)")

        kill(doomed.process.processIdentifier, SIGKILL)
        _ = await inFlight.value
        let after = try await survivor.post("/v1/conversations/\(id)/turns", #"{"text":"help"}"#)
        #expect(after.status == 200, "free at once, not after a lease runs out: \(after.text)")
        let transcript = try survivor.json(try await survivor.get("/v1/conversations/\(id)"))
        #expect(transcript["turns"]?.array?.compactMap { $0["utterance"]?.string } == ["open fixture", "help"], "the killed turn left nothing")
        #expect(await survivor.stop() == 0)
        await doomed.stop()
    }

    @Test func theAlexaEndpointPassesEnvelopesThroughByNameOrApplicationID() async throws {
        let server = try await RunningServer(folder: Self.folder([#"ALEXA_SKILL_ID="amzn1.ask.skill.1234-abcd""#]), arguments: ["--no-verify"])
        #expect(server.log.all.contains { $0.contains("--no-verify: Alexa requests are NOT checked") }, "it says so at start")
        let launch = #"{"version":"1.0","session":{"new":true,"sessionId":"amzn1.echo-api.session.1","application":{"applicationId":"APP"},"user":{"userId":"amzn1.ask.account.someone"}},"context":{"System":{"application":{"applicationId":"APP"},"user":{"userId":"amzn1.ask.account.someone"},"device":{"deviceId":"amzn1.ask.device.1","supportedInterfaces":{}},"apiEndpoint":"https://api.amazonalexa.com"}},"request":{"type":"LaunchRequest","requestId":"amzn1.echo-api.request.1","timestamp":"2026-11-23T10:00:00Z","locale":"en-US"}}"#
        let byName = try await server.post("/alexa/hello%20world", launch.replacingOccurrences(of: "APP", with: "amzn1.ask.skill.other"))
        #expect(byName.status == 200, "\(byName.text)")
        let response = try server.json(byName)
        #expect(response["version"]?.string == "1.0")
        #expect(response["response"]?["outputSpeech"] != nil)

        let byApplication = try await server.post("/alexa", launch.replacingOccurrences(of: "APP", with: "amzn1.ask.skill.1234-abcd"))
        #expect(byApplication.status == 200)
        #expect(byApplication.text.contains("fixture answer"))

        let unknown = try await server.post("/alexa", launch.replacingOccurrences(of: "APP", with: "amzn1.ask.skill.nobody"))
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("no skill answers application id amzn1.ask.skill.nobody"))
        let notAnEnvelope = try await server.post("/alexa/fixture", #"{"hello": 1}"#)
        #expect(notAnEnvelope.status == 400)
        #expect(await server.stop() == 0, "SIGTERM stops it cleanly")
    }

    /// The Alexa endpoint answers on the connection itself (`AlexaFastPath`), beside the router:
    /// requests pipelined on one connection, its own and the router's mixed, are answered in
    /// their order; a connection is kept for the next request, closed when asked, and a body over
    /// the limit is refused with the reason.
    @Test func alexaRequestsOnOneConnectionKeepTheirOrder() async throws {
        let server = try await RunningServer(folder: Self.folder(), arguments: ["--no-verify", "--body-limit", "4096"])
        let launch = #"{"version":"1.0","session":{"new":true,"sessionId":"s","application":{"applicationId":"com.test.fixture"},"user":{"userId":"u"}},"context":{"System":{"application":{"applicationId":"com.test.fixture"},"user":{"userId":"u"},"device":{"deviceId":"d","supportedInterfaces":{}},"apiEndpoint":"https://api.amazonalexa.com"}},"request":{"type":"LaunchRequest","requestId":"r","timestamp":"2026-11-23T10:00:00Z","locale":"en-US"}}"#
        func post(_ path: String, _ body: String, close: Bool = false) -> String {
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(close ? "Connection: close\r\n" : "")\r\n\(body)"
        }
        let get = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        // All written at once: the router's, ours, the router's, ours (unknown skill), ours last.
        let pipelined = get + post("/alexa/fixture", launch) + "GET /v2/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + post("/alexa/nobody", launch) + post("/alexa", launch, close: true)
        let (received, closed) = try await HTTPClient.raw(port: server.port, Array(pipelined.utf8), timeout: 20)
        let text = String(decoding: received, as: UTF8.self)
        let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(statuses == ["200", "200", "404", "404", "200"], "\(text)")
        let bodies = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.components(separatedBy: "\r\n\r\n").dropFirst().joined() }
        #expect(bodies.count == 5 && bodies[0].contains("\"ok\"") && bodies[1].contains("fixture answer") && bodies[2].contains("/v2/nothing"), "\(bodies)")
        #expect(bodies.count == 5 && bodies[3].contains("no skill nobody; loaded: ") && bodies[4].contains("fixture answer"), "\(bodies)")
        #expect(closed, "the last request asked for the connection to close")
        // A body over the limit: 413 with the reason, and the connection closed.
        let big = post("/alexa/fixture", String(repeating: " ", count: 4097))
        let (refused, refusedClosed) = try await HTTPClient.raw(port: server.port, Array(big.utf8), timeout: 20)
        let refusal = String(decoding: refused, as: UTF8.self)
        #expect(refusal.hasPrefix("HTTP/1.1 413") && refusal.contains("over the limit of 4096 bytes"), "\(refusal)")
        #expect(refusedClosed)
        // The endpoint's metrics count what it answered.
        let metrics = try await server.get("/metrics")
        #expect(metrics.text.contains("skillhost_alexa_requests_total{skill=\"com.test.fixture\",outcome=\"ok\"} 2"), "\(metrics.text)")
        await server.expectCleanStop()
    }

    /// By default an Alexa request must carry Amazon's signature (AlexaVerifierTests checks
    /// each rule); one without is refused by name, and the skill never sees it.
    @Test func unsignedAlexaRequestsAreRefusedByDefault() async throws {
        let server = try await RunningServer(folder: Self.folder())
        let launch = #"{"version":"1.0","context":{"System":{"application":{"applicationId":"com.test.fixture"}}},"request":{"type":"LaunchRequest","requestId":"r1","timestamp":"2026-11-23T10:00:00Z","locale":"en-US"}}"#
        let refused = try await server.post("/alexa", launch)
        #expect(refused.status == 400)
        #expect(refused.text.contains("request verification failed: no SignatureCertChainUrl header"), "\(refused.text)")
        let forged = try await HTTPClient.request("POST", port: server.port, "/alexa/fixture", json: launch, headers: [
            "SignatureCertChainUrl": "https://evil.example.com/echo.api/cert.pem", "Signature-256": "AAAA",
        ])
        #expect(forged.status == 400)
        #expect(forged.text.contains("is not on s3.amazonaws.com"), "\(forged.text)")
        await server.expectCleanStop()
    }

    /// Conversations live in the data root's store: one goes on after its server restarts, and
    /// two servers on one data root take turns of the same conversation, each where the other
    /// left it.
    @Test func aConversationGoesOnAcrossRestartsAndServers() async throws {
        let folder = try Self.folder()
        let first = try await RunningServer(folder: folder)
        let (id, turns) = try await first.talk(["open list o mat", "create a list called camping", "add a tent to the shopping list"])
        #expect(turns[2]["asks"]?["slot"]?.string == "listName", "\(turns[2])")
        #expect(await first.stop() == 0)

        let second = try await RunningServer(folder: folder, data: first.data)
        let third = try await RunningServer(folder: folder, data: first.data)
        let answer = try second.json(try await second.post("/v1/conversations/\(id)/turns", #"{"text":"camping"}"#))
        #expect(answer["skill"]?.string == "com.app-o-mat.listomat")
        #expect(answer["speech"]?.string?.contains("tent") == true, "the question asked before the restart is answered: \(answer)")
        let next = try third.json(try await third.post("/v1/conversations/\(id)/turns", #"{"text":"what's on the camping list"}"#))
        #expect(next["speech"]?.string?.contains("tent") == true, "another server goes on from there: \(next)")
        let transcript = try third.json(try await third.get("/v1/conversations/\(id)"))
        #expect(transcript["turns"]?.array?.count == 5)
        #expect(await second.stop() == 0)
        #expect(await third.stop() == 0)
    }

    /// Hosts that share a database and nothing else (each its own data root): a conversation,
    /// the lists a skill stored in its app group and the storage trust go from one to the other,
    /// and no skill document lands in a data root.
    @Test(.enabled(if: PostgresServer.binaries != nil, "no PostgreSQL installed (scripts/install-system-packages.sh installs it)"))
    func hostsOnOneDatabaseShareConversationsAndSkillsStorage() async throws {
        let database = try PostgresServer()
        defer { database.stop() }
        let folder = try Self.folder()
        let first = try await RunningServer(folder: folder, arguments: ["--database", database.url])
        let second = try await RunningServer(folder: folder, arguments: ["--database", database.url])
        let (id, turns) = try await first.talk(["open list o mat", "create a list called camping", "add a tent to the camping list"])
        #expect(turns[2]["speech"]?.string?.contains("tent") == true, "\(turns[2])")
        let next = try second.json(try await second.post("/v1/conversations/\(id)/turns", #"{"text":"what's on the camping list"}"#))
        #expect(next["speech"]?.string?.contains("tent") == true, "the other host reads the list from the database: \(next)")
        // A new conversation on the second host, for another user, reads the same app group.
        let (_, fresh) = try await second.talk(["open list o mat", "what's on the camping list"])
        #expect(fresh[1]["speech"]?.string?.contains("tent") == true, "\(fresh[1])")
        #expect(await first.stop() == 0)
        #expect(await second.stop() == 0)
        for data in [first.data, second.data] {
            // The machine's own service configuration (services-tls/, services-s3.json) aside.
            let stored = ((try? FileManager.default.subpathsOfDirectory(atPath: data)) ?? []).filter { !$0.hasPrefix("services-") }
            #expect(!stored.contains { $0.hasSuffix(".json") }, "documents kept in \(data): \(stored)")
        }
        // What they stored, read from outside as with the file store.
        let skillhost = "\(TestSupport.productsFolder)/skillhost"
        let lists = try TestSupport.run(skillhost, ["storage", "get", "group.com.app-o-mat.ListOMat", "lists", "--database", database.url])
        #expect(lists.status == 0 && lists.output.contains("tent"), "\(lists.output)")
        let trust = try TestSupport.run(skillhost, ["trust", "list", "--database", database.url])
        #expect(trust.output.contains("group.com.app-o-mat.ListOMat  com.app-o-mat.listomat"), "\(trust.output)")
        let missing = try TestSupport.run(skillhost, ["storage", "get", "group.com.app-o-mat.ListOMat", "nothing", "--database", database.url])
        #expect(missing.status == 1 && missing.output.contains("no document 'nothing' in app group group.com.app-o-mat.ListOMat (database postgres://skillhost@127.0.0.1:\(database.port)/postgres)"), "\(missing.output)")
    }
}

/// A server started with `SKILLHOST_EXIT_WITH_PARENT=1` whose parent is killed stops by itself
/// and takes its temporary folders along (the servers of a test run that crashed ran on).
@Suite struct OrphanedServerTests {
    /// Whether the process is gone (or a zombie nobody has reaped yet).
    static func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aServerWhoseParentIsKilledStopsAndCleansUp() async throws {
        let scratch = try TestSupport.temporaryFolder("orphan")
        let log = "\(scratch)/serve.log"
        // A shell as the parent: it starts the server, says its pid, and waits.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" serve --skills \"$1\" --data \"$2\" --port 0 --no-watch --server-log warning 2>\"$3\" & echo $!; wait",
                           "\(TestSupport.productsFolder)/skillhost", try TestSupport.folderWithProducts(["HelloWorld"]), "\(scratch)/data", log]
        shell.environment = TestSupport.childEnvironment(["SKILLHOST_EXIT_WITH_PARENT": "1"])
        let output = TestSupport.pipe()
        shell.standardOutput = output
        try shell.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let server = try #require(Int32(line.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid from the shell: \(line)")
        defer { if !Self.isGone(server) { kill(server, SIGKILL) } }
        let deadline = Date().addingTimeInterval(180 * TestSupport.patience)
        while Date() < deadline, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("listening on") { try await Task.sleep(for: .milliseconds(100)) }
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let shadows = { (try? FileManager.default.contentsOfDirectory(atPath: base))?.filter { $0.hasPrefix("skillhost-shadow-\(server)-") } ?? [] }
        #expect(!shadows().isEmpty, "the server loads its skills from shadow copies")

        // Not waited for: Foundation sees the shell end only once every process holding its
        // descriptors has, the server among them.
        kill(shell.processIdentifier, SIGKILL)
        let stopBy = Date().addingTimeInterval(30 * TestSupport.patience)
        while Date() < stopBy, !Self.isGone(server) { try await Task.sleep(for: .milliseconds(100)) }
        #expect(Self.isGone(server), "the orphaned server still runs")
        #expect(shadows().isEmpty, "its shadow copies are left: \(shadows())")
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("ended; stopping"))
    }
}
