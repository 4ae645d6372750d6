@testable import NLU
import SkillModel
import Testing

/// A car hire (a model written as a new user would) with two dates, picked up and returned:
/// the words before a date say which it is, and a date no such word leads is the one the
/// samples say alone.
@Suite struct SiblingSlotsTests {
    static let carHire = try! LibraryAndTableTests.fixture("carhire")

    @Test(arguments: [
        ("reserve a rental car at the phoenix airport tomorrow", "pickup"),
        ("i need a rental car for friday", "pickup"),
        ("rent a car in boston until sunday", "dropoff"),
        ("reserve a car in denver from monday", "pickup"),
    ])
    func aDateGoesWhereItsWordsOrTheSamplesPutIt(text: String, slot: String) throws {
        let best = try #require(Self.carHire.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == "RentCarIntent", "\(text)")
        let dates = best.slots.filter { ["pickup", "dropoff"].contains($0.name.rawValue) }.map(\.name.rawValue)
        #expect(dates == [slot], "\(text)")
    }
}
