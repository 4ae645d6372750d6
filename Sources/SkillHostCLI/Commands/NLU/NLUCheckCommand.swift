import ArgumentParser
import Foundation
import NLU

/// `skillhost nlu check`: lint a model.
struct NLUCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint an interaction model: every problem, each with its JSON path.",
        discussion: "Exits 1 when any error is found; warnings alone exit 0."
    )

    @Option(help: ArgumentHelp("An Alexa interaction model JSON file.", valueName: "file"))
    var model: String

    func run() async throws {
        let text = try InputFile.text(model)
        let findings = ModelLinter.check(text)
        let out = FileDescriptorSink.standardOutput
        for finding in findings { out.write("\(model): \(finding)\n") }
        let errors = findings.filter { $0.severity == .error }.count
        out.write("\(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")\n")
        if errors > 0 { throw ExitCode(1) }
    }
}
