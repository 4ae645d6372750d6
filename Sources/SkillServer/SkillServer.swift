import Foundation
import Loader
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PostgresStore
import Prometheus
import ServiceLifecycle
import SkillHost
import Voice
import SkillModel
import Storage

/// Where and how `skillhost serve` listens.
public struct ServerOptions: Sendable {
    public var hostname: String
    /// 0 picks a free port (reported through `onListening`).
    public var port: Int
    /// Request bodies larger than this are refused with 413.
    public var bodyLimit: Int
    /// A connection with no request under way is closed after this long (a client that opens
    /// one and says nothing, or sends its header a byte at a time, holds nothing for longer).
    /// Longer than a proxy's own keep-alive (nginx's is 60 s), so the proxy closes first.
    public var idleTimeout: Duration
    /// A request must have arrived whole this long after its header, or it gets 408 and the
    /// connection is closed: a client trickling a body ties up nothing for longer. (A body that
    /// stops altogether is also cut by `idleTimeout` after its last byte, without a 408, when
    /// that comes first.)
    public var readTimeout: Duration
    public var logLevel: Logger.Level
    /// What a request that changes the running host (a reload from the console) must present
    /// as `Authorization: Bearer …` when the server listens on more than loopback. Without it
    /// such requests are refused there.
    public var consoleToken: String?

    public init(hostname: String = "127.0.0.1", port: Int = 8080, bodyLimit: Int = 1 << 20, idleTimeout: Duration = .seconds(75), readTimeout: Duration = .seconds(10), logLevel: Logger.Level = .info, consoleToken: String? = nil) {
        self.hostname = hostname
        self.port = port
        self.bodyLimit = bodyLimit
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.logLevel = logLevel
        self.consoleToken = consoleToken
    }

    /// Whether only this machine can reach the server.
    public var isLoopback: Bool { ["127.0.0.1", "localhost", "::1"].contains(hostname) || hostname.hasPrefix("127.") }
}

/// Skills as a network service: the conversation API for text front ends (the host's NLU,
/// router and dialog model, as at the REPL), the Alexa endpoint for requests a device's
/// service already understood, and the health checks a deployment needs. Built on
/// Hummingbird; SIGTERM and SIGINT stop it gracefully (turns under way finish).
///
/// | route | |
/// |---|---|
/// | `POST /v1/conversations` | `{"userId"?, "deviceId"?}` → 201 `{"id"}` |
/// | `POST /v1/conversations/{id}/turns` | `{"text"}` → the turn, with the keys of `--json` |
/// | `POST /v1/conversations/{id}/speech` | a WAV recording → the turn it was heard as, with `heard` |
/// | `POST /v1/speech` | `{"ssml"}` or `{"text"}` → it spoken, `audio/wav` |
/// | `GET /v1/conversations/{id}` | its last turns and the skill in session |
/// | `DELETE /v1/conversations/{id}` | ends it (SessionEndedRequest to the skill in session) |
/// | `POST /alexa`, `POST /alexa/{skill}` | an Alexa request envelope → the skill's response envelope |
/// | `GET /healthz`, `GET /readyz` | alive; ready to serve |
public struct SkillServer: Sendable {
    let host: HostEngine
    let options: ServerOptions
    /// Checks that Alexa requests come from Amazon; nil accepts any (`--no-verify`).
    let verifier: AlexaRequestVerifier?
    let conversations: ConversationTable
    let logger: Logger

    /// Where conversations are kept when not in the data root's files.
    let database: PostgresStore?
    /// What happens to the skills, for `GET /v1/events`.
    let events: ServerEvents
    /// Each conversation's turns as they are taken here, for `GET /v1/conversations/{id}/events`.
    let feed = ConversationFeed()
    /// Speech in for `POST /v1/conversations/{id}/speech`: built from the loaded skills the
    /// first time it is asked for, and again when they change.
    let ear: HostEar

