import SkillModel

/// One skill's compiled understanding, built once when the skill loads and then shared,
/// immutable, between turns: a deterministic matcher for in-grammar sentences and a trained
/// classifier and tagger for the rest.
public struct SkillNLU: Sendable {
    public let skillID: SkillID
    public let model: InteractionModel
    let intents: [IntentDefinition]
    let matcher: SampleMatcher
    let statistical: StatisticalNLU?
    private let typeMatchers: [SlotTypeMatcher.Key: SlotTypeMatcher]
    private let sampleCounts: [Int]
    /// The words the model's samples open with ("find", "play", "show"), but articles: a
    /// sentence's first word among them is a command, not the start of a name.
    private let commandWords: Set<String>
    /// Per intent and slot, a matcher over the slot's elicitation samples and the ways people
    /// answer a question with a bare value ("8", "it's eight", "the grocery one").
    private let elicitation: [IntentName: [SlotName: SampleMatcher]]
    static let fewSamples = 20

    /// Compiles `model`. Built-in intents the model declares get their standard phrases.
    /// - Parameter cache: where trained models are kept by content hash; with a hit, nothing
    ///   is trained.
    public init(skillID: SkillID, model: InteractionModel, cache: NLUCache? = nil) {
        self.skillID = skillID
        self.model = model
        intents = model.intents
        var extra: [IntentName: [String]] = [:]
        for intent in model.intents { extra[intent.name] = BuiltInIntents.phrases[intent.name] ?? [] }
        var typeMatchers: [SlotTypeMatcher.Key: SlotTypeMatcher] = [:]
        for intent in model.intents {
            for slot in intent.slots where typeMatchers[SlotTypeMatcher.Key(slot)] == nil {
                typeMatchers[SlotTypeMatcher.Key(slot)] = SlotTypeMatcher(slot, model: model)
            }
        }
        self.typeMatchers = typeMatchers
        matcher = SampleMatcher(
            intents: model.intents.map { ($0.slots, $0.samples + extra[$0.name, default: []]) }, model: model,
            unlisted: model.intents.map { $0.samples.count < Self.fewSamples }, types: typeMatchers)
        sampleCounts = model.intents.map(\.samples.count)
        commandWords = Set(model.intents.flatMap(\.samples).compactMap { sample in
            guard case .text(let text)? = SampleTemplate.parts(of: sample).first else { return nil }
            return Tokenizer.tokens(text).first.map(\.text)
        }).subtracting(SlotTypeMatcher.determiners)
        var elicitation: [IntentName: [SlotName: SampleMatcher]] = [:]
        for intent in model.intents {
            for slot in intent.slots {
                let samples = slot.samples + Self.answerPatterns.map { $0.before + "{\(slot.name)}" + $0.after }
                elicitation[intent.name, default: [:]][slot.name] = SampleMatcher(intents: [(intent.slots, samples)], model: model, types: typeMatchers)
            }
        }
        self.elicitation = elicitation
        let trainable = model.intents.contains { !($0.samples + extra[$0.name, default: []]).isEmpty }
        statistical = trainable ? Self.trained(model: model, extra: extra, cache: cache) : nil
    }

    /// The trained path from the cache, or trained now (and cached).
    private static func trained(model: InteractionModel, extra: [IntentName: [String]], cache: NLUCache?) -> StatisticalNLU {
        let key = cache.map { _ in NLUCache.key(for: model) }
        if let cache, let key, let payload = cache.load(key) {
            var reader = BinaryReader(payload)
            do {
                let loaded = try StatisticalNLU(decoding: &reader, model: model, intents: model.intents, extraSamples: extra)
                if reader.isAtEnd { return loaded }
                cache.noteUnreadable()
            } catch {
                cache.noteUnreadable()
            }
        }
        let statistical = StatisticalNLU(model: model, intents: model.intents, extraSamples: extra, seed: seed(for: model))
        if let cache, let key {
            var writer = BinaryWriter()
            statistical.encode(into: &writer)
            cache.store(key, payload: writer.bytes)
        }
        return statistical
    }

