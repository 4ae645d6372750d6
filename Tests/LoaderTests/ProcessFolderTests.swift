import Foundation
import Loader
import Testing

/// Temporary folders that go with the process that made them.
@Suite struct ProcessFolderTests {
    static var base: String { ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }

    /// The id of a process that has ended.
    static func endedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aFolderOfAnEndedProcessIsSweptAndALiveOnesIsKept() throws {
        let prefix = "skillhost-sweep-test"
        let stale = "\(Self.base)/\(prefix)-\(try Self.endedProcess())-abcdef"
        let live = "\(Self.base)/\(prefix)-\(getppid())-abcdef"
        let staleLock = "\(Self.base)/\(stale.replacingOccurrences(of: "/", with: "_"))_.build.lock"
        for folder in [stale, live] { try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true) }
        _ = FileManager.default.createFile(atPath: staleLock, contents: Data())
        defer { for path in [stale, live, staleLock] { try? FileManager.default.removeItem(atPath: path) } }

        let made = try ProcessFolder.make(prefix)
        #expect(made.hasPrefix("\(Self.base)/\(prefix)-\(getpid())-"))
        #expect(!FileManager.default.fileExists(atPath: stale), "the ended process's folder is swept")
        #expect(!FileManager.default.fileExists(atPath: staleLock), "and SwiftPM's lock file for a package in it")
        #expect(FileManager.default.fileExists(atPath: live + "/inside"), "a running process's folder is kept")

        _ = FileManager.default.createFile(atPath: made + "/file", contents: Data("x".utf8))
        ProcessFolder.remove(made)
        #expect(!FileManager.default.fileExists(atPath: made))
    }
}
