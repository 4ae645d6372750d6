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
    ///   - forTagging: every listed value in every intent's sentences, where the classifiers'
    ///     leave a value holding a word only other intents' samples say ("coffee" for a vacuum's
    ///     intent, beside "make me a coffee") to those intents, so a shared type ("coffee pot",
    ///     "roomba") does not teach the vacuum's "start {device}" that "start the coffee pot" is
    ///     the vacuum's.
    ///   - suspects: `suspects(_:intents:)` of these samples when the caller has them already.
    init(model: InteractionModel, intents: [IntentDefinition], extraSamples: [IntentName: [String]], perIntent: Int? = nil, minimumCopies: Int = 1,
         forTagging: Bool = false, suspects: Set<Position>? = nil, seed: UInt64) {
        let perIntent = perIntent ?? Tuning.perIntent(intents: intents.count)
        var random = SplitMix64(seed: seed)
        var pools = ValuePools(model: model)
        var examples: [Example] = []
        let allSamples = intents.map { $0.samples + (extraSamples[$0.name] ?? []) }
        let suspects = suspects ?? Self.suspects(allSamples, intents: intents)
        let carriers = IntentCarriers(allSamples)
        for (intentIndex, intent) in intents.enumerated() {
            let samples = allSamples[intentIndex]
            guard !samples.isEmpty else { continue }
            let copies = max(minimumCopies, min(24, (perIntent + samples.count - 1) / samples.count))
            for (sampleIndex, sample) in samples.enumerated() {
                let parts = SampleTemplate.parts(of: sample)
                let sampleCopies = suspects.contains(Position(intent: intentIndex, sample: sampleIndex)) ? minimumCopies : copies
                for _ in 0..<sampleCopies {
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
                            let value = pools.value(for: intent.slots[slotIndex].type, avoiding: forTagging ? nil : { carriers.isOthers($0, notOf: intentIndex) },
                                                    using: &random)
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

    struct Position: Hashable {
        let intent: Int
        let sample: Int
    }

    /// Samples that read more like another intent's samples than like their own: an exported
    /// model can hold a mislabeled one (Snips' data has "I need a table at a restaurant in
    /// {country}" under GetWeather), and made into many sentences it would teach the wrong
    /// intent its words. They are made into as few sentences as any sample at full size.
    /// Only with few samples per intent (where each is copied many times); compared by the
    /// Jaccard similarity of their meaningful words, with a margin of 0.1. (Dev split, 70 per
    /// intent: intent 0.919 -> 0.925, slot F1 0.832 unchanged.)
    /// A sample that asks is compared only with samples that ask, and one that does not only
    /// with those that do not (`Features.asks`), in an intent of few samples: a skill's author
    /// writes "is the garage open" under a status intent on purpose, in the open intent's
    /// words. (Shipped sets, intent right with no skill named: evening 0.658 -> 0.684, family
    /// 0.831 -> 0.854, ported 0.883 -> 0.894, newuser 0.831 -> 0.805, the others unchanged; at
    /// any size, HWU64 at full size lost 0.8964 -> 0.8929: an exported set's many samples do
    /// hold mislabeled questions.)
    static func suspects(_ samples: [[String]], intents: [IntentDefinition]) -> Set<Position> {
        let margin = 0.1
        let custom = intents.indices.filter { !intents[$0].name.isBuiltIn && !samples[$0].isEmpty }
        guard !custom.isEmpty, custom.map({ samples[$0].count }).max()! <= 300 else { return [] }
        // Each sample's meaningful words as ids, and from each word the samples that use it, so
        // only samples sharing a word are compared.
        var ids: [String: Int] = [:]
        var words: [Position: Set<Int>] = [:]
        var asks: [Position: Bool] = [:]
        var users: [Int: [Position]] = [:]
        for i in custom {
            for (j, sample) in samples[i].enumerated() {
                var set = Set<Int>()
                for word in SampleTemplate.meaningfulWords(of: sample) {
                    let id = ids[word] ?? ids.count
                    ids[word] = id
                    set.insert(id)
                }
                let position = Position(intent: i, sample: j)
                words[position] = set
                asks[position] = Features.asks(Tokenizer.tokens(sample).map(\.text))
                for id in set { users[id, default: []].append(position) }
            }
        }
        // Another intent's sample must share two meaningful words: one ("need", "see") is chance.
        let minimumShared = 2
        var suspects = Set<Position>()
        for (position, set) in words {
            var shared: [Position: Int] = [:]
            for id in set {
                for other in users[id] ?? [] where other != position { shared[other, default: 0] += 1 }
            }
            var own = 0.0
            var elsewhere = 0.0
            for (other, count) in shared {
                let similarity = Double(count) / Double(set.count + words[other]!.count - count)
                if other.intent == position.intent {
                    own = max(own, similarity)
                } else if count >= minimumShared, asks[other] == asks[position] || samples[position.intent].count >= SkillNLU.fewSamples {
                    elsewhere = max(elsewhere, similarity)
                }
            }
            if elsewhere > own + margin { suspects.insert(position) }
        }
        return suspects
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
        // A built-in list type's table, with any values the model adds to it: each value once,
        // however many ways the table spells it ("sept", "sep", "september").
        for type in Set(model.intents.flatMap { $0.slots.map(\.type) }).sorted(by: { $0.rawValue < $1.rawValue }) {
            if case .list(let table, _)? = BuiltInSlotTypes.kind(of: type) {
                values[type, default: []] += Set(table.values).sorted().map { Tokenizer.tokens($0).map(\.surface) }
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
        "AMAZON.PhoneNumber": ["five five five one two one two", "555 867 5309", "two oh six five five five zero one nine eight",
                               "eight hundred five five five double two three four", "plus one four one five five five five twelve twelve",
                               "(509) 555-1212", "six one seven, five five five, oh one four two", "nine one four triple five eight eight two one"],
    ]

    /// How many cards (or draws) are looked at for a value an intent does not avoid.
    static let lookahead = 32

    /// Per type, the listed values not yet dealt in this round.
    private var decks: [SlotTypeName: [[String]]] = [:]

    /// A value for a slot of `type`, as words: a listed one, dealt like cards from a shuffled
    /// deck so every value is used before any is used again; a phrase of a built-in type; or,
    /// for a type that lists none, one made up from common words. (Dealt rather than drawn:
    /// dev split, 70 per intent, mean over seven seeds, slot F1 0.8445 -> 0.8460 and intent
    /// 0.9484 -> 0.9495; F1 spread between seeds 0.012 -> 0.005.)
    /// A value holding a word `avoiding` names is left in the deck for another intent: the next
    /// of the top `lookahead` cards that holds none is dealt, else one drawn from the whole
    /// type, else (the type has few others) the top card.
    mutating func value(for type: SlotTypeName, avoiding: ((String) -> Bool)? = nil, using random: inout SplitMix64) -> [String] {
        if let list = values[type], !list.isEmpty {
            if decks[type, default: []].isEmpty {
                var deck = list
                deck.shuffle(using: &random)
                decks[type] = deck
            }
            guard let avoiding else { return decks[type]!.removeLast() }
            let acceptable = { (value: [String]) in !value.contains { avoiding($0.lowercased()) } }
            let deck = decks[type]!
            if let at = deck.indices.reversed().prefix(Self.lookahead).first(where: { acceptable(deck[$0]) }) { return decks[type]!.remove(at: at) }
            for _ in 0..<Self.lookahead {
                let drawn = list[random.below(list.count)]
                if acceptable(drawn) { return drawn }
            }
            return decks[type]!.removeLast()
        }
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

/// The meaningful words each intent's samples say outside their slots (mislabeled ones too), and
/// how many intents say each: which words are one intent's alone, and which only others say.
struct IntentCarriers: Sendable {
    private let own: [Set<String>]
    private let sayers: [String: Int]

    init(_ samples: [[String]]) {
        own = samples.map { Set($0.flatMap(SampleTemplate.meaningfulWords(of:))) }
        var sayers: [String: Int] = [:]
        for words in own {
            for word in words { sayers[word, default: 0] += 1 }
        }
        self.sayers = sayers
    }

    /// Whether other intents' samples say `word` and `intent`'s do not.
    func isOthers(_ word: String, notOf intent: Int) -> Bool {
        !own[intent].contains(word) && sayers[word] != nil
    }

    /// Whether `intent`'s samples say `word`.
    func says(_ word: String, intent: Int) -> Bool {
        own[intent].contains(word)
    }

    /// Whether `intent`'s samples alone say `word`.
    func isOnly(_ word: String, of intent: Int) -> Bool {
        own[intent].contains(word) && sayers[word] == 1
    }
}
