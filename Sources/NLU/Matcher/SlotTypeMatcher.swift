import SkillModel

/// How one slot type accepts and resolves a span of words.
///
/// A class, immutable once made: a parse looks matchers up in dictionaries and hands them
/// around many times, and as a struct each copy retained and released its eight tables.
/// (Snips at 70 per intent, one thread, mean parse over the dev set: 0.271 ms before, 0.228 ms
/// with this and two cheaper lookups, `BuiltInSlotTypes.kind` and `DateWords.holiday`.)
final class SlotTypeMatcher: Sendable {
    enum Kind: Sendable {
        /// A custom type with values: any span, but a listed value or synonym resolves.
        case custom
        /// A built-in type with a grammar (NUMBER, DATE, TIME, …): the span must read as one,
        /// and the value sent is the normalised form.
        case grammar(BuiltInSlotTypes.Kind)
        /// A built-in list (US_STATE, Country, …): any span; listed values fit better.
        case list
        /// AMAZON.SearchQuery, and built-ins without a grammar here: any span, taken as said.
        case freeText
    }

    struct Entry: Sendable {
        let name: String
        let id: String
        /// Listed by the model, rather than by a built-in type's table: only these resolve.
        let isCustom: Bool
    }

    let type: SlotTypeName
    let kind: Kind
    /// Whether the span may be a list of values of the type ("pepperoni, olives and ham"): a
    /// slot with `multipleValues` enabled.
    let takesLists: Bool
    /// Whether only listed values will do (AMAZON.Month: "my birthday is march" is no month).
    let closed: Bool
    /// Normalised value or synonym → the canonical value it resolves to.
    let entries: [String: Entry]
    /// The longest listed value, in words: a bound on spans worth trying against the list.
    let longestEntry: Int
    /// Every word of the listed values and synonyms.
    private let entryWords: Set<String>
    /// Every listed value's leading words ("new", "new york"), so a search for listed values
    /// stops as soon as a span can no longer grow into one.
    let entryPrefixes: Set<String>
    /// Whether listed values hold a possessive ("jannie's"): then a value may end in one.
    let listsPossessives: Bool
    /// Whether a listed value opens with an article ("the hobbit"): then a value may.
    let listsArticles: Bool
    /// A custom type whose listed values are mostly dates, times or durations ("now", "in
    /// six years", "2 pm", "saturday"): any such expression is a value of its kind.
    let holdsTimes: Bool
    /// Whether half the listed values or more are dates, times or durations, however few.
    let listsTimes: Bool
    /// Whether a listed value says who speaks ("i will always love you"; `speakers`).
    let listsSpeakers: Bool
    /// Whether the type is a built-in one of first names (`FirstNames.alsoEverydayWords`).
    let readsFirstNames: Bool
    /// Whether two of the model's values or more are people's names of two words or three,
    /// a first name first ("albert einstein", "taylor swift").
    let listsPeople: Bool
    /// Whether a value the model lists (not a synonym) is one everyday word ("red", "small"):
    /// then another everyday word may be an unlisted value of the type.
    let listsEverydayWords: Bool
    /// What the listed values mean together (`WordVectors`, length 1): empty without word
    /// vectors, or for a type of fewer than two values or not of short category words.
    let valuesMeaning: [Float]
    /// How many values and synonyms the model lists for the type.
    let listedCount: Int
    /// Words the model's own synonyms add after a value to say the same value ("standard" and
    /// "standard tuning", "box" and "box seats"): said after another value, they name that one.
    let sameValueTails: Set<String>
    /// Whether the type lists short category words ("rain", "ocean waves", "trailer"), not
    /// names or titles, whose words any sentence may hold (`isCategory`).
    let listsCategories: Bool
    /// Words of listed values of several words that no other value says ("cheap" of "cheap
    /// seats", "upper" of "upper level" and "upper deck", both the balcony): said alone as an
    /// answer, they mean that value (`SkillNLU.containedAnswer`). Short category words only;
    /// a word that is a value of its own, or says nothing (a stop word, a number), is none.
    let partWords: [String: Entry]

