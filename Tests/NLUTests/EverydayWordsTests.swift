@testable import NLU
import SkillModel
import Testing

/// Three models written as a new user would (a houseplant log, a city transit guide, a movie
/// watchlist), read with words people use every day: a short spelling, "every other day", and
/// "that movie" for the one being talked about.
@Suite struct EverydayWordsTests {
    static let plants = try! LibraryAndTableTests.fixture("houseplants")
    static let transit = try! LibraryAndTableTests.fixture("citytransit")
    static let watchlist = try! LibraryAndTableTests.fixture("watchlist")

    /// A word said or typed short is the word it stands for, one for one; what was said stays
    /// the slot's value.
    @Test func aShortSpellingIsTheWordItStandsFor() throws {
        #expect(Tokenizer.tokens("how long till my train, thx").map(\.text) == ["how", "long", "until", "my", "train", "thanks"])
        let train = try #require(Self.transit.parse(Utterance("how long till my train")).first)
        #expect(train.intent.rawValue == "NextDepartureIntent")
        #expect(train.score >= 0.3, "as sure as 'how long until my train': \(train.score)")
        let by = try #require(Self.transit.parse(Utterance("i need to get to union square by 9 tmrw")).first)
        #expect(by.intent.rawValue == "PlanTripIntent")
        #expect(by.slots.first { $0.name.rawValue == "destination" }?.value == "union square")
    }

    /// "every other day" is a length of two days.
    @Test func everyOtherDayIsTwoDays() throws {
        let schedule = try #require(Self.plants.parse(Utterance("change basil to every other day")).first)
        #expect(schedule.intent.rawValue == "SetScheduleIntent")
        let every = try #require(schedule.slots.first { $0.name.rawValue == "every" })
        #expect(every.value == "P2D", "\(every)")
        #expect(every.spoken == "other day")
    }

    /// How often, answered as people answer it: counts in words, an adverb of the unit, and
    /// so many times a unit as the time between.
    @Test(arguments: [
        ("every couple of days", "couple of days", "P2D"), ("every few days", "few days", "P3D"), ("every second day", "second day", "P2D"),
        ("every third week", "third week", "P3W"), ("weekly", "weekly", "P1W"), ("daily", "daily", "P1D"),
        ("twice a week", "twice a week", "P3DT12H"), ("three times a day", "three times a day", "PT8H"), ("once a fortnight", "a fortnight", "P2W"),
    ])
    func howOftenIsTheTimeBetween(text: String, spoken: String, value: String) throws {
        let answer = try #require(Self.plants.parse(Utterance(text), eliciting: SkillNLU.Elicitation(intent: "SetScheduleIntent", slot: "every")).first)
        let every = try #require(answer.slots.first { $0.name.rawValue == "every" }, "\(text): \(answer)")
        #expect(every.spoken == spoken, "\(text)")
        #expect(every.value == value, "\(text)")
    }

    /// When, said vaguely after a name, is no part of it.
    @Test(arguments: [
        ("i want to see dune at some point", "dune"), ("remember casablanca sometime", "casablanca"), ("save arrival for later", "arrival"),
        ("add dune to my watchlist at some point", "dune"),
    ])
    func aVagueWhenEndsNoName(text: String, movie: String) throws {
        let best = try #require(Self.watchlist.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == "AddToWatchlistIntent", "\(text)")
        #expect(best.slots.first { $0.name.rawValue == "movie" }?.value == movie, "\(text): \(best.slots)")
    }

    /// A value ends before what the sentence goes on to say of it: when in a series ("next",
    /// "last"), the verb a question asked with "does" ends with, and a catalog name made of
    /// nothing but the model's own words and function words is none.
    @Test func aValueEndsWhereTheSentenceGoesOn() throws {
        let next = try #require(Self.plants.parse(Utterance("when should i water the orchid next")).first)
        #expect(next.slots.first { $0.name.rawValue == "plant" }?.value == "orchid")
        let last = try #require(Self.plants.parse(Utterance("when did i water the fern last")).first)
        #expect(last.slots.first { $0.name.rawValue == "plant" }?.value == "fern")
        let leave = try #require(Self.transit.parse(Utterance("what time does the next 47 leave")).first)
        #expect(leave.intent.rawValue == "NextDepartureIntent")
        #expect(leave.slots.first { $0.name.rawValue == "route" }?.spoken == "47")
        let put = try #require(Self.watchlist.parse(Utterance("what did i put on my watchlist")).first)
        #expect(put.slots.first { $0.name.rawValue == "movie" } == nil, "\(put)")
    }

    @Test func aCountInWordsIsALength() {
        #expect(DurationWords.read(["a", "couple", "of", "hours"]) == "PT2H")
        #expect(DurationWords.read(["a", "few", "minutes"]) == "PT3M")
        #expect(DurationWords.read(["couple"]) == nil)
        #expect(DurationWords.read(["twice"]) == nil)
        #expect(DurationWords.read(["second"]) == "PT1S", "a second alone is one")
    }

    /// A determiner and the slot's own name point at the thing being talked about: no value,
    /// so a dialog asks which. A title that merely holds the word is one.
    @Test(arguments: [
        ("that movie was a three out of five", "RateMovieIntent", nil as String?),
        ("add the movie to my watchlist", "AddToWatchlistIntent", nil),
        ("add the movie star to my watchlist", "AddToWatchlistIntent", "the movie star"),
        ("rate jaws five stars", "RateMovieIntent", "jaws"),
    ])
    func theThingTheSlotNamesIsNoValue(text: String, intent: String, movie: String?) throws {
        let best = try #require(Self.watchlist.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(text)")
        #expect(best.slots.first { $0.name.rawValue == "movie" }?.value == movie, "\(text): \(best.slots)")
    }
}
