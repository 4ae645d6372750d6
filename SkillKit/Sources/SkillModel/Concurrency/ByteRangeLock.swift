#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Write locks on byte ranges of a lock file, held by an open file description (Linux 3.15+):
/// they work across processes and, each taker opening the file itself, across threads of one
/// process; they are not dropped when another descriptor of the file closes (as POSIX record
/// locks are); and closing the descriptor lets go, as does the holder's death. A lock file
/// split into one-byte stripes by a key's hash lets takers of different keys go on together.
public enum ByteRangeLock {
    /// Waits for the write lock on `length` bytes of the file open as `descriptor`, from
    /// `start` (a length of 0 means to the end of the file, however long it grows). Nil once
    /// held, else the errno that refused it.
    public static func wait(_ descriptor: Int32, start: Int, length: Int) -> Int32? {
        var range = Self.range(start: start, length: length)
        while fcntl(descriptor, F_OFD_SETLKW, &range) != 0 {
            guard errno == EINTR else { return errno }
        }
        return nil
    }

    /// Takes the write lock on the range only when nobody holds any of it: nil when it did,
    /// else the errno (EAGAIN or EACCES: someone holds some of it).
    public static func attempt(_ descriptor: Int32, start: Int, length: Int) -> Int32? {
        var range = Self.range(start: start, length: length)
        while fcntl(descriptor, F_OFD_SETLK, &range) != 0 {
            guard errno == EINTR else { return errno }
        }
        return nil
    }

    private static func range(start: Int, length: Int) -> flock {
        var range = flock()
        range.l_type = Int16(F_WRLCK)
        range.l_whence = Int16(SEEK_SET)
        range.l_start = off_t(start)
        range.l_len = off_t(length)
        return range
    }

    // <fcntl.h> defines these only with _GNU_SOURCE, which Swift's Glibc module does not see;
    // they are the same numbers on every Linux architecture.
    private static let F_OFD_SETLK: Int32 = 37
    private static let F_OFD_SETLKW: Int32 = 38
}
