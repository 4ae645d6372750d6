/// Runs a `ResolvingIntentHandler` as a request handler: resolve → confirm → handle, with each
/// resolution result turned into the Dialog directive that asks the user, and the answer read
/// back on the next turn. It also answers CanFulfillIntentRequest for the intent, from the same
/// resolves.
///
/// What it must remember between turns (the options of a disambiguation) travels in the
/// session attributes under `skillkit.resolution`, so the skill stays stateless.
public struct ResolvingRequestHandler: RequestHandler {
    public let handler: any ResolvingIntentHandler
    static let stateKey = "skillkit.resolution"

    public init(_ handler: any ResolvingIntentHandler) { self.handler = handler }

    public func canHandle(_ input: HandlerInput) -> Bool {
        let request = input.requestEnvelope.request
        return (request.type == .intent || request.type == .canFulfillIntent) && request.intent?.name == handler.intentName
    }

    public func handle(_ input: HandlerInput) async throws -> Response {
        guard var intent = input.requestEnvelope.request.intent else { throw SkillError.notAnIntentRequest(input.requestType) }
        if input.requestType == .canFulfillIntent { return try await canFulfill(intent, input: input) }
        var attributes = input.attributesManager.sessionAttributes
        let pending = attributes[Self.stateKey]?.object.flatMap(Disambiguation.init(json:))
        attributes[Self.stateKey] = nil
        input.attributesManager.sessionAttributes = attributes

        for parameter in handler.parameters {
            var slot = intent[slot: parameter.slot] ?? Slot(name: parameter.slot)
            let said = slot.values.map(\.value)
            let outcome: ResolutionResult
            if let pending, pending.intent == intent.name, pending.slot == parameter.slot {
                // The answer to "Which list: …?" picks one of the options.
                if let choice = OptionPicker.pick(said.joined(separator: " "), from: pending.options) {
                    outcome = .success(choice)
                } else {
                    outcome = .disambiguation(pending.options, prompt: "Sorry, I didn't get which. " + Self.question(parameter, pending.options))
                }
            } else if slot.confirmationStatus == .confirmed, !said.isEmpty {
                outcome = said.count == 1 ? .success(said[0]) : .successValues(said)
            } else if slot.confirmationStatus == .denied {
                slot = Slot(name: parameter.slot)
                intent[slot: parameter.slot] = slot
                outcome = .needsValue()
            } else {
                outcome = try await handler.resolve(parameter.slot, in: ResolvingIntent(intent), input: input)
            }

            switch outcome {
            case .success(let value):
                if said != [value] { slot.fill([SpokenValue(value)]) }
                intent[slot: parameter.slot] = slot
            case .successValues(let values):
                if said != values { slot.fill(values.map { SpokenValue($0) }) }
                intent[slot: parameter.slot] = slot
            case .notRequired:
                continue
            case .needsValue(let prompt):
                return ask(elicit: parameter.slot, speech: prompt ?? parameter.prompt, intent: intent, input: input)
            case .unsupported(let reason):
                intent[slot: parameter.slot] = Slot(name: parameter.slot)
                return ask(elicit: parameter.slot, speech: reason + " " + parameter.prompt, reprompt: parameter.prompt, intent: intent, input: input)
            case .confirmationRequired(let value, let prompt):
                intent[slot: parameter.slot] = Slot(name: parameter.slot, value: value)
                let speech = prompt ?? "Did you mean \(SSML.escape(value))?"
                return input.responseBuilder.speak(speech).reprompt(speech).addConfirmSlotDirective(parameter.slot, intent).getResponse()
            case .disambiguation(let options, let prompt):
                input.attributesManager.sessionAttributes[Self.stateKey] = .object(Disambiguation(intent: intent.name, slot: parameter.slot, options: options).json)
                intent[slot: parameter.slot] = Slot(name: parameter.slot)
                return ask(elicit: parameter.slot, speech: prompt ?? Self.question(parameter, options), intent: intent, input: input)
            }
        }

        let resolved = ResolvingIntent(intent)
        switch try await handler.confirm(resolved, input: input) {
        case .ready:
            break
        case .failure(let reason):
            return input.responseBuilder.speak(reason).getResponse()
        case .askUser(let prompt, let denied):
            switch intent.confirmationStatus {
            case .none: return input.responseBuilder.speak(prompt).reprompt(prompt).addConfirmIntentDirective(intent).getResponse()
            case .denied: return input.responseBuilder.speak(denied).getResponse()
            case .confirmed: break
            }
        }
        let response = try await handler.handle(resolved, input: input)
        let speech = Self.render(handler.responseTemplates[response.code] ?? Self.defaultTemplates[response.code] ?? "", response.parameters)
        input.responseBuilder.speak(speech)
        if response.endsSession { input.responseBuilder.withShouldEndSession(true) }
        return input.responseBuilder.getResponse()
    }

    private func ask(elicit slot: SlotName, speech: String, reprompt: String? = nil, intent: Intent, input: HandlerInput) -> Response {
        input.responseBuilder.speak(speech).reprompt(reprompt ?? speech).addElicitSlotDirective(slot, intent).getResponse()
    }

