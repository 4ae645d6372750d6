@testable import NLU
import SkillModel
import Testing

@Suite struct ParticleShiftTests {
    /// A particle moves across an object of a few words that ends the sample, either way.
    @Test(arguments: [("turn up the heat", "turn the heat up"), ("turn the heat down", "turn down the heat"),
                      ("turn on the {mode}", "turn the {mode} on"), ("pick the {item} up", "pick up the {item}"),
                      ("please turn off all the lights", "please turn all the lights off")])
    func theParticleCrossesTheObject(sample: String, variant: String) {
        #expect(ParticleShift.variant(of: sample) == variant)
    }

    /// Not across a pronoun, a verb of being, a preposition or a long object.
    @Test(arguments: ["turn it up", "are the lights on", "look up the word in the dictionary", "set the {room} to {temperature}",
                      "turn up the volume of the living room speaker", "the lights are off", "go up"])
    func noVariantWhereNoneIsSaid(sample: String) {
        #expect(ParticleShift.variant(of: sample) == nil)
    }

    /// A thermostat whose samples say "turn up the heat" hears "turn the heat up" as its own.
    @Test func aShiftedParticleIsTheSampleItShifts() throws {
        let model = try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"thermostat","intents":[
              {"name":"WarmerIntent","samples":["make it warmer","turn up the heat","i'm cold"]},
              {"name":"CoolerIntent","samples":["make it cooler","turn down the heat","i'm hot"]},
              {"name":"AMAZON.StopIntent","samples":[]}]}}}
            """#)
        let nlu = SkillNLU(skillID: "thermostat", model: model)
        #expect(nlu.parse(Utterance("turn the heat up")).first?.intent == "WarmerIntent")
        #expect(nlu.parse(Utterance("turn the heat down")).first?.intent == "CoolerIntent")
    }
}