    /// Whether digits said in a row are one number ("five five three two one" 55321, an order
    /// number): for AMAZON.NUMBER in a model no intent of which takes two numbers, where the
    /// same words would be several ("solve 100 with 25 50 75 100 3 6").
    let readsDigitStrings: Bool

    init(type: SlotTypeName, definition: SlotTypeDefinition?, takesLists: Bool = false, readsDigitStrings: Bool = false) {
        self.type = type
        self.takesLists = takesLists
        self.readsDigitStrings = readsDigitStrings
        var entries: [String: Entry] = [:]
        // The model's own values first: for a built-in type the model extends (AMAZON.Animal
        // with "unicorn"), they are the ones that resolve.
        for value in definition?.values ?? [] {
            let entry = Entry(name: value.value, id: value.id ?? value.value, isCustom: true)
            for text in [value.value] + value.synonyms {
                let normalized = Tokenizer.normalize(text)
                guard !normalized.isEmpty, entries[normalized] == nil else { continue }
                entries[normalized] = entry
                // Letters said one by one and written as a word are the same value: "b. b. q."
                // is "bbq", and "BBQ" is "b b q".
                for spelling in Self.spellings(text, normalized: normalized) where entries[spelling] == nil { entries[spelling] = entry }
            }
        }
        // Said in the plural, a value is still that value: "two lattes", "shots of espresso"
        // resolve to "latte" and "shot of espresso", as Alexa's resolution does.
        for (key, entry) in entries {
            for plural in Inflections.plurals(of: key) where entries[plural] == nil { entries[plural] = entry }
        }
        // And a value listed in the plural said in the singular: "my grocery budget" is
        // "groceries". Short category words only: a title or a name is said as it is named.
        let categories = definition.map(Self.isCategory) ?? false
        for (key, entry) in entries where categories && entry.isCustom {
            for singular in Inflections.singulars(of: key) where entries[singular] == nil && !StopWords.all.contains(singular) { entries[singular] = entry }
        }
        // A value written with an ordinal in figures is said in words: "5th and pine" is "fifth
        // and pine". (Not a time, which its grammar reads: "the 3rd of may". Cardinals too,
        // "route 66" as "route sixty six", cost Snips' full-size slot F1 0.9560 -> 0.9556.)
        for (key, entry) in entries where entry.isCustom && key.contains(where: \.isNumber) {
            let words = key.split(separator: " ").map(String.init)
            let said = words.flatMap { word in word.last?.isNumber == false ? NumberWords.spelledOut(word) ?? [word] : [word] }.joined(separator: " ")
            if said != key, entries[said] == nil, !Self.isTime(words) { entries[said] = entry }
        }
        // So is a one-word value said as a verb in the past or in progress: "i meditated" is
        // "meditate", "i jogged" "jogging", "i'm baking" "bake".
        for (key, entry) in entries where entry.isCustom && !key.contains(" ") {
            for form in Inflections.verbForms(of: key) where entries[form] == nil { entries[form] = entry }
        }
        let extended = !entries.isEmpty
        var closed = false
        switch BuiltInSlotTypes.kind(of: type) {
        case .list(let table, let isClosed)?:
            kind = .list
            closed = isClosed
            for (key, value) in table where entries[key] == nil { entries[key] = Entry(name: value, id: value, isCustom: false) }
        case .searchQuery?:
            kind = .freeText
        case .other?:
            kind = extended ? .list : .freeText
        case let grammar?:
            kind = .grammar(grammar)
        case nil:
            kind = definition == nil ? .freeText : .custom
        }
        if case .custom = kind { resolves = true } else { resolves = extended }
        self.closed = closed && !extended
        self.entries = entries
        longestEntry = entries.keys.map { $0.split(separator: " ").count }.max() ?? 0
        entryWords = Set(entries.keys.flatMap { $0.split(separator: " ").map(String.init) })
        listsSpeakers = !entryWords.isDisjoint(with: Self.speakers)
        readsFirstNames = BuiltInSlotTypes.firstNameTypes.contains(type)
        listsPeople = (definition?.values ?? []).filter { value in
            let words = Tokenizer.tokens(value.value).map(\.text)
            return (2...3).contains(words.count) && BuiltInSlotTypes.isFirstName(words[0])
        }.count >= 2
        entryPrefixes = PhrasePrefixes.of(entries.keys)
        listsPossessives = entries.keys.contains { $0.split(separator: " ").contains { $0.hasSuffix("'s") } }
        listsArticles = entries.keys.contains { key in key.split(separator: " ").first.map { Self.articles.contains(String($0)) } ?? false }
        // The first hundred values decide: reading every one of a full-size model's thousands
        // of titles as a date cost 80 ms at load.
        let values = (definition?.values ?? []).prefix(100).map { Tokenizer.tokens($0.value).map(\.text) }
        listsTimes = !values.isEmpty && values.filter(Self.isTime).count * 2 >= values.count
        if case .custom = kind { holdsTimes = values.count >= 4 && listsTimes } else { holdsTimes = false }
        listsCategories = categories
        var tails: Set<String> = []
        for (key, entry) in entries where entry.isCustom {
            let words = key.split(separator: " ")
            guard words.count >= 2, let shorter = entries[words.dropLast().joined(separator: " ")], shorter.id == entry.id else { continue }
            tails.insert(String(words[words.count - 1]))
        }
        sameValueTails = tails
        var parts: [String: Entry?] = [:]
        for (key, entry) in entries where categories && entry.isCustom && key.contains(" ") {
            for word in key.split(separator: " ").map(String.init) where word.count >= 3 && !StopWords.all.contains(word) && NumberWords.value(of: [word]) == nil {
                if let other = parts[word], other?.id != entry.id { parts[word] = .some(nil) } else { parts[word] = entry }
            }
        }
        partWords = parts.compactMapValues { $0 }.filter { entries[$0.key] == nil }
        let listed = (definition?.values ?? []).flatMap { [$0.value] + $0.synonyms }
        listedCount = listed.count
        valuesMeaning = listsCategories && listed.count >= 2 ? Features.meaning(listed.flatMap { Tokenizer.tokens($0).map(\.text) }) : []
        listsEverydayWords = (definition?.values ?? []).contains { value in
            let words = Tokenizer.tokens(value.value).map(\.text)
            return words.count == 1 && SkillNLU.everydayWords.contains(words[0])
        }
    }

