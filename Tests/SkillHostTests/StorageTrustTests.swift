import Foundation
import SkillHost
import Testing
import TestSupport

/// Storage belongs to whoever used it first: another library claiming a skill's id cannot
/// reach its private container, and a manifest naming an app group does not open it, until the
/// user says so (`skillhost trust`).
@Suite struct StorageTrustTests {
    let dataRoot: String

    init() throws { dataRoot = try TestSupport.temporaryFolder("trust-data") }

    /// A folder with the storing fixture built with `defines`, and a host on the shared data root.
    func host(_ name: String, _ defines: [String]) throws -> (host: HostEngine, library: String) {
        let folder = try TestSupport.temporaryFolder("trust-" + name)
        let library = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["STORAGE"] + defines, into: folder, name: name)
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, dataRoot: dataRoot))
        #expect(host.refusals.isEmpty, "\(host.refusals)")
        return (host, library)
    }

    func skillhost(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = arguments + ["--data", dataRoot]
        process.environment = TestSupport.childEnvironment()
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func anotherLibraryClaimingAnIdDoesNotGetItsStorage() async throws {
        let (real, _) = try host("real", [])
        #expect(await real.turn("open fixture").speech.hasPrefix("status 0 reply"))
        let (impostor, library) = try host("impostor", [])
        let refused = await impostor.turn("open fixture").speech
        #expect(refused.hasPrefix("status 1 reply skill id com.test.fixture's storage belongs to /"), "\(refused)")
        #expect(refused.contains("real.so, which used it first"), "\(refused)")
        // The user says it is the same skill, moved.
        #expect(try skillhost(["trust", "move", "com.test.fixture", library]) == 0)
        #expect(await impostor.turn("open fixture").speech.hasPrefix("status 0 reply"))
        #expect(await real.turn("open fixture").speech.hasPrefix("status 1 reply skill id com.test.fixture's storage belongs to /"))
    }

    @Test func aManifestAloneDoesNotOpenAnotherSkillsGroup() async throws {
        let group = #"APP_GROUP="group.com.test.shared""#
        let inGroup = #"STORE_CONTAINER="group.com.test.shared""#
        let (owner, _) = try host("owner", [group, inGroup, #"SKILL_ID="com.test.owner""#])
        #expect(await owner.turn("open fixture").speech.hasPrefix("status 0 reply"))
        let (other, _) = try host("other", [group, inGroup, #"SKILL_ID="com.test.other""#])
        let refused = await other.turn("open fixture").speech
        #expect(refused.hasPrefix("status 1 reply app group group.com.test.shared belongs to com.test.owner, which used it first"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: "\(dataRoot)/skills/com.test.other"))
        #expect(try skillhost(["trust", "grant", "group.com.test.shared", "com.test.other"]) == 0)
        #expect(await other.turn("open fixture").speech.hasPrefix("status 0 reply"))
        #expect(try skillhost(["trust", "revoke", "group.com.test.shared", "com.test.other"]) == 0)
        #expect(await other.turn("open fixture").speech.hasPrefix("status 1 reply app group"))
    }

    /// Of two libraries with one skill id, the one whose the id's storage is loads, whichever
    /// sorts first.
    @Test func theOwnerOfAnIdLoadsWhicheverFileSortsFirst() async throws {
        let folder = try TestSupport.temporaryFolder("trust-both")
        let real = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["STORAGE"], into: folder, name: "zz-real")
        let first = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, dataRoot: dataRoot))
        #expect(await first.turn("open fixture").speech.hasPrefix("status 0 reply"))
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["STORAGE"], into: folder, name: "aa-impostor")
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, dataRoot: dataRoot))
        let refusal = try #require(host.refusals.first)
        #expect(refusal.path.hasSuffix("aa-impostor.so"))
        #expect(refusal.reason.contains("its storage belongs to \(real)"), "\(refusal.reason)")
        #expect(await host.registry.entry("com.test.fixture")?.skill.path == real)
        #expect(await host.turn("open fixture").speech.hasPrefix("status 0 reply"))
    }
}
