import NLU
import SkillModel
import Testing

@Suite struct TokenizerTests {
    @Test func keepsSpansInCodePoints() {
        let tokens = Tokenizer.tokens("Add Café-Rico, to my list!")
        #expect(tokens.map(\.text) == ["add", "cafe", "rico", "to", "my", "list"])
        #expect(tokens[1].start == 4 && tokens[1].end == 8)
        #expect(Tokenizer.tokens("what's up").map(\.text) == ["what's", "up"])
        #expect(Tokenizer.tokens("at 18:30, or 7:05pm: a:b").map(\.text) == ["at", "18:30", "or", "7:05pm", "a", "b"])
        #expect(Tokenizer.tokens("😀 hi").first?.start == 2)
        #expect(Tokenizer.tokens("Geografía, Crème BRÛLÉE").map(\.text) == ["geografia", "creme", "brulee"])
        #expect(Tokenizer.tokens("Geografía").first?.surface == "Geografía")
        #expect(Tokenizer.tokens("पुस्तक").map(\.text) == ["पुस्तक"], "marks of other scripts stay")
    }

    @Test(arguments: [
        ("eight", 8), ("8", 8), ("twenty five", 25), ("one hundred and three", 103), ("a hundred", 100),
        ("two thousand twenty six", 2026), ("1,000", 1000), ("minus four", -4), ("nineteen", 19),
        ("a dozen", 12), ("two dozen", 24), ("half a dozen", 6), ("a couple", 2), ("2 hundred", 200), ("3 thousand", 3000),
        ("two thousand and six", 2006),
    ])
    func readsNumbers(words: String, value: Int) {
        #expect(NumberWords.value(of: Tokenizer.tokens(words).map(\.text)) == value)
    }

    @Test(arguments: ["five five", "twenty twelve", "hello", "and", "a", "a four", "a 4", "22 five", "3 twenty", "oh", "three and six", "twenty and five"])
    func refusesWhatIsNotOneNumber(words: String) {
        #expect(NumberWords.value(of: Tokenizer.tokens(words).map(\.text)) == nil)
    }

    /// AMAZON.NUMBER as sent: whole numbers, and fractions written or said after "point".
    @Test(arguments: [
        ("eight", "8"), ("35.50", "35.50"), ("-2.5", "2.5"), ("minus 2.5", "-2.5"), ("0.5", "0.5"), ("three point five", "3.5"),
        ("point four two", "0.42"), ("point forty two", "0.42"), ("one hundred twenty three dot four five", "123.45"),
        ("minus fifteen point two four five", "-15.245"), ("twenty point oh five", "20.05"),
        ("half", "0.5"), ("a half", "0.5"), ("three quarters", "0.75"), ("a quarter", "0.25"), ("one and a half", "1.5"),
        ("two and a quarter", "2.25"), ("a third", "0.33"), ("two thirds", "0.67"), ("ten and three quarters", "10.75"),
    ])
    func readsSpokenNumbers(words: String, value: String) {
        #expect(NumberWords.spoken(Tokenizer.tokens(words).map(\.text)) == value)
    }

    /// "third" alone is a place ("the third step"), no share of a whole.
    @Test func thirdAloneIsNoFraction() {
        #expect(NumberWords.spoken(["third"]) == nil)
    }

    /// A unit of time in the plural alone counts nothing: "minutes" is no minute.
    @Test func aPluralUnitAloneIsNoLength() {
        #expect(BuiltInSlotTypes.read(.duration, words: ["minutes"], today: .today()) == nil)
        #expect(BuiltInSlotTypes.read(.duration, words: ["minute"], today: .today()) == "PT1M")
        #expect(BuiltInSlotTypes.read(.duration, words: ["10mins"], today: .today()) == "PT10M")
    }

    /// Digits said one by one, or groups of digits written, as one number (for a model that
    /// takes one number at a time: `SlotTypeMatcher.readsDigitStrings`).
    @Test(arguments: [("five five three two one", "55321"), ("4 5 7 8 1 2", "457812"), ("seven oh five", "705"), ("zero one two", "012"), ("77 22 1", "77221")])
    func readsDigitsOneByOne(words: String, value: String) {
        #expect(NumberWords.digitByDigit(Tokenizer.tokens(words).map(\.text)) == value)
    }

