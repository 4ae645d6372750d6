import CFFI
import CSkillABI
import Dispatch
import SkillModel

/// The turns one skill generation owes an answer to, and the `done` callback it answers
/// through.
///
/// The context a skill gets with each turn is a token, not a pointer, and `done` is a libffi
/// closure bound to this table: a skill that calls `done` twice, late, or with a forged
/// context finds no turn and changes nothing (its buffer is still freed). A turn whose answer
/// does not come by its deadline is answered with an error, so a hung skill costs that turn.
final class TurnTable: @unchecked Sendable {
    // @unchecked: mutable state is inside `state`'s Mutex; `table` is the skill's immutable
    // table (valid until destroy); `doneClosure` is written in init and read-only after.
    typealias Outcome = Result<[UInt8], SkillCallError>

    private struct Pending {
        let finish: @Sendable (Outcome) -> Void
        let deadline: ContinuousClock.Instant
    }

    private struct State {
        var nextToken: UInt = 1
        var pending: [UInt: Pending] = [:]
        var watchdogScheduled = false
    }

    private let state = Locked(State())
    private let table: UnsafePointer<sh_skill_table>
    private let skillID: SkillID
    private let stray: @Sendable (String) -> Void
    private var doneClosure: FFIClosure!

    /// - Parameter stray: told when the skill answers a turn that is not waiting (twice, late).
    init(table: UnsafePointer<sh_skill_table>, skillID: SkillID, stray: @escaping @Sendable (String) -> Void) throws(LoaderError) {
        self.table = table
        self.skillID = skillID
        self.stray = stray
        doneClosure = try FFIClosure(
            returning: cffi_type_void(),
            arguments: [cffi_type_pointer(), cffi_type_sint32(), cffi_type_pointer(), cffi_type_uint64()],
            trampoline: doneTrampoline)
        // The closure may be called for as long as the skill's code is mapped: for the life of
        // the process. It keeps the table alive that long (a few hundred bytes a generation).
        doneClosure.bind(userData: Unmanaged.passRetained(self).toOpaque())
    }

    /// The skill's `done` for this generation.
    var done: sh_done_fn { unsafeBitCast(doneClosure.code, to: sh_done_fn.self) }

    /// Sends one request and waits for its answer, or for the deadline.
    func call(_ request: [UInt8], deadline: Duration) async -> Outcome {
        await withCheckedContinuation { continuation in
            start(request, deadline: deadline) { continuation.resume(returning: $0) }
        }
    }

    /// Sends one request; `finish` gets the answer (or the missed deadline) once, on the thread
    /// that calls `done` — for a skill that answers before `handle` returns, this one.
    func start(_ request: [UInt8], deadline: Duration, finish: @escaping @Sendable (Outcome) -> Void) {
        let token = register(finish, deadline: .now + deadline)
        request.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                table.pointee.handle(table.pointee.instance, $0.baseAddress, $0.count, done, UnsafeMutableRawPointer(bitPattern: token))
            }
        }
    }

    private func register(_ finish: @escaping @Sendable (Outcome) -> Void, deadline: ContinuousClock.Instant) -> UInt {
        let (token, scheduleWatchdog) = state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.pending[token] = Pending(finish: finish, deadline: deadline)
            defer { state.watchdogScheduled = true }
            return (token, !state.watchdogScheduled)
        }
        if scheduleWatchdog { watch(until: deadline) }
        return token
    }

    fileprivate func complete(token: UInt, status: Int32, bytes: UnsafePointer<CChar>?, length: Int) {
        let succeeded = status == Int32(SH_STATUS_OK.rawValue)
        // What the skill answered, within the limits: an oversized response is refused
        // without being copied, an error message cut.
        let outcome: Result<[UInt8], SkillCallError> = bytes.map { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let answer = UnsafeBufferPointer(start: start, count: length)
                if !succeeded {
                    let message = length == 0 ? "error status \(status) with no message" : SkillLimits.cut(answer, to: SkillLimits.errorMessageBytes)
                    return .failure(SkillCallError(skillID: skillID, message: message))
                }
                guard length <= SkillLimits.responseBytes else {
                    return .failure(SkillCallError(skillID: skillID, message: "its response is \(length) bytes, over the limit of \(SkillLimits.responseBytes >> 20) MiB; not read"))
                }
                return .success(Array(answer))
            }
        } ?? (succeeded ? .success([]) : .failure(SkillCallError(skillID: skillID, message: "error status \(status) with no message")))
        if let bytes { table.pointee.free_response(table.pointee.instance, bytes) }
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: token) }) else {
            stray("answered a turn that was not waiting (done called twice, after the deadline, or with a wrong context)")
            return
        }
        pending.finish(outcome)
    }

    /// One timer at a time, set for the earliest deadline; it answers overdue turns with an
    /// error and sets itself again while turns remain.
    private func watch(until deadline: ContinuousClock.Instant) {
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
            let now = ContinuousClock.now
            let (overdue, next) = state.withLock { state -> ([Pending], ContinuousClock.Instant?) in
                var overdue: [Pending] = []
                for (token, pending) in state.pending where pending.deadline <= now {
                    overdue.append(pending)
                    state.pending[token] = nil
                }
                let next = state.pending.values.map(\.deadline).min()
                state.watchdogScheduled = next != nil
                return (overdue, next)
            }
            for pending in overdue {
                pending.finish(.failure(SkillCallError(skillID: skillID, message: "did not answer before its deadline")))
            }
            if let next { watch(until: next) }
        }
    }
}

private let doneTrampoline: FFIClosure.Trampoline = { _, _, arguments, userData in
    guard let arguments, let userData else { return }
    let table = Unmanaged<TurnTable>.fromOpaque(userData).takeUnretainedValue()
    let token = UInt(bitPattern: arguments[0]!.load(as: UnsafeMutableRawPointer?.self))
    let status = arguments[1]!.load(as: Int32.self)
    let bytes = arguments[2]!.load(as: UnsafePointer<CChar>?.self)
    let length = arguments[3]!.load(as: Int.self)
    table.complete(token: token, status: status, bytes: bytes, length: length)
}
