import Foundation

/// How words sound, in the CMU phone set the en-US acoustic model knows: from the CMU
/// pronouncing dictionary where a word is in it, else from espeak-ng's letter-to-sound rules
/// ("skillhost" → S K IH L HH OW S T), its phonemes mapped onto the CMU set.
public enum Pronunciations {
    /// The words of a CMU-format dictionary ("word PH ONES", "word(2) PH ONES").
    public static func words(inDictionary path: String) throws -> Set<String> {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var words = Set<String>()
        words.reserveCapacity(140_000)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var index = 0
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == 0x0A {
                    var end = lineStart
                    while end < index, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != 0x28 { end += 1 }  // space, tab, (
                    if end > lineStart { words.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)) }
                    lineStart = index + 1
                }
                index += 1
            }
        }
        return words
    }

    /// `word` in CMU phones, from espeak-ng's phonemes for it; nil when it has none.
    public static func guess(_ word: String, synthesizer: SpeechSynthesizer) -> String? {
        guard let phonemes = synthesizer.phonemes(word) else { return nil }
        let phones = cmuPhones(fromESpeak: phonemes)
        return phones.isEmpty ? nil : phones.joined(separator: " ")
    }

    /// espeak-ng's ASCII phoneme names (`espeak-ng -x`: "sk'IlhoUst") as CMU phones. Stress and
    /// syllable marks are dropped; the longest name that matches is taken first.
    static func cmuPhones(fromESpeak text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var out: [String] = []
        var index = 0
        while index < scalars.count {
            var matched = false
            for length in stride(from: min(maximumNameLength, scalars.count - index), through: 1, by: -1) {
                let name = String(String.UnicodeScalarView(scalars[index..<(index + length)]))
                if let phones = espeakToCMU[name] {
                    out += phones
                    index += length
                    matched = true
                    break
                }
            }
            if !matched { index += 1 }  // a stress mark, a syllable mark, a pause
        }
        return out
    }

    private static let maximumNameLength = 3

    /// espeak-ng's English phonemes (its ph_english tables) → CMU phones.
    private static let espeakToCMU: [String: [String]] = [
        // Vowels and diphthongs.
        "a": ["AE"], "a#": ["AH"], "aa": ["AE"], "A:": ["AA"], "A@": ["AA", "R"], "A": ["AA"], "A#": ["AA"],
        "aI": ["AY"], "aI@": ["AY", "ER"], "aI3": ["AY", "ER"], "aU": ["AW"], "aU@": ["AW", "ER"],
        "@": ["AH"], "@2": ["AH"], "@5": ["AH"], "@L": ["AH", "L"], "@r": ["ER"], "3": ["ER"], "3:": ["ER"],
        "E": ["EH"], "E2": ["EH"], "E#": ["EH"], "e@": ["EH", "R"], "eI": ["EY"], "e": ["EH"],
        "I": ["IH"], "I2": ["IH"], "I#": ["IH"], "i": ["IY"], "i:": ["IY"], "i@": ["IH", "R"], "i@3": ["IH", "R"], "IR": ["ER"],
        "0": ["AA"], "0@": ["AO", "R"], "O": ["AO"], "O:": ["AO"], "O@": ["AO", "R"], "o@": ["AO", "R"], "OI": ["OY"],
        "o": ["OW"], "oU": ["OW"], "oU#": ["OW"], "U": ["UH"], "U@": ["UH", "R"], "u:": ["UW"], "u": ["UW"], "V": ["AH"],
        // Consonants.
        "p": ["P"], "b": ["B"], "t": ["T"], "d": ["D"], "k": ["K"], "g": ["G"], "f": ["F"], "v": ["V"],
        "s": ["S"], "z": ["Z"], "h": ["HH"], "m": ["M"], "n": ["N"], "l": ["L"], "r": ["R"], "w": ["W"], "j": ["Y"],
        "T": ["TH"], "D": ["DH"], "S": ["SH"], "Z": ["ZH"], "tS": ["CH"], "dZ": ["JH"], "N": ["NG"],
        "t#": ["T"], "d#": ["D"], "r-": ["R"], "l-": ["AH", "L"], "n-": ["AH", "N"], "m-": ["AH", "M"], "x": ["K"], "z#": ["Z"], "s2": ["S"],
    ]
}
