import Foundation
@testable import NLU
import SkillModel
import Testing

/// What people say in a dialog besides the bare value asked: a change of mind two slots could
/// take (a car's pick-up and return dates) and the answer to "which one?", a length of time
/// for the end of a span, the day a stay ends for its nights, a wait for a time, a number in
/// the unit the question names, a value amid other words, a listed "yes".
@Suite struct DialogAnswersTests {
    static func fixture(_ name: String) -> SkillNLU {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../SkillHostTests/Fixtures/\(name)-en-US.json").standardized
        return SkillNLU(skillID: SkillID(name), model: try! InteractionModel(parsing: String(contentsOf: file, encoding: .utf8)))
    }

    static let rent = fixture("rent")
    static let cleaning = fixture("cleaning")
    static let flight = fixture("flight")
    static let vet = fixture("vet")
    static let hotel = fixture("hotel")
    static let table = fixture("table")
    static let pizza = fixture("pizza")
    static let doctor = fixture("doctor")
    static let meetings = fixture("meetings")
    static let kitchen = fixture("kitchen")
    static let habits = fixture("habits")
    static let movies = fixture("movies")
    static let party = fixture("party")
    static let today = CivilDate(year: 2026, month: 12, day: 5)
    static let everySlot: Set<SlotName> = ["city", "pickupDate", "returnDate", "carSize", "driverAge"]

    /// Words two slots read as one value are not split for a third: "the twenty fourth", of two
    /// dates, is no driver aged twenty, and which date it changes is asked.
    @Test func aValueTwoSlotsReadIsNoPartOfAThirds() {
        let said = Utterance("no make it the twenty fourth")
        #expect(Self.rent.statedValues(said, intent: "RentCarIntent", except: nil, alone: true, given: Self.everySlot, today: Self.today).isEmpty)
        let undecided = Self.rent.undecidedChange(said, intent: "RentCarIntent", alone: true, given: Self.everySlot, today: Self.today)
        #expect(undecided.map(\.name) == ["pickupDate", "returnDate"])
        #expect(undecided.map(\.value) == ["2026-12-24", "2026-12-24"])
    }

    /// A frame tells which ("bring it back on the 24th"), and a sentence that says more than a
    /// change is none; with one of the two given there is nothing to ask.
    @Test func aFramedOrLongerSentenceIsNoUndecidedChange() {
        for text in ["no bring it back on the twenty fourth", "no make it the twenty fourth because my flight moved"] {
            #expect(Self.rent.undecidedChange(Utterance(text), intent: "RentCarIntent", alone: true, given: Self.everySlot, today: Self.today).isEmpty, "\(text)")
        }
        #expect(Self.rent.undecidedChange(Utterance("no make it the twenty fourth"), intent: "RentCarIntent", alone: true, given: ["pickupDate", "city"], today: Self.today).isEmpty)
        let cities = Self.flight.undecidedChange(Utterance("no i meant portland"), intent: "BookFlightIntent", given: ["origin", "destination", "departDate"], today: Self.today)
        #expect(cities.map(\.name) == ["origin", "destination"])
    }

    @Test(arguments: [
        ("the return date", "returnDate"), ("return", "returnDate"), ("when i bring it back", "returnDate"), ("the first one", "pickupDate"),
        ("the pickup date", "pickupDate"), ("the second", "returnDate"),
    ])
    func theAnswerNamesTheSlot(text: String, slot: String) {
        #expect(Self.rent.chosenSlot(Utterance(text), among: ["pickupDate", "returnDate"], intent: "RentCarIntent") == SlotName(slot))
    }

    @Test(arguments: [("where i'm flying to", "destination"), ("the one i'm leaving from", "origin"), ("the destination", "destination")])
    func theWordBeforeTheSlotNamesIt(text: String, slot: String) {
        #expect(Self.flight.chosenSlot(Utterance(text), among: ["origin", "destination"], intent: "BookFlightIntent") == SlotName(slot))
    }

