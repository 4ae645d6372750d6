import SkillModel

extension SkillNLU {
    /// A change of mind whose one value two slots already given read alike, with no word to
    /// tell which: "no, make it the twenty fourth" of a car picked up on the 20th and brought
    /// back on the 23rd, "actually make it boston" of a flight from and to two cities. Each of
    /// those slots' reading of the value, in the model's order; empty when `statedValues` finds
    /// a value (a frame tells: "bring it back on the twenty fourth"), or the sentence says more
    /// than the value and a change. The dialog asks which slot is meant (`chosenSlot`).
    /// - Parameter alone: the value said alone is a change too (at a confirmation).
    public func undecidedChange(_ utterance: Utterance, intent name: IntentName, alone: Bool = false, given: Set<SlotName>, today: CivilDate = .today()) -> [SlotMatch] {
        guard let intent = intents.first(where: { $0.name == name }) else { return [] }
        let words = utterance.words
        guard alone || Self.changesMind(words), words.count <= 12 + Self.longestGrammarValue,
            statedValues(utterance, intent: name, except: nil, alone: alone, given: given, today: today).isEmpty
        else { return [] }
        let candidates = intent.slots.filter { given.contains($0.name) }
        guard candidates.count > 1 else { return [] }
        for length in stride(from: min(Self.longestGrammarValue, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) {
                let last = first + length - 1
                guard !Negation.precedes(words, at: first) else { continue }
                let readers = candidates.filter { wholeValue(of: $0, first: first, last: last, utterance: utterance, today: today) }
                guard readers.count > 1, framingSlot(of: readers, in: intent, words: words, first: first, last: last) == nil else { continue }
                let rest = Contractions.expanded(Array(words[..<first]) + words[(last + 1)...])
                guard rest.filter({ !StopWords.all.contains($0) && !Self.changeWords.contains($0) }).isEmpty else { return [] }
                return readers.compactMap { slotMatch($0, first: first, last: last, utterance: utterance, today: today) }
            }
        }
        return []
    }

    /// Which of `slots` an answer to "the pick-up date or the return date?" names: by the words
    /// of its name and its type's ("the return date", "return"), the words its samples say
    /// around it and no other's ("when i bring it back"), or its place ("the first one", "the
    /// second", "the latter"); else by the word its samples say right before it and no other's
    /// do ("where i'm flying to" of "from {origin}" and "fly into {destination}"). Nil when it
    /// names none or several alike.
    public func chosenSlot(_ utterance: Utterance, among slots: [SlotName], intent name: IntentName) -> SlotName? {
        guard let intent = intents.first(where: { $0.name == name }) else { return nil }
        let definitions = slots.compactMap { intent.slot(named: $0) }
        guard definitions.count == slots.count, slots.count > 1 else { return nil }
        let meaningful = utterance.words.filter { !StopWords.all.contains($0) }
        let places: [String: Int] = ["first": 0, "former": 0, "earlier": 0, "second": 1, "latter": 1, "later": 1, "third": 2]
        let placed = Set(meaningful.compactMap { places[$0] }.filter { $0 < slots.count })
        if placed.count == 1, let place = placed.first, meaningful.allSatisfy({ places[$0] != nil || ["one", "date", "time", "slot"].contains($0) }) {
            return slots[place]
        }
        func named(_ said: Set<String>, _ wordsOf: [Set<String>]) -> SlotName? {
            let scores = wordsOf.indices.map { index in
                let others = wordsOf.indices.filter { $0 != index }.reduce(into: Set<String>()) { $0.formUnion(wordsOf[$1]) }
                return said.filter { wordsOf[index].contains($0) && !others.contains($0) }.count
            }
            guard let best = scores.max(), best > 0, scores.filter({ $0 == best }).count == 1, let index = scores.firstIndex(of: best) else { return nil }
            return slots[index]
        }
        let frames = definitions.map { Self.sampleFrames($0.samples, of: $0) }
        let said = Set(meaningful.map(Stem.of))
        let wordsOf = definitions.indices.map { index in
            Set((Self.namesWords(of: definitions[index]).joined() + frames[index].flatMap { $0.lead + $0.tail }).filter { !StopWords.all.contains($0) }.map(Stem.of))
        }
        return named(said, wordsOf) ?? named(Set(utterance.words), frames.map { Set($0.compactMap(\.lead.last)) })
    }

