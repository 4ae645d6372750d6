import ArgumentParser
import Foundation
import Logging
import PostgresStore
import SkillHost
import SkillServer

/// `skillhost serve`: the loaded skills as a network service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the loaded skills over HTTP: a conversation API for text front ends, an Alexa endpoint and the console.",
        discussion: """
            POST /v1/conversations starts a conversation ({"userId", "deviceId"} optional) and \
            answers {"id"}; POST /v1/conversations/ID/turns with {"text": "..."} answers the turn \
            with the keys of the REPL's --json; GET /v1/conversations/ID gives its turns; DELETE \
            ends it. POST /alexa takes an Alexa request envelope for the skill whose manifest lists \
            its application id in alexaSkillIds (or POST /alexa/SKILL, by id or name) and answers the \
            skill's response envelope. GET /healthz and GET /readyz for health checks. GET / is the \
            console, a page to talk to the skills and see inside each turn (skillhost console opens \
            it). SIGTERM or SIGINT stops it after the turns under way.
            """
    )

    @OptionGroup var host: HostOptionGroup

    @Option(help: "The address to listen on; 0.0.0.0 for every interface.")
    var hostname = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one, printed at start.")
    var port = 8080

    @Option(name: .customLong("body-limit"), help: ArgumentHelp("Request bodies over this many bytes are refused (413).", valueName: "BYTES"))
    var bodyLimit = 1 << 20

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a connection that has no request under way (none begun, or a header not finished) for this long.", valueName: "SECONDS"))
    var idleTimeout: Double = 75

    @Option(name: .customLong("read-timeout"), help: ArgumentHelp("A request not whole this long after its header gets 408 and its connection is closed.", valueName: "SECONDS"))
    var readTimeout: Double = 10

    @Option(name: .customLong("server-log"), help: ArgumentHelp("What the server logs to standard error: trace, debug, info (a line per turn), notice, warning, error.", valueName: "LEVEL"))
    var serverLog = "info"

    @Flag(help: "Accept Alexa requests without checking Amazon's signature (local development only: anyone who can reach /alexa can then call the skills as any user).")
    var noVerify = false

    @Option(name: .customLong("console-token"), help: ArgumentHelp("What the console (or any client) must send as Authorization: Bearer TOKEN to reload skills when the server listens on more than loopback; without it, that is refused there. Default: $SKILLHOST_CONSOLE_TOKEN.", valueName: "TOKEN"))
    var consoleToken: String?

    @Option(name: .customLong("alexa-roots"), help: ArgumentHelp("A PEM file of the roots an Alexa request's certificate chain must lead to. Default: the system's (/etc/ssl/certs).", valueName: "FILE"))
    var alexaRoots: String?

    func validate() throws {
        guard Logger.Level(rawValue: serverLog) != nil else {
            throw ValidationError("--server-log must be one of trace, debug, info, notice, warning, error, critical")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard idleTimeout > 0, idleTimeout <= 86400 else { throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds") }
        guard readTimeout > 0, readTimeout <= 3600 else { throw ValidationError("--read-timeout must be more than 0 and at most 3600 seconds") }
    }

    func run() async throws {
        try await serve { _ in }
    }

    /// Serves until SIGTERM or SIGINT; `listening` hears the address the server is at.
    func serve(listening: @escaping @Sendable (String) -> Void) async throws {
        ParentWatch.start()
        let stderr = FileDescriptorSink.standardError
        LoggingSystem.bootstrap { label in
            var handler = ServerLogHandler(label: label)
            handler.logLevel = .trace
            return handler
        }
        ServerMetrics.bootstrap()
        var options = host.hostOptions(diagnostics: stderr, color: false)
        let report = options.events
        let events = ServerEvents()
        options.events = { event in
            ServerMetrics.record(event)
            events.publish(event)
            report(event)
        }
        // With a database, conversations, skills' containers, app groups and the trust record are
        // all kept there, so every host on it serves the same users' data.
        let store: PostgresStore?
        do { store = try host.data.openDatabase() } catch { throw ValidationError("cannot start: \(error)") }
        defer { store?.shutdown() }
        options.documents = store.map(PostgresBackend.init)
        let (engine, services) = try await host.startHost(options)
        defer { services.cancel() }
        // An alert that fires is logged and told to the console and every client following
        // GET /v1/events, as the skill that set it.
        let skillNames = Dictionary(await engine.registry.entries.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let firing = engine.services?.fireAlerts { firing in
            let late = firing.late ? " (late: no host ran when it was due)" : ""
            stderr.write("\(firing.kind) from \(firing.skillID) for \(firing.userID): \(firing.text)\(late)\n")
            events.publish(firing, name: skillNames[firing.skillID] ?? firing.skillID.rawValue)
        }
        defer { firing?.cancel() }
        for refusal in engine.refusals { stderr.write("refused: \(refusal)\n") }
        if !host.noWatch { await engine.startWatching() }
        let names = await engine.registry.entries.map(\.name).joined(separator: ", ")
        let verifier: AlexaRequestVerifier?
        if noVerify {
            verifier = nil
            stderr.write("skillhost serve: --no-verify: Alexa requests are NOT checked; anyone who can reach /alexa can call the skills as any user\n")
        } else if let alexaRoots {
            do { verifier = try AlexaRequestVerifier(rootsFile: alexaRoots) } catch { throw ValidationError("--alexa-roots \(error.reason)") }
        } else {
            verifier = .system()
        }
        let server = try SkillServer(host: engine, options: ServerOptions(
                hostname: hostname, port: port, bodyLimit: bodyLimit, idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
                readTimeout: .milliseconds(Int64(readTimeout * 1000)), logLevel: Logger.Level(rawValue: serverLog) ?? .info,
                consoleToken: consoleToken ?? ProcessInfo.processInfo.environment["SKILLHOST_CONSOLE_TOKEN"]), verifier: verifier, database: store, events: events)
        try await server.run { address, port in
            stderr.write("skillhost serve: listening on http://\(address):\(port) with \(names.isEmpty ? "no skills" : names)\n")
            listening("http://\(address.contains(":") ? "[\(address)]" : address):\(port)/")
        }
        await engine.shutdown()
    }
}

/// `skillhost console`: `skillhost serve`, and the console's page opened in a browser.
struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Serve the loaded skills and open the console: a page to talk to them and see inside each turn.",
        discussion: "The same server and options as skillhost serve; the page is at its address (http://127.0.0.1:8080/ by default), opened with xdg-open where there is one."
    )

    @OptionGroup var server: ServeCommand

    func run() async throws {
        try await server.serve { address in
            let stderr = FileDescriptorSink.standardError
            guard let opener = Self.opener() else {
                stderr.write("skillhost console: open \(address) in a browser\n")
                return
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [address]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                stderr.write("skillhost console: \(address) opened in your browser\n")
            } catch {
                stderr.write("skillhost console: open \(address) in a browser (xdg-open failed: \(error))\n")
            }
        }
    }

    /// xdg-open on the PATH, where there is a display to open a browser on.
    static func opener() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return nil }
        return (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/xdg-open" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
