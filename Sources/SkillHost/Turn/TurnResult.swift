import Dialog
import NLU
import SkillModel

/// What happened in one turn, for the REPL to print and for tests to check.
public struct TurnResult: Sendable {
    public var utterance: String
    /// The skill that answered, or nil when the host answered itself.
    public var skillID: SkillID?
    /// The display name of who answered: a skill's name, or "skillhost".
    public var speaker: String
    /// The request type sent to the skill, or nil when none was sent.
    public var requestType: String?
    public var intent: IntentName?
    /// Slot name → spoken value, for the filled slots.
    public var slots: [(name: SlotName, value: String)]
    /// What the user hears, as plain text.
    public var speech: String
    /// The speech as the skill's SSML, when it sent SSML (what a voice says, breaks and all).
    public var speechSSML: String?
    public var reprompt: String?
    /// Whether the skill's session is over after this turn.
    public var endSession: Bool
    /// The dialogState the request carried, when it carried one.
    public var dialogState: DialogState?
    /// The question the dialog now waits on (a slot to fill, a slot or the intent to confirm).
    public var question: DialogQuestion?
    /// What failed, named, when something did.
    public var error: String?
    /// The time skills took in this turn (their request, a session's end, a
    /// CanFulfillIntentRequest); the rest of the turn is the host's understanding and routing.
    public var skillDuration: Duration = .zero
    /// The time the NLU took in this turn: invocation phrases, readings, answers to the
    /// dialog's question, and (inspected turns only) the accounts of every skill.
    public var nluDuration: Duration = .zero
    /// The time an inspected turn spent on what only the inspection shows (every skill's
    /// account, the other skills' readings in a session).
    public var inspectionDuration: Duration = .zero

    /// For `:debug` and the console: why this skill (or none) took the sentence, in a sentence
    /// a person reads — named, in session, handed over, the best reading across skills…
    public var route: String?
    /// For the console, in a session: what the other skills, not asked because the skill in
    /// session hears the sentence first, would have read.
    public var otherReadings: [NLUCandidate] = []

    /// What the skill said before its answer, through the Directive service (progressive
    /// responses, in order, SSML as sent).
    public var progressive: [String] = []
    /// The permissions the skill asked the user for with an AskForPermissionsConsent card.
    public var permissionsAsked: [String] = []

    /// A turn from speech: what the recogniser heard, best first, and which was taken.
    public var heard: [String] = []
    public var heardChoice = 0
    /// The time the recogniser took to hear it (set by whoever listened).
    public var hearingDuration: Duration = .zero

    /// For `:debug`: the ranked readings and the envelopes that crossed the ABI.
    public var candidates: [NLUCandidate] = []
    /// For `:debug`, when no reading or only the fallback came of the sentence: why, skill by skill.
    public var explanations: [NLUExplanation] = []
    /// For `:debug` and the console: what the skill did to its documents in this turn.
    var storage: [StorageWatch.Touch] = []
    public var requestJSON: String?
    public var responseJSON: String?

    init(utterance: String, speaker: String = "skillhost") {
        self.utterance = utterance
        self.speaker = speaker
        slots = []
        speech = ""
        endSession = false
    }
}

extension TurnResult {
    /// The turn as a JSON object with exactly the documented keys: a line of the REPL's
    /// `--json` output, and the conversation API's answer to a turn (a turn from speech also
    /// says what was heard).
    public var jsonValue: JSONValue {
        var slots = JSONObject()
        for slot in self.slots { slots[slot.name.rawValue] = .string(slot.value) }
        let value: JSONValue = [
            "utterance": .string(utterance),
            "skill": skillID.map { .string($0.rawValue) } ?? .null,
            "request": requestType.map(JSONValue.string) ?? .null,
            "intent": intent.map { .string($0.rawValue) } ?? .null,
            "slots": .object(slots),
            "speech": .string(speech),
            "reprompt": reprompt.map(JSONValue.string) ?? .null,
            "endSession": .bool(endSession),
            "dialogState": dialogState.map { .string($0.rawValue) } ?? .null,
            "asks": question.map { question in
                ["type": .string(question.directiveType), "slot": question.slot.map { .string($0.rawValue) } ?? .null]
            } ?? .null,
            "error": error.map(JSONValue.string) ?? .null,
        ]
        guard !heard.isEmpty || !progressive.isEmpty || !permissionsAsked.isEmpty, case .object(var object) = value else { return value }
        if !heard.isEmpty {
            object["heard"] = .array(heard.map(JSONValue.string))
            object["heardChoice"] = .number(JSONNumber(heardChoice))
        }
        if !progressive.isEmpty { object["progressive"] = .array(progressive.map { .string(SSML.plainText($0)) }) }
        if !permissionsAsked.isEmpty { object["permissionsAsked"] = .array(permissionsAsked.map(JSONValue.string)) }
        return .object(object)
    }

    /// What to say of the answer: the skill's SSML when the speech came from it, else the plain
    /// text escaped as SSML.
    public var spokenSSML: String {
        speechSSML.flatMap { SSML.plainText($0) == speech ? $0 : nil } ?? SSML.escape(speech)
    }
}

extension TurnResult {
    /// What `:debug` shows of the turn, as JSON (the console's view inside a turn): the ranked
    /// readings across skills, why no skill took the sentence when none or only the fallback
    /// did (every skill's account, on an inspected turn), the route (why this skill), what the
    /// other skills would have read in a session, the envelopes that crossed the ABI (as JSON,
    /// or as the text a skill sent when that is not JSON), and the time the NLU and the skills
    /// took. The envelopes and explanations are there
    /// only when the turn recorded them (`HostEngine.turn(_:in:inspecting:)`, `:debug`).
    public var inspectionJSON: JSONValue {
        func envelope(_ text: String?) -> JSONValue {
            guard let text else { return .null }
            return (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
        }
        func milliseconds(_ duration: Duration) -> JSONValue {
            .number(JSONNumber(Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15))
        }
        return [
            "route": route.map(JSONValue.string) ?? .null,
            "readings": Self.json(candidates),
            "others": Self.json(otherReadings),
            "why": Self.json(explanations),
            "request": envelope(requestJSON),
            "response": envelope(responseJSON),
            "skillMs": milliseconds(skillDuration),
            "nluMs": milliseconds(nluDuration),
            "inspectMs": milliseconds(inspectionDuration),
            "storage": StorageWatch.json(storage),
            // The turn as `:record` writes it: the console's transcripts are these, joined.
            "transcript": .string(Transcript.record(self)),
        ]
    }

    /// Readings as JSON: skill, intent, score, slots (name → what was said).
    static func json(_ candidates: [NLUCandidate]) -> JSONValue {
        .array(candidates.map { candidate in
            var slots = JSONObject()
            for slot in candidate.slots { slots[slot.name.rawValue] = .string(slot.spoken) }
            return ["skill": .string(candidate.skillID.rawValue), "intent": .string(candidate.intent.rawValue), "score": .number(JSONNumber(candidate.score)), "slots": .object(slots)]
        })
    }

    /// Explanations as JSON: skill, whether the router asked it, why it reads the sentence as it does.
    static func json(_ explanations: [NLUExplanation]) -> JSONValue {
        .array(explanations.map { explanation in
            ["skill": .string(explanation.skillID.rawValue), "asked": .bool(explanation.verdict != .notAsked), "why": .string(explanation.description)]
        })
    }
}
