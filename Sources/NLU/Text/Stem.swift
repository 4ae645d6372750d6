/// A light suffix-stripping stem, enough for "showings", "showing" and "shows" to meet at
/// "show": a plural "s" (not "ss"), then "ing" or "ed", each only while three letters remain.
enum Stem {
    static func of(_ word: String) -> String {
        var stem = Substring(word)
        if stem.hasSuffix("'s") { stem = stem.dropLast(2) }
        if stem.hasSuffix("s"), !stem.hasSuffix("ss"), stem.count > 3 { stem = stem.dropLast() }
        for suffix in ["ing", "ed"] where stem.hasSuffix(suffix) && stem.count - suffix.count >= 3 {
            stem = stem.dropLast(suffix.count)
            break
        }
        return String(stem)
    }
}
