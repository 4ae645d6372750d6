import Dialog
import NLU
import SkillModel
import Synchronization

/// Which conversation a turn belongs to, inside the host.
struct ConversationKey: Hashable, Sendable {
    private let number: UInt64
    private static let counter = Atomic<UInt64>(1)
    private init(number: UInt64) { self.number = number }
    /// A key no other conversation has.
    init() { number = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue }
    /// The host's own conversation: the REPL's.
    static let local = ConversationKey(number: 0)
}

/// The user's side of the dialog, kept between turns (by the host for its own user, by a
/// front end such as the server for each of its users): which skill holds the session, its
/// attributes, what was said last (for "repeat" and an empty line), and the question the
/// dialog is waiting on.
public struct Conversation: Sendable {
    struct OpenSession: Sendable {
        let skillID: SkillID
        let sessionID: String
        /// Picks prompt variations: the same session replayed hears the same words.
        let seed: UInt64
        var isNew: Bool
        var attributes: JSONObject
        var lastSpeech: String
        var lastReprompt: String?
        /// Turns taken in this session.
        var turn = 0
        /// The question the dialog waits on, and the intent as it stands.
        var dialog: PendingDialog?
        /// The last intent the skill was sent with a slot filled: what "book it" and "when is
        /// she playing" refer back to (`HostEngine.referredSlots`).
        var lastIntent: Intent?
    }

    /// A question asked in a dialog: by the dialog model (auto delegation, or after the
    /// skill's Dialog.Delegate) or by the skill's own Dialog directive.
    struct PendingDialog: Sendable {
        /// The intent as it stands, with the slots filled so far.
        var intent: Intent
        var question: DialogQuestion
        /// Whether the dialog model asked, so the dialog model takes the answer when the
        /// intent is delegated automatically.
        var askedByModel: Bool
        /// A change said of a value two given slots hold alike, waiting for the user to say
        /// which slot ("the pick-up date or the return date?"); the question stays asked.
        var choosing: SlotChoice? = nil
        /// The slot the turn before this question filled, when it filled one: what "sorry, i
        /// meant tuesday" corrects.
        var answered: SlotName? = nil
        /// The latest bare hour the dialog's sentences put after noon ("a table tomorrow for
        /// dinner", then "8": 20:00), if they did (`SkillNLU.hoursAfterNoon`).
        var hoursAfterNoon: Int? = nil
        /// A bare number said for the duration asked, its unit asked for ("Twelve what?"): the
        /// words of the count, which a unit said next completes ("weeks": twelve weeks).
        var unitlessCount: String? = nil
    }

    /// "No, make it the twenty fourth", of a pick-up and a return date: the sentence, and the
    /// slots it may change, in the model's order.
    struct SlotChoice: Sendable {
        let utterance: String
        let slots: [SlotName]
    }

    /// "Did you mean ListOMat or NumberRace?": the utterance that several skills could take,
    /// waiting for the user to say which.
    struct PendingChoice: Sendable {
        /// What the user said.
        let utterance: String
        /// The skills the user chooses between, in the order they were named.
        let skillIDs: [SkillID]
        /// Their readings of it; nil when the conversation was read back from its stored form,
        /// and the utterance is read again.
        let candidates: [NLUCandidate]?
    }

    /// A dialog another skill's request interrupted ("what's the weather in denver", asked
    /// what time a pill reminder should ring): its question is asked again when that other
    /// skill's session ends, and a sentence the skill in session understands nothing of that
    /// answers it goes back to it, every slot given so far kept.
    struct InterruptedDialog: Sendable {
        let skillID: SkillID
        let dialog: PendingDialog
        /// The question as the skill last asked it.
        let question: String?
    }

    var session: OpenSession?
    var choice: PendingChoice?
    var interrupted: InterruptedDialog?
    public let userID: String
    public let deviceID: String
    /// Sessions opened so far; with the host's dialog seed, each session's seed.
    var sessions = 0

    init(userID: String, deviceID: String) {
        self.userID = userID
        self.deviceID = deviceID
    }

    /// The skill holding the session, if any.
    public var sessionOwner: SkillID? { session?.skillID }
}

// MARK: - Stored form

