import CSkillABI
import SkillModel
import Synchronization

/// One generation of one skill library, loaded and validated: its manifest, its interaction
/// model and the entry point that answers a request envelope.
public final class LoadedSkill: @unchecked Sendable {
    // @unchecked: `table` points at the skill's table, which the ABI keeps valid and immutable
    // until `destroy`, and whose `handle` may be called from any thread; nothing here mutates.
    public let manifest: SkillManifest
    public let model: InteractionModel
    /// The library as the user named it.
    public let path: String
    /// The shadow copy actually loaded.
    public let shadowPath: String
    /// 1 for the first load of a skill id in a host, then counting up with each reload.
    public let generation: Int
    public let binding: HostServiceBinding
    private let table: UnsafePointer<sh_skill_table>

    public var id: SkillID { manifest.id }

    init(manifest: SkillManifest, model: InteractionModel, path: String, shadowPath: String, generation: Int, binding: HostServiceBinding, table: UnsafePointer<sh_skill_table>) {
        self.manifest = manifest
        self.model = model
        self.path = path
        self.shadowPath = shadowPath
        self.generation = generation
        self.binding = binding
        self.table = table
    }

    /// Sends one request envelope (JSON bytes) and returns the response envelope's bytes.
    /// Throws `SkillCallError` when the skill reports an error.
    public func handle(_ request: [UInt8]) async throws(SkillCallError) -> [UInt8] {
        let outcome: Result<[UInt8], SkillCallError> = await withCheckedContinuation { continuation in
            let pending = PendingTurn(continuation: continuation, table: table, skillID: id)
            let context = Unmanaged.passRetained(pending).toOpaque()
            request.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    table.pointee.handle(table.pointee.instance, $0.baseAddress, $0.count, turnDone, context)
                }
            }
        }
        return try outcome.get()
    }

    /// Makes the skill's services no-ops and lets the skill free its instance. The image stays
    /// mapped: Swift images must never be unloaded.
    func retire() {
        binding.retire()
    }
}

/// What went wrong in a skill's `handle`.
public struct SkillCallError: Error, Sendable, CustomStringConvertible {
    public let skillID: SkillID
    public let message: String
    public var description: String { "skill \(skillID) failed: \(message)" }
}

/// One turn waiting for the skill's `done`. Guards against a skill calling `done` twice.
private final class PendingTurn: @unchecked Sendable {
    // @unchecked: `continuation` is resumed at most once, guarded by `finished`.
    let continuation: CheckedContinuation<Result<[UInt8], SkillCallError>, Never>
    let table: UnsafePointer<sh_skill_table>
    let skillID: SkillID
    let finished = Atomic(false)

    init(continuation: CheckedContinuation<Result<[UInt8], SkillCallError>, Never>, table: UnsafePointer<sh_skill_table>, skillID: SkillID) {
        self.continuation = continuation
        self.table = table
        self.skillID = skillID
    }
}

private let turnDone: sh_done_fn = { context, status, bytes, length in
    guard let context else { return }
    let pending = Unmanaged<PendingTurn>.fromOpaque(context).takeUnretainedValue()
    let copy: [UInt8] = bytes.map { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    } ?? []
    if let bytes { pending.table.pointee.free_response(pending.table.pointee.instance, bytes) }
    // A second `done` for the same turn is a skill bug; the first answer stands.
    guard !pending.finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Unmanaged<PendingTurn>.fromOpaque(context).release()
    if status == Int32(SH_STATUS_OK.rawValue) {
        pending.continuation.resume(returning: .success(copy))
    } else {
        let message = copy.isEmpty ? "error status \(status) with no message" : String(decoding: copy, as: UTF8.self)
        pending.continuation.resume(returning: .failure(SkillCallError(skillID: pending.skillID, message: message)))
    }
}
