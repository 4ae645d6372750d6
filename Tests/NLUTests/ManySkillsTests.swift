import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills of different authors loaded side by side (`skillhost-nlu-bench --only together`
/// loads every shipped set at once), and what their meeting showed.
@Suite struct ManySkillsTests {
    /// The shipped sets' models of the given set and names.
    static func shipped(_ set: String, _ names: [String]) throws -> [SkillNLU] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/NLUBenchmarks/Data/\(set)/models").standardized
        return try names.map { name in
            SkillNLU(skillID: SkillID("\(set).\(name)"), model: try InteractionModel(parsing: String(contentsOf: folder.appendingPathComponent("\(name).json"), encoding: .utf8)))
        }
    }

    /// A phrase that only holds another skill's listed value ("a large pizza", which a hotel
    /// menu resolves to its "pizza") does not cover a value said as listed: the pizza shop's
    /// size "large" is the better reading, as each skill alone would have it.
    @Test func aPhraseHoldingAListedValueCoversNoListedValue() throws {
        let index = SkillIndex(try Self.shipped("assistant", ["pizza"]) + Self.shipped("daily", ["hotel"]) + Self.shipped("ported", ["coffee"]))
        let best = try #require(index.parse(Utterance("can i order a large pizza please")).first)
        #expect(best.skillID == "assistant.pizza", "\(best)")
        #expect(best.slots.first { $0.name == "size" }?.value == "large")
        #expect(index.parse(Utterance("can i get a club sandwich sent up")).first?.skillID == "daily.hotel")
    }

    /// A word another skill's reading says as a value its type lists counts against a reading
    /// that leaves it unexplained, as a word it says around its slots does: "what time does
    /// breakfast start" is the hotel's breakfast hours, not a home's scene "what time", though
    /// the home says "start" ("start {scene}") and the hotel does not.
    @Test func aWordARivalListsCountsAgainstAReadingThatLeavesItOut() throws {
        let index = SkillIndex(try Self.shipped("daily", ["hotel", "carcare", "library", "petcare", "phrasebook", "splitter", "sports", "trashday"])
            + Self.shipped("household", ["bank", "calls", "flights", "habits", "parking", "scenes", "timers"]))
        let best = try #require(index.parse(Utterance("what time does breakfast start")).first)
        #expect(best.skillID == "daily.hotel", "\(best)")
        #expect(best.slots.first?.value == "breakfast")
        #expect(index.parse(Utterance("start movie night")).first?.skillID == "household.scenes")
    }

    static let phone = SkillNLU(skillID: "phone", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"phone helper","intents":[\#(DailyErrandsTests.builtIns),
          {"name":"CallIntent","slots":[{"name":"name","type":"AMAZON.FirstName"}],"samples":["call {name}","phone {name}","give {name} a call"]}]}}}
        """#))

    /// A pronoun is nobody's first name: "call her back" calls nobody yet (the dialog asks
    /// whom), "call anna" calls Anna.
    @Test(arguments: [("call her back", nil), ("call him back", nil), ("call anna", "anna")])
    func aPronounIsNoFirstName(text: String, name: String?) throws {
        let best = try #require(Self.phone.parse(Utterance(text)).first)
        #expect(best.intent == "CallIntent")
        #expect(best.slots.first?.value == name, "\(best)")
    }

    /// A first name the name list does not hold, taken only because a sample puts a slot
    /// there, counts little inside a value another skill lists: "put lasagna down for sunday"
    /// is the meal planner's dish, not a carpool's driver "lasagna" (its samples say "put
    /// {driver} down for {day}"); a name the list holds still drives.
    @Test func anUnlistedNameInsideAnotherSkillsListedValueCountsLittle() throws {
        let index = SkillIndex(try Self.shipped("family", ["carpool", "meals", "sleep", "water"]))
        let best = try #require(index.parse(Utterance("put lasagna down for sunday")).first)
        #expect(best.skillID == "family.meals", "\(best)")
        #expect(index.parse(Utterance("put maria down for sunday")).first?.skillID == "family.carpool")
    }
}
