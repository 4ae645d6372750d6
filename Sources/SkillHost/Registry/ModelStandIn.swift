import Foundation
import Loader
import NLU
import SkillModel

/// An interaction model with no skill behind it (`skillhost --model FILE`): the host
/// understands it and runs its dialog model as for any skill, and this stand-in answers each
/// finished intent with what a skill would receive — the intent, its slots with their
/// resolutions, the dialog state and the confirmation statuses. Under SKILL_RESPONSE it
/// delegates every turn, as most Alexa skills do; "stop" and "cancel" end the session.
///
/// For porting: try an Alexa skill's model, dialog and all, before writing a line of the skill.
public final class ModelStandIn: SkillEndpoint, @unchecked Sendable {
    // @unchecked: every stored property is immutable.
    public let manifest: SkillManifest
    public let model: InteractionModel
    public let path: String
    /// 1, then counting up each time `:reload` reads the file again.
    public let generation: Int
    public var isIsolated: Bool { false }

    public init(model: InteractionModel, path: String, generation: Int = 1) {
        self.model = model
        self.path = path
        self.generation = generation
        let key = Tokenizer.tokens(model.invocationName).map(\.text).joined(separator: "-")
        let name = model.invocationDisplayName
        manifest = SkillManifest(id: SkillID("local.model.\(key.isEmpty ? "unnamed" : key)"), name: name.isEmpty ? "Model" : name, version: "model")
    }

    /// Reads a model file (the Alexa developer console's JSON, `interactionModel` at the top).
    /// - Throws: `LoaderError` (`unreadable`, `malformedModel`) naming the file and the JSON path.
    public static func load(_ path: String, generation: Int = 1) throws(LoaderError) -> ModelStandIn {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw LoaderError(.unreadable, path: path, "no such file")
        }
        guard !isFolder.boolValue else { throw LoaderError(.notAFile, path: path, "a folder, not an interaction model file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw LoaderError(.unreadable, path: path, "cannot read the file (permissions?)") }
        guard let text = String(data: data, encoding: .utf8) else { throw LoaderError(.malformedModel, path: path, "not UTF-8 text, so not an interaction model") }
        do {
            return ModelStandIn(model: try InteractionModel(parsing: text), path: path, generation: generation)
        } catch {
            throw LoaderError(.malformedModel, path: path, "interaction model: \(error)")
        }
    }

    public func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8] {
        let envelope = try? request.withUnsafeBufferPointer { buffer throws(ModelError) in try RequestEnvelope(parsing: buffer) }
        var response = Response()
        switch envelope?.request.type {
        case .launch?:
            response.outputSpeech = .plainText("\(manifest.name) is a model with no skill behind it: say what it understands, and hear what the skill would get.")
            response.shouldEndSession = false
        case .intent?:
            guard let request = envelope?.request, let intent = request.intent else { break }
            if let state = request.dialogState, state != .completed {
                response.directives = [["type": "Dialog.Delegate"]]
                break
            }
            response.outputSpeech = .plainText(Self.describe(intent, state: request.dialogState))
            response.shouldEndSession = intent.name == .stop || intent.name == .cancel
        case .canFulfillIntent?:
            response.json["canFulfillIntent"] = ["canFulfill": "MAYBE"]
        default:
            break
        }
        return JSONWriter.bytes(.object(ResponseEnvelope(response: response, sessionAttributes: envelope?.session?.attributes).json))
    }

    public func retire() {}

    /// `RegisterBirthdayIntent, COMPLETED, CONFIRMED: day "15"; month "march" (march, id 03); year empty.`
    static func describe(_ intent: Intent, state: DialogState?) -> String {
        var head = intent.name.rawValue
        if let state { head += ", \(state.rawValue)" }
        if intent.confirmationStatus != .none { head += ", \(intent.confirmationStatus.rawValue)" }
        let slots = intent.slots.map { slot -> String in
            let values = slot.values
            guard !values.isEmpty else { return "\(slot.name) empty" }
            let said = values.map { value -> String in
                guard let resolved = value.resolvedValue else { return "\"\(value.value)\"" }
                return "\"\(value.value)\" (\(resolved.name), id \(resolved.id))"
            }.joined(separator: ", ")
            return "\(slot.name) \(said)" + (slot.confirmationStatus == .none ? "" : " \(slot.confirmationStatus.rawValue)")
        }
        return slots.isEmpty ? head + "." : head + ": " + slots.joined(separator: "; ") + "."
    }
}
