#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Synchronization

/// Where the REPL reads lines from: standard input, or a script in tests.
public protocol LineSource: Sendable {
    /// The next line without its newline, or nil at end of input. `prompt` is shown first
    /// when the source is interactive.
    func nextLine(prompt: String) async -> String?
}

/// Where the REPL writes text: standard output or error, or a buffer in tests.
public protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Lines from a fixed script.
public final class ScriptedLines: LineSource {
    private let lines: Mutex<[String]>
    public init(_ lines: [String]) { self.lines = Mutex(lines) }
    public func nextLine(prompt: String) async -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Text collected in memory.
public final class CapturedText: TextSink {
    private let buffer = Mutex("")
    public init() {}
    public func write(_ text: String) { buffer.withLock { $0 += text } }
    public var text: String { buffer.withLock { $0 } }
}

/// A file descriptor of this process: standard output (1) or error (2).
public struct FileDescriptorSink: TextSink {
    public let descriptor: Int32
    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// The host's own standard output. Skills loaded in this process may write to descriptor 1
    /// as they please (`print`, `printf`), which would corrupt `--json` lines and fake host
    /// lines; so at first use the host keeps a duplicate of it for itself and points
    /// descriptor 1 at standard error, where what skills print lands. (A runner process does
    /// the same with its frame pipe.)
    public static let standardOutput: FileDescriptorSink = {
        let own = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard own >= 0 else { return FileDescriptorSink(descriptor: 1) }
        fflush(nil)
        dup2(2, 1)
        return FileDescriptorSink(descriptor: own)
    }()
    public static let standardError = FileDescriptorSink(descriptor: 2)

    public var isTerminal: Bool { isatty(descriptor) == 1 }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// Lines from standard input when it is not a terminal (a pipe or a file; `TerminalLines`
/// edits lines at a terminal), read on a thread of their own so a blocking read never holds
/// a thread of Swift's cooperative pool.
public final class StandardInputLines: LineSource {
    public init() {}

    public func nextLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: readLine(strippingNewline: true))
            }
        }
    }
}
