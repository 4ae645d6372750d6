/// AMAZON.TIME: a time of day as Alexa sends it, "19:30", or a part of the day: "MO", "AF",
/// "EV", "NI".
enum TimeWords {
    static func read(_ words: [String]) -> String? {
        var words = words.filter { $0 != "at" && $0 != "the" }
        guard !words.isEmpty else { return nil }
        switch words.joined(separator: " ") {
        case "noon", "midday", "12 noon", "twelve noon": return "12:00"
        case "midnight", "12 midnight", "twelve midnight": return "00:00"
        case "morning", "this morning", "in morning": return "MO"
        case "afternoon", "this afternoon", "in afternoon": return "AF"
        case "evening", "this evening", "in evening": return "EV"
        case "night", "tonight", "at night": return "NI"
        default: break
        }
        // A meridiem: "pm", "p m", "in the evening", or written on the number ("7pm",
        // "7:05am"); "o'clock" carries none.
        var meridiem: String?
        if let last = words.last, last.count > 2, last.first?.isNumber == true, let suffix = ["am", "pm"].first(where: { last.hasSuffix($0) }) {
            meridiem = suffix
            words[words.count - 1] = String(last.dropLast(2))
        } else if let last = words.last, ["am", "pm"].contains(last) {
            meridiem = last
            words.removeLast()
        } else if words.count >= 2, ["a", "p"].contains(words[words.count - 2]), words.last == "m" {
            meridiem = words[words.count - 2] + "m"
            words.removeLast(2)
        } else if words.count >= 2, words[words.count - 2] == "in", let part = ["morning": "am", "afternoon": "pm", "evening": "pm"][words.last!] {
            meridiem = part
            words.removeLast(2)
        } else if words.last == "tonight" {
            meridiem = "pm"
            words.removeLast()
        }
        if words.last == "o'clock" || words.last == "oclock" { words.removeLast() }
        // "half six": half past six, as said in Britain.
        if words.count == 2, words[0] == "half", let hour = NumberWords.value(of: [words[1]]), (1...12).contains(hour) { words = ["half", "past", words[1]] }
        guard let (hour, minute) = clock(words) else { return nil }
        var h = hour
        if meridiem == "pm", h < 12 { h += 12 }
        if meridiem == "am", h == 12 { h = 0 }
        guard (0...23).contains(h), (0...59).contains(minute) else { return nil }
        return value(hour: h, minute: minute)
    }

    /// An AMAZON.TIME value: "07:05".
    static func value(hour: Int, minute: Int) -> String { "\(CivilDate.pad(hour, 2)):\(CivilDate.pad(minute, 2))" }

    /// A clock time written with a colon, "7:30" or "18:28".
    static func written(_ word: String) -> (Int, Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return (hour, minute)
    }

    /// "7", "7:30", "7 30", "seven thirty", "seven oh five", "half past seven", "quarter to eight".
    private static func clock(_ words: [String]) -> (Int, Int)? {
        // Nothing left once "pm" or "o'clock" is taken off: no time.
        guard !words.isEmpty else { return nil }
        if let past = words.firstIndex(where: { $0 == "past" || $0 == "after" || $0 == "to" || $0 == "before" }), past > 0, past < words.count - 1 {
            let before = Array(words[..<past])
            guard let hour = NumberWords.value(of: Array(words[(past + 1)...])), (0...24).contains(hour) else { return nil }
            let minutes: Int?
            switch before.joined(separator: " ") {
            case "half": minutes = 30
            case "quarter", "a quarter": minutes = 15
            default: minutes = NumberWords.value(of: before.filter { $0 != "minutes" && $0 != "minute" })
            }
            guard let minutes, minutes < 60 else { return nil }
            let isBefore = words[past] == "to" || words[past] == "before"
            // Minutes to the hour are said in fives, or as minutes: "9 to 5" is a span of time,
            // not 04:51 ("ten to five", "a quarter to six", "seven minutes to nine" are times).
            guard !isBefore || minutes % 5 == 0 || before.contains(where: { $0 == "minutes" || $0 == "minute" }) else { return nil }
            return isBefore ? ((hour + 23) % 24, 60 - minutes) : (hour, minutes)
        }
        // "7:30", "18:28" as written.
        if words.count == 1, let (hour, minute) = written(words[0]) { return (hour, minute) }
        if words.count == 1, let hour = NumberWords.value(of: words) {
            // "730" or "1930" said as digits.
            if hour >= 100 { return (hour / 100, hour % 100) }
            return (hour, 0)
        }
        // Split into an hour and minutes: "seven thirty", "7 30", "seven oh five", "eleven forty five".
        for split in 1..<words.count {
            guard let hour = NumberWords.value(of: Array(words[..<split])), hour < 24 else { continue }
            var rest = Array(words[split...])
            if rest.first == "oh" || rest.first == "o" { rest.removeFirst() }
            if let minute = NumberWords.value(of: rest), minute < 60 { return (hour, minute) }
        }
        return nil
    }
}

