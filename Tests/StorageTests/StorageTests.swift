import Foundation
import SkillModel
import Storage
import Synchronization
import Testing
import TestSupport

/// The store's promises, each on real files (and real processes where another process is the
/// point).
@Suite struct StorageTests {
    let root: String
    let store: DocumentStore

    init() throws {
        root = try TestSupport.temporaryFolder("storage")
        store = try DocumentStore(root: root)
    }

    func key(_ text: String) throws -> DocumentKey { try DocumentKey(text) }

    @Test func documentsRoundTripAsPlainPrivateFiles() throws {
        let lists = try store.container(.group("group.com.app-o-mat.ListOMat"))
        try lists.put(key("grocery store"), ["items": ["rice", "onions"]])
        try lists.put(key("hardware"), ["items": []])
        #expect(try lists.get(key("grocery store"))?.value == ["items": ["rice", "onions"]])
        #expect(try lists.list().map(\.rawValue) == ["grocery store", "hardware"])
        #expect(try lists.get(key("missing")) == nil)
        #expect(try lists.delete(key("hardware")))
        #expect(try !lists.delete(key("hardware")))
        #expect(try lists.list().map(\.rawValue) == ["grocery store"])

        let path = "\(root)/groups/group.com.app-o-mat.ListOMat/grocery store.json"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"items\":[\"rice\",\"onions\"]}\n")
        #expect(try permissions(path) == 0o600)
        #expect(try permissions("\(root)/groups/group.com.app-o-mat.ListOMat") == 0o700)
        #expect(try permissions("\(root)/groups") == 0o700)
    }

    @Test func conditionalPutsCompareVersions() throws {
        let container = try store.container(.skill("com.example.counter"))
        let k = try key("count")
        guard case .written(let first) = try container.put(k, 1, if: .ifAbsent) else { Issue.record("first put refused"); return }
        #expect(try container.put(k, 5, if: .ifAbsent) == .conflict(current: container.get(k)))
        #expect(try container.put(k, 2, if: .ifVersion(first)) != .conflict(current: nil))
        guard case .conflict(let current) = try container.put(k, 3, if: .ifVersion(first)) else { Issue.record("stale version accepted"); return }
        #expect(current?.value == 2)
        #expect(try container.get(k)?.value == 2)
    }

    // MARK: 1. Atomic replace

    @Test func killedWritersLeaveOnlyCommittedDocuments() throws {
        var random = SystemRandomNumberGenerator()
        var sawCommits = 0
        for round in 0..<100 {
            let (process, output) = try launchTorture(["write", root, "com.example.writer", "doc"])
            // Once the stream of writes is under way (the first one acknowledged, however slow
            // the machine), somewhere in the next few dozen writes.
            let first = output.fileHandleForReading.availableData
            usleep(UInt32.random(in: 0...20_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: first + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let committed = printed.split(separator: "\n").compactMap { Int($0) }.last ?? 0
            if committed > 0 { sawCommits += 1 }

            let document = try store.container(.skill("com.example.writer")).get(key("doc"))
            guard let document else {
                #expect(committed == 0, "round \(round): the document vanished after \(committed) commits")
                continue
            }
            let n = try #require(document.value["n"]?.int, "round \(round): no n in \(document.value)")
            // The write in flight when the kill came may have landed; nothing else may.
            #expect(n >= committed && n <= committed + 1 || committed == 0 && n >= 1, "round \(round): n \(n) after \(committed) commits")
            #expect(document.value["check"]?.int == n &* 7919 % 1_000_003)
            #expect(document.value["pad"]?.string?.count == 8 * (n % 700))
        }
        #expect(sawCommits == 100, "every round kills a writer that has committed")
    }

    // MARK: 2. No lost update

    @Test func concurrentUpdatesFromProcessesAndThreadsAllCount() throws {
        let processes = 3, threads = 4, increments = 40
        let launched = try (0..<processes).map { _ in
            try launchTorture(["increment", root, "group.com.example.shared", "counter", String(threads), String(increments)])
        }
        // This process joins in with threads of its own.
        let container = try store.container(.group("group.com.example.shared"))
        let counter = try key("counter")
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                _ = try? container.update(counter) { old in .number(JSONNumber((old?.int ?? 0) + 1)) }
            }
        }
        for (process, _) in launched {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(try container.get(counter)?.value.int == (processes + 1) * threads * increments)
    }

    // MARK: 3. Containment

    @Test(arguments: [
        ("..", "'..' would leave the container"),
        ("../escape", "'..' would leave the container"),
        ("/etc/passwd", "an absolute path would leave the container"),
        ("a/b", "'/' makes it a path"),
        ("nul\u{0}byte", "NUL"),
        ("line\nbreak", "control character"),
        ("tab\there", "control character"),
        (".lock", "may not start with '.'"),
        ("back\\slash", "'\\' is not allowed"),
        ("", "empty key"),
        (String(repeating: "k", count: 201), "longer than 200 bytes"),
    ])
    func unsafeKeysAreRefusedWithTheReason(key text: String, reason: String) {
        #expect {
            try DocumentKey(text)
        } throws: { error in
            (error as? StorageError)?.code == .invalidKey && "\(error)".contains(reason)
        }
    }

    @Test func keysMayBeAnyPrintableName() throws {
        for text in ["grocery store", "Liste für Einkäufe", "a..b", "persistent.amzn1.ask.account.ABC-123_x", "🍎"] {
            #expect(try DocumentKey(text).rawValue == text)
        }
    }

    @Test(arguments: ["", "../x", "group.", ".hidden", "com/example", "com.example.", "x\u{1}"])
    func unsafeContainerNamesAreRefused(name: String) {
        #expect(throws: StorageError.self) { try ContainerName(parsing: name) }
    }

    @Test func aSymlinkPlantedInAContainerIsNeitherFollowedNorReplaced() throws {
        let container = try store.container(.skill("com.example.victim"))
        let outside = try TestSupport.temporaryFolder("outside") + "/secret.json"
        try Data("{\"secret\":true}\n".utf8).write(to: URL(fileURLWithPath: outside))
        #expect(symlink(outside, "\(container.path)/planted.json") == 0)

        for attempt in [
            { _ = try container.get(key("planted")) },
            { try container.put(key("planted"), "overwritten") },
            { try container.update(key("planted")) { _ in "overwritten" } },
            { try container.delete(key("planted")) },
        ] as [() throws -> Void] {
            #expect {
                try attempt()
            } throws: { error in
                (error as? StorageError)?.code == .symbolicLink && "\(error)".contains("planted.json")
            }
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "{\"secret\":true}\n")
        #expect(try container.list().isEmpty, "a link is not listed as a document")
    }

    @Test func aContainerFolderReplacedByASymlinkIsRefused() throws {
        let elsewhere = try TestSupport.temporaryFolder("elsewhere")
        try FileManager.default.createDirectory(atPath: "\(root)/skills", withIntermediateDirectories: true)
        #expect(symlink(elsewhere, "\(root)/skills/com.example.linked") == 0)
        #expect {
            try store.container(.skill("com.example.linked"))
        } throws: { error in
            (error as? StorageError)?.code == .symbolicLink && "\(error)".contains("com.example.linked")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    // MARK: 4. Limits

    @Test func oversizedAndOverDeepDocumentsAreRefusedAndTheOldValueKept() throws {
        let small = try DocumentStore(root: root, limits: StorageLimits(maximumDocumentBytes: 100, maximumDepth: 4))
        let container = try small.container(.skill("com.example.limits"))
        let k = try key("doc")
        try container.put(k, ["kept": true])
        #expect {
            try container.put(k, .string(String(repeating: "x", count: 200)))
        } throws: { error in
            (error as? StorageError)?.code == .tooLarge && "\(error)".contains("over the limit of 100")
        }
        #expect {
            try container.put(k, [[[[["too deep"]]]]])
        } throws: { error in
            (error as? StorageError)?.code == .tooDeep && "\(error)".contains("5 levels")
        }
        #expect(try container.get(k)?.value == ["kept": true])

        // A file put there by hand over the limit is refused on reading, not truncated.
        try Data(("\"" + String(repeating: "y", count: 300) + "\"").utf8).write(to: URL(fileURLWithPath: "\(container.path)/big.json"))
        #expect(throws: StorageError.self) { try container.get(key("big")) }
    }

    // MARK: 5. Disk full and I/O errors

    @Test(arguments: [
        (FaultyFileOperations.Fault.write(ENOSPC), StorageError.Code.diskFull),
        (.write(EIO), .io),
        (.fsync(EIO), .io),
        (.fsync(ENOSPC), .diskFull),
        (.rename(EIO), .io),
    ])
    func aFailingWriteKeepsThePreviousValue(fault: FaultyFileOperations.Fault, code: StorageError.Code) throws {
        let operations = FaultyFileOperations()
        let faulty = try DocumentStore(root: root, io: operations)
        let container = try faulty.container(.skill("com.example.faults"))
        let k = try key("doc")
        try container.put(k, ["version": 1])
        operations.inject(fault)
        #expect {
            try container.put(k, ["version": 2])
        } throws: { error in
            (error as? StorageError)?.code == code && "\(error)".contains("the stored value is unchanged")
        }
        #expect(try container.get(k)?.value == ["version": 1])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: container.path).filter { $0.hasPrefix(".tmp-") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test(.enabled(if: StorageTests.canMountTmpfs, "needs `unshare -rm` and a tmpfs mount (user namespaces)"))
    func aRealFullDiskKeepsThePreviousValue() throws {
        let mountPoint = try TestSupport.temporaryFolder("tmpfs")
        let script = "mount -t tmpfs -o size=512k tmpfs \"$1\" && exec \"$2\" fill \"$1\" com.example.full"
        let (status, text) = try TestSupport.run("/usr/bin/unshare", ["-rm", "sh", "-c", script, "sh", mountPoint, Self.torturePath])
        #expect(status == 0, "\(text)")
        #expect(text.contains("then: diskFull: disk full"), "\(text)")
        #expect(text.contains("replace: diskFull"), "\(text)")
        #expect(text.contains("update: disk full"), "\(text)")
        #expect(text.contains("precious: {\"list\":[\"rice\",\"onions\",\"olives\"]}"), "\(text)")
        #expect(text.contains("temporary files left: 0"), "\(text)")
    }

    // MARK: 6. Corruption

    @Test func aCorruptDocumentIsReportedAndLeftAlone() throws {
        let container = try store.container(.skill("com.example.corrupt"))
        let path = "\(container.path)/settings.json"
        let garbage = Data("{\"volume\": 7, \"theme\": \"da".utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            try container.get(key("settings"))
        } throws: { error in
            (error as? StorageError)?.code == .corrupt && "\(error)".contains(path) && "\(error)".contains("left as it is")
        }
        #expect(throws: StorageError.self) { try container.update(key("settings")) { _ in ["volume": 1] } }
        #expect(throws: StorageError.self) { try container.put(key("settings"), ["volume": 1], if: .ifAbsent) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func temporaryFilesOfACrashedWriterAreRemovedOnOpen() throws {
        let folder = "\(root)/skills/com.example.crashed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("{\"half\":".utf8).write(to: URL(fileURLWithPath: "\(folder)/.tmp-99999-1"))
        let container = try store.container(.skill("com.example.crashed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.path).filter { $0.hasPrefix(".tmp-") }.isEmpty)
    }

    @Test func theDataRootComesFromTheFlagThenTheEnvironment() {
        let environment = ["SKILLHOST_DATA_DIR": "/srv/skillhost", "XDG_DATA_HOME": "/home/u/.data", "HOME": "/home/u"]
        #expect(DataRoot.resolve("/tmp/flag", environment: environment) == "/tmp/flag")
        #expect(DataRoot.resolve(nil, environment: environment) == "/srv/skillhost")
        #expect(DataRoot.resolve(nil, environment: ["XDG_DATA_HOME": "/home/u/.data", "HOME": "/home/u"]) == "/home/u/.data/skillhost")
        #expect(DataRoot.resolve(nil, environment: ["HOME": "/home/u"]) == "/home/u/.local/share/skillhost")
    }

    // MARK: Helpers

    static var torturePath: String { "\(TestSupport.productsFolder)/StorageTorture" }

    func launchTorture(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.torturePath)
        process.arguments = arguments
        let output = TestSupport.pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }

    static let canMountTmpfs: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\"; r=$?; umount \"$d\" 2>/dev/null; rmdir \"$d\"; exit $r"
        return (try? TestSupport.run("/usr/bin/unshare", ["-rm", "sh", "-c", probe]))?.status == 0
    }()
}