    @Test(arguments: ["yes", "no", "the date", "both"])
    func anAnswerNamingNeitherIsNone(text: String) {
        #expect(Self.rent.chosenSlot(Utterance(text), among: ["pickupDate", "returnDate"], intent: "RentCarIntent") == nil)
    }

    @Test(arguments: [
        ("for a week", "2027-12-27"), ("three nights", "2027-12-23"), ("two weeks later", "2028-01-03"), ("a month", "2028-01-20"),
        ("ugh i'm not sure maybe ten days", "2027-12-30"), ("a fortnight", "2028-01-03"), ("the day after", "2027-12-21"), ("the next day", "2027-12-21"),
    ])
    func aLengthOfTimeEndsTheSpan(text: String, day: String) {
        #expect(Self.rent.dateAfter(Utterance(text), slot: "returnDate", intent: "RentCarIntent", start: "2027-12-20")?.value == day)
    }

    @Test(arguments: ["monday", "for two hours", "a week ago maybe", "chicago", "in ten days", "a week from now", "the day after tomorrow", "two days after christmas"])
    func anythingElseIsNoLength(text: String) {
        #expect(Self.rent.dateAfter(Utterance(text), slot: "returnDate", intent: "RentCarIntent", start: "2027-12-20") == nil)
        #expect(Self.rent.dateAfter(Utterance("for a week"), slot: "driverAge", intent: "RentCarIntent", start: "2027-12-20") == nil)
    }

    /// The one number said amid other words answers the number asked; two say nothing of which.
    @Test func theOneValueAmidOtherWordsAnswersTheSlotAsked() {
        #expect(Self.rent.loneValue(Utterance("my wife will drive she's 34"), intent: "RentCarIntent", slot: "driverAge")?.value == "34")
        #expect(Self.rent.loneValue(Utterance("my wife will drive, she's thirty four"), intent: "RentCarIntent", slot: "driverAge")?.value == "34")
        #expect(Self.rent.loneValue(Utterance("she's 34 and i'm 40"), intent: "RentCarIntent", slot: "driverAge") == nil)
        #expect(Self.rent.loneValue(Utterance("my wife will drive she's 34"), intent: "RentCarIntent", slot: "carSize") == nil)
    }

    /// A bare number answers a duration asked in the unit the question names.
    @Test(arguments: [
        ("3", "How many hours do you need?", "PT3H"), ("about forty five", "How many minutes?", "PT45M"), ("one", "How many hours do you need?", "PT1H"),
    ])
    func aBareNumberTakesTheUnitTheQuestionNames(text: String, question: String, value: String) {
        #expect(Self.cleaning.durationAnswer(Utterance(text), intent: "BookCleaningIntent", slot: "hours", question: question)?.value == value)
    }

    @Test(arguments: [("3", "How long should they stay?"), ("3", "Hours or minutes?"), ("three cleaners", "How many hours do you need?")])
    func noUnitOrMoreThanANumberIsNoDurationAnswer(text: String, question: String) {
        #expect(Self.cleaning.durationAnswer(Utterance(text), intent: "BookCleaningIntent", slot: "hours", question: question) == nil)
        #expect(Self.cleaning.durationAnswer(Utterance("3"), intent: "BookCleaningIntent", slot: "time", question: "How many hours?") == nil)
    }

    /// A length said for a count of a unit of time is that count: a night is a day of a stay.
    @Test(arguments: [
        ("for a week", "How many nights?", "7"), ("a fortnight", "How many nights?", "14"), ("um two weeks", "How many nights will you stay?", "14"),
        ("three nights", "How many nights?", "3"), ("two weeks", "How many weeks?", "2"),
    ])
    func aLengthIsACountOfTheUnitAsked(text: String, question: String, count: String) {
        #expect(Self.hotel.countOfLength(Utterance(text), intent: "BookRoomIntent", slot: "nights", question: question)?.value == count, "\(text)")
    }

