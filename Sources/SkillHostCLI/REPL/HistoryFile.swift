import Foundation
import Glibc

/// The history file: `$XDG_STATE_HOME/skillhost/history`, else `~/.local/state/skillhost/history`.
public enum HistoryFile {
    public static let limit = 1000

    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/skillhost/history" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/skillhost/history"
    }

    public static func load(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").map(String.init).suffix(limit))
    }

    /// Appends a line (0600, in a 0700 folder); trims the file when it grows past twice the limit.
    public static func append(_ line: String, to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let lines = load(path)
        if lines.count >= limit, let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
            let all = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
            if all.count > 2 * limit {
                try? (all.suffix(limit).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
    }
}
