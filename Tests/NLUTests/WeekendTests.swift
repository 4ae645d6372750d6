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

    /// A pet clinic's booking, its pet's name an AMAZON.FirstName slot, as a new user writes it.
    static let clinic = SkillNLU(skillID: "clinic", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"pet clinic","intents":[\#(DailyErrandsTests.builtIns),
          {"name":"BookVisitIntent","slots":[{"name":"petName","type":"AMAZON.FirstName","samples":["{petName}","it's for {petName}","her name is {petName}","his name is {petName}"]},
            {"name":"date","type":"AMAZON.DATE","samples":["{date}","on {date}"]},{"name":"time","type":"AMAZON.TIME","samples":["{time}","at {time}"]}],
           "samples":["book a vet appointment","i need to bring {petName} in","schedule a checkup for {petName}","make an appointment for {petName} on {date} at {time}"]}]}}}
        """#))

    /// A name asked for is given as people name anyone, whether a list of first names holds it
    /// or not: "she's called mittens", "we call him buddy", "max is his name".
    @Test(arguments: [("she is called mittens", "mittens"), ("we call him buddy", "buddy"), ("max is his name", "max"), ("she's called luna", "luna")])
    func aNameIsGivenAsPeopleNameAnyone(text: String, name: String) throws {
        let best = try #require(Self.clinic.parse(Utterance(text), eliciting: SkillNLU.Elicitation(intent: "BookVisitIntent", slot: "petName")).first)
        #expect(best.intent == "BookVisitIntent")
        #expect(best.slots.first { $0.name == "petName" }?.value == name, "\(best)")
    }

    /// At the confirmation, a name said in a naming frame changes the name, listed or not, and
    /// a longer name holds a listed one: "no wait her name is luna belle", not "luna".
    @Test(arguments: [("no wait her name is luna belle", "luna belle"), ("actually she's called mittens", "mittens"), ("her name is bella", "bella")])
    func aNameChangedAtTheConfirmation(text: String, name: String) throws {
        let stated = Self.clinic.statedValues(Utterance(text), intent: "BookVisitIntent", except: nil, alone: true, given: ["petName", "date", "time"], today: CivilDate(year: 2026, month: 12, day: 5))
        #expect(stated.map(\.name) == ["petName"], "\(stated)")
        #expect(stated.first?.value == name)
    }

    /// A day and the part of it, answering which day, fill the intent's empty time slot too:
    /// "saturday morning" is saturday, in the morning.
    @Test func aPartOfTheDayAfterTheDayIsTheTime() throws {
        let best = try #require(Self.clinic.parse(Utterance("saturday morning"), eliciting: SkillNLU.Elicitation(intent: "BookVisitIntent", slot: "date"),
                                                  today: CivilDate(year: 2026, month: 12, day: 5)).first)
        #expect(best.slots.first { $0.name == "date" }?.value == "2026-12-05", "\(best)")
        #expect(best.slots.first { $0.name == "time" }?.value == "MO")
    }

    static let tips = try! shipped("tips")

    /// The one number no slot took is the intent's one empty number slot: "we owe 150 split it
    /// six ways" owes 150 among six; "split it six ways in 20 minutes" owes nothing said.
    @Test(arguments: [("we owe 150 split it six ways", "150"), ("split it six ways in 20 minutes", nil)])
    func theOneNumberLeftIsTheEmptyNumberSlot(text: String, bill: String?) throws {
        let best = try #require(Self.tips.parse(Utterance(text)).first)
        #expect(best.intent == "SplitIntent")
        #expect(best.slots.first { $0.name == "people" }?.value == "6")
        #expect(best.slots.first { $0.name == "bill" }?.value == bill, "\(best)")
    }
}
