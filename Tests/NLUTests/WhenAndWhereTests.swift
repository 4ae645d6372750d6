import NLU
import SkillModel
import Testing

/// A weather skill written as people write one (few samples, AMAZON.US_CITY and AMAZON.DATE):
/// the place and the day are both heard, however the sentence orders them, and a date is one
/// value however many words it takes.
@Suite struct WhenAndWhereTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"weather watch","intents":[
          {"name":"GetWeatherIntent","slots":[{"name":"city","type":"AMAZON.US_CITY"},{"name":"date","type":"AMAZON.DATE"}],
           "samples":["what's the weather","what's the weather in {city}","weather for {city} {date}","what's the forecast for {date}",
                      "how's the weather in {city} on {date}","is it going to rain {date}","will it snow in {city}","what's the weather like {date}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[]}}}
        """#)
    static let nlu = SkillNLU(skillID: "weather", model: model)
    static let today = CivilDate(year: 2026, month: 11, day: 24)

    @Test(arguments: [
        ("weather in new york tomorrow", "new york", "2026-11-25"),
        ("weather in new york for tomorrow", "new york", "2026-11-25"),
        ("is it going to rain in chicago on friday", "chicago", "2026-11-27"),
    ])
    func thePlaceAndTheDayAreBothHeard(text: String, city: String, date: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "GetWeatherIntent")
        #expect(best.slots.first { $0.name == "city" }?.value == city)
        #expect(best.slots.first { $0.name == "date" }?.value == date)
    }

    /// A day said as the owner of what is asked about is the date.
    @Test(arguments: [("what's tomorrow's weather in boston", "2026-11-25"), ("what's friday's weather in denver", "2026-11-27")])
    func aDaySaidAsTheOwnerIsTheDate(text: String, date: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "GetWeatherIntent")
        #expect(best.slots.first { $0.name == "date" }?.value == date)
    }

    @Test func aDateIsOneValueHoweverLong() throws {
        // "weather for {city} {date}" would read the city "july fourth" and the year alone.
        let best = try #require(Self.nlu.parse(Utterance("weather for july fourth nineteen ninety"), today: Self.today).first)
        #expect(best.slots.map(\.name.rawValue) == ["date"])
        #expect(best.slots.first?.value == "1990-07-04")
    }

    /// A date said with a part of the day fills the intent's time slot with the part of the day,
    /// as Alexa does, in a sentence and as an answer; the weather skill, with no time slot, keeps
    /// it in the date.
    @Test func aPartOfTheDayIsTheTimeWhereTheIntentHasOne() throws {
        let visits = SkillNLU(skillID: "visits", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"net help","intents":[
              {"name":"AppointmentIntent","slots":[{"name":"date","type":"AMAZON.DATE"},{"name":"time","type":"AMAZON.TIME"}],
               "samples":["book a technician","schedule a technician visit for {date}","can someone come out {date} at {time}"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[]}}}
            """#))
        let said = try #require(visits.parse(Utterance("can someone come out tomorrow afternoon"), today: Self.today).first)
        let answered = try #require(visits.parse(Utterance("tomorrow afternoon"), eliciting: .init(intent: "AppointmentIntent", slot: "date"), today: Self.today).first)
        for best in [said, answered] {
            #expect(best.intent == "AppointmentIntent")
            #expect(best.slots.first { $0.name == "date" }?.value == "2026-11-25")
            #expect(best.slots.first { $0.name == "time" }?.value == "AF")
        }
        let later = try #require(visits.parse(Utterance("the 3rd in the morning"), eliciting: .init(intent: "AppointmentIntent", slot: "date"), today: Self.today).first)
        #expect(later.slots.first { $0.name == "date" }?.value == "2026-12-03")
        #expect(later.slots.first { $0.name == "time" }?.value == "MO")
        let weather = try #require(Self.nlu.parse(Utterance("what's the weather like tomorrow afternoon"), today: Self.today).first)
        #expect(weather.slots.first { $0.name == "date" }?.spoken == "tomorrow afternoon")
    }

    /// Two times said in turn are a span of time: a bare hour after the first ends after it,
    /// and one before a time after noon begins after noon; "9 to 5" and "ten to five" between
    /// a start and an end are two times, not minutes to the hour.
    @Test(arguments: [
        ("log a nap from noon to 2", "12:00", "14:00"), ("she slept from 1 to 3 pm", "13:00", "15:00"), ("she slept from 9 to 5", "09:00", "17:00"),
        ("she slept from ten to five", "10:00", "17:00"), ("she slept from 10 pm to 6", "22:00", "06:00"), ("log a nap from 10 to 2 pm", "10:00", "14:00"),
        ("log a nap from 1 to 3", "01:00", "03:00"),
    ])
    func twoTimesAreASpanOfTime(text: String, start: String, end: String) throws {
        let naps = SkillNLU(skillID: "naps", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"baby log","intents":[
              {"name":"LogSleepIntent","slots":[{"name":"start","type":"AMAZON.TIME"},{"name":"end","type":"AMAZON.TIME"},{"name":"baby","type":"AMAZON.FirstName"}],
               "samples":["{baby} slept from {start} to {end}","log a nap from {start} to {end}","she slept from {start} to {end}","{baby} fell asleep at {start}","{baby} woke up at {end}","log a nap"]},
              {"name":"LogDiaperIntent","samples":["log a diaper change","changed a diaper"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[]}}}
            """#))
        let best = try #require(naps.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "LogSleepIntent")
        #expect(best.slots.first { $0.name == "start" }?.value == start)
        #expect(best.slots.first { $0.name == "end" }?.value == end)
    }

    /// Two days said in turn are a span of days: a later day that would fall before the first
    /// is the first such day after it (said on Saturday, November 28th).
    @Test(arguments: [
        ("i need a car from friday to monday", "2026-12-04", "2026-12-07"), ("i need a car from december 28th to the 3rd", "2026-12-28", "2027-01-03"),
        ("i need a car from december 30th to january 2nd", "2026-12-30", "2027-01-02"), ("i need a car from monday to friday", "2026-11-30", "2026-12-04"),
        ("i need a car from friday to friday", "2026-12-04", "2026-12-11"),
    ])
    func twoDaysAreASpanOfDays(text: String, pickup: String, back: String) throws {
        let rental = SkillNLU(skillID: "rental", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"car rental","intents":[
              {"name":"RentCarIntent","slots":[{"name":"city","type":"AMAZON.US_CITY"},{"name":"pickupDate","type":"AMAZON.DATE"},{"name":"returnDate","type":"AMAZON.DATE"}],
               "samples":["rent a car","i need a car in {city}","i need a car from {pickupDate} to {returnDate}","pick up on {pickupDate} and return on {returnDate}","rent a car in {city} on {pickupDate}"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[]}}}
            """#))
        let best = try #require(rental.parse(Utterance(text), today: CivilDate(year: 2026, month: 11, day: 28)).first)
        #expect(best.slots.first { $0.name == "pickupDate" }?.value == pickup)
        #expect(best.slots.first { $0.name == "returnDate" }?.value == back)
    }

    /// A number said before the word (or the slot) the samples say after a number slot is that
    /// slot's, where the tagger left it out or gave it a sibling: "three sets of ten lunges" is
    /// three sets of ten; "i did ten lunges" ten reps, not ten sets ("i did {sets} sets of").
    @Test(arguments: [("three sets of ten lunges", "3", "10"), ("four sets of twenty five squats", "4", "25"), ("i did 3 sets of 12 squats", "3", "12"), ("log 20 pushups", nil, "20"), ("i did ten lunges", nil, "10")])
    func aNumberBeforeTheWordAfterItsSlotIsThatSlots(text: String, sets: String?, reps: String) throws {
        let counter = SkillNLU(skillID: "reps", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"rep counter","intents":[
              {"name":"LogSetIntent","slots":[{"name":"sets","type":"AMAZON.NUMBER"},{"name":"reps","type":"AMAZON.NUMBER"},{"name":"exercise","type":"EXERCISE"},{"name":"weight","type":"AMAZON.NUMBER"}],
               "samples":["i did {sets} sets of {reps} {exercise}","log {reps} {exercise}","log {sets} sets of {reps} {exercise} at {weight} pounds","i just did {reps} {exercise}","{reps} {exercise}","add {sets} sets of {exercise}"]},
              {"name":"TotalsIntent","slots":[{"name":"exercise","type":"EXERCISE"},{"name":"date","type":"AMAZON.DATE"}],"samples":["how many {exercise} did i do {date}","what did i do {date}"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[{"name":"EXERCISE","values":[{"name":{"value":"push ups","synonyms":["pushups"]}},{"name":{"value":"squats"}},{"name":{"value":"lunges"}},{"name":{"value":"sit ups"}}]}]}}}
            """#))
        let best = try #require(counter.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "LogSetIntent")
        #expect(best.slots.first { $0.name == "sets" }?.value == sets)
        #expect(best.slots.first { $0.name == "reps" }?.value == reps)
    }

    /// A value of a type that lists no times ends before a time said after a preposition,
    /// whether a sample or the tagger took the span.
    @Test(arguments: [("turn off the sound in 30 minutes", "sound"), ("turn off the radio at 5 pm", "radio"), ("turn on the lights in the kitchen", "lights")])
    func aValueEndsBeforeATime(text: String, device: String) throws {
        let home = SkillNLU(skillID: "home", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"smart home","intents":[
              {"name":"TurnOnIntent","slots":[{"name":"device","type":"DEVICE"}],"samples":["turn on the {device}","switch on the {device}"]},
              {"name":"TurnOffIntent","slots":[{"name":"device","type":"DEVICE"}],"samples":["turn off the {device}","switch off the {device}","turn the {device} off"]},
              {"name":"AMAZON.HelpIntent","samples":[]}],
             "types":[{"name":"DEVICE","values":[{"name":{"value":"lights"}},{"name":{"value":"fan"}},{"name":{"value":"tv"}},{"name":{"value":"heater"}}]}]}}}
            """#))
        let best = try #require(home.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.first { $0.name == "device" }?.value == device)
    }

    /// A time said with today's part of the day ("at 7 tonight") fills an empty date slot with
    /// today, and the time keeps its hour: the booking is not asked which day.
    @Test(arguments: [
        ("can someone come out at 7 tonight", "7", "19:00", "tonight"),
        ("can someone come out at 4 this afternoon", "4", "16:00", "this afternoon"),
        ("can someone come out at nine this morning", "nine", "09:00", "this morning"),
    ])
    func todaysPartOfTheDayIsTheDate(text: String, hour: String, time: String, day: String) throws {
        let visits = SkillNLU(skillID: "visits", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"net help","intents":[
              {"name":"AppointmentIntent","slots":[{"name":"date","type":"AMAZON.DATE"},{"name":"time","type":"AMAZON.TIME"}],
               "samples":["book a technician","schedule a technician visit for {date}","can someone come out {date} at {time}","can someone come out at {time}"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[]}}}
            """#))
        let best = try #require(visits.parse(Utterance(text), today: Self.today).first)
        let timeSlot = try #require(best.slots.first { $0.name == "time" })
        #expect(timeSlot.value == time)
        #expect(timeSlot.spoken == hour)
        let date = try #require(best.slots.first { $0.name == "date" })
        #expect(date.value == "2026-11-24")
        #expect(date.spoken == day)
        // The weather skill, with no time slot, is not given one.
        #expect(Self.nlu.parse(Utterance("will it snow in denver tonight"), today: Self.today).first?.slots.first { $0.name == "date" }?.value == "2026-11-24")
    }
}
