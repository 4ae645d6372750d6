import SkillModel

/// The deterministic matcher: every sample of every intent compiled once into a trie over
/// normalised words, with slot edges that capture spans. In-grammar sentences parse exactly;
/// the statistical path (`StatisticalNLU`) handles the rest.
struct SampleMatcher: Sendable {
    struct SlotEdge: Sendable {
        let slot: SlotName
        let type: Int  // index into `types`
        let next: Int
        /// Whether a sample through this edge may take a value its type does not list. Only
        /// intents with few samples use such matches (see `SkillNLU`), so for the rest the
        /// search tries listed values only, which keeps it small.
        var allowsUnlisted: Bool
        /// Whether the edge is of a sample said without its own place ("add {item}" of "add
        /// {item} to my packing list"): it takes an unlisted value only as short as the type's
        /// values, of no function word (`isShortValue`), which the sample frames as if its place
        /// were said.
        var placeUnsaid = false
    }

    struct Node: Sendable {
        var literals: [String: Int] = [:]
        var slots: [SlotEdge] = []
        var accepts: [Int] = []  // intent indices
    }

    /// One way the words matched a sample.
    struct Match: Sendable {
        let intent: Int
        let captures: [Capture]
        let score: Double
        /// Words the sample spells out, rather than slots.
        let literalWords: Int

        /// A match that explains the sentence by a sample's own words, or by listed values
        /// only: a sample made of nothing but a slot ("{artist}") matches almost anything.
        var isInGrammar: Bool {
            captures.allSatisfy { $0.reading.fit >= 1 }
        }
    }

    struct Capture: Sendable {
        let slot: SlotName
        let type: Int
        let firstToken: Int
        let lastToken: Int
        let reading: SlotTypeMatcher.Reading
        /// Taken by a sample said without its own place (`SlotEdge.placeUnsaid`).
        var placeUnsaid = false
    }

    private(set) var nodes: [Node] = [Node()]
    let types: [SlotTypeMatcher]
    /// Per slot, what its name and its type's name say ("team", "teams"): words that stand for
    /// a value without naming one ("follow a team" names no team).
    private var placeholders: [SlotName: Set<String>] = [:]
    /// The last words of every slot's placeholders: a span ending in none is no placeholder.
    private var placeholderEnds: Set<String> = []

    /// Compiles `samples`, each a list of parts, for the intent at each index.
    /// - Parameter unlisted: whether each intent's matches may take unlisted values (all by
    ///   default).
    /// - Parameter known: type matchers built already, to use rather than build again.
    /// - Parameter listedOnly: more samples per intent whose slots take only values their types
    ///   list or read (a guess: "it's {answer}" is no answer "too bright" of "it's too bright").
    /// - Parameter placeUnsaid: more samples per intent, said without their own place
    ///   (`UnsaidDestination`), whose slots take listed values and, where the intent takes
    ///   unlisted ones, short ones (`SlotEdge.placeUnsaid`).
    init(intents: [(slots: [SlotDefinition], samples: [String])], model: InteractionModel, unlisted: [Bool]? = nil, listedOnly: [[String]] = [],
         placeUnsaid: [[String]] = [], types known: [SlotTypeMatcher.Key: SlotTypeMatcher] = [:]) {
        var typeIndex: [SlotTypeMatcher.Key: Int] = [:]
        var types: [SlotTypeMatcher] = []
        for intent in intents {
            for slot in intent.slots where typeIndex[SlotTypeMatcher.Key(slot)] == nil {
                typeIndex[SlotTypeMatcher.Key(slot)] = types.count
                types.append(known[SlotTypeMatcher.Key(slot)] ?? SlotTypeMatcher(slot, model: model))
            }
        }
        self.types = types
        for slot in intents.flatMap(\.slots) where placeholders[slot.name] == nil {
            placeholders[slot.name] = Self.placeholders(of: slot)
            for phrase in placeholders[slot.name] ?? [] { placeholderEnds.insert(String(phrase.split(separator: " ").last ?? "")) }
        }
        for (intentIndex, intent) in intents.enumerated() {
            for sample in intent.samples {
                insert(sample, intent: intentIndex, slots: intent.slots, typeIndex: typeIndex, unlisted: unlisted?[intentIndex] ?? true)
            }
            for sample in intentIndex < listedOnly.count ? listedOnly[intentIndex] : [] {
                insert(sample, intent: intentIndex, slots: intent.slots, typeIndex: typeIndex, unlisted: false)
            }
            for sample in intentIndex < placeUnsaid.count ? placeUnsaid[intentIndex] : [] {
                insert(sample, intent: intentIndex, slots: intent.slots, typeIndex: typeIndex, unlisted: unlisted?[intentIndex] ?? true, placeUnsaid: true)
            }
        }
    }

