#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import SkillModel

/// Private (0700) temporary folders that belong to the process that made them: named
/// `<prefix>-<pid>-XXXXXX` under `$TMPDIR` (else /tmp), deleted when the process exits, and —
/// for a process that could not (killed, crashed) — swept by the next folder made with the
/// same prefix once that process is gone. With a folder go the lock files SwiftPM leaves in
/// the temporary folder for packages built inside it (`_tmp_<path>_.build.lock`).
public enum ProcessFolder {
    /// The folders this process made and has not yet deleted.
    private static let live = Locked<Set<String>>([])
    private static let removeAtExit: Void = { atexit { ProcessFolder.removeAll() } }()

    static var base: String { ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }

    /// A new empty folder `<prefix>-<pid>-XXXXXX`, deleted at exit, after sweeping the folders
    /// of `prefix` whose processes have ended.
    /// - Throws: the path it could not create, with the system's reason.
    public static func make(_ prefix: String) throws(LoaderError) -> String {
        _ = removeAtExit
        let base = base
        sweep(prefix, in: base)
        var template = Array("\(base)/\(prefix)-\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw LoaderError(.unreadable, path: base, "cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: made)
        live.withLock { _ = $0.insert(path) }
        return path
    }

    /// Deletes `path` (made by `make`) now, and forgets it.
    public static func remove(_ path: String) {
        live.withLock { _ = $0.remove(path) }
        delete(path)
    }

    /// Deletes every folder this process made.
    static func removeAll() {
        for path in live.withLock({ folders in defer { folders.removeAll() }; return folders }) { delete(path) }
    }

    private static func delete(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        let locks = path.replacingOccurrences(of: "/", with: "_") + "_"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(locks) && name.hasSuffix(".lock") {
            try? FileManager.default.removeItem(atPath: "\(base)/\(name)")
        }
    }

    /// Deletes the folders of `prefix` in `base` whose process no longer runs.
    static func sweep(_ prefix: String, in base: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(prefix + "-") {
            let rest = name.dropFirst(prefix.count + 1)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid(), !isRunning(pid) else { continue }
            delete("\(base)/\(name)")
        }
    }

    /// Whether a process with this id exists; one we may not signal (another user's) counts
    /// as running, so its folder is left alone.
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
