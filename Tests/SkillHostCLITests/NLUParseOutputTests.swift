import NLU
@testable import SkillHostCLI
import SkillModel
import Testing

@Suite struct NLUParseOutputTests {
    static let nlu = SkillNLU(skillID: "local.model", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"music","intents":[
          {"name":"PlayIntent","slots":[{"name":"song","type":"SONG"},{"name":"count","type":"AMAZON.NUMBER"}],
           "samples":["play {song}","play {song} {count} times"]}],
         "types":[{"name":"SONG","values":[{"id":"BR","name":{"value":"bohemian rhapsody"}}]}]}}}
        """#))

    @Test func slotsCarryCodePointSpansThatSliceTheInput() throws {
        let text = "😀 play Bohemian Rhapsody twenty five times"
        let line = NLUParseCommand.json(text: text, parse: Self.nlu.parse(Utterance(text)))
        let object = try #require(line.object)
        #expect(object.keys == ["text", "intent", "score", "slots", "considered"])
        #expect(line["intent"]?.string == "PlayIntent")
        let slots = try #require(line["slots"]?.array)
        let scalars = Array(text.unicodeScalars)
        for slot in slots {
            let start = try #require(slot["start"]?.int)
            let end = try #require(slot["end"]?.int)
            #expect(String(String.UnicodeScalarView(scalars[start..<end])) == slot["value"]?.string)
        }
        #expect(slots.map { $0["resolved"]?.string } == ["bohemian rhapsody", "25"])
        #expect(line["considered"]?.array?.first?["intent"]?.string == "PlayIntent")
    }

    @Test func elicitingNamesAnIntentAndASlotOfTheModel() throws {
        #expect(try NLUParseCommand.elicitation("PlayIntent.count", in: Self.nlu.model) == SkillNLU.Elicitation(intent: "PlayIntent", slot: "count"))
        #expect(throws: InputError.self) { try NLUParseCommand.elicitation("PlayIntent.color", in: Self.nlu.model) }
        #expect(throws: InputError.self) { try NLUParseCommand.elicitation("count", in: Self.nlu.model) }
    }

    @Test func acrossSkillsEachLineSaysWhichSkill() throws {
        let weather = SkillNLU(skillID: "weather", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"weather","intents":[
              {"name":"ForecastIntent","slots":[{"name":"city","type":"AMAZON.US_STATE"}],"samples":["what's the weather in {city}","forecast for {city}"]}]}}}
            """#))
        let index = SkillIndex([Self.nlu, weather])
        let line = NLUParseCommand.json(text: "forecast for Ohio", parse: index.parse(Utterance("forecast for Ohio")), skills: true)
        #expect(line["skill"]?.string == "weather")
        #expect(line["intent"]?.string == "ForecastIntent")
        #expect(line["considered"]?.array?.first?["skill"]?.string == "weather")
        #expect(try #require(line.object).keys == ["text", "skill", "intent", "score", "slots", "considered"])
    }

    @Test func whySaysWhatTheModelMadeOfALineNothingTook() throws {
        let why = NLUParseCommand.why(Utterance("play chess with me tomorrow"), nlu: Self.nlu, index: nil)
        let text = try #require(why.array?.first?.string)
        #expect(text.hasPrefix("out of domain: "), "\(text)")
        #expect(text.hasSuffix(#"closest sample "play {song}" (PlayIntent)"#), "\(text)")
        let index = SkillIndex([Self.nlu])
        let lines = try #require(NLUParseCommand.why(Utterance("what is the capital of peru"), nlu: Self.nlu, index: index).array)
        let across = lines.compactMap(\.string)
        #expect(across.first?.hasPrefix("routing model: ") == true, "\(across)")
        #expect(across.dropFirst().first?.hasPrefix("local.model: out of domain: ") == true, "\(across)")
    }

    @Test func nothingUnderstoodIsANullIntent() {
        let line = NLUParseCommand.json(text: "xyzzy", parse: Self.nlu.parse(Utterance("xyzzy")))
        #expect(line["intent"] == .null)
        #expect(line["slots"]?.array?.isEmpty == true)
    }
}