    /// "Which list: Grocery Store or Hardware Store?"
    static func question(_ parameter: IntentParameter, _ options: [String]) -> String {
        "Which \(parameter.noun): \(SSML.escape(spokenList(options, conjunction: "or")))?"
    }

    /// "a", "a or b", "a, b or c".
    public static func spokenList(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }

    static let defaultTemplates: [ResponseCode: String] = [
        .success: "Done.", .failure: "Sorry, that didn't work.", .inProgress: "I'm working on it.", .ready: "Ready.",
        .continueInApp: "You can carry on in the app.", .failureRequiringAppLaunch: "Sorry, you need to open the app for that.", .unspecified: "",
    ]

    /// A template with `{name}` replaced by the parameter's value (left as is when missing).
    /// The template is the skill's SSML; the values are spoken as words (`SSML.escape`).
    static func render(_ template: String, _ parameters: [String: String]) -> String {
        Placeholders.fill(template) { parameters[$0].map(SSML.escape) ?? "{\($0)}" }
    }

    /// CanFulfillIntentRequest: YES when every parameter the user gave resolves and nothing is
    /// missing, MAYBE when something would still be asked, NO when a value is unsupported.
    private func canFulfill(_ intent: Intent, input: HandlerInput) async throws -> Response {
        var answer = CanFulfillIntent.Answer.yes
        var slots: [SlotName: (canUnderstand: CanFulfillIntent.Answer, canFulfill: CanFulfillIntent.Answer)] = [:]
        for parameter in handler.parameters {
            let given = !(intent[slot: parameter.slot]?.values.isEmpty ?? true)
            let result = try await handler.resolve(parameter.slot, in: ResolvingIntent(intent), input: input)
            switch result {
            case .success, .successValues, .notRequired:
                if given { slots[parameter.slot] = (.yes, .yes) }
            case .needsValue:
                if answer == .yes { answer = .maybe }
            case .confirmationRequired, .disambiguation:
                if answer == .yes { answer = .maybe }
                slots[parameter.slot] = (.yes, .maybe)
            case .unsupported:
                answer = .no
                slots[parameter.slot] = (.maybe, .no)
            }
        }
        return input.responseBuilder.withCanFulfillIntent(CanFulfillIntent(canFulfill: answer, slots: slots)).getResponse()
    }
}

/// The options of a disambiguation, kept in the session until the user picks one.
struct Disambiguation {
    let intent: IntentName
    let slot: SlotName
    let options: [String]

    init(intent: IntentName, slot: SlotName, options: [String]) {
        self.intent = intent
        self.slot = slot
        self.options = options
    }

    init?(json: JSONObject) {
        guard let intent = json["intent"]?.string, let slot = json["slot"]?.string, let options = json["options"]?.array?.compactMap(\.string) else { return nil }
        self.init(intent: IntentName(intent), slot: SlotName(slot), options: options)
    }

    var json: JSONObject {
        ["intent": .string(intent.rawValue), "slot": .string(slot.rawValue), "options": .array(options.map(JSONValue.string))]
    }
}

/// Picks one of a disambiguation's options from what the user answered: "the grocery one",
/// "hardware", "the second", "number 2", "the last one", "Grocery Store".
public enum OptionPicker {
    static let fillers: Set<String> = ["the", "a", "an", "one", "ones", "please", "i", "mean", "meant", "want", "it's", "its", "is", "that", "this", "my", "number", "list", "option", "choice", "thanks", "uh", "um", "oh"]
    static let ordinals: [String: Int] = [
        "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4,
    ]
    static let numbers: [String: Int] = ["one": 0, "1": 0, "two": 1, "2": 1, "three": 2, "3": 2, "four": 3, "4": 3, "five": 4, "5": 4]

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    /// The option the answer names, or nil when it names none or several equally.
    public static func pick(_ answer: String, from options: [String]) -> String? {
        let said = words(answer)
        guard !said.isEmpty, !options.isEmpty else { return nil }
        if let exact = options.first(where: { words($0) == said }) { return exact }
        if said.contains("last") { return options.last }
        for word in said {
            if let index = ordinals[word], index < options.count { return options[index] }
        }
        if said.count <= 2, let last = said.last, said.first == "number" || said.count == 1, let index = numbers[last], index < options.count,
            !options.contains(where: { words($0).contains(last) })
        {
            return options[index]
        }
        let content = said.filter { !fillers.contains($0) }
        guard !content.isEmpty else { return nil }
        func matches(_ word: String, _ optionWord: String) -> Bool {
            word == optionWord || (min(word.count, optionWord.count) >= 4 && (word.hasPrefix(optionWord.prefix(4)) && optionWord.hasPrefix(word.prefix(4))))
        }
        let scored = options.map { option -> (String, Int) in
            let optionWords = words(option)
            return (option, content.filter { word in optionWords.contains { matches(word, $0) } }.count)
        }
        guard let best = scored.map(\.1).max(), best > 0 else { return nil }
        let top = scored.filter { $0.1 == best }
        return top.count == 1 ? top[0].0 : nil
    }
}
