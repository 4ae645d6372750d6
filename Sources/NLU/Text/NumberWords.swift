/// Reads cardinal numbers written as digits ("25", "1,000") or words ("twenty five",
/// "a hundred and three"), as Alexa's AMAZON.NUMBER does.
public enum NumberWords {
    static let units: [String: Int] = [
        "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Int] = ["thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000]

    /// The value of `words` (already normalised tokens), or nil when they are not one number.
    public static func value(of words: [String]) -> Int? {
        guard !words.isEmpty else { return nil }
        var negative = false
        var words = words[...]
        if words.first == "minus" || words.first == "negative" {
            negative = true
            words = words.dropFirst()
        }
        if words.count == 1, let word = words.first, let digits = Int(word.filter { $0 != "," }), !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }) {
            guard digits <= largest else { return nil }
            return negative ? -digits : digits
        }
        switch words.joined(separator: " ") {
        case "half a dozen": return negative ? -6 : 6
        case "a couple", "a couple of", "couple": return negative ? -2 : 2
        default: break
        }
        var total = 0
        var current = 0
        var sawNumber = false
        var lastWasUnitOrTen = false
        var previous: String?
        for word in words {
            // "a" stands for one before a multiplier only: "a hundred", "a dozen"; "a four" is
            // the article and a number, not five.
            if previous == "a", units[word] != nil || tens[word] != nil || Int(word) != nil { return nil }
            // "oh" is zero only inside a number said digit by digit ("seven oh five"): alone,
            // or first, it is the interjection ("oh, five").
            if word == "oh", previous == nil { return nil }
            // Digits then a number word are two numbers: "22 five" is not 27 ("2 hundred" is 200).
            if let previous, Int(previous) != nil, units[word] != nil || tens[word] != nil { return nil }
            if let unit = units[word] {
                // "twenty five" adds; "five five" is two numbers, not one.
                if lastWasUnitOrTen, let previous, units[previous] != nil || unit >= 10 { return nil }
                guard let sum = add(current, unit) else { return nil }
                current = sum
                lastWasUnitOrTen = true
                sawNumber = true
            } else if let ten = tens[word] {
                if lastWasUnitOrTen { return nil }
                guard let sum = add(current, ten) else { return nil }
                current = sum
                lastWasUnitOrTen = true
                sawNumber = true
            } else if word == "hundred" {
                guard let product = multiply(current == 0 ? 1 : current, 100) else { return nil }
                current = product
                lastWasUnitOrTen = false
                sawNumber = true
            } else if word == "dozen" {
                // "a dozen", "two dozen"; "half a dozen" below.
                guard let product = multiply(current == 0 ? 1 : current, 12) else { return nil }
                current = product
                lastWasUnitOrTen = false
                sawNumber = true
            } else if let scale = scales[word] {
                guard let product = multiply(current == 0 ? 1 : current, scale), let sum = add(total, product) else { return nil }
                total = sum
                current = 0
                lastWasUnitOrTen = false
                sawNumber = true
            } else if word == "a" && previous == nil {
                current = 1
                lastWasUnitOrTen = false
            } else if word == "and" && sawNumber && !lastWasUnitOrTen {
                // "a hundred and three", "two thousand and six"; "three and six" is two numbers.
                lastWasUnitOrTen = false
            } else if let digits = Int(word), word.allSatisfy(\.isASCII), !lastWasUnitOrTen {
                guard let sum = add(current, digits) else { return nil }
                current = sum
                lastWasUnitOrTen = true
                sawNumber = true
            } else {
                return nil
            }
            previous = word
        }
        guard sawNumber, previous != "and" else { return nil }
        guard let value = add(total, current) else { return nil }
        return negative ? -value : value
    }

    /// The largest number read: a quadrillion. Beyond it a sentence holds no count a skill can
    /// use, and sums of it (days from now, "twenty" plus a unit) stay far from overflowing.
    static let largest = 1_000_000_000_000_000

    private static func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum > largest ? nil : sum
    }

    private static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow || product > largest ? nil : product
    }
}

extension NumberWords {
    /// `n` (0…999) in words, as a person would say it: 42 → ["forty", "two"].
    static func spell(_ n: Int) -> [String] {
        let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tensWords = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if n < 20 { return [ones[n]] }
        if n < 100 { return n % 10 == 0 ? [tensWords[n / 10]] : [tensWords[n / 10], ones[n % 10]] }
        let rest = n % 100
        return [ones[n / 100], "hundred"] + (rest == 0 ? [] : spell(rest))
    }
}
