import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written as new users would (a pill reminder, a plant log, a commute helper, a
/// workout log, a podcast player, a thermostat, a sleep tracker, a pet diary:
/// Benchmarks/NLUBenchmarks/Data/morning), and what talking to them showed.
@Suite struct MorningTests {
    static let names = ["commute", "medication", "petcare", "plants", "podcast", "sleep", "thermostat", "workout"]
    static let medication = try! FamilyTests.shipped("morning", "medication")
    static let all = SkillIndex(names.map { try! FamilyTests.shipped("morning", $0) })

    /// Where a thing goes, said past it, is no part of it: "add eggs to my shopping list", by
    /// a pill reminder's "add {medicine}", names no medicine "eggs to my shopping list"; with
    /// every skill loaded no skill takes it. A thing said alone is still added.
    @Test func aDestinationIsNoPartOfTheThing() throws {
        let alone = try #require(Self.medication.parse(Utterance("add eggs to my shopping list")).first)
        #expect(alone.slots.allSatisfy { !$0.value.contains("list") }, "\(alone)")
        #expect(Self.all.parse(Utterance("add eggs to my shopping list")).first == nil)
        let added = try #require(Self.medication.parse(Utterance("add vitamin c")).first)
        #expect(added.intent == "AddMedicineIntent" && added.slots.first?.value == "vitamin c", "\(added)")
    }
}

extension MorningTests {
    /// A word of a built-in's phrase ("done" of "i'm done") said beside a thing of the skill's
    /// own that no everyday sentence says is the skill's request, not a Stop that ends the
    /// session; the phrase said whole still stops.
    @Test func aRareValueOutweighsAWordOfStop() throws {
        let took = try #require(Self.medication.parse(Utterance("metformin done")).first)
        #expect(took.intent == "TookDoseIntent" && took.slots.first?.value == "metformin", "\(took)")
        #expect(Self.medication.parse(Utterance("i'm done")).first?.intent == "AMAZON.StopIntent")
        #expect(Self.medication.parse(Utterance("stop")).first?.intent == "AMAZON.StopIntent")
    }
}

extension MorningTests {
    static let plants = try! FamilyTests.shipped("morning", "plants")
    static let commute = try! FamilyTests.shipped("morning", "commute")

    /// A listed value asked about with "is" ends before what is asked of it: the plant is the
    /// "snake plant", not "snake plant thirsty"; the line the "red line".
    @Test func whatIsAskedOfAValueIsNoPartOfIt() throws {
        let plant = try #require(Self.plants.parse(Utterance("is my snake plant thirsty")).first)
        #expect(plant.slots.first { $0.name == "plant" }?.value == "snake plant", "\(plant)")
        let line = try #require(Self.commute.parse(Utterance("is the red line delayed")).first)
        #expect(line.slots.first { $0.name == "line" }?.value == "red line", "\(line)")
    }
}
