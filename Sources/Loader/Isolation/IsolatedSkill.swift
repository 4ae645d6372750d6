import CSkillABI
import Foundation
import Glibc
import SkillModel
import Synchronization

/// Which skills run in runner processes, and how to start one: `<executable> runner <library>`.
public struct RunnerConfiguration: Sendable {
    public var executable: String
    /// The skills to isolate, by library or source folder name ("HelloWorld" for
    /// libHelloWorld.so or Skills/HelloWorld), case-insensitively; nil isolates every skill.
    public var skills: Set<String>?
    /// How long a runner has to load its library and say hello.
    public var startDeadline: Duration

    public init(executable: String, skills: Set<String>? = nil, startDeadline: Duration = .seconds(10)) {
        self.executable = executable
        self.skills = skills.map { Set($0.map { $0.lowercased() }) }
        self.startDeadline = startDeadline
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
/// runner's host services (log, storage) come back over the pipe and are answered here, bound
/// to the identity the host checked, never to anything the runner claims.
public final class IsolatedSkill: SkillEndpoint, @unchecked Sendable {
    // @unchecked: the lets are immutable; everything that changes is inside `state`'s Mutex.
    public let manifest: SkillManifest
    public let model: InteractionModel
    public let path: String
    public let generation: Int
    public var isIsolated: Bool { true }

    private let frozenCopy: String
    private let configuration: RunnerConfiguration
    private let logSink: SkillLogSink
    private let storage: SkillStorageHandler?
    private let state = Mutex(State())

    private struct State {
        var runner: Runner?
        var retired = false
        var nextID: UInt64 = 1
        var pending: [UInt64: Pending] = [:]
        /// How many runners have been started (1 + restarts).
        var starts = 0
    }

    private struct Pending {
        let continuation: CheckedContinuation<Result<[UInt8], SkillCallError>, Never>
        let runner: ObjectIdentifier
        let deadline: Task<Void, Never>?
    }

    /// One runner process, and the pipes to it (whose descriptors the frame reader and
    /// writer use; they close when the runner is let go).
    final class Runner: @unchecked Sendable {
        // @unchecked: immutable after init; Process and Pipe are used from one thread at a time.
        let process: Process
        let writer: FrameWriter
        private let pipes: [Pipe]
        init(process: Process, writer: FrameWriter, pipes: [Pipe]) {
            self.process = process
            self.writer = writer
            self.pipes = pipes
        }
    }

    /// How many runner processes this generation has started.
    public var starts: Int { state.withLock { $0.starts } }

    /// The running runner's process id, if one is running.
    public var runnerProcessID: Int32? { state.withLock { $0.runner?.process.processIdentifier } }

    /// Starts a runner for the library and checks what it loaded.
    /// - Parameters:
    ///   - loader: gives the generation number, checks trust, and holds the frozen copy.
    public static func launch(_ path: String, loader: SkillLoader, configuration: RunnerConfiguration, logSink: @escaping SkillLogSink, storage: SkillStorageHandler?) throws(LoaderError) -> IsolatedSkill {
        let bytes = try LibraryFile.read(path, trust: loader.trust)
        let stored = bytes.withUnsafeBytes { raw in
            Result { () throws(LoaderError) in try loader.shadow.store(raw, name: (path as NSString).lastPathComponent) }
        }
        let frozen = try stored.get()
        let (runner, reader, hello) = try start(frozen, displayPath: path, configuration: configuration)
        let fields: JSONValue
        do { fields = try JSONParser.parse(hello) } catch {
            runner.process.terminate()
            throw LoaderError(.loadFailed, path: path, "the runner's hello is not JSON: \(error)")
        }
        let manifest: SkillManifest
        let model: InteractionModel
        do {
            manifest = try SkillManifest(parsing: fields["manifest"]?.string ?? "")
            model = try InteractionModel(parsing: fields["model"]?.string ?? "")
        } catch {
            runner.process.terminate()
            throw LoaderError(.malformedManifest, path: path, "the runner sent a manifest or model that does not parse: \(error)")
        }
        let skill = IsolatedSkill(manifest: manifest, model: model, path: path, generation: loader.nextGeneration(of: manifest.id), frozenCopy: frozen, configuration: configuration, logSink: logSink, storage: storage)
        skill.adopt(runner, reader: reader)
        return skill
    }

    private init(manifest: SkillManifest, model: InteractionModel, path: String, generation: Int, frozenCopy: String, configuration: RunnerConfiguration, logSink: @escaping SkillLogSink, storage: SkillStorageHandler?) {
        self.manifest = manifest
        self.model = model
        self.path = path
        self.generation = generation
        self.frozenCopy = frozenCopy
        self.configuration = configuration
        self.logSink = logSink
        self.storage = storage
    }

    /// Spawns a runner on `library` and waits for its hello.
    private static func start(_ library: String, displayPath: String, configuration: RunnerConfiguration) throws(LoaderError) -> (Runner, FrameReader, [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: configuration.executable)
        process.arguments = ["runner", library]
        var environment = ProcessInfo.processInfo.environment
        // A crash is seen in ~2 ms without the backtracer, 25-43 ms with it (ARCHITECTURE.md).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let toRunner = Pipe()
        let fromRunner = Pipe()
        process.standardInput = toRunner
        process.standardOutput = fromRunner
        do { try process.run() } catch {
            throw LoaderError(.loadFailed, path: displayPath, "cannot start the runner \(configuration.executable): \(error.localizedDescription)")
        }
        let writer = FrameWriter(descriptor: toRunner.fileHandleForWriting.fileDescriptor)
        let reader = FrameReader(descriptor: fromRunner.fileHandleForReading.fileDescriptor)
        let runner = Runner(process: process, writer: writer, pipes: [toRunner, fromRunner])
        guard reader.waitForData(timeout: configuration.startDeadline) else {
            kill(process.processIdentifier, SIGKILL)
            throw LoaderError(.loadFailed, path: displayPath, "the runner did not finish loading the library within \(configuration.startDeadline)")
        }
        guard let first = reader.next() else {
            process.waitUntilExit()
            throw LoaderError(.loadFailed, path: displayPath, "the runner \(Self.ending(of: process)) while loading the library")
        }
        switch first.kind {
        case .hello:
            return (runner, reader, first.payload)
        case .refused:
            process.waitUntilExit()
            let fields = try? JSONParser.parse(first.payload)
            let code = fields?["code"]?.string.flatMap(LoaderError.Code.init(rawValue:)) ?? .loadFailed
            throw LoaderError(code, path: displayPath, fields?["reason"]?.string ?? "refused by the runner")
        default:
            kill(process.processIdentifier, SIGKILL)
            throw LoaderError(.loadFailed, path: displayPath, "the runner spoke out of turn (frame \(first.kind))")
        }
    }

    /// How a process ended, in words.
    static func ending(of process: Process) -> String {
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
            return "crashed (\(name), signal \(signal))"
        }
        return "exited with status \(process.terminationStatus)"
    }

    /// Makes `runner` the one answering and starts reading its frames.
    private func adopt(_ runner: Runner, reader: FrameReader) {
        state.withLock {
            $0.runner = runner
            $0.starts += 1
        }
        let thread = Thread { [self] in self.read(from: reader, runner: runner) }
        thread.name = "runner \(manifest.id)"
        thread.start()
    }

    /// The runner answering now, started again if the last one died.
    private func currentRunner() throws(SkillCallError) -> Runner {
        let (runner, retired) = state.withLock { ($0.runner, $0.retired) }
        if retired { throw SkillCallError(skillID: id, message: "generation \(generation) has been retired") }
        if let runner { return runner }
        do {
            let (runner, reader, _) = try Self.start(frozenCopy, displayPath: path, configuration: configuration)
            adopt(runner, reader: reader)
            return runner
        } catch {
            throw SkillCallError(skillID: id, message: "its runner could not start again: \(error.reason)")
        }
    }

    public func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8] {
        let runner = try currentRunner()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], SkillCallError>, Never>) in
            let turn = state.withLock { state -> UInt64 in
                let turn = state.nextID
                state.nextID += 1
                let watchdog = Task { [self] in
                    try? await Task.sleep(for: deadline)
                    if !Task.isCancelled { self.missedDeadline(turn, runner: runner, deadline: deadline) }
                }
                state.pending[turn] = Pending(continuation: continuation, runner: ObjectIdentifier(runner), deadline: watchdog)
                return turn
            }
            if !runner.writer.send(Frame(.request, id: turn, payload: request)) {
                finish(turn, .failure(SkillCallError(skillID: id, message: "its runner is gone")))
            }
        }
        return try outcome.get()
    }

    private func finish(_ turn: UInt64, _ outcome: Result<[UInt8], SkillCallError>) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: turn) }) else { return }
        pending.deadline?.cancel()
        pending.continuation.resume(returning: outcome)
    }

    /// A turn not answered in time: the runner is stopped (it may be stuck for good) and the
    /// next turn starts a new one.
    private func missedDeadline(_ turn: UInt64, runner: Runner, deadline: Duration) {
        finish(turn, .failure(SkillCallError(skillID: id, message: "did not answer before its deadline (\(deadline)); its runner was stopped and starts again for the next turn")))
        kill(runner.process.processIdentifier, SIGKILL)
    }

    /// The reader thread of one runner: answers, logs and storage requests until it ends.
    private func read(from reader: FrameReader, runner: Runner) {
        let grant = StorageGrant(skillID: manifest.id, generation: generation, appGroups: manifest.appGroups)
        while let frame = reader.next() {
            switch frame.kind {
            case .response:
                let outcome: Result<[UInt8], SkillCallError> = frame.status == Int32(SH_STATUS_OK.rawValue)
                    ? .success(frame.payload)
                    : .failure(SkillCallError(skillID: id, message: String(decoding: frame.payload, as: UTF8.self)))
                finish(frame.id, outcome)
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
            default:
                continue
            }
        }
        // The runner is gone: every turn it owed fails with how it ended.
        runner.process.waitUntilExit()
        let how = Self.ending(of: runner.process)
        let orphaned = state.withLock { state -> [UInt64] in
            if state.runner === runner { state.runner = nil }
            return state.pending.filter { $0.value.runner == ObjectIdentifier(runner) }.map(\.key)
        }
        for turn in orphaned {
            finish(turn, .failure(SkillCallError(skillID: id, message: "its runner \(how); it starts again for the next turn")))
        }
    }

    /// Stops the runner; this generation answers no more.
    public func retire() {
        let runner = state.withLock { state -> Runner? in
            state.retired = true
            defer { state.runner = nil }
            return state.runner
        }
        if let runner { kill(runner.process.processIdentifier, SIGKILL) }
    }
}

