import SkillHostCLI

// Through the async protocol, so argument-parser runs the command's async `run()`.
let command: any AsyncParsableCommandRoot.Type = SkillhostCommand.self
await command.main()
