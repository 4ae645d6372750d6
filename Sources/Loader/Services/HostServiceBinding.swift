import CFFI
import Foundation
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

/// What a skill's storage requests may reach: its own private container and the app groups
/// its manifest declares. Known once the manifest has been checked; before that (while the
/// factory runs) a skill has no storage.
public struct StorageGrant: Sendable, Equatable {
    public let skillID: SkillID
    public let generation: Int
    public let appGroups: [String]
    /// The library the generation was loaded from, as the user named it (the data root
    /// remembers which library an id's storage belongs to).
    public let library: String

    public init(skillID: SkillID, generation: Int, appGroups: [String], library: String = "") {
        self.skillID = skillID
        self.generation = generation
        self.appGroups = appGroups
        self.library = library
    }
}

/// Answers one storage request (JSON bytes, see skillhost_abi.h) for the skill `grant` names;
/// called on the skill's thread. Returns the status (`SH_STATUS_OK` or `SH_STATUS_ERROR`) and
/// the reply bytes.
public typealias SkillStorageHandler = @Sendable (_ grant: StorageGrant, _ request: UnsafeBufferPointer<UInt8>) -> (status: Int32, reply: [UInt8])

/// Makes one service API call (JSON bytes, see skillhost_abi.h's `call_api`) for `skill`, and
/// answers through `reply` exactly once, later, from any thread: the status (`SH_STATUS_OK` or
/// `SH_STATUS_ERROR`) and the reply bytes.
public typealias SkillAPIHandler = @Sendable (_ skill: SkillID, _ request: [UInt8], _ reply: @escaping @Sendable (Int32, [UInt8]) -> Void) -> Void

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
    private let identity: Locked<(skillID: SkillID, generation: Int)>
    private let grant = Locked<StorageGrant?>(nil)
    private let sink: SkillLogSink
    private let storageHandler: SkillStorageHandler?
    private let apiHandler: SkillAPIHandler?
    private let retired = Atomic(false)
    private let table: UnsafeMutablePointer<sh_host_services>
    private let logClosure: FFIClosure
    private let storageClosure: FFIClosure
    private let apiClosure: FFIClosure

    /// The table to pass to the skill's factory.
    public var services: UnsafePointer<sh_host_services> { UnsafePointer(table) }

    public var isRetired: Bool { retired.load(ordering: .acquiring) }

    init(skillID: SkillID, generation: Int, sink: @escaping SkillLogSink, storage: SkillStorageHandler?, api: SkillAPIHandler? = nil) throws(LoaderError) {
        identity = Locked((skillID, generation))
        self.sink = sink
        storageHandler = storage
        apiHandler = api
        table = .allocate(capacity: 1)
        logClosure = try FFIClosure(
            returning: cffi_type_void(),
            arguments: [cffi_type_sint32(), cffi_type_pointer(), cffi_type_uint64()],
            trampoline: logTrampoline)
        storageClosure = try FFIClosure(
            returning: cffi_type_sint32(),
            arguments: [cffi_type_pointer(), cffi_type_uint64(), cffi_type_pointer(), cffi_type_pointer()],
            trampoline: storageTrampoline)
        apiClosure = try FFIClosure(
            returning: cffi_type_void(),
            arguments: [cffi_type_pointer(), cffi_type_uint64(), cffi_type_pointer(), cffi_type_pointer()],
            trampoline: apiTrampoline)
        table.initialize(to: sh_host_services(
            struct_size: UInt32(MemoryLayout<sh_host_services>.size),
            abi_version: SKILLHOST_ABI_VERSION,
            log: unsafeBitCast(logClosure.code, to: sh_log_fn.self),
            storage: unsafeBitCast(storageClosure.code, to: sh_storage_fn.self),
            call_api: unsafeBitCast(apiClosure.code, to: sh_call_api_fn.self)))
        // The closures hold the binding for the life of the process (see the type's note).
        logClosure.bind(userData: Unmanaged.passRetained(self).toOpaque())
        storageClosure.bind(userData: Unmanaged.passRetained(self).toOpaque())
        apiClosure.bind(userData: Unmanaged.passRetained(self).toOpaque())
    }

    /// The skill and generation this binding speaks for.
    public var skillID: SkillID { identity.withLock { $0.skillID } }
    public var generation: Int { identity.withLock { $0.generation } }

    /// Sets the identity once the skill's manifest has been checked, and with it what storage
    /// the skill may reach. The factory needs its services before the host can know who it
    /// is; anything logged before is attributed to the provisional name, and storage is
    /// refused until then.
    func confirm(_ manifest: SkillManifest, generation: Int, library: String) {
        identity.withLock { $0 = (manifest.id, generation) }
        grant.withLock { $0 = StorageGrant(skillID: manifest.id, generation: generation, appGroups: manifest.appGroups, library: library) }
    }

    /// Turns every service into a no-op for this generation.
    public func retire() { retired.store(true, ordering: .releasing) }

    fileprivate func log(level: Int32, message: UnsafePointer<CChar>?, length: Int) {
        guard !isRetired, let message else { return }
        let text = message.withMemoryRebound(to: UInt8.self, capacity: length) {
            SkillLimits.cut(UnsafeBufferPointer(start: $0, count: length), to: SkillLimits.logLineBytes)
        }
        let level = SkillLogRecord.Level(rawValue: min(max(level, 0), 3)) ?? .info
        let (skillID, generation) = identity.withLock { $0 }
        sink(SkillLogRecord(skillID: skillID, generation: generation, level: level, message: text))
    }

    fileprivate func storage(request: UnsafePointer<CChar>?, length: Int, reply: sh_bytes_fn?, context: UnsafeMutableRawPointer?) -> Int32 {
        func answer(_ status: sh_status, _ bytes: [UInt8]) -> Int32 {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { reply?(context, $0.baseAddress, $0.count) }
            }
            return Int32(status.rawValue)
        }
        guard !isRetired else { return answer(SH_STATUS_RETIRED, []) }
        guard let storageHandler else { return answer(SH_STATUS_ERROR, Array("this host offers no storage".utf8)) }
        guard let grant = grant.withLock({ $0 }) else {
            return answer(SH_STATUS_ERROR, Array("storage is not available while the skill's factory runs: the host does not know who it is yet".utf8))
        }
        guard length <= SkillLimits.storageRequestBytes else {
            return answer(SH_STATUS_ERROR, Array("storage request refused: \(length) bytes, over the limit of \(SkillLimits.storageRequestBytes >> 20) MiB".utf8))
        }
        let bytes = request.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        let (status, replyBytes) = storageHandler(grant, UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
        return answer(status == SH_STATUS_OK.rawValue ? SH_STATUS_OK : SH_STATUS_ERROR, replyBytes)
    }
}

