import CSkillABI

/// The services the host offers this skill, bound to its identity and generation by the host.
/// Outside a host (a unit test calling `Skill.invoke`), logging goes nowhere.
public struct HostServices: @unchecked Sendable {
    // @unchecked: the table is owned by the host, immutable and valid for the life of the
    // process (skillhost_abi.h), and its functions are safe to call from any thread.
    private let table: UnsafePointer<sh_host_services>?

    public init() { table = nil }

    init(table: UnsafePointer<sh_host_services>?) {
        guard let table, table.pointee.struct_size >= MemoryLayout<sh_host_services>.size else {
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
        guard let log = table?.pointee.log else { return }
        var message = message
        message.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { log(level.rawValue, $0.baseAddress, $0.count) }
        }
    }
}
