import SkillKit
import SkillModel
import Testing

/// Records the order things ran in.
final class Trace: Sendable {
    private let steps = Locked<[String]>([])
    func add(_ step: String) { steps.withLock { $0.append(step) } }
    var all: [String] { steps.withLock { $0 } }
}

struct Named: RequestHandler {
    let name: String
    let accepts: Bool
    let trace: Trace
    func canHandle(_ input: HandlerInput) -> Bool {
        trace.add("can:\(name)")
        return accepts
    }
    func handle(_ input: HandlerInput) -> Response {
        trace.add("handle:\(name)")
        return input.responseBuilder.speak(name).getResponse()
    }
}

struct Interceptor: RequestInterceptor, ResponseInterceptor {
    let name: String
    let trace: Trace
    func process(_ input: HandlerInput) {
        trace.add("request:\(name)")
        input.attributesManager.requestAttributes[name] = true
    }
    func process(_ input: HandlerInput, response: inout Response) {
        trace.add("response:\(name)")
        response.card = .simple(title: name, content: "added by \(name)")
    }
}

struct Throwing: RequestHandler {
    struct Boom: Error {}
    func canHandle(_ input: HandlerInput) -> Bool { true }
    func handle(_ input: HandlerInput) throws -> Response { throw Boom() }
}

struct CatchAll: ErrorHandler {
    let only: Bool
    let trace: Trace
    func canHandle(_ input: HandlerInput, error: any Error) -> Bool { only ? error is Throwing.Boom : true }
    func handle(_ input: HandlerInput, error: any Error) -> Response {
        trace.add("error:\(only ? "boom" : "any")")
        return input.responseBuilder.speak("sorry").getResponse()
    }
}

func envelope(_ type: RequestType, intent: IntentName? = nil, attributes: JSONObject? = [:]) -> RequestEnvelope {
    var request = Request(type: type, requestID: "r", timestamp: "t")
    request.intent = intent.map { Intent(name: $0, slots: [Slot(name: "item", value: "rice")]) }
    let session = attributes.map { Session(sessionID: "s", isNew: false, applicationID: "a", userID: "u", attributes: $0) }
    return RequestEnvelope(session: session, request: request)
}

@Suite struct SkillTests {
    @Test func asksHandlersInOrderAndRunsInterceptorsAroundTheOneThatAccepts() async throws {
        let trace = Trace()
        let skill = SkillBuilders.custom()
            .addRequestInterceptors(Interceptor(name: "i1", trace: trace), Interceptor(name: "i2", trace: trace))
            .addRequestHandlers(Named(name: "first", accepts: false, trace: trace), Named(name: "second", accepts: true, trace: trace), Named(name: "third", accepts: true, trace: trace))
            .addResponseInterceptors(Interceptor(name: "o1", trace: trace), Interceptor(name: "o2", trace: trace))
            .create()
        let response = try await skill.invoke(envelope(.launch))
        #expect(trace.all == ["request:i1", "request:i2", "can:first", "can:second", "handle:second", "response:o1", "response:o2"])
        #expect(response.response.outputSpeech?.ssml == "<speak>second</speak>")
        #expect(response.response.card?.title == "o2")
    }

    @Test func noHandlerNamesTheRequestAndEveryHandlerAsked() async {
        let trace = Trace()
        let skill = SkillBuilders.custom()
            .addRequestHandlers(Named(name: "a", accepts: false, trace: trace), Named(name: "b", accepts: false, trace: trace))
            .create()
        do {
            _ = try await skill.invoke(envelope(.intent, intent: "OrderPizzaIntent"))
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error) == "no request handler accepted IntentRequest for intent 'OrderPizzaIntent'; asked Named, Named")
        }
    }

    @Test func errorsGoToTheFirstErrorHandlerThatAccepts() async throws {
        let trace = Trace()
        let skill = SkillBuilders.custom()
            .addRequestHandlers(Throwing())
            .addErrorHandlers(CatchAll(only: true, trace: trace), CatchAll(only: false, trace: trace))
            .create()
        let response = try await skill.invoke(envelope(.launch))
        #expect(trace.all == ["error:boom"])
        #expect(response.response.outputSpeech?.plainText == "sorry")
    }

    @Test func sessionAttributesRoundTripAndStayAbsentOutsideASession() async throws {
        let counter = ClosureRequestHandler(name: "counter", canHandle: { _ in true }) { input in
            var attributes = input.attributesManager.sessionAttributes
            attributes["count"] = .number(JSONNumber((attributes["count"]?.int ?? 0) + 1))
            if input.attributesManager.hasSession { try input.attributesManager.setSessionAttributes(attributes) }
            return input.responseBuilder.getResponse()
        }
        let skill = SkillBuilders.custom().addRequestHandlers(counter).create()
        let first = try await skill.invoke(envelope(.launch, attributes: ["count": 4, "keep": "me"]))
        #expect(first.sessionAttributes?["count"]?.int == 5)
        #expect(first.sessionAttributes?["keep"]?.string == "me")
        let outside = try await skill.invoke(envelope(.launch, attributes: nil))
        #expect(outside.sessionAttributes == nil)
    }

    @Test func typedSessionAttributes() async throws {
        struct Game: Codable, Equatable { var score: Int; var name: String }
        let handler = ClosureRequestHandler(name: "game", canHandle: { _ in true }) { input in
            var game = try input.attributesManager.sessionAttributes(as: Game.self)
            game.score += 10
            try input.attributesManager.setSessionAttributes(game)
            return input.responseBuilder.getResponse()
        }
        let skill = SkillBuilders.custom().addRequestHandlers(handler).create()
        let response = try await skill.invoke(envelope(.launch, attributes: ["score": 1, "name": "ada"]))
        #expect(try response.sessionAttributes.map { try JSONValue.object($0).decode(Game.self) } == Game(score: 11, name: "ada"))
    }

    @Test func helpersReadTheEnvelopeAsTheAlexaSDKDoes() throws {
        let intent = envelope(.intent, intent: "AddItem")
        #expect(getRequestType(intent) == "IntentRequest")
        #expect(try getIntentName(intent) == "AddItem")
        #expect(try getSlotValue(intent, "item") == "rice")
        #expect(try getSlotValue(intent, "missing") == nil)
        #expect(isNewSession(intent) == false)
        #expect(throws: SkillError.self) { try getIntentName(envelope(.launch)) }
        let input = HandlerInput(requestEnvelope: intent)
        #expect(input.isIntent("AddItem"))
        #expect(isIntentName("Other", "AddItem")(input))
        #expect(try input.requireSlotValue("item") == "rice")
        #expect(throws: SkillError.self) { try input.requireSlotValue("nope") }
    }
}

