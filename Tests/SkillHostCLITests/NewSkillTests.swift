import Foundation
import Testing
import TestSupport

/// `skillhost new`, tried as a skill author would: the package it writes builds against
/// SkillKit alone, its own tests pass (the transcript replayed through skillhost included),
/// and `skillhost --package` / `replay --package` build and load it with no edits.
@Suite(.serialized) struct NewSkillTests {
    static var skillhost: String { "\(TestSupport.productsFolder)/skillhost" }

    static func run(_ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = TestSupport.childEnvironment(environment)
        let output = TestSupport.pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static var swift: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swift"
    }

    @Test(.timeLimit(.minutes(10)))
    func aNewSwiftSkillBuildsAndPassesItsOwnTests() throws {
        let parent = try TestSupport.temporaryFolder("new-skill")
        let made = try Self.run(Self.skillhost, ["new", "PizzaOrder", "--path", parent])
        #expect(made.status == 0, "\(made.output)")
        let package = parent + "/PizzaOrder"
        for file in ["Package.swift", "Sources/PizzaOrder/PizzaOrder.swift", "Sources/PizzaOrder/models/en-US.json", "Tests/PizzaOrderTests/PizzaOrderTests.swift", "transcripts/PizzaOrder.transcript"] {
            #expect(FileManager.default.fileExists(atPath: package + "/" + file), "\(file) missing")
        }
        // The package depends on SkillKit alone: nothing of the host's server or CLI.
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(TestSupport.packageRoot)/SkillKit\")"), "\(manifest)")

        // Its own tests: the handlers in-process, the transcript through this skillhost. The
        // compiler's driver leaves folders in TMPDIR (`DriverLeftovers`): here, one that goes.
        let scratch = parent + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let tested = try Self.run(Self.swift, ["test", "--package-path", package], environment: ["SKILLHOST": Self.skillhost, "TMPDIR": scratch])
        #expect(tested.status == 0, "\(tested.output.suffix(3000))")
        #expect(tested.output.contains("transcriptsReplay"), "\(tested.output.suffix(2000))")
        // Nothing was fetched: SkillKit needs no package of anyone else's.
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: package + "/.build/checkouts")) ?? []
        #expect(checkouts.isEmpty, "\(checkouts)")

        // A second `new` of the same name refuses rather than overwriting.
        let again = try Self.run(Self.skillhost, ["new", "PizzaOrder", "--path", parent])
        #expect(again.status != 0 && again.output.contains("already exists"), "\(again.output)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aNewCSkillIsBuiltAndReplayedByTheHost() throws {
        let parent = try TestSupport.temporaryFolder("new-c-skill")
        let made = try Self.run(Self.skillhost, ["new", "--c", "CoinJar", "--path", parent])
        #expect(made.status == 0, "\(made.output)")
        let package = parent + "/CoinJar"
        let data = try TestSupport.temporaryFolder("new-c-skill-data")
        // The host builds the package itself (swift build --product CoinJar) and replays.
        let replayed = try Self.run(Self.skillhost, ["replay", package + "/transcripts/CoinJar.transcript", "--package", package, "--data", data])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(FileManager.default.fileExists(atPath: package + "/.build/debug/libCoinJar.so"))
    }

    @Test func aNameThatIsNoTypeNameIsRefused() throws {
        let parent = try TestSupport.temporaryFolder("new-bad-name")
        let made = try Self.run(Self.skillhost, ["new", "pizza-order", "--path", parent])
        #expect(made.status != 0)
        #expect(made.output.contains("is not a skill name"), "\(made.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
    }
}
