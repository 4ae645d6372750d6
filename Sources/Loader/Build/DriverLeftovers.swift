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
/// first job writes there; then they stay.
struct DriverLeftovers {
    static let prefix = "TemporaryDirectory."
    static let marker = ".keep-directory"

    let folder: String
    private let before: Set<String>

    /// Notes the driver's folders already there, before the child starts.
    init(folder: String = NSTemporaryDirectory()) {
        self.folder = folder
        before = Set(Self.driverFolders(in: folder))
    }

    /// Removes the folders that appeared since `init` and hold only the marker; how many went.
    @discardableResult
    func remove(compilerRunning: () -> Bool = DriverLeftovers.compilerRunning) -> Int {
        let left = Self.driverFolders(in: folder).filter { !before.contains($0) && holdsOnlyMarker($0) }
        guard !left.isEmpty, !compilerRunning() else { return 0 }
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

    /// Whether any compiler process runs on this machine (by `/proc/PID/comm`); true when the
    /// processes cannot be listed.
    static func compilerRunning() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        for pid in entries where pid.first?.isNumber == true {
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { continue }
            if compilers.contains(comm.trimmingCharacters(in: .whitespacesAndNewlines)) { return true }
        }
        return false
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
