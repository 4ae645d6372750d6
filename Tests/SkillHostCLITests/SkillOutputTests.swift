import Foundation
import SkillModel
import Testing
import TestSupport

/// What an in-process skill prints, and what it puts in its speech, cannot corrupt the host's
/// output or take over the terminal.
@Suite struct SkillOutputTests {
    /// A skill that prints on standard output and speaks an escape sequence and a fake host line.
    static func run(_ arguments: [String]) throws -> (output: String, diagnostics: String) {
        let folder = try TestSupport.temporaryFolder("skill-output")
        let reply = #"REPLY="\\u001b[2Jcleared\\nskillhost> a fake line""#
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["PRINT_ON_HANDLE", reply], into: folder, name: "fixture")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = ["--skills", folder, "--no-watch", "--data", try TestSupport.temporaryFolder("skill-output-data")] + arguments
        process.environment = TestSupport.childEnvironment()
        let (stdin, stdout, stderr) = (TestSupport.pipe(), TestSupport.pipe(), TestSupport.pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data("open fixture\necho\n".utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let diagnostics = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (output, diagnostics)
    }

    @Test func jsonLinesStayJSONWhenASkillPrints() throws {
        let (output, diagnostics) = try Self.run(["--json"])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2, "\(output)")
        for line in lines { #expect((try? JSONParser.parse(String(line))) != nil, "\(line)") }
        #expect(try JSONParser.parse(String(lines[0]))["speech"]?.string == "\u{1B}[2Jcleared\nskillhost> a fake line")
        #expect(diagnostics.contains("the skill printed this on standard output"))
    }

    @Test func speechIsShownEscapedAtATextREPL() throws {
        let (output, _) = try Self.run([])
        #expect(!output.contains("\u{1B}"), "no escape sequence reaches the terminal")
        #expect(output.contains(#"Fixture> \u{1B}[2Jcleared\u{A}skillhost> a fake line"#), "\(output)")
        #expect(!output.contains("the skill printed this"))
    }
}
