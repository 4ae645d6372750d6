import CSkillABI
import Foundation
import Glibc
import SkillModel

/// Which skills run in runner processes, and how to start one: `<executable> runner <library>`.
public struct RunnerConfiguration: Sendable {
    public var executable: String
    /// The skills to isolate, by library or source folder name ("HelloWorld" for
    /// libHelloWorld.so or Skills/HelloWorld), case-insensitively; nil isolates every skill.
    public var skills: Set<String>?
    /// How long a runner has to load its library and say hello.
    public var startDeadline: Duration
    /// The most memory a runner may take for its data (heap and anonymous mappings,
    /// `RLIMIT_DATA`); an allocation past it fails, which costs the turn and restarts the runner.
    public var memoryLimit: Int
    /// How much CPU a runner may use, in cores (0: no limit), where the host can give each
    /// runner a control group of its own (`RunnerGroup`); that group also holds the runner to
    /// `memoryLimit` for everything it maps.
    public var cpuLimit: Double

    /// A runner's memory unless told otherwise: ample for a skill, not for a runaway one.
    public static let defaultMemoryLimit = 1 << 30

    /// Whether this host can give each runner a control group of its own, for `cpuLimit`.
    public static var hasControlGroups: Bool { RunnerGroup.isAvailable }

    public init(executable: String, skills: Set<String>? = nil, startDeadline: Duration = .seconds(10), memoryLimit: Int = RunnerConfiguration.defaultMemoryLimit, cpuLimit: Double = 1) {
        self.executable = executable
        self.skills = skills.map { Set($0.map { $0.lowercased() }) }
        self.startDeadline = startDeadline
        self.memoryLimit = memoryLimit
        self.cpuLimit = cpuLimit
    }

    /// Whether the skill from `origin` (a library or a source folder) runs isolated.
    public func isolates(_ origin: String) -> Bool {
        guard let skills else { return true }
        var name = (origin as NSString).lastPathComponent
        if name.hasSuffix(".so") { name = String(name.dropLast(3)) }
        if name.hasPrefix("lib") { name = String(name.dropFirst(3)) }
        return skills.contains(name.lowercased()) || skills.contains((origin as NSString).lastPathComponent.lowercased())
    }
}

/// A skill generation running in a runner process of its own, spoken to over framed pipes
/// (`Frame`). A crash or a hang costs the turn under way: the turn fails with what happened,
/// and the next request starts a new runner from the same frozen copy of the library. The
/// runner's host services (log, storage, service API calls) come back over the pipe and are answered here, bound
/// to the identity the host checked, never to anything the runner claims.
///
/// A turn is one exchange on the calling thread: write the request, then read frames (answering
/// log, storage and service API frames) until the response, the runner's end, or the deadline.
/// No thread hop on the host's side; the calling thread waits while the runner works, at most
/// until the deadline. (A service API call is answered on a thread of the services' own, never
/// one a waiting exchange may hold.) Turns to one runner take turns.
public final class IsolatedSkill: SkillEndpoint, @unchecked Sendable {
    // @unchecked: the lets are immutable; everything that changes is inside `state`'s Mutex,
    // and a runner's pipes are used only by the exchange holding `exchange`.
    public let manifest: SkillManifest
    public let model: InteractionModel
    public let path: String
    public let generation: Int
    public var isIsolated: Bool { true }

    private let frozenCopy: String
    private let shadow: ShadowDirectory
    /// What its storage calls may reach, for the identity the host checked.
    private let grant: StorageGrant
    private let configuration: RunnerConfiguration
    private let logSink: SkillLogSink
    private let storage: SkillStorageHandler?
    private let api: SkillAPIHandler?
    private let state = Locked(State())
    /// Held for a whole exchange with the runner.
    private let exchange = PlainLock()

    private struct State {
        var runner: Runner?
        var retired = false
        var nextID: UInt64 = 1
        /// How many runners have been started (1 + restarts).
        var starts = 0
    }

    /// One runner process, and the pipes to it (whose descriptors the frame reader and
    /// writer use; they close when the runner is let go).
    final class Runner: @unchecked Sendable {
        // @unchecked: immutable after init; used by one exchange at a time.
        let process: RunnerProcess
        let writer: FrameWriter
        let reader: FrameReader
        init(process: RunnerProcess) {
            self.process = process
            writer = FrameWriter(descriptor: process.input)
            reader = FrameReader(descriptor: process.output, spin: IsolatedSkill.spin)
        }
    }

