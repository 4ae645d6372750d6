#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Foundation
import SkillModel

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
    private let lines: Locked<[String]>
    public init(_ lines: [String]) { self.lines = Locked(lines) }
    public func nextLine(prompt: String) async -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Text collected in memory.
public final class CapturedText: TextSink {
    private let buffer = Locked("")
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
/// edits lines at a terminal), or from another descriptor. One thread of its own reads ahead
/// (a blocking read never holds a thread of Swift's cooperative pool) into a buffer of at most
/// `readAhead` lines, so a piped turn costs no thread start, only a hand-over when the REPL is
/// waiting for the line.
public final class StandardInputLines: LineSource {
    private struct State {
        var lines: [String] = []
        var next = 0
        var ended = false
        var waiting: CheckedContinuation<String?, Never>?
        var reading = false
        /// The reader found the buffer full and sleeps until it is half empty.
        var readerAsleep = false
        var buffered: Int { lines.count - next }
    }

    private let state = Locked(State())
    private let descriptor: Int32
    private let readAhead: Int
    private let wakeReader = DispatchSemaphore(value: 0)

    public init(descriptor: Int32 = 0, readAhead: Int = 256) {
        self.descriptor = descriptor
        self.readAhead = max(2, readAhead)
    }

    public func nextLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            enum Next { case line(String?, wake: Bool), wait(startReader: Bool) }
            let readAhead = self.readAhead
            let next = state.withLock { state -> Next in
                if state.next < state.lines.count {
                    let line = state.lines[state.next]
                    state.next += 1
                    // Dropped in batches: removing the first line each time copies the rest.
                    if state.next >= 64 {
                        state.lines.removeFirst(state.next)
                        state.next = 0
                    }
                    let wake = state.readerAsleep && state.buffered <= readAhead / 2
                    if wake { state.readerAsleep = false }
                    return .line(line, wake: wake)
                }
                if state.ended { return .line(nil, wake: false) }
                state.waiting = continuation
                defer { state.reading = true }
                return .wait(startReader: !state.reading)
            }
            switch next {
            case .line(let line, let wake):
                if wake { wakeReader.signal() }
                continuation.resume(returning: line)
            case .wait(let startReader):
                if startReader { Thread.detachNewThread { [self] in read() } }
            }
        }
    }

    /// The reader thread: every line, then the end, each to the waiting REPL or the buffer.
    private func read() {
        guard let file = fdopen(dup(descriptor), "r") else {
            deliver(nil)
            return
        }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let count = getline(&buffer, &capacity, file)
            guard count >= 0, let buffer else { break }
            var length = count
            if length > 0, buffer[length - 1] == 0x0A { length -= 1 }
            if length > 0, buffer[length - 1] == 0x0D { length -= 1 }  // a CRLF file
            let line = buffer.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
            deliver(line)
        }
        deliver(nil)
    }

    /// Hands `line` (nil: the end) to the waiting REPL, or keeps it; sleeps while the buffer
    /// is full, until the REPL has taken half of it.
    private func deliver(_ line: String?) {
        let readAhead = self.readAhead
        let (waiting, full) = state.withLock { state -> (CheckedContinuation<String?, Never>?, Bool) in
            if line == nil { state.ended = true }
            if let waiting = state.waiting {
                state.waiting = nil
                return (waiting, false)
            }
            if let line { state.lines.append(line) }
            let full = state.buffered >= readAhead
            if full { state.readerAsleep = true }
            return (nil, full)
        }
        waiting?.resume(returning: line)
        if full { wakeReader.wait() }
    }
}
