@testable import NLU
import SkillModel
import Testing

/// "add sunscreen" to a packing list whose sample says "add {item} to my packing list".
@Suite struct UnsaidDestinationTests {
    static let place: Set<String> = ["packing", "list", "pack"]

    /// The sample without a destination that names the skill's own place.
    @Test(arguments: [("add {item} to my packing list", "add {item}"), ("put {item} on the list", "put {item}"),
                      ("please add {count} {item} to the list", "please add {count} {item}")])
    func theDestinationIsLeftUnsaid(sample: String, variant: String) {
        #expect(UnsaidDestination.variant(of: sample, placeWords: Self.place, othersOpen: ["take", "what"]) == variant)
    }

    /// Not a purpose ("to play music"), a place of words the skill says nowhere else ("to cool
    /// mode"), a place that holds a slot, a sample with no word of its own before the slot, or
    /// one whose first word opens another intent's samples.
    @Test(arguments: ["use {service} to play music", "set {device} to cool mode", "add {item} to my {list} list", "{item} to the list",
                      "take {item} off the list", "add {item}", "i packed {item}"])
    func noVariantWhereThePlaceSaysMore(sample: String) {
        #expect(UnsaidDestination.variant(of: sample, placeWords: Self.place.union(["play", "music"]), othersOpen: ["take"]) == nil)
    }

    @Test func aListedValueWithoutItsDestinationIsTheSamplesIntent() throws {
        let nlu = try FamilyTests.shipped("evening", "packing")
        let sunscreen = try #require(nlu.parse(Utterance("add sunscreen")).first)
        #expect(sunscreen.intent == "AddItemIntent" && sunscreen.score >= 0.99, "\(sunscreen)")
        #expect(sunscreen.slots.first { $0.name == "item" }?.value == "sunscreen")
        // Words the list does not hold are no item the shortened sample takes whole: a sentence
        // to a laundry skill holds no item "the washer on delicates".
        let washer = nlu.parse(Utterance("put the washer on delicates")).first
        #expect(washer?.slots.contains { $0.spoken == "the washer on delicates" } != true, "\(String(describing: washer))")
    }

    /// A thing the list does not hold, as short as the things it does, is an item of the
    /// sample said without its place ("add a hat" was noise to the packing list, 0.94); a
    /// longer span, or one with a place of its own, is not.
    @Test func aShortUnlistedThingWithoutItsDestinationIsAnItem() throws {
        let nlu = try FamilyTests.shipped("evening", "packing")
        for (sentence, item) in [("add a hat", "a hat"), ("add my rain jacket", "my rain jacket")] {
            let reading = try #require(nlu.parse(Utterance(sentence)).first)
            #expect(reading.intent == "AddItemIntent" && reading.score >= 0.5, "\(reading)")
            #expect(reading.slots.first { $0.name == "item" }?.value == item, "\(reading)")
        }
        for sentence in ["add milk to my shopping list", "add a hat and a scarf and some gloves"] {
            let reading = nlu.parse(Utterance(sentence)).first
            #expect(reading.map { $0.score < 0.5 || $0.slots.allSatisfy { $0.spoken != String(sentence.dropFirst(4)) } } ?? true, "\(String(describing: reading))")
        }
    }
}
