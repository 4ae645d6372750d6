import NLU
import SkillModel
import Testing

/// A value ends where the samples frame it: a type that lists both "grocery" and "grocery list"
/// (as exported models often do), with samples that say "{list} list", names the list
/// "grocery" in "what do i have on my grocery list", not "grocery list".
@Suite struct FramedValueEdgesTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"list keeper","intents":[
          {"name":"AddItemIntent","slots":[{"name":"item","type":"ITEM"},{"name":"list","type":"LIST"}],
           "samples":["add {item} to my {list} list","put {item} on the {list} list","add {item} to {list} list","i need {item} on my {list} list","add {item} to the {list}","add {item}"]},
          {"name":"ReadListIntent","slots":[{"name":"list","type":"LIST"}],
           "samples":["what's on my {list} list","read the {list} list","read my {list} list","what is on the {list}","read me my lists"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"ITEM","values":[{"name":{"value":"milk"}},{"name":{"value":"bread"}},{"name":{"value":"eggs"}},{"name":{"value":"apples"}}]},
                  {"name":"LIST","values":[{"name":{"value":"grocery"}},{"name":{"value":"grocery list"}},{"name":{"value":"shopping"}},
                                           {"name":{"value":"shopping list"}},{"name":{"value":"wish list"}},{"name":{"value":"costco"}}]}]}}}
        """#)
    static let nlu = SkillNLU(skillID: "lists", model: model)

    @Test(arguments: [
        ("what do i have on my grocery list", "ReadListIntent", "grocery"),
        ("please add juice to my grocery list", "AddItemIntent", "grocery"),
        // "wish" alone is no list the type names: the value keeps its "list".
        ("please add a bike to my wish list", "AddItemIntent", "wish list"),
    ])
    func theListEndsWhereTheSamplesFrameIt(text: String, intent: String, list: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent)
        #expect(best.slots.first { $0.name == "list" }?.value == list)
    }
}
