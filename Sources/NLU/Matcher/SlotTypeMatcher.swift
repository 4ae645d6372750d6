import SkillModel

/// How one slot type accepts and resolves a span of words.
struct SlotTypeMatcher: Sendable {
    enum Kind: Sendable {
        /// A custom type with values: any span, but a listed value or synonym resolves.
        case custom
        /// AMAZON.NUMBER and friends: the span must read as a number; the value is its digits.
        case number
        /// AMAZON.SearchQuery and unknown built-ins: any span, taken as said.
        case freeText
    }

    struct Entry: Sendable {
        let name: String
        let id: String
    }

    let type: SlotTypeName
    let kind: Kind
    /// Normalised value or synonym → the canonical value it resolves to.
    let entries: [String: Entry]
    /// The longest listed value, in words: a bound on spans worth trying against the list.
    let longestEntry: Int

    init(type: SlotTypeName, definition: SlotTypeDefinition?) {
        self.type = type
        switch type.rawValue {
        case "AMAZON.NUMBER", "AMAZON.FOUR_DIGIT_NUMBER": kind = .number
        default: kind = definition == nil ? .freeText : .custom
        }
        var entries: [String: Entry] = [:]
        var longest = 0
        for value in definition?.values ?? [] {
            let entry = Entry(name: value.value, id: value.id ?? value.value)
            for text in [value.value] + value.synonyms {
                let normalized = Tokenizer.normalize(text)
                guard !normalized.isEmpty, entries[normalized] == nil else { continue }
                entries[normalized] = entry
                longest = max(longest, normalized.split(separator: " ").count)
            }
        }
        self.entries = entries
        longestEntry = longest
    }

    /// The outcome of reading a span as this type: the slot value to send, the resolution,
    /// and how well it fits (1 for a listed value, less for an unlisted one).
    struct Reading: Sendable {
        /// The value to send when it differs from the words as spoken (digits for a number).
        let normalized: String?
        let resolved: Entry?
        let fit: Double
    }

    /// Reads `words` as this type; nil when the type refuses the span.
    func read(words: ArraySlice<String>) -> Reading? {
        switch kind {
        case .number:
            guard let number = NumberWords.value(of: Array(words)) else { return nil }
            return Reading(normalized: String(number), resolved: nil, fit: 1)
        case .freeText:
            return Reading(normalized: nil, resolved: nil, fit: 0.9)
        case .custom:
            if let entry = entries[words.joined(separator: " ")] {
                return Reading(normalized: nil, resolved: entry, fit: 1)
            }
            return Reading(normalized: nil, resolved: nil, fit: 0.8)
        }
    }

    /// The longest span, in words, worth trying for this type.
    var maximumSpan: Int {
        switch kind {
        case .number: 8
        case .freeText: 24
        case .custom: max(longestEntry + 2, 6)
        }
    }
}
