import ArgumentParser

/// `skillhost`: with no subcommand, the REPL.
public struct SkillhostCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "skillhost",
        abstract: "Run Alexa-style voice and chat skills locally, from dynamic libraries.",
        subcommands: [ReplCommand.self, ServeCommand.self, ConsoleCommand.self, ReplayCommand.self, ListenCommand.self, NewCommand.self, NLUCommand.self, StorageCommand.self, TrustCommand.self, RunnerCommand.self],
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
    /// `--data` and `--database` go anywhere, as the README says: given before a subcommand
    /// (`skillhost --data D storage list`), they move to its end, where the subcommand reads them.
    static func normalized(_ arguments: [String]) -> [String] {
        var arguments = arguments
        var leading: [String] = []
        while let first = arguments.first {
            if ["--data", "--database"].contains(first), arguments.count > 1 {
                leading += arguments.prefix(2)
                arguments.removeFirst(2)
            } else if first.hasPrefix("--data=") || first.hasPrefix("--database=") {
                leading.append(arguments.removeFirst())
            } else {
                break
            }
        }
        let subcommands = configuration.subcommands.map { $0.configuration.commandName ?? "" }
        if !leading.isEmpty, let name = arguments.first, subcommands.contains(name) {
            let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
            arguments.insert(contentsOf: leading, at: end)
        } else {
            arguments = leading + arguments
        }
        var out: [String] = []
        for (i, argument) in arguments.enumerated() {
            out.append(argument)
            if argument == "--isolate", i + 1 == arguments.count || arguments[i + 1].hasPrefix("-") { out.append("all") }
        }
        return out
    }
}