    /// How near the words' meaning is to the listed values' (cosine, -1...1), or nil when
    /// there is no telling (no word vectors, a type not of short category words).
    func nearness(of words: ArraySlice<String>) -> Float? {
        guard !valuesMeaning.isEmpty else { return nil }
        return Features.nearness(Features.meaning(Array(words)), valuesMeaning)
    }

    /// Whether a type's values, synonyms included, are short: under two and a half words
    /// each on average.
    static func isCategory(_ definition: SlotTypeDefinition) -> Bool {
        let all = definition.values.flatMap { [$0.value] + $0.synonyms }
        return !all.isEmpty && Double(all.map { Tokenizer.tokens($0).count }.reduce(0, +)) < 2.5 * Double(all.count)
    }

    /// Whether the words are a date, a time or a duration (a number alone is none).
    static func isTime(_ words: [String]) -> Bool {
        guard !words.isEmpty, !(words.count == 1 && NumberWords.value(of: words) != nil) else { return false }
        let anyDay = CivilDate(year: 2026, month: 1, day: 1)
        return DateWords.read(words, today: anyDay) != nil || TimeWords.read(words) != nil || DurationWords.read(words) != nil
    }

    /// The outcome of reading a span as this type: the value to send when it differs from the
    /// words as spoken, the resolution, and how well it fits (1 for a listed value or a
    /// grammar match, less for an unlisted one).
    struct Reading: Sendable {
        let normalized: String?
        let resolved: Entry?
        let fit: Double

