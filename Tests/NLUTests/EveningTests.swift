import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written as new users would (a garage door, a packing list, family contacts, a bird
/// log: Benchmarks/NLUBenchmarks/Data/evening), and what talking to them showed.
@Suite struct EveningTests {
    static let garage = try! FamilyTests.shipped("evening", "garage")
    static let contacts = try! FamilyTests.shipped("evening", "contacts")
    static let birds = try! FamilyTests.shipped("evening", "birdwatch")
    static let meals = try! FamilyTests.shipped("family", "meals")
    static let laundry = try! FamilyTests.shipped("evening", "laundry")
    static let packing = try! FamilyTests.shipped("evening", "packing")

    /// A question about the door is the status intent's, whose samples all ask in the open and
    /// close intents' words; a command is still the command, asked politely or not.
    @Test(arguments: [
        ("did i leave the garage open", "StatusIntent"), ("is the garage door shut", "StatusIntent"),
        ("open the garage", "OpenIntent"), ("can you close the garage door", "CloseIntent"),
    ])
    func aQuestionIsNoCommand(text: String, intent: String) throws {
        let best = try #require(Self.garage.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(best)")
    }

    /// A listed value said with its possessive is that value, resolved.
    @Test(arguments: ["what's my mom's number", "what's the babysitter's number"])
    func aPossessiveNamesTheListedValue(text: String) throws {
        let best = try #require(Self.contacts.parse(Utterance(text)).first)
        let relation = try #require(best.slots.first { $0.name == "relation" }, "\(best)")
        #expect(["mom", "babysitter"].contains(relation.value))
        #expect(relation.resolution?.values.first?.name == relation.value)
    }

    /// A sentence naming a first name the skill's slot reads is no Stop because "i want to"
    /// opens "i want to stop"; "stop" itself still is.
    @Test func aNamedPersonIsNoStop() throws {
        #expect(Self.contacts.parse(Utterance("i want to talk to sarah")).first?.intent != "AMAZON.StopIntent")
        #expect(Self.contacts.parse(Utterance("stop")).first?.intent == "AMAZON.StopIntent")
    }

    /// A listed value, here in the plural, keeps a sentence of common words from being noise.
    @Test func aListedValueIsNoNoise() throws {
        let best = try #require(Self.birds.parse(Utterance("there are three robins on the lawn")).first)
        #expect(best.intent == "LogSightingIntent", "\(best)")
        #expect(best.slots.first { $0.name == "bird" }?.value == "robins")
    }

    /// Words that ask for a listed value are no part of it: the dish is "salmon".
    @Test func wordsBeforeAListedValueAreNotIt() throws {
        let best = try #require(Self.meals.parse(Utterance("i want salmon on thursday")).first)
        #expect(best.slots.first { $0.name == "dish" }?.value == "salmon", "\(best)")
    }

    /// A built-in commanded by name first, to a skill whose own samples never say the word, is
    /// that built-in, surely enough to end a session: never the intent one word away ("start
    /// the washer"). One the skill does not declare (pause) is its fallback's. A request that
    /// holds a value of the skill's stays its own.
    @Test(arguments: [
        ("stop the washer", "AMAZON.StopIntent"), ("please stop the dryer", "AMAZON.StopIntent"), ("can you stop the wash", "AMAZON.StopIntent"),
        ("cancel the dryer", "AMAZON.CancelIntent"), ("start the washer", "StartCycleIntent"), ("cancel the dryer for 20 minutes", "DryerIntent"),
        ("pause the washer", "AMAZON.FallbackIntent"),
    ])
    func aCommandedBuiltInIsNoOwnIntent(text: String, intent: String) throws {
        let best = try #require(Self.laundry.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(best)")
        if intent.hasPrefix("AMAZON.") { #expect(best.score >= 0.5) }
    }

    /// Said to no skill in session, it opens none: the routing model's lean to starting the
    /// wash is no request.
    @Test func aCommandedBuiltInOpensNoSkill() {
        let index = SkillIndex([Self.laundry, Self.garage])
        #expect(index.parse(Utterance("stop the washer")).isEmpty)
        #expect(index.parse(Utterance("start the washer")).first?.intent == "StartCycleIntent")
    }

    /// A word said plainly is no sample that says it negated, where another intent says it
    /// plainly: needing the boots packs them, not needing them takes them off.
    @Test(arguments: [("i'll need my hiking boots", "AddItemIntent"), ("i don't need my hiking boots", "RemoveItemIntent")])
    func aNegationIsNoPlainWord(text: String, intent: String) throws {
        let best = try #require(Self.packing.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(best)")
    }
}

extension EveningTests {
    /// All eight loaded, no skill named: what the sentence's form says against an intent (a
    /// word said the other way from its samples, a question to an intent that only tells)
    /// counts against the routing model's lean too, which sees words, not their form.
    @Test(arguments: [
        ("i'll need my hiking boots", "AddItemIntent"), ("i don't need my hiking boots", "RemoveItemIntent"),
        ("did i leave the garage open", "StatusIntent"),
    ])
    func theFormCountsNameFree(text: String, intent: String) throws {
        let best = try #require(Self.all.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(best)")
    }

    static let all = SkillIndex(["birdwatch", "contacts", "flashcards", "fuel", "garage", "jokes", "laundry", "packing"].map { try! FamilyTests.shipped("evening", $0) })

    /// Nor does the routing model's lean alone, where no skill reads the sentence, start the
    /// washer for a question: "is the wash almost finished" asks, and every sample of starting
    /// a cycle tells.
    @Test func aQuestionStartsNothingNameFree() {
        #expect(Self.all.parse(Utterance("is the wash almost finished")).first?.intent != "StartCycleIntent")
    }
}