/// Real system calls, except the one a test tells to fail.
final class FaultyFileOperations: FileOperations {
    enum Fault: Sendable, CustomTestStringConvertible {
        case write(Int32), fsync(Int32), rename(Int32)
        var testDescription: String {
            switch self {
            case .write(let e): "write fails with errno \(e)"
            case .fsync(let e): "fsync fails with errno \(e)"
            case .rename(let e): "rename fails with errno \(e)"
            }
        }
    }

    private let fault = Locked<Fault?>(nil)
    private let system = SystemFileOperations()

    func inject(_ fault: Fault) { self.fault.withLock { $0 = fault } }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        if case .write(let number)? = fault.withLock({ $0 }) {
            errno = number
            return -1
        }
        return system.write(descriptor, bytes)
    }

    func fsync(_ descriptor: Int32) -> Int32 {
        if case .fsync(let number)? = fault.withLock({ $0 }) {
            errno = number
            return -1
        }
        return system.fsync(descriptor)
    }

    func rename(_ directory: Int32, from: String, to: String) -> Int32 {
        if case .rename(let number)? = fault.withLock({ $0 }) {
            errno = number
            return -1
        }
        return system.rename(directory, from: from, to: to)
    }
}

extension StorageTests {
    @Test func aLockFileReplacedByASymlinkRefusesWritesInsteadOfGoingUnlocked() throws {
        let container = try store.container(.skill("com.example.lockless"))
        try FileManager.default.removeItem(atPath: "\(container.path)/.lock")
        #expect(symlink("/tmp/elsewhere.lock", "\(container.path)/.lock") == 0)
        #expect {
            try container.put(key("doc"), 1)
        } throws: { error in
            (error as? StorageError)?.code == .symbolicLink && "\(error)".contains(".lock")
        }
        #expect(try container.get(key("doc")) == nil)
    }
}
