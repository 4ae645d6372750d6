// skillhost-storage-bench: the store's get, put and update, beside the physical floor.
//
//   swift run -c release skillhost-storage-bench [--dir DIR] [--ops N] [--processes K]
//
// The floor is what any durable replace of a small file costs on this disk, measured in the
// same run with bare system calls: write a temporary file, fsync it, rename it over the
// document, fsync the folder. (A write + fsync in place, which is not atomic, is shown too.)
// Every store operation is timed one by one; medians and p99 are printed with the ratio of
// each median to the floor's median. K processes (this executable started again as workers)
// then update one shared counter, and separate documents, at once.
import Foundation
import SkillModel
import Storage
import BenchmarkSupport

func now() -> Double { Measure.now() }
func median(_ values: [Double]) -> Double { Measure.median(values) }
func percentile(_ values: [Double], _ p: Double) -> Double { Measure.percentile(values, p) }
func fail(_ message: String) -> Never { Measure.fail("skillhost-storage-bench", message) }

let arguments = CommandLine.arguments

func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

/// A 300-byte document, like a small list.
let document: JSONValue = ["name": "grocery store", "items": .array((0..<20).map { .string("item number \($0)") })]

// Worker mode: `worker DIR CONTAINER KEY N` updates KEY N times and prints the seconds taken.
if arguments.count == 6, arguments[1] == "worker" {
    do {
        let container = try DocumentStore(root: arguments[2]).container(try ContainerName(parsing: arguments[3]))
        let key = try DocumentKey(arguments[4])
        let count = Int(arguments[5])!
        let start = now()
        for _ in 0..<count {
            try container.update(key) { old in .number(JSONNumber((old?.int ?? 0) + 1)) }
        }
        print(now() - start)
        exit(0)
    } catch {
        fail("worker: \(error)")
    }
}

let operations = option("--ops").flatMap(Int.init) ?? 400
let processes = option("--processes").flatMap(Int.init) ?? 4
let base = option("--dir") ?? NSTemporaryDirectory()
let root = base + "/skillhost-storage-bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: root) }

let store: DocumentStore
let container: Container
do {
    store = try DocumentStore(root: root)
    container = try store.container(.group("group.com.example.bench"))
} catch {
    fail("\(error)")
}
let bytes = JSONWriter.bytes(document) + [0x0A]
print("data root: \(root) (\(bytes.count)-byte documents, \(operations) operations each)")

// 1. The floor, with bare system calls.
let floorFolder = root + "/floor"
try FileManager.default.createDirectory(atPath: floorFolder, withIntermediateDirectories: true)
let floorDirectory = open(floorFolder, O_RDONLY | O_DIRECTORY)

func bareReplace() -> Double {
    let start = now()
    let file = open(floorFolder + "/doc.tmp", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    fsync(file)
    close(file)
    rename(floorFolder + "/doc.tmp", floorFolder + "/doc.json")
    fsync(floorDirectory)
    return now() - start
}

func bareInPlace() -> Double {
    let start = now()
    let file = open(floorFolder + "/inplace.json", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    fsync(file)
    close(file)
    return now() - start
}

func bareRead() -> Double {
    let start = now()
    let file = open(floorFolder + "/doc.json", O_RDONLY)
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    close(file)
    return now() - start
}

// Interleaved, so that both see the same disk weather.
var floor: [Double] = []
var inPlace: [Double] = []
var puts: [Double] = []
var updates: [Double] = []
var gets: [Double] = []
var bareReads: [Double] = []
do {
    let key = try DocumentKey("grocery store")
    let counter = try DocumentKey("counter")
    try container.put(key, document)
    for _ in 0..<operations {
        floor.append(bareReplace())
        inPlace.append(bareInPlace())
        var start = now()
        try container.put(key, document)
        puts.append(now() - start)
        start = now()
        try container.update(counter) { old in .number(JSONNumber((old?.int ?? 0) + 1)) }
        updates.append(now() - start)
        for _ in 0..<5 {
            bareReads.append(bareRead())
            start = now()
            _ = try container.get(key)
            gets.append(now() - start)
        }
    }
} catch {
    fail("\(error)")
}

let floorMedian = percentile(floor, 0.5)
let readFloorMedian = percentile(bareReads, 0.5)
func row(_ name: String, _ samples: [Double], against reference: Double?) {
    let median = percentile(samples, 0.5)
    let ratio = reference.map { String(format: "  %.2f× the floor", median / $0) } ?? ""
    print(padded(name, 46) + String(format: "median %7.3f ms  p99 %7.3f ms  %8.0f/s", median * 1000, percentile(samples, 0.99) * 1000, 1 / median) + ratio)
}
print("\n== one process, one thread")
row("floor: temp + fsync + rename + fsync dir", floor, against: nil)
row("write + fsync in place (not atomic)", inPlace, against: floorMedian)
row("put", puts, against: floorMedian)
row("update (read, change, write under the lock)", updates, against: floorMedian)
row("read floor: open + read + close", bareReads, against: nil)
row("get (open, read, parse, hash)", gets, against: nil)
print(String(format: "get: %.2f× a bare read", percentile(gets, 0.5) / readFloorMedian))

// 2. K processes at once: one shared counter (every update contends), then one document each.
func runWorkers(sharedKey: Bool) -> (seconds: Double, perProcess: [Double]) {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
    let start = now()
    let workers = (0..<processes).map { index -> (Process, Pipe) in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["worker", root, "group.com.example.bench", sharedKey ? "shared counter" : "counter \(index)", String(operations)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fail("cannot start a worker: \(error)") }
        return (process, pipe)
    }
    var times: [Double] = []
    for (process, pipe) in workers {
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { fail("a worker failed") }
        times.append(seconds)
    }
    return (now() - start, times)
}

print("\n== \(processes) processes, \(operations) updates each")
for shared in [true, false] {
    let (seconds, _) = runWorkers(sharedKey: shared)
    let total = Double(processes * operations)
    let perOperation = seconds / total
    let name = shared ? "one shared counter" : "a document each (same container)"
    print(padded(name, 46) + String(format: "%8.0f updates/s  %.3f ms each  %.2f× the floor", total / seconds, perOperation * 1000, perOperation / floorMedian))
}
do {
    let final = try container.get(try DocumentKey("shared counter"))?.value.int ?? -1
    print("shared counter: \(final) (expected \(processes * operations))")
} catch {
    fail("\(error)")
}
