import Dialog
import NLU
import SkillModel

/// Name-free turns that more than one skill could take: each close candidate's skill is asked
/// with a CanFulfillIntentRequest, as Alexa does; the best answer wins (YES over MAYBE over NO;
/// a skill that does not answer counts as MAYBE). When skills still tie, the host asks which
/// one the user means, and reads the answer ("list o mat", "the first one", "the number game").
extension HostEngine {
    /// Readings from different skills within this score of the best are close enough to ask.
    static let closeScore = 0.1

    /// The skill to take a name-free utterance, or a question to the user when it is not clear.
    func arbitrate(_ candidates: [NLUCandidate], result: TurnResult) async -> TurnResult? {
        guard let best = candidates.first else { return nil }
        var contenders = [best]
        for candidate in candidates where candidate.skillID != best.skillID && best.score - candidate.score < Self.closeScore {
            if !contenders.contains(where: { $0.skillID == candidate.skillID }) { contenders.append(candidate) }
        }
        guard contenders.count > 1 else { return nil }
        var result = result
        var answers: [(NLUCandidate, CanFulfillIntent.Answer)] = []
        let asked = ContinuousClock.now
        for contender in contenders {
            answers.append((contender, await canFulfill(contender)))
        }
        result.skillDuration += ContinuousClock.now - asked
        let order: [CanFulfillIntent.Answer] = [.yes, .maybe, .no]
        guard let bestAnswer = order.first(where: { answer in answers.contains { $0.1 == answer } }) else { return nil }
        var remaining = answers.filter { $0.1 == bestAnswer }.map(\.0)
        let weighed = answers.map { "\(registry.entry($0.0.skillID)?.name ?? $0.0.skillID.rawValue) (\($0.0.intent) at \(Self.score($0.0.score))) \($0.1.rawValue)" }.joined(separator: ", ")
        let close = "Readings of several skills came within \(Self.closeScore) of each other"
        let utterance = Utterance(result.utterance)
        var chosen: (reading: NLUCandidate, why: String)?
        if remaining.count == 1 {
            chosen = (remaining[0], "\(close), so each was asked whether it can take it (CanFulfillIntentRequest): \(weighed). Its answer was the best.")
        } else if case let listing = remaining.filter({ !$0.slots.flatMap(\.values).contains { $0.resolution?.status == .successNoMatch } }), listing.count == 1 {
            // Still tied, the one reading whose values are all ones its types list or read,
            // where each other holds a value its type lists nothing like: "how much is an xl to
            // downtown" is the cab's fare (the car type "xl" it lists), not a rental car "xl to
            // downtown".
            chosen = (listing[0], "\(close) and their answers to CanFulfillIntentRequest tie (\(weighed)); only its reading holds no value its types list nothing like.")
        } else if case let saying = remaining.filter({ registry.index.unexplainedWords($0, in: utterance).isEmpty }), saying.count == 1 {
            // Still tied, the one reading whose skill says every word of the sentence it holds
            // in no value, where each other's never says one of them: "what concerts are on
            // tonight" is the ticket seller's ("what concerts are in {city} {date}"), not a
            // cinema's "what movies are on {date}", which says no "concerts".
            chosen = (saying[0], "\(close) and their answers to CanFulfillIntentRequest tie (\(weighed)); only its skill says every word of the sentence outside its values.")
        }
        if let chosen, let entry = registry.entry(chosen.reading.skillID) {
            conversation.choice = nil
            openSession(for: entry.id)
            note(&result, "\(chosen.why) \(entry.name) takes the sentence.")
            return await start(chosen.reading.intentValue, with: entry, result: result, slots: chosen.reading.slots)
        }
        // Still tied: ask, naming the skills in alphabetical order (the order "the first" and
        // "the second" then refer to), since their readings are as good as each other.
        remaining.sort { (registry.entry($0.skillID)?.name ?? "", $0.skillID) < (registry.entry($1.skillID)?.name ?? "", $1.skillID) }
        let names = remaining.compactMap { registry.entry($0.skillID)?.name }
        result.speech = "Did you mean \(names.dropLast().joined(separator: ", ")) or \(names.last!)?"
        result.reprompt = "Which skill: \(names.dropLast().joined(separator: ", ")) or \(names.last!)?"
        conversation.choice = Conversation.PendingChoice(utterance: result.utterance, skillIDs: remaining.map(\.skillID), candidates: remaining)
        note(&result, "\(close) and their answers to CanFulfillIntentRequest tie (\(weighed)): skillhost asks which skill you mean.")
        return result
    }

