import ArgumentParser
import Loader

/// `skillhost runner LIBRARY`: the process an isolated skill runs in. Started by the host, which
/// speaks frames to it on standard input and output; not for people.
struct RunnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runner",
        abstract: "Run one skill library for an isolating host (started by skillhost itself).",
        shouldDisplay: false
    )

    @Argument(help: ArgumentHelp("The skill library.", valueName: "library"))
    var library: String

    func run() throws {
        SkillRunner.run(library: library)
    }
}
