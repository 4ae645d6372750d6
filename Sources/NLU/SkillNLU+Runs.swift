import SkillModel

extension SkillNLU {
    /// Words said between the values of a run ("50, 75 and 100") or before it.
    static let runFillers: Set<String> = ["and", "then", "it's", "they're", "are", "the", "numbers", "next", "ones"]

    /// A run of values answering for several slots at once: asked for the second number,
    /// "50, 75 and 100" fills the second, third and fourth. `slots` are the slots to fill, in
    /// order (the one asked for, then the empty ones after it that the dialog will ask for);
    /// all must be of one type. Nil unless the whole sentence is two or more values of that
    /// type (read by its grammar, or listed), with nothing else but pauses and fillers, and
    /// there are no more of them than slots.
    public func run(_ utterance: Utterance, intent: IntentName, slots: [SlotName], today: CivilDate = .today()) -> [SlotMatch]? {
        guard let definition = intents.first(where: { $0.name == intent }),
            let first = slots.first, let slot = definition.slots.first(where: { $0.name == first }),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)],
            slots.allSatisfy({ name in definition.slots.first { $0.name == name }?.type == slot.type })
        else { return nil }
        let words = utterance.words
        var values: [(span: ClosedRange<Int>, reading: SlotTypeMatcher.Reading)] = []
        var i = 0
        while i < words.count {
            if Self.runFillers.contains(words[i]) {
                i += 1
                continue
            }
            // The longest value from here that the type knows ("twenty five", not "twenty").
            guard let value = (i..<min(words.count, i + 4)).reversed().lazy.compactMap({ end -> (span: ClosedRange<Int>, reading: SlotTypeMatcher.Reading)? in
                guard (i..<end).allSatisfy({ !utterance.pause(after: $0) }), let reading = type.read(words: words[i...end], today: today), reading.isKnownValue else { return nil }
                return (i...end, reading)
            }).first else { return nil }
            values.append(value)
            i = value.span.upperBound + 1
        }
        guard values.count > 1, values.count <= slots.count else { return nil }
        return zip(slots, values).map { name, value in
            slotMatch(name, first: value.span.lowerBound, last: value.span.upperBound, reading: value.reading, type: type, utterance: utterance, today: today)
        }
    }
}
