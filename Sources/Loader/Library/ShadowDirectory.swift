#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Synchronization

/// A private folder of shadow copies: each load opens a copy under a name never used before,
/// because `dlopen` of a path it already opened returns the old image even after the file
/// changed. Copies stay until `remove()` or the process exits, so that backtraces keep their
/// symbols.
public final class ShadowDirectory: Sendable {
    public let path: String
    private let counter = AtomicCounter()

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

    /// Deletes the folder and its copies. Loaded images stay mapped; only their files go.
    public func remove() {
        ProcessFolder.remove(path)
    }
}

/// A counter shared across threads.
final class AtomicCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
