import CSkillABI
import Foundation
import Glibc
import SkillModel

/// The runner process's side (`skillhost runner LIBRARY`): loads one library with the same
/// checks as the host, then answers request frames from standard input on standard output.
/// Whatever the skill itself prints goes to standard error, so it cannot corrupt a frame.
public enum SkillRunner {
    /// The environment variable through which the host gives the runner its memory limit.
    static let memoryLimitVariable = "SKILLHOST_RUNNER_MEMORY"
    /// The control groups (`RunnerGroup`) the runner joins, separated by colons.
    static let groupVariable = "SKILLHOST_RUNNER_CGROUPS"

    public static func run(library: String) -> Never {
        let frames = dup(1)
        dup2(2, 1)
        limitResources()
        let writer = FrameWriter(descriptor: frames)
        let inbox = Inbox(reader: FrameReader(descriptor: 0, spin: IsolatedSkill.spin))
        let shadow: ShadowDirectory
        do throws(LoaderError) {
            shadow = try ShadowDirectory()
        } catch {
            failStart(writer, LoaderError(.loadFailed, path: library, "the runner cannot make its shadow folder: \(error)"))
        }
        let loader = SkillLoader(
            shadow: shadow,
            logSink: { record in writer.send(Frame(.log, status: record.level.rawValue, payload: Array(record.message.utf8))) },
            storage: { _, request in
                // The host answers for the identity it checked; what is sent here is only the request.
                let turn = inbox.openStorageCall()
                writer.send(Frame(.storage, id: turn, payload: Array(request)))
                return inbox.waitForStorageReply(turn)
            },
            api: { _, request, reply in
                // Sent to the host, which makes the call; a thread of its own waits for the answer.
                let call = inbox.openStorageCall()
                writer.send(Frame(.api, id: call, payload: request))
                Thread.detachNewThread {
                    let (status, bytes) = inbox.waitForStorageReply(call)
                    reply(status, bytes)
                }
            },
            // The host checked who may write the library before starting the runner.
            trust: .anyone)
        let skill: LoadedSkill
        do throws(LoaderError) {
            skill = try loader.load(library)
        } catch {
            failStart(writer, error)
        }
        let hello: JSONValue = ["manifest": .string(skill.manifestJSON), "model": .string(skill.modelJSON)]
        writer.send(Frame(.hello, payload: JSONWriter.bytes(hello)))

        while let request = inbox.nextRequest() {
            // Straight into the skill on this thread: a skill that answers at once answers
            // here, with no thread hop; one that suspends answers from its own thread later.
            let turn = request.id
            skill.handle(request.payload, deadline: .seconds(24 * 3600)) { outcome in
                switch outcome {
                case .success(let response):
                    writer.send(Frame(.response, id: turn, status: Int32(SH_STATUS_OK.rawValue), payload: response))
                case .failure(let error):
                    writer.send(Frame(.response, id: turn, status: Int32(SH_STATUS_ERROR.rawValue), payload: Array(error.message.utf8)))
                }
            }
        }
        // The host closed the pipe: it is done with this runner.
        exit(0)
    }

    /// Limits set on itself before the library loads: the control group the host made for it,
    /// if any; its data memory (as the host says); and no core files (a crashing skill's
    /// memory, with whatever it held, is not written to disk).
    private static func limitResources() {
        if let groups = ProcessInfo.processInfo.environment[groupVariable] { RunnerGroup.join(groups) }
        // A sanitizer build maps terabytes of shadow memory up front, which the limit counts.
        let sanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
        if !sanitized, let text = ProcessInfo.processInfo.environment[memoryLimitVariable], let bytes = rlim_t(text), bytes > 0 {
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            setrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
        }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
    }

    private static func failStart(_ writer: FrameWriter, _ error: LoaderError) -> Never {
        let fields: JSONValue = ["code": .string(error.code.rawValue), "reason": .string(error.reason)]
        writer.send(Frame(.refused, payload: JSONWriter.bytes(fields)))
        exit(1)
    }
}

/// The runner's standard input, shared by the main loop and the skill's storage and API calls.
///
/// Whoever needs a frame reads it, if no one else is reading: a storage call made while the
/// main loop runs the skill (the common case: a handler storing before it answers) reads its own
/// reply, on its own thread; one made from another thread while the main loop waits for input
/// is handed its reply by the main loop.
private final class Inbox: @unchecked Sendable {
    // @unchecked: the reader is used only under `reading`; the rest is inside Mutexes.
    private let reader: FrameReader
    private let reading = PlainLock()
    private let state = Locked(State())

    private struct State {
        var nextCall: UInt64 = 1
        var replies: [UInt64: (status: Int32, bytes: [UInt8])] = [:]
        var waiting: Set<UInt64> = []
        var requests: [Frame] = []
    }

    private let arrived = DispatchSemaphore(value: 0)

    init(reader: FrameReader) { self.reader = reader }

    /// The next request to run, or nil when the host has closed the pipe.
    func nextRequest() -> Frame? {
        // The queue is looked at while holding the reader: a waiting call that read a request
        // queued it before letting go of the reader, so none is left behind while this blocks
        // on a pipe the request has already come through.
        reading.withLock {
            while true {
                if let queued = state.withLock({ $0.requests.isEmpty ? nil : $0.requests.removeFirst() }) { return queued }
                guard let frame = reader.next() else { return nil }
                if let request = sort(frame) { return request }
            }
        }
    }

    func openStorageCall() -> UInt64 {
        state.withLock { state in
            defer { state.nextCall += 1 }
            state.waiting.insert(state.nextCall)
            return state.nextCall
        }
    }

    func waitForStorageReply(_ call: UInt64) -> (status: Int32, reply: [UInt8]) {
        while true {
            if let reply = state.withLock({ state -> (status: Int32, bytes: [UInt8])? in
                guard let reply = state.replies.removeValue(forKey: call) else { return nil }
                state.waiting.remove(call)
                return reply
            }) {
                return (reply.status, reply.bytes)
            }
            // A request read here is queued before the reader is let go (see `nextRequest`).
            let read = reading.withLockIfAvailable { () -> Bool in
                guard let frame = reader.next() else { return false }
                if let request = sort(frame) { state.withLock { $0.requests.append(request) } }
                return true
            }
            switch read {
            case .some(true):
                continue
            case .some(false):
                exit(0)  // the host is gone
            case .none:
                // The main loop is reading; it hands replies over.
                _ = arrived.wait(timeout: .now() + .milliseconds(5))
            }
        }
    }

    /// Files a storage reply; returns a request for the caller to run.
    private func sort(_ frame: Frame) -> Frame? {
        switch frame.kind {
        case .request:
            return frame
        case .storageReply:
            state.withLock { $0.replies[frame.id] = (frame.status, frame.payload) }
            arrived.signal()
            return nil
        default:
            return nil
        }
    }
}
