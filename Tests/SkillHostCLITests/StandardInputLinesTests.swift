import Foundation
import SkillHostCLI
import Testing

/// Piped input, as `skillhost < file` reads it: every line in order past the read-ahead
/// buffer, CRLF files, a last line with no newline, the end, and a writer slower than the REPL.
@Suite struct StandardInputLinesTests {
    /// A pipe whose write end `write` fills on a thread of its own, then closes.
    static func pipe(_ write: @escaping @Sendable (Int32) -> Void) -> Int32 {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        let writeEnd = ends[1]
        Thread.detachNewThread {
            write(writeEnd)
            close(writeEnd)
        }
        return ends[0]
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    @Test func everyLineComesInOrderThenTheEnd() async {
        let count = 5_000
        let readEnd = Self.pipe { Self.send((0..<count).map { "line \($0)\($0 % 2 == 0 ? "\r\n" : "\n")" }.joined() + "last, no newline", to: $0) }
        defer { close(readEnd) }
        let lines = StandardInputLines(descriptor: readEnd, readAhead: 8)
        var seen: [String] = []
        while let line = await lines.nextLine(prompt: "") { seen.append(line) }
        #expect(seen.count == count + 1)
        #expect(seen.prefix(count) == ArraySlice((0..<count).map { "line \($0)" }), "in order, CRLF or not")
        #expect(seen.last == "last, no newline")
        #expect(await lines.nextLine(prompt: "") == nil, "the end stays the end")
    }

    @Test func aSlowWriterIsWaitedFor() async {
        let readEnd = Self.pipe { descriptor in
            for word in ["one", "two", "three"] {
                usleep(50_000)
                Self.send(word + "\n", to: descriptor)
            }
        }
        defer { close(readEnd) }
        let lines = StandardInputLines(descriptor: readEnd)
        var seen: [String] = []
        while let line = await lines.nextLine(prompt: "") { seen.append(line) }
        #expect(seen == ["one", "two", "three"])
    }
}
