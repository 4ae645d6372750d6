import Foundation
import Testing
import TestSupport

/// `skillhost storage`, run as the real executable: what the "app" beside a skill uses.
@Suite struct StorageCommandTests {
    let root: String

    init() throws { root = try TestSupport.temporaryFolder("cli-data") }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func skillhost(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> Run {
        try run(arguments, input: input, environment: environment)
    }

    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = arguments
        process.environment = TestSupport.childEnvironment(environment)
        let out = TestSupport.pipe(), err = TestSupport.pipe(), stdin = TestSupport.pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    @Test func putGetListDeleteWithTheDataRootBeforeOrAfterTheArguments() throws {
        let group = "group.com.app-o-mat.ListOMat"
        #expect(try skillhost("storage", "put", group, "grocery store", #"{"items":["rice"]}"#, "--data", root).status == 0)
        #expect(try skillhost("storage", "--data", root, "put", group, "hardware", input: #"{"items": []}"#).status == 0)
        let got = try skillhost("storage", "get", "--data", root, group, "grocery store")
        #expect(got.status == 0)
        #expect(got.stdout == "{\"items\":[\"rice\"]}\n")
        #expect(try skillhost("storage", "list", group, "--data", root).stdout == "grocery store\nhardware\n")
        #expect(try skillhost("storage", "delete", group, "hardware", "--data", root).status == 0)
        #expect(try skillhost("storage", "list", group, environment: ["SKILLHOST_DATA_DIR": root]).stdout == "grocery store\n")
        #expect(FileManager.default.fileExists(atPath: "\(root)/groups/\(group)/grocery store.json"))
    }

    @Test func everyRefusalExitsNonZeroWithTheReason() throws {
        let cases: [([String], String)] = [
            (["storage", "get", "com.example.skill", "missing"], "no document 'missing' in the private container of com.example.skill"),
            (["storage", "get", "com.example.skill", "../../etc/passwd"], "'..' would leave the container"),
            (["storage", "put", "com.example.skill", "k", "{not json"], "the value is not JSON"),
            (["storage", "put", "com.example.skill", "k", "[[[1]]]", "--max-depth", "2"], "over the limit of 2"),
            (["storage", "put", "com.example.skill", "k", "\"0123456789\"", "--max-document-bytes", "8"], "over the limit of 8"),
            (["storage", "list", "../x"], "is not a container name"),
        ]
        for (arguments, reason) in cases {
            let result = try run(arguments + ["--data", root])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(root)/skills/com.example.skill/k.json"))
    }
}
