#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a library file whole, without following a link at its last step and only if it is a
/// regular file, so what is checked is what gets loaded.
enum LibraryFile {
    static let maximumSize = 512 << 20

    static func read(_ path: String, trust: TrustPolicy = .strict) throws(LoaderError) -> [UInt8] {
        let resolved = SkillLoader.canonical(path)
        // O_NONBLOCK: a FIFO named like a library must not block the host waiting for a writer.
        let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw LoaderError(.unreadable, path: path, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw LoaderError(.unreadable, path: path, "cannot stat: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw LoaderError(.notAFile, path: path, "not a regular file") }
        if let refusal = trust.refusal(info, path: path, kind: "library") { throw refusal }
        // Where the file really is (a link may lead out of the skills folder), every folder up.
        if let refusal = trust.checkAncestors(of: resolved, for: path) { throw refusal }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            throw LoaderError(.unreadable, path: path, "is \(size >> 20) MiB, larger than the \(maximumSize >> 20) MiB a skill library may be")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, size - total) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw LoaderError(.unreadable, path: path, "cannot read: \(String(cString: strerror(errno)))") }
            if n == 0 { break }  // the file shrank while we read: check what we have
            total += n
        }
        return total == size ? bytes : Array(bytes[..<total])
    }

    /// The running executable's bytes, to compare architectures against.
    static let hostImageHeader: [UInt8]? = {
        let fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 64)
        let n = header.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 64) }
        return n == 64 ? header : nil
    }()
}
