import SkillModel

/// What people say to a set of skills, as words: the text a speech recogniser's language model
/// is counted from. Every sample of every intent with its slots filled (each listed value in
/// turn, the built-in types' own phrases: numbers, ordinals, dates, times, durations, the
/// built-in lists), each slot's values said alone (the answer to "which one?"), the launch and
/// one-shot phrases for every invocation name, and the built-in intents' phrases.
///
/// A slot that takes any words (AMAZON.SearchQuery, a type with no values, a built-in with no
/// grammar here) is a gap: the words either side are kept as fragments that do not claim to
/// start or end a sentence there, and the recogniser's generic model supplies what fills it.
public enum SpokenSentences {
    /// Words said together. `startsSentence` and `endsSentence` say whether the fragment's
    /// ends are the sentence's own, or the edge of a gap; `weight` is its share of what it
    /// stands for (a sample said in forty ways is said a fortieth in each).
    public struct Fragment: Sendable, Equatable {
        public var words: [String]
        public var startsSentence: Bool
        public var endsSentence: Bool
        public var weight: Double

        public init(words: [String], startsSentence: Bool = true, endsSentence: Bool = true, weight: Double = 1) {
            self.words = words
            self.startsSentence = startsSentence
            self.endsSentence = endsSentence
            self.weight = weight
        }
    }

    /// One skill as the recogniser needs it.
    public struct Skill: Sendable {
        public var invocationNames: [String]
        public var model: InteractionModel
        public init(invocationNames: [String], model: InteractionModel) {
            self.invocationNames = invocationNames
            self.model = model
        }
    }

    /// The most sentences one sample is said in: enough that a slot's values are spread over
    /// an intent's samples, few enough that a list of thousands does not swamp the rest.
    static let variantsPerSample = 40
    /// The most values of one slot said alone.
    static let valuesAlone = 400

    /// Everything said to `skills`, and what is said to skillhost itself.
    public static func of(_ skills: [Skill]) -> [Fragment] {
        var out: [Fragment] = []
        for phrases in BuiltInIntents.phrases.values {
            for phrase in phrases { out.append(Fragment(words: words(phrase))) }
        }
        // What skillhost itself answers: a greeting, "exit" from a session.
        for phrase in BuiltInIntents.greetings.sorted() + ["exit"] { out.append(Fragment(words: words(phrase))) }
        for skill in skills { out += of(skill) }
        return out.filter { !$0.words.isEmpty }
    }

    static func of(_ skill: Skill) -> [Fragment] {
        var out: [Fragment] = []
        let model = skill.model
        var filler = Filler(model: model)
        for intent in model.intents {
            for sample in intent.samples {
                out += filler.say(sample, intent: intent)
            }
            for slot in intent.slots {
                for sample in slot.samples { out += filler.say(sample, intent: intent) }
                // The answers to "which one?": a few sentences' worth, shared by the values.
                let alone = filler.values(of: slot.type).prefix(valuesAlone)
                for value in alone { out.append(Fragment(words: value, weight: min(1, 3 / Double(alone.count)))) }
            }
        }
        let oneShot = model.intents.flatMap { intent in intent.samples.prefix(3).map { (intent, $0) } }
        for name in skill.invocationNames {
            let nameWords = words(name)
            guard !nameWords.isEmpty else { continue }
            for verb in InvocationParser.launchVerbs { out.append(Fragment(words: verb + nameWords)) }
            for verb in InvocationParser.askVerbs { out.append(Fragment(words: verb + nameWords)) }
            out.append(Fragment(words: ["open"] + nameWords + ["please"]))
            for (index, (intent, sample)) in oneShot.enumerated() {
                let verb = InvocationParser.askVerbs[index % 2]
                for said in filler.say(sample, intent: intent, variants: 1) {
                    guard said.startsSentence else {
                        out.append(Fragment(words: verb + nameWords + ["to"], endsSentence: false))
                        out.append(said)
                        continue
                    }
                    out.append(Fragment(words: verb + nameWords + ["to"] + said.words, endsSentence: said.endsSentence, weight: said.weight))
                }
            }
        }
        return out
    }

    /// Spoken words of written text: normalised as the NLU reads it, numbers written in
    /// figures said as words ("7" → "seven", "2026" → "two thousand twenty six").
    public static func words(_ text: String) -> [String] {
        Tokenizer.tokens(text).flatMap { token -> [String] in
            let text = token.text
            guard let first = text.unicodeScalars.first, ("0"..."9").contains(first) else { return [text] }
            guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(text) else {
                // "7pm", "3rd": the figures said, the rest kept as a word of its own.
                let digits = text.prefix { $0.isASCII && $0.isNumber }
                return (Int(digits).map(spoken) ?? []) + [String(text.dropFirst(digits.count))]
            }
            return spoken(number)
        }
    }