        /// Words the type takes without reading them: a name or a title, neither listed nor
        /// a number, date or time.
        var isName: Bool { resolved == nil && normalized == nil }
        /// A value the model lists, or one the type's grammar reads (a number, a date).
        var isKnownValue: Bool { resolved?.isCustom == true || normalized != nil }
    }

    /// Reads `words` as this type; nil when the type refuses the span. `key` is the words
    /// joined by spaces, when the caller has it already. A type that takes lists reads a list
    /// of values it reads ("5 and six", "pepperoni and olives") as well as the best of them.
    func read(words: ArraySlice<String>, key: String? = nil, today: CivilDate) -> Reading? {
        let one = readOne(words, key: key, today: today)
        guard takesLists, words.count > 1, (one?.fit ?? 0) < 1 else { return one }
        let parts = ListValues.split(words, longest: longestEntry, isListed: isListedValue)
        guard parts.count > 1 else { return one }
        var fit = 1.0
        for part in parts {
            guard let reading = readOne(words[part], key: nil, today: today) else { return one }
            fit = min(fit, reading.fit)
        }
        return Reading(normalized: nil, resolved: nil, fit: fit)
    }

    /// The other way to write a value of letters: "b b q" → "bbq"; an acronym "BBQ" → "b b q".
    static func spellings(_ text: String, normalized: String) -> [String] {
        let words = normalized.split(separator: " ")
        if words.count >= 2, words.allSatisfy({ $0.count == 1 && $0.first!.isLetter }) { return [words.joined()] }
        // Only a short single word can be an acronym: the rest of a model's values go no further.
        guard words.count == 1, (2...5).contains(normalized.count) else { return [] }
        let tokens = Tokenizer.tokens(text)
        guard tokens.count == 1, let surface = tokens.first?.surface, (2...5).contains(surface.count),
            surface.allSatisfy({ $0.isUppercase && $0.isLetter })
        else { return [] }
        return [surface.lowercased().map(String.init).joined(separator: " ")]
    }

    /// The one listed value (the longest found) inside words that are not one themselves, when
    /// at most one other meaningful word is around it; nil when there is none, or several.
    func containedValue(in words: ArraySlice<String>) -> Entry? {
        guard words.count > 1, words.count <= longestEntry + 3 else { return nil }
        var found: (entry: Entry, range: ClosedRange<Int>)?
        for start in words.indices {
            var key = ""
            for end in start..<min(words.endIndex, start + longestEntry) {
                key += (end == start ? "" : " ") + words[end]
                guard entryPrefixes.contains(key) else { break }
                guard let entry = entries[key], (start...end) != (words.startIndex...(words.endIndex - 1)) else { continue }
                if let existing = found {
                    if existing.entry.id != entry.id, !existing.range.overlaps(start...end) { return nil }
                    if end - start > existing.range.count - 1 { found = (entry, start...end) }
                } else {
                    found = (entry, start...end)
                }
            }
        }
        guard let (entry, range) = found else { return nil }
        // "not that urgent" holds "urgent" but says the opposite.
        guard !words[words.startIndex..<range.lowerBound].contains(where: Negation.words.contains) else { return nil }
        let others = words.indices.filter { !range.contains($0) && !StopWords.all.contains(words[$0]) }
        return others.count <= 1 ? entry : nil
    }

    /// Whether `count` words are more than any listed value by two or more: a sentence, not a
    /// value ("what time is it" asked for a size; a catch-all sample's swallowed request).
    func isWordier(_ count: Int) -> Bool { count > longestEntry + 1 }

