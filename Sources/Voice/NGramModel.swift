import Foundation

/// A trigram language model counted from sentences and written in the ARPA format that
/// pocketsphinx (and every other recogniser) reads.
///
/// Counts may be fractions: a sample said in forty ways with its slots filled counts a fortieth
/// each time, so an intent with a long list of values weighs no more than one without. The
/// smoothing is Witten-Bell's, which takes fractions: a history passes to the shorter one the
/// share `T / (c + T)`, where `c` is how often it was seen and `T` how many words it was seen
/// with (each counted at most once, at its weight). In back-off form that share is the
/// history's back-off weight, and every history's distribution sums to one. Unigrams are
/// smoothed by half a count for every word.
public struct NGramModel: Sendable {
    public static let sentenceStart = "<s>"
    public static let sentenceEnd = "</s>"

    /// counts[n - 1]: n-gram (words joined by a space) → weighted count, for n = 1…3.
    private var counts: [[String: Double]] = [[:], [:], [:]]
    public private(set) var vocabulary: Set<String> = []

    public init() {}

    /// Counts a fragment's n-grams at `weight`. A fragment that starts or ends its sentence is
    /// bounded by `<s>` or `</s>`; one cut at a gap (a slot that takes any words) is not.
    public mutating func add(_ words: [String], startsSentence: Bool = true, endsSentence: Bool = true, weight: Double = 1) {
        guard !words.isEmpty, weight > 0 else { return }
        vocabulary.formUnion(words)
        let padded = (startsSentence ? [Self.sentenceStart] : []) + words + (endsSentence ? [Self.sentenceEnd] : [])
        for n in 1...3 {
            guard padded.count >= n else { continue }
            for start in 0...(padded.count - n) {
                // <s> is never predicted: it is only a history.
                if n == 1, padded[start] == Self.sentenceStart { continue }
                counts[n - 1][padded[start..<(start + n)].joined(separator: " "), default: 0] += weight
            }
        }
    }

    /// The model in ARPA format.
    public func arpa() -> String {
        let unigrams = self.unigrams()
        var bigrams: [String: Double] = [:], trigrams: [String: Double] = [:]
        var unigramBackoff: [String: Double] = [:], bigramBackoff: [String: Double] = [:]

        for (history, followers) in Self.byHistory(counts[1]) {
            let (seen, types) = Self.totals(followers)
            for (word, count) in followers {
                bigrams[history + " " + word] = (count + types * (unigrams[word] ?? 0)) / (seen + types)
            }
            unigramBackoff[history] = types / (seen + types)
        }
        func bigram(_ history: String, _ word: String) -> Double {
            if let p = bigrams[history + " " + word] { return p }
            return (unigramBackoff[history] ?? 1) * (unigrams[word] ?? 0)
        }
        for (history, followers) in Self.byHistory(counts[2]) {
            let (seen, types) = Self.totals(followers)
            let shorter = String(history[history.index(after: history.firstIndex(of: " ")!)...])
            for (word, count) in followers {
                trigrams[history + " " + word] = (count + types * bigram(shorter, word)) / (seen + types)
            }
            bigramBackoff[history] = types / (seen + types)
        }

        var out = "\\data\\\n"
        out += "ngram 1=\(unigrams.count + 1)\nngram 2=\(bigrams.count)\nngram 3=\(trigrams.count)\n\n\\1-grams:\n"
        func log10p(_ p: Double) -> String { String(format: "%.6f", p > 0 ? log10(p) : -99) }
        out += "-99.000000 \(Self.sentenceStart) \(log10p(unigramBackoff[Self.sentenceStart] ?? 1))\n"
        for word in unigrams.keys.sorted() {
            out += "\(log10p(unigrams[word]!)) \(word)"
            if let weight = unigramBackoff[word] { out += " \(log10p(weight))" }
            out += "\n"
        }
        out += "\n\\2-grams:\n"
        for gram in bigrams.keys.sorted() {
            out += "\(log10p(bigrams[gram]!)) \(gram)"
            if let weight = bigramBackoff[gram] { out += " \(log10p(weight))" }
            out += "\n"
        }
        out += "\n\\3-grams:\n"
        for gram in trigrams.keys.sorted() { out += "\(log10p(trigrams[gram]!)) \(gram)\n" }
        out += "\n\\end\\\n"
        return out
    }

    /// Unigram probabilities over the vocabulary and `</s>`, half a count added to each.
    private func unigrams() -> [String: Double] {
        let words = counts[0]
        let total = words.values.reduce(0, +) + 0.5 * Double(words.count)
        return words.mapValues { ($0 + 0.5) / total }
    }

    /// How often a history was seen, and with how many words (each at most once).
    private static func totals(_ followers: [(word: String, count: Double)]) -> (seen: Double, types: Double) {
        followers.reduce((0, 0)) { ($0.0 + $1.count, $0.1 + min(1, $1.count)) }
    }

    /// N-grams grouped by their history (all words but the last).
    private static func byHistory(_ grams: [String: Double]) -> [String: [(word: String, count: Double)]] {
        var out: [String: [(word: String, count: Double)]] = [:]
        for (gram, count) in grams {
            let split = gram.lastIndex(of: " ")!
            out[String(gram[..<split]), default: []].append((String(gram[gram.index(after: split)...]), count))
        }
        return out
    }
}
