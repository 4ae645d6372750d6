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
