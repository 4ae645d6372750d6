import ArgumentParser

/// `skillhost`: with no subcommand, the REPL.
public struct SkillhostCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "skillhost",
        abstract: "Run Alexa-style voice and chat skills locally, from dynamic libraries.",
        subcommands: [ReplCommand.self, NLUCommand.self, StorageCommand.self],
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
        await (Self.self as any AsyncParsableCommand.Type).main()
    }
}
