import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written fresh as people write them (a parking meter, a garden, a kitchen's
/// conversions: Benchmarks/NLUBenchmarks/Data/errands), and what talking to them showed.
@Suite struct ErrandsTests {
    static let builtIns = DailyErrandsTests.builtIns

    static let kitchen = SkillNLU(skillID: "kitchen", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"kitchen math","intents":[\#(builtIns),
          {"name":"SubstituteIntent","slots":[{"name":"ingredient","type":"INGREDIENT"}],"samples":["what can i use instead of {ingredient}","substitute for {ingredient}","i'm out of {ingredient}","what can replace {ingredient}","i don't have any {ingredient}"]},
          {"name":"OvenIntent","slots":[{"name":"degrees","type":"AMAZON.NUMBER"}],"samples":["what is {degrees} fahrenheit in celsius","convert {degrees} degrees to celsius","what gas mark is {degrees}"]}],
         "types":[{"name":"INGREDIENT","values":[{"name":{"value":"buttermilk"}},{"name":{"value":"eggs","synonyms":["egg"]}},{"name":{"value":"baking powder"}},{"name":{"value":"sour cream"}}]}]}}}
        """#))

    static let parking = SkillNLU(skillID: "parking", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"parking buddy","intents":[\#(builtIns),
          {"name":"RememberSpotIntent","slots":[{"name":"level","type":"AMAZON.NUMBER"}],"samples":["i parked on level {level}","my car is on level {level}"]},
          {"name":"FindCarIntent","samples":["where did i park","where's my car","find my car"]},
          {"name":"PayParkingIntent","slots":[{"name":"duration","type":"AMAZON.DURATION"}],"samples":["pay for parking for {duration}","add {duration} to my meter","extend my parking by {duration}","pay for {duration} of parking","feed the meter"]}]}}}
        """#))

    /// The set's own garden helper: a smaller model's tagger never took "outside" into the plant.
    static let garden = SkillNLU(skillID: "garden", model: try! InteractionModel(parsing: String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/NLUBenchmarks/Data/errands/models/garden.json"), encoding: .utf8)))

    /// A negation the intent's own samples say before the slot ("i don't have any
    /// {ingredient}") denies nothing, with the sample's "any" said or not: the ingredient was
    /// dropped as denied when the sample's two last words held no negation.
    @Test(arguments: ["i don't have baking powder", "i do not have baking powder", "i don't have any baking powder"])
    func aNegationTheSamplesSayDeniesNothing(text: String) throws {
        let best = try #require(Self.kitchen.parse(Utterance(text)).first)
        #expect(best.intent == "SubstituteIntent")
        #expect(best.slots.first { $0.name == "ingredient" }?.spoken == "baking powder", "\(best)")
    }

    /// A quality denied less than fully is denied ("not so good today" was logged as happy);
    /// only "too" denies the excess alone ("isn't too far" says how far).
    @Test(arguments: ["not so good today", "i'm not very good today", "i'm not so happy today"])
    func aQualitySaidLessThanFullyIsDenied(text: String) throws {
        let journal = DialogAnswersTests.fixture("journal")
        let best = try #require(journal.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name == "mood" } == nil, "\(best)")
        let plain = try #require(journal.parse(Utterance("i'm feeling good today")).first)
        #expect(plain.slots.first { $0.name == "mood" }?.value == "good", "\(plain)")
    }

    /// A duration the tagger took only the end of ("five minutes" of "forty five minutes") is
    /// the whole duration said.
    @Test(arguments: ["i need another forty five minutes on my meter", "i need forty five minutes on my meter"])
    func aDurationIsAllItsWords(text: String) throws {
        let best = try #require(Self.parking.parse(Utterance(text)).first)
        let duration = try #require(best.slots.first { $0.name == "duration" }, "\(best)")
        #expect(duration.spoken == "forty five minutes")
        #expect(duration.value == "PT45M")
    }

    /// Nor is the fraction of one said whole with its number: "three and a half minutes",
    /// tagged "and a half minutes", was half a minute.
    @Test(arguments: [("three and a half minutes", "PT3M30S"), ("set a timer for two and a half hours", "PT2H30M")])
    func aDurationKeepsTheNumberBeforeItsFraction(text: String, value: String) throws {
        let best = try #require(DialogAnswersTests.fixture("kitchen").parse(Utterance(text)).first)
        let duration = try #require(best.slots.first { $0.name == "duration" }, "\(best)")
        #expect(duration.value == value, "\(best)")
    }

    /// Where a listed value is to go, said after it, is not part of its name.
    @Test func aPlaceSaidAfterAListedValueIsNotItsName() throws {
        let best = try #require(Self.garden.parse(Utterance("when can i plant my hydrangea outside")).first)
        #expect(best.intent == "PlantingTimeIntent")
        #expect(best.slots.first { $0.name == "plant" }?.spoken == "hydrangea", "\(best)")
    }
}
