// A test skill that stores through SkillKit over the real ABI: private documents, an app-group
// counter updated by compare-and-swap, persistent attributes, and the refusals a skill meets
// when it reaches for a container that is not its own.
import SkillKit

enum StorageProbe: ExportedSkill {
    static let manifest = SkillManifest(id: "com.skillhost.tests.storageprobe", name: "StorageProbe", version: "1.0.0", appGroups: ["group.com.skillhost.tests.shared"])
    static let interactionModel = #"""
        {"interactionModel": {"languageModel": {
          "invocationName": "storage probe",
          "intents": [
            {"name": "RememberIntent", "slots": [{"name": "word", "type": "AMAZON.SearchQuery"}], "samples": ["remember {word}"]},
            {"name": "RecallIntent", "samples": ["what do you remember", "recall"]},
            {"name": "CountIntent", "samples": ["count", "count up"]},
            {"name": "VisitIntent", "samples": ["visit", "i am here"]},
            {"name": "ForgetIntent", "samples": ["forget me"]},
            {"name": "TrespassIntent", "samples": ["trespass"]},
            {"name": "SnoopIntent", "samples": ["snoop"]},
            {"name": "AMAZON.StopIntent", "samples": []}
          ],
          "types": []
        }}}
        """#

    static func makeSkill() -> Skill {
        SkillBuilders.custom()
            .addRequestHandlers(ProbeHandler())
            .addErrorHandlers(SpeakErrors())
            .create()
    }
}

@c(skillhost_create_skill_v1)
public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
    StorageProbe.export(host)
}

struct Visits: Codable {
    var visits: Int
}

struct ProbeHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { true }

    func handle(_ input: HandlerInput) throws -> Response {
        let storage = input.storage
        let speech: String
        switch input.intentName?.rawValue {
        case nil:
            speech = "Storage probe ready."
        case "RememberIntent":
            let word = try input.requireSlotValue("word")
            try storage.privateContainer.put("note", ["word": .string(word)])
            speech = "Remembered \(word)."
        case "RecallIntent":
            let note = try storage.privateContainer.get("note")
            speech = note?["word"]?.string.map { "You told me \($0)." } ?? "Nothing yet."
        case "CountIntent":
            let count = try storage.group("group.com.skillhost.tests.shared").update("counter", as: Int.self) { ($0 ?? 0) + 1 }
            speech = "Count \(count)."
        case "VisitIntent":
            var visits = try input.attributesManager.persistentAttributes(as: Visits.self) ?? Visits(visits: 0)
            visits.visits += 1
            try input.attributesManager.setPersistentAttributes(visits)
            try input.attributesManager.savePersistentAttributes()
            speech = "Visit \(visits.visits)."
        case "ForgetIntent":
            try input.attributesManager.deletePersistentAttributes()
            speech = "Forgotten."
        case "TrespassIntent":
            try storage.group("group.com.someone.else").put("mine", true)
            speech = "Trespassed."
        case "SnoopIntent":
            _ = try storage.group("com.skillhost.examples.helloworld").list()
            speech = "Snooped."
        default:
            return input.responseBuilder.speak("Bye.").withShouldEndSession(true).getResponse()
        }
        return input.responseBuilder.speak(speech).reprompt("What else?").getResponse()
    }
}

/// Says what failed, so a test can read the host's refusal.
struct SpeakErrors: ErrorHandler {
    func canHandle(_ input: HandlerInput, error: any Error) -> Bool { true }

    func handle(_ input: HandlerInput, error: any Error) -> Response {
        input.responseBuilder.speak("Error: \(error)").reprompt("What else?").getResponse()
    }
}
