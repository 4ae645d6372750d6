import Foundation
import NLU
import SkillHost
@testable import SkillHostCLI
import SkillModel
import Testing
import TestSupport

/// The rough edges a new user hit (issue 18), each tried again the way it was found.
@Suite struct RoughEdgeTests {
    static var skillhost: String { "\(TestSupport.productsFolder)/skillhost" }

    @Test func dataGoesBeforeTheSubcommandToo() throws {
        #expect(SkillhostCommand.normalized(["--data", "D", "storage", "list", "com.example.x"]) == ["storage", "list", "com.example.x", "--data", "D"])
        #expect(SkillhostCommand.normalized(["--database=postgres://x", "replay", "a", "--", "b"]) == ["replay", "a", "--database=postgres://x", "--", "b"])
        // Not before a subcommand: left for the REPL, which takes it as it always did.
        #expect(SkillhostCommand.normalized(["--data", "D", "--json"]) == ["--data", "D", "--json"])

        let data = try TestSupport.temporaryFolder("data-first")
        let listed = try NewSkillTests.run(Self.skillhost, ["--data", data, "storage", "list", "com.example.nothing"])
        #expect(listed.status == 0, "\(listed.output)")
    }

    @Test func aMissingSkillsFolderIsAnErrorNotAnEmptyHost() throws {
        let missing = try TestSupport.temporaryFolder("missing-parent") + "/nowhere"
        let run = try NewSkillTests.run(Self.skillhost, ["--skills", missing])
        #expect(run.status != 0)
        #expect(run.output.contains("--skills \(missing): no such folder"), "\(run.output)")
        #expect(!run.output.contains("watching"), "\(run.output)")
    }

    @Test func tabCompletesRecord() {
        #expect(Completion().complete(":rec").candidates.contains(":record"))
    }

    @Test func exitFromAPipePrintsNoEmptyAnswer() async throws {
        let (output, _) = try await REPLTests.run("open hello world\nexit\n", format: .text)
        #expect(output == "HelloWorld> Welcome, you can say Hello or Help. Which would you like to try?\n", "\(output)")
    }

    @Test func recordingOverStoredDataWarnsThatReplayStartsEmpty() async throws {
        let data = try TestSupport.temporaryFolder("record-data")
        try FileManager.default.createDirectory(atPath: data + "/skills/com.example.x", withIntermediateDirectories: true)
        try "{}".write(toFile: data + "/skills/com.example.x/list.json", atomically: true, encoding: .utf8)
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache, dataRoot: data))
        let transcript = try TestSupport.temporaryFolder("record-file") + "/t.transcript"
        let diagnostics = CapturedText()
        await REPL(host: host, input: ScriptedLines([":record \(transcript)", "open hello world"]), output: CapturedText(), diagnostics: diagnostics, format: .text).run()
        #expect(diagnostics.text.contains("already holds 1 skill document"), "\(diagnostics.text)")
    }

    @Test func aRecordedTranscriptSaysHowToReplayItAgainstTheSameSkills() async throws {
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("record-header-data")))
        let transcript = try TestSupport.temporaryFolder("record-header") + "/t.transcript"
        await REPL(host: host, input: ScriptedLines([":record \(transcript)", "open hello world"]), output: CapturedText(), diagnostics: CapturedText(), format: .text).run()
        let header = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n").first.map(String.init)
        #expect(header == "# Recorded by skillhost; replay with: skillhost replay \(transcript) --skills \(folder)")
        #expect(REPL.shellWord("my models/pizza.json") == "'my models/pizza.json'")
        #expect(REPL.shellWord("it's") == #"'it'\''s'"#)
        #expect(REPL.shellWord("Skills/x-1.so") == "Skills/x-1.so")
    }

    @Test func evalReportsStrictF1AndNoSlotF1ForAnIntentWithoutSlots() {
        var evaluation = Evaluation()
        let city = AnnotatedUtterance.Slot(name: "city", value: "paris", start: 8, end: 13)
        evaluation.add(expected: AnnotatedUtterance(text: "fly to paris", intent: "Fly", slots: [city]), intent: "Fly", slots: [city])
        evaluation.add(expected: AnnotatedUtterance(text: "book paris", intent: "Fly", slots: [city]), intent: "Book", slots: [city])
        evaluation.add(expected: AnnotatedUtterance(text: "hello", intent: "Hello", slots: []), intent: "Hello", slots: [])
        let pooled = evaluation.pooled
        #expect(pooled.f1 == 1)
        #expect(pooled.strictF1 == 0.5, "a slot in a sentence whose intent is wrong counts only loosely")
        let report = evaluation.report
        #expect(report.contains("strict F1"))
        #expect(report.split(separator: "\n").first { $0.hasPrefix("Hello") }?.contains("n/a") == true, "\(report)")
    }

    @Test func parseListsConsideredBestFirstAndNamesTheMainModelByItsFile() throws {
        let (line, text) = try Self.parseAcrossShops("order a pizza")
        #expect(line["skill"]?.string == "pizza", "\(text)")
        let scores = line["considered"]?.array?.compactMap { $0["score"]?.number.flatMap { Double($0.literal) } } ?? []
        #expect(!scores.isEmpty && scores == scores.sorted(by: >), "\(text)")
    }

    /// Across models, `--why` says for a line that was taken too why it went where it did: the
    /// routing model's choice first, then what each model made of it.
    @Test func whyAcrossModelsExplainsATakenLineToo() throws {
        let (line, text) = try Self.parseAcrossShops("order a pizza", "--why")
        #expect(line["skill"]?.string == "pizza", "\(text)")
        let why = line["why"]?.array?.compactMap(\.string) ?? []
        #expect(why.first?.hasPrefix("routing model: likeliest pizza OrderIntent") == true, "\(text)")
        #expect(why.contains { $0.hasPrefix("pizza: understood as OrderIntent") }, "\(text)")
        #expect(why.contains { $0.hasPrefix("coffee: ") }, "\(text)")
    }

    /// One line through `skillhost nlu parse` across a pizza shop's model (the main one) and a
    /// coffee shop's: its JSON line, and all that was printed.
    static func parseAcrossShops(_ text: String, _ extra: String...) throws -> (line: JSONValue, printed: String) {
        let folder = try TestSupport.temporaryFolder("parse-with")
        let pizza = #"{"interactionModel":{"languageModel":{"invocationName":"pizza shop","intents":[{"name":"OrderIntent","slots":[],"samples":["order a pizza","i want a pizza"]},{"name":"MenuIntent","slots":[],"samples":["what is on the menu"]}]}}}"#
        let coffee = #"{"interactionModel":{"languageModel":{"invocationName":"coffee shop","intents":[{"name":"BrewIntent","slots":[],"samples":["brew a coffee","make me a coffee"]}]}}}"#
        try pizza.write(toFile: folder + "/pizza.json", atomically: true, encoding: .utf8)
        try coffee.write(toFile: folder + "/coffee.json", atomically: true, encoding: .utf8)
        let (status, printed) = try TestSupport.run(skillhost, ["nlu", "parse", "--model", folder + "/pizza.json", "--with", folder + "/coffee.json"] + extra, input: text + "\n")
        #expect(status == 0, "\(printed)")
        let json = try #require(printed.split(separator: "\n").first { $0.hasPrefix("{") }, "\(printed)")
        return (try JSONParser.parse(String(json)), printed)
    }
}