    /// A seed from the model's content, so a model always trains the same way.
    private static func seed(for model: InteractionModel) -> UInt64 {
        var hash = StableHash("model")
        hash.combine(model.invocationName)
        for intent in model.intents {
            hash.combine(intent.name.rawValue)
            for sample in intent.samples { hash.combine(sample) }
        }
        return hash.value
    }

    /// How people answer "which one?" with a bare value: the words before and after the
    /// value, in the ways of saying it, each also with "please", and with the hedges and
    /// fillers people put around a bare answer ("um, maybe eight", "the grocery one please").
    /// (All combinations would make each slot's matcher ten times bigger for little.)
    static let answerPatterns: [(before: String, after: String)] = {
        let ways = [("", ""), ("it's ", ""), ("the ", ""), ("the ", " one"), ("make it ", ""), ("i said ", ""), ("that would be ", ""),
                    ("let's say ", ""), ("how about ", ""), ("i'd say ", "")]
        let before = ["", "um ", "uh ", "hmm ", "hmm maybe ", "well ", "maybe ", "i think ", "i guess ", "probably ", "ok ", "oh "]
        let after = ["", " please", " i think", " i guess", " thanks", " thank you", " maybe"]
        return ways + ways.map { ($0.0, $0.1 + " please") } + before.flatMap { lead in after.map { (lead, $0) } }
    }()

    /// What the dialog is asking for: the intent under way and the slot it elicits.
    public struct Elicitation: Sendable, Equatable {
        public let intent: IntentName
        public let slot: SlotName
        public init(intent: IntentName, slot: SlotName) {
            self.intent = intent
            self.slot = slot
        }
    }

    /// Parses an answer to a question about `elicitation.slot`: the slot's elicitation samples
    /// and bare answers are read first ("8", "eight", "the grocery one"), then the built-in
    /// intents that leave the question (stop, cancel, help), then everything else.
    public func parse(_ utterance: Utterance, eliciting elicitation: Elicitation, today: CivilDate = .today()) -> [NLUCandidate] {
        let general = parse(utterance, today: today)
        if let best = general.first, best.intent.isBuiltIn, best.score >= 1 { return general }
        guard let matcher = self.elicitation[elicitation.intent]?[elicitation.slot],
            let intentIndex = intents.firstIndex(where: { $0.name == elicitation.intent })
        else { return general }
        let answers = matcher.matches(utterance, today: today).filter { match in
            // The elicited slot must be among what the answer fills, and a sample of slots
            // alone says nothing of where unlisted values end: "{I_Want} {article} {size}
            // {pet}" would read "what time is it" one word a slot.
            match.captures.contains { $0.slot == elicitation.slot }
                && (match.literalWords > 0 || match.captures.filter { $0.reading.fit < 1 }.count < 2)
        }
        guard let answer = answers.first else { return general }
        // An answer with an unlisted value gives way to a sure reading of something else.
        if !answer.captures.allSatisfy({ $0.reading.fit >= 1 }), let other = general.first, other.intent != elicitation.intent, other.score >= 0.9 {
            return general
        }
        let remapped = SampleMatcher.Match(intent: intentIndex, captures: answer.captures, score: answer.score, literalWords: answer.literalWords)
        return [candidate(from: remapped, utterance: utterance, today: today, source: matcher)] + general.filter { $0.intent != elicitation.intent }
    }

    /// The words that carry meaning in this model (samples, values, built-in phrases), for the
    /// index that picks which skills to ask about a sentence.
    public var contentWords: Set<String> {
        var words = statistical?.vocabulary.subtracting(StopWords.all) ?? []
        for intent in intents {
            for sample in intent.samples + (BuiltInIntents.phrases[intent.name] ?? []) {
                words.formUnion(SampleTemplate.meaningfulWords(of: sample))
            }
        }
        return words
    }

