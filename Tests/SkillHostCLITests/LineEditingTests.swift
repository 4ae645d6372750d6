import Foundation
@testable import SkillHostCLI
import Testing
import TestSupport

/// The REPL's line editing, fed the bytes a terminal sends.
@Suite struct LineEditingTests {
    static let left: [UInt8] = [0x1B, 0x5B, 0x44]
    static let right: [UInt8] = [0x1B, 0x5B, 0x43]
    static let up: [UInt8] = [0x1B, 0x5B, 0x41]
    static let down: [UInt8] = [0x1B, 0x5B, 0x42]
    static let delete: [UInt8] = [0x1B, 0x5B, 0x33, 0x7E]
    static let home: [UInt8] = [0x1B, 0x5B, 0x48]
    static let end: [UInt8] = [0x1B, 0x4F, 0x46]

    func type(_ editor: inout LineEditing, _ text: String) { _ = editor.feed(Array(text.utf8)) }

    @Test func movesDeletesAndInsertsAnywhereInTheLine() {
        var editor = LineEditing()
        type(&editor, "helo world")
        _ = editor.feed(Array(repeating: Self.left, count: 7).flatMap { $0 })
        type(&editor, "l")
        #expect(editor.text == "hello world")
        _ = editor.feed(Self.home + Self.delete + Array("H".utf8) + Self.end + [0x7F])
        #expect(editor.text == "Hello worl")
        _ = editor.feed([0x17])  // Ctrl-W
        #expect(editor.text == "Hello ")
        type(&editor, "wörld 🌍")
        #expect(editor.text == "Hello wörld 🌍")
        _ = editor.feed(Self.left + Self.left + [0x0B])  // Ctrl-K
        #expect(editor.text == "Hello wörld")
        _ = editor.feed([0x01, 0x15])  // Ctrl-A, Ctrl-U at the start kills nothing
        #expect(editor.text == "Hello wörld")
        #expect(editor.feed([0x0D]) == .done("Hello wörld"))
    }

    @Test func escapeSequencesMaySplitAcrossReads() {
        var editor = LineEditing()
        type(&editor, "ab")
        _ = editor.feed([0x1B])
        _ = editor.feed([0x5B])
        _ = editor.feed([0x44])
        type(&editor, "X")
        #expect(editor.text == "aXb")
        _ = editor.feed([0xC3])
        _ = editor.feed([0xA9])
        #expect(editor.text == "aXéb")
    }

    @Test func historyGoesBackAndComesBackToTheDraft() {
        var editor = LineEditing(history: ["open hello world", "hello"])
        type(&editor, "draft")
        _ = editor.feed(Self.up)
        #expect(editor.text == "hello")
        _ = editor.feed(Self.up + Self.up)
        #expect(editor.text == "open hello world")
        _ = editor.feed(Self.down + Self.down)
        #expect(editor.text == "draft")
        editor.remember("stop ")
        editor.remember("stop")
        editor.remember("   ")
        #expect(editor.history == ["open hello world", "hello", "stop"])
    }

    @Test func ctrlDEndsInputOnlyOnAnEmptyLineAndCtrlCClearsIt() {
        var editor = LineEditing()
        type(&editor, "x")
        _ = editor.feed([0x03])
        #expect(editor.text == "")
        #expect(editor.feed([0x04]) == .endOfInput)
    }

    @Test func tabCompletesCommandsSkillNamesAndInvocationNames() {
        let completion = Completion()
        completion.update(skills: ["HelloWorld", "CoinFlip"], invocations: ["hello world", "coin flip"])
        var editor = LineEditing(completer: { completion.complete($0) })
        type(&editor, ":sk\t")
        #expect(editor.text == ":skills ")
        editor.reset()
        type(&editor, ":reload co\t")
        #expect(editor.text == ":reload CoinFlip ")
        editor.reset()
        type(&editor, "open he\t")
        #expect(editor.text == "open hello world ")
        editor.reset()
        type(&editor, ":\t")
        #expect(editor.text == ":")
        #expect(editor.feed([0x09]) == .list(Completion.commands.sorted()))
        editor.reset()
        type(&editor, "flip a coin\t")
        #expect(editor.text == "flip a coin")
    }

    @Test func theHistoryFileKeepsLinesPrivately() throws {
        let folder = try TestSupport.temporaryFolder("history")
        let path = "\(folder)/state/skillhost/history"
        HistoryFile.append("open hello world", to: path)
        HistoryFile.append("hello", to: path)
        #expect(HistoryFile.load(path) == ["open hello world", "hello"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o777 == 0o600)
        #expect(HistoryFile.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/skillhost/history")
        #expect(HistoryFile.path(environment: ["HOME": "/h"]) == "/h/.local/state/skillhost/history")
    }
}

/// Lines typed ahead or pasted reach the REPL one by one, at a real terminal (a pseudo-terminal
/// the test holds the other end of) as in the editor alone.
@Suite struct TypedAheadTests {
    @Test func aFinishedLineKeepsWhatCameAfterItForTheNextLines() {
        var editor = LineEditing()
        #expect(editor.feed(Array("hello\rhelp\r\nhello\r".utf8)) == .done("hello"))
        editor.reset()  // as the terminal does before each line
        #expect(editor.feed(editor.takeTypedAhead()) == .done("help"))
        editor.reset()
        #expect(editor.feed(editor.takeTypedAhead()) == .done("hello"))
        #expect(editor.takeTypedAhead().isEmpty)
    }

    @Test(.timeLimit(.minutes(2)))
    func pastedLinesAreEachAnsweredAtATerminal() throws {
        // Glibc's headers hide the pseudo-terminal calls from Swift (_XOPEN_SOURCE); they are
        // looked up by name instead.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias Grant = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), "no \(name)"), to: type)
        }
        let master = try symbol("posix_openpt", as: OpenPT.self)(O_RDWR | O_NOCTTY)
        try #require(master >= 0, "no pseudo-terminal here")
        defer { close(master) }
        try #require(try symbol("grantpt", as: Grant.self)(master) == 0 && symbol("unlockpt", as: Grant.self)(master) == 0)
        let slavePath = String(cString: try #require(try symbol("ptsname", as: Name.self)(master)))
        let slave = try #require(FileHandle(forUpdatingAtPath: slavePath))
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        let state = try TestSupport.temporaryFolder("typed-ahead")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = ["--skills", folder, "--data", state, "--no-watch"]
        process.environment = TestSupport.childEnvironment(["XDG_STATE_HOME": state, "NO_COLOR": "1", "TERM": "xterm"])
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
        defer { if process.isRunning { process.terminate() } }

        // Pasted at once, before the first prompt: three lines, three answers.
        let pasted = "open hello world\rhello\rhelp\r"
        _ = pasted.withCString { write(master, $0, strlen($0)) }
        var seen = ""
        let deadline = Date().addingTimeInterval(60 * TestSupport.patience)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !seen.contains("How can I help?"), Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 500) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            seen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        _ = ":quit\r".withCString { write(master, $0, strlen($0)) }
        #expect(seen.contains("Welcome, you can say Hello or Help."), "\(seen)")
        #expect(seen.contains("Hello World!"), "\(seen)")
        #expect(seen.contains("You can say hello to me! How can I help?"), "\(seen)")
        // Each pasted line is on the screen after its prompt, as if typed.
        for line in ["open hello world", "hello", "help"] { #expect(seen.contains("you> \(line)\u{1B}[K\r"), "\(seen.debugDescription)") }
        process.waitUntilExit()
    }
}
