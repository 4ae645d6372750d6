import SkillModel

/// One skill's compiled understanding: its interaction model turned into a matcher, built
/// once when the skill loads and then shared, immutable, between turns.
public struct SkillNLU: Sendable {
    public let skillID: SkillID
    public let model: InteractionModel
    let intents: [IntentDefinition]
    let matcher: SampleMatcher

    /// Compiles `model`. Built-in intents the model declares get their standard phrases.
    public init(skillID: SkillID, model: InteractionModel) {
        self.skillID = skillID
        self.model = model
        intents = model.intents
        let compiled = model.intents.map { intent in
            (slots: intent.slots, samples: intent.samples + (BuiltInIntents.phrases[intent.name] ?? []))
        }
        matcher = SampleMatcher(intents: compiled, model: model)
    }

    /// Whether the model declares `intent`.
    public func declares(_ intent: IntentName) -> Bool { intents.contains { $0.name == intent } }

    /// Parses one utterance: every intent whose samples match it, best first.
    public func parse(_ utterance: Utterance) -> [NLUCandidate] {
        matcher.matches(utterance).map { match in
            let intent = intents[match.intent]
            let slots = match.captures.map { capture in
                let spoken = utterance.slice(from: capture.firstToken, through: capture.lastToken)
                let type = matcher.types[capture.type]
                return SlotMatch(name: capture.slot, value: capture.reading.value, spoken: spoken.text, start: spoken.start, end: spoken.end, resolution: resolution(for: capture.reading, type: type))
            }
            return NLUCandidate(skillID: skillID, intent: intent.name, score: match.score, slots: slots, declaredSlots: intent.slots.map(\.name))
        }
    }

    /// Entity resolution in Alexa's shape, for custom types with values.
    private func resolution(for reading: SlotTypeMatcher.Reading, type: SlotTypeMatcher) -> ResolutionAuthority? {
        guard type.kind == .custom else { return nil }
        let authority = "amzn1.er-authority.echo-sdk.\(skillID).\(type.type)"
        if let entry = reading.resolved {
            return ResolutionAuthority(authority: authority, status: .successMatch, values: [ResolvedValue(name: entry.name, id: entry.id)])
        }
        return ResolutionAuthority(authority: authority, status: .successNoMatch, values: [])
    }
}

/// One reading of an utterance: a skill's intent, how sure, and the slots it filled.
public struct NLUCandidate: Sendable {
    public let skillID: SkillID
    public let intent: IntentName
    /// 0…1; 1 is an exact match of a sample with listed slot values.
    public let score: Double
    public let slots: [SlotMatch]
    /// Every slot the intent declares, filled or not (an IntentRequest lists them all).
    public let declaredSlots: [SlotName]

    /// The intent as an IntentRequest carries it: every declared slot, filled ones with values.
    public var intentValue: Intent {
        var intent = Intent(name: intent)
        for name in declaredSlots {
            if let match = slots.first(where: { $0.name == name }) {
                intent[slot: name] = Slot(name: name, value: match.value, resolutions: match.resolution.map { Resolutions(authorities: [$0]) })
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
    public let resolution: ResolutionAuthority?
}
