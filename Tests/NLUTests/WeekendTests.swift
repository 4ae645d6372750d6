import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written as new users would (a ride booker, a currency converter:
/// Benchmarks/NLUBenchmarks/Data/weekend), and what talking to them showed.
@Suite struct WeekendTests {
    static func shipped(_ name: String) throws -> SkillNLU {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/NLUBenchmarks/Data/weekend/models/\(name).json").standardized
        return SkillNLU(skillID: SkillID(name), model: try InteractionModel(parsing: String(contentsOf: file, encoding: .utf8)))
    }

    static let rides = try! shipped("rides")
    static let currency = try! shipped("currency")

    /// A number said as a length of time is no time of day: "a ride downtown in ten minutes" is
    /// not at 10:00; "at ten" still is.
    @Test(arguments: [("i need a ride downtown in ten minutes", nil), ("book a car to work in 20 minutes", nil), ("get me a ride home at ten", "10:00")])
    func aLengthOfTimeIsNoTimeOfDay(text: String, time: String?) throws {
        let best = try #require(Self.rides.parse(Utterance(text)).first)
        #expect(best.intent == "BookRideIntent")
        #expect(best.slots.first { $0.name == "time" }?.value == time, "\(best)")
    }

    /// A number said before a listed value, in a span the tagger gave the listed value's slot,
    /// is the intent's number: "200 dollars" is the amount 200 in dollars.
    @Test func aNumberBeforeAListedValueIsTheAmount() throws {
        let best = try #require(Self.currency.parse(Utterance("how many pesos do i get for 200 dollars")).first)
        #expect(best.slots.first { $0.name == "amount" }?.value == "200", "\(best)")
        #expect(best.slots.contains { $0.spoken == "dollars" })
    }
}