/// AMAZON.DURATION: a length of time as ISO 8601, "PT1H30M", "P3D", "P2W".
enum DurationWords {
    static let quarters: [([String], Int)] = [
        (["three", "quarters", "of", "an", "hour"], 45), (["a", "quarter", "of", "an", "hour"], 15), (["quarter", "of", "an", "hour"], 15),
        (["a", "quarter", "hour"], 15), (["quarter", "hour"], 15),
    ]

    private static let compactUnits = ["h": "hours", "hr": "hours", "hrs": "hours", "m": "minutes", "min": "minutes", "mins": "minutes",
                                       "s": "seconds", "sec": "seconds", "secs": "seconds", "d": "days"]

    /// "2h", "45min", "90s" as a count and its unit.
    static func splitCompact(_ word: String) -> [String] {
        guard let first = word.first, first.isNumber, let split = word.firstIndex(where: { !$0.isNumber && $0 != "." }),
            let unit = compactUnits[String(word[split...])]
        else { return [word] }
        return [String(word[..<split]), unit]
    }

    /// Words a length says it is added with, or for: no part of the length ("another" opens
    /// one, and stays out of its span: "another forty five minutes").
    static let addedWords: Set<String> = ["for", "more", "extra", "additional"]

    /// Units of time with an adverb of their own: "weekly" is every week.
    static let everyUnit: [String: String] = [
        "hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "fortnightly": "fortnight", "monthly": "month",
        "yearly": "year", "annually": "year",
    ]

    /// Minutes in each unit a count of times is said per.
    private static let minutesIn = ["year": 525_600, "month": 43_200, "fortnight": 20_160, "week": 10_080, "day": 1_440, "hour": 60, "minute": 1]

    /// The words with the counts people say a length by put as numbers: "a couple of days" (2),
    /// "a few weeks" (3), "every other day" and "every second day" (2: the span after
    /// "every"), "weekly" (a week), and "twice a week" or "three times a month", said where
    /// a length is asked how often, as the time between (3.5 days, 10 days). Words that are no
    /// such count are left as they are.
    static func counted(_ words: [String]) -> [String] {
        let units: Set<String> = ["year", "years", "month", "months", "fortnight", "fortnights", "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes"]
        if words.count == 1, let unit = everyUnit[words[0]] { return [unit] }
        var words = words
        // "twice a week", "three times a month": the time between.
        let times = words.firstIndex(of: "twice").map { ($0, 1, 2) } ?? words.firstIndex(of: "times").flatMap { i in
            i > 0 ? NumberWords.value(of: [words[i - 1]]).map { (i - 1, 2, $0) } : nil
        }
        if let (start, length, count) = times, count > 1, start + length + 2 == words.count, ["a", "an", "per", "every", "each"].contains(words[start + length]),
            case let unit = words[start + length + 1], units.contains(unit) {
            let between = (Self.minutesIn[unit.hasSuffix("s") ? String(unit.dropLast()) : unit] ?? 0) / count
            guard start == 0, between >= 1 else { return [] }
            let parts = [(between / 1_440, "days"), (between % 1_440 / 60, "hours"), (between % 60, "minutes")]
            return parts.filter { $0.0 > 0 }.flatMap { [String($0.0), $0.1] }
        }
        var i = 0
        while i < words.count {
            let next = i + 1 < words.count ? words[i + 1] : ""
            if ["couple", "few"].contains(words[i]) {
                // "a couple of days", "a few hours".
                let end = next == "of" ? i + 2 : i + 1
                guard end < words.count, units.contains(words[end]) else { i += 1; continue }
                let start = i > 0 && words[i - 1] == "a" ? i - 1 : i
                words.replaceSubrange(start..<end, with: [words[i] == "couple" ? "2" : "3"])
                i = start + 1
            } else if units.contains(next), let position = words[i] == "other" ? 2 : BuiltInSlotTypes.ordinalWords[words[i]], position > 1, i == 0 {
                // "other day", "second day", "third week": said after "every".
                words[i] = String(position)
                i += 1
            } else {
                i += 1
            }
        }
        return words
    }