    /// Whether `words`, read as this type's value, are wordier than its values; for a type that
    /// takes lists, whether any one value of the list is ("priya and tom" is two first names).
    func isWordier(_ words: ArraySlice<String>, pauseAfter: (Int) -> Bool = { _ in false }) -> Bool {
        guard takesLists else { return isWordier(words.count) }
        return ListValues.split(words, pauseAfter: pauseAfter, longest: longestEntry, isListed: isListedValue).contains { isWordier($0.count) }
    }

    /// Whether some listed value or synonym of the type says `word`.
    func listsWord(_ word: String) -> Bool { entryWords.contains(word) }

    /// Whether `words` are a listed value or synonym of the type.
    func isListedValue(_ words: ArraySlice<String>) -> Bool {
        isListed && entries[words.joined(separator: " ")] != nil
    }

    private func readOne(_ words: ArraySlice<String>, key: String?, today: CivilDate) -> Reading? {
        switch kind {
        case .grammar(let grammar):
            guard let value = BuiltInSlotTypes.read(grammar, words: Array(words), today: today) ?? (readsDigitStrings ? NumberWords.digitByDigit(Array(words)) : nil)
            else { return nil }
            return Reading(normalized: value, resolved: nil, fit: 1)
        case .freeText:
            return Reading(normalized: nil, resolved: nil, fit: 0.9)
        case .custom, .list:
            if let entry = entries[key ?? words.joined(separator: " ")] {
                return Reading(normalized: nil, resolved: entry, fit: 1)
            }
            // "the rice" is the listed "rice" said with its article: it fits, and the parse
            // trims the article from the value.
            if words.count > 1, let first = words.first, Self.determiners.contains(first), entries[words.dropFirst().joined(separator: " ")] != nil {
                return Reading(normalized: nil, resolved: nil, fit: 1)
            }
            // A listed value said with an article inside it is that value: "half an hour" is
            // the listed "half hour", not the "hour" it holds.
            if words.count > 2, words.dropFirst().dropLast().contains(where: Self.articles.contains) {
                let said = Array(words)
                let kept = said.indices.filter { $0 == 0 || $0 == said.count - 1 || !Self.articles.contains(said[$0]) }.map { said[$0] }
                if let entry = entries[kept.joined(separator: " ")] { return Reading(normalized: nil, resolved: entry, fit: 1) }
            }
            // A listed value with a function word at its edge ("under maria" for "it's
            // {name}", "portland on") is the value and a word of the sentence around it: the
            // span is the value alone, which a shorter span reads.
            if words.count > 1, entries[Self.trimmingFunctionWords(words).joined(separator: " ")] != nil { return nil }
            // A built-in list names places, people, things: a number said alone is none of them
            // ("i'm going to guess 42" has no city 42).
            if case .list = kind, NumberWords.value(of: Array(words)) != nil { return nil }
            guard !closed else { return nil }
            // A first name that is an everyday word ("will", "june") is a name where a sample
            // or a question puts one; the tagger does not learn it as one.
            if readsFirstNames, words.count == 1, let word = words.first, FirstNames.alsoEverydayWords.contains(word) {
                return Reading(normalized: nil, resolved: nil, fit: 1)
            }
            // Nobody's first name opens with an article or a possessive: "what do i owe the
            // library" names no friend.
            if readsFirstNames, let first = words.first, Self.determiners.contains(first) { return nil }
            // Nor is a pronoun anybody's first name: "should i text her back" names nobody to text.
            if readsFirstNames, words.contains(where: Self.personalPronouns.contains) { return nil }
            // Said in a built-in list's own words ("mandarin chinese" of "mandarin" and
            // "chinese"), it fits as well as free text: "translate good night to mandarin
            // chinese" is "{phrase} to {language}", not all of it the phrase.
            if case .list = kind, words.count > 1, words.allSatisfy({ SlotTypeMatcher.determiners.contains($0) || listsWord($0) }) {
                return Reading(normalized: nil, resolved: nil, fit: 0.9)
            }
            // Words that say who speaks ("i just finished a 5k run", "we're heading out") are a
            // sentence, not a value, unless the type's own values say such words (a song "i
            // will always love you").
            if words.count > 1, !listsSpeakers, words.contains(where: Self.speakers.contains) { return nil }
            return Reading(normalized: nil, resolved: nil, fit: 0.8)
        }
    }