    /// Whether the model declares `intent`.
    public func declares(_ intent: IntentName) -> Bool { intents.contains { $0.name == intent } }

    /// Parses one utterance: the intents it may mean, best first, the best with its slots.
    /// Empty when the sentence is out of the skill's domain.
    /// - Parameter today: the day relative dates ("tomorrow") count from.
    public func parse(_ utterance: Utterance, today: CivilDate = .today()) -> [NLUCandidate] {
        let exact = matcher.matches(utterance, today: today)
        func exactCandidates() -> [NLUCandidate] { exact.map { candidate(from: $0, utterance: utterance, today: today) } }
        // A sample matched with listed values: in grammar. So is a sample's carrier phrase with
        // free text after it ("who was {query}" for "who was napoleon"): that slot takes
        // anything by design, so words the model never says do not make it out of domain.
        if let best = exact.first, best.isInGrammar || (best.literalWords > 0 && best.captures.allSatisfy { $0.reading.fit >= 1 || isFreeText($0) }) {
            return exactCandidates()
        }
        guard let statistical, !utterance.words.isEmpty else { return exactCandidates() }
        let placeTags = Features.places(utterance.words)
        let (readings, none) = statistical.classify(utterance.words, placeTags: placeTags)
        // Out of domain: too much like noise, or no intent sure enough, for the model's
        // fallbackIntentSensitivity (the dev split chose LOW's limits). This holds for a sample
        // matched with unlisted values too: "{size} {pet}" matches "what time is it".
        let sensitivity = model.fallbackIntentSensitivity
        guard let top = readings.first, none < sensitivity.noneLimit, top.probability / max(1 - none, 1e-9) >= sensitivity.threshold,
            // A sentence sharing no meaningful word with the model needs a very sure classifier,
            // or one sure it is no noise and leaning to one intent ("Showtimes for Medal for the
            // General", where no sample says "showtimes"; dev split, 70 per intent: in-domain
            // sentences rejected 55 -> 47, out of domain still 46 of 60).
            top.probability >= 0.9 || (none < 0.3 && top.probability >= 0.3) || statistical.overlaps(utterance.words)
        else { return fallback(none: none) }
        let matches = statistical.gazetteer.matches(utterance.words)
        if let best = exact.first, sampleCounts[best.intent] < Self.fewSamples, best.literalWords > 0,
            !swallowsListedValues(best, matches: matches, gazetteer: statistical.gazetteer, utterance: utterance, today: today) {
            // Unlisted values in an intent with few samples: a tagger trained on a handful of
            // sentences guesses boundaries worse than the sample states them. Not a sample of
            // slots alone, whose boundaries state nothing: "{I_Am} {article} {personality}"
            // read "recommend a job for me" as I_Am "recommend" and personality "job for me".
            return exactCandidates()
        }
        let reranked = statistical.rerank(readings, utterance: utterance, matches: matches, placeTags: placeTags)
        var candidates: [NLUCandidate] = []
        for (rank, entry) in reranked.enumerated() {
            let intent = intents[entry.reading.intent]
            let slots = rank == 0 ? onePerSlot(slotMatches(entry.slots, intent: intent, utterance: utterance, today: today), intent: intent, utterance: utterance) : []
            // Below an exact match of a sample (1): the re-reading's nearest-sample term can
            // take a statistical reading a little past 1.
            candidates.append(NLUCandidate(skillID: skillID, intent: intent.name, score: min(entry.reading.probability, 0.99), slots: slots, declaredSlots: intent.slots.map(\.name)))
        }
        for reading in readings.dropFirst(reranked.count) where reading.probability >= 0.01 {
            let intent = intents[reading.intent]
            candidates.append(NLUCandidate(skillID: skillID, intent: intent.name, score: reading.probability, slots: [], declaredSlots: intent.slots.map(\.name)))
        }
        return candidates
    }