    /// A slot's name as a person would say it: "pickupDate" → "pickup date", "to_city" → "to
    /// city".
    public static func spokenName(of slot: SlotName) -> String {
        nameWords(slot.rawValue).joined(separator: " ")
    }

    /// The day a span ends, said for a duration asked after the day it begins: "until the end of
    /// january", asked how long a membership freezes from december 7th, is P55D (to january
    /// 31st); "through the 20th" P13D; a whole number of months from the start is months ("till
    /// february 7th" P2M), of weeks weeks. Nil when the words are not such an end, or it is not
    /// after `start` (an AMAZON.DATE value).
    public func durationUntil(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, start: String) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .duration,
            let begin = CivilDate(iso: start)
        else { return nil }
        let words = utterance.words
        guard words.count <= 10, let cue = words.firstIndex(where: { ["until", "till", "til", "through", "thru"].contains($0) }),
            words[..<cue].allSatisfy({ ["just", "maybe", "probably", "um", "uh", "freeze", "pause", "it", "hold", "on", "keep"].contains($0) })
        else { return nil }
        var said = Array(words[(cue + 1)...])
        let atEnd = said.starts(with: ["the", "end", "of"]) || said.starts(with: ["end", "of"])
        if atEnd { said = Array(said.drop { ["the", "end", "of"].contains($0) }) }
        guard let value = DateWords.read(said, today: begin) else { return nil }
        let end: CivilDate
        if let day = CivilDate(iso: value) {
            end = day
        } else if atEnd, value.count == 7, let first = CivilDate(iso: value + "-01") {
            end = first.adding(months: 1).adding(days: -1)
        } else {
            return nil
        }
        let days = end.daysSinceEpoch - begin.daysSinceEpoch
        guard days > 0 else { return nil }
        let months = (end.year - begin.year) * 12 + end.month - begin.month
        let duration = months > 0 && end.day == begin.day ? "P\(months)M" : days % 7 == 0 ? "P\(days / 7)W" : "P\(days)D"
        return SlotMatch.sentence(slotName, value: duration, of: utterance)
    }

    /// A length of time said for a date slot asked after the day a span begins, as the day it
    /// ends: asked when a car comes back that is picked up on december 20th, "for a week" is
    /// december 27th, "three nights" december 23rd, "hmm maybe two weeks" january 3rd, "the
    /// day after" december 21st. Nil for anything but whole days, weeks, months or years from
    /// `start` (an AMAZON.DATE value), and for a time from now ("in ten days", "a week from
    /// now"), which is a date as said.
    public func dateAfter(_ utterance: Utterance, slot name: SlotName, intent: IntentName, start: String) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == intent })?.slot(named: name), BuiltInSlotTypes.kind(of: slot.type) == .date,
            let begin = CivilDate(iso: start), !utterance.words.isEmpty, utterance.words.count <= 12
        else { return nil }
        func match(_ end: CivilDate) -> SlotMatch {
            SlotMatch.sentence(name, value: end.description, of: utterance)
        }
        // A night is a day of a stay; a fortnight two weeks.
        var words = Self.nightsAsDays(utterance.words)
        if let fortnight = words.firstIndex(of: "fortnight") {
            let lead = fortnight > 0 && ["a", "one"].contains(words[fortnight - 1]) ? fortnight - 1 : fortnight
            words.replaceSubrange(lead...fortnight, with: ["two", "weeks"])
        }
        // From now or from a day said ("the day after tomorrow", "two days after christmas
        // eve" read as a date), not from the start.
        guard !words.contains(where: { ["ago", "now", "today", "tomorrow", "tonight", "christmas", "easter"].contains($0) || DateWords.weekdays[$0] != nil || DateWords.months[$0] != nil }) else { return nil }
        // "the day after", "the next day": one day on.
        for day in [["the", "day", "after"], ["the", "next", "day"], ["the", "following", "day"], ["a", "day", "later"]] where words.indices.contains(where: { words[$0...].starts(with: day) }) {
            return match(begin.adding(days: 1))
        }
        let units: Set<String> = ["day", "days", "week", "weeks", "month", "months", "year", "years"]
        for length in stride(from: min(8, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) {
                let span = Array(words[first..<(first + length)])
                guard span.contains(where: units.contains), let duration = BuiltInSlotTypes.read(.duration, words: span, today: begin),
                    let (months, days) = Self.wholeDays(duration), months > 0 || days > 0
                else { continue }
                guard first == 0 || !["in", "within"].contains(words[first - 1]) else { return nil }
                return match(begin.adding(months: months).adding(days: days))
            }
        }
        return nil
    }

    /// An ISO 8601 duration of whole years, months, weeks and days, as months and days: "P1W"
    /// is (0, 7), "P1Y2D" (12, 2). Nil with hours, minutes or seconds.
    static func wholeDays(_ duration: String) -> (months: Int, days: Int)? {
        guard let parts = isoParts(duration), parts.time.isEmpty else { return nil }
        return (12 * parts.date["Y", default: 0] + parts.date["M", default: 0], 7 * parts.date["W", default: 0] + parts.date["D", default: 0])
    }

    /// An ISO 8601 duration's counts by unit, of the date ("P1Y2W": Y 1, W 2) and of the time
    /// after "T" ("PT1H30M": H 1, M 30); nil when it is none.
    static func isoParts(_ duration: String) -> (date: [Character: Int], time: [Character: Int])? {
        guard duration.hasPrefix("P") else { return nil }
        var date: [Character: Int] = [:], time: [Character: Int] = [:], inTime = false, number = ""
        for character in duration.dropFirst() {
            if character == "T" { inTime = true; continue }
            if character.isNumber { number.append(character); continue }
            guard let count = Int(number), (inTime ? "HMS" : "YMWD").contains(character) else { return nil }
            number = ""
            if inTime { time[character, default: 0] += count } else { date[character, default: 0] += count }
        }
        return number.isEmpty ? (date, time) : nil
    }

    /// The one value a number, date, time or duration slot asked for reads in a sentence that
    /// says it amid other words: "my wife will drive, she's 34", asked how old the driver is.
    /// Nil when the slot takes no such value, the sentence is long (more than twelve words),
    /// or it says two values apart ("she's 34 and i'm 40").
    public func loneValue(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, today: CivilDate = .today()) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), readsByGrammar(slot) else { return nil }
        let words = utterance.words
        guard words.count > 1, words.count <= 12 else { return nil }
        var spans: [ClosedRange<Int>] = []
        for length in stride(from: min(Self.longestGrammarValue, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) where !spans.contains(where: { $0.overlaps(first...(first + length - 1)) }) {
                if wholeValue(of: slot, first: first, last: first + length - 1, utterance: utterance, today: today) { spans.append(first...(first + length - 1)) }
            }
        }
        guard spans.count == 1, let span = spans.first, !Negation.precedes(words, at: span.lowerBound) else { return nil }
        return slotMatch(slot, first: span.lowerBound, last: span.upperBound, utterance: utterance, today: today)
    }

    /// The values a sentence that changes one's mind ("wait, make it eleven", "actually add
    /// the windows too") states for the intent's slots other than `except`: `statedValues`,
    /// only when the words say a change. For a free-text answer, which takes whatever is said.
    public func changeOfMind(_ utterance: Utterance, intent name: IntentName, except: SlotName?, given: Set<SlotName>, today: CivilDate = .today()) -> [SlotMatch] {
        guard Self.changesMind(utterance.words) || Self.addsOrRemoves(utterance.words) else { return [] }
        return statedValues(utterance, intent: name, except: except, given: given, today: today)
    }

    /// Whether the words add to or take from what was given: "add the windows too", "take out
    /// the kitchen".
    static func addsOrRemoves(_ words: [String]) -> Bool {
        words.first.map { ["add", "also", "remove", "drop", "plus"].contains($0) } == true || words.contains("too")
            || zip(words, words.dropFirst()).contains { ["take", "leave"].contains($0.0) && $0.1 == "out" }
    }

    /// A bare number answering a question that names the unit, for a duration slot: "3", asked
    /// "How many hours do you need?", is three hours ("PT3H"); "about forty five", asked how
    /// many minutes, PT45M. Nil when the question names no one unit or the words are more than
    /// a number.
    public func durationAnswer(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, question: String) -> SlotMatch? {
        let asked = Set(Tokenizer.tokens(question).map(\.text).compactMap(Self.unitOfTime))
        guard asked.count == 1, let unit = asked.first, let (words, number) = unitlessCount(utterance, intent: name, slot: slotName),
            let value = Self.duration(words, number, unit)
        else { return nil }
        return SlotMatch.sentence(slotName, value: value, of: utterance)
    }

    /// A bare number for a duration slot, said where another length the dialog holds is
    /// counted in one unit (`given`, an AMAZON.DURATION value): "10", asked how long to rest
    /// after 30 seconds of work, is ten seconds ("PT10S"). Nil when the other length mixes
    /// units, the words are more than a number, or the number is more than the other length
    /// counts: "30", after a minute of work, is likelier 30 seconds than 30 minutes, and the
    /// host asks which unit.
    public func durationAnswer(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, like given: String) -> SlotMatch? {
        let units: [Character: String] = ["S": "second", "M": "minute", "H": "hour"]
        let dateUnits: [Character: String] = ["D": "day", "W": "week", "M": "month", "Y": "year"]
        guard let parts = Self.isoParts(given), parts.date.count + parts.time.count == 1,
            let unit = parts.time.keys.first.flatMap({ units[$0] }) ?? parts.date.keys.first.flatMap({ dateUnits[$0] }),
            let counted = parts.time.values.first ?? parts.date.values.first,
            let (words, number) = unitlessCount(utterance, intent: name, slot: slotName), number <= counted, let value = Self.duration(words, number, unit)
        else { return nil }
        return SlotMatch.sentence(slotName, value: value, of: utterance)
    }

    /// A length of time said for a number slot whose question counts a unit of time: "for a
    /// week", asked "How many nights?", is 7; "a fortnight" 14; "an hour and a half", asked how
    /// many minutes, 90. A night is a day of a stay. Nil when the question names no one unit,
    /// the length is no whole count of it ("a month" of nights), or the sentence says more
    /// than the length ("for a week from friday").
    public func countOfLength(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, question: String) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .number else { return nil }
        let asked = Set(Self.nightsAsDays(Tokenizer.tokens(question).map(\.text)).compactMap(Self.unitOfTime))
        let seconds = ["second": 1, "minute": 60, "hour": 3_600, "day": 86_400, "week": 604_800]
        guard asked.count == 1, let unit = asked.first, let perUnit = seconds[unit] else { return nil }
        let fillers: Set<String> = ["for", "about", "around", "roughly", "maybe", "probably", "just", "um", "uh", "like", "please", "i", "think", "guess"]
        let said = Self.nightsAsDays(utterance.words.filter { !fillers.contains($0) })
        guard !said.isEmpty, said.count <= 8, said.contains(where: { Self.unitOfTime($0) != nil || $0 == "fortnight" }),
            let duration = BuiltInSlotTypes.read(.duration, words: said, today: .today()), let parts = Self.isoParts(duration),
            parts.date["Y", default: 0] + parts.date["M", default: 0] == 0
        else { return nil }
        let total = (7 * parts.date["W", default: 0] + parts.date["D", default: 0]) * 86_400
            + 3_600 * parts.time["H", default: 0] + 60 * parts.time["M", default: 0] + parts.time["S", default: 0]
        guard total > 0, total % perUnit == 0 else { return nil }
        return SlotMatch.sentence(slotName, value: String(total / perUnit), of: utterance)
    }

    /// Units of time, one and many.
    static let unitPlurals = ["second": "seconds", "minute": "minutes", "hour": "hours", "day": "days", "week": "weeks", "month": "months", "year": "years"]

    /// The words with a night said as a day of a stay ("three nights": "three days").
    static func nightsAsDays(_ words: [String]) -> [String] {
        words.map { $0 == "night" ? "day" : $0 == "nights" ? "days" : $0 }
    }

    /// The unit of time a word names, one or many ("weeks": "week"); nil for any other word.
    static func unitOfTime(_ word: String) -> String? {
        unitPlurals[word] != nil ? word : unitPlurals.first { $0.value == word }?.key
    }

    /// The AMAZON.DURATION value of a count said in `words` (`number`) of `unit`.
    static func duration(_ words: [String], _ number: Int, _ unit: String) -> String? {
        BuiltInSlotTypes.read(.duration, words: words + [number == 1 ? unit : unitPlurals[unit] ?? unit], today: .today())
    }

    /// A bare number said for a duration slot, as its words and its value: "twelve", asked
    /// "For how long?", is a count of no unit, which the host asks about ("Twelve what?")
    /// rather than guess. Nil when the slot is no duration or the words are more than a number
    /// (hedges aside: "um, maybe twelve"; the words a sample says around the slot: "fifteen
    /// off" for "{rest} off").
    public func unitlessCount(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName) -> (words: [String], count: Int)? {
        guard let intent = intents.first(where: { $0.name == name }), let slot = intent.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .duration else { return nil }
        func count(_ said: [String]) -> [String] {
            BuiltInSlotTypes.unhedged(said.filter { !["um", "uh", "maybe", "probably", "just", "for"].contains($0) })
        }
        var words = count(utterance.words)
        // Said in a sample's words around the slot: "fifteen off", "rest for 1", for "{rest}
        // off" and "rest for {rest}".
        if NumberWords.value(of: words) == nil, let inner = Self.sampleFrames(slot.samples + intent.samples, of: slot).lazy.compactMap({ frame -> [String]? in
            let said = utterance.words
            guard !(frame.lead.isEmpty && frame.tail.isEmpty), said.count > frame.lead.count + frame.tail.count,
                said.starts(with: frame.lead), said.reversed().starts(with: frame.tail.reversed())
            else { return nil }
            let inner = count(Array(said.dropFirst(frame.lead.count).dropLast(frame.tail.count)))
            return NumberWords.value(of: inner) != nil ? inner : nil
        }).first {
            words = inner
        }
        guard !words.isEmpty, let number = NumberWords.value(of: words), number > 0 else { return nil }
        return (words, number)
    }

    /// The unit said after a count of none, for a duration slot: "weeks", after "twelve" was
    /// asked "Twelve what?", is twelve weeks ("P12W"); so are "weeks please" and "in weeks".
    /// Nil when the words are not a unit alone.
    public func unitAfterCount(_ utterance: Utterance, count: [String], intent name: IntentName, slot slotName: SlotName) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .duration else { return nil }
        let said = utterance.words.filter { !["um", "uh", "in", "please", "sorry", "oh", "i", "mean", "meant", "said"].contains($0) }
        guard said.count == 1, let unit = said.first.flatMap(Self.unitOfTime), let number = NumberWords.value(of: count),
            let value = Self.duration(count, number, unit)
        else { return nil }
        return SlotMatch.sentence(slotName, value: value, of: utterance)
    }

    /// The day a span ends, said for a number of days asked after the day it began: "until the
    /// fifteenth", asked "How many nights?" for a stay from the twelfth, is 3; "through sunday",
    /// asked how many days, counts to that sunday. The question must count days, nights or
    /// weeks (weeks whole); nil otherwise, or when the sentence says more than the day and how
    /// it ends a stay.
    public func countUntil(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, question: String, start: String) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .number,
            let begin = CivilDate(iso: start)
        else { return nil }
        let asked = Set(Tokenizer.tokens(question).map(\.text))
        let perWeek = asked.contains("weeks") && !asked.contains("days") && !asked.contains("nights")
        guard perWeek || asked.contains("days") || asked.contains("nights") else { return nil }
        let words = utterance.words
        let ending: Set<String> = ["until", "till", "til", "through", "thru", "to", "checking", "check", "out", "leaving", "leave", "staying", "stay", "on", "the", "we're", "i'm", "we", "i", "will", "be", "'ll", "we'll", "i'll", "back", "by"]
        guard words.count <= 10, let cue = words.firstIndex(where: { ["until", "till", "til", "through", "thru", "out", "leaving", "leave", "by"].contains($0) }) else { return nil }
        for first in (cue + 1)..<words.count {
            let span = Array(words[first...])
            guard words[..<first].allSatisfy(ending.contains), let said = DateWords.read(span, today: begin),
                let end = CivilDate(iso: BuiltInSlotTypes.date(said, spoken: span.joined(separator: " "), following: start) ?? said)
            else { continue }
            let days = end.daysSinceEpoch - begin.daysSinceEpoch
            guard days > 0, !perWeek || days % 7 == 0 else { return nil }
            let count = String(perWeek ? days / 7 : days)
            return SlotMatch.sentence(slotName, value: count, of: utterance)
        }
        return nil
    }

    /// A time said as a wait, as the time of day it ends at from `now` (minutes after
    /// midnight): "in 30 minutes" at 18:45 is 19:15 (`minutesFromNow`).
    public func timeFromNow(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, now: Int) -> SlotMatch? {
        guard let minutes = minutesFromNow(utterance, intent: name, slot: slotName) else { return nil }
        let at = (now + minutes) % (24 * 60)
        return SlotMatch.sentence(slotName, value: TimeWords.value(hour: at / 60, minute: at % 60), of: utterance)
    }

    /// How many minutes from now a time said as a wait is, for a time slot: "in 30 minutes"
    /// (30), "in like an hour and a half" (90), "half an hour from now" (30), "as soon as
    /// possible", "as soon as you can" and "right now" (0). Nil for a time of day, or more
    /// than a day's wait.
    public func minutesFromNow(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName) -> Int? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .time else { return nil }
        let fillers: Set<String> = ["like", "about", "around", "maybe", "um", "uh", "roughly", "oh", "just", "please", "approximately"]
        var words = utterance.words.filter { !fillers.contains($0) }
        let now: [[String]] = [["as", "soon", "as", "possible"], ["asap"], ["now"], ["right", "now"], ["right", "away"], ["immediately"], ["straight", "away"]]
        // "as soon as you can", "as soon as it's ready".
        if now.contains(where: { words.elementsEqual($0) }) || words.starts(with: ["as", "soon", "as"]) && words.count <= 6 { return 0 }
        if words.first == "in" || words.first == "within" {
            words.removeFirst()
        } else if words.suffix(2).elementsEqual(["from", "now"]) {
            words.removeLast(2)
        } else {
            return nil
        }
        guard !words.isEmpty, let duration = BuiltInSlotTypes.read(.duration, words: words, today: .today()), let parts = Self.isoParts(duration), parts.date.isEmpty else { return nil }
        let minutes = 60 * parts.time["H", default: 0] + parts.time["M", default: 0]
        return minutes > 0 && minutes <= 24 * 60 ? minutes : nil
    }

    /// The whole sentence as a value the asked slot's type lists, said exactly as listed (a
    /// value or a synonym): "yes", asked "Are you a new patient?" for a slot whose type lists
    /// yes and no, is that value, not AMAZON.YesIntent.
    public func listedAnswer(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, today: CivilDate = .today()) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), !utterance.words.isEmpty,
            let type = typeMatchers[SlotTypeMatcher.Key(slot)], case .custom = type.kind,
            type.isListedValue(ArraySlice(utterance.words)),
            let match = slotMatch(slot, first: 0, last: utterance.words.count - 1, utterance: utterance, today: today), match.isListedValue
        else { return nil }
        return match
    }

    /// The one value the asked slot's type lists, said amid a few other words: "it arrived with
    /// a cracked screen", asked why an item goes back, is "cracked" (resolved to "damaged"), where
    /// a value found inside a longer one allows one other word. Nil for a question, a denial, a
    /// sentence of more than ten words or more than three others, or values of two entries.
    /// Given the value `read` for the slot that holds the one found, that value as said,
    /// resolved to it: "it's a 2015 honda civic" stays the "2015 honda civic", resolved to
    /// "honda" (a resolution adds the canonical value, and drops no word said).
    public func containedAnswer(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName, read: SlotMatch? = nil, today: CivilDate = .today()) -> SlotMatch? {
        let words = utterance.words
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), (1...10).contains(words.count),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)], case .custom = type.kind, !type.takesLists,
            !Self.isQuestion(words), !words.contains(where: { Negation.words.contains($0) || $0 == "no" })
        else { return nil }
        var found: [SlotMatch] = []
        var taken = [Bool](repeating: false, count: words.count)
        for length in stride(from: min(type.longestEntry, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) where !taken[first...(first + length - 1)].contains(true) {
                let last = first + length - 1
                guard type.isListedValue(words[first...last]), let match = slotMatch(slot, first: first, last: last, utterance: utterance, today: today), match.isListedValue else { continue }
                found.append(match)
                for i in first...last { taken[i] = true }
            }
        }
        // Of no value listed, a word only one value says, alone: the slot is that word.
        if found.isEmpty, let part = partAnswer(words, slot: slot, type: type, utterance: utterance, today: today) {
            let others = words.indices.filter { !part.span.contains($0) && !StopWords.all.contains(words[$0]) && !Self.proForms.contains(words[$0]) }
            return others.count <= 2 ? part.match : nil
        }
        let others = words.indices.filter { !taken[$0] && !StopWords.all.contains(words[$0]) }
        guard let first = found.first, Set(found.compactMap { $0.resolution?.values.first?.name }).count == 1, others.count <= 3 else { return nil }
        if let read, read.name == slotName, read.list.isEmpty, read.start <= first.start, first.end <= read.end {
            return SlotMatch(name: read.name, value: read.value, spoken: read.spoken, start: read.start, end: read.end, resolution: first.resolution, list: [])
        }
        return first
    }

    /// A word that only one listed value's words say, said for the whole value: "the cheap
    /// ones" or "whatever's cheapest" (a superlative of it) for "cheap seats", "the upper one"
    /// for "upper deck". Not a word the model's samples frame values with ("seats" in "{count}
    /// seats"), and words of one value only; several said together are one span ("the blood
    /// pressure one" is "blood pressure", resolved to the value whose synonym "blood pressure
    /// pills" says them).
    private func partAnswer(_ words: [String], slot: SlotDefinition, type: SlotTypeMatcher, utterance: Utterance, today: CivilDate) -> (match: SlotMatch, span: ClosedRange<Int>)? {
        guard !type.partWords.isEmpty else { return nil }
        var found: (entry: SlotTypeMatcher.Entry, span: ClosedRange<Int>)?
        for (index, word) in words.enumerated() where !carrierWords.contains(word) && !Self.proForms.contains(word) {
            let base = word.hasSuffix("iest") ? String(word.dropLast(4)) + "y" : word.hasSuffix("est") ? String(word.dropLast(3)) : word
            guard let entry = type.partWords[word] ?? type.partWords[base] else { continue }
            if let other = found, other.entry.id != entry.id { return nil }
            // Words of the one value said together are said as they were: "the blood pressure
            // one" is "blood pressure", not "pressure".
            found = (entry, found.map { $0.span.upperBound == index - 1 ? $0.span.lowerBound...index : index...index } ?? index...index)
        }
        guard let found else { return nil }
        let reading = SlotTypeMatcher.Reading(normalized: nil, resolved: found.entry, fit: 1)
        return (slotMatch(slot.name, first: found.span.lowerBound, last: found.span.upperBound, reading: reading, type: type, utterance: utterance, today: today), found.span)
    }

    /// How many people a sentence counts with the speaker, for a number asked: "just me" 1,
    /// "me and my wife" 2, "me and my two kids" 3, "me, my wife and our three kids" 5. Each
    /// part after "me" counts its number, or one. Nil unless the sentence opens with the
    /// speaker ("me", "myself", "just me").
    public func peopleCount(_ utterance: Utterance, intent name: IntentName, slot slotName: SlotName) -> SlotMatch? {
        guard let slot = intents.first(where: { $0.name == name })?.slot(named: slotName), BuiltInSlotTypes.kind(of: slot.type) == .number else { return nil }
        var words = ArraySlice(utterance.words)
        while let first = words.first, ["just", "only", "it's", "its", "um", "uh", "well", "oh"].contains(first) { words = words.dropFirst() }
        guard let first = words.first, ["me", "myself"].contains(first), words.count <= 12, let count = Self.countedWithSpeaker(words.dropFirst()) else { return nil }
        return SlotMatch.sentence(slotName, value: String(count), of: utterance)
    }

    /// How many people the words after "me" count with the speaker ("and my two kids": 3), or
    /// nil when they do not only count people.
    static func countedWithSpeaker(_ words: ArraySlice<String>) -> Int? {
        var parts: [[String]] = [[]]
        // The parts said apart: "and", "plus", "with", or a possessive opening a new one ("me,
        // my wife and our kids": the comma is not heard).
        for word in words {
            if ["and", "plus", "with"].contains(word) {
                parts.append([])
            } else if ["my", "our"].contains(word), !parts[parts.count - 1].isEmpty || parts.count == 1 {
                parts.append([word])
            } else {
                parts[parts.count - 1].append(word)
            }
        }
        guard parts[0].allSatisfy({ ["alone", "myself", "only"].contains($0) }) else { return nil }
        var count = 1
        for part in parts.dropFirst() {
            // "me and my luggage", "me and the dog": what one takes along counts no one.
            if let last = part.last, Self.takenAlong.contains(last) || ([last] + Inflections.singulars(of: last)).contains(where: Self.animals.contains) { continue }
            let numbers = part.compactMap { NumberWords.value(of: [$0]) }
            guard numbers.count <= 1, part.contains(where: { !StopWords.all.contains($0) }) || !numbers.isEmpty else { return nil }
            count += numbers.first ?? 1
        }
        return count
    }
}

