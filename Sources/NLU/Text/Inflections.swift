/// English inflections of a value's words, so a listed value said otherwise still resolves:
/// in the plural, "latte" → "lattes", "flat white" → "flat whites", "shot of espresso" →
/// "shots of espresso", "berry" → "berries", "box" → "boxes"; in the singular, "groceries" →
/// "grocery"; as a verb, "meditate" → "meditated", "run" → "ran".
enum Inflections {
    /// The value with its last word in the plural, and with the word before "of" in the plural
    /// when it has one ("cup of coffee" → "cups of coffee"). Nothing for words already plural,
    /// numbers or single letters.
    static func plurals(of value: String) -> [String] {
        var words = value.split(separator: " ").map(String.init)
        guard let last = words.last else { return [] }
        var plurals: [String] = []
        if let plural = plural(of: last) {
            words[words.count - 1] = plural
            plurals.append(words.joined(separator: " "))
            words[words.count - 1] = last
        }
        if let of = words.firstIndex(of: "of"), of > 0, let plural = plural(of: words[of - 1]) {
            words[of - 1] = plural
            plurals.append(words.joined(separator: " "))
        }
        return plurals
    }

    /// The value with its last word in the singular, where it is a regular plural:
    /// "groceries" → "grocery", "movies" → "movie", "restaurants" → "restaurant", "dishes" →
    /// "dish". A rule's wrong guess ("movy", "clothe") is a word nobody says for anything
    /// else. Nothing for short words or ones that only look plural ("glass", "bus", "tennis").
    static func singulars(of value: String) -> [String] {
        var words = value.split(separator: " ").map(String.init)
        guard let last = words.last, last.count > 3, last.allSatisfy({ $0.isLetter && $0.isASCII }), last.hasSuffix("s"),
            !["ss", "us", "is"].contains(where: last.hasSuffix)
        else { return [] }
        var forms: [String] = []
        if last.hasSuffix("ies") {
            forms = [last.dropLast(3) + "y", String(last.dropLast())]
        } else if ["ses", "xes", "zes", "ches", "shes"].contains(where: last.hasSuffix) {
            forms = [String(last.dropLast(2)), String(last.dropLast())]
        } else {
            forms = [String(last.dropLast())]
        }
        return forms.map { form in
            words[words.count - 1] = form
            return words.joined(separator: " ")
        }
    }

    /// A word's past and progressive forms: "meditate" → "meditated", "meditating"; "study" →
    /// "studied", "studying"; "jog" → "jogged", "jogging"; "jogging" → "jogged"; and a common
    /// irregular verb's own past ("run" → "ran", "running" → "ran", "swimming" → "swam",
    /// "swum"). Forms of a noun ("pizzaed") are harmless, nobody says them.
    static func verbForms(of word: String) -> [String] {
        guard word.count > 2, word.allSatisfy({ $0.isLetter && $0.isASCII }) else { return [] }
        if word.hasSuffix("ing") {
            let stem = String(word.dropLast(3))
            let undoubled = stem.count > 2 && stem.last == stem.dropLast().last ? String(stem.dropLast()) : stem
            if let past = irregularPast[undoubled] ?? irregularPast[stem + "e"] ?? irregularPast[stem] { return past }
            return word.count > 5 ? [stem + "ed"] : []
        }
        let regular = regularForms(of: word)
        guard let past = irregularPast[word] else { return regular }
        return past + regular.filter { $0.hasSuffix("ing") }
    }

    private static func regularForms(of word: String) -> [String] {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        guard !word.hasSuffix("ed"), !word.hasSuffix("s") else { return [] }
        if word.hasSuffix("ee") { return [word + "d", word + "ing"] }
        if word.hasSuffix("e") { return [word + "d", word.dropLast() + "ing"] }
        let letters = Array(word)
        let last = letters[letters.count - 1], before = letters[letters.count - 2]
        if last == "y" { return vowels.contains(before) ? [word + "ed", word + "ing"] : [word.dropLast() + "ied", word + "ing"] }
        // One short syllable ending consonant, vowel, consonant doubles its last letter.
        if letters.count <= 4, !vowels.contains(last), !"wx".contains(last), vowels.contains(before), !vowels.contains(letters[letters.count - 3]) {
            return [word + String(last) + "ed", word + String(last) + "ing"]
        }
        return [word + "ed", word + "ing"]
    }

    /// The past (and, where it differs, past participle) of common irregular verbs of things
    /// people do and log, by their base. Not forms that are everyday words of their own
    /// ("left", "lit", "fell", "drunk", "saw"), nor verbs that say little by themselves ("go",
    /// "do", "make", "get", "take": "done" and "got" are no values).
    static let irregularPast: [String: [String]] = [
        "run": ["ran"], "swim": ["swam", "swum"], "ride": ["rode", "ridden"], "drive": ["drove", "driven"], "eat": ["ate", "eaten"],
        "drink": ["drank"], "write": ["wrote", "written"], "sleep": ["slept"], "sing": ["sang", "sung"], "buy": ["bought"],
        "catch": ["caught"], "teach": ["taught"], "feed": ["fed"], "meet": ["met"], "lose": ["lost"], "win": ["won"],
        "speak": ["spoke", "spoken"], "throw": ["threw", "thrown"], "fly": ["flew", "flown"], "draw": ["drew", "drawn"],
        "grow": ["grew", "grown"], "send": ["sent"], "spend": ["spent"], "build": ["built"], "sell": ["sold"], "pay": ["paid"],
        "wake": ["woke", "woken"], "wear": ["wore", "worn"], "break": ["broke", "broken"], "choose": ["chose", "chosen"],
        "forget": ["forgot", "forgotten"], "freeze": ["froze", "frozen"], "dig": ["dug"], "hang": ["hung"], "sweep": ["swept"],
        "spin": ["spun"], "swing": ["swung"], "fight": ["fought"], "knit": ["knit"], "sew": ["sewed", "sewn"], "weave": ["wove", "woven"],
    ]

    static func plural(of word: String) -> String? {
        guard word.count > 2, word.allSatisfy(\.isLetter), !word.hasSuffix("s") || word.hasSuffix("ss") else { return nil }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if word.hasSuffix("y"), let before = word.dropLast().last, !vowels.contains(before) { return word.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh"].contains(where: word.hasSuffix) { return word + "es" }
        return word + "s"
    }
}
