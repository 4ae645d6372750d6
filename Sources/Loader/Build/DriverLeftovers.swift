import Foundation

/// The folders the Swift compiler's driver leaves in the temporary folder, removed once a
/// `swift` child (`swift build`, `swift package dump-package`) has exited.
///
/// The driver makes a `TemporaryDirectory.XXXXXX` holding a `.keep-directory` marker for
/// every run, and removes it only after runs whose jobs it runs itself: SwiftPM's
/// `swiftc -print-target-info` leaves one behind each time (six per `swift build`, one per
/// `dump-package`). The child keeps the user's `TMPDIR`, since SwiftPM's locks on a build
/// folder live there and exclude a second build (the user's own `swift build`) only when both
/// take them in the same folder. So the child's new folders holding nothing but the marker are
/// removed afterwards — unless a compiler runs now, whose live folder looks the same until its
/// first job writes there; then they stay, until the process exits.
struct DriverLeftovers {
    static let prefix = "TemporaryDirectory."
    static let marker = ".keep-directory"

    let folder: String
    private let before: Set<String>

    /// Notes the driver's folders already there, before the child starts. The first time, it
    /// also notes them for the process's exit: what children left while another compiler ran
    /// (two builds side by side keep each other's) goes then.
    init(folder: String = NSTemporaryDirectory()) {
        self.init(folder: folder, sweeping: true)
    }

    private init(folder: String, sweeping: Bool) {
        if sweeping { _ = Self.atExit }
        self.folder = folder
        before = Set(Self.driverFolders(in: folder))
    }

    private static let atExit: DriverLeftovers = {
        let leftovers = DriverLeftovers(folder: NSTemporaryDirectory(), sweeping: false)
        atexit { DriverLeftovers.atExit.remove() }
        return leftovers
    }()

    /// Removes the folders that appeared since `init` and hold only the marker; how many went.
    @discardableResult
    func remove(compilerRunning: (String) -> Bool = DriverLeftovers.compilerRunning(in:)) -> Int {
        let left = Self.driverFolders(in: folder).filter { !before.contains($0) && holdsOnlyMarker($0) }
        guard !left.isEmpty, !compilerRunning(folder) else { return 0 }
        // The marker first, then the folder: rmdir keeps a folder something wrote to since.
        return left.filter { name in
            let path = (folder as NSString).appendingPathComponent(name)
            return unlink(path + "/" + Self.marker) == 0 && rmdir(path) == 0
        }.count
    }

    private func holdsOnlyMarker(_ name: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(name))) == [Self.marker]
    }

    private static func driverFolders(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// The compiler's processes: a driver, a frontend, or SwiftPM building.
    static let compilers: Set<String> = ["swift-driver", "swiftc", "swift-frontend", "swift-build", "swift-package"]

    /// Whether a compiler process runs with `folder` as its temporary folder (by
    /// `/proc/PID/comm` and the TMPDIR of `/proc/PID/environ`; without one it is /tmp); true
    /// when the processes or their environments cannot be read.
    static func compilerRunning(in folder: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        let ours = SkillLoader.canonical(folder)
        for pid in entries where pid.first?.isNumber == true {
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                compilers.contains(comm.trimmingCharacters(in: .whitespacesAndNewlines))
            else { continue }
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
                // Gone meanwhile, exited, or not ours to read.
                if FileManager.default.fileExists(atPath: "/proc/\(pid)"), !hasExited(pid) { return true }
                continue
            }
            let tmpdir = environment.split(separator: 0).lazy.map { String(decoding: $0, as: UTF8.self) }
                .last { $0.hasPrefix("TMPDIR=") }.map { String($0.dropFirst("TMPDIR=".count)) }
            if SkillLoader.canonical(tmpdir.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") == ours { return true }
        }
        return false
    }

    /// Whether a process has exited and is not yet reaped (a zombie), by the state that
    /// follows the command's parenthesis in /proc/PID/stat. Its environment cannot be read,
    /// and it uses no folder: a compiler killed with its parent left waiting, as an
    /// interrupted build leaves them, counted as running for as long as it stayed.
    private static func hasExited(_ pid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let state = stat[stat.index(after: close)...].first(where: { $0 != " " })
        else { return false }
        return state == "Z" || state == "X"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
