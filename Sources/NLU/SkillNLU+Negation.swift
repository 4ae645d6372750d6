import SkillModel

extension SkillNLU {
    /// The readings without the values the sentence denies: "a medium pizza without olives",
    /// "i don't want mushrooms on my pizza", "a large one with no onions" order no olives,
    /// mushrooms or onions. A value of a listed type is denied when a negation, "without" or
    /// "no" is the word before it, or a negation the one before that but for a word of degree
    /// ("isn't too far" says how far) — unless a sample of the intent says that word before the
    /// slot ("i don't like {food}" asks for the value denied). Numbers, dates and free text keep
    /// what was said ("rate doctor no one of 6").
    func withoutDeniedValues(_ candidates: [NLUCandidate], utterance: Utterance) -> [NLUCandidate] {
        let words = utterance.words
        guard words.contains(where: { Negation.words.contains($0) || Self.denials.contains($0) }) else { return candidates }
        return candidates.map { candidate in
            guard !candidate.slots.isEmpty, let intent = intents.first(where: { $0.name == candidate.intent }) else { return candidate }
            let slots = candidate.slots.compactMap { match -> SlotMatch? in
                guard let slot = intent.slot(named: match.name), !saysNegationBefore(slot, in: intent),
                    typeMatchers[SlotTypeMatcher.Key(slot)]?.isListed == true
                else { return match }
                let kept = match.values.filter { value in
                    // A number is no thing to deny: "no one" is nobody.
                    guard let span = utterance.tokens(of: value), NumberWords.value(of: Array(words[span])) == nil else { return true }
                    return !isDenied(words, at: span.lowerBound)
                }
                if kept.count == match.values.count { return match }
                if kept.isEmpty { return nil }
                return kept.count == 1 ? kept[0] : SlotMatch.list(match.name, of: kept, in: utterance)
            }
            guard slots != candidate.slots else { return candidate }
            return candidate.with(slots: slots)
        }
    }

    /// The readings without a value the sentence switches off where the intent's samples only
    /// switch it on: "turn off the heat", by "turn on {mode}", sets no mode "heat" (the heat came
    /// on); the dialog, or the skill, asks which mode. Not where a sample says "off" too.
    func withoutValuesSwitchedOff(_ candidates: [NLUCandidate], utterance: Utterance) -> [NLUCandidate] {
        let words = utterance.words
        guard words.contains("off") else { return candidates }
        return candidates.map { candidate in
            guard !candidate.slots.isEmpty, let intent = intents.first(where: { $0.name == candidate.intent }), !samplesSayOff(intent)
            else { return candidate }
            let slots = candidate.slots.filter { value in
                // A day or a time is no thing switched ("turn off eight am alarm", "block off
                // friday"), nor is a number.
                guard let slot = intent.slot(named: value.name), typeMatchers[SlotTypeMatcher.Key(slot)]?.isListed == true, let span = utterance.tokens(of: value),
                    !utterance.isTime(span), NumberWords.value(of: Array(words[span])) == nil
                else { return true }
                var before = span.lowerBound - 1
                while before >= 0, Self.framing.contains(words[before]) { before -= 1 }
                guard before >= 0, words[before] == "off" else { return true }
                return !Self.sampleFrames(intent.samples, of: slot).contains { frame in frame.lead.last { !SlotTypeMatcher.determiners.contains($0) } == "on" }
            }
            return slots.count == candidate.slots.count ? candidate : candidate.with(slots: slots)
        }
    }

    private func samplesSayOff(_ intent: IntentDefinition) -> Bool {
        if let known = samplesSayOff.withLock({ $0[intent.name] }) { return known }
        let says = (intent.samples + intent.slots.flatMap(\.samples)).contains { Tokenizer.tokens($0).contains { $0.text == "off" } }
        samplesSayOff.withLock { $0[intent.name] = says }
        return says
    }

    /// Words that deny the value right after them.
    static let denials: Set<String> = ["without", "no"]

    private func isDenied(_ words: [String], at index: Int) -> Bool {
        // Back over the value's prepositions and articles: "not in the bedroom", "without the
        // olives".
        var before = index - 1
        while before >= 0, index - before <= 3, Self.framing.contains(words[before]) { before -= 1 }
        guard before >= 0 else { return false }
        if Negation.words.contains(words[before]) || Self.denials.contains(words[before]) { return true }
        // "don't want mushrooms", but not "isn't too far": a degree denied is still said. A
        // quality said less than fully is denied ("not so good", "not very happy").
        return before == index - 1 && before > 0 && Negation.words.contains(words[before - 1]) && !Self.degrees.contains(words[before])
    }

    /// Words between a denial and what it denies.
    static let framing: Set<String> = ["in", "on", "at", "for", "to", "from", "with", "of", "the", "a", "an", "my", "any", "our"]

    /// Words of degree that deny only the excess: "not too far" says how far, it denies no
    /// "far"; "not so good" or "not very happy" is no "good" or "happy" (a mood journal logged
    /// "not so good today" as happy).
    static let degrees: Set<String> = ["too"]

    /// Words that say a thing is lacking or wanted in place of another: a sample that says them
    /// before the slot ("i'm out of {ingredient}", "what can i use instead of {ingredient}")
    /// asks about a value one has not got, so "if i don't have buttermilk" keeps it.
    static let lacking: [[String]] = [["out", "of"], ["instead", "of"], ["substitute", "for"], ["replacement", "for"], ["alternative", "to"], ["replace"], ["lost"], ["missing"]]

    /// Whether a sample of the intent says a negation or a denial in the four words before the
    /// slot, as far back as `isDenied` looks (three framing words, or a verb, before it), or a
    /// word of lacking (`lacking`): "i don't have any {ingredient}" asks for a substitute of
    /// what is denied, so "i don't have baking powder" keeps its ingredient, though the
    /// sample's "any" is not said.
    private func saysNegationBefore(_ slot: SlotDefinition, in intent: IntentDefinition) -> Bool {
        let key = IntentSlot(intent: intent.name, slot: slot.name)
        if let known = negationBeforeSlots.withLock({ $0[key] }) { return known }
        let says = (intent.samples + slot.samples).contains { sample in
            let parts = SampleTemplate.parts(of: sample)
            guard let at = parts.firstIndex(of: .slot(slot.name.rawValue)), at > 0, case .text(let text) = parts[at - 1] else { return false }
            let before = Tokenizer.tokens(text).map(\.text).suffix(4)
            return before.contains { Negation.words.contains($0) || Self.denials.contains($0) }
                || Self.lacking.contains { phrase in before.indices.contains { before[$0...].starts(with: phrase) } }
        }
        negationBeforeSlots.withLock { $0[key] = says }
        return says
    }
}