extension SkillNLU {
    /// The intent's one number slot that counts people: a sample says it beside a word for
    /// people or what each of them takes ("{spots} of us", "for {guests} people", "{count}
    /// tickets", "a party of {size}"). Nil when no slot or several do.
    public func peopleSlot(of name: IntentName) -> SlotName? {
        guard let intent = intents.first(where: { $0.name == name }) else { return nil }
        let counting = intent.slots.filter { slot in
            BuiltInSlotTypes.kind(of: slot.type) == .number && Self.sampleFrames(slot.samples + intent.samples, of: slot).contains { frame in
                frame.tail.first.map(Self.peopleWords.contains) == true || frame.tail.starts(with: ["of", "us"])
                    || frame.lead.last == "of" && ["party", "group"].contains(frame.lead.dropLast().last ?? "")
            }
        }
        return counting.count == 1 ? counting[0].name : nil
    }

    /// What people take along that is no one: "me and my luggage" is one passenger.
    static let takenAlong: Set<String> = ["luggage", "bag", "bags", "suitcase", "suitcases", "stuff", "things", "gear", "equipment", "groceries", "shopping",
                                          "bike", "bikes", "stroller", "pram", "wheelchair", "skis", "boxes", "box", "pet", "pets", "car"]
    /// Animals, by name: "me and the dog" is one person.
    static let animals = Set(Animals.all.map { $0.lowercased() })

    /// Words for people, and for what each person takes, said after how many.
    static let peopleWords: Set<String> = ["people", "persons", "person", "guests", "guest", "adults", "tickets", "seats", "spots", "places", "passengers", "players"]

    /// "me and my sister", said instead of yes or no: how many people, for the intent's slot
    /// that counts them (`peopleSlot`, `peopleCount`).
    public func peopleCount(_ utterance: Utterance, intent name: IntentName) -> SlotMatch? {
        peopleSlot(of: name).flatMap { peopleCount(utterance, intent: name, slot: $0) }
    }
}

extension SlotMatch {
    /// A value read from the whole sentence, as said: "for a week" as a return day.
    static func sentence(_ name: SlotName, value: String, of utterance: Utterance) -> SlotMatch {
        SlotMatch(name: name, value: value, spoken: utterance.text, start: 0, end: utterance.text.unicodeScalars.count, resolution: nil, list: [])
    }
}
