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
        // Whether the word is all digits and commas first: most words are not, and filtering
        // one made a string for every word of every sentence trained on.
        if words.count == 1, let word = words.first, !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }), let digits = Int(word.filter { $0 != "," }) {
            guard digits <= largest else { return nil }
            return negative ? -digits : digits
        }
        switch words.count == 1 ? words[words.startIndex] : words.joined(separator: " ") {
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

    /// A number as AMAZON.NUMBER sends it: a whole number (`value(of:)`), or one with a
    /// fraction written ("35.50", "-2.5") or said after "point" or "dot" ("three point five"
    /// 3.5, "point four two" 0.42, "one hundred twenty three dot four five" 123.45, "point forty
    /// two" 0.42); the fraction's digits are kept as said ("35.50" stays "35.50"). Digits said
    /// one by one are several numbers here (`digitByDigit` reads them as one).
    public static func spoken(_ words: [String]) -> String? {
        if let whole = value(of: words) { return String(whole) }
        var words = words[...]
        var sign = ""
        if words.first == "minus" || words.first == "negative" {
            sign = "-"
            words = words.dropFirst()
        }
        if words.count == 1, let word = words.first, let point = word.firstIndex(of: "."),
            word.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            word.filter({ $0 == "." }).count == 1, word.index(after: point) != word.endIndex {
            let whole = word[..<point].isEmpty ? "0" : String(word[..<point])
            guard let number = Int(whole), number <= largest else { return nil }
            return sign + String(number) + "." + word[word.index(after: point)...]
        }
        if let fraction = fraction(Array(words)) { return sign + fraction }
        if let paired = pairs(Array(words)) { return sign + String(paired) }
        guard let point = words.firstIndex(where: { $0 == "point" || $0 == "dot" }) else { return nil }
        let wholeWords = Array(words[..<point])
        let whole = wholeWords.isEmpty ? 0 : value(of: wholeWords)
        guard let whole, whole >= 0 else { return nil }
        let fractionWords = Array(words[words.index(after: point)...])
        guard !fractionWords.isEmpty else { return nil }
        // Digit by digit ("four five"), or one number ("forty two", "25").
        var fraction = ""
        if fractionWords.allSatisfy({ ($0 == "oh" || units[$0] != nil) && (units[$0] ?? 0) < 10 }) {
            fraction = fractionWords.map { String(units[$0] ?? 0) }.joined()
        } else if fractionWords.count == 1, let word = fractionWords.first, !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
            fraction = word
        } else if let number = value(of: fractionWords), number >= 0, number < 1000 {
            fraction = String(number)
        } else {
            return nil
        }
        return sign + String(whole) + "." + fraction
    }

    /// A number said in pairs of words, as prices and years are: "twelve fifty" 1250, "one
    /// twenty" 120, "nineteen fifty" 1950 — a first part of 1 to 99, then one of 10 to 99 said in
    /// words ("twenty five" is 25, one number; "five five" two). Nil for anything else.
    static func pairs(_ words: [String]) -> Int? {
        guard words.count >= 2, words.count <= 4, words.allSatisfy({ units[$0] != nil || tens[$0] != nil }) else { return nil }
        for split in 1..<words.count {
            guard let high = value(of: Array(words[..<split])), let low = value(of: Array(words[split...])), (1...99).contains(high), (10...99).contains(low) else { continue }
            return high * 100 + low
        }
        return nil
    }

    /// Three digits or more said one by one, as written: "five five three two one" is "55321",
    /// "seven oh five" "705"; so are groups of digits written that make five or more ("77 22 1"
    /// is "77221"). Nil for anything else, and for "oh" first (the interjection).
    public static func digitByDigit(_ words: [String]) -> String? {
        if words.count >= 2, words.count <= 10, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }), words.joined().count >= 5 {
            return words.joined()
        }
        guard words.count >= 3, words.first != "oh", words.count <= 20 else { return nil }
        var digits = ""
        for word in words {
            if let unit = units[word], unit < 10 {
                digits += String(unit)
            } else if word.count == 1, let digit = word.first, digit.isASCII, digit.isNumber {
                digits.append(digit)
            } else {
                return nil
            }
        }
        return digits
    }

    /// Halves, quarters and thirds, alone or after a whole number: "half" or "a half" 0.5,
    /// "three quarters" 0.75, "one and a half" 1.5, "two and a quarter" 2.25, "a third" 0.33,
    /// "two thirds" 0.67 (thirds to two places); "third" alone is no share.
    static func fraction(_ words: [String]) -> String? {
        func part(_ words: ArraySlice<String>) -> Double? {
            guard let last = words.last else { return nil }
            let count = words.dropLast()
            let of: Double
            switch last {
            case "half": of = 2
            case "quarter", "quarters": of = 4
            case "third", "thirds": of = 3
            default: return nil
            }
            // "third" alone is a place ("the third step"), said as a share only with its count.
            if count.isEmpty, of == 3 { return nil }
            let numerator: Int
            if count.isEmpty || count.elementsEqual(["a"]) || count.elementsEqual(["one"]) || count.elementsEqual(["an"]) {
                numerator = 1
            } else if let n = Self.value(of: Array(count)) {
                numerator = n
            } else {
                return nil
            }
            guard numerator >= 1, Double(numerator) < of, last.hasSuffix("s") == (numerator > 1) else { return nil }
            return Double(numerator) / of
        }
        var value: Double
        if let and = words.lastIndex(of: "and"), and > 0, let whole = Self.value(of: Array(words[..<and])), whole >= 0, let rest = part(words[(and + 1)...]) {
            value = Double(whole) + rest
        } else if let alone = part(words[...]) {
            value = alone
        } else {
            return nil
        }
        value = (value * 100).rounded() / 100
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text.hasPrefix(".") ? "0" + text : text
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
    /// A token written in figures as it is said: "66" → "sixty six", "5th" → "fifth", "21st" →
    /// "twenty first"; nil for anything else, and for numbers of a thousand or more (said many
    /// ways).
    static func spelledOut(_ token: String) -> [String]? {
        let digits = token.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let n = Int(digits), n < 1000 else { return nil }
        let suffix = token.dropFirst(digits.count)
        if suffix.isEmpty { return spell(n) }
        guard ["st", "nd", "rd", "th"].contains(suffix), n > 0 else { return nil }
        func ordinal(_ n: Int) -> String? { BuiltInSlotTypes.ordinalWords.first { $0.value == n }?.key }
        if let word = ordinal(n) { return [word] }
        guard n < 100, n % 10 != 0, let unit = ordinal(n % 10) else { return nil }
        return spell(n - n % 10) + [unit]
    }

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