    /// The words without the prepositions, conjunctions and copulas at either edge; empty when
    /// there are none. (Not every function word: "six am" is a time, and "please" after a value
    /// is trimmed from it later.)
    static func trimmingFunctionWords(_ words: ArraySlice<String>) -> ArraySlice<String> {
        var inner = words
        while let first = inner.first, edgeWords.contains(first) { inner = inner.dropFirst() }
        while let last = inner.last, edgeWords.contains(last) { inner = inner.dropLast() }
        return inner.count < words.count ? inner : []
    }

    /// Words that frame a value in a sentence and are part of none.
    static let edgeWords: Set<String> = ["on", "at", "in", "into", "under", "for", "with", "to", "from", "by", "of", "about", "and", "or", "but",
                                         "it", "it's", "is", "that's", "i", "me"]

    /// Subjects that say who speaks or is spoken to, which a name, a place or a thing is
    /// not said with.
    static let speakers: Set<String> = ["i", "i'm", "i've", "i'll", "i'd", "we", "we're", "we've", "we'll", "we'd", "you're", "you've", "you'll", "they", "they're", "he", "she", "he's", "she's"]

    /// Words that may open a span without being part of the value.
    static let articles: Set<String> = ["the", "a", "an"]
    static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "some", "this", "that", "these", "those"]
    /// Words that stand for a person without naming one.
    static let personalPronouns: Set<String> = [
        "i", "me", "you", "he", "him", "she", "her", "it", "we", "us", "they", "them", "his", "hers", "its", "their", "theirs",
        "mine", "yours", "ours", "myself", "yourself", "himself", "herself", "themselves", "someone", "somebody", "anyone", "anybody",
        "everyone", "everybody", "nobody",
    ]
    /// Words that may open a date or time span without being part of it ("on monday").
    static let prepositions: Set<String> = ["on", "at"]

    /// Whether the type reads spans against its list of values (custom types and built-in lists).
    var isListed: Bool {
        switch kind {
        case .custom, .list: true
        case .grammar, .freeText: false
        }
    }

    /// Slots read alike: the same type, and both taking lists or neither.
    struct Key: Hashable {
        let type: SlotTypeName
        let takesLists: Bool

        init(_ slot: SlotDefinition) {
            type = slot.type
            takesLists = slot.multipleValues
        }
    }

    /// The matcher for a slot of the model.
    convenience init(_ slot: SlotDefinition, model: InteractionModel) {
        let number: SlotTypeName = "AMAZON.NUMBER"
        let digitStrings = slot.type == number && !model.intents.contains { $0.slots.filter { $0.type == number }.count > 1 }
        self.init(type: slot.type, definition: model.type(named: slot.type), takesLists: slot.multipleValues, readsDigitStrings: digitStrings)
    }

    /// Whether entity resolution applies: custom types, and built-in types the model extends
    /// with values of its own (Alexa sends none for plain built-ins).
    let resolves: Bool

    /// The longest span, in words, worth trying for this type (a list: a few values).
    var maximumSpan: Int {
        let one = switch kind {
        // A telephone number is said digit by digit: up to fifteen and a "plus".
        case .grammar(.phoneNumber): PhoneNumberWords.longest + 1
        case .grammar: 8
        case .freeText: 24
        case .custom, .list: max(longestEntry + 2, 10)
        }
        return takesLists ? min(one * 4, 24) : one
    }
}