extension Conversation {
    /// The conversation as JSON, for a front end to keep between turns (in a store any host
    /// can read): everything a next turn needs to go on exactly.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["userId": .string(userID), "deviceId": .string(deviceID), "sessions": .number(JSONNumber(sessions))]
        if let session {
            var open: JSONObject = [
                "skill": .string(session.skillID.rawValue), "sessionId": .string(session.sessionID), "seed": .string(String(session.seed)),
                "new": .bool(session.isNew), "attributes": .object(session.attributes), "lastSpeech": .string(session.lastSpeech),
                "turn": .number(JSONNumber(session.turn)),
            ]
            if let reprompt = session.lastReprompt { open["lastReprompt"] = .string(reprompt) }
            if let dialog = session.dialog { open["dialog"] = dialog.jsonValue }
            if let last = session.lastIntent { open["lastIntent"] = .object(last.json) }
            object["session"] = .object(open)
        }
        if let interrupted {
            var stored: JSONObject = ["skill": .string(interrupted.skillID.rawValue), "dialog": interrupted.dialog.jsonValue]
            if let question = interrupted.question { stored["question"] = .string(question) }
            object["interrupted"] = .object(stored)
        }
        if let choice {
            object["choice"] = ["utterance": .string(choice.utterance), "skills": .array(choice.skillIDs.map { .string($0.rawValue) })]
        }
        return .object(object)
    }

    /// Reads the stored form back.
    public init(json: JSONValue) throws(ModelError) {
        func string(_ value: JSONValue?, _ path: String) throws(ModelError) -> String {
            guard let text = value?.string else { throw ModelError(path: path, "must be a string") }
            return text
        }
        self.init(userID: try string(json["userId"], "$.userId"), deviceID: try string(json["deviceId"], "$.deviceId"))
        sessions = json["sessions"]?.number?.intValue ?? 0
        if let open = json["session"], open != .null {
            guard let seed = UInt64(try string(open["seed"], "$.session.seed")) else { throw ModelError(path: "$.session.seed", "is not a number") }
            var session = OpenSession(
                skillID: SkillID(try string(open["skill"], "$.session.skill")), sessionID: try string(open["sessionId"], "$.session.sessionId"), seed: seed,
                isNew: open["new"]?.bool ?? false, attributes: open["attributes"]?.object ?? JSONObject(),
                lastSpeech: open["lastSpeech"]?.string ?? "", lastReprompt: open["lastReprompt"]?.string)
            session.turn = open["turn"]?.number?.intValue ?? 0
            if let dialog = open["dialog"], dialog != .null { session.dialog = try PendingDialog(json: dialog, path: "$.session.dialog") }
            session.lastIntent = open["lastIntent"]?.object.map(Intent.init(json:))
            self.session = session
        }
        if let stored = json["interrupted"], stored != .null {
            interrupted = InterruptedDialog(
                skillID: SkillID(try string(stored["skill"], "$.interrupted.skill")),
                dialog: try PendingDialog(json: stored["dialog"] ?? .null, path: "$.interrupted.dialog"), question: stored["question"]?.string)
        }
        if let choice = json["choice"], let utterance = choice["utterance"]?.string {
            self.choice = PendingChoice(utterance: utterance, skillIDs: choice["skills"]?.array?.compactMap { $0.string.map { SkillID($0) } } ?? [], candidates: nil)
        }
    }
}

extension Conversation.PendingDialog {
    /// The stored form: the intent as it stands and the question asked.
    var jsonValue: JSONValue {
        var stored: JSONObject = [
            "intent": .object(intent.json),
            "question": .string(question.directiveType),
            "slot": question.slot.map { .string($0.rawValue) } ?? .null,
            "askedByModel": .bool(askedByModel),
        ]
        if let answered { stored["answered"] = .string(answered.rawValue) }
        if let hoursAfterNoon { stored["hoursAfterNoon"] = .number(JSONNumber(hoursAfterNoon)) }
        if let unitlessCount { stored["unitlessCount"] = .string(unitlessCount) }
        if let choosing {
            stored["choosing"] = ["utterance": .string(choosing.utterance), "slots": .array(choosing.slots.map { .string($0.rawValue) })]
        }
        return .object(stored)
    }

    /// Reads the stored form back; `path` names it in an error.
    init(json dialog: JSONValue, path: String) throws(ModelError) {
        guard let intent = dialog["intent"]?.object else { throw ModelError(path: path + ".intent", "is missing") }
        let slot = dialog["slot"]?.string.map { SlotName($0) }
        let question: DialogQuestion
        switch (dialog["question"]?.string, slot) {
        case ("Dialog.ElicitSlot", let slot?): question = .elicitSlot(slot)
        case ("Dialog.ConfirmSlot", let slot?): question = .confirmSlot(slot)
        case ("Dialog.ConfirmIntent", _): question = .confirmIntent
        default: throw ModelError(path: path + ".question", "is not a dialog question with its slot")
        }
        var choosing: Conversation.SlotChoice?
        if let choice = dialog["choosing"], choice != .null {
            guard let utterance = choice["utterance"]?.string, let slots = choice["slots"]?.array?.compactMap(\.string), slots.count > 1 else {
                throw ModelError(path: path + ".choosing", "is not a sentence with the slots it may change")
            }
            choosing = Conversation.SlotChoice(utterance: utterance, slots: slots.map { SlotName($0) })
        }
        self.init(intent: Intent(json: intent), question: question, askedByModel: dialog["askedByModel"]?.bool ?? false, choosing: choosing,
                  answered: dialog["answered"]?.string.map { SlotName($0) }, hoursAfterNoon: dialog["hoursAfterNoon"]?.number?.intValue,
                  unitlessCount: dialog["unitlessCount"]?.string)
    }
}
