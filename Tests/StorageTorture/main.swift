// Drives a store from its own process, for the storage tests:
//
//   StorageTorture write ROOT CONTAINER KEY       puts n = 1, 2, 3, … forever, printing each n
//                                                 once its put has returned
//   StorageTorture increment ROOT CONTAINER KEY THREADS N
//                                                 THREADS threads each add 1 to the counter N times
//   StorageTorture fill ROOT CONTAINER            stores a small document, fills the disk, then
//                                                 tries to replace the document; prints what happened
import Foundation
import SkillModel
import Storage

/// The document `write` stores for n: its size varies with n and `check` ties it to n, so a
/// torn or mixed document cannot pass for a committed one.
func document(_ n: Int) -> JSONValue {
    ["n": .number(JSONNumber(n)), "check": .number(JSONNumber(n &* 7919 % 1_000_003)), "pad": .string(String(repeating: "abcdefgh", count: n % 700))]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: StorageTorture write|increment|fill ROOT CONTAINER …") }
do {
    let store = try DocumentStore(root: arguments[2])
    let container = try store.container(try ContainerName(parsing: arguments[3]))
    switch arguments[1] {
    case "write":
        let key = try DocumentKey(arguments[4])
        var n = 1
        while true {
            try container.put(key, document(n))
            // Straight to the pipe, unbuffered: printed means committed.
            FileHandle.standardOutput.write(Data("\(n)\n".utf8))
            n += 1
        }
    case "increment":
        let key = try DocumentKey(arguments[4])
        let threads = Int(arguments[5])!
        let count = Int(arguments[6])!
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<count {
                do {
                    try container.update(key) { old in .number(JSONNumber((old?.int ?? 0) + 1)) }
                } catch {
                    fail("update failed: \(error)")
                }
            }
        }
        print("done")
    case "fill":
        let precious = try DocumentKey("precious")
        try container.put(precious, ["list": ["rice", "onions", "olives"]])
        let big = JSONValue.string(String(repeating: "x", count: 200_000))
        var filler = 0
        var fullError: StorageError?
        while fullError == nil, filler < 10_000 {
            do {
                try container.put(try DocumentKey("filler-\(filler)"), big)
                filler += 1
            } catch {
                fullError = error
            }
        }
        print("filler: \(filler) documents, then: \(fullError.map { "\($0.code.rawValue): \($0.message)" } ?? "no error")")
        do {
            try container.put(precious, big)
            print("replace: succeeded")
        } catch {
            print("replace: \(error.code.rawValue): \(error.message)")
        }
        do {
            try container.update(precious) { _ in big }
            print("update: succeeded")
        } catch {
            print("update: \(error)")
        }
        let now = try container.get(precious)?.value
        print("precious: \(now.map(JSONWriter.string) ?? "missing")")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: container.path).filter { $0.hasPrefix(".tmp-") }
        print("temporary files left: \(leftovers.count)")
    default:
        fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
