/// Words that deny what follows them: "not that urgent" is no "urgent", "not the router" no
/// router. ("no" is left out: "no, make it saturday" changes a value, it denies none.)
enum Negation {
    static let words: Set<String> = [
        "not", "never", "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "won't", "wouldn't",
        "can't", "cannot", "shouldn't", "hardly", "neither", "nor",
    ]

    /// Whether one of the two words before `index` is a negation.
    static func precedes(_ words: [String], at index: Int) -> Bool {
        (max(0, index - 2)..<min(index, words.count)).contains { Self.words.contains(words[$0]) }
    }

    /// Whether the word at `index` is what a negation denies: right after it, or after it and a
    /// word that goes on with it ("don't really need", "don't want to"). "need" of "i don't
    /// need {item}" is denied; "the" of "i don't want the" is not.
    static func negates(_ words: [String], at index: Int) -> Bool {
        index > 0 && Self.words.contains(words[index - 1])
            || index > 1 && Self.words.contains(words[index - 2]) && continuers.contains(words[index - 1])
    }

    static let continuers: Set<String> = ["really", "even", "ever", "actually", "want", "to", "have", "need"]
}
