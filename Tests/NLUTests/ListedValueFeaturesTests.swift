import Foundation
@testable import NLU
import SkillModel
import Testing

/// The values one skill alone lists, as the routing model reads them.
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
}
