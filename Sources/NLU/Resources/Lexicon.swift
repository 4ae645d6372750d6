/// Word classes every model can use as features: dates and times, numbers, places. They let
/// the tagger recognise "next friday at 5 pm" or "Tajikistan" though no sample lists them.
enum Lexicon {
    enum WordClass: String, CaseIterable, Sendable {
        case month, weekday, dayPart, season, timeUnit, relativeTime, meridiem, clock, ordinal, year, number, holiday
        case weather, musicGenre, cuisine, eatery
    }

    static let classes: [String: [WordClass]] = {
        var table: [String: [WordClass]] = [:]
        func add(_ words: String, _ wordClass: WordClass) {
            for word in words.split(whereSeparator: { $0 == " " || $0 == "\n" }) where table[String(word)]?.contains(wordClass) != true {
                table[String(word), default: []].append(wordClass)
            }
        }
        add("january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec", .month)
        add("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun weekend weekday weekends", .weekday)
        add("morning afternoon evening night noon midnight tonight today tomorrow yesterday breakfast lunch dinner brunch supper dawn dusk sunrise sunset midday", .dayPart)
        add("spring summer fall autumn winter springtime summertime wintertime", .season)
        add("second seconds minute minutes hour hours day days week weeks month months year years decade decades century fortnight", .timeUnit)
        add("next last this coming following previous from now ago in within until before after later soon", .relativeTime)
        add("am pm a p m o'clock oclock", .meridiem)
        add("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth", .ordinal)
        add("christmas easter thanksgiving halloween hanukkah passover ramadan diwali valentine's valentines independence labor memorial veterans", .holiday)
        add(Domains.weatherConditions, .weather)
        add(Domains.musicGenres, .musicGenre)
        add(Domains.cuisines, .cuisine)
        add(Domains.restaurantKinds, .eatery)
        return table
    }()

    /// The classes a word (lower-cased) belongs to.
    static func classes(of word: String) -> [WordClass] {
        if let known = classes[word] { return known }
        if let first = word.first, first.isNumber {
            if word.count == 4, let year = Int(word), (1900...2100).contains(year) { return [.year, .number] }
            for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) && Int(word.dropLast(2)) != nil { return [.ordinal] }
            if word.hasSuffix("am") || word.hasSuffix("pm") { return [.meridiem, .number] }
            if TimeWords.written(word) != nil { return [.clock] }
            return [.number]
        }
        if NumberWords.units[word] != nil || NumberWords.tens[word] != nil || word == "hundred" || word == "thousand" { return [.number] }
        return []
    }

    /// Every place name's leading words, so a search for place names stops early.
    static let placePrefixes = PhrasePrefixes.of(places.keys)

    /// Place names as gazetteer entries: normalised words → "country" / "us_state".
    static let places: [String: [String]] = {
        var table: [String: [String]] = [:]
        for country in Places.countries where table[Tokenizer.normalize(country)]?.contains("country") != true {
            table[Tokenizer.normalize(country), default: []].append("country")
        }
        for state in Places.usStates {
            table[Tokenizer.normalize(state.name), default: []].append("us_state")
            table[state.abbreviation.lowercased(), default: []].append("us_state_code")
        }
        return table
    }()
}
