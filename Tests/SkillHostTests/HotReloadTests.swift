import Foundation
import Loader
import SkillHost
import SkillModel
import Testing
import TestSupport

/// Reloading one skill while the host runs: real libraries rebuilt with the C compiler and
/// dropped over the old ones.
@Suite struct HotReloadTests {
    let folder: String
    let scratch: String
    let events = EventLog<HostEvent>()

    init() throws {
        folder = try TestSupport.temporaryFolder("reload")
        scratch = try TestSupport.temporaryFolder("reload-builds")
    }

    /// Compiles the fixture with `defines` and puts it at `folder/name.so` the way a linker
    /// finishing a build does: written aside, then renamed over the old file.
    @discardableResult
    func build(_ name: String, _ defines: [String]) throws -> String {
        let built = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: scratch, name: name + "-\(UUID().uuidString.prefix(8))")
        let target = "\(folder)/\(name).so"
        #expect(rename(built, target) == 0)
        return target
    }

    func host(trust: TrustPolicy = .strict) throws -> HostEngine {
        let events = self.events
        return try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, trust: trust, events: { events.append($0) }))
    }

    static let echo = ["ELICIT", #"SKILL_ID="com.test.echo""#, #"INVOCATION="echo chamber""#]

    @Test func theNextTurnReachesTheNewGenerationMidDialog() async throws {
        let path = try build("echo", Self.echo)
        let host = try host()
        await host.setRecordsEnvelopes(true)
        #expect(await host.turn("open echo chamber").speech == "Say echo.")
        let question = await host.turn("echo")
        #expect(question.speech == "What thing?")
        let sessionID = try #require(question.requestJSON.flatMap { try? JSONParser.parse($0) }?["session"]?["sessionId"]?.string)

        try build("echo", Self.echo + [#"ECHO_PREFIX="generation two heard""#])
        let event = try #require(await host.reload(origin: path))
        #expect(event.kind == .reloaded)
        #expect(event.generation == 2)
        #expect(event.description.hasPrefix("↻ Fixture generation 2 in "))

        // The answer to the question the old generation asked reaches the new one, in the
        // same session, still eliciting.
        let answer = await host.turn("a purple banana")
        #expect(answer.speech == "generation two heard a purple banana (IN_PROGRESS)")
        let request = try #require(answer.requestJSON.flatMap { try? JSONParser.parse($0) })
        #expect(request["session"]?["sessionId"]?.string == sessionID)
        #expect(request["session"]?["new"]?.bool == false)
        #expect(await host.registry.entry("com.test.echo")?.skill.generation == 2)
    }

    @Test func theWatcherReloadsAChangedLibraryOnce() async throws {
        try build("fixture", [#"REPLY="first answer""#])
        let host = try host()
        await host.startWatching()
        #expect(events.all.first?.kind == .watching)
        #expect(await host.turn("open fixture").speech == "first answer")
        try build("fixture", [#"REPLY="second answer""#])
        let event = await events.wait { $0.kind == .reloaded }
        #expect(event?.generation == 2)
        #expect(await host.turn("open fixture").speech == "second answer")
        try? await Task.sleep(for: .milliseconds(400))
        #expect(events.all.filter { $0.kind == .reloaded }.count == 1, "one change, one reload: \(events.all)")
        await host.shutdown()
    }

    @Test func theWatcherLoadsNewLibrariesAndUnroutesRemovedOnes() async throws {
        let host = try host()
        await host.startWatching()
        let path = try build("late", [#"SKILL_ID="com.test.late""#, #"INVOCATION="late comer""#, #"REPLY="just arrived""#])
        #expect(await events.wait { $0.kind == .loaded }?.skillID == "com.test.late")
        #expect(await host.turn("open late comer").speech == "just arrived")
        #expect(await host.sessionOwner == "com.test.late")
        try FileManager.default.removeItem(atPath: path)
        #expect(await events.wait { $0.kind == .removed }?.skillID == "com.test.late")
        #expect(await host.sessionOwner == nil)
        #expect(await host.turn("open late comer").skillID == nil)
        await host.shutdown()
    }

    /// A skills folder deleted and made again is watched again: what is put in it loads.
    @Test func theWatcherSurvivesItsFolderBeingDeletedAndMadeAgain() async throws {
        let host = try host()
        await host.startWatching()
        try FileManager.default.removeItem(atPath: folder)
        try await Task.sleep(for: .milliseconds(100))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try build("late", [#"SKILL_ID="com.test.late""#, #"INVOCATION="late comer""#, #"REPLY="back again""#])
        #expect(await events.wait { $0.kind == .loaded }?.skillID == "com.test.late")
        #expect(await host.turn("open late comer").speech == "back again")
        await host.shutdown()
    }

    /// `:reload` with no name also loads libraries that arrived since (with no watcher running).
    @Test func reloadingEverythingFindsNewLibraries() async throws {
        try build("fixture", [#"REPLY="first""#])
        let host = try host()
        try build("late", [#"SKILL_ID="com.test.late""#, #"INVOCATION="late comer""#, #"REPLY="found""#])
        let events = await host.reload(skill: nil)
        #expect(events.contains { $0.kind == .loaded && $0.skillID == "com.test.late" }, "\(events)")
        #expect(await host.turn("open late comer").speech == "found")
        #expect(await host.turn("open fixture").speech == "first")
    }

    @Test func pollingIsTheAnnouncedFallback() async throws {
        try build("fixture", [#"REPLY="first answer""#])
        let host = try host()
        let watching = await host.startWatching(forcePolling: true)
        #expect(watching.first?.message.hasPrefix("polling every 500 ms") == true)
        try build("fixture", [#"REPLY="polled answer""#])
        #expect(await events.wait { $0.kind == .reloaded } != nil)
        #expect(await host.turn("open fixture").speech == "polled answer")
        await host.shutdown()
    }

    /// Each broken build keeps the running generation answering, says which skill, which
    /// generation and why; a good build after it loads.
    @Test(arguments: [
        ("truncated", "truncated"),
        ("garbage", "not an ELF shared library"),
        ("NO_FACTORY", "missing symbol skillhost_create_skill_v1"),
        ("UNRESOLVED", "unresolved symbol"),
        ("EXPORT_VERSION=2", "skill ABI version 2"),
        ("BAD_MODEL", "malformed interaction model"),
    ])
    func aBrokenBuildKeepsTheRunningGeneration(breakage: String, reason: String) async throws {
        let path = try build("fixture", [#"REPLY="working answer""#])
        let host = try host()
        #expect(await host.turn("open fixture").speech == "working answer")

        switch breakage {
        case "truncated":
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: path))
        case "garbage":
            try Data("error: linker command failed".utf8).write(to: URL(fileURLWithPath: path))
        default:
            try build("fixture", [#"REPLY="broken answer""#, breakage])
        }
        let kept = try #require(await host.reload(origin: path))
        #expect(kept.kind == .kept)
        #expect(kept.name == "Fixture")
        #expect(kept.generation == 1)
        #expect(kept.message.contains(reason), "\(kept.message)")
        #expect(kept.description.contains("Fixture (\(kept.origin)): new build refused, generation 1 keeps answering"))
        #expect(await host.turn("echo").speech == "working answer")

        try build("fixture", [#"REPLY="fixed answer""#])
        let fixed = try #require(await host.reload(origin: path))
        #expect(fixed.kind == .reloaded)
        #expect(await host.turn("open fixture").speech == "fixed answer")
    }

    /// Reloads do not pile copies up on disk: a refused build's copy goes at once, and only
    /// the last few retired generations keep theirs (for backtraces).
    @Test(arguments: [false, true])
    func reloadsKeepABoundedNumberOfCopies(isolated: Bool) async throws {
        let path = try build("fixture", [#"REPLY="answer 0""#])
        let events = self.events
        let runner = RunnerConfiguration(executable: "\(TestSupport.productsFolder)/skillhost")
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, events: { events.append($0) }, isolation: isolated ? runner : nil))
        let copies = { (try? FileManager.default.contentsOfDirectory(atPath: host.shadowFolder)) ?? [] }
        for generation in 1...(ShadowDirectory.keptRetired + 4) {
            try build("fixture", [#"REPLY="answer \#(generation)""#])
            #expect(await host.reload(origin: path)?.kind == .reloaded)
            try build("fixture", ["BAD_MODEL"])
            #expect(await host.reload(origin: path)?.kind == .kept)
        }
        #expect(await host.turn("open fixture").speech == "answer \(ShadowDirectory.keptRetired + 4)")
        // The serving generation's copy and the retired ones kept.
        #expect(copies().count == ShadowDirectory.keptRetired + 1, "\(copies())")
    }

    /// An isolated turn under way when its skill is reloaded finishes on the generation it
    /// reached; the next one reaches the new generation; the session never ends.
    @Test func aReloadDuringAnIsolatedTurnLetsTheTurnFinish() async throws {
        let path = try build("fixture", [#"REPLY="old answer""#, "SLEEP_ON_ECHO=600"])
        let runner = RunnerConfiguration(executable: "\(TestSupport.productsFolder)/skillhost")
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, isolation: runner))
        #expect(await host.turn("open fixture").speech == "old answer")
        async let underWay = host.turn("echo")
        try await Task.sleep(for: .milliseconds(200))
        try build("fixture", [#"REPLY="new answer""#])
        #expect(await host.reload(origin: path)?.kind == .reloaded)
        let finished = await underWay
        #expect(finished.error == nil, "\(finished.error ?? "")")
        #expect(finished.speech == "old answer")
        #expect(!finished.endSession)
        #expect(await host.sessionOwner == "com.test.fixture")
        #expect(await host.turn("echo").speech == "new answer")
    }

    @Test func aReloadThatWouldStealAnotherSkillsNameIsRefused() async throws {
        try build("a-first", [#"SKILL_ID="com.test.first""#, #"INVOCATION="first skill""#, #"REPLY="first""#])
        let second = try build("b-second", [#"SKILL_ID="com.test.second""#, #"INVOCATION="second skill""#, #"REPLY="second""#])
        let host = try host()
        try build("b-second", [#"SKILL_ID="com.test.second""#, #"INVOCATION="first skill""#, #"REPLY="thief""#])
        let event = try #require(await host.reload(origin: second))
        #expect(event.kind == .kept)
        #expect(event.message.contains("invocation name 'firstskill' is already Fixture's (com.test.first)"))
        #expect(await host.turn("open first skill").speech == "first")
        #expect(await host.turn("open second skill").speech == "second")
    }

    // MARK: Trust

    @Test func aWorldWritableLibraryOrFolderIsRefusedUnlessAllowed() async throws {
        let path = try build("fixture", [#"REPLY="risky answer""#])
        #expect(chmod(path, 0o757) == 0)
        let strict = try host()
        #expect(strict.refusals.first?.code == .untrusted)
        #expect(strict.refusals.first?.reason.contains("writable by every user") == true)
        #expect(strict.refusals.first?.reason.contains("--allow-untrusted") == true)
        #expect(await strict.turn("open fixture").skillID == nil)
        #expect(await (try host(trust: .anyone)).turn("open fixture").speech == "risky answer")

        #expect(chmod(path, 0o755) == 0)
        #expect(chmod(folder, 0o777) == 0)
        let folderRefused = try host()
        #expect(folderRefused.refusals.first?.path == folder)
        #expect(folderRefused.refusals.first?.reason.contains("skills folder is writable by every user") == true)
    }

    /// A link in the skills folder to a library in a folder anyone can write to is refused
    /// (the file is checked where it really is, every folder up); so is a skills folder inside
    /// such a folder.
    @Test func whereALibraryReallyIsIsCheckedEveryFolderUp() async throws {
        let open = try TestSupport.temporaryFolder("reload-open")
        #expect(chmod(open, 0o777) == 0)
        let built = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: [#"REPLY="linked answer""#], into: open, name: "fixture")
        #expect(symlink(built, "\(folder)/fixture.so") == 0)
        let strict = try host()
        let refusal = try #require(strict.refusals.first)
        #expect(refusal.code == .untrusted)
        #expect(refusal.path == "\(folder)/fixture.so")
        #expect(refusal.reason.contains("the folder \(open) above it is writable by every user"), "\(refusal.reason)")
        #expect(await (try host(trust: .anyone)).turn("open fixture").speech == "linked answer")

        let inside = "\(open)/skills"
        #expect(mkdir(inside, 0o755) == 0)
        let data = try TestSupport.temporaryFolder("reload-open-data")
        let nested = try HostEngine(options: HostOptions(skillFolders: [inside], dataRoot: data))
        #expect(nested.refusals.first?.path == inside)
        #expect(nested.refusals.first?.reason.contains("the folder \(open) above it is writable by every user") == true)
        // Sticky, as /tmp is: no one can rename another's entries, so what is below is safe.
        #expect(chmod(open, 0o1777) == 0)
        #expect(try HostEngine(options: HostOptions(skillFolders: [inside], dataRoot: data)).refusals.isEmpty)
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aLibraryOwnedByAnotherUserIsRefused() async throws {
        let path = try build("fixture", [#"REPLY="their answer""#])
        #expect(chown(path, 65534, 65534) == 0)
        let host = try host()
        #expect(host.refusals.first?.code == .untrusted)
        #expect(host.refusals.first?.reason.contains("belongs to user 65534") == true)
    }
}
