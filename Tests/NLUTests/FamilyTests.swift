import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written as new users would (a guitar helper, a meal planner, a carpool, a history
/// quiz: Benchmarks/NLUBenchmarks/Data/family), and what talking to them showed.
@Suite struct FamilyTests {
    static func shipped(_ set: String, _ name: String) throws -> SkillNLU {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/NLUBenchmarks/Data/\(set)/models/\(name).json").standardized
        return SkillNLU(skillID: SkillID("\(set).\(name)"), model: try InteractionModel(parsing: String(contentsOf: file, encoding: .utf8)))
    }

    static let guitar = try! shipped("family", "guitar")
    static let tickets = try! shipped("weekend", "tickets")

    /// A word the model's own synonyms add to a value to say the same value ("standard" and
    /// "standard tuning"; "box" and "box seats") says the same after another value: "open g
    /// tuning" is "open g", "three balcony seats" three in the balcony.
    @Test(arguments: [("switch to open g tuning", "tuning", "open g"), ("can i get three balcony seats for wicked", "section", "balcony")])
    func aWordTheSynonymsAddNamesTheSameValue(text: String, slot: String, value: String) throws {
        let nlu = slot == "tuning" ? Self.guitar : Self.tickets
        let best = try #require(nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name.rawValue == slot }?.value == value, "\(best)")
    }
}
