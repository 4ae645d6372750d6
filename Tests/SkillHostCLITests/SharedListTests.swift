import Foundation
import SkillModel
import Testing
import TestSupport

/// Two `skillhost` processes talk to ListOMat at the same time, each adding twenty items to the
/// same list in the shared app group: every item of both ends up on the list.
@Suite struct SharedListTests {
    static func skillhost(_ arguments: [String], input: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(TestSupport.productsFolder)/skillhost")
        process.arguments = arguments
        process.environment = TestSupport.childEnvironment()
        let stdin = TestSupport.pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        return process
    }

    @Test func twoProcessesAddingToOneListLoseNothing() throws {
        let skills = try TestSupport.folderWithProducts(["ListOMat"])
        let data = try TestSupport.temporaryFolder("shared-list")
        let arguments = ["--skills", skills, "--data", data, "--no-watch"]
        let setup = try Self.skillhost(arguments, input: "ask list o mat to make a new list called grocery store\n")
        setup.waitUntilExit()

        let fruit = ["apples", "bananas", "cherries", "dates", "figs", "grapes", "kiwis", "lemons", "limes", "mangoes", "melons", "oranges", "papayas", "peaches", "pears", "plums", "prunes", "raisins", "berries", "coconuts"]
        let hardware = ["nails", "screws", "bolts", "hinges", "glue", "tape", "paint", "brushes", "rollers", "sandpaper", "hooks", "chains", "ropes", "wires", "fuses", "switches", "plugs", "cables", "lamps", "bulbs"]
        func script(_ items: [String]) -> String { items.map { "ask list o mat to add \($0) to the grocery store list\n" }.joined() }
        let first = try Self.skillhost(arguments, input: script(fruit))
        let second = try Self.skillhost(arguments, input: script(hardware))
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)

        let text = try String(contentsOfFile: "\(data)/groups/group.com.app-o-mat.ListOMat/lists.json", encoding: .utf8)
        let lists = try #require(try JSONParser.parse(text).array)
        let items = lists.first?["items"]?.array?.compactMap { $0["name"]?.string } ?? []
        #expect(Set(items) == Set(fruit + hardware), "missing: \(Set(fruit + hardware).subtracting(items).sorted())")
        #expect(items.count == 40)
    }

    /// Fields the app wrote that ListOMat does not know survive ListOMat's changes.
    @Test func fieldsListOMatDoesNotKnowSurviveItsWrites() throws {
        let skills = try TestSupport.folderWithProducts(["ListOMat"])
        let data = try TestSupport.temporaryFolder("shared-list-extra")
        let folder = "\(data)/groups/group.com.app-o-mat.ListOMat"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stored = #"[{"name":"Grocery Store","color":"green","extra":{"keep":"me"},"items":[{"name":"rice","done":false,"addedBy":"app"}]}]"#
        try stored.write(toFile: "\(folder)/lists.json", atomically: true, encoding: .utf8)
        let run = try Self.skillhost(["--skills", skills, "--data", data, "--no-watch"], input: "ask list o mat to add olives to the grocery store list\n")
        run.waitUntilExit()
        #expect(run.terminationStatus == 0)
        let lists = try #require(try JSONParser.parse(try String(contentsOfFile: "\(folder)/lists.json", encoding: .utf8)).array)
        #expect(lists.first?["extra"]?["keep"]?.string == "me")
        #expect(lists.first?["color"]?.string == "green")
        let items = lists.first?["items"]?.array ?? []
        #expect(items.compactMap { $0["name"]?.string } == ["rice", "olives"])
        #expect(items.first?["addedBy"]?.string == "app")
    }
}