    /// The tagger's spans read as their slots' types. A span its type refuses may hold a value
    /// and another slot's: "four tomorrow" tagged as the number of people is "four", and
    /// "tomorrow" the date, when the intent has a date slot the tagger left empty.
    private func slotMatches(_ tagged: [StatisticalNLU.TaggedSlot], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var result: [SlotMatch] = []
        let taggedSlots = Set(tagged.map(\.slot))
        for span in tagged {
            let slot = intent.slots[span.slot]
            var (first, last) = (span.firstToken, span.lastToken)
            if let type = typeMatchers[SlotTypeMatcher.Key(slot)] {
                if let (other, end) = leadingListedValue(of: span.slot, first: first, last: last, intent: intent, type: type, taken: taggedSlots, utterance: utterance, today: today) {
                    result.append(other)
                    first = end + 1
                }
                (first, last) = withoutEdgeWords(type, first: first, last: last, utterance: utterance, today: today)
                if let (time, start) = trailingTime(of: span.slot, first: first, last: last, intent: intent, type: type, taken: taggedSlots, utterance: utterance, today: today) {
                    result.append(time)
                    last = start - 1
                }
            }
            if let match = slotMatch(slot, first: first, last: last, utterance: utterance, today: today) {
                result.append(match)
                continue
            }
            guard readsByGrammar(slot), span.firstToken < span.lastToken else { continue }
            // The longest start of the span the type reads; the rest to an empty slot that reads it.
            for cut in stride(from: span.lastToken - 1, through: span.firstToken, by: -1) {
                guard let head = slotMatch(slot, first: span.firstToken, last: cut, utterance: utterance, today: today) else { continue }
                result.append(head)
                let rest = intent.slots.indices.lazy
                    .filter { !taggedSlots.contains($0) && self.readsByGrammar(intent.slots[$0]) }
                    .compactMap { self.slotMatch(intent.slots[$0], first: cut + 1, last: span.lastToken, utterance: utterance, today: today) }
                    .first
                if let rest { result.append(rest) }
                break
            }
        }
        return result
    }

    /// "rate the book Spells and Philtres": a name the type does not read that opens with a
    /// value another of the intent's slots lists (after a preposition or article, said in
    /// lower case, the article perhaps just before the span) is that slot's value, and the
    /// name is what follows, when nothing else filled that slot. (Dev split, 70 per intent:
    /// slot F1 0.8641 -> 0.8657.)
    private func leadingListedValue(of slotIndex: Int, first: Int, last: Int, intent: IntentDefinition, type: SlotTypeMatcher, taken: Set<Int>,
                                    utterance: Utterance, today: CivilDate) -> (SlotMatch, end: Int)? {
        let words = utterance.words
        guard first < last, let reading = type.read(words: words[first...last], today: today), reading.resolved == nil, reading.normalized == nil
        else { return nil }
        var start = first
        if Self.leadingPrepositions.contains(words[start]) { start += 1 }
        if start < last, SlotTypeMatcher.determiners.contains(words[start]) { start += 1 }
        guard start > first || (first > 0 && SlotTypeMatcher.determiners.contains(words[first - 1])), start < last else { return nil }
        for index in intent.slots.indices where index != slotIndex && !taken.contains(index) {
            let slot = intent.slots[index]
            guard let other = typeMatchers[SlotTypeMatcher.Key(slot)], other.isListed, other.type != type.type else { continue }
            for end in stride(from: min(last - 1, start + other.longestEntry - 1), through: start, by: -1) {
                let isLowerCase = (start...end).allSatisfy { utterance.tokens[$0].surface == words[$0] }
                guard isLowerCase, other.isListedValue(words[start...end]), !StopWords.all.contains(words[end + 1]),
                    let match = slotMatch(slot, first: start, last: end, utterance: utterance, today: today)
                else { continue }
                return (match, end)
            }
        }
        return nil
    }

