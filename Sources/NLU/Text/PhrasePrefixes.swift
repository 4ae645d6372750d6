/// The leading words of phrases ("new", "new york" for "new york city"), so a search that grows
/// a span a word at a time can stop as soon as no phrase starts so.
enum PhrasePrefixes {
    static func of<Phrases: Sequence<String>>(_ phrases: Phrases) -> Set<String> {
        var prefixes = Set<String>()
        for phrase in phrases {
            var prefix = ""
            for word in phrase.split(separator: " ") {
                prefix += (prefix.isEmpty ? "" : " ") + word
                prefixes.insert(prefix)
            }
        }
        return prefixes
    }
}
