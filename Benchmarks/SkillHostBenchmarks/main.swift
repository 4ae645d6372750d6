// skillhost-bench: turn throughput through the whole host path and library load time.
//
//   swift run -c release skillhost-bench [--turns N] [--no-peer]
//
// Turns: text in → NLU → request envelope over the C ABI → HelloWorld (Swift, SkillKit) →
// response envelope → parsed, warm, one conversation cycling the same four requests the
// Python peer (../shared/peers/ask_python_hello.py) times. The peer runs in the same script
// when its virtualenv exists (scripts/bench-peer.sh makes it), and the ratio is printed.
import Foundation
import Loader
import NLU
import SkillHost
import SkillHostCLI
import SkillModel
import BenchmarkSupport

func now() -> Double { Measure.now() }
func median(_ values: [Double]) -> Double { Measure.median(values) }
func percentile(_ values: [Double], _ p: Double) -> Double { Measure.percentile(values, p) }
func fail(_ message: String) -> Never { Measure.fail("skillhost-bench", message) }

let arguments = CommandLine.arguments
let turnsPerRun = arguments.firstIndex(of: "--turns").flatMap { Int(arguments[$0 + 1]) } ?? 20_000
let runPeer = !arguments.contains("--no-peer")

// The HelloWorld library, built in this configuration next to this executable.
guard let build = SourceSkillBuild.locate(for: FileManager.default.currentDirectoryPath) else {
    fail("run from the skillhost package folder")
}
let helloWorld: String
do {
    helloWorld = try build.build(product: "HelloWorld", sourceFolder: build.packageRoot + "/Skills/HelloWorld") { print($0) }
} catch {
    fail("\(error)")
}
let folder = NSTemporaryDirectory() + "skillhost-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
try? FileManager.default.removeItem(atPath: folder + "/libHelloWorld.so")
try FileManager.default.copyItem(atPath: helloWorld, toPath: folder + "/libHelloWorld.so")
print("configuration: \(build.configuration)\(build.configuration == "release" ? "" : "  (numbers are meaningful only with -c release)")")

// 1. Whole host path.
let host = try HostEngine(options: HostOptions(skillFolders: [folder]))
guard await host.registry.entries.count == 1 else { fail("HelloWorld did not load: \(host.refusals)") }
let script = ["open hello world", "hello", "help", "stop"]
for line in script {
    let speech = await host.turn(line).speech
    precondition(!speech.isEmpty, "no answer to '\(line)'")
}

func hostRun(_ turns: Int) async -> Double {
    let start = now()
    var i = 0
    while i < turns {
        for line in script {
            _ = await host.turn(line)
            i += 1
        }
    }
    return Double(turns) / (now() - start)
}
// Driven from a task off the main actor, as the REPL's turn loop is: no main-thread hops.
let hostRates: [Double] = await Task.detached {
    _ = await hostRun(2_000)
    var rates: [Double] = []
    for _ in 0..<5 { rates.append(await hostRun(turnsPerRun)) }
    return rates
}.value
let hostMedian = median(hostRates)
print("host path, HelloWorld, warm: runs \(hostRates.map { String(format: "%.0f", $0) }.joined(separator: ", ")) turns/s")
print(String(format: "  median %.0f turns/s, %.2f µs/turn", hostMedian, 1e6 / hostMedian))

