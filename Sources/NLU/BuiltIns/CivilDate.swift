/// A calendar date (proleptic Gregorian), with the arithmetic AMAZON.DATE needs.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A day written as AMAZON.DATE writes one, "2026-11-27"; nil for a week, a month or a
    /// year ("2026-W48", "2026-11"), which name no single day.
    public init?(iso text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in UTC.
    public static func today() -> CivilDate {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return CivilDate(daysSinceEpoch: Int(now.tv_sec) / 86_400)
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// The same day of the month `months` later (earlier when negative); the month's last day
    /// where it has fewer ("a month from january 31st" is february's last).
    public func adding(months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        return CivilDate(year: newYear, month: newMonth, day: min(day, Self.daysIn(month: newMonth, year: newYear)))
    }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var weekday: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 + 1 }

    /// ISO 8601 week-numbering year and week.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - weekday)
        let firstOfYear = CivilDate(year: thursday.year, month: 1, day: 1)
        return (thursday.year, (thursday.daysSinceEpoch - firstOfYear.daysSinceEpoch) / 7 + 1)
    }

    /// Whether the day lies in a period as AMAZON.DATE writes one: a week ("2026-W49"), its
    /// weekend ("2026-W49-WE"), a month ("2026-12") or a year ("2026"). False for a day, a
    /// season or a decade.
    public func falls(within period: String) -> Bool {
        let parts = period.split(separator: "-").map(String.init)
        guard let first = parts.first, first.count == 4, Int(first) != nil else { return false }
        if parts.count == 1 { return String(year) == first }
        if parts[1].hasPrefix("W"), let week = Int(parts[1].dropFirst()), parts.count <= 3 {
            guard isoWeek == (Int(first)!, week) else { return false }
            return parts.count == 2 || parts[2] == "WE" && weekday >= 6
        }
        guard parts.count == 2, let month = Int(parts[1]) else { return false }
        return String(year) == first && self.month == month
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// "2026-11-22".
    public var description: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    static func pad(_ n: Int, _ width: Int) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
