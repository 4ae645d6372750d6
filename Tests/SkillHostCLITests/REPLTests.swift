import Foundation
import SkillHost
import SkillHostCLI
import SkillModel
import Testing
import TestSupport

/// The REPL scripted through its injected input and output, against golden transcripts.
/// Set SKILLHOST_RECORD=1 to rewrite the golden files from what the REPL prints now.
@Suite struct REPLTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func run(_ script: String, format: REPL.Format) async throws -> (output: String, diagnostics: String) {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "CoinFlip"])
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache))
        let output = CapturedText()
        let diagnostics = CapturedText()
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let repl = REPL(host: host, input: ScriptedLines(lines.last == "" ? Array(lines.dropLast()) : lines), output: output, diagnostics: diagnostics, format: format)
        await repl.run()
        return (output.text, diagnostics.text.replacingOccurrences(of: folder, with: "SKILLS"))
    }

    static func golden(_ name: String, _ actual: String) throws {
        let url = fixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SKILLHOST_RECORD"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "golden \(name) differs; SKILLHOST_RECORD=1 rewrites it")
    }

    @Test(arguments: ["hello-world", "coin-flip", "routing"])
    func textTranscript(name: String) async throws {
        let script = try String(contentsOf: Self.fixtures.appendingPathComponent("\(name).in"), encoding: .utf8)
        let (output, _) = try await Self.run(script, format: .text)
        try Self.golden("\(name).out", output)
    }

    @Test func jsonTranscriptHasExactlyTheDocumentedKeys() async throws {
        let script = try String(contentsOf: Self.fixtures.appendingPathComponent("hello-world.in"), encoding: .utf8)
        let (output, _) = try await Self.run(script, format: .json)
        try Self.golden("hello-world.jsonl", output)
        for line in output.split(separator: "\n") {
            let object = try #require(try JSONParser.parse(String(line)).object)
            #expect(object.keys == ["utterance", "skill", "request", "intent", "slots", "speech", "reprompt", "endSession", "dialogState", "asks", "error"])
        }
    }

    @Test func commandsAnswerWithoutTakingATurn() async throws {
        let (output, diagnostics) = try await Self.run(":skills\n:help\n:frobnicate\n:quit\nhello\n", format: .text)
        // From a pipe, what commands answer goes to standard error: standard output is turns only.
        #expect(output.isEmpty, "\(output)")
        #expect(diagnostics.contains("HelloWorld (com.skillhost.examples.helloworld) v1.0.0, generation 1"))
        #expect(diagnostics.contains("CoinFlip (com.skillhost.examples.coinflip)"))
        #expect(diagnostics.contains(":skills"))
        #expect(!output.contains("Hello World!"), ":quit stops before the next line")
        #expect(diagnostics.contains("unknown command :frobnicate"))
    }

    @Test func debugShowsReadingsAndEnvelopes() async throws {
        let (_, diagnostics) = try await Self.run(":debug\nopen hello world\nsay hello\n", format: .text)
        #expect(diagnostics.contains("reading com.skillhost.examples.helloworld HelloWorldIntent score 1.000"))
        #expect(diagnostics.contains(#"request  {"version":"1.0","session":{"new":true"#))
        #expect(diagnostics.contains(#"response {"version":"1.0""#))
    }

    @Test func debugExplainsWhyNothingTookTheSentence() async throws {
        let (output, diagnostics) = try await Self.run(":debug\ncoin operated laundry near me\nwhat is the capital of peru\n", format: .text)
        #expect(output.contains("skillhost> Sorry, I don't know that one."))
        #expect(diagnostics.contains("  readings: none"))
        #expect(diagnostics.contains("  why com.skillhost.examples.coinflip: "), "the skill that shares a word says why it did not take it")
        #expect(diagnostics.contains(#"closest sample "flip a coin""#))
        // With so few skills the routing model has every one asked, so each says why.
        #expect(diagnostics.contains("  why com.skillhost.examples.helloworld: out of domain: "))
    }
}