    /// No one unit asked, a length that is no whole count of it, more than a length, or a slot
    /// that is no number: nothing.
    @Test(arguments: [
        ("for a week", "How long will you stay?"), ("a month", "How many nights?"), ("ten days", "How many weeks?"), ("7", "How many nights?"),
        ("for a week from friday", "How many nights?"),
    ])
    func noWholeCountOfTheUnitAskedIsNoCount(text: String, question: String) {
        #expect(Self.hotel.countOfLength(Utterance(text), intent: "BookRoomIntent", slot: "nights", question: question) == nil, "\(text)")
        #expect(Self.hotel.countOfLength(Utterance("for a week"), intent: "BookRoomIntent", slot: "checkIn", question: "How many nights?") == nil)
    }

    /// Said while free text is asked, a change of mind about another slot is that change.
    @Test func aChangeOfMindIsNoFreeText() {
        let given: Set<SlotName> = ["rooms", "date", "time", "hours"]
        #expect(Self.cleaning.changeOfMind(Utterance("wait, make it eleven"), intent: "BookCleaningIntent", except: "address", given: given).map(\.name) == ["time"])
        #expect(Self.cleaning.changeOfMind(Utterance("also the windows"), intent: "BookCleaningIntent", except: "address", given: given).map(\.name) == ["rooms"])
        #expect(Self.cleaning.changeOfMind(Utterance("it's 11 kitchen lane"), intent: "BookCleaningIntent", except: "address", given: given).isEmpty)
    }

    @Test(arguments: [("71 oak avenue", true), ("it's 71 oak avenue", true), ("that's wrong", false), ("not right", false), ("thanks", false)])
    func wordsAfterANoSayMoreThanIt(text: String, more: Bool) {
        #expect(BuiltInIntents.saysMoreThanDenial(text) == more)
    }

    /// A possessive of a word the samples say around the slots names no first name: "the
    /// vet's hours" has no pet called "vet" ("book a vet appointment"); "mittens's shots" does.
    @Test func aCarrierWordsPossessiveNamesNoOne() {
        let hours = Self.vet.parse(Utterance("what's the vet's hours on sunday"))
        #expect(!hours.contains { $0.slots.contains { $0.name == "petName" && $0.value == "vet's" || $0.value == "vet" } }, "\(hours)")
        let shots = Self.vet.parse(Utterance("when are mittens's vaccinations due")).first
        #expect(shots?.slots.first { $0.name == "petName" } != nil, "\(String(describing: shots))")
    }

    /// The day a stay ends, said for how many nights: the nights from the day it begins.
    @Test(arguments: [
        ("until the fifteenth", "How many nights?", "3"), ("we're leaving on monday", "How many nights?", "3"),
        ("till december nineteenth", "How many days?", "7"), ("through the twenty sixth", "How many weeks?", "2"),
    ])
    func theDayAStayEndsCountsItsNights(text: String, question: String, count: String) {
        // Saturday 12 December 2026 is a saturday.
        let found = Self.hotel.countUntil(Utterance(text), intent: "BookRoomIntent", slot: "nights", question: question, start: text == "we're leaving on monday" ? "2026-12-11" : "2026-12-12")
        #expect(found?.value == count)
    }

    @Test(arguments: [("until the fifteenth", "Which room?"), ("the fifteenth", "How many nights?"), ("until the twentieth", "How many weeks?"), ("three", "How many nights?")])
    func noEndOrNoCountIsNone(text: String, question: String) {
        #expect(Self.hotel.countUntil(Utterance(text), intent: "BookRoomIntent", slot: "nights", question: question, start: "2026-12-12") == nil)
    }

    /// Said after the one word the samples say before a first name ("under {guestName}"), a
    /// surname the name list lacks is the name; the party size asked waits.
    @Test func aNameLedByItsWordIsTheName() {
        let found = Self.table.statedValues(Utterance("under smith"), intent: "ReserveTableIntent", except: "partySize", given: ["restaurant"])
        #expect(found.map(\.name) == ["guestName"])
        #expect(found.first?.value == "smith")
        #expect(Self.table.statedValues(Utterance("under the table"), intent: "ReserveTableIntent", except: "partySize", given: ["restaurant"]).isEmpty)
    }