extension HostServiceBinding {
    /// The largest service API call taken (the APIs' own bodies are far smaller).
    static let apiRequestBytes = 256 << 10

    fileprivate func callAPI(request: UnsafePointer<CChar>?, length: Int, reply: sh_reply_fn?, context: UnsafeMutableRawPointer?) {
        guard let reply else { return }
        // The context is the skill's; it is handed back, never read.
        let context = UInt(bitPattern: context)
        let answer: @Sendable (Int32, [UInt8]) -> Void = { status, bytes in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { reply(UnsafeMutableRawPointer(bitPattern: context), status, $0.baseAddress, $0.count) }
            }
        }
        // Never before call_api returns (skillhost_abi.h): a refusal is answered from another thread too.
        func refuse(_ status: sh_status, _ message: String) {
            Thread.detachNewThread { answer(Int32(status.rawValue), Array(message.utf8)) }
        }
        guard !isRetired else { return refuse(SH_STATUS_RETIRED, "") }
        guard let apiHandler else { return refuse(SH_STATUS_ERROR, "this host serves no service APIs") }
        guard grant.withLock({ $0 }) != nil else {
            return refuse(SH_STATUS_ERROR, "service APIs are not available while the skill's factory runs: the host does not know who it is yet")
        }
        guard length <= Self.apiRequestBytes else {
            return refuse(SH_STATUS_ERROR, "service API call refused: \(length) bytes, over the limit of \(Self.apiRequestBytes >> 10) KiB")
        }
        let bytes = request.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        // An answer that comes while call_api is still running (a refusal) is handed over from
        // another thread, as the ABI promises.
        let calling = Locked(true)
        // The binding lives as long as the process (see the type's note): holding it costs nothing.
        apiHandler(skillID, bytes) { [self] status, reply in
            // A generation retired meanwhile hears nothing it could act on.
            let deliver: @Sendable () -> Void = { [self] in isRetired ? answer(Int32(SH_STATUS_RETIRED.rawValue), []) : answer(status, reply) }
            calling.withLock { $0 } ? Thread.detachNewThread(deliver) : deliver()
        }
        calling.withLock { $0 = false }
    }
}

private let apiTrampoline: FFIClosure.Trampoline = { _, _, arguments, userData in
    guard let arguments, let userData else { return }
    let binding = Unmanaged<HostServiceBinding>.fromOpaque(userData).takeUnretainedValue()
    let request = arguments[0]!.load(as: UnsafePointer<CChar>?.self)
    let length = arguments[1]!.load(as: Int.self)
    let reply = arguments[2]!.load(as: sh_reply_fn?.self)
    let context = arguments[3]!.load(as: UnsafeMutableRawPointer?.self)
    binding.callAPI(request: request, length: length, reply: reply, context: context)
}

private let storageTrampoline: FFIClosure.Trampoline = { _, result, arguments, userData in
    guard let arguments, let userData, let result else { return }
    let binding = Unmanaged<HostServiceBinding>.fromOpaque(userData).takeUnretainedValue()
    let request = arguments[0]!.load(as: UnsafePointer<CChar>?.self)
    let length = arguments[1]!.load(as: Int.self)
    let reply = arguments[2]!.load(as: sh_bytes_fn?.self)
    let context = arguments[3]!.load(as: UnsafeMutableRawPointer?.self)
    let status = binding.storage(request: request, length: length, reply: reply, context: context)
    // libffi returns integers narrower than a register through a full ffi_arg.
    result.storeBytes(of: Int64(status), as: Int64.self)
}

private let logTrampoline: FFIClosure.Trampoline = { _, _, arguments, userData in
    guard let arguments, let userData else { return }
    let binding = Unmanaged<HostServiceBinding>.fromOpaque(userData).takeUnretainedValue()
    let level = arguments[0]!.load(as: Int32.self)
    let message = arguments[1]!.load(as: UnsafePointer<CChar>?.self)
    let length = arguments[2]!.load(as: Int.self)
    binding.log(level: level, message: message, length: length)
}
