import SkillModel

/// The user's side of the dialog, kept by the host between turns: which skill holds the
/// session, its attributes, and what was said last (for "repeat" and an empty line).
struct Conversation: Sendable {
    struct OpenSession: Sendable {
        let skillID: SkillID
        let sessionID: String
        var isNew: Bool
        var attributes: JSONObject
        var lastSpeech: String
        var lastReprompt: String?
        /// The question the skill asked with Dialog.ElicitSlot: the intent as it stands (with
        /// the slots filled so far) and the slot it wants next.
        var elicitation: (intent: Intent, slot: SlotName)?
    }

    var session: OpenSession?
    let userID: String
    let deviceID: String
}
