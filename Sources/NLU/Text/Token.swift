import Foundation
import SkillModel

/// A word of an utterance: its normalised form and where it stands in the original text.
public struct Token: Sendable, Equatable {
    /// Lower-cased text with punctuation removed.
    public let text: String
    /// The word as written (case kept), for features that read capitalisation.
    public let surface: String
    /// Offset of the first Unicode code point (scalar) in the original text.
    public let start: Int
    /// Offset one past the last code point, so `start..<end` is the token's slice.
    public let end: Int
}

/// Splits text into normalised tokens that remember their spans in code points.
///
/// Letters and digits make words; an apostrophe between letters stays inside a word
/// ("what's"), and a comma, period or colon between digits inside a number or a clock time
/// ("1,000", "3.5", "18:30"); everything else separates words. Case is folded.
public enum Tokenizer {
    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        // The word so far as UTF-8, and whether it is all ASCII (then folding it is lowering
        // its letters' bytes): a tokenizer that built strings a scalar at a time was a quarter
        // of a load from the cache.
        var current: [UInt8] = []
        var currentIsASCII = true
        var start = 0
        var offset = 0
        var pendingApostrophe = false
        var pendingSeparator: Unicode.Scalar?
        var previousWasDigit = false
        func append(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                current.append(UInt8(scalar.value))
            } else {
                currentIsASCII = false
                UTF8.encode(scalar) { current.append($0) }
            }
        }
        func flush(at end: Int) {
            guard !current.isEmpty else { return }
            let surface = String(decoding: current, as: UTF8.self)
            let text = currentIsASCII ? Self.foldedASCII(current) : Self.folded(surface)
            tokens.append(Token(text: text, surface: surface, start: start, end: end))
            current.removeAll(keepingCapacity: true)
            currentIsASCII = true
        }
        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            let isWordScalar = Self.isWordScalar(scalar)
            let isDigit = scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
            if isWordScalar {
                if let separator = pendingSeparator {
                    // "1,000", "3.5" and "18:30" stay one token; "a,b" does not.
                    if isDigit && previousWasDigit { append(separator) } else { flush(at: offset - 1) }
                    pendingSeparator = nil
                }
                if pendingApostrophe {
                    append("'")
                    pendingApostrophe = false
                }
                if current.isEmpty { start = offset }
                append(scalar)
                previousWasDigit = isDigit
            } else if (scalar == "," || scalar == "." || scalar == ":") && previousWasDigit && !current.isEmpty && pendingSeparator == nil && !pendingApostrophe {
                pendingSeparator = scalar
            } else if (scalar == "'" || scalar == "\u{2019}") && !current.isEmpty && !pendingApostrophe {
                pendingApostrophe = true
            } else {
                let back = (pendingApostrophe || pendingSeparator != nil) ? 1 : 0
                flush(at: offset - back)
                pendingApostrophe = false
                pendingSeparator = nil
                previousWasDigit = false
            }
        }
        flush(at: offset - ((pendingApostrophe || pendingSeparator != nil) ? 1 : 0))
        return withoutHesitations(tokens)
    }

    /// Sounds of hesitation, which say nothing wherever they fall ("um, let's say 200", "i want
    /// uh the large one"): not tokens at all. Not "er" or "mm" (the emergency room, millimetres),
    /// "mhm" (a yes), nor "uh" in "uh huh" (a yes) and "uh oh".
    static let hesitations: Set<String> = ["um", "umm", "ummm", "uh", "uhh", "uhm", "erm", "hmm", "hmmm"]

    private static func withoutHesitations(_ tokens: [Token]) -> [Token] {
        guard tokens.contains(where: { hesitations.contains($0.text) }) else { return tokens }
        return tokens.indices.compactMap { i in
            let kept = !hesitations.contains(tokens[i].text) || (tokens[i].text == "uh" && i + 1 < tokens.count && ["huh", "oh"].contains(tokens[i + 1].text))
            return kept ? tokens[i] : nil
        }
    }

    /// Lower case, and Latin letters without their accents, as people type them: "Geografía"
    /// and "geografia" are one word. Marks on other scripts (Devanagari vowel signs) stay.
    /// (Dev split, 70 per intent: the 268 accented sentences read exactly right 137 times
    /// either way; pooled slot F1 0.8668 -> 0.8658, inside the 0.853-0.856 the training seeds
    /// alone move it.) A contraction typed without its apostrophe is the contraction
    /// (`Contractions.unmarked`).
    static func folded(_ word: String) -> String {
        let lower = word.lowercased()
        guard !lower.unicodeScalars.allSatisfy(\.isASCII) else { return Contractions.unmarked[lower] ?? lower }
        var out = String.UnicodeScalarView()
        var previousIsLatin = false
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark, previousIsLatin { continue }
            previousIsLatin = scalar.value < 0x250
            out.append(scalar)
        }
        return String(out).precomposedStringWithCanonicalMapping
    }

    /// `folded` of an ASCII word given as its bytes.
    private static func foldedASCII(_ bytes: [UInt8]) -> String {
        let lower = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (i, byte) in bytes.enumerated() { buffer[i] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
            return bytes.count
        }
        return Contractions.unmarked[lower] ?? lower
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }

    /// The normalised words of `text`, joined by single spaces.
    public static func normalize(_ text: String) -> String {
        tokens(text).map(\.text).joined(separator: " ")
    }
}

