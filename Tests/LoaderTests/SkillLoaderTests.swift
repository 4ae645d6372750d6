import Foundation
import Loader
import SkillModel
import Testing
import TestSupport

/// Real libraries through the real loader: every refusal names the file and the reason.
@Suite struct SkillLoaderTests {
    let folder: String
    let loader: SkillLoader
    let logs = LogCollector()

    init() throws {
        folder = try TestSupport.temporaryFolder("loader")
        let sink = logs
        loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { sink.append($0) })
    }

    private func fixture(_ name: String, _ defines: String...) throws -> String {
        try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: folder, name: name)
    }

    private func refusal(_ path: String) throws -> LoaderError {
        do {
            let skill = try loader.load(path)
            throw FixtureError("expected \(path) to be refused, but \(skill.id) loaded")
        } catch let error as LoaderError {
            #expect(error.path == path)
            return error
        }
    }

    @Test func loadsAValidCSkillAndReadsItsManifestAndModel() async throws {
        let skill = try loader.load(try fixture("good"))
        #expect(skill.id == "com.test.fixture")
        #expect(skill.manifest.name == "Fixture")
        #expect(skill.model.invocationName == "fixture")
        #expect(skill.generation == 1)
        #expect(skill.shadowPath != skill.path)
        let again = try loader.load(skill.path)
        #expect(again.generation == 2)
    }

    @Test func answersOverTheABIAndLogsThroughBoundServices() async throws {
        let skill = try loader.load(try fixture("good"))
        let request = #"{"version":"1.0","request":{"type":"LaunchRequest","requestId":"r1"}}"#
        let response = try await skill.handle(Array(request.utf8))
        let text = String(decoding: response, as: UTF8.self)
        #expect(text.contains("fixture answer"))
        let record = try #require(logs.records.first)
        #expect(record.skillID == "com.test.fixture")
        #expect(record.generation == 1)
        #expect(record.message == "fixture handled a request")
    }

    @Test func aRetiredGenerationsServicesAreNoOps() async throws {
        let skill = try loader.load(try fixture("good"))
        let request = Array(#"{"request":{"type":"LaunchRequest"}}"#.utf8)
        _ = try await skill.handle(request)
        #expect(logs.records.count == 1)
        skill.binding.retire()
        _ = try await skill.handle(request)
        #expect(logs.records.count == 1)
    }

    @Test func refusesAFileThatIsNotELF() throws {
        let path = "\(folder)/notes.so"
        try "just some text".write(toFile: path, atomically: false, encoding: .utf8)
        let error = try refusal(path)
        #expect(error.code == .notELF)
        #expect(error.description.contains("not an ELF shared library"))
    }

    @Test func refusesATruncatedLibrary() throws {
        let good = try fixture("whole")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let path = "\(folder)/truncated.so"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let error = try refusal(path)
        #expect(error.code == .truncated)
        #expect(error.reason.contains("truncated"))
    }

    @Test func refusesALibraryForAnotherArchitecture() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try fixture("native")))
        bytes[18] = 183  // e_machine: AArch64 on this x86-64 host, or …
        bytes[19] = 0
        let native = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/exe")).read(upToCount: 20) ?? Data()
        if native.count == 20, native[18] == 183 {
            bytes[18] = 62  // … x86-64 on an AArch64 host
        }
        let path = "\(folder)/foreign.so"
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = try refusal(path)
        #expect(error.code == .wrongArchitecture)
        #expect(error.reason.hasPrefix("built for "))
    }

    @Test func refusesAFolderAndAFIFONamedLikeLibrariesWithoutBlocking() throws {
        let directory = "\(folder)/folder.so"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(try refusal(directory).code == .notAFile)
        let fifo = "\(folder)/pipe.so"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try refusal(fifo).code == .notAFile)
    }

    @Test func refusesAnExecutable() throws {
        let path = "\(folder)/program.so"
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: path)
        let error = try refusal(path)
        #expect(error.code == .notASharedLibrary || error.code == .missingFactory)
    }

    @Test func refusesALibraryWithoutTheFactory() throws {
        let error = try refusal(try fixture("nofactory", "NO_FACTORY"))
        #expect(error.code == .missingFactory)
        #expect(error.reason.contains("skillhost_create_skill_v1"))
    }

    @Test func refusesAnotherABIVersionBySymbolAndByTable() throws {
        let bySymbol = try refusal(try fixture("v2symbol", "EXPORT_VERSION=2"))
        #expect(bySymbol.code == .wrongABIVersion)
        #expect(bySymbol.reason.contains("version 2"))
        let byTable = try refusal(try fixture("v2table", "TABLE_ABI=2"))
        #expect(byTable.code == .wrongABIVersion)
        #expect(byTable.reason.contains("table says skill ABI version 2"))
    }

    @Test func refusesAFactoryThatReturnsNothing() throws {
        let error = try refusal(try fixture("null", "FACTORY_NULL"))
        #expect(error.code == .factoryReturnedNothing)
    }

    @Test func refusesATableTooSmall() throws {
        let error = try refusal(try fixture("small", "TABLE_SMALL"))
        #expect(error.code == .malformedTable)
    }

    @Test func refusesAnUnresolvedSymbolAtLoadNotAtFirstCall() throws {
        let error = try refusal(try fixture("unresolved", "UNRESOLVED"))
        #expect(error.code == .unresolvedSymbol)
        #expect(error.reason.contains("skillhost_test_function_nobody_defines"))
    }

    @Test func refusesMalformedManifestAndModelNamingTheJSONPath() throws {
        let manifest = try refusal(try fixture("badmanifest", "BAD_MANIFEST"))
        #expect(manifest.code == .malformedManifest)
        let mismatch = try refusal(try fixture("mismatch", "MANIFEST_ID_MISMATCH"))
        #expect(mismatch.code == .malformedManifest)
        #expect(mismatch.reason.contains("com.test.someone.else"))
        let model = try refusal(try fixture("badmodel", "BAD_MODEL"))
        #expect(model.code == .malformedModel)
        #expect(model.reason.contains("$.interactionModel.languageModel.invocationName"))
    }

    @Test func reportsASkillErrorAndSurvivesDoneCalledTwice() async throws {
        let failing = try loader.load(try fixture("fails", "SKILL_FAILS"))
        await #expect(throws: SkillCallError.self) {
            _ = try await failing.handle(Array(#"{"request":{"type":"LaunchRequest"}}"#.utf8))
        }
        let twice = try loader.load(try fixture("twice", "DONE_TWICE", "SKILL_ID=\"com.test.twice\""))
        let response = try await twice.handle(Array(#"{"request":{"type":"LaunchRequest"}}"#.utf8))
        #expect(String(decoding: response, as: UTF8.self).contains("fixture answer"))
        #expect(logs.records.contains { $0.skillID == "com.test.twice" && $0.level == .warning && $0.message.contains("done called twice") })
    }

    @Test func aSkillThatNeverAnswersCostsOneTurnAtTheDeadline() async throws {
        let hung = try loader.load(try fixture("hung", "NEVER_DONE"))
        let start = ContinuousClock.now
        do {
            _ = try await hung.handle(Array(#"{"request":{"type":"LaunchRequest"}}"#.utf8), deadline: .milliseconds(200))
            Issue.record("expected a deadline error")
        } catch {
            #expect(error.message == "did not answer before its deadline")
        }
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        // The next turn gets its own deadline and its own answer (here: none again).
        await #expect(throws: SkillCallError.self) {
            _ = try await hung.handle(Array(#"{"request":{"type":"LaunchRequest"}}"#.utf8), deadline: .milliseconds(50))
        }
    }

    @Test func scanningAFolderLoadsTheGoodAndRefusesTheRestOneByOne() throws {
        let scanFolder = try TestSupport.temporaryFolder("scan")
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["SKILL_ID=\"com.test.a\""], into: scanFolder, name: "a")
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["SKILL_ID=\"com.test.a\""], into: scanFolder, name: "b-duplicate")
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["NO_FACTORY"], into: scanFolder, name: "c-nofactory")
        try "garbage".write(toFile: "\(scanFolder)/d-garbage.so", atomically: false, encoding: .utf8)
        try "not a skill".write(toFile: "\(scanFolder)/README.txt", atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestSupport.product("HelloWorld"), toPath: "\(scanFolder)/e-hello.so")

        let scan = loader.loadAll(from: [scanFolder, "\(scanFolder)/missing-folder"])
        #expect(scan.loaded.map(\.id.rawValue) == ["com.test.a", "com.skillhost.examples.helloworld"])
        #expect(scan.refusals.map(\.code) == [.duplicateSkillID, .missingFactory, .notELF, .unreadable])
        #expect(scan.refusals[0].reason.contains("\(scanFolder)/a.so"))
    }

    @Test func loadsTheCSkillCompiledOutsideThePackageFromTheHeaderAloneAndItAnswers() async throws {
        let path = try TestSupport.compileC("\(TestSupport.packageRoot)/Skills/CoinFlip/CoinFlip.c", into: folder, name: "libCoinFlip")
        let skill = try loader.load(path)
        #expect(skill.id == "com.skillhost.examples.coinflip")
        #expect(skill.model.intents.map(\.name.rawValue).contains("FlipCoinIntent"))
        let request = #"{"session":{"attributes":{"flips":4}},"request":{"type":"IntentRequest","intent":{"name":"FlipCoinIntent"}}}"#
        let response = try JSONParser.parse(try await skill.handle(Array(request.utf8)))
        #expect(response["response"]?["outputSpeech"]?["text"]?.string == "Heads.")
        #expect(response["sessionAttributes"]?["flips"]?.int == 5)
        #expect(logs.records.contains { $0.skillID == "com.skillhost.examples.coinflip" && $0.message == "flipped a coin" })
    }
}

final class LogCollector: Sendable {
    private let storage = Locked<[SkillLogRecord]>([])
    func append(_ record: SkillLogRecord) { storage.withLock { $0.append(record) } }
    var records: [SkillLogRecord] { storage.withLock { $0 } }
}

@Suite struct RetiredImageTests {
    /// A retired generation gives back its code pages; its code still runs if called (a late
    /// callback), read back from its shadow file.
    @Test func aRetiredSwiftSkillsCodeStillRunsAfterItsPagesAreReleased() async throws {
        let loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { _ in })
        let skill = try loader.load(TestSupport.product("HelloWorld"))
        let request = Array(#"{"version":"1.0","session":{"new":true,"sessionId":"s","application":{"applicationId":"a"},"user":{"userId":"u"},"attributes":{}},"request":{"type":"LaunchRequest","requestId":"r1"}}"#.utf8)
        skill.retire()
        for _ in 0..<3 {
            let response = String(decoding: try await skill.handle(request), as: UTF8.self)
            #expect(response.contains("Welcome, you can say Hello or Help"))
            skill.retire()
        }
    }
}
