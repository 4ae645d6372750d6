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
    init(model: InteractionModel, intents: [IntentDefinition], extraSamples: [IntentName: [String]], perIntent: Int = Tuning.perIntent, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pools = ValuePools(model: model)
        var examples: [Example] = []
        for (intentIndex, intent) in intents.enumerated() {
            let samples = intent.samples + (extraSamples[intent.name] ?? [])
            guard !samples.isEmpty else { continue }
            let copies = max(1, min(24, (perIntent + samples.count - 1) / samples.count))
            for sample in samples {
                let parts = SampleTemplate.parts(of: sample)
                for copy in 0..<copies {
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
                            let value = pools.value(for: intent.slots[slotIndex].type, unseen: Tuning.unseen > 0 && copy > 0 && random.below(100) < Tuning.unseen, using: &random)
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
    /// Per custom type: each value and synonym, as words as written.
    private var values: [SlotTypeName: [[String]]] = [:]
    /// Per custom type: the words its values use, to make plausible values it does not list.
    private var vocabulary: [SlotTypeName: [String]] = [:]

    init(model: InteractionModel) {
        for type in model.types {
            var list: [[String]] = []
            var words: [String] = []
            for value in type.values {
                for text in [value.value] + value.synonyms {
                    let tokens = Tokenizer.tokens(text).map(\.surface)
                    guard !tokens.isEmpty else { continue }
                    list.append(tokens)
                    words += tokens
                }
            }
            values[type.name] = list
            vocabulary[type.name] = words
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

    /// A value for a slot of `type`, as words. `unseen` asks for one the model does not list.
    func value(for type: SlotTypeName, unseen: Bool, using random: inout SplitMix64) -> [String] {
        if let builtIn = BuiltInSlotTypes.kind(of: type), values[type, default: []].isEmpty {
            switch builtIn {
            case .number:
                let n = random.below(120)
                return random.below(2) == 0 ? [String(n)] : NumberWords.spell(n)
            case .list(let table):
                let names = table.values.sorted()
                return Tokenizer.tokens(names[random.below(names.count)]).map(\.surface)
            case .searchQuery, .other:
                break
            default:
                if let phrases = Self.builtInPhrases[type.rawValue] {
                    return Tokenizer.tokens(phrases[random.below(phrases.count)]).map(\.surface)
                }
            }
        }
        let list = values[type] ?? []
        let words = vocabulary[type] ?? []
        if list.isEmpty || (unseen && !words.isEmpty) {
            let source = words.isEmpty ? NoiseWords.all : words
            let length = list.isEmpty ? 1 + random.below(3) : list[random.below(list.count)].count
            var made: [String] = []
            for _ in 0..<max(1, length) {
                // Mix in words from anywhere, so a new value need not look like a listed one.
                let pool = random.below(3) == 0 ? NoiseWords.all : source
                made.append(pool[random.below(pool.count)])
            }
            return made
        }
        return list[random.below(list.count)]
    }
}
