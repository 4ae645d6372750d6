import Foundation
import SkillHost
import SkillHostCLI
import SkillModel
import Testing
import TestSupport

/// `skillhost --model FILE`: an Alexa model with a dialog model, talked to with no skill behind
/// it, as a user porting a skill would try it first.
@Suite struct ModelOptionTests {
    static let anniversary = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SkillHostTests/Fixtures/anniversary-en-US.json").standardized.path

    @Test func aModelAloneIsTalkedToThroughItsDialog() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = ["--model", Self.anniversary, "--json", "--no-watch", "--data", try TestSupport.temporaryFolder("model-option")]
        process.environment = TestSupport.childEnvironment()
        let (stdin, stdout) = (TestSupport.pipe(), TestSupport.pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data("ask anniversary keeper to remember our anniversary\nthe 12th of september\n2001\nyes\n".utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let turns = try output.split(separator: "\n").map { try #require(try JSONParser.parse(String($0)).object) }
        #expect(turns.map { $0["speech"]?.string } == [
            "On which day?", "And the year?", "september 12, 2001. Shall I keep it?",
            #"RememberAnniversaryIntent, COMPLETED, CONFIRMED: day "12"; month "september" (september, id 09); year "2001"."#,
        ])
        #expect(turns.map { $0["skill"]?.string } == Array(repeating: "local.model.anniversary-keeper", count: 4), "no other skill is loaded")
        #expect(turns[1]["asks"]?["slot"]?.string == "year")
        #expect(turns[3]["dialogState"]?.string == "COMPLETED")
    }

    @Test func skillsSaysItIsAModel() async throws {
        var options = HostOptions(skillFolders: [], dataRoot: try TestSupport.temporaryFolder("model-skills"))
        options.models = [Self.anniversary]
        let output = CapturedText()
        await REPL(host: try HostEngine(options: options), input: ScriptedLines([":skills"]), output: CapturedText(), diagnostics: output, format: .text).run()
        #expect(output.text.hasPrefix("Anniversary Keeper (local.model.anniversary-keeper) a model with no skill behind it, generation 1"))
    }
}
