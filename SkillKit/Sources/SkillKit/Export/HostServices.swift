import CSkillABI
import SkillModel

/// The services the host offers this skill, bound to its identity and generation by the host.
/// Outside a host (a unit test calling `Skill.invoke`), logging goes nowhere and storage
/// calls fail, saying so, unless the services are given as Swift functions
/// (`init(log:storage:)`, which SkillKitTesting's `SkillTester` uses).
public struct HostServices: @unchecked Sendable {
    // @unchecked: the table is owned by the host, immutable and valid for the life of the
    // process (skillhost_abi.h), and its functions are safe to call from any thread; the
    // local services are Sendable functions.
    private let table: UnsafePointer<sh_host_services>?
    private let local: LocalServices?

    /// Services given in-process, for a skill run outside a host.
    private struct LocalServices {
        let log: @Sendable (LogLevel, String) -> Void
        let storage: @Sendable (StorageRequest) throws(SkillError) -> JSONValue
        let api: (@Sendable (ServiceCall) async throws(ServiceError) -> ServiceAnswer)?
    }

    public init() {
        table = nil
        local = nil
    }

    /// Services for a skill run in-process (a unit test): `storage` answers each request as the
    /// host would (the replies skillhost_abi.h documents), `log` receives each line.
    /// `api`, when given, answers the skill's service API calls (`ServiceClientFactory`'s clients).
    public init(log: @escaping @Sendable (LogLevel, String) -> Void = { _, _ in }, storage: @escaping @Sendable (StorageRequest) throws(SkillError) -> JSONValue, api: (@Sendable (ServiceCall) async throws(ServiceError) -> ServiceAnswer)? = nil) {
        table = nil
        local = LocalServices(log: log, storage: storage, api: api)
    }

    init(table: UnsafePointer<sh_host_services>?) {
        local = nil
        // Version 1's first table ended after `log`; later fields are checked where used.
        guard let table, table.pointee.struct_size >= UInt32(MemoryLayout<sh_host_services>.offset(of: \.log)! + 8) else {
            self.table = nil
            return
        }
        self.table = table
    }

    public enum LogLevel: Int32, Sendable {
        case debug = 0, info = 1, warning = 2, error = 3
    }

    /// Writes a line to the host's log, attributed to this skill.
    public func log(_ level: LogLevel = .info, _ message: String) {
        if let local { return local.log(level, message) }
        guard let log = table?.pointee.log else { return }
        var message = message
        message.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { log(level.rawValue, $0.baseAddress, $0.count) }
        }
    }

    /// Whether the host offers storage.
    public var hasStorage: Bool { local != nil || storageFunction != nil }

    private var storageFunction: sh_storage_fn? {
        guard let table, table.pointee.struct_size >= UInt32(MemoryLayout<sh_host_services>.offset(of: \.storage)! + 8) else { return nil }
        return table.pointee.storage
    }

    /// Sends one storage request and returns the host's JSON reply.
    public func storage(_ request: StorageRequest) throws(SkillError) -> JSONValue {
        if let local { return try local.storage(request) }
        guard let storage = storageFunction else {
            throw SkillError.storage("no storage here: the skill is not running in a host that offers it")
        }
        let bytes = JSONWriter.bytes(request.json)
        var reply: [UInt8] = []
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { request in
                withUnsafeMutablePointer(to: &reply) { storage(request.baseAddress, request.count, receiveReply, $0) }
            }
        }
        switch status {
        case Int32(SH_STATUS_OK.rawValue):
            do { return try JSONParser.parse(reply) } catch {
                throw SkillError.storage("the host's storage reply is not JSON: \(error)")
            }
        case Int32(SH_STATUS_RETIRED.rawValue):
            throw SkillError.storage("this generation of the skill has been retired; nothing was stored")
        default:
            throw SkillError.storage(String(decoding: reply, as: UTF8.self))
        }
    }
}

extension HostServices {
    private var apiFunction: sh_call_api_fn? {
        guard let table, table.pointee.struct_size >= UInt32(MemoryLayout<sh_host_services>.offset(of: \.call_api)! + 8) else { return nil }
        return table.pointee.call_api
    }

    /// Whether the host makes service API calls.
    public var hasServiceAPIs: Bool { local?.api != nil || apiFunction != nil }

    /// Makes one call to Alexa's service APIs as the host serves them (skillhost_abi.h's
    /// `call_api`): the API's answer, whatever its status, or a `ServiceError` with status 0
    /// saying why none came.
    public func callAPI(_ call: ServiceCall) async throws(ServiceError) -> ServiceAnswer {
        if let local {
            guard let api = local.api else { throw ServiceError(statusCode: 0, message: "no service APIs here: the test gave none") }
            return try await api(call)
        }
        guard let callAPI = apiFunction else {
            throw ServiceError(statusCode: 0, message: "no service APIs here: the skill is not running in a host that serves them")
        }
        let bytes = JSONWriter.bytes(call.json)
        let (status, reply) = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32, [UInt8]), Never>) in
            let context = Unmanaged.passRetained(APIReply(continuation)).toOpaque()
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { callAPI($0.baseAddress, $0.count, receiveAPIReply, context) }
            }
        }
        switch status {
        case Int32(SH_STATUS_OK.rawValue):
            guard let answer = try? JSONParser.parse(reply), let code = answer["status"]?.int else {
                throw ServiceError(statusCode: 0, message: "the host's answer to \(call.method) \(call.path) is not {\"status\", \"body\"}")
            }
            let body = answer["body"].flatMap { $0.isNull ? nil : $0 }
            return ServiceAnswer(statusCode: code, body: body)
        case Int32(SH_STATUS_RETIRED.rawValue):
            throw ServiceError(statusCode: 0, message: "this generation of the skill has been retired; nothing was sent")
        default:
            throw ServiceError(statusCode: 0, message: String(decoding: reply, as: UTF8.self))
        }
    }
}

/// Where a `call_api` reply goes: the continuation of the call waiting for it.
private final class APIReply {
    let continuation: CheckedContinuation<(Int32, [UInt8]), Never>
    init(_ continuation: CheckedContinuation<(Int32, [UInt8]), Never>) { self.continuation = continuation }
}

/// Resumes the waiting call with the host's reply (exactly once per call: skillhost_abi.h).
private let receiveAPIReply: sh_reply_fn = { context, status, bytes, length in
    guard let context else { return }
    let reply = Unmanaged<APIReply>.fromOpaque(context).takeRetainedValue()
    let copied = bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
    reply.continuation.resume(returning: (status, copied))
}

/// Copies the host's reply into the `[UInt8]` the context points at.
private let receiveReply: sh_bytes_fn = { context, bytes, length in
    guard let context else { return }
    let reply = context.assumingMemoryBound(to: [UInt8].self)
    guard let bytes, length > 0 else {
        reply.pointee = []
        return
    }
    reply.pointee = Array(UnsafeRawBufferPointer(start: bytes, count: length))
}
