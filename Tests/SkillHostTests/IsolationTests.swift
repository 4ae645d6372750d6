import Foundation
import Loader
import SkillHost
import SkillModel
import Testing
import TestSupport

/// Skills in runner processes of their own: a crash or a hang costs one turn, the runner starts
/// again, and every other skill keeps serving.
@Suite struct IsolationTests {
    static var runner: RunnerConfiguration { RunnerConfiguration(executable: "\(TestSupport.productsFolder)/skillhost") }

    static func host(_ defines: [String], isolation: RunnerConfiguration = runner, deadline: Duration = .seconds(5)) throws -> HostEngine {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "StorageProbe"])
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: folder, name: "fixture")
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: deadline, dataRoot: try TestSupport.temporaryFolder("isolated-data"), isolation: isolation))
        return host
    }

    @Test func isolatedSkillsAnswerAsInProcessOnesDo() async throws {
        let host = try Self.host([])
        #expect(host.refusals.isEmpty, "\(host.refusals)")
        let entries = await host.registry.entries
        #expect(entries.count == 3)
        #expect(entries.allSatisfy { $0.skill.isIsolated })
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
        #expect(await host.turn("hello").speech == "Hello World!")
        // Storage crosses the runner's pipe and lands in the host's data root.
        #expect(await host.turn("open storage probe").speech == "Storage probe ready.")
        #expect(await host.turn("count").speech == "Count 1.")
        #expect(await host.turn("trespass").speech.contains("may not use app group group.com.someone.else"))
    }

    @Test(arguments: [
        ("CRASH_ON_ECHO", "crashed (Segmentation fault, signal 11)"),
        ("EXIT_ON_ECHO", "exited with status 3"),
    ])
    func aCrashCostsOneTurn(define: String, how: String) async throws {
        let host = try Self.host([define])
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let crashed = await host.turn("echo")
        #expect(crashed.speech == "There was a problem with the requested skill's response.")
        #expect(crashed.error?.contains(how) == true, "\(crashed.error ?? "")")
        #expect(crashed.endSession)
        #expect(await host.sessionOwner == nil)
        // The SessionEndedRequest(ERROR) went to a new runner; the skill serves again.
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        #expect(fixture.starts == 2)
        #expect(await host.turn("open fixture").speech == "fixture answer")
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    @Test func aHangCostsOneTurnAtTheDeadline() async throws {
        let host = try Self.host(["HANG_ON_ECHO"], deadline: .milliseconds(400))
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        let stuck = try #require(fixture.runnerProcessID)
        let hung = await host.turn("echo")
        #expect(hung.error?.contains("did not answer before its deadline") == true, "\(hung.error ?? "")")
        #expect(hung.endSession)
        #expect(kill(stuck, 0) != 0, "the stuck runner was stopped")
        #expect(await host.turn("open fixture").speech == "fixture answer")
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    @Test func onlyTheNamedSkillsAreIsolated() async throws {
        let host = try Self.host(["CRASH_ON_ECHO"], isolation: RunnerConfiguration(executable: Self.runner.executable, skills: ["fixture"]))
        let entries = await host.registry.entries
        #expect(entries.filter { $0.skill.isIsolated }.map(\.id) == ["com.test.fixture"])
        _ = await host.turn("open fixture")
        #expect(await host.turn("echo").error?.contains("crashed") == true)
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    @Test func aLibraryTheRunnerRefusesIsReportedWithTheReason() async throws {
        let host = try Self.host(["BAD_MODEL"])
        // The fixture is refused by its runner: the refusal names the file and the reason.
        let refusal = try #require(host.refusals.first)
        #expect(refusal.code == .malformedModel)
        #expect(refusal.path.hasSuffix("fixture.so"))
    }
}
