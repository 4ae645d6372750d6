/// The values of a list said in one breath: "pepperoni, olives and ham", "rice, onions, and
/// olives", "milk & eggs" — split at pauses (commas) and at "and" or "but", as Alexa's
/// multiple-value slots are. A listed value that itself holds "and" ("salt and pepper") stays
/// whole, and a run of listed values said without a pause ("pepperoni olives") is split into them.
enum ListValues {
    /// The ranges of `words` (indices into it) that are each one value; a single range when
    /// the words are one value. `pauseAfter(i)` tells whether the speaker paused after word i;
    /// `isListed` whether words are a listed value of the slot's type.
    /// `longest` bounds, in words, the listed values worth looking for.
    static func split(_ words: ArraySlice<String>, pauseAfter: (Int) -> Bool = { _ in false }, longest: Int, isListed: (ArraySlice<String>) -> Bool) -> [ClosedRange<Int>] {
        guard let first = words.indices.first, let last = words.indices.last else { return [] }
        // Runs of words between pauses and "and".
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        func close(_ end: Int) {
            if let s = start, s <= end { runs.append(s...end) }
            start = nil
        }
        for i in first...last {
            if words[i] == "and" || words[i] == "but" {
                close(i - 1)
                continue
            }
            // A value denied ("but no onions", "and not olives") starts after its denial, which
            // then tells the parse it is none (`SkillNLU.withoutDeniedValues`).
            if start == nil, i < last, ["no", "not", "without"].contains(words[i]) { continue }
            if start == nil { start = i }
            if i < last, pauseAfter(i) { close(i) }
        }
        close(last)
        // Runs that together make a listed value are one value, longest first; a run that is
        // not listed but is listed values end to end is those values.
        var parts: [ClosedRange<Int>] = []
        var r = 0
        while r < runs.count {
            // After an article or a possessive ("the chips and salsa", "my mac and cheese").
            let opening = runs[r].lowerBound < runs[r].upperBound && SlotTypeMatcher.determiners.contains(words[runs[r].lowerBound]) ? 1 : 0
            let reach = runs[r...].prefix { $0.upperBound - runs[r].lowerBound - opening < longest }.count
            let end = (r..<r + max(reach, 1)).reversed().first { k in
                k == r || isListed(words[runs[r].lowerBound...runs[k].upperBound]) || opening > 0 && isListed(words[(runs[r].lowerBound + opening)...runs[k].upperBound])
            } ?? r
            let run = runs[r].lowerBound...runs[end].upperBound
            parts += end == r && !isListed(words[run]) ? segments(of: run, in: words, longest: longest, isListed: isListed) ?? [run] : [run]
            r = end + 1
        }
        return parts
    }

    /// `range` cut into listed values, longest first from the left; nil unless all of it is.
    private static func segments(of range: ClosedRange<Int>, in words: ArraySlice<String>, longest: Int, isListed: (ArraySlice<String>) -> Bool) -> [ClosedRange<Int>]? {
        guard longest > 0 else { return nil }
        var result: [ClosedRange<Int>] = []
        var i = range.lowerBound
        while i <= range.upperBound {
            guard let end = (i...min(range.upperBound, i + longest - 1)).reversed().first(where: { isListed(words[i...$0]) }) else { return nil }
            result.append(i...end)
            i = end + 1
        }
        return result.count > 1 ? result : nil
    }
}

extension Utterance {
    /// Whether the text between token `index` and the next holds a pause: a comma,
    /// semicolon, ampersand or slash.
    func pause(after index: Int) -> Bool {
        guard index + 1 < tokens.count else { return false }
        return between(index, index + 1).contains { $0 == "," || $0 == ";" || $0 == "&" || $0 == "/" }
    }
}
