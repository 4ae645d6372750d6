/// English contractions and their spelled-out words, for matching a sample that says "what's"
/// to a sentence that says "what is", and the other way round.
enum Contractions {
    /// The word without its possessive "'s" ("mike" of "mike's"), or nil when it has none or is
    /// a contraction ("what's", "let's").
    static func possessor(_ word: String) -> String? {
        guard word.count > 2, word.hasSuffix("'s"), table[word] == nil else { return nil }
        return String(word.dropLast(2))
    }

    static let table: [String: [String]] = [
        "what's": ["what", "is"], "it's": ["it", "is"], "that's": ["that", "is"], "there's": ["there", "is"],
        "where's": ["where", "is"], "who's": ["who", "is"], "how's": ["how", "is"], "here's": ["here", "is"],
        "when's": ["when", "is"], "why's": ["why", "is"], "they've": ["they", "have"], "you've": ["you", "have"],
        "they'll": ["they", "will"], "hasn't": ["has", "not"], "weren't": ["were", "not"], "hadn't": ["had", "not"],
        "i'm": ["i", "am"], "you're": ["you", "are"], "we're": ["we", "are"], "they're": ["they", "are"],
        "i'd": ["i", "would"], "you'd": ["you", "would"], "we'd": ["we", "would"], "i'll": ["i", "will"],
        "you'll": ["you", "will"], "we'll": ["we", "will"], "i've": ["i", "have"], "we've": ["we", "have"],
        "let's": ["let", "us"], "don't": ["do", "not"], "doesn't": ["does", "not"], "didn't": ["did", "not"],
        "isn't": ["is", "not"], "aren't": ["are", "not"], "wasn't": ["was", "not"], "can't": ["can", "not"],
        "won't": ["will", "not"], "wouldn't": ["would", "not"], "shouldn't": ["should", "not"],
        "couldn't": ["could", "not"], "haven't": ["have", "not"],
    ]

    /// Contractions typed without their apostrophe ("whats", "dont", "lets"), as chat users
    /// type them, and their spelling with it. Not those that are words of their own too ("its",
    /// "ill", "id", "well", "were", "wed", "shed", "hell", "shell"); "lets" is "let's", as it
    /// is in what people ask an assistant ("lets play a game").
    static let unmarked: [String: String] = {
        var unmarked: [String: String] = [:]
        for short in table.keys { unmarked[short.replacingOccurrences(of: "'", with: "")] = short }
        for short in ["he's", "she's", "ain't"] {
            unmarked[short.replacingOccurrences(of: "'", with: "")] = short
        }
        for word in ["its", "ill", "id", "well", "were", "wed", "shed", "hell", "shell"] { unmarked[word] = nil }
        for (short, word) in informal { unmarked[short] = word }
        return unmarked
    }()

    /// Words people say or type short, one for one, and the word they stand for: "how long
    /// till my train" is "until". Not those that are other words too ("u" of "u. s.", "cos").
    static let informal: [String: String] = [
        "till": "until", "thru": "through", "tho": "though", "pls": "please", "plz": "please",
        "tmrw": "tomorrow", "tmr": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow", "tommorrow": "tomorrow",
        "tonite": "tonight", "cuz": "because", "coz": "because", "thx": "thanks", "msg": "message",
    ]

    /// Spelled-out pairs → the contraction.
    private static let pairs: [String: String] = {
        var pairs: [String: String] = [:]
        for (short, long) in table where long.count == 2 { pairs[long.joined(separator: " ")] = short }
        return pairs
    }()

    /// The words with every contraction spelled out.
    static func expanded(_ words: [String]) -> [String] { words.flatMap { table[$0] ?? [$0] } }

    /// The words with every spelled-out pair contracted.
    static func contracted(_ words: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < words.count {
            if i + 1 < words.count, let short = pairs["\(words[i]) \(words[i + 1])"] {
                out.append(short)
                i += 2
            } else {
                out.append(words[i])
                i += 1
            }
        }
        return out
    }
}
