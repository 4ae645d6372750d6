/// A phrasal verb's particle said on either side of its object: "turn up the heat" and "turn
/// the heat up", "turn on the {mode}" and "turn the {mode} on". A skill's samples give one
/// order; people say both, so the other is learned and matched too.
enum ParticleShift {
    static let particles: Set<String> = ["up", "down", "on", "off", "out", "back", "over", "away"]
    /// Words that open an object the particle may move across: articles and possessives, not
    /// pronouns ("turn it up" has no "turn up it").
    static let openers: Set<String> = ["the", "a", "an", "my", "our", "your", "this", "that", "these", "those", "his", "her", "their", "some", "all"]
    /// Words an object of a few words holds none of: past one, the particle stops belonging to
    /// the verb ("look up the word in the dictionary").
    static let stoppers: Set<String> = ["to", "in", "at", "for", "from", "with", "by", "of", "into", "onto", "and", "or", "please", "when", "if"]
    /// Verbs of being, which take no particle: "are the lights on" is no "are on the lights".
    static let beings: Set<String> = ["is", "are", "was", "were", "am", "be", "being", "been", "isn't", "aren't", "'s"]
    static let longestObject = 4

    /// Whether the words before the particle or the object are its verb, after words that
    /// only lead up to a verb ("please", "can you", "i want to"): so "on" after a value or a
    /// noun ("from {artist} on the {service}", "cancel everything on my calendar") is left
    /// alone.
    private static func isVerbPhrase(_ words: ArraySlice<String>) -> Bool {
        guard let verb = words.last, !verb.hasPrefix("{"), !beings.contains(verb), !verb.hasSuffix("'s"), !particles.contains(verb), !openers.contains(verb), !leadIns.contains(verb)
        else { return false }
        return words.dropLast().allSatisfy(leadIns.contains)
    }

    /// Verbs whose object is followed by another verb, whose particle it is: "make the fan
    /// turn off".
    static let causatives: Set<String> = ["make", "let", "have", "get", "help", "see", "watch", "hear", "want", "need"]

    /// Words that may come before a verb that opens a request.
    static let leadIns: Set<String> = ["please", "can", "could", "will", "would", "you", "i", "want", "to", "i'd", "like", "need", "let's", "just",
                                       "go", "ahead", "and", "now", "also", "kindly"]

    /// The sample with its particle on the other side of the object, or nil when it has no
    /// particle next to an object of `longestObject` words or fewer that ends the sample.
    static func variant(of sample: String) -> String? {
        let words = sample.split(separator: " ").map(String.init)
        guard words.count >= 3 else { return nil }
        let lower = words.map { $0.lowercased() }
        // Before the object: "turn up the heat" -> "turn the heat up".
        if let i = lower.indices.dropFirst().dropLast().first(where: { particles.contains(lower[$0]) }), openers.contains(lower[i + 1]),
            isVerbPhrase(lower[..<i]), words.count - i - 1 <= longestObject,
            !lower[(i + 1)...].contains(where: stoppers.contains) {
            return (words[..<i] + words[(i + 1)...] + [words[i]]).joined(separator: " ")
        }
        // After it: "turn the heat up" -> "turn up the heat".
        if let last = lower.last, particles.contains(last),
            let j = lower.indices.dropFirst().dropLast().last(where: { openers.contains(lower[$0]) }),
            isVerbPhrase(lower[..<j]), !causatives.contains(lower[j - 1]), words.count - 1 - j <= longestObject - 1, !lower[words.count - 2].hasSuffix("ed"),
            !lower[j..<(words.count - 1)].contains(where: { stoppers.contains($0) || particles.contains($0) }) {
            return (words[..<j] + [words[words.count - 1]] + words[j..<(words.count - 1)]).joined(separator: " ")
        }
        return nil
    }
}