    /// - Parameter database: keeps conversations (and is checked by `/readyz`), its schema
    ///   migrated already (`PostgresStore.migrate()`); nil keeps them in the data root's files.
    /// - Throws: `StorageError` when the data root's store for conversations cannot be opened.
    /// - Parameter events: where the host's events are published (its `HostOptions.events`
    ///   hands them to `ServerEvents.publish`); the console follows them.
    public init(host: HostEngine, options: ServerOptions, verifier: AlexaRequestVerifier?, database: PostgresStore? = nil, events: ServerEvents = ServerEvents()) throws {
        self.host = host
        self.events = events
        self.options = options
        self.verifier = verifier
        self.database = database
        ear = HostEar(host: host)
        if let database {
            conversations = ConversationTable(
                container: database.container(ConversationTable.containerName, in: .host),
                locks: DatabaseTurnLocks(locks: AdvisoryLocks(store: database, space: "skillhost.conversations")))
        } else {
            conversations = ConversationTable(
                container: try DocumentStore(root: host.dataRoot + "/host").container(ConversationTable.containerName),
                locks: try FileTurnLocks(folder: host.dataRoot + "/host/locks/conversations"))
        }
        var logger = Logger(label: "skillhost.serve")
        logger.logLevel = options.logLevel
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT (or the task is cancelled); `onListening` hears the
    /// address once the socket is bound.
    public func run(onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        let app = Application(
            router: router(),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [
                    RequestReadDeadline(timeout: TimeAmount(options.readTimeout)),
                    // Keeps the connection's idle timeout too: it sees every request.
                    AlexaFastPath(server: self, bodyLimit: options.bodyLimit, idleTimeout: TimeAmount(options.idleTimeout)),
                ])),
            configuration: .init(address: .hostname(options.hostname, port: options.port), serverName: "skillhost"),
            onServerRunning: { channel in
                let address = channel.localAddress
                onListening(address?.ipAddress ?? options.hostname, address?.port ?? options.port)
            },
            logger: logger
        )
        try await app.runService()
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        // First: middleware wraps the routes added after it.
        router.middlewares.add(MetricsMiddleware())
        router.middlewares.add(APIErrorMiddleware())
        router.get("healthz") { _, _ in Self.json(["status": "ok"]) }
        router.get("readyz") { _, _ in
            let skills = await host.registry.entries.count
            if let database {
                do throws(StorageError) { try await database.ping() } catch {
                    return Self.json(["status": "waiting for the database", "error": .string(error.message)], status: .serviceUnavailable)
                }
            }
            return Self.json(["status": "ready", "skills": .number(JSONNumber(skills))])
        }

