import SkillModel

extension SkillNLU {
    /// The sentence read as `intent` of this skill, with the slots its tagger finds, however
    /// the skill's own classifier leans: for the routing model's sure choice of a sentence the
    /// skill's few samples alone would send nowhere. Nil when the skill has no trained path or
    /// no such intent.
    func reading(_ utterance: Utterance, as name: IntentName, score: Double, today: CivilDate) -> NLUCandidate? {
        guard let statistical, !utterance.words.isEmpty, let index = intents.firstIndex(where: { $0.name == name }) else { return nil }
        let placeTags = Features.places(utterance.words)
        let matches = statistical.gazetteer.matches(utterance.words)
        let tagged = statistical.rerank([StatisticalNLU.Reading(intent: index, probability: 1)], utterance: utterance, matches: matches, placeTags: placeTags, considering: 1)
        let intent = intents[index]
        let slots = onePerSlot(slotMatches(tagged.first?.slots ?? [], intent: intent, utterance: utterance, today: today), intent: intent, utterance: utterance, today: today)
        return NLUCandidate(skillID: skillID, intent: name, score: score, slots: slots, declaredSlots: intent.slots.map(\.name))
    }
}
