import Foundation
import Loader
import NLU

/// Paths and real libraries for tests: the package's built skill products, and C fixture
/// skills compiled with the system C compiler into real `.so` files.
public enum TestSupport {
    /// The package root, from this file's location.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The folder `swift test` built the products into: the test bundle's own folder.
    public static let productsFolder: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The bundle may be a folder (`X.xctest/…`) on some layouts.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" { folder.deleteLastPathComponent() }
        return folder.path
    }()

    /// How much longer than usual a test waits for something to happen: 1, or
    /// `SKILLHOST_TEST_PATIENCE` (scripts/sanitize.sh sets it, since every thread runs several
    /// times slower under a sanitizer and the suites share two cores). Waits only: a test that
    /// would fail still fails, later.
    public static let patience: Double = ProcessInfo.processInfo.environment["SKILLHOST_TEST_PATIENCE"].flatMap(Double.init).map { max($0, 1) } ?? 1

    /// A built dynamic-library product, such as `HelloWorld`.
    public static func product(_ name: String) -> String { "\(productsFolder)/lib\(name).so" }

    /// The folder every test folder of this process is made in, deleted when it exits (and
    /// swept by a later run if it was killed first).
    private static let root = Result { () throws(LoaderError) in try ProcessFolder.make("skillhost-tests") }

    /// Trained models shared by the tests of this process that load the example skills: each
    /// is trained once instead of once per host (the suites run side by side on two cores, and
    /// retraining the same skills starved the tests that wait for the watcher).
    public static let nluCache: NLUCache? = (try? temporaryFolder("nlu-cache")).map { NLUCache(directory: $0) }

    /// This process's environment for a child it starts, with `extra` on top: a `skillhost`
    /// child reads and writes the trained models of `nluCache` (`SKILLHOST_CACHE_DIR`), so the
    /// example skills train once for the whole run — two hosts needing one model at once wait
    /// for one training (NLUCache's training lock) — and nothing lands in the user's cache.
    public static func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let nluCache { environment["SKILLHOST_CACHE_DIR"] = nluCache.directory }
        return environment.merging(extra) { $1 }
    }

    /// A new empty folder that lives until the process exits.
    public static func temporaryFolder(_ label: String = "test") throws -> String {
        let root = try root.get()
        var template = Array("\(root)/\(label)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp failed in \(root): \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }

    /// An interaction model written to `<name>-en-US.json` in a new folder of its own (a skill
    /// id of `name`, one model per skill): its path.
    public static func modelFile(_ name: String, _ json: String) throws -> String {
        let path = try temporaryFolder("\(name)-model") + "/\(name)-en-US.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A loopback port free a moment ago, for a server that cannot pick its own (PostgreSQL,
    /// chromedriver).
    public static func freeLoopbackPort() throws -> Int { try LoopbackPort.free() }

    /// A folder holding copies of the named built products (the example skills).
    public static func folderWithProducts(_ names: [String]) throws -> String {
        let folder = try temporaryFolder("skills")
        for name in names {
            try FileManager.default.copyItem(atPath: product(name), toPath: "\(folder)/lib\(name).so")
        }
        return folder
    }

    /// Compiles a C skill fixture into `folder/name.so` with `defines` (`-DNAME=VALUE`) and
    /// returns its path.
    public static func compileC(_ source: String, defines: [String] = [], into folder: String, name: String) throws -> String {
        let output = "\(folder)/\(name).so"
        let (status, text) = try run("/usr/bin/env", ["cc", "-std=c11", "-shared", "-fPIC", "-O0", "-I", "\(packageRoot)/SkillKit/Sources/CSkillABI/include"]
            + defines.map { "-D\($0)" } + [source, "-o", output])
        guard status == 0 else { throw FixtureError("cc failed for \(name): \(text)") }
        return output
    }

    /// A pipe whose ends close on exec: a child given one end as its standard input or output
    /// gets it (dup2 makes a descriptor that stays), and no other child started meanwhile by
    /// another test inherits it — one that did would keep it open for its life, and whoever
    /// reads the pipe would never see the end.
    public static func pipe() -> Pipe {
        let pipe = Pipe()
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }

    /// Runs `executable` with `arguments` to the end: its exit status and what it printed on
    /// standard output and error together.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment()
        let pipe = Self.pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        let stdin = input.map { _ in Self.pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// `run`, waited for on a thread of its own: an async test whose child talks to a server in
    /// this process (which answers from Swift's cooperative pool) must not hold a pool thread
    /// while it waits.
    public static func runOffPool(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(executable, arguments, input: input) })
            }
        }
    }

    /// The fixture skill every loader test compiles variants of.
    public static var fixtureSkillSource: String { "\(packageRoot)/Tests/LoaderTests/Fixtures/fixture_skill.c" }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
