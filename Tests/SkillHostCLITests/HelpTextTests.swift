import ArgumentParser
import Foundation
@testable import SkillHostCLI
import Testing

/// Help text is what a person reads first: golden files (SKILLHOST_RECORD=1 rewrites them).
@Suite struct HelpTextTests {
    @Test(arguments: [
        ("skillhost-help.txt", [String]()),
        ("repl-help.txt", ["repl"]),
        ("nlu-help.txt", ["nlu"]),
        ("nlu-parse-help.txt", ["nlu", "parse"]),
        ("nlu-eval-help.txt", ["nlu", "eval"]),
        ("nlu-check-help.txt", ["nlu", "check"]),
        ("storage-help.txt", ["storage"]),
        ("storage-put-help.txt", ["storage", "put"]),
        ("listen-help.txt", ["listen"]),
    ])
    func helpText(file: String, path: [String]) throws {
        let command: any ParsableCommand.Type = switch path {
        case ["repl"]: ReplCommand.self
        case ["nlu"]: NLUCommand.self
        case ["nlu", "parse"]: NLUParseCommand.self
        case ["nlu", "eval"]: NLUEvalCommand.self
        case ["nlu", "check"]: NLUCheckCommand.self
        case ["storage"]: StorageCommand.self
        case ["storage", "put"]: StoragePutCommand.self
        case ["listen"]: ListenCommand.self
        default: SkillhostCommand.self
        }
        let text = SkillhostCommand.helpMessage(for: command, columns: 100) + "\n"
        try REPLTests.golden(file, text)
    }
}