@Suite struct ResponseBuilderTests {
    @Test func speaksInSSMLAndRepromptKeepsTheSessionOpen() {
        let response = ResponseBuilder().speak("Hi").reprompt("Still there?").getResponse()
        #expect(JSONWriter.string(response.jsonValue) == #"{"outputSpeech":{"type":"SSML","ssml":"<speak>Hi</speak>"},"reprompt":{"outputSpeech":{"type":"SSML","ssml":"<speak>Still there?</speak>"}},"shouldEndSession":false}"#)
    }

    @Test func leavesShouldEndSessionOmittedUnlessTold() {
        #expect(ResponseBuilder().speak("Hi").getResponse().shouldEndSession == nil)
        #expect(ResponseBuilder().withShouldEndSession(true).getResponse().shouldEndSession == true)
    }

    @Test func cards() {
        let simple = ResponseBuilder().withSimpleCard("T", "C").getResponse()
        #expect(JSONWriter.string(simple.jsonValue) == #"{"card":{"type":"Simple","title":"T","content":"C"}}"#)
        let standard = ResponseBuilder().withStandardCard("T", "X", smallImageURL: "s", largeImageURL: "l").getResponse()
        #expect(JSONWriter.string(standard.jsonValue) == #"{"card":{"type":"Standard","title":"T","text":"X","image":{"smallImageUrl":"s","largeImageUrl":"l"}}}"#)
    }

    @Test func answersCanFulfillIntent() {
        let response = ResponseBuilder()
            .withCanFulfillIntent(CanFulfillIntent(canFulfill: .maybe, slots: ["item": (.yes, .no)]))
            .getResponse()
        #expect(JSONWriter.string(response.jsonValue) == #"{"canFulfillIntent":{"canFulfill":"MAYBE","slots":{"item":{"canUnderstand":"YES","canFulfill":"NO"}}}}"#)
        #expect(response.canFulfillIntent?.slot("item").canFulfill == .no)
    }

    @Test func dialogDirectivesCarryTheUpdatedIntent() {
        let updated = Intent(name: "AddItem", slots: [Slot(name: "item", value: "rice")])
        let response = ResponseBuilder()
            .addDelegateDirective(updated)
            .addElicitSlotDirective("count")
            .addConfirmSlotDirective("item", updated)
            .addConfirmIntentDirective()
            .addDirective(["type": "AudioPlayer.Stop"])
            .getResponse()
        let directives = response.directives
        #expect(directives.map { $0["type"]?.string } == ["Dialog.Delegate", "Dialog.ElicitSlot", "Dialog.ConfirmSlot", "Dialog.ConfirmIntent", "AudioPlayer.Stop"])
        #expect(directives[0]["updatedIntent"]?["slots"]?["item"]?["value"]?.string == "rice")
        #expect(directives[1]["slotToElicit"]?.string == "count")
        #expect(directives[1]["updatedIntent"] == nil)
        #expect(directives[2]["slotToConfirm"]?.string == "item")
    }

    /// Values put into `speak(escaping:)` are spoken as words; the literal's markup stays markup.
    @Test func speakEscapingKeepsValuesFromBecomingMarkup() {
        let item = #"rice <audio src="https://evil.example/a.mp3"/>"#
        let pause = SSMLTemplate(markup: #"<break time="1s"/>"#)
        let response = ResponseBuilder().speak(escaping: "<emphasis>\(item)</emphasis> \(pause) is on \(2) lists").reprompt(escaping: "Anything else than \(item)?").getResponse()
        #expect(response.outputSpeech?.ssml == #"<speak><emphasis>rice &lt;audio src=&quot;https://evil.example/a.mp3&quot;/&gt;</emphasis> <break time="1s"/> is on 2 lists</speak>"#)
        #expect(response.outputSpeech.flatMap { SSML.problem(in: $0.ssml ?? "") } == nil)
        #expect(response.reprompt?.plainText == #"Anything else than rice <audio src="https://evil.example/a.mp3"/>?"#)
    }
}
