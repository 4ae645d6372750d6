#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import SkillModel
import Synchronization

/// A private folder of shadow copies: each load opens a copy under a name never used before,
/// because `dlopen` of a path it already opened returns the old image even after the file
/// changed. A loaded generation's copy stays while it serves and for the last few retired
/// ones, so that backtraces keep their symbols; older retired copies, and copies of refused
/// libraries, are deleted (a mapped image outlives its file). The rest go with the folder at
/// `remove()` or when the process exits.
public final class ShadowDirectory: Sendable {
    public let path: String
    private let counter = AtomicCounter()
    /// Copies of retired generations still on disk, oldest first.
    private let retired = Locked<[String]>([])

    /// How many retired generations' copies stay on disk (each a few MB for a Swift skill:
    /// without a bound, 100 reloads kept 206 MB).
    public static let keptRetired = 4

    /// Creates a new private (0700) folder under the system's temporary folder, deleted when
    /// the process exits (`ProcessFolder`).
    public init() throws(LoaderError) {
        path = try ProcessFolder.make("skillhost-shadow")
    }

    /// Writes `bytes` to a fresh file named after `name` and returns its path.
    func store(_ bytes: UnsafeRawBufferPointer, name: String) throws(LoaderError) -> String {
        let safeName = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" })
        let target = "\(path)/\(counter.next())-\(safeName)"
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o700)
        guard fd >= 0 else { throw LoaderError(.unreadable, path: target, "cannot create shadow copy: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw LoaderError(.unreadable, path: target, "cannot write shadow copy: \(String(cString: strerror(errno)))")
            }
            written += n
        }
        return target
    }

    /// Notes that the generation loaded from `copy` retired; deletes the copies of those
    /// retired before the last `keptRetired`.
    public func retire(_ copy: String) {
        let gone = retired.withLock { copies -> ArraySlice<String> in
            copies.append(copy)
            let extra = max(0, copies.count - Self.keptRetired)
            defer { copies.removeFirst(extra) }
            return copies.prefix(extra)
        }
        for path in gone { unlink(path) }
    }

    /// Deletes a copy that will not be loaded (or whose load was refused).
    public func discard(_ copy: String) { unlink(copy) }

    /// Deletes the folder and its copies. Loaded images stay mapped; only their files go.
    public func remove() {
        ProcessFolder.remove(path)
    }
}

/// A counter shared across threads.
final class AtomicCounter: Sendable {
    private let value = Locked(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
