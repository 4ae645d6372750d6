import SkillModel

/// One reading of an utterance: a skill's intent, how sure, and the slots it filled.
public struct NLUCandidate: Sendable {
    public let skillID: SkillID
    public let intent: IntentName
    /// 0…1; 1 is an exact match of a sample with listed slot values.
    public let score: Double
    public let slots: [SlotMatch]
    /// Every slot the intent declares, filled or not (an IntentRequest lists them all).
    public let declaredSlots: [SlotName]

    /// The same reading with other slots.
    func with(slots: [SlotMatch]) -> NLUCandidate {
        NLUCandidate(skillID: skillID, intent: intent, score: score, slots: slots, declaredSlots: declaredSlots)
    }

    /// The same reading, as sure as `score`.
    func with(score: Double) -> NLUCandidate {
        NLUCandidate(skillID: skillID, intent: intent, score: score, slots: slots, declaredSlots: declaredSlots)
    }

    /// How many of the slots' values (a list's counting one by one) the skill's types list.
    public var listedValues: Int {
        slots.flatMap(\.values).filter(\.isListedValue).count
    }

    /// The intent as an IntentRequest carries it: every declared slot, filled ones with values.
    public var intentValue: Intent {
        var intent = Intent(name: intent)
        for name in declaredSlots {
            if let match = slots.first(where: { $0.name == name }) {
                intent[slot: name] = Slot(name: name, values: match.spokenValues)
            } else {
                intent[slot: name] = Slot(name: name)
            }
        }
        return intent
    }
}

/// A slot the NLU filled.
public struct SlotMatch: Sendable, Equatable {
    public let name: SlotName
    /// The value the skill receives (digits for AMAZON.NUMBER, the words otherwise).
    public let value: String
    /// The words as the user typed them.
    public let spoken: String
    /// Span in Unicode code points of the input, end exclusive.
    public let start: Int
    public let end: Int
    /// Entity resolution (custom types); nil for a list, whose values each have their own.
    public let resolution: ResolutionAuthority?
    /// For a slot with multiple values enabled that heard several ("pepperoni, olives and
    /// ham"): each value in order, with its own span and resolution. Empty otherwise.
    public let list: [SlotMatch]

    /// Whether the type knows the value: listed (resolved), or read by its grammar (a number,
    /// a date: what the skill receives differs from the words).
    public var isKnownValue: Bool { isListedValue || value != spoken }

    /// Whether entity resolution matched the value to one its type lists.
    public var isListedValue: Bool { resolution?.status == .successMatch }

    /// The same words read as another value ("2" read as 14:00 after "noon").
    func revalued(_ value: String) -> SlotMatch {
        SlotMatch(name: name, value: value, spoken: spoken, start: start, end: end, resolution: resolution, list: [])
    }

    /// The slot's values one by one: the list's, or the slot itself.
    public var values: [SlotMatch] { list.isEmpty ? [self] : list }

    /// What the skill receives: the one value, or the list's.
    public var spokenValues: [SpokenValue] {
        values.map { SpokenValue($0.value, resolutions: $0.resolution.map { Resolutions(authorities: [$0]) }) }
    }
}