    /// The answer to "Did you mean ListOMat or NumberRace?": the chosen skill takes the first
    /// utterance. Nil when the words name none of them (the question is dropped).
    func choose(_ choice: Conversation.PendingChoice, words: [String], result: TurnResult) async -> TurnResult? {
        conversation.choice = nil
        // Read back from its stored form, the utterance is read again by the skills asked.
        let candidates = choice.candidates ?? {
            let readings = understanding { registry.index.parse(Utterance(choice.utterance)) }
            return choice.skillIDs.compactMap { id in readings.first { $0.skillID == id } }
        }()
        let options = candidates.compactMap { candidate in registry.entry(candidate.skillID).map { (candidate, $0) } }
        let said = words.joined(separator: " ")
        var picked: (NLUCandidate, SkillRegistry.Entry)?
        // An invocation name said in any spacing ("list o mat", "listomat"), or the skill's name.
        let compact = words.filter { !["the", "one", "skill", "please", "i", "mean", "meant"].contains($0) }.joined()
        picked = options.first { _, entry in
            entry.invocationNames.contains { $0.lowercased().filter(\.isLetter) == compact } || entry.name.lowercased().filter(\.isLetter) == compact
        }
        if picked == nil, let index = Self.ordinal(words), index < options.count { picked = options[index] }
        if picked == nil {
            // A word of one skill's name or invocation ("the list one", "number").
            let hits = options.filter { _, entry in
                let nameWords = Set((entry.invocationNames + [entry.name]).flatMap { Tokenizer.tokens($0).map(\.text) })
                return words.contains { $0.count > 2 && nameWords.contains($0) }
            }
            if hits.count == 1 { picked = hits[0] }
        }
        guard let (candidate, entry) = picked else {
            var result = result
            if BuiltInIntents.confirmation(words) == false || ["neither", "none", "cancel", "never mind"].contains(said) {
                result.speech = "Okay."
                return result
            }
            return nil
        }
        openSession(for: entry.id)
        var routed = result
        routed.candidates = [candidate]
        note(&routed, "The answer to “which skill did you mean?”: \(entry.name) takes the sentence asked before, “\(choice.utterance)”, as \(candidate.intent).")
        return await start(candidate.intentValue, with: entry, result: routed, slots: candidate.slots)
    }

    static func ordinal(_ words: [String]) -> Int? {
        let table = ["first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1]
        for word in words { if let index = table[word] { return index < 0 ? nil : index } }
        return nil
    }

    /// Asks one skill whether it could take the reading, outside any session.
    private func canFulfill(_ candidate: NLUCandidate) async -> CanFulfillIntent.Answer {
        guard let entry = registry.entry(candidate.skillID) else { return .no }
        let session = Conversation.OpenSession(skillID: entry.id, sessionID: requests.nextID("session"), seed: 0, isNew: true, attributes: JSONObject(), lastSpeech: "", lastReprompt: nil)
        let bytes = requests.envelope(.canFulfillIntent, intent: candidate.intentValue, session: session, skill: entry.skill.manifest, conversation: conversation)
        guard let reply = try? await entry.skill.handle(bytes, deadline: turnDeadline),
            let response = try? reply.withUnsafeBufferPointer({ buffer throws(ModelError) in try ResponseEnvelope(parsing: buffer) }),
            let answer = response.response.canFulfillIntent?.canFulfill
        else { return .maybe }
        return answer
    }
}
