/// Reads a telephone number as AMAZON.PhoneNumber sends it: the digits alone, without spaces or
/// punctuation ("five oh nine, five five five, twelve twelve" → "5095551212", "555-867-5309" →
/// "5558675309"), a leading "plus" kept ("+15095551212").
///
/// People say a number digit by digit ("zero" or "oh"), in pairs ("twelve twelve"), with
/// "double" and "triple" ("double five"), and toll-free prefixes as hundreds ("eight hundred");
/// written, in groups of digits. Fewer than seven digits is no telephone number (a local one
/// has seven), more than fifteen neither (the international limit).
enum PhoneNumberWords {
    static let digitWords: [String: Character] = [
        "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4",
        "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
    ]
    static let shortest = 7
    static let longest = 15

    static func read(_ words: [String]) -> String? {
        var words = words[...]
        var plus = false
        if words.first == "plus" {
            plus = true
            words = words.dropFirst()
        }
        guard !words.isEmpty else { return nil }
        var digits = ""
        var repeats = 1
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word == "double" || word == "triple" {
                // Only before a digit: "double five" is 55.
                guard repeats == 1, index < words.endIndex, (digitWords[words[index]] ?? single(words[index])) != nil else { return nil }
                repeats = word == "double" ? 2 : 3
                continue
            }
            if let digit = digitWords[word] ?? single(word) {
                digits += String(repeating: digit, count: repeats)
                repeats = 1
                continue
            }
            guard repeats == 1 else { return nil }
            if word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                digits += word
            } else if let teen = NumberWords.units[word], teen >= 10 {
                digits += String(teen)
            } else if let ten = NumberWords.tens[word] {
                // "fifty five" is 55, "fifty" alone 50.
                if index < words.endIndex, let unit = NumberWords.units[words[index]], (1...9).contains(unit), words[index] != "oh" {
                    digits += String(ten + unit)
                    index += 1
                } else {
                    digits += String(ten)
                }
            } else if word == "hundred" || word == "thousand" {
                // "eight hundred" 800, "five five five two thousand" 5552000: only after a digit.
                guard let last = digits.last, last != "0" || digits.count > 1 else { return nil }
                digits += word == "hundred" ? "00" : "000"
            } else {
                return nil
            }
        }
        guard repeats == 1, (shortest...longest).contains(digits.count) else { return nil }
        return (plus ? "+" : "") + digits
    }

    /// A lone digit written as a digit.
    private static func single(_ word: String) -> Character? {
        word.count == 1 && word.first!.isASCII && word.first!.isNumber ? word.first : nil
    }
}
