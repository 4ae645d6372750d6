import SkillModel

/// Sentences made from an interaction model alone: each sample with its `{slot}` references
/// filled from the slot types' values (and, some of the time, values the model never lists,
/// so the tagger learns to find slots by context). Deterministic for a given model.
struct TrainingSet: Sendable {
    struct Example: Sendable {
        let intent: Int
        /// Words as written (for shape features) and lower-cased (for the rest).
        let surfaces: [String]
        let words: [String]
        /// Per word: 0 outside a slot, 2k+1 at the start of slot k of the intent, 2k+2 inside it.
        let labels: [Int]
    }

    let examples: [Example]

    /// - Parameters:
    ///   - intents: the intents to learn (index = position).
    ///   - perIntent: roughly how many sentences to make per intent.
    ///   - minimumCopies: sentences made from each sample at least, however many samples.
    init(model: InteractionModel, intents: [IntentDefinition], extraSamples: [IntentName: [String]], perIntent: Int = Tuning.perIntent, minimumCopies: Int = 1, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pools = ValuePools(model: model)
        var examples: [Example] = []
        for (intentIndex, intent) in intents.enumerated() {
            let samples = intent.samples + (extraSamples[intent.name] ?? [])
            guard !samples.isEmpty else { continue }
            let copies = max(minimumCopies, min(24, (perIntent + samples.count - 1) / samples.count))
            for sample in samples {
                let parts = SampleTemplate.parts(of: sample)
                for _ in 0..<copies {
                    var surfaces: [String] = []
                    var labels: [Int] = []
                    var usable = true
                    for part in parts {
                        switch part {
                        case .text(let text):
                            for token in Tokenizer.tokens(text) {
                                surfaces.append(token.surface)
                                labels.append(0)
                            }
                        case .slot(let name):
                            guard let slotIndex = intent.slots.firstIndex(where: { $0.name.rawValue == name }) else {
                                usable = false
                                break
                            }
                            let value = pools.value(for: intent.slots[slotIndex].type, using: &random)
                            for (i, word) in value.enumerated() {
                                surfaces.append(word)
                                labels.append(i == 0 ? 2 * slotIndex + 1 : 2 * slotIndex + 2)
                            }
                        }
                    }
                    guard usable, !surfaces.isEmpty else { continue }
                    examples.append(Example(intent: intentIndex, surfaces: surfaces, words: surfaces.map { $0.lowercased() }, labels: labels))
                    // Samples without slots say the same thing every copy.
                    if !parts.contains(where: { if case .slot = $0 { true } else { false } }) { break }
                }
            }
        }
        self.examples = examples
    }
}

/// Where slot values for generated sentences come from.
struct ValuePools: Sendable {
    /// Per type: each listed value and synonym (and a built-in list type's table), as words
    /// as written.
    private var values: [SlotTypeName: [[String]]] = [:]

    init(model: InteractionModel) {
        for type in model.types {
            values[type.name] = type.values.flatMap { [$0.value] + $0.synonyms }.map { Tokenizer.tokens($0).map(\.surface) }.filter { !$0.isEmpty }
        }
        for intent in model.intents {
            for slot in intent.slots where values[slot.type] == nil {
                if case .list(let table)? = BuiltInSlotTypes.kind(of: slot.type) {
                    values[slot.type] = table.values.sorted().map { Tokenizer.tokens($0).map(\.surface) }
                }
            }
        }
    }

    /// Ways of saying values of the built-in types that have a grammar.
    static let builtInPhrases: [String: [String]] = [
        "AMAZON.DATE": ["today", "tomorrow", "yesterday", "friday", "next friday", "this weekend", "next week", "march third",
                        "the third of march", "june 5th", "december twenty fifth", "in two days", "2027", "next month", "monday",
                        "this saturday", "the day after tomorrow", "january first", "july 4th 2027", "tonight", "sunday"],
        "AMAZON.TIME": ["noon", "midnight", "seven thirty pm", "7 pm", "7:30 am", "half past seven", "quarter to eight",
                        "eight o'clock", "ten am", "nine fifteen", "six in the evening", "morning", "tonight", "11 45", "3 p.m."],
        "AMAZON.DURATION": ["five minutes", "two hours", "an hour and a half", "ten seconds", "three days", "two weeks",
                            "half an hour", "a year", "ninety minutes", "one hour and twenty minutes"],
        "AMAZON.Ordinal": ["first", "second", "third", "4th", "twenty first", "fifth", "last", "10th"],
        "AMAZON.FOUR_DIGIT_NUMBER": ["2026", "1984", "twenty twenty six", "4321", "nineteen ninety nine"],
    ]

    /// A value for a slot of `type`, as words: a listed one, a phrase of a built-in type, or,
    /// for a type that lists none, one made up from common words.
    func value(for type: SlotTypeName, using random: inout SplitMix64) -> [String] {
        if let list = values[type], !list.isEmpty { return list[random.below(list.count)] }
        switch BuiltInSlotTypes.kind(of: type) {
        case .number?:
            let n = random.below(120)
            return random.below(2) == 0 ? [String(n)] : NumberWords.spell(n)
        default:
            if let phrases = Self.builtInPhrases[type.rawValue] {
                return Tokenizer.tokens(phrases[random.below(phrases.count)]).map(\.surface)
            }
            return (0..<(1 + random.below(3))).map { _ in NoiseWords.all[random.below(NoiseWords.all.count)] }
        }
    }
}
