import SkillModel
import Testing

@Suite struct InteractionModelTests {
    static let valid = #"""
        {"interactionModel":{"languageModel":{"invocationName":"list o mat",
          "intents":[{"name":"AddItem","slots":[{"name":"item","type":"ITEM","multipleValues":{"enabled":true}},{"name":"count","type":"AMAZON.NUMBER"}],
                      "samples":["add {count} {item}","add {item}"]},
                     {"name":"AMAZON.StopIntent","samples":[]}],
          "types":[{"name":"ITEM","values":[{"id":"MILK","name":{"value":"milk","synonyms":["dairy"]}}]}],
          "modelConfiguration":{"fallbackIntentSensitivity":{"level":"HIGH"}}},
          "dialog":{"intents":[]},"prompts":[]}}
        """#

    @Test func readsAnAlexaModel() throws {
        let model = try InteractionModel(parsing: Self.valid)
        #expect(model.invocationName == "list o mat")
        #expect(model.intents.map(\.name) == ["AddItem", "AMAZON.StopIntent"])
        #expect(model.intent(named: "AddItem")?.slot(named: "count")?.type == "AMAZON.NUMBER")
        #expect(model.intent(named: "AddItem")?.slot(named: "item")?.multipleValues == true)
        #expect(model.intent(named: "AddItem")?.slot(named: "count")?.multipleValues == false)
        #expect(model.types.first?.values.first == SlotTypeValue(id: "MILK", value: "milk", synonyms: ["dairy"]))
        #expect(model.fallbackIntentSensitivity == .high)
        #expect(model.dialog == DialogModel(), "an empty dialog section is no dialog")
    }

    @Test(arguments: [
        (#"{"interactionModel":{}}"#, "$.interactionModel.languageModel: missing"),
        (#"{"interactionModel":{"languageModel":{"intents":[]}}}"#, "$.interactionModel.languageModel.invocationName: missing"),
        (#"{"interactionModel":{"languageModel":{"invocationName":"x","intents":[{"name":"A","slots":[{"name":"s","type":"NOPE"}]}]}}}"#, "$.interactionModel.languageModel.intents[0].slots[0].type"),
        (#"{"interactionModel":{"languageModel":{"invocationName":"x","intents":[{"name":"A","samples":["go {where}"]}]}}}"#, "$.interactionModel.languageModel.intents[0].samples[0]"),
        (#"{"interactionModel":{"languageModel":{"invocationName":"x","intents":[{"name":"A"},{"name":"A"}]}}}"#, "$.interactionModel.languageModel.intents[1].name"),
        (#"{"interactionModel":{"languageModel":{"invocationName":"x","intents":[],"modelConfiguration":{"fallbackIntentSensitivity":{"level":"LOUD"}}}}}"#, "fallbackIntentSensitivity.level"),
        (#"{"interactionModel":{"languageModel":{"invocationName":"x","intents":[{"name":"A","samples":[3]}]}}}"#, "$.interactionModel.languageModel.intents[0].samples[0]"),
    ])
    func refusesWhatAlexaWouldNotBuild(text: String, path: String) {
        #expect {
            try InteractionModel(parsing: text)
        } throws: { error in
            String(describing: error).contains(path)
        }
    }

    /// A model past a documented limit is refused at once, naming the limit and where.
    @Test func refusesAModelPastItsLimits() throws {
        func model(intents: [String] = [#"{"name":"A","samples":["go"]}"#], types: [String] = []) -> String {
            #"{"interactionModel":{"languageModel":{"invocationName":"x","intents":["# + intents.joined(separator: ",") + #"],"types":["# + types.joined(separator: ",") + "]}}}"
        }
        func refusal(_ text: String) -> String? {
            do {
                _ = try InteractionModel(parsing: text)
                return nil
            } catch { return error.description }
        }
        #expect(refusal(model()) == nil)
        let many = (0...ModelLimits.intents).map { #"{"name":"I\#($0)","samples":["go \#($0)"]}"# }
        #expect(refusal(model(intents: many)) == "$.interactionModel.languageModel.intents: 301 intents, over the limit of 300")
        let long = String(repeating: "la ", count: 400)
        #expect(refusal(model(intents: [#"{"name":"A","samples":["go","\#(long)"]}"#])) == "$.interactionModel.languageModel.intents[0].samples[1]: 1200 characters long, over the limit of 1000")
        let values = (0..<60_000).map { #"{"name":{"value":"v\#($0)","synonyms":["s\#($0)"]}}"# }.joined(separator: ",")
        let typed = model(intents: [#"{"name":"A","slots":[{"name":"s","type":"T"}],"samples":["go {s}"]}"#], types: [#"{"name":"T","values":["# + values + "]}", #"{"name":"U","values":["# + values + "]}"])
        #expect(refusal(typed) == "$.interactionModel.languageModel.types[1].values: 240000 values and synonyms so far, over the limit of 150000")
        let huge = String(repeating: " ", count: ModelLimits.jsonBytes) + model()
        #expect(refusal(huge) == "$: the model is \(huge.utf8.count) bytes, over the limit of 16 MiB")
    }

    @Test func manifestChecksIdentity() throws {
        let manifest = try SkillManifest(parsing: #"{"id":"com.example.x","name":"X","version":"1.0","appGroups":["group.com.example"]}"#)
        #expect(manifest.locales == ["en-US"])
        #expect(manifest.appGroups == ["group.com.example"])
        #expect(throws: ModelError.self) { try SkillManifest(parsing: #"{"id":"nodots","name":"X","version":"1"}"#) }
        #expect(throws: ModelError.self) { try SkillManifest(parsing: #"{"id":"com.x.y","name":"X","version":"1","appGroups":["shared"]}"#) }
        #expect(try SkillManifest(validating: manifest.json) == manifest)
    }

    @Test func aPromptVariationNamingAnEmptySlotIsLeftOut() throws {
        let model = try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"birthdays","intents":[
              {"name":"Register","slots":[{"name":"day","type":"AMAZON.NUMBER"},{"name":"year","type":"AMAZON.FOUR_DIGIT_NUMBER"}],"samples":["register"]}]},
             "dialog":{"intents":[{"name":"Register","slots":[{"name":"day","type":"AMAZON.NUMBER","elicitationRequired":true,"prompts":{"elicitation":"Elicit.day"}}]}]},
             "prompts":[{"id":"Elicit.day","variations":[{"type":"PlainText","value":"in {year}, but which day?"},{"type":"PlainText","value":"which day?"}]}]}}
            """#)
        let dialog = model.dialog
        let empty = Intent(name: "Register", slots: [Slot(name: "day"), Slot(name: "year")])
        #expect((0..<4).map { dialog.render("Elicit.day", pick: $0, intent: empty) } == Array(repeating: "which day?", count: 4))
        let known = Intent(name: "Register", slots: [Slot(name: "day"), Slot(name: "year", value: "1990")])
        #expect(Set((0..<4).map { dialog.render("Elicit.day", pick: $0, intent: known) }) == ["in 1990, but which day?", "which day?"])
    }

    @Test(arguments: [
        ("add {count} {item} please", [SampleTemplate.Part.text("add "), .slot("count"), .text(" "), .slot("item"), .text(" please")]),
        ("{ city }", [.slot("city")]),
        ("café {dish}s", [.text("café "), .slot("dish"), .text("s")]),
        ("ab{cd", [.text("ab"), .text("{cd")]),
        ("a } b {x{y} c", [.text("a } b "), .slot("x{y"), .text(" c")]),
        ("{}", [.slot("")]),
        ("", []),
    ])
    func samplesSplitIntoTextAndSlots(sample: String, parts: [SampleTemplate.Part]) {
        #expect(SampleTemplate.parts(of: sample) == parts)
    }
}