    static let copulas = ["is", "are", "was", "were"]

    /// Inserts the sample as written, with its contractions spelled out ("what's" as "what
    /// is") and with spelled-out pairs contracted, so either way of saying it matches; and
    /// with "is", "are", "was" and "were" standing for each other.
    private mutating func insert(_ sample: String, intent: Int, slots: [SlotDefinition], typeIndex: [SlotTypeMatcher.Key: Int], unlisted: Bool, placeUnsaid: Bool = false) {
        let parts = SampleTemplate.parts(of: sample)
        var spellings: [[[String]]] = []
        func add(_ words: [[String]]) { if !spellings.contains(words) { spellings.append(words) } }
        let written: [[String]] = parts.map { part in if case .text(let text) = part { Tokenizer.tokens(text).map(\.text) } else { [] } }
        func spelled(_ spelling: ([String]) -> [String]) -> [[String]] { written.map(spelling) }
        let spelledOut = spelled(Contractions.expanded)
        add(written)
        add(spelledOut)
        add(spelled(Contractions.contracted))
        // "what is {query}" also as "what are / was / were {query}".
        if spelledOut.joined().contains(where: Self.copulas.contains) {
            for copula in Self.copulas { add(spelledOut.map { words in words.map { Self.copulas.contains($0) ? copula : $0 } }) }
        }
        for words in spellings { insert(parts, words: words, intent: intent, slots: slots, typeIndex: typeIndex, unlisted: unlisted, placeUnsaid: placeUnsaid) }
    }

    private mutating func insert(_ parts: [SampleTemplate.Part], words: [[String]], intent: Int, slots: [SlotDefinition], typeIndex: [SlotTypeMatcher.Key: Int], unlisted: Bool,
                                 placeUnsaid: Bool) {
        var node = 0
        for (part, literals) in zip(parts, words) {
            switch part {
            case .text:
                for word in literals {
                    if let next = nodes[node].literals[word] {
                        node = next
                    } else {
                        nodes.append(Node())
                        nodes[node].literals[word] = nodes.count - 1
                        node = nodes.count - 1
                    }
                }
            case .slot(let name):
                guard let slot = slots.first(where: { $0.name.rawValue == name }), let type = typeIndex[SlotTypeMatcher.Key(slot)] else { return }
                // A sample that takes listed or short values only keeps its own edge: "put
                // {item}" (of "put {item} on the list") takes no "the washer on delicates" the
                // whole sample may.
                if let e = nodes[node].slots.firstIndex(where: { $0.slot == slot.name && $0.type == type && $0.allowsUnlisted == unlisted && $0.placeUnsaid == placeUnsaid }) {
                    node = nodes[node].slots[e].next
                } else {
                    nodes.append(Node())
                    nodes[node].slots.append(SlotEdge(slot: slot.name, type: type, next: nodes.count - 1, allowsUnlisted: unlisted, placeUnsaid: placeUnsaid))
                    node = nodes.count - 1
                }
            }
        }
        if node != 0, !nodes[node].accepts.contains(intent) { nodes[node].accepts.append(intent) }
    }

