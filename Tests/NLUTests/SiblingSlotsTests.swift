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

    /// A change that names its slot: the name is no value of another slot that lists the word
    /// ("pickup" is a car class too).
    @Test func aSlotsNameInAChangeIsNoValue() {
        let given: Set<SlotName> = ["city", "pickup", "dropoff", "carClass"]
        let changed = Self.carHire.statedValues(Utterance("change the pickup to thursday"), intent: "RentCarIntent", except: nil, given: given)
        #expect(changed.map(\.name.rawValue) == ["pickup"])
        let car = Self.carHire.statedValues(Utterance("make it a pickup instead"), intent: "RentCarIntent", except: nil, given: given)
        #expect(car.map(\.name.rawValue) == ["carClass"], "a pickup truck is still a car class")
    }
}