    @Test(arguments: [("in 30 minutes", 30), ("in like an hour and a half", 90), ("half an hour from now", 30), ("as soon as possible", 0), ("as soon as you can", 0), ("right now", 0), ("in two hours", 120)])
    func aWaitIsMinutesFromNow(text: String, minutes: Int) {
        #expect(Self.pizza.minutesFromNow(Utterance(text), intent: "OrderPizzaIntent", slot: "time") == minutes)
    }

    @Test func aWaitEndsAtATimeOfDay() {
        #expect(Self.pizza.timeFromNow(Utterance("in 30 minutes"), intent: "OrderPizzaIntent", slot: "time", now: 18 * 60 + 45)?.value == "19:15")
        #expect(Self.pizza.timeFromNow(Utterance("in two hours"), intent: "OrderPizzaIntent", slot: "time", now: 23 * 60)?.value == "01:00")
    }

    @Test(arguments: ["7:30", "thirty minutes", "in three days", "tomorrow"])
    func aTimeOfDayIsNoWait(text: String) {
        #expect(Self.pizza.minutesFromNow(Utterance(text), intent: "OrderPizzaIntent", slot: "time") == nil)
        #expect(Self.pizza.minutesFromNow(Utterance("in 30 minutes"), intent: "OrderPizzaIntent", slot: "size") == nil)
    }

    @Test(arguments: [("what crusts do you have", true), ("what are my options", true), ("which sizes are there", true), ("what can i choose from", true), ("large", false), ("what time is it", false)])
    func askingWhatOneMayChoose(text: String, asks: Bool) {
        #expect(BuiltInIntents.asksForOptions(Utterance(text).words) == asks)
    }

    /// A day said from today is that day, not moved past the start of a span.
    @Test func aDaySaidFromTodayStays() {
        #expect(BuiltInSlotTypes.date("2026-12-06", spoken: "tomorrow", following: "2026-12-11") == nil)
        #expect(BuiltInSlotTypes.date("2026-12-08", spoken: "in three days", following: "2026-12-11") == nil)
        #expect(BuiltInSlotTypes.date("2026-12-07", spoken: "monday", following: "2026-12-11") == "2026-12-14")
    }

    /// A value the asked slot's type lists, said alone, is that value: "yes" of a yes/no type.
    @Test func aListedValueSaidAloneIsTheAnswer() {
        #expect(Self.doctor.listedAnswer(Utterance("yes"), intent: "BookDoctorIntent", slot: "newPatient")?.resolution?.values.first?.name == "yes")
        #expect(Self.doctor.listedAnswer(Utterance("nope"), intent: "BookDoctorIntent", slot: "newPatient")?.spoken == "nope")
        #expect(Self.doctor.listedAnswer(Utterance("yes please"), intent: "BookDoctorIntent", slot: "newPatient") == nil)
        #expect(Self.doctor.listedAnswer(Utterance("yes"), intent: "BookDoctorIntent", slot: "doctor") == nil)
    }

    /// Asked which city, the words the city's own samples say around it name no city: "the
    /// airport" (of "at the {city} airport"); "denver airport" does.
    @Test func theSlotsOwnFrameWordsNameNoValue() {
        let airport = Self.rent.parse(Utterance("the airport"), eliciting: .init(intent: "RentCarIntent", slot: "city")).first
        #expect(!(airport?.slots.contains { $0.name == "city" } ?? false), "\(String(describing: airport))")
        let denver = Self.rent.parse(Utterance("denver airport"), eliciting: .init(intent: "RentCarIntent", slot: "city")).first
        #expect(denver?.slots.first { $0.name == "city" }?.value == "denver")
    }

