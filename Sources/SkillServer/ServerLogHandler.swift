import Glibc
import Logging

/// The server's log lines on standard error, one per event:
/// `2026-11-24T06:10:00+0000 info skillhost.serve: conversation=… ms=0.812 skill=… [SkillServer] turn`
/// (the shape of swift-log's `StreamLogHandler`). Unlike that handler it formats metadata only
/// when a line is written: Hummingbird sets a request id on every request's logger, and
/// formatting it there, for lines that are mostly never written, took 2% of an Alexa request.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata = Logger.Metadata()
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String

    public init(label: String) {
        self.label = label
        metadataProvider = LoggingSystem.metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        if let error = event.error { all["error.message"] = "\(error)" }
        let fields = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let line = "\(Self.timestamp()) \(event.level) \(label):\(fields) [\(event.source)] \(event.message)\n"
        // One write per line, so lines from many threads never interleave.
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return "-" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
