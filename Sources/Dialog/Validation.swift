import SkillModel

/// What "today" and "now" are when a validation compares a DATE or TIME.
public struct DialogClock: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Minutes since midnight.
    public var minute: Int

    public init(year: Int, month: Int, day: Int, minute: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.minute = minute
    }

    /// Days since 1970-01-01 of a civil date (proleptic Gregorian).
    static func days(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    var dayNumber: Int { Self.days(year, month, day) }
}

extension SlotValidation.Rule {
    /// Whether the slot's value passes. A slot holding a list passes when every value does.
    public func accepts(_ slot: Slot, now: DialogClock) -> Bool {
        slot.values.allSatisfy { accepts($0, now: now) }
    }

    func accepts(_ value: SpokenValue, now: DialogClock) -> Bool {
        let spoken = value.value.lowercased()
        let resolved = value.resolvedValue?.name.lowercased()
        func inSet(_ set: [String]) -> Bool {
            set.contains { member in
                let member = member.lowercased()
                return member == spoken || member == resolved
            }
        }
        switch self {
        case .hasEntityResolutionMatch: return value.resolvedValue != nil
        case .isInSet(let set): return inSet(set)
        case .isNotInSet(let set): return !inSet(set)
        case .isGreaterThan(let bound): return Double(spoken).map { $0 > bound } ?? false
        case .isGreaterThanOrEqualTo(let bound): return Double(spoken).map { $0 >= bound } ?? false
        case .isLessThan(let bound): return Double(spoken).map { $0 < bound } ?? false
        case .isLessThanOrEqualTo(let bound): return Double(spoken).map { $0 <= bound } ?? false
        case .isInDuration(let start, let end): return Self.within(value.value, start: start, end: end, now: now) ?? false
        case .isNotInDuration(let start, let end): return !(Self.within(value.value, start: start, end: end, now: now) ?? true)
        }
    }

    /// Whether a DATE ("2026-11-23", "2026-11", "2026-W48") or TIME ("14:30") value lies within
    /// the bounds; nil when the value is neither.
    static func within(_ value: String, start: String?, end: String?, now: DialogClock) -> Bool? {
        if let minute = TimeValue.minutes(value) {
            let lower = start.flatMap { TimeValue.bound($0, now: now) } ?? Int.min
            let upper = end.flatMap { TimeValue.bound($0, now: now) } ?? Int.max
            return lower <= minute && minute <= upper
        }
        guard let range = DateValue.days(value) else { return nil }
        let lower = start.flatMap { DateValue.bound($0, now: now, end: false) } ?? Int.min
        let upper = end.flatMap { DateValue.bound($0, now: now, end: true) } ?? Int.max
        // A week or month is within when it overlaps the bounds, as "next week" is within
        // "the next 30 days".
        return range.lowerBound <= upper && range.upperBound >= lower
    }
}

/// ISO-8601 durations as dialog validations write them: "P1Y2M3W4D", "-P7D", "PT2H30M".
struct ISODuration: Equatable {
    var sign = 1
    var years = 0, months = 0, weeks = 0, days = 0
    var hours = 0, minutes = 0, seconds = 0

    init?(_ text: String) {
        var rest = Substring(text.uppercased())
        if rest.hasPrefix("-") { sign = -1; rest = rest.dropFirst() } else if rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var inTime = false
        var digits = ""
        var sawAny = false
        for character in rest {
            if character == "T" { inTime = true; continue }
            if character.isNumber { digits.append(character); continue }
            guard let n = Int(digits) else { return nil }
            digits = ""
            sawAny = true
            switch (character, inTime) {
            case ("Y", false): years = n
            case ("M", false): months = n
            case ("W", false): weeks = n
            case ("D", false): days = n
            case ("H", true): hours = n
            case ("M", true): minutes = n
            case ("S", true): seconds = n
            default: return nil
            }
        }
        guard digits.isEmpty, sawAny else { return nil }
    }
}

enum DateValue {
    /// The days a DATE slot value covers: a day, an ISO week ("2026-W48", "-WE" its weekend),
    /// a month or a year.
    static func days(_ value: String) -> ClosedRange<Int>? {
        let parts = value.split(separator: "-").map(String.init)
        guard let first = parts.first, first.count == 4, let year = Int(first) else { return nil }
        if parts.count == 1 { return DialogClock.days(year, 1, 1)...(DialogClock.days(year + 1, 1, 1) - 1) }
        if parts[1].hasPrefix("W"), let week = Int(parts[1].dropFirst()), (1...53).contains(week) {
            // ISO week 1 holds January 4th.
            let jan4 = DialogClock.days(year, 1, 4)
            let weekday = ((jan4 + 3) % 7 + 7) % 7  // 0 = Monday
            let monday = jan4 - weekday + (week - 1) * 7
            return parts.count > 2 && parts[2] == "WE" ? (monday + 5)...(monday + 6) : monday...(monday + 6)
        }
        guard let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        if parts.count == 2 {
            let next = month == 12 ? DialogClock.days(year + 1, 1, 1) : DialogClock.days(year, month + 1, 1)
            return DialogClock.days(year, month, 1)...(next - 1)
        }
        guard let day = Int(parts[2]), (1...31).contains(day) else { return nil }
        let n = DialogClock.days(year, month, day)
        return n...n
    }

    /// A bound as a day number: a duration from today, or an absolute date.
    static func bound(_ text: String, now: DialogClock, end: Bool) -> Int? {
        if let duration = ISODuration(text) {
            var year = now.year + duration.sign * duration.years
            var month = now.month + duration.sign * duration.months
            year += Int((Double(month - 1) / 12).rounded(.down))
            month = ((month - 1) % 12 + 12) % 12 + 1
            let lastDay = (month == 12 ? DialogClock.days(year + 1, 1, 1) : DialogClock.days(year, month + 1, 1)) - DialogClock.days(year, month, 1)
            return DialogClock.days(year, month, min(now.day, lastDay)) + duration.sign * (duration.weeks * 7 + duration.days)
        }
        guard let range = days(text) else { return nil }
        return end ? range.upperBound : range.lowerBound
    }
}

enum TimeValue {
    /// Minutes since midnight of a TIME value: "14:30", or the parts of the day Alexa sends
    /// (MO, AF, EV, NI) at their start.
    static func minutes(_ value: String) -> Int? {
        switch value {
        case "MO": return 6 * 60
        case "AF": return 12 * 60
        case "EV": return 18 * 60
        case "NI": return 21 * 60
        default: break
        }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return h * 60 + m
    }

    static func bound(_ text: String, now: DialogClock) -> Int? {
        if let duration = ISODuration(text) {
            return now.minute + duration.sign * (duration.hours * 60 + duration.minutes + duration.days * 24 * 60)
        }
        return minutes(text)
    }
}
