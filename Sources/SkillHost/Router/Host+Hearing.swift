import Dialog
import NLU
import SkillModel

extension HostEngine {
    /// A turn from speech: the recogniser's hypotheses, best first. The first is taken unless a
    /// lower one reads far better where the conversation stands (a skill named, the answer to
    /// the question asked, an intent read surely): "eight" heard as "eight" or "hate", asked for
    /// a number, is the number whichever came first.
    public func turn(hearing hypotheses: [String]) async -> TurnResult {
        let heard = hypotheses.filter { !$0.isEmpty }
        guard !heard.isEmpty else { return await turn("") }
        let (chosen, why) = choose(among: heard)
        var result = await turn(heard[chosen])
        result.heard = heard
        result.heardChoice = chosen
        if recording, let why { result.route = [why, result.route].compactMap { $0 }.joined(separator: " ") }
        return result
    }

    /// A turn of `conversation` from speech (see `turn(hearing:)`).
    public func turn(hearing hypotheses: [String], in conversation: Conversation, inspecting: Bool = false) async -> (TurnResult, Conversation) {
        await Self.$inspecting.withValue(inspecting) {
            await withConversation(conversation) { await self.turn(hearing: hypotheses) }
        }
    }

    /// How far ahead a lower hypothesis must read to be taken over the first.
    static let hearingLead = 0.3

    /// The hypothesis to take, and (when it is not the first) why.
    func choose(among hypotheses: [String]) -> (Int, String?) {
        guard hypotheses.count > 1 else { return (0, nil) }
        let scores = hypotheses.map { fit(Utterance($0)) }
        var chosen = 0
        for (index, score) in scores.enumerated().dropFirst() where score >= scores[0] + Self.hearingLead && score > scores[chosen] {
            chosen = index
        }
        guard chosen > 0 else { return (0, nil) }
        return (chosen, "Heard “\(hypotheses[0])” best, but hypothesis \(chosen + 1), “\(hypotheses[chosen])”, reads far better here (\(Self.score(scores[chosen])) against \(Self.score(scores[0]))): it is taken.")
    }

    /// How well the words read where the conversation stands, 0…1: a skill named is 1; in a
    /// session, the answer to its question or the skill's best reading; else the best reading
    /// across skills. Nothing is changed.
    func fit(_ utterance: Utterance) -> Double {
        let words = utterance.words
        if words.isEmpty { return 0 }
        if understanding({ registry.invocations.parse(utterance) }) != nil { return 1 }
        if let session = conversation.session, let entry = registry.entry(session.skillID) {
            if BuiltInIntents.phrase(words, among: [.stop, .cancel, .help]) != nil { return 1 }
            if let pending = session.dialog {
                switch pending.question {
                case .elicitSlot(let slot):
                    let answer = understanding { entry.nlu.parse(utterance, eliciting: .init(intent: pending.intent.name, slot: slot)) }.first
                    if let answer, answer.intent == pending.intent.name, answer.slots.contains(where: { $0.name == slot }) { return max(0.95, answer.score) }
                case .confirmSlot, .confirmIntent:
                    if BuiltInIntents.confirmation(words) != nil { return 1 }
                }
            }
            let own = understanding { entry.nlu.parse(utterance) }.first
            return own.map { $0.intent == .fallback ? 0 : $0.score } ?? 0
        }
        if Self.greetings.contains(words.joined(separator: " ")) { return 0.9 }
        return understanding { registry.index.parse(utterance) }.first?.score ?? 0
    }
}

/// What the skill in session waits to hear: the value of a slot it asked for, or a yes or no.
/// A recogniser listens for it first (`SpokenSentences.answers`).
public struct AwaitedAnswer: Sendable, Hashable {
    public let skillID: SkillID
    public let intent: IntentName
    /// The slot asked for, or confirmed; nil when the whole intent is to be confirmed.
    public let slot: SlotName?
    /// Whether the answer is a yes or a no rather than a value.
    public let confirmation: Bool
}

extension HostEngine {
    /// What the local conversation (the REPL's, `listen`'s) waits to hear, if anything.
    public func awaitedAnswer() -> AwaitedAnswer? { Self.awaitedAnswer(in: conversation) }

    /// What `conversation` waits to hear, if anything.
    public nonisolated static func awaitedAnswer(in conversation: Conversation) -> AwaitedAnswer? {
        guard let session = conversation.session, let pending = session.dialog else { return nil }
        switch pending.question {
        case .elicitSlot(let slot): return AwaitedAnswer(skillID: session.skillID, intent: pending.intent.name, slot: slot, confirmation: false)
        case .confirmSlot(let slot): return AwaitedAnswer(skillID: session.skillID, intent: pending.intent.name, slot: slot, confirmation: true)
        case .confirmIntent: return AwaitedAnswer(skillID: session.skillID, intent: pending.intent.name, slot: nil, confirmation: true)
        }
    }
}