    @Test(arguments: ["five five", "oh five five", "five twelve five", "5 10", "20 30", "four"])
    func refusesWhatIsNoDigitString(words: String) {
        #expect(NumberWords.digitByDigit(Tokenizer.tokens(words).map(\.text)) == nil)
    }

    @Test(arguments: ["three point", "point", "1.2.3", "three point hello", "point five point six", "five quarters", "three quarter", "a halves", "and a half"])
    func refusesWhatIsNotOneSpokenNumber(words: String) {
        #expect(NumberWords.spoken(Tokenizer.tokens(words).map(\.text)) == nil)
    }
}

@Suite struct SkillNLUTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"list o mat","intents":[
          {"name":"AddItem","slots":[{"name":"item","type":"ITEM"},{"name":"list","type":"LIST"}],
           "samples":["add {item} to the {list} list","add {item} to {list}","put {item} on my {list} list"]},
          {"name":"SetCount","slots":[{"name":"count","type":"AMAZON.NUMBER"}],"samples":["set the count to {count}","{count} items"]},
          {"name":"Search","slots":[{"name":"query","type":"AMAZON.SearchQuery"}],"samples":["search for {query}"]},
          {"name":"AMAZON.StopIntent","samples":[]},
          {"name":"AMAZON.HelpIntent","samples":["what do i do here"]}],
         "types":[{"name":"ITEM","values":[{"id":"RICE","name":{"value":"rice"}},{"name":{"value":"olive oil","synonyms":["oil"]}}]},
                  {"name":"LIST","values":[{"id":"GROCERY","name":{"value":"grocery store","synonyms":["grocery"]}}]}]}}}
        """#)
    static let nlu = SkillNLU(skillID: "com.example.lists", model: model)

    @Test func fillsSlotsWithSpansAndResolution() throws {
        let text = "Add olive oil to the Grocery list"
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "AddItem")
        #expect(best.score == 1)
        let item = try #require(best.slots.first { $0.name == "item" })
        #expect(item.value == "olive oil")
        #expect(Array(text.unicodeScalars)[item.start..<item.end].map(String.init).joined() == "olive oil")
        let list = try #require(best.slots.first { $0.name == "list" })
        #expect(list.spoken == "Grocery")
        #expect(list.resolution?.authority == "amzn1.er-authority.echo-sdk.com.example.lists.LIST")
        #expect(list.resolution?.status == .successMatch)
        #expect(list.resolution?.values == [ResolvedValue(name: "grocery store", id: "GROCERY")])
    }

    @Test func acceptsUnlistedValuesWithNoMatchResolution() throws {
        let best = try #require(Self.nlu.parse(Utterance("add quinoa to the hardware list")).first)
        #expect(best.intent == "AddItem")
        #expect(best.score < 1)
        let list = try #require(best.slots.first { $0.name == "list" })
        #expect(list.value == "hardware")
        #expect(list.resolution?.status == .successNoMatch)
        #expect(list.resolution?.values.isEmpty == true)
    }

    @Test(arguments: [("set the count to twenty five", "25"), ("set the count to 8", "8"), ("eight items", "8")])
    func normalisesNumbers(text: String, value: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "SetCount")
        #expect(best.slots.first?.value == value)
    }

    @Test func numbersMustBeNumbers() throws {
        // The intent is clear; the slot is not a number, so it stays unfilled (to be asked for).
        let best = try #require(Self.nlu.parse(Utterance("set the count to banana")).first)
        #expect(best.intent == "SetCount")
        #expect(best.slots.isEmpty)
    }

    @Test func builtInIntentsUnderstandTheirPhrasesAndTheModelsSamples() {
        #expect(Self.nlu.parse(Utterance("Stop!")).first?.intent == "AMAZON.StopIntent")
        #expect(Self.nlu.parse(Utterance("shut up")).first?.intent == "AMAZON.StopIntent")
        #expect(Self.nlu.parse(Utterance("what do I do here")).first?.intent == "AMAZON.HelpIntent")
        #expect(Self.nlu.parse(Utterance("help")).first?.intent == "AMAZON.HelpIntent")
        #expect(Self.nlu.parse(Utterance("yes")).isEmpty, "YesIntent is not declared")
    }

    @Test func freeTextTakesTheRest() throws {
        let best = try #require(Self.nlu.parse(Utterance("search for the best pizza in town")).first)
        #expect(best.slots.first?.value == "the best pizza in town")
    }

    @Test func outOfGrammarSentencesDoNotMatch() {
        #expect(Self.nlu.parse(Utterance("what is the weather")).isEmpty)
        #expect(Self.nlu.parse(Utterance("")).isEmpty)
    }

    @Test func intentValueListsEveryDeclaredSlot() throws {
        let best = try #require(Self.nlu.parse(Utterance("add rice to grocery")).first)
        let intent = best.intentValue
        #expect(intent[slot: "item"]?.value == "rice")
        #expect(intent[slot: "list"]?.resolvedValue?.id == "GROCERY")
    }

    @Test func survivesAbsurdInput() {
        let long = Array(repeating: "add rice to", count: 2_000).joined(separator: " ")
        _ = Self.nlu.parse(Utterance(long))
        _ = Self.nlu.parse(Utterance(String(repeating: "\u{0}\u{7}%$#", count: 1_000)))
    }
}

@Suite struct InvocationTests {
    static let parser = InvocationParser(names: [("com.a.hello", ["hello world"]), ("com.a.list", ["list o mat"]), ("com.a.hello2", ["hello world two"])])

    @Test(arguments: [
        ("open hello world", "com.a.hello"), ("Launch Hello World", "com.a.hello"), ("start hello world", "com.a.hello"),
        ("talk to list o mat", "com.a.list"), ("open listomat", "com.a.list"), ("open helloworld", "com.a.hello"),
        ("open hello world two", "com.a.hello2"), ("ask list o mat", "com.a.list"),
        // What people say before a launch phrase, and an article before a name run together.
        ("i want to talk to list o mat", "com.a.list"), ("can you open hello world", "com.a.hello"), ("please open hello world", "com.a.hello"),
        ("i'd like to use list o mat", "com.a.list"), ("talk to the listomat", "com.a.list"), ("can i talk to the list o mat", "com.a.list"),
    ])
    func launches(text: String, skill: String) throws {
        let invocation = try #require(Self.parser.parse(Utterance(text)))
        #expect(invocation.skillID.rawValue == skill)
        #expect(invocation.kind == .launch)
    }

    @Test(arguments: [
        ("ask list o mat to add milk", "com.a.list", "add milk"),
        ("tell hello world to say hello", "com.a.hello", "say hello"),
        ("ask list o mat what is on my list", "com.a.list", "what is on my list"),
        ("use list o mat to add eggs", "com.a.list", "add eggs"),
        ("ask list o mat for my grocery list", "com.a.list", "my grocery list"),
    ])
    func oneShots(text: String, skill: String, rest: String) throws {
        let invocation = try #require(Self.parser.parse(Utterance(text)))
        #expect(invocation.skillID.rawValue == skill)
        guard case .oneShot(let remainder) = invocation.kind else {
            Issue.record("expected a one-shot")
            return
        }
        #expect(remainder.text == rest)
    }

    @Test(arguments: ["hello world", "open the pod bay doors", "ask nobody to do anything", "open"])
    func ignoresWhatNamesNoSkill(text: String) {
        #expect(Self.parser.parse(Utterance(text)) == nil)
    }
}

@Suite struct ElicitationTests {
    static let nlu = SkillNLU(skillID: "com.example.race", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"number race","intents":[
          {"name":"SolveIntent","slots":[{"name":"first","type":"AMAZON.NUMBER"},{"name":"second","type":"AMAZON.NUMBER"}],
           "samples":["solve with {first} and {second}","use {first} and {second}"]},
          {"name":"ShowList","slots":[{"name":"listName","type":"LIST","samples":["show me {listName}","the {listName} list"]}],
           "samples":["show the {listName} list"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.HelpIntent","samples":[]}],
         "types":[{"name":"LIST","values":[{"id":"G","name":{"value":"grocery store","synonyms":["grocery"]}},{"id":"H","name":{"value":"hardware store","synonyms":["hardware"]}}]}]}}}
        """#))

    @Test(arguments: [("8", "8"), ("eight", "8"), ("it's twenty five", "25"), ("make it 12", "12")])
    func aBareNumberFillsTheElicitedSlot(text: String, value: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), eliciting: .init(intent: "SolveIntent", slot: "second")).first)
        #expect(best.intent == "SolveIntent")
        #expect(best.slots.map(\.name) == ["second"])
        #expect(best.slots.first?.value == value)
    }

    @Test(arguments: ["the grocery one", "grocery", "the grocery store list", "show me grocery"])
    func aListAnswerResolves(text: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), eliciting: .init(intent: "ShowList", slot: "listName")).first)
        #expect(best.intent == "ShowList")
        #expect(best.slots.first?.resolution?.values.first?.id == "G")
    }

    @Test func builtInIntentsStillLeaveTheQuestion() {
        #expect(Self.nlu.parse(Utterance("stop"), eliciting: .init(intent: "ShowList", slot: "listName")).first?.intent == "AMAZON.StopIntent")
        #expect(Self.nlu.parse(Utterance("help"), eliciting: .init(intent: "SolveIntent", slot: "first")).first?.intent == "AMAZON.HelpIntent")
    }

    @Test func aWholeNewRequestIsStillUnderstood() {
        let best = Self.nlu.parse(Utterance("solve with 3 and 4"), eliciting: .init(intent: "ShowList", slot: "listName")).first
        #expect(best?.intent == "SolveIntent")
        #expect(best?.slots.map(\.value) == ["3", "4"])
    }
}

