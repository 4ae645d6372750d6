import Foundation
@testable import NLU
import SkillModel
import Testing

/// The values one skill alone lists, as the routing model reads them, and one intent alone, as a
/// skill's own classifier does.
@Suite struct ListedValueFeaturesTests {
    static let pool = RoutingModelTests.model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"front desk","intents":[
          {"name":"HoursIntent","slots":[{"name":"facility","type":"Facility"}],
           "samples":["when does the {facility} open","is the {facility} open","what are the {facility} hours"]},
          {"name":"TowelsIntent","samples":["bring me more towels","i need fresh towels"]}],
         "types":[{"name":"Facility","values":[{"name":{"value":"pool","synonyms":["swimming pool"]}},{"name":{"value":"gym"}},
                  {"name":{"value":"light"}},{"name":{"value":"the"}}]},
                  {"name":"Unused","values":[{"name":{"value":"sauna"}}]}]}}}
        """#)

    static let lamp = RoutingModelTests.model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"reading lamp","intents":[
          {"name":"OnIntent","slots":[{"name":"level","type":"Level"}],
           "samples":["turn on the reading light","set the lamp to {level}"]}],
         "types":[{"name":"Level","values":[{"name":{"value":"low"}},{"name":{"value":"gym"}}]}]}}}
        """#)

    @Test func aValueOneSkillAloneListsAndNoOtherSaysIsItsFeature() {
        let listed = ListedValueFeatures([("com.example.desk", Self.pool), ("com.example.lamp", Self.lamp)])
        let pool = listed.features(["what", "about", "the", "pool"])
        #expect(pool.count == ListedValueFeatures.weight)
        // A synonym is the same skill's feature, once however many of its values are said.
        #expect(listed.features(["the", "swimming", "pool"]) == pool)
        #expect(listed.features(["the", "pool", "and", "the", "swimming", "pool"]) == pool)
        // The lamp's "low" is the lamp's, not the desk's.
        let low = listed.features(["keep", "it", "low"])
        #expect(low.count == ListedValueFeatures.weight && low != pool)
    }

    @Test func aValueTwoSkillsListOrAnotherSaysOrAStopWordIsNone() {
        let listed = ListedValueFeatures([("com.example.desk", Self.pool), ("com.example.lamp", Self.lamp)])
        // Both list "gym"; the lamp says "light" in its samples; "the" is a stop word; no
        // intent uses the type that lists "sauna".
        for words in [["the", "gym"], ["a", "light"], ["the"], ["the", "sauna"], []] {
            #expect(listed.features(words).isEmpty, "\(words)")
        }
    }

    @Test func theRoutingModelUsesThemOnlyWithFewSamples() {
        #expect(RoutingModel.usesListedValues(samplesPerIntent: 10))
        #expect(!RoutingModel.usesListedValues(samplesPerIntent: 120))
    }

    static let shop = RoutingModelTests.model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"easy shop","intents":[
          {"name":"ReturnIntent","slots":[{"name":"reason","type":"Reason"},{"name":"pick","type":"Pick"}],
           "samples":["the item i got is {reason}","return it because it's {reason}"]},
          {"name":"SizeIntent","slots":[{"name":"size","type":"Size"}],"samples":["do you have it in {size}","show me {size}"]},
          {"name":"FitIntent","slots":[{"name":"size","type":"Size"}],"samples":["will {size} fit me"]},
          {"name":"ChooseIntent","slots":[{"name":"pick","type":"Pick"}],"samples":["i'll take {pick}"]},
          {"name":"ReviewIntent","slots":[{"name":"title","type":"Title"},{"name":"stars","type":"Stars"}],"samples":["rate {title} {stars}"]}],
         "types":[{"name":"Reason","values":[{"name":{"value":"damaged","synonyms":["doesn't work","too small"]}}]},
                  {"name":"Size","values":[{"name":{"value":"large"}}]},
                  {"name":"Pick","values":[{"name":{"value":"two","synonyms":["the blue one"]}}]},
                  {"name":"Stars","values":[{"name":{"value":"five","synonyms":["top marks"]}}]},
                  {"name":"Title","values":[{"name":{"value":"moby dick"}},{"name":{"value":"dune"}}]}]}}}
        """#)

    /// A skill's own classifier reads the values one of its intents alone lists, of a type
    /// whose values have synonyms (a closed set said many ways, not a few titles of an open
    /// one): a type two intents use vouches for neither, and a number for none.
    @Test func aValueOneIntentAloneListsIsThatIntentsFeature() {
        let listed = ListedValueFeatures(intentsOf: Self.shop, intents: Self.shop.intents)
        let broken = listed.features(["my", "lamp", "doesn't", "work"])
        #expect(broken.count == ListedValueFeatures.weight)
        #expect(listed.features(["my", "shoes", "are", "too", "small"]) == broken)
        #expect(listed.features(["top", "marks"]).count == ListedValueFeatures.weight)
        // "large" is listed for two intents; "the blue one" by a type two intents use; "five"
        // is a number; "dune" a title of a type without synonyms.
        for words in [["in", "large"], ["the", "blue", "one"], ["what's", "five", "plus", "five"], ["rate", "dune"]] {
            #expect(listed.features(words).isEmpty, "\(words)")
        }
    }

    /// "my lamp doesn't work", to a returns skill whose reason lists "doesn't work", is a
    /// return for that reason, not out of domain for the unknown "lamp"; "my shoes are too
    /// small" is a return for the wrong size.
    @Test func aSentenceNamingOneIntentsValueIsThatIntent() throws {
        let returns = try LibraryAndTableTests.fixture("returns")
        for (text, reason) in [("my lamp doesn't work", "damaged"), ("my shoes are too small", "wrong size")] {
            let best = try #require(returns.parse(Utterance(text)).first)
            #expect(best.intent == "StartReturnIntent" && best.score >= SkillIndex.floor, "\(text): \(best)")
            #expect(best.slots.first { $0.name == "reason" }?.resolution?.values.first?.name == reason, "\(text): \(best.slots)")
        }
    }
}
