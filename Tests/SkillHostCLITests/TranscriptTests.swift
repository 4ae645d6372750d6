import Foundation
import NLU
import SkillHost
import SkillHostCLI
import Testing
import TestSupport

/// The golden transcripts of the seed skills and the dialog model, replayed against the real
/// libraries with an empty data root; and the format itself.
@Suite struct TranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/transcripts")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".transcript") }.sorted()
    }

    /// The model `model-NAME.transcript` talks to, alone, as `skillhost --model` does:
    /// `NAME-en-US.json` among the host tests' fixtures.
    static func model(for name: String) -> String {
        let stem = name.dropFirst("model-".count).replacingOccurrences(of: ".transcript", with: "")
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../SkillHostTests/Fixtures/\(stem)-en-US.json").standardized.path
    }

    static func host(for name: String = "") throws -> HostEngine {
        let data = try TestSupport.temporaryFolder("transcript-data")
        if name.hasPrefix("model-") {
            var options = HostOptions(skillFolders: [], nluCache: TestSupport.nluCache, dataRoot: data)
            options.models = [Self.model(for: name)]
            return try HostEngine(options: options)
        }
        let skills = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "DialogProbe", "CoinFlip"])
        return try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: data))
    }

    @Test(arguments: names)
    func goldenTranscriptReplays(name: String) async throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let transcript = try Transcript(parsing: text)
        #expect(transcript.turns.count > 5)
        let failures = await TranscriptReplay.run(transcript, on: try Self.host(for: name))
        #expect(failures.isEmpty, "\(name):\n\(failures.joined(separator: "\n"))")
    }

    @Test func aDifferenceIsReportedWithItsLine() async throws {
        let transcript = try Transcript(parsing: """
            # what the user said, and what should come back
            you> open hello world
            HelloWorld> Welcome, you can say Hello or Help. Which would you like to try?
            you> hello
            HelloWorld> Goodbye World!
              intent: HelloWorldIntent
              session: ends
            """)
        let failures = await TranscriptReplay.run(transcript, on: try Self.host())
        #expect(failures == ["""
            line 4: you> hello
              speech
                expected: Goodbye World!
                actual:   Hello World!
              session
                expected: ends
                actual:   open
            """])
    }

    @Test func aDateCountedFromTodayIsWrittenAsOne() async throws {
        let today = CivilDate.today()
        let transcript = try Transcript(parsing: """
            you> what did i write yesterday
            My Journal> ReadEntriesIntent: date "{today-1}".
            you> what did i write yesterday
            My Journal> ReadEntriesIntent: date "{today+2}", not {tomorrow}.
            """)
        let failures = await TranscriptReplay.run(transcript, on: try Self.host(for: "model-journal.transcript"))
        #expect(failures == ["""
            line 3: you> what did i write yesterday
              speech
                expected: ReadEntriesIntent: date "\(today.adding(days: 2))", not {tomorrow}.
                actual:   ReadEntriesIntent: date "\(today.adding(days: -1))".
            """])
    }

    @Test(arguments: [
        ("HelloWorld> hi", "line 1: expected a \"you>\" line first"),
        ("you> hi\n  colour: blue", "line 2: unknown key \"colour\""),
        ("you> hi\n  session: maybe", "line 2: session is \"ends\" or \"open\""),
        ("you> hi\nA> x\nB> y", "line 3: a second answer for the turn on line 1"),
    ])
    func malformedTranscriptsAreNamed(text: String, message: String) {
        #expect {
            try Transcript(parsing: text)
        } throws: { error in "\(error)".hasPrefix(message) }
    }
}
