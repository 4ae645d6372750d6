import NLU
import SkillModel
import Testing

/// What the user said is kept: a listed value inside a longer item ("milk" in "oat milk") may
/// add its canonical value, but never drops words from the slot's value.
@Suite struct WordsSaidTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"shopping helper","intents":[
          {"name":"AddItemIntent","slots":[{"name":"item","type":"ITEM"},{"name":"list","type":"LIST"}],
           "samples":["add {item}","add {item} to my list","add {item} to the {list} list","put {item} on my {list} list","i need {item}","remember to buy {item}"]},
          {"name":"RemoveItemIntent","slots":[{"name":"item","type":"ITEM"},{"name":"list","type":"LIST"}],
           "samples":["remove {item}","take {item} off my list","delete {item} from the {list} list","cross off {item}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"ITEM","values":[{"name":{"value":"milk"}},{"name":{"value":"bread"}},{"name":{"value":"eggs"}},{"name":{"value":"butter"}},
                                          {"name":{"value":"rice"}},{"name":{"value":"apples"}},{"name":{"value":"coffee"}}]},
                  {"name":"LIST","values":[{"name":{"value":"grocery"}},{"name":{"value":"costco"}},{"name":{"value":"hardware"}}]}]}}}
        """#)
    static let nlu = SkillNLU(skillID: "shopping", model: model)

    @Test(arguments: [
        ("add oat milk to the costco list", "oat milk"),
        ("add some almond butter to my list", "almond butter"),
        ("remove bread from my list", "bread"),
        ("add milk to my list", "milk"),
    ])
    func theItemIsWhatWasSaid(text: String, item: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name == "item" }?.value == item)
    }
}