    static func read(_ words: [String]) -> String? {
        var years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0
        var pending: [String] = []
        var found = false
        // "two and a half hours": a half waiting for its unit.
        var half = false
        // "for two more days", "another week", "an extra hour": the length is the same.
        var words = Self.counted(words.filter { !Self.addedWords.contains($0) }.flatMap(Self.splitCompact))
        // "and" joins the parts of a length ("an hour and a half"), it opens or closes none: in
        // "one minute on and 30 seconds off" the rest is "30 seconds".
        if words.isEmpty || words.first == "and" || words.last == "and" { return nil }
        if words.starts(with: ["half", "an", "hour"]) || words.starts(with: ["half", "a", "hour"]) {
            minutes += 30
            found = true
            words.removeFirst(3)
        }
        // "a quarter of an hour", "three quarters of an hour", "a quarter hour".
        for (phrase, length) in Self.quarters where words.starts(with: phrase) {
            minutes += length
            found = true
            words.removeFirst(phrase.count)
            break
        }
        for (i, word) in words.enumerated() {
            let unit = word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
            guard ["year", "month", "fortnight", "week", "day", "hour", "minute", "second", "min", "sec", "hr"].contains(unit) else {
                if word == "and" || word == "a" && i + 1 < words.count && words[i + 1] == "half" { continue }
                if word == "half", !found {
                    // "two and a half hours", "a half hour".
                    half = true
                    continue
                }
                if word == "half", found {
                    // "an hour and a half", "two days and a half".
                    switch words.last(where: { !["and", "a", "half"].contains($0) }).map({ $0.hasSuffix("s") ? String($0.dropLast()) : $0 }) {
                    case "hour"?, "hr"?: minutes += 30
                    case "minute"?, "min"?: seconds += 30
                    case "day"?: hours += 12
                    case "year"?: months += 6
                    default: return nil
                    }
                    continue
                }
                pending.append(word)
                continue
            }
            // A whole count, or with a fraction ("1.5 hours", "two and a half hours") that goes to
            // the next smaller unit.
            var count: Double
            if half && (pending.isEmpty || pending == ["a"] || pending == ["an"]) {
                // "a half hour"; "half a year" (not one and a half).
                count = 0
            } else if pending.isEmpty || pending == ["a"] || pending == ["an"] || pending == ["one"] {
                count = 1
            } else if pending.count == 1, pending[0].contains("."), let value = Double(pending[0]), value >= 0, value <= Double(NumberWords.largest) {
                count = value
            } else {
                guard let value = NumberWords.value(of: pending) else { return nil }
                count = Double(value)
            }
            if half { count += 0.5 }
            pending = []
            half = false
            found = true
            let whole = Int(count)
            let fraction = count - Double(whole)
            switch unit {
            case "year": years += whole; months += Int((fraction * 12).rounded())
            case "month": months += whole; days += Int((fraction * 30).rounded())
            case "week": weeks += whole; days += Int((fraction * 7).rounded())
            case "fortnight": weeks += 2 * whole; days += Int((fraction * 14).rounded())
            case "day": days += whole; hours += Int((fraction * 24).rounded())
            case "hour", "hr": hours += whole; minutes += Int((fraction * 60).rounded())
            case "minute", "min": minutes += whole; seconds += Int((fraction * 60).rounded())
            default: seconds += Int(count.rounded())
            }
        }
        guard found, pending.isEmpty else { return nil }
        var text = "P"
        if years > 0 { text += "\(years)Y" }
        if months > 0 { text += "\(months)M" }
        if weeks > 0 { text += "\(weeks)W" }
        if days > 0 { text += "\(days)D" }
        if hours + minutes + seconds > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if seconds > 0 { text += "\(seconds)S" }
        }
        return text == "P" ? nil : text
    }
}

extension BuiltInSlotTypes {
    /// A time value ("08:00") of a bare hour up to `latest`, moved after noon ("20:00"); nil
    /// for any other hour.
    public static func afterNoon(_ value: String, latest: Int) -> String? {
        guard let (hour, minute) = TimeWords.written(value), (1...latest).contains(hour) else { return nil }
        return TimeWords.value(hour: hour + 12, minute: minute)
    }

    /// Whether the words say which half of the day they mean: "am", "pm", the morning.
    public static func saysHalfOfDay(_ words: [String]) -> Bool {
        words.contains { SkillNLU.meridiems.contains($0) || SkillNLU.morningWords.contains($0) }
    }

