import CSkillABI
import Foundation
import Glibc
import SkillModel
import Synchronization

/// The runner process's side (`skillhost runner LIBRARY`): loads one library with the same
/// checks as the host, then answers request frames from standard input on standard output.
/// Whatever the skill itself prints goes to standard error, so it cannot corrupt a frame.
public enum SkillRunner {
    public static func run(library: String) -> Never {
        let frames = dup(1)
        dup2(2, 1)
        let writer = FrameWriter(descriptor: frames)
        let reader = FrameReader(descriptor: 0)
        let storageReplies = StorageReplies()
        guard let shadow = try? ShadowDirectory() else {
            failStart(writer, LoaderError(.loadFailed, path: library, "the runner cannot make its shadow folder"))
        }
        let loader = SkillLoader(
            shadow: shadow,
            logSink: { record in writer.send(Frame(.log, status: record.level.rawValue, payload: Array(record.message.utf8))) },
            storage: { _, request in
                // The host answers for the identity it checked; what is sent here is only the request.
                let turn = storageReplies.open()
                writer.send(Frame(.storage, id: turn, payload: Array(request)))
                return storageReplies.wait(turn)
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

        while let frame = reader.next() {
            switch frame.kind {
            case .request:
                Task {
                    do throws(SkillCallError) {
                        let response = try await skill.handle(frame.payload, deadline: .seconds(24 * 3600))
                        writer.send(Frame(.response, id: frame.id, status: Int32(SH_STATUS_OK.rawValue), payload: response))
                    } catch {
                        writer.send(Frame(.response, id: frame.id, status: Int32(SH_STATUS_ERROR.rawValue), payload: Array(error.message.utf8)))
                    }
                }
            case .storageReply:
                storageReplies.deliver(frame.id, status: frame.status, reply: frame.payload)
            default:
                continue
            }
        }
        // The host closed the pipe: it is done with this runner.
        exit(0)
    }

    private static func failStart(_ writer: FrameWriter, _ error: LoaderError) -> Never {
        let fields: JSONValue = ["code": .string(error.code.rawValue), "reason": .string(error.reason)]
        writer.send(Frame(.refused, payload: JSONWriter.bytes(fields)))
        exit(1)
    }
}

/// Storage calls waiting for the host's reply, each on its own skill thread.
private final class StorageReplies: Sendable {
    private struct Waiting {
        let semaphore = DispatchSemaphore(value: 0)
        var reply: (status: Int32, bytes: [UInt8])?
    }

    private let waiting = Mutex<(next: UInt64, calls: [UInt64: Waiting])>((1, [:]))

    func open() -> UInt64 {
        waiting.withLock { state in
            let turn = state.next
            state.next += 1
            state.calls[turn] = Waiting()
            return turn
        }
    }

    func wait(_ turn: UInt64) -> (status: Int32, reply: [UInt8]) {
        guard let semaphore = waiting.withLock({ $0.calls[turn]?.semaphore }) else { return (Int32(SH_STATUS_ERROR.rawValue), []) }
        semaphore.wait()
        let reply = waiting.withLock { $0.calls.removeValue(forKey: turn)?.reply }
        return (reply?.status ?? Int32(SH_STATUS_ERROR.rawValue), reply?.bytes ?? Array("the host did not answer".utf8))
    }

    func deliver(_ turn: UInt64, status: Int32, reply: [UInt8]) {
        let semaphore = waiting.withLock { state -> DispatchSemaphore? in
            state.calls[turn]?.reply = (status, reply)
            return state.calls[turn]?.semaphore
        }
        semaphore?.signal()
    }
}