    /// "what is the weather in Paris tomorrow": a name the type does not read that ends in a
    /// date or time goes without it, and the date or time to an empty slot whose type holds
    /// them (a custom type of mostly dates and times, as Snips' timeRange, or AMAZON.DATE /
    /// TIME / DURATION). (Dev split, 70 per intent: slot F1 0.8665 -> 0.8667; splitting every
    /// trailing time, titles included, lost 0.0005.)
    private func trailingTime(of slotIndex: Int, first: Int, last: Int, intent: IntentDefinition, type: SlotTypeMatcher, taken: Set<Int>,
                              utterance: Utterance, today: CivilDate) -> (SlotMatch, start: Int)? {
        guard first < last, !type.holdsTimes, let reading = type.read(words: utterance.words[first...last], today: today),
            reading.resolved == nil, reading.normalized == nil
        else { return nil }
        let timeSlots = intent.slots.indices.filter { index in
            guard index != slotIndex, !taken.contains(index), let other = typeMatchers[SlotTypeMatcher.Key(intent.slots[index])] else { return false }
            if other.holdsTimes { return true }
            if case .grammar(let grammar) = other.kind { return grammar == .date || grammar == .time || grammar == .duration }
            return false
        }
        guard !timeSlots.isEmpty else { return nil }
        // Titles end in time words too ("The Day After Tomorrow"): the time goes only when said
        // in lower case after a capitalised name, or after a place the lexicon knows.
        func isCapitalised(_ index: Int) -> Bool { utterance.tokens[index].surface.unicodeScalars.first?.properties.isUppercase == true }
        for start in (first + 1)...last where SlotTypeMatcher.isTime(Array(utterance.words[start...last])) {
            let byCase = isCapitalised(first) && !(start...last).contains(where: isCapitalised)
            guard byCase || Lexicon.places[utterance.words[first..<start].joined(separator: " ")] != nil else { continue }
            for index in timeSlots {
                if let match = slotMatch(intent.slots[index], first: start, last: last, utterance: utterance, today: today) { return (match, start) }
            }
        }
        return nil
    }

    static let leadingPrepositions: Set<String> = ["for", "to", "of", "on", "about"]

    /// A name the type does not read (a title, a playlist) neither opens with a word that
    /// introduces a name nor ends with one that cannot end one: "the playlist called Rock
    /// Hits" is "Rock Hits", "find Mother Earth, a TV show" is "Mother Earth", "The Battle for
    /// Skies gets a three" is "The Battle for Skies"; nor does it open with the sentence's
    /// first word when samples open with it ("Show The Caveman television show"), or with a
    /// lower-case article before a capitalised word ("rate the Always Running series"). The
    /// tagger learns boundaries from samples whose words around a slot are few; these words
    /// hold in any English sentence; so does "called" inside a span ("my playlist called
    /// Sunday Morning"). A capitalised edge word is left alone: it belongs to the
    /// title ("To Live and Die in L.A."). (Dev split, 70 per intent: slot F1 0.8557 -> 0.8637.)
    private func withoutEdgeWords(_ type: SlotTypeMatcher, first: Int, last: Int, utterance: Utterance, today: CivilDate) -> (Int, Int) {
        guard first < last, let reading = type.read(words: utterance.words[first...last], today: today), reading.resolved == nil, reading.normalized == nil
        else { return (first, last) }
        func isCapitalised(_ index: Int) -> Bool { utterance.tokens[index].surface.unicodeScalars.first?.properties.isUppercase == true }
        var (first, last) = (first, last)
        // "my playlist called Sunday Morning": the name is what follows the naming word, when
        // that word is not a title's own ("A Man Called Ove").
        if let naming = (first..<last).last(where: { Self.namingWords.contains(utterance.words[$0]) && !isCapitalised($0) }) {
            first = naming + 1
        }
        while first < last {
            let word = utterance.words[first]
            if (first == 0 && commandWords.contains(word))
                || (!isCapitalised(first) && (Self.namingWords.contains(word) || (SlotTypeMatcher.articles.contains(word) && isCapitalised(first + 1)))) {
                first += 1
            } else if !isCapitalised(last), Self.wordsNoNameEndsWith.contains(utterance.words[last]) {
                last -= 1
            } else {
                break
            }
        }
        return (first, last)
    }

