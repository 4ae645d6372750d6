@testable import NLU
import SkillModel
import Testing

/// Built-in slot types, normalised as Alexa sends them. "Today" is Sunday 2026-11-22.
@Suite struct BuiltInSlotTypeTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)

    static func read(_ type: String, _ text: String) -> String? {
        guard let kind = BuiltInSlotTypes.kind(of: SlotTypeName(type)) else { return nil }
        return BuiltInSlotTypes.read(kind, words: Tokenizer.tokens(text).map(\.text), today: today)
    }

    /// A bare hour said instead of a time given after noon is in the half of the day nearer
    /// it; said with its half of the day, or instead of a morning time, it stands.
    @Test(arguments: [("6", "6", "17:45", "18:00"), ("09:30", "9:30", "19:00", "21:30"), ("09:00", "9", "13:00", nil), ("06:00", "6 am", "17:45", nil), ("06:00", "6", "07:00", nil)])
    func aBareHourInsteadOfALaterTimeIsInItsHalfOfTheDay(value: String, spoken: String, previous: String, expected: String?) {
        #expect(BuiltInSlotTypes.time(value == "6" ? "06:00" : value, spoken: spoken, after: previous) == expected)
    }

    /// A day lies in the week, the weekend, the month or the year AMAZON.DATE names.
    @Test func aDayFallsWithinAPeriod() {
        let sunday = CivilDate(year: 2026, month: 12, day: 6)
        #expect(sunday.falls(within: "2026-W49-WE"))
        #expect(sunday.falls(within: "2026-W49"))
        #expect(sunday.falls(within: "2026-12"))
        #expect(sunday.falls(within: "2026"))
        #expect(!CivilDate(year: 2026, month: 12, day: 4).falls(within: "2026-W49-WE"))
        #expect(!sunday.falls(within: "2026-W50"))
        #expect(!sunday.falls(within: "2026-12-06"))
        #expect(!sunday.falls(within: "2026-WI"))
    }

    @Test func civilDateArithmetic() {
        #expect(Self.today.weekday == 7)
        #expect(Self.today.isoWeek.week == 47)
        #expect(CivilDate(daysSinceEpoch: Self.today.daysSinceEpoch) == Self.today)
        #expect(CivilDate(year: 2024, month: 2, day: 28).adding(days: 1).description == "2024-02-29")
        #expect(CivilDate(year: 2026, month: 12, day: 31).adding(days: 1).description == "2027-01-01")
        #expect(CivilDate(year: 2021, month: 1, day: 3).isoWeek == (2020, 53))
        #expect(CivilDate(year: 2027, month: 1, day: 31).adding(months: 1).description == "2027-02-28")
        #expect(CivilDate(year: 2026, month: 11, day: 30).adding(months: 3).description == "2027-02-28")
        #expect(CivilDate(year: 2026, month: 1, day: 15).adding(months: -13).description == "2024-12-15")
    }

    @Test(arguments: [
        ("today", "2026-11-22"), ("tomorrow", "2026-11-23"), ("yesterday", "2026-11-21"),
        ("friday", "2026-11-27"), ("next friday", "2026-11-27"), ("sunday", "2026-11-22"), ("next sunday", "2026-11-29"),
        ("last monday", "2026-11-16"), ("march third", "2027-03-03"), ("the third of march", "2027-03-03"),
        ("december 25th", "2026-12-25"), ("march 3 2028", "2028-03-03"), ("july fourth twenty twenty seven", "2027-07-04"),
        ("this weekend", "2026-W47-WE"), ("next week", "2026-W48"), ("this month", "2026-11"), ("next month", "2026-12"),
        ("next year", "2027"), ("in two days", "2026-11-24"), ("three days ago", "2026-11-19"), ("2027", "2027"),
        ("2026-12-01", "2026-12-01"), ("11/30/2026", "2026-11-30"), ("the eighties", "198X"), ("march", "2027-03"),
        ("this summer", "2026-SU"), ("next winter", "2027-WI"), ("last fall", "2025-FA"), ("autumn", "2026-FA"),
        ("12/25", "2026-12-25"), ("the 5th", "2026-12-05"), ("monday the 30th", "2026-11-30"), ("christmas", "2026-12-25"),
        ("new year's day", "2027-01-01"), ("thanksgiving", "2026-11-26"), ("a week from today", "2026-11-29"),
        ("this coming friday", "2026-11-27"), ("a week from friday", "2026-12-04"), ("two days from tomorrow", "2026-11-25"),
        ("the third of next month", "2026-12-03"), ("friday after next", "2026-12-04"), ("labor day", "2027-09-06"),
        ("memorial day", "2027-05-31"), ("mother's day", "2027-05-09"), ("easter", "2027-03-28"), ("feb 29", "2027-02-28"),
        ("right now", "PRESENT_REF"), ("now", "PRESENT_REF"), ("last night", "2026-11-21"), ("yesterday afternoon", "2026-11-21"),
        ("tomorrow's", "2026-11-23"), ("friday's", "2026-11-27"), ("next week's", "2026-W48"),
        ("in three months", "2027-02-22"), ("a year from now", "2027-11-22"), ("six months ago", "2026-05-22"),
        ("in a month", "2026-12-22"), ("the weekend after next", "2026-W49-WE"), ("the week after next", "2026-W49"),
        ("the day after christmas", "2026-12-26"), ("the day before thanksgiving", "2026-11-25"), ("two days after friday", "2026-11-29"),
    ])
    func dates(text: String, value: String) {
        #expect(Self.read("AMAZON.DATE", text) == value)
    }

    @Test(arguments: ["banana", "february thirtieth", "next blursday", "0199", "ten thirty", "eleven fifteen", "month", "years from now", "six months",
                      "day", "a day", "three days", "a week", "two weeks"])
    func notDates(text: String) {
        #expect(Self.read("AMAZON.DATE", text) == nil)
    }

    @Test(arguments: [
        ("noon", "12:00"), ("midnight", "00:00"), ("seven thirty pm", "19:30"), ("7:30 pm", "19:30"), ("7 pm", "19:00"),
        ("7 p.m.", "19:00"), ("12 am", "00:00"), ("half past seven", "07:30"), ("quarter to eight", "07:45"),
        ("ten past nine", "09:10"), ("eight o'clock", "08:00"), ("nine fifteen", "09:15"), ("seven oh five", "07:05"),
        ("six in the evening", "18:00"), ("morning", "MO"), ("this afternoon", "AF"), ("tonight", "NI"), ("1930", "19:30"),
        ("18:28", "18:28"), ("7:05", "07:05"), ("7:05 pm", "19:05"), ("00:55 am", "00:55"), ("12:30 am", "00:30"),
        ("7pm", "19:00"), ("7:05pm", "19:05"), ("11am", "11:00"), ("12pm", "12:00"), ("half six", "06:30"),
        ("ten to five", "04:50"), ("twenty five to six", "05:35"), ("seven minutes to nine", "08:53"),
    ])
    func times(text: String, value: String) {
        #expect(Self.read("AMAZON.TIME", text) == value)
    }

    /// Words that leave nothing once a meridiem or "o'clock" is taken off ("pm" once stopped the host).
    @Test(arguments: ["pm", "a m", "o'clock", "at the pm", "banana", "the", "9 to 5", "three to six"])
    func notTimes(text: String) {
        #expect(Self.read("AMAZON.TIME", text) == nil)
    }

    @Test(arguments: [
        ("five minutes", "PT5M"), ("two hours", "PT2H"), ("an hour and a half", "PT1H30M"), ("half an hour", "PT30M"),
        ("three days", "P3D"), ("two weeks", "P2W"), ("a year", "P1Y"), ("one hour and twenty minutes", "PT1H20M"),
        ("ten seconds", "PT10S"), ("two days and three hours", "P2DT3H"),
        ("1.5 hours", "PT1H30M"), ("two and a half hours", "PT2H30M"), ("a half hour", "PT30M"), ("two days and a half", "P2DT12H"),
        ("a quarter of an hour", "PT15M"), ("three quarters of an hour", "PT45M"), ("2h", "PT2H"), ("45min", "PT45M"), ("2h 30m", "PT2H30M"),
        ("half a year", "P6M"), ("half a day", "PT12H"), ("a fortnight", "P2W"), ("two fortnights", "P4W"),
        ("two more days", "P2D"), ("an extra hour", "PT1H"), ("three additional weeks", "P3W"),
    ])
    func durations(text: String, value: String) {
        #expect(Self.read("AMAZON.DURATION", text) == value)
    }

    @Test(arguments: [("first", "1"), ("third", "3"), ("21st", "21"), ("twenty third", "23"), ("the second", "2")])
    func ordinals(text: String, value: String) {
        #expect(Self.read("AMAZON.Ordinal", text) == value)
    }

    @Test(arguments: [("2026", "2026"), ("twenty twenty six", "2026"), ("nineteen eighty four", "1984"), ("one two three four", "1234"), ("2 0 2 6", "2026"),
                      ("twenty oh eight", "2008"), ("nineteen hundred", "1900"), ("two thousand and eight", "2008")])
    func fourDigitNumbers(text: String, value: String) {
        #expect(Self.read("AMAZON.FOUR_DIGIT_NUMBER", text) == value)
    }

    /// "twenty eight" is 28: a year said in pairs has two digits after the first pair.
    @Test(arguments: ["twenty eight", "twenty one", "28", "nineteen five"])
    func noFourDigitNumber(text: String) {
        #expect(Self.read("AMAZON.FOUR_DIGIT_NUMBER", text) == nil)
    }

    /// A number said in pairs, as prices and years are, is one number; "twenty five" is 25.
    @Test(arguments: [("twelve fifty", "1250"), ("one twenty", "120"), ("nineteen eighty four", "1984"), ("twenty five", "25"), ("a hundred and twenty", "120")])
    func numbersInPairs(text: String, value: String) {
        #expect(Self.read("AMAZON.NUMBER", text) == value)
    }

    /// An amount hedged is the amount.
    @Test(arguments: [
        ("AMAZON.DURATION", "about forty five minutes", "PT45M"), ("AMAZON.DURATION", "thirty minutes or so", "PT30M"),
        ("AMAZON.NUMBER", "around twenty", "20"), ("AMAZON.NUMBER", "roughly 300", "300"), ("AMAZON.TIME", "around seven thirty pm", "19:30"),
    ])
    func hedgedAmounts(type: String, text: String, value: String) {
        #expect(Self.read(type, text) == value)
    }

    /// Telephone numbers as Alexa sends them: the digits alone, a leading "plus" kept.
    @Test(arguments: [
        ("five five five one two one two", "5551212"), ("555-867-5309", "5558675309"), ("(509) 555-1212", "5095551212"),
        ("two oh six, five five five, zero one nine eight", "2065550198"), ("eight hundred five five five double two three four", "8005552234"),
        ("plus one four one five five five five twelve twelve", "+14155551212"), ("nine one four triple five eight eight two one", "9145558821"),
        ("six one seven five five five forty two eleven", "6175554211"),
    ])
    func phoneNumbers(text: String, value: String) {
        #expect(Self.read("AMAZON.PhoneNumber", text) == value)
    }

    /// Too few digits, words that are no digits, a "double" with nothing to double.
    @Test(arguments: ["five five five", "twelve", "call me maybe", "five five five one two one double", "hundred five five five one two", "plus"])
    func noPhoneNumber(text: String) {
        #expect(Self.read("AMAZON.PhoneNumber", text) == nil)
    }

    static let planner = SkillNLU(skillID: "com.example.planner", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"planner","intents":[
         {"name":"PlanIntent","slots":[{"name":"date","type":"AMAZON.DATE"},{"name":"time","type":"AMAZON.TIME"}],
          "samples":["plan something for {date}","plan something at {time}","plan something for {date} at {time}","remind me {date} at {time}"]},
         {"name":"TimerIntent","slots":[{"name":"length","type":"AMAZON.DURATION"}],"samples":["set a timer for {length}","start a {length} timer"]},
         {"name":"TravelIntent","slots":[{"name":"state","type":"AMAZON.US_STATE"},{"name":"country","type":"AMAZON.Country"}],
          "samples":["travel to {state}","travel to {country}"]},
         {"name":"AMAZON.StopIntent","samples":[]}]}}}
        """#))

    @Test(arguments: [
        ("plan something for tomorrow at seven thirty pm", "PlanIntent", ["date": "2026-11-23", "time": "19:30"]),
        ("remind me next friday at noon", "PlanIntent", ["date": "2026-11-27", "time": "12:00"]),
        ("set a timer for an hour and a half", "TimerIntent", ["length": "PT1H30M"]),
        ("travel to New Zealand", "TravelIntent", ["country": "New Zealand"]),
    ])
    func sentencesCarryNormalisedValues(text: String, intent: String, slots: [String: String]) throws {
        let best = try #require(Self.planner.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent.rawValue == intent)
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) }) == slots)
    }

    /// Counts past any use once overflowed the arithmetic and stopped the process.
    @Test(arguments: [
        ("AMAZON.NUMBER", "999999999999999999 hundred"), ("AMAZON.NUMBER", "99999999999999 thousand thousand"),
        ("AMAZON.DATE", "in 999999999999999999 weeks"), ("AMAZON.DATE", "999999999999999 days ago"),
        ("AMAZON.TIME", "quarter to 9223372036854775807"), ("AMAZON.DURATION", "1.5e300 hours"),
        ("AMAZON.Ordinal", "9223372036854775800 ninth"),
    ])
    func absurdCountsAreNoValues(type: String, text: String) {
        #expect(Self.read(type, text) == nil)
    }

    @Test func absurdCountsInSentences() {
        for text in ["set a timer for 999999999999999999 hundred hours", "plan something for 9223372036854775807 weeks from now",
                     "plan something at quarter to 99999999999999999999", "start a 1.5e300 hours timer"] {
            // The process goes on (this once trapped), and no slot carries an absurd count.
            let slots = Self.planner.parse(Utterance(text), today: Self.today).flatMap(\.slots)
            #expect(!slots.contains { $0.value.filter(\.isNumber).count > 16 })
        }
    }
}

/// AMAZON.US_CITY and AMAZON.City list real cities: a quiz's bare "{city}" answer takes a city
/// and not any sentence, and a city is found wherever a weather question puts it.
@Suite struct CitySlotTests {
    static let quiz = SkillNLU(skillID: "test.quiz", model: try! InteractionModel(parsing: """
        {"interactionModel":{"languageModel":{"invocationName":"capital quiz","intents":[
          {"name":"AnswerIntent","slots":[{"name":"city","type":"AMAZON.US_CITY"}],"samples":["{city}","is it {city}","the answer is {city}"]},
          {"name":"HintIntent","samples":["give me a hint","i need a hint"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.HelpIntent","samples":[]}]}}}
        """))
    static let weather = SkillNLU(skillID: "test.weather", model: try! InteractionModel(parsing: """
        {"interactionModel":{"languageModel":{"invocationName":"weather buddy","intents":[
          {"name":"GetWeatherIntent","slots":[{"name":"city","type":"AMAZON.City"},{"name":"date","type":"AMAZON.DATE"}],
           "samples":["what's the weather","what's the weather in {city}","weather for {city} {date}","what's the weather like {date}","will it rain {date}"]},
          {"name":"GetTemperatureIntent","slots":[{"name":"city","type":"AMAZON.City"}],"samples":["how hot is it","what's the temperature in {city}","how cold is it in {city}"]}]}}}
        """))

    @Test(arguments: ["denver", "is it sacramento", "salt lake city"])
    func aBareCityAnswers(text: String) throws {
        let best = try #require(Self.quiz.parse(Utterance(text)).first)
        #expect(best.intent == "AnswerIntent")
        #expect(best.slots.first?.name == "city")
    }

    @Test func aCatchAllSampleTakesNoSentence() {
        let index = SkillIndex([Self.quiz, Self.weather])
        for text in ["play some jazz music", "what did you say", "how tall is mount everest"] {
            #expect(index.parse(Utterance(text)).first?.intent != "AnswerIntent", "\(text)")
        }
    }

    @Test(arguments: [
        ("what's the weather like in denver", "denver"), ("how hot is it in miami right now", "miami"),
        ("what's the weather in portland on december third", "portland"), ("weather for london tomorrow", "london"),
    ])
    func aCityIsFoundWhereverItIsSaid(text: String, city: String) throws {
        let best = try #require(Self.weather.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name == "city" }?.value == city)
    }
}

/// A birthday said in parts to a model of month, day and year slots (AMAZON.Month, Ordinal,
/// FOUR_DIGIT_NUMBER), day first or month first, with carrier words no sample has.
@Suite struct DatePartTests {
    static let birthday = SkillNLU(skillID: "test.birthday", model: try! InteractionModel(parsing: """
        {"interactionModel":{"languageModel":{"invocationName":"cake time","intents":[
          {"name":"CaptureBirthdayIntent","slots":[{"name":"month","type":"AMAZON.Month"},{"name":"day","type":"AMAZON.Ordinal"},{"name":"year","type":"AMAZON.FOUR_DIGIT_NUMBER"}],
           "samples":["{month} {day}","{month} {day} {year}","i was born on {month} {day}","my birthday is {month} {day} {year}","i was born in {year}"]},
          {"name":"DaysUntilIntent","samples":["how many days until my birthday","when is my birthday"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.HelpIntent","samples":[]}]}}}
        """))

    @Test(arguments: [
        ("it's on the 3rd of march", ["day": "3", "month": "march"]),
        ("i was born june twenty first", ["day": "21", "month": "june"]),
        ("the twelfth of may two thousand one", ["day": "12", "month": "may", "year": "2001"]),
        ("my birthday is july fourth nineteen ninety", ["day": "4", "month": "july", "year": "1990"]),
    ])
    func partsOfADate(text: String, slots: [String: String]) throws {
        let best = try #require(Self.birthday.parse(Utterance(text)).first)
        #expect(best.intent == "CaptureBirthdayIntent")
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value.lowercased()) }) == slots)
    }
}