    /// How long a reader keeps looking for the next frame before it sleeps: an answer that
    /// comes within it is read at once instead of after a wake-up (a pipe round trip costs
    /// 35-53 µs here when both sides sleep, 1-3 µs when they look).
    static let spin: Duration = .microseconds(100)

    /// How many runner processes this generation has started.
    public var starts: Int { state.withLock { $0.starts } }

    /// The running runner's process id, if one is running.
    public var runnerProcessID: Int32? { state.withLock { $0.runner?.process.pid } }

    /// The control group folders the running runner is limited by (one per hierarchy), empty
    /// where the host can make none.
    public var runnerControlGroups: [String] { state.withLock { $0.runner?.process.group?.folders ?? [] } }

    /// Starts a runner for the library and checks what it loaded.
    /// - Parameters:
    ///   - loader: gives the generation number, checks trust, and holds the frozen copy.
    public static func launch(_ path: String, origin: String? = nil, loader: SkillLoader, configuration: RunnerConfiguration, logSink: @escaping SkillLogSink, storage: SkillStorageHandler?, api: SkillAPIHandler? = nil) throws(LoaderError) -> IsolatedSkill {
        // A runner that dies between turns must not take the host with it on the next write.
        signal(SIGPIPE, SIG_IGN)
        let bytes = try LibraryFile.read(path, trust: loader.trust)
        let stored = bytes.withUnsafeBytes { raw in
            Result { () throws(LoaderError) in try loader.shadow.store(raw, name: (path as NSString).lastPathComponent) }
        }
        let frozen = try stored.get()
        let (runner, hello): (Runner, [UInt8])
        do throws(LoaderError) {
            (runner, hello) = try start(frozen, displayPath: path, configuration: configuration)
        } catch {
            loader.shadow.discard(frozen)
            throw error
        }
        let fields: JSONValue
        do { fields = try JSONParser.parse(hello) } catch {
            runner.process.kill()
            loader.shadow.discard(frozen)
            throw LoaderError(.loadFailed, path: path, "the runner's hello is not JSON: \(error)")
        }
        let manifest: SkillManifest
        let model: InteractionModel
        do {
            manifest = try SkillManifest(parsing: fields["manifest"]?.string ?? "")
            model = try InteractionModel(parsing: fields["model"]?.string ?? "")
        } catch {
            runner.process.kill()
            loader.shadow.discard(frozen)
            throw LoaderError(.malformedManifest, path: path, "the runner sent a manifest or model that does not parse: \(error)")
        }
        let skill = IsolatedSkill(manifest: manifest, model: model, path: path, generation: loader.nextGeneration(of: manifest.id), frozenCopy: frozen, shadow: loader.shadow, origin: origin ?? path, configuration: configuration, logSink: logSink, storage: storage, api: api)
        skill.state.withLock {
            $0.runner = runner
            $0.starts = 1
        }
        skill.serveBetweenTurns(runner)
        return skill
    }

    private init(manifest: SkillManifest, model: InteractionModel, path: String, generation: Int, frozenCopy: String, shadow: ShadowDirectory, origin: String, configuration: RunnerConfiguration, logSink: @escaping SkillLogSink, storage: SkillStorageHandler?, api: SkillAPIHandler?) {
        self.manifest = manifest
        self.model = model
        self.path = path
        self.generation = generation
        self.frozenCopy = frozenCopy
        self.shadow = shadow
        grant = StorageGrant(skillID: manifest.id, generation: generation, appGroups: manifest.appGroups, library: origin)
        self.configuration = configuration
        self.logSink = logSink
        self.storage = storage
        self.api = api
    }

    /// Spawns a runner on `library` and waits for its hello.
    private static func start(_ library: String, displayPath: String, configuration: RunnerConfiguration) throws(LoaderError) -> (Runner, [UInt8]) {
        var environment = ProcessInfo.processInfo.environment
        // A crash is seen in ~2 ms without the backtracer, 25-43 ms with it (ARCHITECTURE.md).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment[SkillRunner.memoryLimitVariable] = String(configuration.memoryLimit)
        let group = RunnerGroup.make(cores: configuration.cpuLimit, memory: configuration.memoryLimit)
        environment[SkillRunner.groupVariable] = group?.environmentValue
        let process: RunnerProcess
        do {
            process = try RunnerProcess(executable: configuration.executable, arguments: ["runner", library], environment: environment, group: group)
        } catch {
            throw LoaderError(.loadFailed, path: displayPath, "cannot start the runner \(configuration.executable): \(error.reason)")
        }
        let runner = Runner(process: process)
        let first: Frame
        switch runner.reader.read(until: .now + configuration.startDeadline) {
        case .frame(let frame):
            first = frame
        case .timedOut:
            process.kill()
            throw LoaderError(.loadFailed, path: displayPath, "the runner did not finish loading the library within \(configuration.startDeadline)")
        case .end:
            throw LoaderError(.loadFailed, path: displayPath, "the runner \(process.waitForEnd(grace: .seconds(2))) while loading the library")
        case .malformed(let what):
            process.kill()
            throw LoaderError(.loadFailed, path: displayPath, "the runner sent \(what) while loading the library; it was stopped")
        }
        switch first.kind {
        case .hello:
            return (runner, first.payload)
        case .refused:
            _ = process.waitForEnd(grace: .seconds(2))
            let fields = try? JSONParser.parse(first.payload)
            let code = fields?["code"]?.string.flatMap(LoaderError.Code.init(rawValue:)) ?? .loadFailed
            throw LoaderError(code, path: displayPath, fields?["reason"]?.string ?? "refused by the runner")
        default:
            process.kill()
            throw LoaderError(.loadFailed, path: displayPath, "the runner spoke out of turn (frame \(first.kind))")
        }
    }

