import SkillKit
import Testing

/// resolve → confirm → handle turned into dialog directives, turn by turn, without a host.
struct PickList: ResolvingIntentHandler {
    let intentName: IntentName = "ShowListIntent"
    let parameters = [IntentParameter("listName", prompt: "Which list?", noun: "list"), IntentParameter("filter", prompt: "Which items?")]
    let responseTemplates: [ResponseCode: String] = [.success: "Showing {list}."]
    static let lists = ["Grocery Store", "Hardware Store", "Packing", "Diary"]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) -> ResolutionResult {
        if slot == "filter" { return .notRequired }
        guard let said = intent.value("listName") else { return .needsValue() }
        if Self.lists.contains(said) { return .success(said) }
        let matches = Self.lists.filter { $0.lowercased().contains(said.lowercased()) }
        switch matches.count {
        case 0: return .unsupported(reason: "There's no \(said) list.")
        case 1: return .confirmationRequired(matches[0])
        default: return .disambiguation(matches)
        }
    }

    func confirm(_ intent: ResolvingIntent, input: HandlerInput) -> ConfirmationResult {
        switch intent.value("listName") {
        case "Packing": .failure(reason: "Packing is locked.")
        case "Diary": .askUser(prompt: "Show the diary to everyone?", denied: "Kept private.")
        default: .ready
        }
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) -> IntentResponse { .success(["list": intent.value("listName")!]) }
}

@Suite struct ResolutionTests {
    static let skill = SkillBuilders.custom().addRequestHandlers(ResolvingRequestHandler(PickList())).create()

    static func send(_ value: String?, status: ConfirmationStatus = .none, intentStatus: ConfirmationStatus = .none, type: RequestType = .intent, attributes: JSONObject = [:]) async throws -> ResponseEnvelope {
        var request = Request(type: type, requestID: "r", timestamp: "t")
        request.intent = Intent(name: "ShowListIntent", slots: [Slot(name: "listName", value: value, confirmationStatus: status), Slot(name: "filter")], confirmationStatus: intentStatus)
        let session = Session(sessionID: "s", isNew: false, applicationID: "a", userID: "u", attributes: attributes)
        return try await skill.invoke(RequestEnvelope(session: session, request: request))
    }

    static func directive(_ response: ResponseEnvelope) -> String? { response.response.directives.first?["type"]?.string }

    @Test func everyResolutionBecomesItsDirective() async throws {
        let success = try await Self.send("Grocery Store")
        #expect(success.response.outputSpeech?.plainText == "Showing Grocery Store.")
        #expect(Self.directive(success) == nil)

        let missing = try await Self.send(nil)
        #expect(missing.response.outputSpeech?.plainText == "Which list?")
        #expect(Self.directive(missing) == "Dialog.ElicitSlot")

        let unsupported = try await Self.send("garden")
        #expect(unsupported.response.outputSpeech?.plainText == "There's no garden list. Which list?")
        #expect(unsupported.response.reprompt?.plainText == "Which list?")

        let partial = try await Self.send("grocery")
        #expect(partial.response.outputSpeech?.plainText == "Did you mean Grocery Store?")
        #expect(Self.directive(partial) == "Dialog.ConfirmSlot")
        #expect(partial.response.directives.first?["updatedIntent"]?["slots"]?["listName"]?["value"]?.string == "Grocery Store")

        let yes = try await Self.send("Grocery Store", status: .confirmed)
        #expect(yes.response.outputSpeech?.plainText == "Showing Grocery Store.")
        let no = try await Self.send("Grocery Store", status: .denied)
        #expect(no.response.outputSpeech?.plainText == "Which list?")

        let failure = try await Self.send("Packing")
        #expect(failure.response.outputSpeech?.plainText == "Packing is locked.")
    }

    @Test func confirmCanAskTheUserAndHonoursTheAnswer() async throws {
        let asked = try await Self.send("Diary")
        #expect(asked.response.outputSpeech?.plainText == "Show the diary to everyone?")
        #expect(Self.directive(asked) == "Dialog.ConfirmIntent")
        let yes = try await Self.send("Diary", intentStatus: .confirmed)
        #expect(yes.response.outputSpeech?.plainText == "Showing Diary.")
        let no = try await Self.send("Diary", intentStatus: .denied)
        #expect(no.response.outputSpeech?.plainText == "Kept private.")
        #expect(Self.directive(no) == nil)
    }

    @Test func aDisambiguationIsAnsweredOnTheNextTurn() async throws {
        let asked = try await Self.send("store")
        #expect(asked.response.outputSpeech?.plainText == "Which list: Grocery Store or Hardware Store?")
        let attributes = try #require(asked.sessionAttributes)
        for (answer, list) in [("the grocery one", "Grocery Store"), ("hardware", "Hardware Store"), ("the second", "Hardware Store"), ("number one", "Grocery Store")] {
            let picked = try await Self.send(answer, attributes: attributes)
            #expect(picked.response.outputSpeech?.plainText == "Showing \(list).", "\(answer)")
        }
        let unclear = try await Self.send("the blue one", attributes: attributes)
        #expect(unclear.response.outputSpeech?.plainText == "Sorry, I didn't get which. Which list: Grocery Store or Hardware Store?")
    }

    @Test func canFulfillIntentAnswersFromTheResolves() async throws {
        let yes = try await Self.send("Grocery Store", type: .canFulfillIntent)
        #expect(yes.response.canFulfillIntent?.canFulfill == .yes)
        #expect(yes.response.canFulfillIntent?.slot("listName").canFulfill == .yes)
        #expect(try await Self.send("store", type: .canFulfillIntent).response.canFulfillIntent?.canFulfill == .maybe)
        #expect(try await Self.send("garden", type: .canFulfillIntent).response.canFulfillIntent?.canFulfill == CanFulfillIntent.Answer.no)
    }

    @Test(arguments: [
        ("the grocery one", "Grocery Store"), ("groceries", "Grocery Store"), ("the last one", "Hardware Store"),
        ("store", nil), ("2", "Hardware Store"), ("hardware store", "Hardware Store"),
    ] as [(String, String?)])
    func optionPickerReadsAnswersAsPeopleGiveThem(answer: String, option: String?) {
        #expect(OptionPicker.pick(answer, from: ["Grocery Store", "Hardware Store"]) == option)
    }
}