    /// A whole number as it is said: "four thousand two hundred five"; past a million, digit
    /// by digit.
    static func spoken(_ number: Int) -> [String] {
        switch number {
        case 0..<1000: NumberWords.spell(number)
        case 1000..<1_000_000: NumberWords.spell(number / 1000) + ["thousand"] + (number % 1000 == 0 ? [] : NumberWords.spell(number % 1000))
        default: String(number).compactMap { $0.wholeNumberValue }.flatMap { NumberWords.spell($0) }
        }
    }
}

/// Fills one model's samples: each slot's values in turn across the samples of an intent, so
/// every value is said somewhere.
private struct Filler {
    let model: InteractionModel
    /// The next value of each slot type to say.
    private var next: [SlotTypeName: Int] = [:]
    private var cache: [SlotTypeName: [[String]]] = [:]

    init(model: InteractionModel) { self.model = model }

    /// A sample said with its slots filled, in up to `variants` ways; a slot with no values
    /// cuts it in fragments.
    mutating func say(_ sample: String, intent: IntentDefinition, variants: Int = SpokenSentences.variantsPerSample) -> [SpokenSentences.Fragment] {
        let parts = SampleTemplate.parts(of: sample)
        var counts: [Int] = []
        for part in parts {
            if case .slot(let name) = part, let slot = intent.slot(named: SlotName(name)) { counts.append(values(of: slot.type).count) }
        }
        let ways = max(1, min(variants, counts.max() ?? 1))
        var out: [SpokenSentences.Fragment] = []
        for _ in 0..<ways {
            var current: [String] = []
            var starts = true
            for part in parts {
                switch part {
                case .text(let text):
                    current += SpokenSentences.words(text)
                case .slot(let name):
                    guard let slot = intent.slot(named: SlotName(name)), case let choices = values(of: slot.type), !choices.isEmpty else {
                        if !current.isEmpty { out.append(.init(words: current, startsSentence: starts, endsSentence: false, weight: 1 / Double(ways))) }
                        current = []
                        starts = false
                        continue
                    }
                    let index = next[slot.type, default: 0]
                    next[slot.type] = index + 1
                    current += choices[index % choices.count]
                }
            }
            if !current.isEmpty { out.append(.init(words: current, startsSentence: starts, endsSentence: true, weight: 1 / Double(ways))) }
        }
        return out
    }

    /// What a slot of `type` is said as; empty for a type that takes any words.
    mutating func values(of type: SlotTypeName) -> [[String]] {
        if let known = cache[type] { return known }
        var said: [[String]] = []
        if let custom = model.type(named: type) {
            for value in custom.values { said += ([value.value] + value.synonyms).map(SpokenSentences.words) }
        } else if let kind = BuiltInSlotTypes.kind(of: type) {
            said = Self.phrases(of: kind)
        }
        var seen = Set<[String]>()
        said = said.filter { !$0.isEmpty && seen.insert($0).inserted }
        cache[type] = said
        return said
    }