    /// Every full match of the utterance, best first; one per intent.
    func matches(_ utterance: Utterance, today: CivilDate) -> [Match] {
        let words = utterance.words
        guard !words.isEmpty else { return [] }
        var best: [Int: Match] = [:]
        var captures: [Capture] = []
        var steps = 0
        search(node: 0, position: 0, words: words, today: today, captures: &captures, best: &best, steps: &steps)
        return best.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.intent < $1.intent }
    }

    /// Words a request may open with that ask nothing themselves.
    static let courtesyOpenings: [[String]] = [["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"]]

    /// Words a request may end with that ask nothing themselves.
    /// (Not "now" or "again": a title may end so, as the playlist "focus now" does.)
    static let afterthoughts: [[String]] = [
        ["a", "little"], ["a", "little", "bit"], ["a", "bit"], ["a", "lot"], ["some", "more"], ["for", "me"], ["thanks"], ["thank", "you"],
    ]

    /// Bounds the search for absurd inputs (thousands of words against many slot edges).
    private static let maximumSteps = 200_000

    /// - Parameters:
    ///   - passed: how many words that ask nothing were passed over on the way: `openers`,
    ///     courtesy, `afterthoughts`. Such a match takes unlisted values only as
    ///     `takesUnlisted` allows (else "please set the alarm for eight" is a catch-all's event
    ///     "the alarm for eight").
    private func search(node: Int, position: Int, words: [String], today: CivilDate, captures: inout [Capture], best: inout [Int: Match], steps: inout Int,
                        passed: Int = 0) {
        steps += 1
        guard steps < Self.maximumSteps else { return }
        let current = nodes[node]
        if position == words.count {
            if passed > 0, !takesUnlisted(captures, wordCount: words.count, passed: passed) { return }
            for intent in current.accepts {
                let score = Self.score(captures: captures, wordCount: words.count)
                if best[intent].map({ score > $0.score }) ?? true {
                    let covered = captures.reduce(0) { $0 + $1.lastToken - $1.firstToken + 1 }
                    best[intent] = Match(intent: intent, captures: captures, score: score, literalWords: words.count - covered)
                }
            }
            return
        }
        if let next = current.literals[words[position]] {
            search(node: next, position: position + 1, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed)
        }
        // A preposition said as its near twin: "translate good morning into spanish" for
        // "translate {phrase} to {language}", "put eggs onto my list" for "on my list".
        // So is a determiner: "i put the christmas lights in the attic" for "i put my {item} in
        // the {place}"; not one a slot lists ("my" of "add it to {owner} {playlist}").
        // (Asked only where a twin could be taken: asking every type at every step of the
        // search was a twentieth of HWU64's parse time.)
        let word = words[position]
        let twins = current.literals.isEmpty || current.literals[word] != nil ? nil : Self.prepositionTwins[word]
            ?? Self.determinerTwins[word].flatMap { twins in types.contains { $0.isListedValue(words[position...position]) } ? nil : twins }
        // Not before free text alone, where the word is an object ("tell her {message}" is no
        // "tell the truth"), nor before a value a grammar reads, whose article is its own ("an
        // hour" is no "the {duration}" of an hour).
        for twin in twins ?? [] {
            if let next = current.literals[twin], !(nodes[next].literals.isEmpty && !nodes[next].slots.isEmpty && nodes[next].slots.allSatisfy { edge in
                switch types[edge.type].kind {
                case .freeText, .grammar: true
                case .custom, .list: false
                }
            }) {
                search(node: next, position: position + 1, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed)
            }
        }
        // Courtesy says nothing of what is asked: "open the blinds please", "can you water my
        // cactus" match "open the blinds" and "water my cactus".
        if words[position] == "please", position > 0 || words.count > 1 {
            search(node: node, position: position + 1, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed + 1)
        }
        if node == 0, position + 1 < words.count, Self.openers.contains(words[position]) {
            search(node: node, position: position + 1, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed + 1)
        }
        if position == 0, node == 0, words.count > 2, Self.courtesyOpenings.contains(where: { words.starts(with: $0) }) {
            search(node: node, position: 2, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: 2)
        }
        for edge in current.slots {
            let type = types[edge.type]
            let last = min(words.count, position + type.maximumSpan) - 1
            guard last >= position else { continue }
            // Listed values are looked up by their words joined, grown a word at a time; when
            // only listed values will do, the span stops growing once no value starts so.
            var key = ""
            for end in position...last {
                if type.isListed {
                    key += (end == position ? "" : " ") + words[end]
                    if !edge.allowsUnlisted, !type.takesLists, !type.entryPrefixes.contains(key) { break }
                }
                guard let reading = type.read(words: words[position...end], key: type.isListed ? key : nil, today: today), edge.allowsUnlisted || reading.fit >= 1 else { continue }
                // Function words alone name nothing a list could hold: "what's the score" is
                // no team "what's the" of "{team} score".
                if reading.fit < 1, type.isListed, words[position...end].allSatisfy(StopWords.all.contains) { continue }
                // Nor does the slot's own name: "follow a team" is no team "team".
                if reading.fit < 1, type.isListed, end - position < 3, isPlaceholder(words[position...end], of: edge.slot) { continue }
                if reading.fit < 1, edge.placeUnsaid, !Self.isShortValue(words[position...end], of: type) { continue }
                captures.append(Capture(slot: edge.slot, type: edge.type, firstToken: position, lastToken: end, reading: reading, placeUnsaid: edge.placeUnsaid))
                search(node: edge.next, position: end + 1, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed)
                captures.removeLast()
            }
        }
        // Nor do words of degree said after it all: "turn it up a little", "play rain for me"
        // match "turn it {direction}", "play {sound}".
        // Tried last, so a value that ends so ("my focus now" playlist) keeps its words.
        if position > 0, Self.afterthoughts.contains(where: { $0.count == words.count - position && words[position...].elementsEqual($0) }) {
            search(node: node, position: words.count, words: words, today: today, captures: &captures, best: &best, steps: &steps, passed: passed + words.count - position)
        }
    }

    /// Whether an unlisted value is short enough for a sample said without its place: of a
    /// type of the skill's own values, past a determiner no longer than the longest it lists,
    /// and of no function word ("add a hat", not "add milk to my shopping list", whose place
    /// is another).
    static func isShortValue(_ words: ArraySlice<String>, of type: SlotTypeMatcher) -> Bool {
        guard case .custom = type.kind else { return false }
        let words = SkillNLU.pastDeterminers(words)
        return words.count <= max(1, type.longestEntry) && !words.contains(where: StopWords.all.contains)
    }

    /// Prepositions that say the same before a value, each with the ones a sample may say
    /// instead.
    static let prepositionTwins: [String: [String]] = ["into": ["to"], "to": ["into"], "onto": ["on", "to"]]

    /// Articles and possessives, each with the ones a sample may say instead.
    static let determinerTwins: [String: [String]] = {
        let all = ["the", "a", "an", "my", "your", "our", "his", "her", "their"]
        return Dictionary(uniqueKeysWithValues: all.map { word in (word, all.filter { $0 != word }) })
    }()

    /// Words a request may open with that ask nothing themselves: "ok add peanut butter",
    /// "actually add almond milk", "hey add two cans of chickpeas" match "add {items}". Passed
    /// over only before anything of a sample is matched, and only with words after them.
    static let openers: Set<String> = ["ok", "okay", "so", "also", "and", "actually", "oh", "well", "alright", "hey", "now", "then", "just"]

    /// Whether a match that passed over `passed` words that ask nothing may stand with the
    /// values it read: listed or read ones always; an unlisted one only where the sample's own
    /// words were said too and the value is no longer than the type's values by two words or
    /// more (not a catch-all's whole sentence). Before, no sample matched, and the tagger kept only the
    /// listed "butter" of "actually add peanut butter" and "please add peanut butter". (Dev
    /// splits, openers and then courtesy, which took listed values only: HWU64 at both sizes,
    /// Snips at 70 and full size, the assistant and ported sets identical to the last digit.)
    private func takesUnlisted(_ captures: [Capture], wordCount: Int, passed: Int) -> Bool {
        if captures.allSatisfy({ $0.reading.fit >= 1 }) { return true }
        let covered = captures.reduce(0) { $0 + $1.lastToken - $1.firstToken + 1 }
        guard wordCount - covered - passed > 0 else { return false }
        return captures.allSatisfy { $0.reading.fit >= 1 || !types[$0.type].isWordier($0.lastToken - $0.firstToken + 1) }
    }

    /// The words a slot's name and its type's name say, singular and plural: "team", "teams"
    /// of a slot `team` of type `TEAM`; "drink", "drinks" of `favoriteDrink`'s last word.
    private static func placeholders(of slot: SlotDefinition) -> Set<String> {
        var out: Set<String> = []
        for words in SkillNLU.namesWords(of: slot) where !words.isEmpty {
            for phrase in [words.joined(separator: " "), words.last!] where !StopWords.all.contains(phrase) {
                out.insert(phrase)
                out.insert(phrase + "s")
            }
        }
        return out
    }

    /// Whether `words`, less a determiner before them, are the slot's name (`placeholders`).
    func isPlaceholder(_ words: ArraySlice<String>, of slot: SlotName) -> Bool {
        guard let last = words.last, placeholderEnds.contains(last), let names = placeholders[slot] else { return false }
        var words = words
        if words.count > 1, let first = words.first, SlotTypeMatcher.determiners.contains(first) { words = words.dropFirst() }
        return names.contains(words.joined(separator: " "))
    }

    /// 1 for a sentence of literal words and listed values; each word taken by an unlisted
    /// value lowers it a little, so a sample that explains more words literally wins.
    private static func score(captures: [Capture], wordCount: Int) -> Double {
        var penalty = 0.0
        for capture in captures {
            let span = Double(capture.lastToken - capture.firstToken + 1)
            penalty += (1 - capture.reading.fit) * span / Double(wordCount)
        }
        return max(0, 1 - penalty * 0.5)
    }
}