/// An utterance ready for matching: the original text, its tokens, and the code points for
/// slicing slot values out exactly as written.
public struct Utterance: Sendable {
    public let text: String
    public let tokens: [Token]
    /// The tokens' normalised words.
    public let words: [String]
    /// What the sentence means (`WordVectors`), of length 1; empty without word vectors. Once
    /// per sentence, for the routing model and every skill asked.
    let meaning: [Float]
    /// The sentence as the lexical classifiers read it (a skill's, the routing model:
    /// `IntentClassifier.lexical`) and each word's features as the taggers read them, before a
    /// skill's gazetteer adds its own (`StatisticalNLU.tokenFeatures`): the same for every
    /// skill asked, so made once.
    let lexicalFeatures: [UInt64]
    let tokenFeatures: [[UInt64]]
    /// Where each token starts in `text`, so a slice costs its own length (counting code
    /// points from the start for each one made a long sentence's parse quadratic).
    private let tokenStarts: [String.Index]
    /// Which spans are a date, a time or a duration (`isTime(_:)`), as read so far: every
    /// skill asked about the sentence asks of the same spans, and a sentence's slowest parses
    /// asked of each span over and over.
    private let timeSpans = Locked<[Int: Bool]>([:])

    /// The most code points a sentence may have to be understood: a minute and more of
    /// speech. The NLU's time is linear in the length, but no request is this long.
    public static let maximumLength = 1_000

    /// Why `text` is not read, or nil when it may be: longer than `maximumLength`.
    public static func refusal(of text: String) -> String? {
        let length = text.unicodeScalars.count
        guard length > maximumLength else { return nil }
        return "the utterance is \(length) characters long, over the limit of \(maximumLength); it was not read"
    }

    /// The start of a text too long to show whole, marked as cut.
    public static func excerpt(of text: String) -> String { String(text.unicodeScalars.prefix(80)) + "…" }

    public init(_ text: String) {
        self.text = text
        tokens = Tokenizer.tokens(text)
        words = tokens.map(\.text)
        meaning = Features.meaning(words)
        let placeTags = Features.places(words)
        lexicalFeatures = IntentClassifier.lexicalFeatures(words, placeTags: placeTags)
        tokenFeatures = Features.tokens(surfaces: tokens.map(\.surface), words: words, placeTags: placeTags)
        var starts: [String.Index] = []
        starts.reserveCapacity(tokens.count)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var offset = 0
        for token in tokens {
            index = scalars.index(index, offsetBy: token.start - offset)
            offset = token.start
            starts.append(index)
        }
        tokenStarts = starts
    }

    /// Whether the words of `span` are a date, a time or a duration
    /// (`SlotTypeMatcher.isTime`), read once a sentence.
    func isTime(_ span: ClosedRange<Int>) -> Bool {
        let key = span.lowerBound << 32 | span.upperBound
        if let known = timeSpans.withLock({ $0[key] }) { return known }
        let isTime = SlotTypeMatcher.isTime(Array(words[span]))
        timeSpans.withLock { $0[key] = isTime }
        return isTime
    }

    /// The sentence with tokens up to and including `last` blanked out, so every word after
    /// keeps its offsets: what is left of "a large no wait a medium" after the correction.
    func blanked(through last: Int) -> Utterance {
        let end = tokens[last].end
        var blanked = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() { blanked.append(offset < end ? " " : scalar) }
        return Utterance(String(blanked))
    }

    /// The original text from token `from` through token `through`, as the user wrote it. A
    /// period that ends an abbreviation ("7 a.m.", "next Oct.") belongs to the slice.
    public func slice(from: Int, through: Int) -> (text: String, start: Int, end: Int) {
        let start = tokens[from].start
        var end = tokens[through].end
        let scalars = text.unicodeScalars
        let lower = tokenStarts[from]
        var upper = scalars.index(lower, offsetBy: end - start)
        if upper < scalars.endIndex, scalars[upper] == ".", isAbbreviation(through) {
            upper = scalars.index(after: upper)
            end += 1
        }
        return (String(scalars[lower..<upper]), start, end)
    }

    /// Whether token `index` was written with a capital first letter ("Paris", "The").
    public func isCapitalised(_ index: Int) -> Bool {
        tokens[index].surface.unicodeScalars.first?.properties.isUppercase == true
    }

    /// Words written with a period after them: a single letter after another ("a.m.", "U.S.")
    /// or a common abbreviation (months, titles, street words).
    private func isAbbreviation(_ index: Int) -> Bool {
        let token = tokens[index]
        if token.text.count == 1, index > 0, tokens[index - 1].end + 1 == token.start, tokens[index - 1].text.count == 1 { return true }
        return Self.abbreviations.contains(token.text)
    }

    static let abbreviations: Set<String> = [
        "jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "tue", "tues", "thur", "thurs",
        "mr", "mrs", "ms", "dr", "jr", "sr", "st", "mt", "ft", "ave", "blvd", "inc", "ltd", "corp", "hrs", "mins", "secs", "yrs",
    ]

    /// The code points between the end of token `first` and the start of token `next`.
    func between(_ first: Int, _ next: Int) -> Substring.UnicodeScalarView {
        let scalars = text.unicodeScalars
        let from = scalars.index(tokenStarts[first], offsetBy: tokens[first].end - tokens[first].start)
        return scalars[from..<tokenStarts[next]]
    }

    /// The text from token `count` on, as a new utterance (the rest of a one-shot invocation).
    public func dropping(first count: Int) -> Utterance {
        guard count < tokens.count else { return Utterance("") }
        return Utterance(String(text.unicodeScalars[tokenStarts[count]...]))
    }
}
