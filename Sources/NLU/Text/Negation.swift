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
}