    /// A name no list holds, said right after the word the samples say before a first name and
    /// before another value, is the name: "with priya tomorrow"; "with the team" names no one.
    @Test(arguments: [("set up a meeting with priya tomorrow at 3 for an hour about the budget", "priya"), ("set up a meeting with priya tomorrow", "priya"), ("set up a meeting with the team tomorrow", nil)])
    func aNameAfterItsLeadWordIsTheName(text: String, name: String?) throws {
        let best = try #require(Self.meetings.parse(Utterance(text)).first)
        #expect(best.intent == "ScheduleMeetingIntent")
        #expect(best.slots.first { $0.name == "person" }?.value == name, "\(best)")
    }

    /// A sample that says a lack before the slot ("i'm out of {ingredient}", "what can i use
    /// instead of {ingredient}") asks about what one has not got: "if i don't have buttermilk"
    /// keeps the buttermilk.
    @Test func aLackTheSamplesSayDeniesNothing() throws {
        let best = try #require(Self.kitchen.parse(Utterance("what can i use if i don't have buttermilk")).first)
        #expect(best.intent == "SubstituteIntent")
        #expect(best.slots.first { $0.name == "ingredient" }?.value == "buttermilk", "\(best)")
    }

    /// Asked which habit (a custom type), "in the morning" says when, not what; "yoga" is one.
    @Test func aPartOfTheDayIsNoValueOfACustomType() {
        let morning = Self.habits.parse(Utterance("in the morning"), eliciting: .init(intent: "SetGoalIntent", slot: "habit")).first
        #expect(morning?.slots.first { $0.name == "habit" } == nil, "\(String(describing: morning))")
        let yoga = Self.habits.parse(Utterance("yoga"), eliciting: .init(intent: "SetGoalIntent", slot: "habit")).first
        #expect(yoga?.slots.first { $0.name == "habit" }?.value == "yoga")
    }

    /// People counted with the speaker answer how many: "me and my two kids" is three tickets.
    @Test(arguments: [("just me", "1"), ("me and my wife", "2"), ("me and my two kids", "3"), ("me, my wife and our three kids", "5"), ("me and a friend", "2")])
    func peopleCountedWithTheSpeaker(text: String, count: String) {
        #expect(Self.movies.peopleCount(Utterance(text), intent: "BuyTicketsIntent", slot: "tickets")?.value == count)
    }

    @Test(arguments: ["three", "my two kids", "me and", "me too"])
    func noSpeakerCountedIsNone(text: String) {
        #expect(Self.movies.peopleCount(Utterance(text), intent: "BuyTicketsIntent", slot: "tickets") == nil)
        #expect(Self.movies.peopleCount(Utterance("me and my wife"), intent: "BuyTicketsIntent", slot: "movie") == nil)
    }
}

extension DialogAnswersTests {
    static let walker = fixture("walker")

    /// A listed value said with an article inside it is that value: "half an hour" is the dog
    /// walker's "half hour", not the "hour" it holds; in a one-shot and as an answer alike.
    @Test func aValueSaidWithAnArticleInsideIsThatValue() throws {
        let said = try #require(Self.walker.parse(Utterance("book a half an hour walk for biscuit"), today: Self.today).first)
        let length = try #require(said.slots.first { $0.name == "length" }, "\(said)")
        #expect(length.value == "half an hour")
        #expect(length.resolution?.values.first?.id == "SHORT")
        let asking = SkillNLU.Elicitation(intent: "BookWalkIntent", slot: "length")
        let answer = try #require(Self.walker.parse(Utterance("half an hour"), eliciting: asking, today: Self.today).first)
        #expect(answer.slots.first { $0.name == "length" }?.resolution?.values.first?.id == "SHORT", "\(answer)")
    }