@Suite struct InvocationToleranceTests {
    static let parser = InvocationParser(names: [("com.app-o-mat.listomat", ["list o mat"]), ("com.example.numberrace", ["number race"]), ("com.example.hello", ["hello world"])])

    @Test(arguments: ["open list o mat", "open listomat", "open List-o-Mat", "open list oh mat", "open lista mat", "talk to LIST O MAT", "launch list-o-mat"])
    func anInvocationNameIsHeardInAnySpellingThatSoundsTheSame(text: String) {
        let invocation = Self.parser.parse(Utterance(text))
        #expect(invocation?.skillID == "com.app-o-mat.listomat")
        #expect(invocation?.kind == .launch)
    }

    @Test func aOneShotKeepsTheRestAfterASoundAlikeName() {
        let invocation = Self.parser.parse(Utterance("ask list oh mat to show me the grocery list"))
        #expect(invocation?.skillID == "com.app-o-mat.listomat")
        #expect(invocation?.kind == .oneShot(Utterance("show me the grocery list")))
    }

    @Test func aShortNameMustMatchByLetters() {
        #expect(Self.parser.parse(Utterance("open hallo world"))?.skillID == "com.example.hello")
        #expect(Self.parser.parse(Utterance("open the garage")) == nil)
    }

    /// A launch phrase that nearly names a skill: half its words or more, and one skill alone.
    @Test(arguments: [
        ("open the pizza order", "com.example.pizza"), ("launch capitals quiz", "com.example.quiz"), ("open my number racer", "com.example.numberrace"),
        ("open the pizza", "com.example.pizza"), ("open the garage", nil), ("open the grocery list", nil), ("play some music", nil),
        ("open pizza corner", nil),  // exact: `parse` has it
    ])
    func aLaunchPhraseThatNearlyNamesASkill(text: String, skill: String?) {
        let parser = InvocationParser(names: [("com.example.pizza", ["pizza corner"]), ("com.example.quiz", ["capital quiz"]), ("com.example.numberrace", ["number race"]),
                                              ("com.app-o-mat.listomat", ["list o mat"])])
        #expect(parser.nearMiss(Utterance(text))?.rawValue == skill, "\(text)")
    }

    @Test(arguments: ["open last meat", "open lost mitt", "open slow tomato", "start lasting mate"])
    func consonantsAloneDoNotMakeAName(text: String) {
        #expect(Self.parser.parse(Utterance(text)) == nil, "\(text) is more than a few letters from any name")
    }
}
