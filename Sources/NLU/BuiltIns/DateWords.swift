/// AMAZON.DATE: what a person says for a day, week, month or year, as Alexa's ISO forms:
/// "2026-11-27", "2026-W48", "2026-W47-WE", "2026-11", "2026", "2026-SU", "198X".
enum DateWords {
    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]
    static let weekdays: [String: Int] = [
        "monday": 1, "mon": 1, "tuesday": 2, "tue": 2, "tues": 2, "wednesday": 3, "wed": 3, "thursday": 4, "thu": 4,
        "thur": 4, "thurs": 4, "friday": 5, "fri": 5, "saturday": 6, "sat": 6, "sunday": 7, "sun": 7,
    ]

    static let seasons = ["spring": "SP", "summer": "SU", "fall": "FA", "autumn": "FA", "winter": "WI"]

    static func read(_ words: [String], today: CivilDate) -> String? {
        if let value = readPlain(words, today: today) { return value }
        // "tomorrow's meeting", "friday's game": the day, said as the owner.
        guard let last = words.last, last.hasSuffix("'s"), last.count > 2 else { return nil }
        return readPlain(words.dropLast() + [String(last.dropLast(2))], today: today)
    }

    private static func readPlain(_ words: [String], today: CivilDate) -> String? {
        var words = words.filter { $0 != "the" && $0 != "of" && $0 != "on" }
        guard !words.isEmpty else { return nil }
        // "this coming friday" is "coming friday".
        if words.starts(with: ["this", "coming"]) { words.removeFirst() }
        // "a week from friday", "two days from tomorrow": an offset from another day.
        if let from = words.firstIndex(of: "from"), from > 0, from < words.count - 1, !["now", "today"].contains(words[from + 1]),
            let offset = relativeDays(Array(words[..<from]) + ["from", "now"]),
            let base = read(Array(words[(from + 1)...]), today: today).flatMap(CivilDate.init(iso:)) {
            return base.adding(days: offset).description
        }
        // "the third of next month", "the 15th of this month".
        if words.count >= 3, ["next", "this"].contains(words[words.count - 2]), words.last == "month",
            let day = BuiltInSlotTypes.ordinal(Array(words.dropLast(2))), day >= 1 {
            let (year, month) = words[words.count - 2] == "this" ? (today.year, today.month) : today.month == 12 ? (today.year + 1, 1) : (today.year, today.month + 1)
            guard day <= CivilDate.daysIn(month: month, year: year) else { return nil }
            return CivilDate(year: year, month: month, day: day).description
        }
        let phrase = words.joined(separator: " ")
        switch phrase {
        // The moment, not a day: Alexa sends "PRESENT_REF".
        case "now", "right now": return "PRESENT_REF"
        case "today", "tonight", "this morning", "this afternoon", "this evening", "later today": return today.description
        case "tomorrow", "tomorrow night", "tomorrow morning", "tomorrow afternoon", "tomorrow evening": return today.adding(days: 1).description
        case "yesterday", "last night", "yesterday morning", "yesterday afternoon", "yesterday evening": return today.adding(days: -1).description
        case "day after tomorrow": return today.adding(days: 2).description
        case "day before yesterday": return today.adding(days: -2).description
        case "this weekend", "weekend": return week(today) + "-WE"
        case "next weekend": return week(today.adding(days: 7)) + "-WE"
        case "last weekend": return week(today.adding(days: -7)) + "-WE"
        case "weekend after next": return week(today.adding(days: 14)) + "-WE"
        case "week after next": return week(today.adding(days: 14))
        case "this week": return week(today)
        case "next week": return week(today.adding(days: 7))
        case "last week": return week(today.adding(days: -7))
        case "this month": return month(today.year, today.month)
        case "next month": return today.month == 12 ? month(today.year + 1, 1) : month(today.year, today.month + 1)
        case "last month": return today.month == 1 ? month(today.year - 1, 12) : month(today.year, today.month - 1)
        case "this year": return String(today.year)
        case "next year": return String(today.year + 1)
        case "last year": return String(today.year - 1)
        default: break
        }
        // Holidays: the next one from today.
        if let holiday = holiday(phrase, today: today) { return holiday.description }
        // "the day after christmas", "two days before the 20th": an offset from another day.
        if let at = words.firstIndex(where: { $0 == "after" || $0 == "before" }), at > 0, at < words.count - 1, words[(at + 1)...] != ["next"],
            let offset = words[..<at] == ["day"] ? 1 : relativeDays(Array(words[..<at]) + ["from", "now"]),
            let base = read(Array(words[(at + 1)...]), today: today).flatMap(CivilDate.init(iso:)) {
            return base.adding(days: words[at] == "after" ? offset : -offset).description
        }
        // A day of the month alone, the next one to come: "the 5th", "monday the 30th".
        let dayWords = weekdays[words[0]] != nil && words.count > 1 ? Array(words.dropFirst()) : words
        if dayWords.count <= 2, dayWords.allSatisfy({ months[$0] == nil && Int($0) == nil }), let day = BuiltInSlotTypes.ordinal(dayWords), (1...31).contains(day) {
            return nextDay(of: day, today: today).description
        }
        // Month and day written in digits: "12/25", "12 25".
        if words.count == 2, words.allSatisfy({ $0.allSatisfy(\.isNumber) }), let m = Int(words[0]), let d = Int(words[1]), (1...12).contains(m),
            (1...CivilDate.daysIn(month: m, year: 2028)).contains(d) {
            return upcoming(month: m, day: d, today: today).description
        }
        // A season, as Alexa writes it: "this summer" 2026-SU, "next winter" 2027-WI.
        if let season = seasons[words.last!], words.count <= 2 {
            switch words.count == 2 ? words[0] : "this" {
            case "this", "coming": return "\(today.year)-\(season)"
            case "next": return "\(today.year + 1)-\(season)"
            case "last": return "\(today.year - 1)-\(season)"
            default: return nil
            }
        }
        // "friday after next": the friday of the week after next friday's.
        if words.count == 3, let weekday = weekdays[words[0]], words[1] == "after", words[2] == "next" {
            let ahead = (weekday - today.weekday + 7) % 7
            return today.adding(days: (ahead == 0 ? 7 : ahead) + 7).description
        }
        // "friday", "this friday", "next friday", "last friday".
        if let weekday = weekdays[words.last!], words.count <= 2 {
            let qualifier = words.count == 2 ? words[0] : "this"
            var ahead = (weekday - today.weekday + 7) % 7
            switch qualifier {
            case "this", "coming": break
            case "next": if ahead == 0 { ahead = 7 }
            case "last": ahead = ahead == 0 ? -7 : ahead - 7
            default: return nil
            }
            return today.adding(days: ahead).description
        }
        // "in three days", "three weeks from now", "two days ago", "in six months".
        // Said as a time from now: "a day" or "three days" alone is a length ("i need the car for
        // an extra day"), no date.
        if isFromNow(words), let offset = relativeDays(words) { return today.adding(days: offset).description }
        if let months = relativeMonths(words) { return today.adding(months: months).description }
        // "2026 11 27" (2026-11-27) and "11 27 2026" (11/27/2026).
        if words.count == 3, let a = Int(words[0]), let b = Int(words[1]), let c = Int(words[2]) {
            if a > 999, valid(a, b, c) { return CivilDate(year: a, month: b, day: c).description }
            if c > 999, valid(c, a, b) { return CivilDate(year: c, month: a, day: b).description }
        }
        // The decade: "the eighties", "the 80s".
        if words.count == 1, let decade = decades[words[0]] { return decade }
        // A year alone: "2027", "twenty twenty seven" ("0199" is no year; "ten thirty" and
        // "eleven fifteen" are times of day, not the years 1030 and 1115).
        if let year = BuiltInSlotTypes.fourDigits(words).flatMap(Int.init), year >= 1000, words.allSatisfy({ months[$0] == nil }),
            year >= 1300 || words.count == 1 || TimeWords.read(words) == nil {
            return String(year)
        }
        return monthDay(&words, today: today)
    }

    private static let decades: [String: String] = [
        "twenties": "202X", "thirties": "193X", "forties": "194X", "fifties": "195X", "sixties": "196X",
        "seventies": "197X", "eighties": "198X", "nineties": "199X", "80s": "198X", "90s": "199X", "70s": "197X",
        "60s": "196X", "2000s": "200X",
    ]

    /// "march third", "march 3rd 2027", "third march", "3 march", "march" (the month).
    private static func monthDay(_ words: inout [String], today: CivilDate) -> String? {
        guard let monthIndex = words.firstIndex(where: { months[$0] != nil }) else { return nil }
        let monthNumber = months[words[monthIndex]]!
        var rest = words
        rest.remove(at: monthIndex)
        var year: Int?
        // A trailing year: "2027" or "twenty twenty seven".
        for split in stride(from: 0, through: rest.count, by: 1) where split < rest.count {
            let tail = Array(rest[split...])
            if let y = BuiltInSlotTypes.fourDigits(tail).flatMap(Int.init), y >= 1000, (tail.count > 1 || tail[0].count == 4), split > 0 || monthIndex == 0 {
                if split > 0 || rest.count == tail.count {
                    year = y
                    rest = Array(rest[..<split])
                    break
                }
            }
        }
        if rest.isEmpty {
            let y = year ?? (monthNumber >= today.month ? today.year : today.year + 1)
            return month(y, monthNumber)
        }
        let day = BuiltInSlotTypes.ordinal(rest) ?? NumberWords.value(of: rest)
        // Without a year, February 29th is a day there is (2028 stands for any leap year).
        guard let day, day >= 1, day <= CivilDate.daysIn(month: monthNumber, year: year ?? 2028) else { return nil }
        if let year { return CivilDate(year: year, month: monthNumber, day: day).description }
        return upcoming(month: monthNumber, day: day, today: today).description
    }

    private static func relativeDays(_ words: [String]) -> Int? {
        guard let (count, unit) = relative(words) else { return nil }
        switch unit {
        case "day", "days": return count
        case "week", "weeks": return count * 7
        case "fortnight": return count * 14
        default: return nil
        }
    }

    /// "in six months", "a year from now", "two years ago": whole months, the day of the month
    /// kept (the month's last where it has fewer days); ten thousand years either way at most.
    private static func relativeMonths(_ words: [String]) -> Int? {
        // Said as a time from now ("in", "from now", "ago"): "six months" alone is a duration,
        // and "years" of "six years from now" no date.
        guard isFromNow(words), let (count, unit) = relative(words) else { return nil }
        let months: Int
        switch unit {
        case "month", "months": months = count
        case "year", "years": months = count * 12
        default: return nil
        }
        return abs(months) <= 120_000 ? months : nil
    }

    /// Whether a length is said as a time from now: "in", "within", "… from now", "… ago".
    private static func isFromNow(_ words: [String]) -> Bool {
        ["in", "within"].contains(words.first ?? "") || words.last == "ago" || ["now", "today"].contains(words.last ?? "") && words.dropLast().last == "from"
    }

    /// How many of which unit, signed: "in three days", "three weeks from now", "two days ago".
    private static func relative(_ words: [String]) -> (count: Int, unit: String)? {
        var words = words
        var sign = 1
        if words.first == "in" || words.first == "within" { words.removeFirst() }
        if words.suffix(2) == ["from", "now"] || words.suffix(2) == ["from", "today"] { words.removeLast(2) }
        if words.last == "ago" {
            words.removeLast()
            sign = -1
        }
        // A unit alone is one of it ("in a week", "a fortnight from now"), never a plural:
        // "years" of "six years from now" is no date.
        guard let unit = words.last, words.count > 1 || !unit.hasSuffix("s") else { return nil }
        let count = words.count == 1 ? 1 : (words.dropLast() == ["a"] || words.dropLast() == ["one"] ? 1 : NumberWords.value(of: Array(words.dropLast())))
        // Ten thousand years either way at most: past that there is no calendar day to name.
        guard let count, count <= 3_650_000 else { return nil }
        return (sign * count, unit)
    }

    /// Holidays by name, on fixed dates or (Thanksgiving) the fourth Thursday of November.
    private static let holidays: [String: (month: Int, day: Int)] = [
        "christmas": (12, 25), "christmas day": (12, 25), "xmas": (12, 25), "christmas eve": (12, 24),
        "new year's day": (1, 1), "new years day": (1, 1), "new year's": (1, 1), "new year": (1, 1), "new year's eve": (12, 31),
        "new years eve": (12, 31), "halloween": (10, 31), "valentine's day": (2, 14), "valentines day": (2, 14),
        "independence day": (7, 4), "fourth july": (7, 4), "st patrick's day": (3, 17), "saint patrick's day": (3, 17),
    ]

    private static func holiday(_ phrase: String, today: CivilDate) -> CivilDate? {
        if let (m, d) = holidays[phrase] { return upcoming(month: m, day: d, today: today) }
        // Without Foundation's string search: this runs on every span tried as a date.
        guard let rule = movingHolidays[phrase.contains(where: { $0 == "'" }) ? phrase.filter { $0 != "'" } : phrase] else { return nil }
        let date = rule(today.year)
        return date < today ? rule(today.year + 1) : date
    }

    /// US holidays on a weekday of a month, and Easter, by the year.
    private static let movingHolidays: [String: @Sendable (Int) -> CivilDate] = {
        func nth(_ n: Int, _ weekday: Int, of month: Int) -> @Sendable (Int) -> CivilDate {
            { year in
                let first = CivilDate(year: year, month: month, day: 1)
                return first.adding(days: (weekday - first.weekday + 7) % 7 + 7 * (n - 1))
            }
        }
        func last(_ weekday: Int, of month: Int) -> @Sendable (Int) -> CivilDate {
            { year in
                let end = CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))
                return end.adding(days: -((end.weekday - weekday + 7) % 7))
            }
        }
        let thanksgiving = nth(4, 4, of: 11), memorial = last(1, of: 5), labor = nth(1, 1, of: 9), mothers = nth(2, 7, of: 5)
        let fathers = nth(3, 7, of: 6), mlk = nth(3, 1, of: 1), presidents = nth(3, 1, of: 2), columbus = nth(2, 1, of: 10)
        return [
            "thanksgiving": thanksgiving, "thanksgiving day": thanksgiving, "memorial day": memorial, "labor day": labor,
            "labour day": labor, "mothers day": mothers, "fathers day": fathers, "martin luther king day": mlk, "mlk day": mlk,
            "presidents day": presidents, "columbus day": columbus, "easter": easter, "easter sunday": easter,
        ]
    }()

    /// Easter Sunday (Gregorian; the anonymous algorithm of Meeus).
    @Sendable private static func easter(_ year: Int) -> CivilDate {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30, i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }

    /// The next `month`/`day` from today on (this year's, else next year's; February 29th is
    /// the 28th in a year without it).
    private static func upcoming(month: Int, day: Int, today: CivilDate) -> CivilDate {
        func on(_ year: Int) -> CivilDate { CivilDate(year: year, month: month, day: min(day, CivilDate.daysIn(month: month, year: year))) }
        let date = on(today.year)
        return date < today ? on(today.year + 1) : date
    }

    /// The next date, from today on, whose day of the month is `day`.
    private static func nextDay(of day: Int, today: CivilDate) -> CivilDate {
        var (year, month) = (today.year, today.month)
        if day < today.day { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
        while day > CivilDate.daysIn(month: month, year: year) { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
        return CivilDate(year: year, month: month, day: day)
    }

    private static func valid(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        (1...12).contains(m) && d >= 1 && d <= CivilDate.daysIn(month: m, year: y)
    }

    private static func week(_ date: CivilDate) -> String {
        let (year, week) = date.isoWeek
        return "\(year)-W\(CivilDate.pad(week, 2))"
    }

    private static func month(_ year: Int, _ month: Int) -> String { "\(year)-\(CivilDate.pad(month, 2))" }
}
