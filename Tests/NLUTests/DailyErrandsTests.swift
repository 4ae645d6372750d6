import Foundation
@testable import NLU
import SkillModel
import Testing

/// Skills written as new users would (a hotel's front desk, a car's service log, a bill
/// splitter: Benchmarks/NLUBenchmarks/Data/daily), and what talking to them showed.
@Suite struct DailyErrandsTests {
    static let builtIns = #"{"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}"#

    static let frontDesk = SkillNLU(skillID: "hotel", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"front desk","intents":[\#(builtIns),
          {"name":"AmenityHoursIntent","slots":[{"name":"facility","type":"FACILITY"}],"samples":["when does the {facility} open","what are the {facility} hours","is the {facility} open","until when is the {facility} open","what time does the {facility} close"]},
          {"name":"CheckoutIntent","samples":["what time is checkout","when do i have to check out","can i get a late checkout"]},
          {"name":"WifiIntent","samples":["what's the wifi password","how do i get on the wifi"]}],
         "types":[{"name":"FACILITY","values":[{"name":{"value":"pool","synonyms":["swimming pool"]}},{"name":{"value":"gym","synonyms":["fitness center"]}},{"name":{"value":"restaurant"}},{"name":{"value":"bar"}},{"name":{"value":"spa"}},{"name":{"value":"breakfast"}}]}]}}}
        """#))

    static let carCare = SkillNLU(skillID: "carcare", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"car care","intents":[\#(builtIns),
          {"name":"NextServiceIntent","slots":[{"name":"service","type":"SERVICE"}],"samples":["when is my next {service}","when do i need an {service}","when is the car due for service","is it time for an {service}","what maintenance is due"]},
          {"name":"LogMileageIntent","slots":[{"name":"miles","type":"AMAZON.NUMBER"}],"samples":["log {miles} miles","the odometer says {miles}","mileage is {miles}"]}],
         "types":[{"name":"SERVICE","values":[{"name":{"value":"oil change"}},{"name":{"value":"tire rotation","synonyms":["rotation"]}},{"name":{"value":"brake pads","synonyms":["brakes"]}},{"name":{"value":"inspection"}},{"name":{"value":"alignment","synonyms":["wheel alignment"]}}]}]}}}
        """#))

    /// A listed value with a word or two after it that no value says, an adverb of time or a
    /// word the skill's samples say ("what maintenance is due"), is that value: the tagger took
    /// "pool still" and "oil change due".
    @Test(arguments: [
        ("is the pool still open", "hotel", "facility", "pool"), ("what time does the spa close tonight", "hotel", "facility", "spa"),
        ("when's my next oil change due", "carcare", "service", "oil change"), ("do i need an alignment soon", "carcare", "service", "alignment"),
    ])
    func aListedValueEndsBeforeWordsNoValueSays(text: String, skill: String, slot: String, value: String) throws {
        let nlu = skill == "hotel" ? Self.frontDesk : Self.carCare
        let best = try #require(nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name.rawValue == slot }?.spoken == value, "\(best)")
    }

    /// Any other word after a listed one may be the rest of the name, as in a list that samples
    /// an open class (people, titles): "tom cruise" stays whole.
    @Test func aLongListsValueKeepsTheRestOfTheName() throws {
        let names = ["tom", "anna", "john", "mary", "peter", "lucy", "mark", "sara", "david", "emma", "paul", "kate", "james", "laura", "george",
                     "helen", "frank", "alice", "henry", "grace", "oscar", "ruth", "simon", "nina", "victor", "olga"]
        let values = names.map { #"{"name":{"value":"\#($0)"}}"# }.joined(separator: ",")
        let nlu = SkillNLU(skillID: "contacts", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"my contacts","intents":[\#(Self.builtIns),
              {"name":"FindContactIntent","slots":[{"name":"person","type":"PERSON"}],"samples":["what is {person}'s number","find {person}","look up {person}","show me the contact for {person}","find the email of {person}"]}],
             "types":[{"name":"PERSON","values":[\#(values)]}]}}}
            """#))
        let best = try #require(nlu.parse(Utterance("find the email of tom cruise")).first)
        #expect(best.slots.first?.spoken == "tom cruise", "\(best)")
    }

    /// A free-text value that holds every meaningful word of the sentence says nothing of what
    /// its skill is asked: with the library absent, "can you renew the hunger games" is no
    /// question for the trash guide's "can {thing} go in the compost", nor, with the bill
    /// splitter absent, "does sarah still owe me money"; "where does a pizza box go" still is
    /// one. (The daily set's eight skills, less the absent one.)
    @Test(arguments: [("can you renew the hunger games", "library"), ("does sarah still owe me money", "splitter"), ("when does max go to the vet", "petcare")])
    func aFreeTextValueHoldingTheWholeSentenceOpensNoSkill(text: String, absent: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/NLUBenchmarks/Data/daily/models").standardized
        let skills = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != absent + ".json" }.sorted().map { file in
            SkillNLU(skillID: SkillID(String(file.dropLast(".json".count))),
                     model: try InteractionModel(parsing: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }
        let index = SkillIndex(skills)
        #expect(skills.count == 7)
        let readings = index.parse(Utterance(text))
        #expect(readings.first?.skillID != "trashday", "\(readings.map { "\($0.skillID) \($0.intent) \($0.slots.map(\.spoken))" })")
        let bin = try #require(index.parse(Utterance("where does a pizza box go")).first)
        #expect(bin.intent == "WhichBinIntent" && bin.slots.first?.spoken.contains("pizza box") == true, "\(bin)")
    }

    /// Nobody's first name opens with an article: "what do i owe the library" is no friend's
    /// debt.
    @Test func aFirstNameOpensWithNoArticle() throws {
        let splitter = SkillNLU(skillID: "splitter", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"bill splitter","intents":[\#(Self.builtIns),
              {"name":"WhoOwesIntent","slots":[{"name":"friend","type":"AMAZON.FirstName"}],"samples":["how much does {friend} owe me","who owes me money","what do i owe {friend}","does {friend} owe me anything"]},
              {"name":"SplitBillIntent","slots":[{"name":"amount","type":"AMAZON.NUMBER"},{"name":"people","type":"AMAZON.NUMBER"}],"samples":["split {amount} dollars {people} ways","divide {amount} by {people}"]}],
             "types":[]}}}
            """#))
        let readings = splitter.parse(Utterance("what do i owe the library"))
        #expect(!readings.contains { $0.slots.contains { $0.name == "friend" && $0.spoken.hasPrefix("the") } }, "\(readings)")
        #expect(splitter.parse(Utterance("what do i owe sarah")).first?.slots.first?.spoken == "sarah")
    }
}
