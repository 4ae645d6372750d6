import ArgumentParser

/// `skillhost`: with no subcommand, the REPL.
public struct SkillhostCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "skillhost",
        abstract: "Run Alexa-style voice and chat skills locally, from dynamic libraries.",
        subcommands: [ReplCommand.self, ServeCommand.self, ReplayCommand.self, NLUCommand.self, StorageCommand.self, TrustCommand.self, RunnerCommand.self],
        defaultSubcommand: ReplCommand.self
    )

    public init() {}
}

/// The entry point `main.swift` calls; it names the async protocol so argument-parser runs
/// the async path (plain `SkillhostCommand.main()` picks the synchronous one on Linux).
public protocol AsyncParsableCommandRoot {
    static func main() async
}

extension SkillhostCommand: AsyncParsableCommandRoot {
    public static func main() async {
        let arguments = Self.normalized(Array(CommandLine.arguments.dropFirst()))
        await (Self.self as any AsyncParsableCommand.Type).main(arguments)
    }

    /// `--isolate` with no name after it isolates every skill: argument-parser has no option
    /// whose value may be left out, so it becomes `--isolate all`.
    static func normalized(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, argument) in arguments.enumerated() {
            out.append(argument)
            if argument == "--isolate", i + 1 == arguments.count || arguments[i + 1].hasPrefix("-") { out.append("all") }
        }
        return out
    }
}
