// skillhost-reload-bench: the development loop and isolation, timed.
//
//   swift run -c release skillhost-reload-bench [--rounds N] [--cold]
//
// 1. A library replaced in a watched folder → the new generation answering (inotify, 250 ms
//    debounce), and the reload's own work after the debounce.
// 2. Memory kept per retired generation (a C library and the Swift HelloWorld), from the RSS
//    before and after 100 reloads.
// 3. An isolated turn against an in-process turn, HelloWorld, warm.
// 4. An isolated skill that crashes → the next turn served.
// 5. Cold start with 1, 10 and 100 skills, models from the cache (--cold: this alone).
// Needs `cc` (the C fixture is compiled here) and builds HelloWorld and skillhost (the runner)
// in this configuration if they are missing.
import Foundation
import Loader
import SkillHost
import SkillModel
import BenchmarkSupport

func now() -> Double { Measure.now() }
func median(_ values: [Double]) -> Double { Measure.median(values) }
func percentile(_ values: [Double], _ p: Double) -> Double { Measure.percentile(values, p) }
func fail(_ message: String) -> Never { Measure.fail("skillhost-reload-bench", message) }

let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 20
/// `--cold`: only the cold start (5).
let onlyCold = arguments.contains("--cold")

func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}

guard let build = SourceSkillBuild.locate(for: FileManager.default.currentDirectoryPath) else { fail("run from the skillhost package folder") }
print("configuration: \(build.configuration)\(build.configuration == "release" ? "" : "  (numbers are meaningful only with -c release)")")
let work = NSTemporaryDirectory() + "skillhost-reload-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: work + "/skills", withIntermediateDirectories: true)
try FileManager.default.createDirectory(atPath: work + "/builds", withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }

/// The test fixture skill, compiled with `defines` to `work/builds/name.so`.
func compileFixture(_ name: String, _ defines: [String]) -> String {
    let output = "\(work)/builds/\(name).so"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cc", "-std=c11", "-shared", "-fPIC", "-O2", "-I", build.packageRoot + "/SkillKit/Sources/CSkillABI/include"]
        + defines.map { "-D\($0)" } + [build.packageRoot + "/Tests/LoaderTests/Fixtures/fixture_skill.c", "-o", output]
    do { try process.run() } catch { fail("cannot run cc: \(error)") }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("cc failed for \(name)") }
    return output
}

