import SkillModel

extension SkillNLU {
    /// Asked for a slot whose type lists a few category words, an answer that says none of them
    /// but one word that means one of them, and nothing like the others: "he should be chill"
    /// asked which temperament is "calm" (0.58 near it, 0.02 or less near guard, family,
    /// hunting), "something for the kids" is "family", "i want protection" "guard". The slot
    /// keeps the word said, resolved to the value it means, as Alexa's entity resolution adds
    /// the canonical value to what was said. Not when the answer denies anything ("not too
    /// big"), says a word of a listed value, or is surely something else; not for a slot of
    /// several values; not a word naming the kind ("size") or one of the model's own carrier
    /// words, or one the word vectors know only by its pieces ("crossfit").
    func meantValue(_ utterance: Utterance, eliciting elicitation: Elicitation, answered: [NLUCandidate], today: CivilDate) -> NLUCandidate? {
        if let best = answered.first {
            if best.intent == elicitation.intent, best.slots.contains(where: { $0.name == elicitation.slot && $0.values.contains(where: \.isKnownValue) }) { return nil }
            if best.intent != elicitation.intent, best.intent != .fallback, best.score >= 0.9 { return nil }
        }
        let words = utterance.words
        guard !words.contains(where: Negation.words.contains), !words.contains("no"),
            let intent = intents.first(where: { $0.name == elicitation.intent }), let slot = intent.slot(named: elicitation.slot),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)], case .custom = type.kind, type.listsCategories,
            (2...Self.meantValuesListed).contains(type.listedCount), !type.takesLists,
            !words.contains(where: { !StopWords.all.contains($0) && type.listsWord($0) })
        else { return nil }
        // Each listed value and synonym's meaning, once per answer: the types are small.
        let listed = type.entries.map { (entry: $0.value, meaning: Features.meaning($0.key.split(separator: " ").map(String.init))) }
        var found: (index: Int, entry: SlotTypeMatcher.Entry, nearness: Float)?
        // A word the vectors know only by its pieces means what the pieces do: "crossfit" is
        // near "boxfit" by the "fit" they share, and is no boxing class.
        for (index, word) in words.enumerated() where !StopWords.all.contains(word) && !carrierWords.contains(word) && NumberWords.value(of: [word]) == nil && Features.knowsWord(word) {
            let meaning = Features.meaning([word])
            guard !meaning.isEmpty, !Self.namesTheKind(meaning, of: slot) else { continue }
            // Each value's nearness (the nearest of its synonyms), then the nearest value and
            // how near the next one is.
            var byValue: [String: (entry: SlotTypeMatcher.Entry, nearness: Float)] = [:]
            for value in listed {
                guard let nearness = Features.nearness(meaning, value.meaning) else { continue }
                if nearness > byValue[value.entry.name]?.nearness ?? -2 { byValue[value.entry.name] = (value.entry, nearness) }
            }
            let ranked = byValue.values.sorted { $0.nearness != $1.nearness ? $0.nearness > $1.nearness : $0.entry.name < $1.entry.name }
            guard let best = ranked.first, best.nearness >= Self.meansAValue, best.nearness - (ranked.dropFirst().first?.nearness ?? -1) >= Self.meansThisValue else { continue }
            // Two words meaning values: the answer says too much to choose.
            if found != nil { return nil }
            found = (index, best.entry, best.nearness)
        }
        guard let found else { return nil }
        let reading = SlotTypeMatcher.Reading(normalized: nil, resolved: found.entry, fit: Double(found.nearness))
        let value = slotMatch(slot.name, first: found.index, last: found.index, reading: reading, type: type, utterance: utterance, today: today)
        return NLUCandidate(skillID: skillID, intent: intent.name, score: Self.meantValueScore, slots: [value], declaredSlots: intent.slots.map(\.name))
    }

    /// At most this many values and synonyms: a type of a few categories to choose among.
    static let meantValuesListed = 40
    /// How near a word must mean one listed value to be taken for it (`meantValue`).
    static let meansAValue: Float = 0.45
    /// And how much nearer than any other value.
    static let meansThisValue: Float = 0.15
    /// How sure such an answer is: an answer, less sure than one said in the type's words.
    static let meantValueScore = 0.6
}
