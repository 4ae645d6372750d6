import Foundation
import SkillModel
import Testing

@Suite struct EnvelopeTests {
    static let fixture: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/intent-request.json")
        return (try? String(contentsOf: path, encoding: .utf8)) ?? ""
    }()

    private func parse(_ text: String) throws -> RequestEnvelope {
        var text = text
        return try text.withUTF8 { try RequestEnvelope(parsing: $0) }
    }

    @Test func readsARealIntentRequest() throws {
        let envelope = try parse(Self.fixture)
        #expect(envelope.request.type == .intent)
        #expect(envelope.request.dialogState == .inProgress)
        let intent = try #require(envelope.request.intent)
        #expect(intent.name == "AddItemIntent")
        let list = try #require(intent[slot: "listName"])
        #expect(list.value == "grocery")
        #expect(list.confirmationStatus == .confirmed)
        #expect(list.resolvedValue == ResolvedValue(name: "Grocery Store", id: "GROCERY"))
        #expect(intent[slot: "item"]?.value == nil)
        #expect(envelope.session?.attributes["count"]?.int == 3)
        #expect(envelope.session?.isNew == false)
    }

    @Test func unknownFieldsSurviveTheFastPathRoundTrip() throws {
        let envelope = try parse(Self.fixture)
        let written = JSONWriter.string(envelope.jsonValue)
        #expect(try JSONParser.parse(written) == JSONParser.parse(Self.fixture))
        #expect(written.contains("\"slotValue\""))
        #expect(written.contains("\"Viewport\""))
        #expect(written.contains("1.5e3"))
    }

    @Test func unknownFieldsSurviveACodableRoundTrip() throws {
        let decoded = try JSONDecoder().decode(RequestEnvelope.self, from: Data(Self.fixture.utf8))
        let encoded = try JSONEncoder().encode(decoded)
        let again = try JSONParser.parse([UInt8](encoded))
        #expect(again["context"]?["Viewport"]?["shape"]?.string == "RECTANGLE")
        #expect(again["request"]?["intent"]?["slots"]?["listName"]?["source"]?.string == "USER")
        #expect(decoded.request.intent?.name == "AddItemIntent")
    }

    @Test func editingATypedFieldKeepsTheRest() throws {
        var envelope = try parse(Self.fixture)
        var intent = try #require(envelope.request.intent)
        intent[slot: "item"] = Slot(name: "item", value: "rice")
        envelope.request.intent = intent
        let again = try parse(JSONWriter.string(envelope.jsonValue))
        #expect(again.request.intent?[slot: "item"]?.value == "rice")
        #expect(again.request.intent?[slot: "listName"]?.json["source"]?.string == "USER")
    }

    /// A multiple-value slot as Alexa sends it: no `value`, a `slotValue` of type List whose
    /// values each carry their own resolutions.
    @Test func readsAListSlotValue() throws {
        let slot = Slot(json: try #require(JSONParser.parse(#"""
            {"name": "toppings", "confirmationStatus": "NONE", "source": "USER",
             "slotValue": {"type": "List", "values": [
               {"type": "Simple", "value": "pepperoni", "resolutions": {"resolutionsPerAuthority": [
                 {"authority": "amzn1.er-authority.echo-sdk.x.TOPPING", "status": {"code": "ER_SUCCESS_MATCH"},
                  "values": [{"value": {"name": "pepperoni", "id": "PEP"}}]}]}},
               {"type": "Simple", "value": "pineapple"}]}}
            """#).object))
        #expect(slot.value == nil)
        #expect(slot.values.map(\.value) == ["pepperoni", "pineapple"])
        #expect(slot.values.map(\.resolvedValue?.id) == ["PEP", nil])
        #expect(slot.resolvedValue?.id == "PEP")
    }

    @Test func fillingASlotWritesBothShapes() throws {
        let resolutions = Resolutions(authorities: [ResolutionAuthority(authority: "a", status: .successMatch, values: [ResolvedValue(name: "olives", id: "OLV")])])
        var slot = Slot(name: "toppings", value: "black olives", resolutions: resolutions)
        #expect(slot.json["slotValue"] == ["type": "Simple", "value": "black olives", "resolutions": .object(resolutions.json)])
        #expect(slot.values == [SpokenValue("black olives", resolutions: resolutions)])
        slot.fill([SpokenValue("ham"), SpokenValue("black olives", resolutions: resolutions)])
        #expect(slot.value == nil && slot.resolutions == nil)
        #expect(slot.json["slotValue"]?["type"]?.string == "List")
        #expect(slot.values.map(\.value) == ["ham", "black olives"])
        slot.value = "ham"
        #expect(slot.values == [SpokenValue("ham")])
        slot.fill([])
        #expect(slot.json["slotValue"] == nil && slot.value == nil && slot.values.isEmpty)
        // A request from before slotValue existed still reads.
        #expect(Slot(json: ["name": "x", "value": "y"]).values == [SpokenValue("y")])
    }

    @Test func shouldEndSessionHasThreeStates() throws {
        var response = Response()
        #expect(JSONWriter.string(response.jsonValue) == "{}")
        response.shouldEndSession = false
        #expect(JSONWriter.string(response.jsonValue) == #"{"shouldEndSession":false}"#)
        response.shouldEndSession = true
        #expect(JSONWriter.string(response.jsonValue) == #"{"shouldEndSession":true}"#)
        response.shouldEndSession = nil
        #expect(JSONWriter.string(response.jsonValue) == "{}")

        for (text, expected) in [(#"{"response":{}}"#, nil), (#"{"response":{"shouldEndSession":false}}"#, false), (#"{"response":{"shouldEndSession":true}}"#, Optional(true))] {
            let envelope = try ResponseEnvelope(validating: JSONParser.parse(text))
            #expect(envelope.response.shouldEndSession == expected)
            #expect(JSONWriter.string(envelope.jsonValue) == text)
        }
    }

    @Test(arguments: [
        (#"[]"#, "$: expected an object"),
        (#"{"version":"1.0"}"#, "$.response: missing"),
        (#"{"response":{"shouldEndSession":"yes"}}"#, "$.response.shouldEndSession"),
        (#"{"response":{"outputSpeech":{"type":"Shout","text":"x"}}}"#, "$.response.outputSpeech.type"),
        (#"{"response":{"outputSpeech":{"type":"SSML"}}}"#, "$.response.outputSpeech.ssml: missing"),
        (#"{"response":{"directives":[{"slotToElicit":"x"}]}}"#, "$.response.directives[0].type"),
        (#"{"sessionAttributes":[1],"response":{}}"#, "$.sessionAttributes"),
        (#"{"response":{"outputSpeech":{"type":"SSML","ssml":"<speak>fish & chips</speak>"}}}"#, "$.response.outputSpeech.ssml: not valid SSML: a '&' that starts no entity"),
    ])
    func refusesMalformedResponsesNamingThePath(text: String, path: String) throws {
        #expect {
            try ResponseEnvelope(validating: JSONParser.parse(text))
        } throws: { error in
            String(describing: error).hasPrefix(path)
        }
    }

    @Test func refusesARequestWithoutAType() {
        #expect(throws: ModelError(path: "$.request.type", "missing (expected a string)")) {
            try RequestEnvelope(validating: JSONParser.parse(#"{"request":{}}"#))
        }
    }

    @Test(arguments: [
        (#"<speak>Hello <break time="1s"/>World &amp; friends &#39;&#x41;</speak>"#, nil),
        ("  <speak><p><s>One.</s></p><say-as interpret-as='digits'>12</say-as><amazon:emotion name=\"excited\" intensity=\"low\">yes</amazon:emotion></speak> ", nil),
        (#"<speak><audio src="https://example.com/a.mp3"/></speak>"#, nil),
        ("<speak>fish & chips</speak>", "a '&' that starts no entity (write &amp;) at character 12"),
        ("<speak>a &nbsp; b</speak>", "an unknown entity &nbsp; at character 9"),
        ("<speak><emphasis>loud</speak>", "</speak> closes <emphasis> at character 21"),
        ("<speak><emphasis>loud", "<emphasis> is never closed"),
        ("<speak><blink>x</blink></speak>", "<blink> is not an SSML tag Alexa knows at character 7"),
        (#"<speak><audio src="http://example.com/a.mp3"/></speak>"#, "<audio> needs an https src at character 7"),
        ("<speak>1 < 2</speak>", "a malformed tag < 2</speak> at character 9"),
        ("hello <speak>x</speak>", "text outside <speak> at character 0"),
        ("<speak>x</speak><speak>y</speak>", "a <speak> inside the document at character 16"),
        (#"<speak><break time=1s/></speak>"#, "a malformed tag <break time=1s/> at character 7"),
        ("just words", "text outside <speak> at character 0"),
    ])
    func ssmlIsCheckedAsAlexaChecksIt(ssml: String, problem: String?) {
        #expect(SSML.problem(in: ssml) == problem)
    }

    @Test func escapedTextIsSpokenAsWords() {
        let value = #"x <audio src="https://evil.example/a.mp3"/> & 'y'"#
        let ssml = SSML.wrap(SSML.escape(value))
        #expect(SSML.problem(in: ssml) == nil)
        #expect(!ssml.contains("<audio"))
        #expect(OutputSpeech.ssml(ssml).plainText == value)
    }

    @Test func ssmlBecomesPlainText() {
        #expect(OutputSpeech.ssml("<speak>Hello <break time=\"1s\"/>World &amp; friends!</speak>").plainText == "Hello World & friends!")
        #expect(SSML.wrap("Hi") == "<speak>Hi</speak>")
        #expect(SSML.wrap("<speak>Hi</speak>") == "<speak>Hi</speak>")
    }
}
