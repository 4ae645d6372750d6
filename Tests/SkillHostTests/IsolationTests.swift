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

    static func host(_ defines: [String], isolation: RunnerConfiguration? = runner, deadline: Duration = .seconds(5)) throws -> HostEngine {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "StorageProbe"])
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: folder, name: "fixture")
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: deadline * TestSupport.patience, nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("isolated-data"), isolation: isolation))
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

    /// A runner that writes a frame header over the size limit (a hostile skill, writing to
    /// the frame pipe itself) is stopped at once, not read from or waited for.
    @Test func aRunnerSendingAnOversizedFrameIsStoppedAtOnce() async throws {
        let host = try Self.host(["RAW_FRAME_ON_ECHO=0xFFFFFF00u"], deadline: .seconds(30))
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        let runner = try #require(fixture.runnerProcessID)
        let clock = ContinuousClock()
        let started = clock.now
        let broken = await host.turn("echo")
        #expect(clock.now - started < .seconds(20) * TestSupport.patience, "the host did not wait for the deadline")
        #expect(broken.error?.contains("a frame of 4294967040 bytes, over the limit of 64 MiB") == true, "\(broken.error ?? "")")
        #expect(kill(runner, 0) != 0, "the runner was stopped")
        #expect(await host.turn("open fixture").speech == "fixture answer")
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    /// A frame that starts and never finishes costs the turn at its deadline.
    @Test func theDeadlineHoldsWhileAFrameIsRead() async throws {
        let host = try Self.host(["RAW_FRAME_ON_ECHO=1000"], deadline: .milliseconds(500))
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        let runner = try #require(fixture.runnerProcessID)
        let stuck = await host.turn("echo")
        #expect(stuck.error?.contains("did not answer before its deadline") == true, "\(stuck.error ?? "")")
        #expect(kill(runner, 0) != 0, "the runner was stopped")
        #expect(await host.turn("open fixture").speech == "fixture answer")
    }

    /// A response over the size limit is refused by name, in a runner or in the host's own
    /// process, and the skill answers the next turn.
    @Test(arguments: [true, false])
    func anOversizedResponseIsRefused(isolated: Bool) async throws {
        let host = try Self.host(["BIG_RESPONSE=50000000"], isolation: isolated ? Self.runner : nil)
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let big = await host.turn("echo")
        #expect(big.error?.contains("its response is 50000101 bytes, over the limit of 1 MiB") == true, "\(big.error ?? "")")
        #expect(await host.turn("open fixture").speech == "fixture answer")
    }

    /// A 100 MB log line is cut to the limit, saying so; the turn is answered.
    @Test func aHugeLogLineIsCut() async throws {
        let (host, lines) = try Self.loggingHost(["BIG_LOG=100000000"])
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let logged = lines.all
        #expect(logged.contains { $0.hasSuffix("… (\(100_000_000 - SkillLimits.logLineBytes) more bytes cut)") && $0.utf8.count < SkillLimits.logLineBytes + 100 }, "\(logged.map { $0.suffix(60) })")
    }

    /// HelloWorld and the fixture built with `defines`, isolated, with what they log.
    static func loggingHost(_ defines: [String]) throws -> (HostEngine, EventLog<String>) {
        let lines = EventLog<String>()
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: defines, into: folder, name: "fixture")
        var options = HostOptions(skillFolders: [folder], dataRoot: try TestSupport.temporaryFolder("isolated-data"), isolation: Self.runner)
        options.logSink = { record in lines.append(record.message) }
        return (try HostEngine(options: options), lines)
    }

    /// A factory that takes long is named while start-up waits for it.
    @Test func aSlowFactoryIsNamedWhileStartUpWaits() throws {
        let messages = Locked<[String]>([])
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["SLOW_FACTORY=4"], into: folder, name: "fixture")
        var options = HostOptions(skillFolders: [folder], dataRoot: try TestSupport.temporaryFolder("slow-data"))
        options.progress = { message in messages.withLock { $0.append(message) } }
        let host = try HostEngine(options: options)
        #expect(host.refusals.isEmpty)
        let said = messages.withLock { $0 }
        // The seconds are what the clock said; a loaded machine may add one.
        #expect(said.first.map { ["still loading fixture.so after 3 s (its factory has not returned)", "still loading fixture.so after 4 s (its factory has not returned)"].contains($0) } == true, "\(said)")
        #expect(said.last.map { ["fixture.so loaded after 4 s", "fixture.so loaded after 5 s"].contains($0) } == true, "\(said)")
        #expect(said.count == 2, "\(said)")
        #expect(!said.contains { $0.contains("libHelloWorld") }, "a quick load says nothing")
    }

    /// A runner's memory is limited: an allocation past the limit fails and costs that turn;
    /// one within it works.
    @Test(.enabled(if: dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") == nil && dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil, "a sanitizer build's runner has no memory limit"))
    func aRunnerCannotTakeMoreMemoryThanItsLimit() async throws {
        let limited = RunnerConfiguration(executable: Self.runner.executable, memoryLimit: 256 << 20)
        let greedy = try Self.host(["ALLOCATE_ON_ECHO=512"], isolation: limited)
        #expect(await greedy.turn("open fixture").speech == "fixture answer")
        let refused = await greedy.turn("echo")
        #expect(refused.error?.contains("crashed (Aborted, signal 6)") == true, "\(refused.error ?? "")")
        #expect(await greedy.turn("open fixture").speech == "fixture answer")
        let modest = try Self.host(["ALLOCATE_ON_ECHO=64"], isolation: limited)
        _ = await modest.turn("open fixture")
        #expect(await modest.turn("echo").error == nil)
    }

    /// A runner gets its two pipes and standard error, nothing else of the host's: not a
    /// descriptor the host left open across exec (a socket, a database connection, a file).
    @Test func aRunnerInheritsNoDescriptorOfTheHost() async throws {
        let path = try TestSupport.temporaryFolder("descriptor") + "/host-only"
        let leaked = open(path, O_RDWR | O_CREAT, 0o600)  // no O_CLOEXEC, on purpose
        #expect(leaked > 2)
        defer { close(leaked) }
        let host = try Self.host([], isolation: RunnerConfiguration(executable: Self.runner.executable, skills: ["fixture"]))
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        let pid = try #require(fixture.runnerProcessID)
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap { name in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)")
        }
        #expect(!held.contains(path), "the runner holds the host's \(path)")
        await host.shutdown()
    }

    /// Where the host can make control groups (root on cgroup v1, a delegated cgroup v2
    /// subtree), each runner is in one of its own, limited to its CPU and memory, and the group
    /// goes when the runner does.
    @Test(.enabled(if: RunnerConfiguration.hasControlGroups, "this host cannot make control groups"))
    func aRunnerIsLimitedByAControlGroupOfItsOwn() async throws {
        let limited = RunnerConfiguration(executable: Self.runner.executable, skills: ["fixture"], memoryLimit: 300 << 20, cpuLimit: 0.5)
        let host = try Self.host([], isolation: limited)
        #expect(await host.turn("open fixture").speech == "fixture answer")
        let fixture = try #require(await host.registry.entry("com.test.fixture")?.skill as? IsolatedSkill)
        let pid = try #require(fixture.runnerProcessID)
        let groups = fixture.runnerControlGroups
        #expect(!groups.isEmpty)
        func read(_ path: String) -> String? { (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) }
        for group in groups {
            #expect((group as NSString).lastPathComponent.hasPrefix("skillhost-\(getpid())-"))
            #expect(read(group + "/cgroup.procs")?.split(separator: "\n").contains("\(pid)") == true, "the runner joined \(group)")
            if let quota = read(group + "/cpu.cfs_quota_us") { #expect(quota == "50000" && read(group + "/cpu.cfs_period_us") == "100000") }
            if let quota = read(group + "/cpu.max") { #expect(quota == "50000 100000") }
            if let memory = read(group + "/memory.limit_in_bytes") ?? read(group + "/memory.max") { #expect(memory == "\(300 << 20)") }
        }
        #expect(groups.contains { read($0 + "/cpu.cfs_quota_us") != nil || read($0 + "/cpu.max") != nil }, "a CPU quota is set")
        await host.shutdown()
        let gone = EventLog<Bool>()
        let watcher = Task { while !Task.isCancelled { if groups.allSatisfy({ !FileManager.default.fileExists(atPath: $0) }) { gone.append(true); return }; try? await Task.sleep(for: .milliseconds(20)) } }
        #expect(await gone.wait { $0 } == true, "the groups are removed with the runner")
        watcher.cancel()
    }

    /// What a skill's own thread asks of the host between turns (a log line here) is answered
    /// at once, not at the next turn.
    @Test func aCallFromASkillsThreadBetweenTurnsIsAnswered() async throws {
        let (host, lines) = try Self.loggingHost(["BACKGROUND_LOG"])
        #expect(await host.turn("open fixture").speech == "fixture answer")
        // No other turn: the line must arrive on its own. (It arrives 0.3 s after the turn, but
        // with every suite running, this task may wait tens of seconds to see it: EventLog.)
        #expect(await lines.wait { $0 == "logged from a background thread" } != nil)
    }
}
