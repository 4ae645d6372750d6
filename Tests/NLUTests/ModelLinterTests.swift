import NLU
import Testing

@Suite struct ModelLinterTests {
    @Test func reportsEveryProblemWithItsJSONPath() {
        let text = #"""
            {"interactionModel":{"languageModel":{"invocationName":"lint me","intents":[
              {"name":"A","slots":[{"name":"thing","type":"NOPE"}],"samples":["get {thing}","get {other}","hello there"]},
              {"name":"B","slots":[{"name":"x","type":"DUP"}],"samples":["hello there","broken {brace","{x} and {x}","  "]},
              {"name":"C","samples":[]},
              {"name":"D","slots":[{"name":"q","type":"AMAZON.SearchQuery"}],"samples":["search for {q}","{q}"]},
              {"name":"A","samples":["again"]}],
             "types":[{"name":"EMPTY","values":[]},{"name":"DUP","values":[{"name":{"value":"x"}},{"name":{"value":"X","synonyms":[" "]}},{"name":{"value":"?"}}]}]}}}
            """#
        let findings = ModelLinter.check(text).map(\.description)
        let base = "$.interactionModel.languageModel"
        let expected = [
            "warning: \(base).types[0].values: slot type 'EMPTY' has no values",
            "warning: \(base).types[1].values[1].name.synonyms[0]: empty synonym of 'X'",
            "warning: \(base).types[1].values[1]: 'X' repeats value 0",
            "error: \(base).types[1].values[2].name.value: empty: a value needs a word",
            "error: \(base).intents[0].slots[0].type: slot 'thing' uses slot type 'NOPE', which the model does not define",
            "error: \(base).intents[0].samples[1]: \"get {other}\" names slot '{other}', which intent 'A' does not declare",
            "warning: \(base).intents[1].samples[0]: \"hello there\" is also a sample of intent 'A' (\(base).intents[0].samples[2]); a sentence said so goes to one of them",
            "error: \(base).intents[1].samples[1]: unbalanced braces in \"broken {brace\"",
            "error: \(base).intents[1].samples[2]: \"{x} and {x}\" names slot '{x}' twice; a sample may use a slot once",
            "error: \(base).intents[1].samples[3]: empty sample",
            "warning: \(base).intents[2].samples: intent 'C' has no samples",
            "error: \(base).intents[3].samples[1]: \"{q}\" is an AMAZON.SearchQuery slot alone; it needs a carrier phrase (\"search for {q}\")",
            "error: \(base).intents[4].name: intent 'A' is defined twice",
            "warning: \(base).types[0]: slot type 'EMPTY' is used by no slot",
        ]
        #expect(findings == expected)
    }

    /// What skillhost takes but Alexa's console would refuse, so a port goes both ways.
    @Test func flagsWhatAlexaWouldRefuse() {
        let text = #"""
            {"interactionModel":{"languageModel":{"invocationName":"Coffee Shop 2","intents":[
              {"name":"Order","slots":[{"name":"drink","type":"DRINK"},{"name":"drink","type":"DRINK"}],"samples":["i want 2 {drink}","order a {drink}!","get a {drink}"]}],
             "types":[{"name":"DRINK","values":[{"name":{"value":"latte"}},{"name":{"value":"mocha","synonyms":["latte"]}}]}]}}}
            """#
        let findings = ModelLinter.check(text).map(\.description)
        let base = "$.interactionModel.languageModel"
        #expect(findings == [
            "warning: \(base).invocationName: 'Coffee Shop 2': Alexa takes only lower-case letters, spaces, apostrophes and periods (numbers spelled out)",
            "warning: \(base).types[0].values[1].name.synonyms[0]: 'latte', a synonym of 'mocha', is also value 0; it resolves to that value",
            "error: \(base).intents[0].slots[1].name: slot 'drink' is declared twice in intent 'Order'",
            "warning: \(base).intents[0].samples[0]: \"i want 2 {drink}\" has digits; Alexa wants numbers spelled out in samples (\"two\", not \"2\")",
            "warning: \(base).intents[0].samples[1]: \"order a {drink}!\" has '!'; Alexa takes only words, spaces, apostrophes, periods and hyphens in samples",
        ])
    }

    /// Names Alexa's build refuses (letters and underscores only), and a sample's misspelt slot
    /// named with the slot it meant.
    @Test func namesAndMisspeltSlots() {
        let text = #"""
            {"interactionModel":{"languageModel":{"invocationName":"task keeper","intents":[
              {"name":"Add Task","slots":[{"name":"task","type":"AMAZON.SearchQuery"},{"name":"due-date","type":"AMAZON.DATE"},{"name":"level","type":"PRIORITY 1"}],
               "samples":["add {taks} please","remind me to {task}","add a {level} task"]}],
             "types":[{"name":"PRIORITY 1","values":[{"name":{"value":"high"}}]}]}}}
            """#
        let findings = ModelLinter.check(text).map(\.description)
        let base = "$.interactionModel.languageModel"
        #expect(findings == [
            "warning: \(base).types[0].name: slot type 'PRIORITY 1': Alexa takes only letters and underscores in a custom type's name",
            "warning: \(base).intents[0].name: intent 'Add Task': Alexa takes only letters and underscores in an intent's name",
            "warning: \(base).intents[0].slots[1].name: slot 'due-date': Alexa takes only letters and underscores in a slot's name",
            "error: \(base).intents[0].samples[0]: \"add {taks} please\" names slot '{taks}', which intent 'Add Task' does not declare; did you mean '{task}'?",
        ], "\(findings)")
    }

    @Test func aCleanModelHasNoFindings() {
        #expect(ModelLinter.check(#"{"interactionModel":{"languageModel":{"invocationName":"ok","intents":[{"name":"A","samples":["go"]}]}}}"#).isEmpty)
    }

    @Test func notJSONIsOneError() {
        let findings = ModelLinter.check("{nope")
        #expect(findings.count == 1)
        #expect(findings[0].path == "$")
    }
}