    /// Asked the walk's length, "how long are the walks" asks in turn: it is a question, and
    /// chooses no "long" walk. Said as a request, a word after "how" stays a value where the
    /// model has one.
    @Test func aWordAskedAboutIsNoAnswer() throws {
        let asking = SkillNLU.Elicitation(intent: "BookWalkIntent", slot: "length")
        let best = Self.walker.parse(Utterance("how long are the walks"), eliciting: asking, today: Self.today).first
        #expect(best?.slots.contains { $0.name == "length" } != true, "\(String(describing: best))")
        #expect(SkillNLU.isQuestion(Utterance("how long are the walks").words))
        #expect(SkillNLU.isQuestion(Utterance("which crust is the thinnest").words))
        #expect(!SkillNLU.isQuestion(Utterance("how about an hour").words))
    }
}

extension DialogAnswersTests {
    static let bookClub = fixture("bookclub")

    /// A title said before a number of stars as the samples frame the stars ("{stars} stars")
    /// is two values; "the stars" alone stays a title.
    @Test(arguments: [("rate where the crawdads sing four stars", "where the crawdads sing", "4"), ("rate dune 4 stars", "dune", "4"), ("rate the stars", "the stars", nil)])
    func aNumberFramedAtTheEndOfATitleIsNoPartOfIt(text: String, title: String, stars: String?) throws {
        let best = try #require(Self.bookClub.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.first { $0.name == "title" }?.value == title, "\(best)")
        #expect(best.slots.first { $0.name == "stars" }?.value == stars, "\(best)")
    }

    /// A word that says which day or time, said on past a name, is no part of it.
    @Test func aTimeSaidAfterANameIsNoPartOfIt() throws {
        let best = try #require(Self.bookClub.parse(Utterance("we read circe this month"), today: Self.today).first)
        #expect(best.slots.first { $0.name == "title" }?.value == "circe", "\(best)")
    }

    /// Asked which book to rate, a book said in another intent's frame, with none of that
    /// intent's own words, is the answer; a walk's day said with the cancelling intent's own
    /// words is no answer for booking one.
    @Test func aValueOfTheAskedTypeInAnotherIntentsWordsAnswers() throws {
        let asking = SkillNLU.Elicitation(intent: "RateBookIntent", slot: "title")
        let best = try #require(Self.bookClub.parse(Utterance("we read circe this month"), eliciting: asking, today: Self.today).first)
        #expect(best.intent == "RateBookIntent", "\(best)")
        #expect(best.slots.first { $0.name == "title" }?.value == "circe")
        let suggested = try #require(Self.bookClub.parse(Utterance("suggest dune for next month"), eliciting: asking, today: Self.today).first)
        #expect(suggested.intent == "SuggestBookIntent")
        let day = SkillNLU.Elicitation(intent: "BookWalkIntent", slot: "date")
        #expect(Self.walker.parse(Utterance("call off friday"), eliciting: day, today: Self.today).first?.intent == "CancelWalkIntent")
    }

    /// Every word said as a value of a list is kept: a first name the built-in list does not
    /// know beside one it does, an everyday word beside a listed food, in an answer and in a
    /// one-shot request; an everyday word a one-slot sample encloses is that slot's value.
    @Test(arguments: [
        ("priya and tom", "InviteIntent.guests", ["priya", "tom"]), ("chips and milk", "BringIntent.food", ["chips", "milk"]),
        ("invite priya and tom", nil, ["priya", "tom"]), ("sam is bringing chips and milk", nil, ["chips", "milk"]),
        ("we need drinks and ice", nil, ["drinks", "ice"]), ("we need ice", nil, ["ice"]),
    ] as [(String, String?, [String])])
    func aListKeepsEveryValueSaid(text: String, eliciting: String?, values: [String]) {
        let said = Utterance(text)
        let readings = eliciting.map { asked in
            let parts = asked.split(separator: ".").map(String.init)
            return Self.party.parse(said, eliciting: SkillNLU.Elicitation(intent: IntentName(parts[0]), slot: SlotName(parts[1])), today: Self.today)
        } ?? Self.party.parse(said, today: Self.today)
        let slot = readings.first?.slots.first { ["guests", "food"].contains($0.name.rawValue) }
        #expect(slot?.values.map(\.value) == values, "\(text)")
    }
}
