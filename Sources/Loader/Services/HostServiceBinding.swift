import CFFI
import CSkillABI
import SkillModel
import Synchronization

/// One log line a skill wrote through its services table.
public struct SkillLogRecord: Sendable {
    public enum Level: Int32, Sendable, Comparable {
        case debug = 0, info, warning, error
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public var name: String { ["debug", "info", "warning", "error"][Int(rawValue)] }
    }

    public let skillID: SkillID
    public let generation: Int
    public let level: Level
    public let message: String
}

/// Receives what skills log; called on the skill's thread.
public typealias SkillLogSink = @Sendable (SkillLogRecord) -> Void

/// The services table handed to one generation of one skill. Each function pointer is a
/// libffi closure bound to this binding, so a skill cannot claim another's identity. After
/// `retire()` every service is a no-op.
///
/// Bindings are never freed: a retired skill's code stays mapped and may still hold and call
/// the pointers, so the closures must stay valid for the life of the process (about 200 bytes
/// per generation).
public final class HostServiceBinding: @unchecked Sendable {
    // @unchecked: `table` is written once in init, before its address is handed to the skill,
    // and never after; everything else is immutable or atomic.
    private let identity: Mutex<(skillID: SkillID, generation: Int)>
    private let sink: SkillLogSink
    private let retired = Atomic(false)
    private let table: UnsafeMutablePointer<sh_host_services>
    private let logClosure: FFIClosure

    /// The table to pass to the skill's factory.
    public var services: UnsafePointer<sh_host_services> { UnsafePointer(table) }

    public var isRetired: Bool { retired.load(ordering: .acquiring) }

    init(skillID: SkillID, generation: Int, sink: @escaping SkillLogSink) throws(LoaderError) {
        identity = Mutex((skillID, generation))
        self.sink = sink
        table = .allocate(capacity: 1)
        logClosure = try FFIClosure(
            returning: cffi_type_void(),
            arguments: [cffi_type_sint32(), cffi_type_pointer(), cffi_type_uint64()],
            trampoline: logTrampoline)
        table.initialize(to: sh_host_services(
            struct_size: UInt32(MemoryLayout<sh_host_services>.size),
            abi_version: SKILLHOST_ABI_VERSION,
            log: unsafeBitCast(logClosure.code, to: sh_log_fn.self)))
        // The closure holds the binding for the life of the process (see the type's note).
        logClosure.bind(userData: Unmanaged.passRetained(self).toOpaque())
    }

    /// The skill and generation this binding speaks for.
    public var skillID: SkillID { identity.withLock { $0.skillID } }
    public var generation: Int { identity.withLock { $0.generation } }

    /// Sets the identity once the skill's manifest has been checked. The factory needs its
    /// services before the host can know who it is; anything logged before is attributed to
    /// the provisional name.
    func rename(to skillID: SkillID, generation: Int) {
        identity.withLock { $0 = (skillID, generation) }
    }

    /// Turns every service into a no-op for this generation.
    public func retire() { retired.store(true, ordering: .releasing) }

    fileprivate func log(level: Int32, message: UnsafePointer<CChar>?, length: Int) {
        guard !isRetired, let message else { return }
        let text = message.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        let level = SkillLogRecord.Level(rawValue: min(max(level, 0), 3)) ?? .info
        let (skillID, generation) = identity.withLock { $0 }
        sink(SkillLogRecord(skillID: skillID, generation: generation, level: level, message: text))
    }
}

private let logTrampoline: FFIClosure.Trampoline = { _, _, arguments, userData in
    guard let arguments, let userData else { return }
    let binding = Unmanaged<HostServiceBinding>.fromOpaque(userData).takeUnretainedValue()
    let level = arguments[0]!.load(as: Int32.self)
    let message = arguments[1]!.load(as: UnsafePointer<CChar>?.self)
    let length = arguments[2]!.load(as: Int.self)
    binding.log(level: level, message: message, length: length)
}
