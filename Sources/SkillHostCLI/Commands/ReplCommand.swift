import ArgumentParser
import Foundation
import SkillHost

/// `skillhost repl` (the default): talk to every loaded skill.
struct ReplCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Talk to every loaded skill: type utterances, one per line.",
        discussion: """
            At a terminal it shows a banner and a prompt. From a pipe it prints one line per turn \
            ("Skill> speech"), or one JSON object per turn with --json; the banner and refusals go \
            to standard error.
            """
    )

    @OptionGroup var host: HostOptionGroup

    @Flag(help: "Print one JSON object per turn: utterance, skill, request, intent, slots, speech, reprompt, endSession, error.")
    var json = false

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        let interactive = stdout.isTerminal && isatty(0) == 1 && !json
        let color = interactive && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let engine: HostEngine
        do {
            engine = try HostEngine(options: host.hostOptions(diagnostics: stderr, color: color))
        } catch {
            throw ValidationError("cannot start: \(error)")
        }
        if !host.noWatch { await engine.startWatching() }
        let repl = REPL(
            host: engine,
            input: StandardInputLines(showPrompts: interactive),
            output: stdout,
            diagnostics: stderr,
            format: json ? .json : .text,
            style: .init(interactive: interactive, color: color))
        await repl.run()
    }
}