    /// Words that introduce a name: what follows them is the name.
    static let namingWords: Set<String> = ["called", "named", "titled", "entitled", "labeled", "labelled"]
    /// Articles, possessives, prepositions that do not end a place or a time ("close by",
    /// "in"), conjunctions and the verbs that follow a title ("… gets a three").
    static let wordsNoNameEndsWith: Set<String> = [
        "a", "an", "the", "my", "your", "our", "his", "her", "their", "its",
        "for", "with", "to", "as", "from", "of", "and", "or", "is", "are", "was", "gets", "deserves",
    ]

    /// Whether a captured slot takes any words (AMAZON.SearchQuery and the like).
    private func isFreeText(_ capture: SampleMatcher.Capture) -> Bool {
        if case .freeText = matcher.types[capture.type].kind { true } else { false }
    }

    /// Whether the slot's type has a grammar (numbers, dates, times, durations…).
    private func readsByGrammar(_ slot: SlotDefinition) -> Bool {
        if case .grammar = typeMatchers[SlotTypeMatcher.Key(slot)]?.kind { true } else { false }
    }

    /// One value per slot, as a request carries them: of several spans the tagger gave one
    /// slot, the one whose value the type reads (listed, or a number, a date…), else the
    /// longest (dev split, 70 per intent: slot F1 0.8503 -> 0.8555); a slot that takes lists
    /// gets every span's values, as one list.
    private func onePerSlot(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance) -> [SlotMatch] {
        var result: [SlotMatch] = []
        for match in slots where !result.contains(where: { $0.name == match.name }) {
            let same = slots.filter { $0.name == match.name }
            guard same.count > 1 else {
                result.append(match)
                continue
            }
            if intent.slot(named: match.name)?.multipleValues == true {
                let (start, end) = (same.map(\.start).min() ?? match.start, same.map(\.end).max() ?? match.end)
                let spoken = String(String.UnicodeScalarView(utterance.text.unicodeScalars.dropFirst(start).prefix(end - start)))
                result.append(SlotMatch(name: match.name, value: spoken, spoken: spoken, start: start, end: end, resolution: nil, list: same.flatMap(\.values)))
            } else {
                func isRead(_ slot: SlotMatch) -> Bool { slot.resolution?.status == .successMatch || slot.value != slot.spoken }
                result.append(same.first(where: isRead) ?? same.max { $0.end - $0.start < $1.end - $1.start } ?? match)
            }
        }
        return result
    }

    /// Whether an unlisted value of the match holds a listed value of one of the intent's slot
    /// types with words around it: "match me with a large dog" read by "{size} {pet}" as size
    /// "match" and pet "me with a large dog", where "large" is a size; "add eggs to my grocery
    /// list" read by "add {items} to {listName}" as listName "my grocery list". Such a match
    /// explains the words worse than the tagger would.
    /// A listed value that opens the capture ("give the {title}" for "give the saga Copper
    /// Justice") is split off as its own slot, so it does not count.
    private func swallowsListedValues(_ match: SampleMatcher.Match, matches: [Gazetteer.Match], gazetteer: Gazetteer, utterance: Utterance, today: CivilDate) -> Bool {
        let intent = intents[match.intent]
        let captured = Set(match.captures.compactMap { capture in intent.slots.firstIndex { $0.name == capture.slot } })
        return match.captures.contains { capture in
            guard capture.reading.fit < 1 else { return false }
            var first = capture.firstToken
            if let index = intent.slots.firstIndex(where: { $0.name == capture.slot }),
                let (_, end) = leadingListedValue(of: index, first: first, last: capture.lastToken, intent: intent, type: matcher.types[capture.type],
                                                  taken: captured, utterance: utterance, today: today) {
                first = end + 1
            }
            return matches.contains { listed in
                let type = gazetteer.types[listed.type]
                return listed.start >= first && listed.end - 1 <= capture.lastToken && intent.slots.contains { $0.type == type }
            }
        }
    }

