import SkillModel

/// Amazon's built-in slot types, read and normalised as Alexa sends them: AMAZON.NUMBER
/// "twenty five" → "25", AMAZON.DATE "next friday" → "2026-11-27", AMAZON.TIME "seven thirty
/// pm" → "19:30", AMAZON.DURATION "an hour and a half" → "PT1H30M", AMAZON.PhoneNumber "five
/// five five, twelve twelve" → "5551212", and the list types.
public enum BuiltInSlotTypes {
    public enum Kind: Sendable, Equatable {
        case number, fourDigitNumber, ordinal, date, time, duration, phoneNumber, searchQuery
        /// A built-in list (US_STATE, Country, FirstName, Animal): any words, with the table
        /// telling listed values apart. A closed list (Month, DayOfWeek) takes its values only.
        case list([String: String], closed: Bool)
        /// Another AMAZON type this project has no grammar for: taken as said.
        case other
    }

    /// The types of people's first names.
    public static let firstNameTypes: Set<SlotTypeName> = ["AMAZON.FirstName", "AMAZON.US_FIRST_NAME"]

    public static func kind(of type: SlotTypeName) -> Kind? {
        // A custom type's name is none of these: asked for every slot of every reading.
        guard type.isBuiltIn else { return nil }
        return switch type.rawValue {
        case "AMAZON.NUMBER": .number
        case "AMAZON.FOUR_DIGIT_NUMBER": .fourDigitNumber
        case "AMAZON.Ordinal": .ordinal
        case "AMAZON.DATE": .date
        case "AMAZON.TIME": .time
        case "AMAZON.DURATION": .duration
        case "AMAZON.PhoneNumber": .phoneNumber
        case "AMAZON.SearchQuery": .searchQuery
        case "AMAZON.US_STATE": .list(usStates, closed: false)
        case "AMAZON.Country": .list(countries, closed: false)
        case "AMAZON.Month": .list(months, closed: true)
        case "AMAZON.DayOfWeek": .list(weekdays, closed: true)
        case "AMAZON.US_CITY": .list(usCities, closed: false)
        case "AMAZON.City": .list(cities, closed: false)
        case _ where firstNameTypes.contains(type): .list(firstNames, closed: false)
        case "AMAZON.Animal": .list(animals, closed: false)
        case "AMAZON.Language": .list(languages, closed: false)
        case "AMAZON.Color": .list(colors, closed: false)
        default: type.isBuiltIn ? .other : nil
        }
    }