    /// The runner answering now, started again if the last one died.
    private func currentRunner() throws(SkillCallError) -> Runner {
        let (runner, retired) = state.withLock { ($0.runner, $0.retired) }
        if retired { throw SkillCallError(skillID: id, message: "generation \(generation) has been retired", isRetirement: true) }
        if let runner { return runner }
        do {
            let (runner, _) = try Self.start(frozenCopy, displayPath: path, configuration: configuration)
            state.withLock {
                $0.runner = runner
                $0.starts += 1
            }
            serveBetweenTurns(runner)
            return runner
        } catch {
            throw SkillCallError(skillID: id, message: "its runner could not start again: \(error.reason)")
        }
    }

    public func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8] {
        try exchange.withLock { () throws(SkillCallError) -> [UInt8] in
            // A generation retired while this turn was under way lets it finish, then stops.
            defer { if state.withLock({ $0.retired }) { stopRunner() } }
            return try exchangeTurn(request, deadline: deadline)
        }
    }

    /// Lets go of a runner that died or was stopped, and says what became of it. One that
    /// closed its end but lingers is stopped after a moment.
    private func lose(_ runner: Runner, stopping: Bool) -> String {
        if stopping { runner.process.kill() }
        let how = runner.process.waitForEnd(grace: .seconds(2))
        state.withLock { if $0.runner === runner { $0.runner = nil } }
        return how
    }

    private func exchangeTurn(_ request: [UInt8], deadline: Duration) throws(SkillCallError) -> [UInt8] {
        let runner = try currentRunner()
        let turn = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let due = ContinuousClock.now + deadline
        let calls = ServiceCalls()
        guard runner.writer.send(Frame(.request, id: turn, payload: request)) else {
            let how = lose(runner, stopping: false)
            throw SkillCallError(skillID: id, message: "its runner \(how) before the turn; it starts again for the next turn")
        }
        while true {
            let frame: Frame
            switch runner.reader.read(until: due) {
            case .frame(let read):
                frame = read
            case .timedOut:
                _ = lose(runner, stopping: true)
                throw SkillCallError(skillID: id, message: "did not answer before its deadline (\(deadline))\(calls.summary); its runner was stopped and starts again for the next turn")
            case .end:
                let how = lose(runner, stopping: false)
                throw SkillCallError(skillID: id, message: "its runner \(how); it starts again for the next turn")
            case .malformed(let what):
                _ = lose(runner, stopping: true)
                throw SkillCallError(skillID: id, message: "its runner sent \(what); it was stopped and starts again for the next turn")
            }
            switch frame.kind {
            case .response where frame.id == turn:
                guard frame.status == Int32(SH_STATUS_OK.rawValue) else {
                    throw SkillCallError(skillID: id, message: String(decoding: frame.payload, as: UTF8.self))
                }
                return frame.payload
            case .log, .storage, .api:
                serve(frame, from: runner, calls: calls)
            default:
                // A late answer to a turn that already failed, or a frame out of turn.
                continue
            }
        }
    }

    /// Answers a runner's log, storage or service API frame, for the identity the host checked;
    /// `calls` keeps count of the service API calls of the turn under way.
    private func serve(_ frame: Frame, from runner: Runner, calls: ServiceCalls? = nil) {
        switch frame.kind {
        case .log:
            let level = SkillLogRecord.Level(rawValue: min(max(frame.status, 0), 3)) ?? .info
            logSink(SkillLogRecord(skillID: id, generation: generation, level: level, message: String(decoding: frame.payload, as: UTF8.self)))
        case .storage:
            let (status, reply): (Int32, [UInt8])
            if let storage {
                (status, reply) = frame.payload.withUnsafeBufferPointer { storage(grant, $0) }
            } else {
                (status, reply) = (Int32(SH_STATUS_ERROR.rawValue), Array("this host offers no storage".utf8))
            }
            runner.writer.send(Frame(.storageReply, id: frame.id, status: status, payload: reply))
        case .api:
            // Answered when the call is done, from whichever thread does it: the writer is shared.
            guard let api else {
                runner.writer.send(Frame(.storageReply, id: frame.id, status: Int32(SH_STATUS_ERROR.rawValue), payload: Array("this host serves no service APIs".utf8)))
                return
            }
            let call = calls?.made(frame.payload)
            api(id, frame.payload) { status, reply in
                runner.writer.send(Frame(.storageReply, id: frame.id, status: status, payload: reply))
                if let call { calls?.answered(call) }
            }
        default:
            break
        }
    }

    /// Between turns, a thread per runner answers what the skill's own threads ask of the host
    /// (a log line, a storage call from a timer): otherwise they would wait for the next turn,
    /// perhaps for ever. It looks at the pipe without holding `exchange` and reads only while
    /// no turn does; it ends with its runner.
    private func serveBetweenTurns(_ runner: Runner) {
        Thread.detachNewThread { [weak self] in
            while let self, self.state.withLock({ $0.runner === runner && !$0.retired }) {
                // Bytes in the pipe, or a frame already read into the buffer by a turn (looked
                // for again every quarter second).
                _ = waitReadable(runner.process.output, timeout: .milliseconds(250))
                let ended = self.exchange.withLock { () -> Bool in
                    guard self.state.withLock({ $0.runner === runner }) else { return true }
                    while runner.reader.waitForData(timeout: .zero) {
                        switch runner.reader.read(until: .now + .seconds(1)) {
                        case .frame(let frame):
                            self.serve(frame, from: runner)
                        case .end, .malformed, .timedOut:
                            // Whatever it was, the runner is let go; the next turn starts another.
                            _ = self.lose(runner, stopping: true)
                            return true
                        }
                    }
                    return false
                }
                if ended { return }
            }
            // Retired while this thread held the exchange (so `retire` could not stop the
            // runner): it stops here.
            guard let self else { return }
            self.exchange.withLock {
                if self.state.withLock({ $0.retired && $0.runner === runner }) { self.stopRunner() }
            }
        }
    }

    /// This generation answers no more: its runner stops now, or, when a turn is under way,
    /// once that turn is answered (a reload mid-turn lets the turn finish; the host sends
    /// later ones to the new generation).
    public func retire() {
        state.withLock { $0.retired = true }
        _ = exchange.withLockIfAvailable { stopRunner() }
        shadow.retire(frozenCopy)
    }

    /// Kills the runner, if one runs, and reaps it (its control group goes with it). Called
    /// holding `exchange`.
    private func stopRunner() {
        let runner = state.withLock { state -> Runner? in
            defer { state.runner = nil }
            return state.runner
        }
        runner?.process.kill()
        _ = runner?.process.waitForEnd(grace: .seconds(2))
    }
}

