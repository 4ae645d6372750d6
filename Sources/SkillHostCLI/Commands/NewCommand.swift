import ArgumentParser
import Foundation

/// `skillhost new NAME`: writes a skill's own Swift package that builds and loads at once.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new skill: a Swift package of its own that builds, loads and answers at once.",
        discussion: """
            The package depends on SkillKit alone (this checkout's SkillKit/ folder, by path). It \
            holds the skill's handlers, its interaction model as models/en-US.json (built into \
            the library), unit tests run with SkillKitTesting's SkillTester, and a golden \
            transcript the tests replay through skillhost. Then:

              skillhost --package NAME          talk to it; it rebuilds and reloads on every save
              swift test --package-path NAME    its tests

            With --c the skill is written in C against skillhost_abi.h instead.
            """
    )

    @Argument(help: ArgumentHelp("The skill's name, a Swift type name such as PizzaOrder: the package, product and folder are called so.", valueName: "name"))
    var name: String

    @Flag(name: .customLong("c"), help: "Write the skill in C (the header skillhost_abi.h is the whole contract) instead of Swift.")
    var inC = false

    @Option(name: .customLong("path"), help: ArgumentHelp("Where to make the package's folder. Default: here.", valueName: "dir"))
    var parent: String = "."

    @Option(name: .customLong("skillkit"), help: ArgumentHelp("The SkillKit package to depend on. Default: the SkillKit/ folder of the checkout this skillhost was built from.", valueName: "dir"))
    var skillKit: String?

    func validate() throws {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            throw ValidationError("'\(name)' is not a skill name: use a Swift type name of letters and digits starting with a capital, such as PizzaOrder")
        }
    }

    func run() throws {
        let fileManager = FileManager.default
        let folder = URL(fileURLWithPath: parent).appendingPathComponent(name).standardizedFileURL.path
        guard !fileManager.fileExists(atPath: folder) else {
            throw ValidationError("\(folder) already exists; choose another name or --path")
        }
        guard let sdk = Self.skillKitFolder(given: skillKit) else {
            throw ValidationError("cannot find SkillKit: this skillhost was not built from a checkout that has SkillKit/; name the folder with --skillkit")
        }
        let template = SkillTemplate(name: name, skillKit: sdk, skillhost: Self.executable)
        let files = inC ? template.cFiles : template.swiftFiles
        do {
            for (path, text) in files {
                let url = URL(fileURLWithPath: folder + "/" + path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        } catch {
            try? fileManager.removeItem(atPath: folder)
            throw ValidationError("cannot write \(folder): \(error.localizedDescription)")
        }
        let relative = parent == "." ? name : folder
        print("""
            Made \(folder): the \(inC ? "C" : "Swift") skill \(name), invocation name "\(template.invocationName)".
              skillhost --package \(relative)               talk to it (open \(template.invocationName)); saving a file rebuilds it
              swift test --package-path \(relative)         its tests, the transcript replay included
              skillhost replay \(relative)/transcripts/\(name).transcript --package \(relative)
            """)
    }

    /// The SkillKit package: as given, else beside the checkout this executable was built in.
    static func skillKitFolder(given: String?) -> String? {
        if let given {
            let path = URL(fileURLWithPath: given).standardizedFileURL.path
            return FileManager.default.fileExists(atPath: path + "/Package.swift") ? path : nil
        }
        // The checkout this executable was built in (`…/.build/…/skillhost`), else the one its
        // sources were compiled from (a build folder elsewhere: --scratch-path, a sanitizer's).
        var checkouts: [String] = []
        if let range = executable.range(of: "/.build/") { checkouts.append(String(executable[..<range.lowerBound])) }
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { source.deleteLastPathComponent() }
        checkouts.append(source.path)
        return checkouts.map { $0 + "/SkillKit" }.first { FileManager.default.fileExists(atPath: $0 + "/Package.swift") }
    }

    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