    /// An AMAZON.TIME value said in a later turn of a dialog, read with the one the slot held:
    /// an hour without its half of the day after the afternoon, evening or night was given is
    /// after noon ("tomorrow afternoon", then "3": 15:00, as "tomorrow afternoon at 3" said at
    /// once is), and a part of the day after an hour moves the hour into it ("7", then "in the
    /// evening": 19:00) rather than forgetting it; a bare hour instead of a time after noon is
    /// in the half of the day nearer it ("change the time to 6" of a class at 17:45: 18:00).
    /// Nil when the new value stands alone: an hour said with "am" or "pm", a time past noon,
    /// a part of the day after a part of the day.
    public static func time(_ value: String, spoken: String, after previous: String) -> String? {
        let laterParts: Set<String> = ["AF", "EV", "NI"]
        if laterParts.contains(previous), let (hour, minute) = TimeWords.written(value), (1...11).contains(hour) {
            return saysHalfOfDay(spoken) ? nil : TimeWords.value(hour: hour + 12, minute: minute)
        }
        if let (hour, minute) = TimeWords.written(value), (1...11).contains(hour), !saysHalfOfDay(spoken),
            let (previousHour, previousMinute) = TimeWords.written(previous), previousHour >= 12 {
            let (morning, held) = (hour * 60 + minute, previousHour * 60 + previousMinute)
            if abs(morning + 720 - held) < abs(morning - held) { return TimeWords.value(hour: hour + 12, minute: minute) }
        }
        if let (hour, minute) = TimeWords.written(previous) {
            if laterParts.contains(value), (1...11).contains(hour) { return TimeWords.value(hour: hour + 12, minute: minute) }
            if value == "MO", (13...23).contains(hour) { return TimeWords.value(hour: hour - 12, minute: minute) }
        }
        return nil
    }

    /// Whether the words say which half of the day an hour is in ("3 pm", "seven in the
    /// evening", "5am", "tonight").
    static func saysHalfOfDay(_ spoken: String) -> Bool {
        let halves: Set<String> = ["tonight", "noon", "midnight"]
        return Tokenizer.tokens(spoken).map(\.text).contains { (word: String) -> Bool in
            if SkillNLU.meridiems.contains(word) || SkillNLU.dayParts.contains(word) || halves.contains(word) { return true }
            return word.first?.isNumber == true && (word.hasSuffix("am") || word.hasSuffix("pm"))
        }
    }

    /// An AMAZON.TIME value said after an earlier time of the same request, as the end of a
    /// span of time: a bare hour that would come before the earlier one is the first such hour
    /// after it ("from noon to 2" ends at 14:00, "9 to 5" at 17:00; asked when a nap ended
    /// that began at 1 pm, "3" is 15:00). Nil when it says its half of the day or already
    /// comes after ("10 pm to 6" ends at 06:00, the next morning).
    public static func time(_ value: String, spoken: String, following earlier: String) -> String? {
        guard let (hour, minute) = TimeWords.written(value), (1...11).contains(hour), !saysHalfOfDay(spoken),
            let (earlierHour, earlierMinute) = TimeWords.written(earlier)
        else { return nil }
        let said = hour * 60 + minute, before = earlierHour * 60 + earlierMinute
        guard said < before, said + 12 * 60 > before else { return nil }
        return TimeWords.value(hour: hour + 12, minute: minute)
    }

    /// The other way round: a bare hour said before a later time that says it is after noon is
    /// after noon too when it fits before it ("from 1 to 3 pm" begins at 13:00; "from 10 to 2
    /// pm" at 10:00).
    public static func time(_ value: String, spoken: String, preceding later: String) -> String? {
        guard let (hour, minute) = TimeWords.written(value), (1...11).contains(hour), !saysHalfOfDay(spoken),
            let (laterHour, laterMinute) = TimeWords.written(later), laterHour >= 13
        else { return nil }
        return (hour + 12) * 60 + minute <= laterHour * 60 + laterMinute ? TimeWords.value(hour: hour + 12, minute: minute) : nil
    }

    /// An AMAZON.DATE value said after an earlier day of the same request, as the end of a span
    /// of days: a day that would fall before the earlier one is the first such day after it (a
    /// weekday a week on, a day of the month a month on, a day with its month a year on).
    /// "monday" after "friday" is the monday after it; "the 3rd" after "december 28th" is
    /// january 3rd. Nil when it already falls after, is no single day, says its year, or is
    /// said from today ("tomorrow").
    public static func date(_ value: String, spoken: String, following earlier: String) -> String? {
        guard let start = CivilDate(iso: earlier), var end = CivilDate(iso: value) else { return nil }
        let words = Tokenizer.tokens(spoken).map(\.text)
        // A day said from today ("tomorrow", "in three days") is that day, before the start or not.
        guard !words.contains(where: { ["today", "tomorrow", "tonight", "yesterday", "in", "ago", "now"].contains($0) }) else { return nil }
        let namesMonth = words.contains { DateWords.months[$0] != nil }
        if words.contains(where: { DateWords.weekdays[$0] != nil }) && !namesMonth {
            while end <= start { end = end.adding(days: 7) }
        } else if words.contains(where: { $0.count == 4 && Int($0) != nil }) {
            return nil
        } else {
            while end < start { end = namesMonth ? end.adding(months: 12) : end.adding(months: 1) }
        }
        return end.description == value ? nil : end.description
    }
}