/// The service API calls a runner made during one turn, so that a turn that misses its deadline
/// says whether the skill was still waiting for the host's answer to one of them.
private final class ServiceCalls: Sendable {
    private struct State {
        var made = 0
        var waiting: [Int: String] = [:]
    }

    private let state = Locked(State())

    /// Counts a call (a `call_api` request's bytes); its number, for `answered`.
    func made(_ request: [UInt8]) -> Int {
        let fields = try? JSONParser.parse(request)
        let name = [fields?["method"]?.string, fields?["path"]?.string].compactMap { $0 }.joined(separator: " ")
        return state.withLock { state in
            state.made += 1
            state.waiting[state.made] = name.isEmpty ? "a malformed call" : name
            return state.made
        }
    }

    func answered(_ call: Int) { state.withLock { _ = $0.waiting.removeValue(forKey: call) } }

    /// Empty when the turn made no call; else how many it made and which are unanswered.
    var summary: String {
        state.withLock { state in
            guard state.made > 0 else { return "" }
            let made = state.made == 1 ? "the one service API call it made" : "the \(state.made) service API calls it made"
            guard !state.waiting.isEmpty else { return "; the host had answered \(made)" }
            let waiting = state.waiting.sorted { $0.key < $1.key }.map(\.value).joined(separator: ", ")
            return "; of \(made), the host had not yet answered \(waiting)"
        }
    }
}