// 1b. The REPL's own path around the same turns: the script's lines piped in (a writer thread
// on the other end, as `skillhost < file` reads them), each answer written out (to /dev/null),
// in both of the REPL's formats.
func replRun(_ turns: Int, format: REPL.Format) async -> Double {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fail("pipe: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let text = Array((0..<turns).map { script[$0 % script.count] + "\n" }.joined().utf8)
    Thread.detachNewThread {
        var offset = 0
        while offset < text.count {
            let written = text[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
        close(writeEnd)
    }
    let null = open("/dev/null", O_WRONLY)
    defer { close(null); close(readEnd) }
    let sink = FileDescriptorSink(descriptor: null)
    let repl = REPL(host: host, input: StandardInputLines(descriptor: readEnd), output: sink, diagnostics: sink, format: format)
    let start = now()
    await repl.run()
    return Double(turns) / (now() - start)
}
for format in [REPL.Format.text, .json] {
    let replRates: [Double] = await Task.detached {
        _ = await replRun(2_000, format: format)
        var rates: [Double] = []
        for _ in 0..<5 { rates.append(await replRun(turnsPerRun, format: format)) }
        return rates
    }.value
    let replMedian = median(replRates)
    print(String(format: "  REPL, piped, %@: median %.0f turns/s, %.2f µs/turn, %.2f× the host path's time", format == .json ? "--json" : "text", replMedian, 1e6 / replMedian, hostMedian / replMedian))
}

// 2. The parts: NLU alone, and the ABI alone (prebuilt envelope bytes in, response bytes out).
let entry = await host.registry.entries[0]
let utterances = script.map(Utterance.init)
var nluRates: [Double] = []
for _ in 0..<5 {
    let start = now()
    var count = 0
    for _ in 0..<(turnsPerRun / 4) {
        for utterance in utterances { count += entry.nlu.parse(utterance).count }
    }
    nluRates.append(Double(turnsPerRun) / (now() - start))
    precondition(count > 0)
}
print(String(format: "  NLU parse alone: median %.2f µs/utterance", 1e6 / median(nluRates)))

let envelope = RequestEnvelope(
    session: Session(sessionID: "s", isNew: false, applicationID: "a", userID: "u"),
    request: {
        var request = Request(type: .intent, requestID: "r", timestamp: "2026-11-21T10:00:00Z")
        request.intent = Intent(name: "HelloWorldIntent")
        return request
    }())
let requestBytes = JSONWriter.bytes(envelope.jsonValue)
let abiRates: [Double] = try await Task.detached {
    var rates: [Double] = []
    for _ in 0..<5 {
        let start = now()
        for _ in 0..<turnsPerRun { _ = try await entry.skill.handle(requestBytes) }
        rates.append(Double(turnsPerRun) / (now() - start))
    }
    return rates
}.value
print(String(format: "  C ABI + SkillKit alone (%d-byte envelope): median %.2f µs/turn", requestBytes.count, 1e6 / median(abiRates)))

// 3. Load time for N copies of the library (each a new generation of the same skill).
let loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { _ in })
for n in [1, 10, 100] {
    var times: [Double] = []
    for _ in 0..<3 {
        let start = now()
        for _ in 0..<n { _ = try loader.load(folder + "/libHelloWorld.so") }
        times.append(now() - start)
    }
    print(String(format: "load %3d copies: median %.1f ms (%.2f ms each)", n, median(times) * 1e3, median(times) * 1e3 / Double(n)))
}
loader.shadow.remove()

// 4. The peer, side by side.
let peerPython = build.packageRoot + "/.venv-peer/bin/python"
let peerScript = build.packageRoot + "/../shared/peers/ask_python_hello.py"
if runPeer, FileManager.default.isExecutableFile(atPath: peerPython), FileManager.default.fileExists(atPath: peerScript) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: peerPython)
    process.arguments = [peerScript]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n")
    if let last = lines.last, let peerRate = Double(last.trimmingCharacters(in: .whitespaces)) {
        print("peer (Alexa SDK for Python, hello world, in-process): \(lines.dropLast().joined(separator: " "))")
        print(String(format: "  median %.0f turns/s; skillhost / peer = %.1f×", peerRate, hostMedian / peerRate))
    } else {
        print("peer: could not read its output:\n\(output)")
    }
} else if runPeer, !FileManager.default.fileExists(atPath: peerScript) {
    print("peer: not run (\(peerScript) is not there: the peers are not in this repository)")
} else if runPeer {
    print("peer: not run (make it with scripts/bench-peer.sh)")
}
await host.shutdown()
try? FileManager.default.removeItem(atPath: folder)