    /// Out of domain: AMAZON.FallbackIntent when the model declares it, else nothing.
    private func fallback(none: Double) -> [NLUCandidate] {
        guard declares(.fallback) else { return [] }
        // Below 1, so a question's answer or an exact built-in phrase still outranks it.
        return [NLUCandidate(skillID: skillID, intent: .fallback, score: min(max(none, 0.5), 0.99), slots: [], declaredSlots: [])]
    }

    /// A candidate from a match of `source` (the main matcher unless given).
    private func candidate(from match: SampleMatcher.Match, utterance: Utterance, today: CivilDate, source: SampleMatcher? = nil) -> NLUCandidate {
        let types = (source ?? matcher).types
        let intent = intents[match.intent]
        let captured = Set(match.captures.compactMap { capture in intent.slots.firstIndex { $0.name == capture.slot } })
        var slots: [SlotMatch] = []
        for capture in match.captures {
            let type = types[capture.type]
            // An unlisted value between a sample's words may still hold words that are no part
            // of a name: "add {song} to {playlist}" for "… to my playlist called Sunday Morning";
            // "give the {title} …" for "give the saga Copper Justice …".
            if capture.reading.fit < 1, let index = intent.slots.firstIndex(where: { $0.name == capture.slot }) {
                var first = capture.firstToken
                if let (other, end) = leadingListedValue(of: index, first: first, last: capture.lastToken, intent: intent, type: type, taken: captured, utterance: utterance, today: today) {
                    slots.append(other)
                    first = end + 1
                }
                var last: Int
                (first, last) = withoutEdgeWords(type, first: first, last: capture.lastToken, utterance: utterance, today: today)
                if let (time, start) = trailingTime(of: index, first: first, last: last, intent: intent, type: type, taken: captured, utterance: utterance, today: today) {
                    slots.append(time)
                    last = start - 1
                }
                if (first, last) != (capture.firstToken, capture.lastToken), let reading = type.read(words: utterance.words[first...last], today: today) {
                    slots.append(slotMatch(capture.slot, first: first, last: last, reading: reading, type: type, utterance: utterance, today: today))
                    continue
                }
            }
            slots.append(slotMatch(capture.slot, first: capture.firstToken, last: capture.lastToken, reading: capture.reading, type: type, utterance: utterance, today: today))
        }
        return NLUCandidate(skillID: skillID, intent: intent.name, score: match.score, slots: slots, declaredSlots: intent.slots.map(\.name))
    }

    /// A tagged span read as its slot type; nil when the type refuses it (a number slot that
    /// does not read as a number).
    private func slotMatch(_ slot: SlotDefinition, first: Int, last: Int, utterance: Utterance, today: CivilDate) -> SlotMatch? {
        guard let matcher = typeMatchers[SlotTypeMatcher.Key(slot)] else { return nil }
        guard let reading = matcher.read(words: utterance.words[first...last], today: today) else {
            // "a four": the number after its article.
            if first < last, SlotTypeMatcher.articles.contains(utterance.words[first]) { return slotMatch(slot, first: first + 1, last: last, utterance: utterance, today: today) }
            return nil
        }
        // A span of nothing but function words ("please") is not a value unless listed.
        if reading.resolved == nil, reading.normalized == nil, utterance.words[first...last].allSatisfy(StopWords.all.contains) { return nil }
        return slotMatch(slot.name, first: first, last: last, reading: reading, type: matcher, utterance: utterance, today: today)
    }

