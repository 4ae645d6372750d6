import SkillModel

/// Where a thing goes, left unsaid when the skill is the place: "add sunscreen", to a packing
/// list whose sample is "add {item} to my packing list"; "put sunscreen", for "put {item} on
/// the list". People drop the destination a skill's samples spell out, so the sample without
/// it is matched too, with the values its type lists and short unlisted ones ("add a hat":
/// `SampleMatcher.isShortValue`).
enum UnsaidDestination {
    /// Per intent of the model, its samples said without their own place (`variant`), where
    /// no sample says them so already.
    static func variants(of model: InteractionModel) -> [IntentName: [String]] {
        let ownIntents = model.intents.filter { !$0.name.isBuiltIn }
        let ownSamples = Set(ownIntents.flatMap(\.samples).map { Tokenizer.tokens($0).map(\.text) })
        let invocationWords = Set(Tokenizer.tokens(model.invocationName).map(\.text))
        // Each intent's meaningful words and first words, read once for all its siblings.
        let meaningful = ownIntents.map { Set($0.samples.flatMap(SampleTemplate.meaningfulWords(of:))) }
        let opening = ownIntents.map { Set($0.samples.compactMap { Tokenizer.tokens($0).first?.text }) }
        var variants: [IntentName: [String]] = [:]
        for (index, intent) in ownIntents.enumerated() {
            let others = ownIntents.indices.filter { $0 != index }
            let placeWords = others.reduce(into: invocationWords) { $0.formUnion(meaningful[$1]) }
            let othersOpen = others.reduce(into: Set<String>()) { $0.formUnion(opening[$1]) }
            let found = intent.samples.compactMap { variant(of: $0, placeWords: placeWords, othersOpen: othersOpen) }
                .filter { !ownSamples.contains(Tokenizer.tokens($0).map(\.text)) }
            if !found.isEmpty { variants[intent.name, default: []] += found }
        }
        return variants
    }

    /// Words that open a destination.
    static let prepositions: Set<String> = ["to", "on", "onto", "in", "into"]
    /// Words that open the place after the preposition: a thing one puts something in, not a
    /// verb ("use {service} to play music" says what for).
    static let owners: Set<String> = ["my", "the", "our", "your", "this", "that"]
    /// A destination is the preposition and fewer than this many words.
    static let longestPlace = 4

    /// The sample up to its last slot, when the rest is a destination of literal words ("to my
    /// packing list", "on the list") that only names the skill's own place: each of its words
    /// but function words is said by the invocation name or by a sample of another of the
    /// skill's intents ("list" of "take {item} off the list"), so "set {device} to cool mode"
    /// keeps its mode. Nil when the sample says no word of its own before the slot ("{item} to
    /// the list"), the rest holds a slot, or another intent's samples open with the sample's
    /// first word (`othersOpen`): "find {title} in theaters" without its place is a search for
    /// any title.
    static func variant(of sample: String, placeWords: Set<String>, othersOpen: Set<String>) -> String? {
        let words = sample.split(separator: " ").map(String.init)
        guard let first = words.first?.lowercased(), !othersOpen.contains(first),
            let slot = words.lastIndex(where: { $0.hasPrefix("{") }), slot + 2 < words.count, words.count - slot - 2 < longestPlace
        else { return nil }
        let place = words[(slot + 1)...].map { $0.lowercased() }
        guard let opening = place.first, prepositions.contains(opening), owners.contains(place[1]), !place.contains(where: { $0.contains("{") }),
            words[..<slot].contains(where: { !$0.hasPrefix("{") && !StopWords.all.contains($0.lowercased()) }),
            place.dropFirst().contains(where: { !StopWords.all.contains($0) }),
            place.dropFirst().allSatisfy({ StopWords.all.contains($0) || placeWords.contains($0) })
        else { return nil }
        return words[...slot].joined(separator: " ")
    }
}