    /// The built-in types' phrases: what a person says for a number, a date, a time.
    static func phrases(of kind: BuiltInSlotTypes.Kind) -> [[String]] {
        let hours = (1...12).map { NumberWords.spell($0) }
        switch kind {
        case .number:
            // Every number to a hundred, and hundreds spread over the rest to a thousand (every
            // "X hundred", "hundred Y" and "Y Z" is said, so any of them is heard).
            let hundreds = stride(from: 101, through: 999, by: 7).map { SpokenSentences.spoken($0) } + (1...9).map { NumberWords.spell($0) + ["hundred"] }
            let withAnd = stride(from: 105, through: 999, by: 37).map { n in NumberWords.spell(n / 100) + ["hundred", "and"] + NumberWords.spell(n % 100) }
            return (0...100).map { NumberWords.spell($0) } + hundreds + withAnd + [1000, 1500, 2000, 5000, 10000].map(SpokenSentences.spoken)
                + [["a", "hundred"], ["one", "hundred"], ["a", "thousand"], ["a", "dozen"], ["half"]]
        case .fourDigitNumber:
            return [1990, 1999, 2000, 2010, 2024, 2025, 2026, 2027].map(SpokenSentences.spoken)
                + [["nineteen", "ninety"], ["twenty", "twenty", "five"], ["twenty", "twenty", "six"], ["twenty", "twenty", "seven"], ["one", "two", "three", "four"]]
        case .ordinal:
            return BuiltInSlotTypes.ordinalWords.keys.sorted().map { [$0] } + BuiltInSlotTypes.ordinalWords.keys.sorted().map { ["the", $0] }
                + (1...9).map { ["twenty", ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"][$0 - 1]] }
        case .date:
            let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
            let days = ["first", "second", "third", "fourth", "fifth", "tenth", "twelfth", "fifteenth", "twentieth", "twenty first", "thirtieth"]
            var out: [[String]] = [["today"], ["tomorrow"], ["yesterday"], ["tonight"], ["the", "day", "after", "tomorrow"], ["this", "weekend"], ["next", "weekend"],
                                   ["next", "week"], ["this", "week"], ["last", "week"], ["next", "month"], ["this", "month"], ["next", "year"], ["this", "year"]]
            for day in weekdays { out += [[day], ["next", day], ["this", day], ["on", day], ["last", day]] }
            for (index, month) in months.enumerated() {
                out.append([month])
                let day = days[index % days.count].split(separator: " ").map(String.init)
                out += [[month] + day, ["the"] + day + ["of", month]]
            }
            out += DateWords.seasons.keys.sorted().map { [$0] }
            out += ["christmas", "new year's day", "halloween", "thanksgiving", "easter", "valentine's day", "labor day", "memorial day"].map(SpokenSentences.words)
            return out
        case .time:
            var out: [[String]] = [["noon"], ["midnight"], ["now"], ["in", "the", "morning"], ["in", "the", "afternoon"], ["in", "the", "evening"], ["tonight"]]
            for (index, hour) in hours.enumerated() {
                out += [hour, hour + ["o'clock"], hour + ["thirty"], hour + ["a", "m"], hour + ["p", "m"], ["half", "past"] + hour, ["quarter", "past"] + hour, ["quarter", "to"] + hour]
                out.append(hour + [["fifteen"], ["forty", "five"], ["twenty"], ["ten"], ["oh", "five"]][index % 5])
                out.append(hour + ["in", "the", index % 2 == 0 ? "morning" : "evening"])
            }
            return out
        case .duration:
            var out: [[String]] = [["an", "hour"], ["half", "an", "hour"], ["a", "minute"], ["a", "day"], ["a", "week"], ["an", "hour", "and", "a", "half"]]
            out += DurationWords.quarters.map(\.0)
            for n in [1, 2, 3, 5, 10, 15, 20, 30, 45, 90] {
                for unit in ["seconds", "minutes", "hours", "days", "weeks"] { out.append(NumberWords.spell(n) + [unit]) }
            }
            return out
        case .phoneNumber:
            // Said digit by digit, "oh" for a zero in every other one, and the ways of saying
            // a pair: every digit follows every other somewhere.
            let names = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
            var out: [[String]] = []
            for n in 0..<20 {
                let digits = String(5_550_100 + n * 218_347).map { Int(String($0))! }
                out.append(digits.map { $0 == 0 && n % 2 == 1 ? "oh" : names[$0] })
            }
            out += [["eight", "hundred"], ["double", "five"], ["triple", "two"], ["plus", "one"]]
            return out
        case .list(let table, _):
            return table.keys.sorted().map { $0.split(separator: " ").map(String.init) }
        case .searchQuery, .other:
            return []
        }
    }
}

extension SpokenSentences {
    /// A name for the fragments' content, the same in every process: two 64-bit FNV-1a hashes
    /// as hex, and `version` (bumped when what is made of them changes).
    public static func digest(_ fragments: [Fragment], version: Int) -> String {
        var first = StableHash("spoken-a"), second = StableHash("spoken-b")
        first.combine(version)
        second.combine(version)
        for fragment in fragments {
            let line = (fragment.startsSentence ? "<s> " : "") + fragment.words.joined(separator: " ") + (fragment.endsSentence ? " </s>" : "") + " \(fragment.weight)"
            first.combine(line)
            second.combine(line)
        }
        return String(first.value, radix: 16) + String(second.value, radix: 16)
    }
}

extension SpokenSentences {
    /// What a person says when `skill` has asked for `slot` of `intent` (its values alone and
    /// its own samples, "it's {number}"), or for a yes or no (`confirmation`), weighed far above
    /// everything else the skill and the built-ins hear, which are kept: the user may answer
    /// something else ("stop", "start over", another request).
    public static func answers(_ skill: Skill, intent: IntentName, slot: SlotName?, confirmation: Bool) -> [Fragment] {
        var out = of([skill])
        let answerWeight = 4.0
        if confirmation {
            for phrase in (BuiltInIntents.phrases[.yes] ?? []) + (BuiltInIntents.phrases[.no] ?? []) {
                out.append(Fragment(words: words(phrase), weight: answerWeight))
            }
        }
        guard !confirmation, let slot, let definition = skill.model.intent(named: intent), let slotDefinition = definition.slot(named: slot) else { return out }
        var filler = Filler(model: skill.model)
        let values = filler.values(of: slotDefinition.type).prefix(valuesAlone)
        for value in values { out.append(Fragment(words: value, weight: answerWeight)) }
        for sample in slotDefinition.samples {
            for said in filler.say(sample, intent: definition) {
                var said = said
                said.weight *= answerWeight * 4
                out.append(said)
            }
        }
        return out
    }
}