    /// The months, and their abbreviations as people type or say them ("feb", "sept").
    private static let months = listTable(monthNames)
        .merging(DateWords.months.filter { $0.key.count < 5 }.map { ($0.key, monthNames[$0.value - 1]) }) { listed, _ in listed }
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    // Each table is made once: `kind(of:)` is asked on every parse, and normalising several
    // thousand first names each time made a sentence for a skill with a FirstName slot take
    // 6-20 ms.
    private static let weekdays = listTable(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    private static let usStates = listTable(Places.usStates.map(\.name) + Places.usStates.map(\.abbreviation))
    private static let countries = listTable(Places.countries)
    private static let firstNames = listTable(FirstNames.all)
    private static let animals = listTable(Animals.all)
    private static let usCities = listTable(Places.usCities)
    private static let cities = listTable(Places.usCities + Places.worldCities)
    private static let languages = listTable(CommonLists.languages)
    private static let colors = listTable(CommonLists.colors)

    /// Whether the word (normalised) is a common first name (`FirstNames.all`).
    static func isFirstName(_ word: String) -> Bool { firstNames[word] != nil }

    private static func listTable(_ values: [String]) -> [String: String] {
        var table: [String: String] = [:]
        for value in values { table[Tokenizer.normalize(value)] = value }
        return table
    }

    /// Reads `words` (normalised) as the kind; the value Alexa would send, or nil when the
    /// words are not one of these.
    public static func read(_ kind: Kind, words: [String], today: CivilDate) -> String? {
        // An amount hedged is the amount: "about thirty minutes", "around seven", "ten or so".
        if [.number, .duration, .time].contains(kind) {
            let plain = unhedged(words)
            if plain.count < words.count { return read(kind, words: plain, today: today) }
        }
        return switch kind {
        case .number: NumberWords.spoken(words)
        case .fourDigitNumber: fourDigits(words)
        case .ordinal: (ordinal(words) ?? cardinalAsOrdinal(words)).map(String.init)
        case .date: DateWords.read(words, today: today)
        case .time: TimeWords.read(words)
        // A unit in the plural alone counts nothing said: "minutes" is no minute (though it
        // says when, for `SlotTypeMatcher.isTime`).
        case .duration: words.count == 1 && pluralUnits.contains(words[0]) ? nil : DurationWords.read(words)
        case .phoneNumber: PhoneNumberWords.read(words)
        case .searchQuery, .list, .other: nil
        }
    }

    /// Units of time in the plural.
    static let pluralUnits: Set<String> = ["years", "months", "fortnights", "weeks", "days", "hours", "hrs", "minutes", "mins", "seconds", "secs"]

    static let hedges: Set<String> = ["about", "around", "approximately", "roughly", "almost", "nearly"]

    /// The words without a hedge before them or "or so" after them.
    static func unhedged(_ words: [String]) -> [String] {
        var words = words[...]
        if words.count > 1, let first = words.first, hedges.contains(first) { words = words.dropFirst() }
        if words.count > 2, words.suffix(2).elementsEqual(["or", "so"]) { words = words.dropLast(2) }
        return Array(words)
    }

    static func fourDigits(_ words: [String]) -> String? {
        if words.count == 1, words[0].count == 4, words[0].allSatisfy(\.isNumber) { return words[0] }
        // Digit by digit: "one two three four".
        let digits = words.compactMap { word in word.count == 1 ? Int(word) : NumberWords.units[word] }.filter { $0 < 10 }
        if words.count == 4, digits.count == 4 { return digits.map(String.init).joined() }
        // A year said in pairs: "twenty twenty six" → 2026, "nineteen eighty four" → 1984,
        // "twenty oh eight" → 2008; "twenty eight" is 28, no year.
        if words.count >= 2 {
            for split in 1..<words.count {
                let rest = Array(words[split...])
                let oh = rest.count == 2 && ["oh", "o"].contains(rest[0])
                guard let high = NumberWords.value(of: Array(words[..<split])), let low = oh ? NumberWords.value(of: [rest[1]]) : NumberWords.value(of: rest),
                    (10...99).contains(high), oh ? (0...9).contains(low) : (10...99).contains(low)
                else { continue }
                return String(high * 100 + low)
            }
        }
        guard let value = NumberWords.value(of: words), (1000...9999).contains(value) else { return nil }
        return String(value)
    }

    static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
        "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40,
        "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100, "last": -1,
    ]

    /// A plain number said where a position is asked, as people say a date's day: "march three
    /// nineteen ninety", "november 7". One or two words, from 1 to 100 (no year).
    static func cardinalAsOrdinal(_ words: [String]) -> Int? {
        let words = words.first == "the" ? Array(words.dropFirst()) : words
        guard (1...2).contains(words.count), let value = NumberWords.value(of: words), (1...100).contains(value) else { return nil }
        return value
    }

    /// "third" → 3, "23rd" → 23, "twenty third" → 23.
    static func ordinal(_ words: [String]) -> Int? {
        guard let last = words.last else { return nil }
        var words = words
        if words.first == "the" { words.removeFirst() }
        guard !words.isEmpty else { return nil }
        if words.count == 1 {
            for suffix in ["st", "nd", "rd", "th"] where last.hasSuffix(suffix) {
                if let n = Int(last.dropLast(2)) { return n }
            }
        }
        guard let value = ordinalWords[words.last!], value > 0 else { return words.count == 1 ? ordinalWords[words[0]] : nil }
        if words.count == 1 { return value }
        guard let tens = NumberWords.value(of: Array(words.dropLast())), tens % 10 == 0, value < 10 else { return nil }
        return tens + value
    }
}
