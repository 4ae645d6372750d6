/// Words that deny what follows them: "not that urgent" is no "urgent", "not the router" no
/// router. ("no" is left out: "no, make it saturday" changes a value, it denies none.)
enum Negation {
    static let words: Set<String> = [
        "not", "never", "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "won't", "wouldn't",
        "can't", "cannot", "shouldn't", "hardly", "neither", "nor",
    ]

    /// Whether one of the two words before `index` is a negation.
    static func precedes(_ words: some Collection<String>, at index: Int) -> Bool {
        let array = Array(words)
        return (max(0, index - 2)..<min(index, array.count)).contains { Self.words.contains(array[$0]) }
    }
}