let builds = [compileFixture("a", [#"REPLY="answer a""#]), compileFixture("b", [#"REPLY="answer b""#])]
let crashing = compileFixture("crash", ["CRASH_ON_ECHO", #"SKILL_ID="com.test.crash""#, #"INVOCATION="crash test""#])
let helloWorld: String
let runner: String
do {
    helloWorld = try build.build(product: "HelloWorld", sourceFolder: build.packageRoot + "/Skills/HelloWorld") { print($0) }
    runner = build.binPath + "/skillhost"
    if !FileManager.default.isExecutableFile(atPath: runner) {
        print("building skillhost (the runner)…")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", build.packageRoot, "--product", "skillhost", "-c", build.configuration]
        try process.run()
        process.waitUntilExit()
    }
} catch {
    fail("\(error)")
}

/// Installs `source` at `target` as a linker does: written beside it, then renamed over it.
func install(_ source: String, at target: String) {
    let temporary = target + ".partial"
    try? FileManager.default.removeItem(atPath: temporary)
    do { try FileManager.default.copyItem(atPath: source, toPath: temporary) } catch { fail("\(error)") }
    rename(temporary, target)
}

if !onlyCold {
// 1. File closed → new generation answering.
final class Reloads: Sendable {
    let work = Locked<[Double]>([])
    func add(_ event: HostEvent) {
        if event.kind == .reloaded, let ms = event.milliseconds { work.withLock { $0.append(ms) } }
    }
}
let reloads = Reloads()
let library = work + "/skills/fixture.so"
install(builds[0], at: library)
let watched = try HostEngine(options: HostOptions(skillFolders: [work + "/skills"], events: { reloads.add($0) }))
let watching = await watched.startWatching()
print("\n== a library replaced in a watched folder (\(watching.first?.message ?? "?"), debounce 250 ms), \(rounds) rounds")
_ = await watched.turn("open fixture")
var answered: [Double] = []
for round in 1...rounds {
    let expected = round % 2 == 1 ? "answer b" : "answer a"
    install(builds[round % 2], at: library)
    let start = now()
    while await watched.turn("echo").speech != expected {
        if now() - start > 5 { fail("round \(round): the new generation did not answer within 5 s") }
        try await Task.sleep(for: .milliseconds(1))
    }
    answered.append(now() - start)
}
await watched.shutdown()
let work1 = reloads.work.withLock { $0 }
print(String(format: "file closed → new generation answering: median %.0f ms (goal ≤ 300), min %.0f, max %.0f", median(answered) * 1000, (answered.min() ?? 0) * 1000, (answered.max() ?? 0) * 1000))
print(String(format: "of which after the debounce (load, validate, compile, swap): median %.1f ms (goal ≤ 50)", median(work1)))

// 2. Memory per retired generation.
print("\n== memory kept per retired generation (100 reloads)")
for (name, source) in [("C fixture", builds[0]), ("HelloWorld (Swift)", helloWorld)] {
    let folder = work + "/memory-\(name.prefix(1))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/skill.so"
    install(source, at: path)
    let host = try HostEngine(options: HostOptions(skillFolders: [folder]))
    for _ in 0..<5 { _ = await host.reload(origin: path) }
    let before = residentMegabytes()
    for _ in 0..<100 { _ = await host.reload(origin: path) }
    let after = residentMegabytes()
    print(String(format: "%@: %.2f MB per generation (RSS %.1f → %.1f MB)", name as NSString, (after - before) / 100, before, after))
    await host.shutdown()
}

// 3. Isolated turn against in-process turn.
print("\n== isolated turn against in-process turn, HelloWorld, warm")
let helloFolder = work + "/hello"
try FileManager.default.createDirectory(atPath: helloFolder, withIntermediateDirectories: true)
install(helloWorld, at: helloFolder + "/libHelloWorld.so")
/// The median time of a turn; with `pause`, turns come that far apart (as a person's do), so
/// a runner has gone to sleep when the next arrives.
func turnTime(isolated: Bool, pause: Duration? = nil) async throws -> Double {
    let host = try HostEngine(options: HostOptions(skillFolders: [helloFolder], isolation: isolated ? RunnerConfiguration(executable: runner) : nil))
    _ = await host.turn("open hello world")
    var runs: [Double] = []
    for _ in 0..<7 {
        let turns = pause == nil ? 3000 : 100
        var total = 0.0
        for _ in 0..<turns {
            if let pause { try await Task.sleep(for: pause) }
            let start = now()
            _ = await host.turn("hello")
            total += now() - start
        }
        runs.append(total / Double(turns))
    }
    await host.shutdown()
    return median(runs)
}
let inProcess = try await Task.detached { try await turnTime(isolated: false) }.value
let isolated = try await Task.detached { try await turnTime(isolated: true) }.value
print(String(format: "back to back: in-process %.1f µs/turn, isolated %.1f µs/turn: overhead %.1f µs (goal ≤ 20)", inProcess * 1e6, isolated * 1e6, (isolated - inProcess) * 1e6))
let inProcessApart = try await Task.detached { try await turnTime(isolated: false, pause: .milliseconds(2)) }.value
let isolatedApart = try await Task.detached { try await turnTime(isolated: true, pause: .milliseconds(2)) }.value
print(String(format: "2 ms apart (the runner asleep when a turn comes): in-process %.1f µs, isolated %.1f µs: overhead %.1f µs", inProcessApart * 1e6, isolatedApart * 1e6, (isolatedApart - inProcessApart) * 1e6))

// 4. Crash → next turn served.
print("\n== an isolated skill crashes (SIGSEGV) → the next turn served, \(rounds) rounds")
let crashFolder = work + "/crash"
try FileManager.default.createDirectory(atPath: crashFolder, withIntermediateDirectories: true)
install(crashing, at: crashFolder + "/crash.so")
let crashHost = try HostEngine(options: HostOptions(skillFolders: [crashFolder], isolation: RunnerConfiguration(executable: runner)))
var crashTurns: [Double] = []
var recoveries: [Double] = []
for _ in 0..<rounds {
    _ = await crashHost.turn("open crash test")
    let start = now()
    let crashed = await crashHost.turn("echo")
    let crashEnd = now()
    guard crashed.error?.contains("crashed") == true else { fail("the fixture did not crash: \(crashed)") }
    let next = await crashHost.turn("open crash test")
    guard next.speech == "fixture answer" else { fail("no answer after the crash: \(next)") }
    crashTurns.append(crashEnd - start)
    recoveries.append(now() - start)
}
await crashHost.shutdown()
print(String(format: "crashing turn (crash seen, SessionEndedRequest to a new runner): median %.1f ms", median(crashTurns) * 1000))
print(String(format: "crash → next turn served: median %.1f ms (goal ≤ 100)", median(recoveries) * 1000))
}

// 5. Cold start: a host with 1, 10 and 100 skills (distinct libraries) answering its first turn,
//    the models trained once before (as on every start after the first: the NLU cache).
print("\n== cold start: the host made and its first turn answered, trained models from the cache")
let adjectives = ["red", "blue", "green", "gold", "silver", "quiet", "happy", "brave", "lucky", "sunny"]
let animals = ["fox", "owl", "bear", "wolf", "hare", "lynx", "crow", "seal", "moose", "otter"]
let coldFolders = [1, 10, 100].map { work + "/cold-\($0)" }
for (count, folder) in zip([1, 10, 100], coldFolders) {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for i in 0..<count {
        let name = "\(adjectives[i / 10]) \(animals[i % 10])"
        let library = compileFixture("cold-\(count)-\(i)", [#"SKILL_ID="com.test.cold\#(i)""#, #"INVOCATION="\#(name)""#, #"SKILL_NAME="Cold\#(i)""#])
        install(library, at: folder + "/cold\(i).so")
    }
}
// And the same with Swift skills, whose images cost the Swift runtime more to load: copies of
// HelloWorld made distinct by rewriting its skill id and invocation name in the library's bytes
// (same length, so nothing moves: "…helloworld" -> "…hellowoXYZ", "hello world" -> "hello woXYZ").
let helloBytes = try Data(contentsOf: URL(fileURLWithPath: helloWorld))
func replacingAll(_ data: Data, _ old: String, _ new: String) -> Data {
    precondition(old.utf8.count == new.utf8.count)
    var data = data
    let needle = Data(old.utf8)
    var from = data.startIndex
    while let found = data.range(of: needle, in: from..<data.endIndex) {
        data.replaceSubrange(found, with: Data(new.utf8))
        from = found.upperBound
    }
    return data
}
let swiftColdFolders = [1, 10, 100].map { work + "/swift-cold-\($0)" }
for (count, folder) in zip([1, 10, 100], swiftColdFolders) {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for i in 0..<count {
        let letters = String([i / 100, (i / 10) % 10, i % 10].map { Character(UnicodeScalar(UInt8(97 + $0))) })
        var bytes = replacingAll(helloBytes, "com.skillhost.examples.helloworld", "com.skillhost.examples.hellowo" + letters)
        bytes = replacingAll(bytes, "hello world", "hello wo" + letters)
        try bytes.write(to: URL(fileURLWithPath: folder + "/libHello\(letters).so"))
    }
}

/// Starts `skillhost` on `folder` as a person would, says `opening` and returns the seconds until
/// the answer's line is printed, and the line.
func coldStart(_ folder: String, _ opening: String) -> (seconds: Double, line: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: runner)
    process.arguments = ["--skills", folder, "--no-watch", "--data", work + "/cold-data"]
    process.environment = ProcessInfo.processInfo.environment.merging(["SKILLHOST_CACHE_DIR": work + "/nlu-cache"]) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let start = now()
    do { try process.run() } catch { fail("cannot start skillhost: \(error)") }
    input.fileHandleForWriting.write(Data((opening + "\n").utf8))
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
    }
    let seconds = now() - start
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return (seconds, String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines))
}

for (kind, folders, opening, answer) in [("C", coldFolders, "open red fox", "fixture answer"), ("Swift", swiftColdFolders, "open hello woaaa", "Welcome, you can say Hello or Help. Which would you like to try?")] {
    print("\(kind) skills:")
    var perSkill: [Int: Double] = [:]
    for (count, folder) in zip([1, 10, 100], folders) {
        var times: [Double] = []
        for round in 0..<6 {
            let (seconds, line) = coldStart(folder, opening)
            guard line.hasSuffix(answer) else { fail("the cold host did not answer: \(line)") }
            if round > 0 { times.append(seconds) }  // the first trained the models
        }
        perSkill[count] = median(times) / Double(count)
        print(String(format: "%3d skills: median %.0f ms from start to the first answer (%.2f ms a skill; %.2fx one skill's per skill)%@", count, median(times) * 1000, median(times) * 1000 / Double(count), median(times) / Double(count) / (perSkill[1] ?? 1), count == 100 ? " (goal <= 500 ms)" : ""))
    }
}