    /// The slot as the skill receives it; for a slot with multiple values enabled, the span
    /// split into its values when it holds several.
    private func slotMatch(_ name: SlotName, first: Int, last: Int, reading: SlotTypeMatcher.Reading, type: SlotTypeMatcher, utterance: Utterance, today: CivilDate) -> SlotMatch {
        func value(_ first: Int, _ last: Int, _ reading: SlotTypeMatcher.Reading, list: [SlotMatch] = []) -> SlotMatch {
            // "the rice": a listed value after a leading article or possessive is that value.
            if list.isEmpty, reading.resolved == nil, type.isListed, first < last, SlotTypeMatcher.determiners.contains(utterance.words[first]),
                let listed = type.read(words: utterance.words[(first + 1)...last], today: today), listed.resolved != nil {
                return value(first + 1, last, listed)
            }
            // "on the first of january": the date is what follows the preposition.
            if list.isEmpty, reading.normalized != nil, first < last, SlotTypeMatcher.prepositions.contains(utterance.words[first]),
                let rest = type.read(words: utterance.words[(first + 1)...last], today: today), rest.normalized == reading.normalized {
                return value(first + 1, last, rest)
            }
            var spoken = utterance.slice(from: first, through: last)
            // "Miyavi's music": a name ends before its possessive, unless the type lists
            // possessives ("jannie's" playlists). (Dev split, 70 per intent: artist +33 spans.)
            let word = utterance.words[last]
            if list.isEmpty, reading.resolved == nil, reading.normalized == nil, !type.listsPossessives, case .custom = type.kind,
                word.count > 2, word.hasSuffix("'s"), Contractions.table[word] == nil {
                spoken = (String(String.UnicodeScalarView(spoken.text.unicodeScalars.dropLast(2))), spoken.start, spoken.end - 2)
            }
            return SlotMatch(
                name: name, value: list.isEmpty ? reading.normalized ?? spoken.text : spoken.text, spoken: spoken.text, start: spoken.start, end: spoken.end,
                resolution: list.isEmpty ? resolution(for: reading, type: type) : nil, list: list)
        }
        if type.takesLists {
            let parts = ListValues.split(utterance.words[first...last], pauseAfter: utterance.pause(after:), longest: type.longestEntry, isListed: type.isListedValue)
            let readings = parts.compactMap { type.read(words: utterance.words[$0], today: today) }
            // Every part must read as the type ("5 and 6" as numbers), or the span is one value.
            if parts.count > 1, readings.count == parts.count {
                return value(first, last, reading, list: zip(parts, readings).map { value($0.lowerBound, $0.upperBound, $1) })
            }
        }
        return value(first, last, reading)
    }

    /// Entity resolution in Alexa's shape, for custom types with values.
    private func resolution(for reading: SlotTypeMatcher.Reading, type: SlotTypeMatcher) -> ResolutionAuthority? {
        guard type.resolves else { return nil }
        let authority = "amzn1.er-authority.echo-sdk.\(skillID).\(type.type)"
        if let entry = reading.resolved, entry.isCustom {
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

    /// How many of the slots' values (a list's counting one by one) the skill's types list.
    public var listedValues: Int {
        slots.flatMap(\.values).filter { $0.resolution?.status == .successMatch }.count
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

    /// The slot's values one by one: the list's, or the slot itself.
    public var values: [SlotMatch] { list.isEmpty ? [self] : list }

    /// What the skill receives: the one value, or the list's.
    public var spokenValues: [SpokenValue] {
        values.map { SpokenValue($0.value, resolutions: $0.resolution.map { Resolutions(authorities: [$0]) }) }
    }
}

extension FallbackIntentSensitivity {
    /// The most probability the noise class may have before the sentence is out of domain.
    /// (Dev split at LOW: 0.5 rejected 1.6% of in-domain sentences, 0.7 fewer, intent
    /// 0.881 -> 0.885; later 0.9 rejected 0.5% where 0.7 rejected 0.8%, intent 0.926 -> 0.928,
    /// with the out-of-domain tests still passing.)
    var noneLimit: Double {
        switch self {
        case .low: 0.9
        case .medium: 0.5
        case .high: 0.3
        }
    }

    /// The least share the best intent needs among the intents for the sentence to count.
    var threshold: Double {
        switch self {
        case .low: 0
        case .medium: 0.4
        case .high: 0.6
        }
    }
}
