import ArgumentParser
import Foundation
import NLU
import SkillModel

/// `skillhost nlu`: the NLU on its own, for model authors and benchmarks.
struct NLUCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu",
        abstract: "Parse, evaluate and check interaction models without running skills.",
        subcommands: [NLUParseCommand.self, NLUEvalCommand.self, NLUCheckCommand.self]
    )
}

/// Options for commands that load one interaction model.
struct ModelOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An Alexa interaction model JSON file (en-US.json).", valueName: "file"))
    var model: String

    @Option(help: ArgumentHelp("The skill id used in entity-resolution authorities.", valueName: "id"))
    var skillID: String = Self.defaultSkillID

    static let defaultSkillID = "local.model"

    @Flag(help: "Train the model instead of reading it from the cache of trained models.")
    var noCache = false

    func load() throws -> SkillNLU { try load(model, skillID: SkillID(skillID)) }

    /// The cache of trained models, unless `--no-cache`.
    var cache: NLUCache? { noCache ? nil : NLUCache(directory: NLUCache.defaultDirectory()) }

    /// Says once, on standard error, when the NLU reads words without their vectors.
    private static let wordVectorsWarning: Void = {
        if let problem = WordVectors.problem { FileHandle.standardError.write(Data("skillhost nlu: \(problem)\n".utf8)) }
    }()

    /// The model in `path`, trained or from the cache.
    func load(_ path: String, skillID: SkillID) throws -> SkillNLU {
        let text = try InputFile.text(path)
        _ = Self.wordVectorsWarning
        do {
            return SkillNLU(skillID: skillID, model: try InteractionModel(parsing: text), cache: cache)
        } catch {
            throw InputError("\(path): \(error) (skillhost nlu check --model \(path) lists every problem)")
        }
    }
}