        router.post("v1/conversations") { request, context in
            let body = try await readJSON(request, allowEmpty: true)
            let user = body["userId"]?.string, device = body["deviceId"]?.string
            let id = try await stored { try await conversations.add(host.newConversation(userID: user, deviceID: device)) }
            return Self.json(["id": .string(id)], status: .created)
        }
        router.post("v1/conversations/:id/turns") { request, context in
            let id = try context.parameters.require("id")
            let body = try await readJSON(request)
            guard let text = body["text"]?.string else { throw APIError(.badRequest, "the body needs \"text\": the user's utterance") }
            // ?inspect=true: the answer also carries what :debug shows (the console's view).
            return try await converse(id, inspecting: Self.inspecting(request)) { conversation, inspecting in
                await host.turn(text, in: conversation, inspecting: inspecting)
            }
        }
        router.post("v1/conversations/:id/speech") { request, context in
            let id = try context.parameters.require("id")
            let audio: AudioInput
            do { audio = try AudioInput.decode(Data(try await readBody(request)), name: "the body") } catch let error as AudioInput.Failure {
                throw APIError(.unsupportedMediaType, error.description)
            }
            return try await converse(id, inspecting: Self.inspecting(request)) { conversation, inspecting in
                let heard: [String]
                let start = ContinuousClock.now
                do { heard = try await hear(audio.samples, awaiting: HostEngine.awaitedAnswer(in: conversation)) } catch {
                    var result = await host.turn(hearing: [], in: conversation).0
                    result.error = "cannot listen: \(error)"
                    return (result, conversation)
                }
                let hearing = ContinuousClock.now - start
                guard !heard.isEmpty else { return nil }
                var (result, after) = await host.turn(hearing: heard, in: conversation, inspecting: inspecting)
                result.hearingDuration = hearing
                return (result, after)
            }
        }
        router.post("v1/speech") { request, _ in
            let body = try await readJSON(request)
            guard let ssml = body["ssml"]?.string ?? body["text"]?.string.map(SSML.escape) else {
                throw APIError(.badRequest, "the body needs \"ssml\" (a response's outputSpeech) or \"text\"")
            }
            let voice = SpeechSynthesizer.Voice(name: body["voice"]?.string ?? SpeechSynthesizer.Voice.defaultName, rate: body["rate"]?.number.flatMap { Int($0.literal) } ?? 175)
            let bytes = try await Self.offTheLoop { () throws -> [UInt8] in
                let synthesizer = try SpeechSynthesizer()
                return WAVFile(samples: try synthesizer.samples(ssml, voice: voice), sampleRate: synthesizer.sampleRate).bytes
            }
            return Response(status: .ok, headers: [.contentType: "audio/wav"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        router.get("v1/conversations/:id/events") { request, context in
            let id = try context.parameters.require("id")
            let after = request.headers[Self.lastEventIDField].flatMap { Int($0) } ?? request.uri.queryParameters["after"].flatMap { Int($0) } ?? 0
            // Followed before the stored turns are read, so no turn falls between the two.
            let live = feed.follow(id)
            guard let entry = try await stored({ try await conversations.entry(id) }) else { throw APIError(.notFound, "no conversation \(id)") }
            return conversationStream(entry.numberedTurns.filter { $0.number > after }, live: live, after: after)
        }
        router.get("v1/conversations/:id") { _, context in
            let id = try context.parameters.require("id")
            guard let entry = try await stored({ try await conversations.entry(id) }) else { throw APIError(.notFound, "no conversation \(id)") }
            return Self.json([
                "id": .string(id),
                "skill": entry.conversation.sessionOwner.map { .string($0.rawValue) } ?? .null,
                "turns": .array(entry.turns),
                "count": .number(JSONNumber(entry.count)),
            ])
        }
        router.delete("v1/conversations/:id") { _, context in
            let id = try context.parameters.require("id")
            let leased = try await checkOut(id)
            let (result, _) = await host.end(leased.entry.conversation)
            try await stored { try await conversations.remove(id) }
            feed.publish(id, .ended)
            return Self.json(["id": .string(id), "ended": result.skillID.map { .string($0.rawValue) } ?? .null, "error": result.error.map(JSONValue.string) ?? .null])
        }

        router.get("v1/skills") { _, _ in await skillsJSON() }
        router.post("v1/skills/:skill/reload") { request, context in
            try authorizeChange(request, "reload a skill")
            let skill = try Self.pathParameter("skill", in: context)
            guard await !host.registry.entries(named: skill).isEmpty else { throw APIError(.notFound, "no skill \(skill); loaded: \(loadedNames())") }
            let happened = await host.reload(skill: skill)
            return Self.json(["events": .array(happened.map(ServerEvents.json))])
        }
        router.get("v1/skills/:skill/model") { _, context in
            let skill = try Self.pathParameter("skill", in: context)
            guard let view = await host.modelView(of: skill) else { throw APIError(.notFound, "no skill \(skill); loaded: \(loadedNames())") }
            return Self.json(view)
        }
        router.post("v1/parse") { request, _ in
            let body = try await readJSON(request)
            guard let text = body["text"]?.string else { throw APIError(.badRequest, "the body needs \"text\": a sentence to read") }
            switch await host.understand(text) {
            case .success(let understood): return Self.json(understood)
            case .failure(let refusal): throw APIError(.badRequest, refusal.message)
            }
        }
        router.post("v1/replay") { request, _ in
            let body = try await readJSON(request)
            guard let text = body["transcript"]?.string else { throw APIError(.badRequest, "the body needs \"transcript\": a transcript's text (skillhost replay's format)") }
            let transcript: Transcript
            do { transcript = try Transcript(parsing: text) } catch { throw APIError(.badRequest, "not a transcript: \(error)") }
            guard !transcript.turns.isEmpty else { throw APIError(.badRequest, "the transcript has no \"you>\" line") }
            // A user of its own: what the transcript stores is not mixed with anyone's data.
            let conversation = host.newConversation(userID: "amzn1.ask.account.skillhost-replay-\(UUID().uuidString.lowercased())")
            let checked = await TranscriptReplay.check(transcript, on: host, in: conversation)
            let turns: [JSONValue] = checked.map { turn in
                [
                    "line": .number(JSONNumber(turn.line)),
                    "utterance": .string(turn.utterance),
                    "expected": .string(turn.expected),
                    "actual": .string(turn.actual),
                    "differences": .array(turn.differences.map(JSONValue.string)),
                ]
            }
            return Self.json(["turns": .array(turns), "failed": .number(JSONNumber(checked.filter { !$0.differences.isEmpty }.count))])
        }
        router.get("v1/events") { request, _ in
            let lastSeen = request.headers[Self.lastEventIDField] ?? request.uri.queryParameters["after"].map(String.init)
            return eventStream(after: lastSeen.map(events.number(after:)))
        }
        addStorageRoutes(to: router)
        Console.add(to: router)

        router.get("metrics") { _, _ in
            // Counted when scraped: listing every conversation on each request would grow with them.
            ServerMetrics.conversations(try await stored { try await conversations.count() })
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.registry.emitToBuffer())))
        }
        router.post("alexa") { request, _ in try await alexa(request, skill: nil) }
        router.post("alexa/:skill") { request, context in
            try await alexa(request, skill: try Self.pathParameter("skill", in: context))
        }
        return router
    }

    /// Whether `?inspect=true` asks for what :debug shows of the turn.
    static func inspecting(_ request: Request) -> Bool {
        request.uri.queryParameters["inspect"].map { $0 == "true" || $0 == "1" } ?? false
    }

    /// One turn of conversation `id`: checked out, taken by `take` (nil: nothing to take, the
    /// conversation is left as it was and the answer says nothing was heard), checked in,
    /// logged, published to whoever follows the conversation.
    private func converse(_ id: String, inspecting: Bool, take: (Conversation, Bool) async -> (TurnResult, Conversation)?) async throws -> Response {
        let start = ContinuousClock.now
        let leased = try await checkOut(id)
        let checkedOut = ContinuousClock.now
        guard let (result, after) = await take(leased.entry.conversation, inspecting) else {
            _ = try await stored { try await conversations.checkIn(id, leased, leased.entry.conversation, turn: nil) }
            return Self.json(["heard": []])
        }
        let answered = ContinuousClock.now
        let turn = result.jsonValue
        let number = try await stored { try await conversations.checkIn(id, leased, after, turn: turn) }
        if number == nil { logger.warning("turn not kept: the conversation's lock was lost with the database's connection and another turn took it", metadata: ["conversation": "\(id)"]) }
        logTurn(id, result, since: start)
        let total = ContinuousClock.now - start
        ServerMetrics.turn(result, total: total)
        var answer = turn
        if inspecting, case .object(var object) = turn, case .object(var inspection) = result.inspectionJSON {
            inspection["totalMs"] = .number(JSONNumber(Self.milliseconds(total)))
            // Reading and writing the conversation's stored form: the rest of the turn.
            inspection["storeMs"] = .number(JSONNumber(Self.milliseconds(total - (answered - checkedOut))))
            inspection["number"] = number.map { .number(JSONNumber($0)) } ?? .null
            if !result.heard.isEmpty { inspection["hearMs"] = .number(JSONNumber(Self.milliseconds(result.hearingDuration))) }
            object["inspect"] = .object(inspection)
            answer = .object(object)
        }
        if let number { feed.publish(id, .turn(number, answer)) }
        return Self.json(answer)
    }

    /// Speech heard with the ear the loaded skills make (one decoder: requests take turns at
    /// it), off the event loop; the hypotheses of what was said, or none.
    func hear(_ samples: [Int16], awaiting: AwaitedAnswer?) async throws -> [String] {
        let ear = self.ear
        return try await Self.offTheLoop {
            let (recognizer, search) = try ear.listening(for: awaiting)
            return recognizer.hear(samples, search: search)
        }
    }

    /// CPU-bound work on a thread of Dispatch's, not the connection's event loop.
    static func offTheLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs a store operation; a failure is 503 with what failed (the disk full, the store
    /// unreadable), and nothing half-written.
    func stored<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as StorageError {
            logger.error("conversation store", metadata: ["error": "\(error.message)"])
            throw APIError(.serviceUnavailable, "the conversation store failed: \(error.message)")
        }
    }

    private func checkOut(_ id: String) async throws -> ConversationTable.Leased {
        switch try await stored({ try await conversations.checkOut(id) }) {
        case .ready(let leased): return leased
        case .unknown: throw APIError(.notFound, "no conversation \(id); POST /v1/conversations starts one")
        case .busy: throw APIError(.conflict, "a turn of conversation \(id) is under way; send the next when it has been answered")
        }
    }

    /// An Alexa request that reached the router (one that came on a connection while a request
    /// the router has was unanswered; `AlexaFastPath` takes the others): answered the same way.
    private func alexa(_ request: Request, skill name: String?) async throws -> Response {
        let bytes = try await readBody(request)
        let certificateURL = request.headers[Self.certificateURLField], signature = request.headers[Self.signatureField]
        let answer = await withCheckedContinuation { continuation in
            answerAlexa(bytes, certificateURL: certificateURL, signature: signature, skill: name) { continuation.resume(returning: $0) }
        }
        return Response(status: answer.status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    static let certificateURLField = HTTPField.Name("SignatureCertChainUrl")!
    static let signatureField = HTTPField.Name("Signature-256")!

    /// Every loaded skill, and the libraries refused at start with the reason.
    private func skillsJSON() async -> Response {
        let entries = await host.registry.entries
        let skills: [JSONValue] = entries.map { entry in
            let skill = entry.skill
            return [
                "id": .string(entry.id.rawValue),
                "name": .string(entry.name),
                "version": skill is ModelStandIn ? .null : .string(skill.manifest.version),
                "generation": .number(JSONNumber(skill.generation)),
                "origin": .string(entry.origin),
                "library": .string(skill.path),
                "isolated": .bool(skill.isIsolated),
                "endpoint": (skill as? RemoteSkill).map { .string($0.endpoint.absoluteString) } ?? .null,
                "permissions": .array(skill.manifest.permissions.map(JSONValue.string)),
                "invocationNames": .array(skill.invocationNames.map(JSONValue.string)),
                "intents": .array(skill.model.intents.map { .string($0.name.rawValue) }),
            ]
        }
        let refused: [JSONValue] = host.refusals.map { ["path": .string($0.path), "reason": .string("\($0)")] }
        return Self.json(["skills": .array(skills), "refused": .array(refused)])
    }

    static let lastEventIDField = HTTPField.Name("Last-Event-ID")!

    /// A request that changes the running host is let through where only this machine can
    /// reach the server, or with the console's token.
    func authorizeChange(_ request: Request, _ what: String) throws {
        if let refusal = Self.refusal(toChange: what, options: options, authorization: request.headers[.authorization]) {
            throw APIError(.forbidden, refusal)
        }
    }

    /// Why a request that changes the running host is refused, or nil when it may go ahead.
    static func refusal(toChange what: String, options: ServerOptions, authorization: String?) -> String? {
        if options.isLoopback { return nil }
        guard let token = options.consoleToken else {
            return "cannot \(what): the server listens on \(options.hostname), not loopback, and was started without --console-token"
        }
        guard authorization == "Bearer \(token)" else {
            return "cannot \(what): the server listens on \(options.hostname); send Authorization: Bearer and the --console-token it was started with"
        }
        return nil
    }

    /// The host's events as server-sent events: those after `after` still kept, then each as it
    /// happens, with a comment every 15 s so that idle connections stay open. Ends when the
    /// client goes or the server stops.
    private func eventStream(after: Int?) -> Response {
        let subscription = events.subscribe(after: after)
        return Self.serverSentEvents { output in
            for await event in subscription { output.yield(Self.event("host", id: events.id(event), event.json)) }
        }
    }

    /// A conversation's turns as server-sent events (`turn`, numbered), the stored ones after
    /// `after` first, then each one this server takes; `ended` when it is ended, and the stream
    /// with it.
    private func conversationStream(_ stored: [(number: Int, turn: JSONValue)], live: AsyncStream<ConversationFeed.Item>, after: Int) -> Response {
        Self.serverSentEvents { output in
            var last = after
            for (number, turn) in stored {
                output.yield(Self.event("turn", id: String(number), turn))
                last = number
            }
            for await item in live {
                switch item {
                case .turn(let number, let turn) where number > last:
                    output.yield(Self.event("turn", id: String(number), turn))
                    last = number
                case .turn: continue
                case .ended: output.yield(Self.event("ended", id: nil, [:]))
                }
            }
        }
    }

    /// One server-sent event: its id (when it has one), its name and its data, one JSON line.
    private static func event(_ name: String, id: String?, _ data: JSONValue) -> String {
        (id.map { "id: \($0)\n" } ?? "") + "event: \(name)\ndata: \(JSONWriter.string(data))\n\n"
    }

    /// A stream of server-sent events: what `produce` yields, with a comment every 15 s so that
    /// idle connections stay open, until `produce` returns, the client goes or the server stops.
    private static func serverSentEvents(_ produce: @escaping @Sendable (AsyncStream<String>.Continuation) async -> Void) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: .init { writer in
                let (chunks, output) = AsyncStream.makeStream(of: String.self)
                let forward = Task {
                    await produce(output)
                    output.finish()
                }
                let heartbeat = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(15))
                        output.yield(": still here\n\n")
                    }
                }
                defer {
                    forward.cancel()
                    heartbeat.cancel()
                }
                // A client that lost its connection is back within a second, with Last-Event-ID.
                try await writer.write(ByteBuffer(string: "retry: 1000\n: skillhost events\n\n"))
                for await chunk in chunks.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: chunk))
                }
                try await writer.finish(nil)
            })
    }

    /// The loaded skills' ids, for a 404 that says what there is.
    func loadedNames() -> String {
        host.currentRegistry.entries.map(\.id.rawValue).sorted().joined(separator: ", ")
    }

    private func readBody(_ request: Request) async throws -> [UInt8] {
        do {
            return try await request.body.bytes(upTo: options.bodyLimit)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            // HTTPError, or NIO's NIOTooManyBytesError from collecting a body past the limit
            // (which Hummingbird would answer with an empty body).
            throw APIError(.contentTooLarge, "the body is over the limit of \(options.bodyLimit) bytes")
        }
    }

    func readJSON(_ request: Request, allowEmpty: Bool = false) async throws -> JSONValue {
        let bytes = try await readBody(request)
        if allowEmpty, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        do {
            let value = try JSONParser.parse(bytes)
            guard value.object != nil else { throw APIError(.badRequest, "the body must be a JSON object") }
            return value
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.badRequest, "the body is not JSON: \(error)")
        }
    }

    /// One structured line per turn.
    private func logTurn(_ id: String, _ result: TurnResult, since start: ContinuousClock.Instant) {
        var metadata: Logger.Metadata = [
            "conversation": "\(id)",
            "skill": "\(result.skillID?.rawValue ?? "-")",
            "intent": "\(result.intent?.rawValue ?? "-")",
            "ms": "\(Self.milliseconds(since: start))",
        ]
        if let error = result.error {
            metadata["error"] = "\(error)"
            logger.warning("turn", metadata: metadata)
        } else {
            logger.info("turn", metadata: metadata)
        }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> String {
        String(format: "%.3f", milliseconds(ContinuousClock.now - start))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// A path parameter, percent-decoded (a skill's name with spaces, a document's key).
    static func pathParameter<Context: RequestContext>(_ name: String, in context: Context) throws -> String {
        let text = try context.parameters.require(name)
        // Foundation's decoding is slow even with nothing to decode.
        return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    /// `value` as the body. A 503 (the database away) or a 409 (a turn under way) says when to
    /// try again: `Retry-After: 1`.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if status == .serviceUnavailable || status == .conflict { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(value))))
    }
}

/// A refusal the API answers with its status and `{"error": message}`.
struct APIError: Error {
    let status: HTTPResponse.Status
    let message: String
    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// Turns `APIError`s (and Hummingbird's own, such as an unknown route) into JSON answers.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return SkillServer.json(["error": .string(error.message)], status: error.status)
        } catch let error as HTTPError {
            let message = error.body ?? (error.status == .notFound ? "no route \(request.method) \(request.uri.path)" : error.status.reasonPhrase)
            return SkillServer.json(["error": .string(message)], status: error.status)
        }
    }
}
