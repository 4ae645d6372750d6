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
    }

    /// "Did you mean ListOMat or NumberRace?": the utterance that several skills could take,
    /// waiting for the user to say which.
    struct PendingChoice: Sendable {
        /// The readings of the skills the user chooses between, in the order they were named.
        let candidates: [NLUCandidate]
    }

    var session: OpenSession?
    var choice: PendingChoice?
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
