// skillhost-storage-bench: the store's get, put and update, beside the physical floor.
//
//   swift run -c release skillhost-storage-bench [--dir DIR] [--ops N] [--processes K]
//
// The floor is what any durable replace of a small file costs on this disk, measured in the
// same run with bare system calls: write a temporary file, fsync it, rename it over the
// document, fsync the folder. (A write + fsync in place, which is not atomic, is shown too.)
// Every store operation is timed one by one; medians and p99 are printed with the ratio of
// each median to the floor's median. K processes (this executable started again as workers)
// then get, put and update at once: one shared document (every write contends) and a document
// each.
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

// Worker mode: `worker OP DIR CONTAINER KEY N` does OP (get, put or update) on KEY N times and
// prints the seconds taken, and the median and p99 of one operation.
if arguments.count == 7, arguments[1] == "worker" {
    do {
        let container = try DocumentStore(root: arguments[3]).container(try ContainerName(parsing: arguments[4]))
        let key = try DocumentKey(arguments[5])
        let count = Int(arguments[6])!
        var latencies: [Double] = []
        let start = now()
        for _ in 0..<count {
            let begin = now()
            switch arguments[2] {
            case "get": _ = try container.get(key)
            case "put": try container.put(key, document)
            default: try container.update(key) { old in .number(JSONNumber((old?.int ?? 0) + 1)) }
            }
            latencies.append(now() - begin)
        }
        print(now() - start, median(latencies), percentile(latencies, 0.99))
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

/// Writes the document's bytes to `path` and waits until they are on disk.
func writeSynced(_ path: String) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    fsync(file)
    close(file)
}

func bareReplace() -> Double {
    let start = now()
    writeSynced(floorFolder + "/doc.tmp")
    rename(floorFolder + "/doc.tmp", floorFolder + "/doc.json")
    fsync(floorDirectory)
    return now() - start
}

func bareInPlace() -> Double {
    let start = now()
    writeSynced(floorFolder + "/inplace.json")
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

// 2. K processes at once, each doing one operation `operations` times (gets 5× as many).
struct WorkerRun {
    let throughput: Double
    let median: Double
    let p99: Double
}

func runWorkers(_ operation: String, sharedKey: Bool) -> WorkerRun {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
    let count = operation == "get" ? operations * 5 : operations
    let start = now()
    let workers = (0..<processes).map { index -> (Process, Pipe) in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let key = sharedKey ? "shared \(operation)" : "\(operation) \(index)"
        process.arguments = ["worker", operation, root, "group.com.example.bench", key, String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fail("cannot start a worker: \(error)") }
        return (process, pipe)
    }
    var medians: [Double] = []
    var p99s: [Double] = []
    for (process, pipe) in workers {
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 3 else { fail("a worker failed") }
        medians.append(fields[1])
        p99s.append(fields[2])
    }
    return WorkerRun(throughput: Double(processes * count) / (now() - start), median: median(medians), p99: p99s.max() ?? 0)
}

print("\n== \(processes) processes at once, \(operations) operations each (gets: \(operations * 5))")
do {
    // Documents for the gets to read.
    try container.put(try DocumentKey("shared get"), document)
    for index in 0..<processes { try container.put(try DocumentKey("get \(index)"), document) }
} catch {
    fail("\(error)")
}
for (operation, shared, name) in [
    ("get", true, "get, one shared document"),
    ("put", true, "put, one shared document"),
    ("put", false, "put, a document each"),
    ("update", true, "update, one shared counter"),
    ("update", false, "update, a counter each"),
] {
    let run = runWorkers(operation, sharedKey: shared)
    let ratio = operation == "get" ? "" : String(format: "  %.2f× the floor per operation", 1 / run.throughput / floorMedian)
    print(padded(name, 32) + String(format: "%8.0f/s  median %.3f ms  p99 %.3f ms", run.throughput, run.median * 1000, run.p99 * 1000) + ratio)
}
do {
    let final = try container.get(try DocumentKey("shared update"))?.value.int ?? -1
    print("shared counter: \(final) (expected \(processes * operations))")
} catch {
    fail("\(error)")
}
