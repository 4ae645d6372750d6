// A test skill with a dialog model, shaped like Alexa's coffee and table-booking samples: one
// intent under auto delegation (the host runs the whole dialog), one under SKILL_RESPONSE (the
// skill delegates each turn), one where the skill asks with its own directives. It says what it
// received, so tests see exactly the dialogState and confirmation statuses the host sent.
import SkillKit

enum DialogProbe: ExportedSkill {
    static let manifest = SkillManifest(id: "com.skillhost.tests.dialogprobe", name: "DialogProbe", version: "1.0.0")
    static let interactionModel = #"""
        {"interactionModel": {
          "languageModel": {
            "invocationName": "dialog probe",
            "intents": [
              {"name": "OrderIntent", "slots": [
                 {"name": "drink", "type": "DRINK", "samples": ["a {drink}", "{drink} please"]},
                 {"name": "size", "type": "SIZE", "samples": ["{size}", "a {size} one"]},
                 {"name": "count", "type": "AMAZON.NUMBER"}],
               "samples": ["order a {size} {drink}", "order a {drink}", "i want a {drink}", "order {count} {drink}", "order a drink", "i'd like a coffee"]},
              {"name": "BookTableIntent", "slots": [
                 {"name": "people", "type": "AMAZON.NUMBER", "samples": ["{people}", "{people} people", "for {people}"]},
                 {"name": "day", "type": "AMAZON.DATE", "samples": ["{day}", "on {day}"]}],
               "samples": ["book a table", "book a table for {people}", "reserve a table for {people} {day}", "book a table {day}"]},
              {"name": "RateIntent", "slots": [{"name": "stars", "type": "AMAZON.NUMBER", "samples": ["{stars}", "{stars} stars"]}],
               "samples": ["rate my visit", "rate it {stars} stars"]},
              {"name": "AMAZON.HelpIntent", "samples": []},
              {"name": "AMAZON.StopIntent", "samples": []},
              {"name": "AMAZON.CancelIntent", "samples": []},
              {"name": "AMAZON.YesIntent", "samples": []},
              {"name": "AMAZON.NoIntent", "samples": []}
            ],
            "types": [
              {"name": "DRINK", "values": [{"id": "LATTE", "name": {"value": "latte"}}, {"id": "MOCHA", "name": {"value": "mocha"}}, {"id": "TEA", "name": {"value": "tea", "synonyms": ["chai"]}}]},
              {"name": "SIZE", "values": [{"name": {"value": "small"}}, {"name": {"value": "medium"}}, {"name": {"value": "large"}}, {"name": {"value": "huge"}}]}
            ]
          },
          "dialog": {
            "delegationStrategy": "SKILL_RESPONSE",
            "intents": [
              {"name": "OrderIntent", "delegationStrategy": "ALWAYS", "confirmationRequired": true, "prompts": {"confirmation": "Confirm.Order"},
               "slots": [
                 {"name": "drink", "type": "DRINK", "elicitationRequired": true, "confirmationRequired": false,
                  "prompts": {"elicitation": "Elicit.drink"},
                  "validations": [{"type": "hasEntityResolutionMatch", "prompt": "Invalid.drink"}]},
                 {"name": "size", "type": "SIZE", "elicitationRequired": true, "confirmationRequired": true,
                  "prompts": {"elicitation": "Elicit.size", "confirmation": "Confirm.size"},
                  "validations": [{"type": "isNotInSet", "prompt": "Invalid.size", "values": ["huge"]}]},
                 {"name": "count", "type": "AMAZON.NUMBER",
                  "validations": [{"type": "isGreaterThanOrEqualTo", "prompt": "Invalid.count", "value": "1"},
                                  {"type": "isLessThan", "prompt": "Invalid.count", "value": "10"}]}
               ]},
              {"name": "BookTableIntent", "confirmationRequired": false,
               "slots": [
                 {"name": "people", "type": "AMAZON.NUMBER", "elicitationRequired": true, "prompts": {"elicitation": "Elicit.people"},
                  "validations": [{"type": "isGreaterThan", "prompt": "Invalid.people", "value": "0"}, {"type": "isLessThanOrEqualTo", "prompt": "Invalid.people", "value": "12"}]},
                 {"name": "day", "type": "AMAZON.DATE", "elicitationRequired": true, "prompts": {"elicitation": "Elicit.day"},
                  "validations": [{"type": "isInDuration", "prompt": "Invalid.day", "start": "P0D", "end": "P30D"}]}
               ]},
              {"name": "RateIntent", "slots": [{"name": "stars", "type": "AMAZON.NUMBER", "elicitationRequired": false,
                  "prompts": {"elicitation": "Elicit.stars", "confirmation": "Confirm.stars"}}]}
            ]
          },
          "prompts": [
            {"id": "Elicit.drink", "variations": [{"type": "PlainText", "value": "What would you like to drink?"}, {"type": "PlainText", "value": "Which drink would you like?"}]},
            {"id": "Invalid.drink", "variations": [{"type": "PlainText", "value": "Sorry, we don't have {drink}. We have latte, mocha or tea."}]},
            {"id": "Elicit.size", "variations": [{"type": "PlainText", "value": "What size {drink}?"}]},
            {"id": "Confirm.size", "variations": [{"type": "PlainText", "value": "A {size} {drink}, is that right?"}]},
            {"id": "Invalid.size", "variations": [{"type": "PlainText", "value": "That cup doesn't exist. Small, medium or large?"}]},
            {"id": "Invalid.count", "variations": [{"type": "PlainText", "value": "I can make one to nine at a time. How many?"}]},
            {"id": "Confirm.Order", "variations": [{"type": "PlainText", "value": "A {size} {drink}. Shall I order it?"}]},
            {"id": "Elicit.people", "variations": [{"type": "PlainText", "value": "For how many people?"}]},
            {"id": "Invalid.people", "variations": [{"type": "PlainText", "value": "We seat one to twelve people. How many?"}]},
            {"id": "Elicit.day", "variations": [{"type": "PlainText", "value": "Which day?"}]},
            {"id": "Invalid.day", "variations": [{"type": "PlainText", "value": "We book up to thirty days ahead. Which day?"}]},
            {"id": "Elicit.stars", "variations": [{"type": "PlainText", "value": "How many stars, one to five?"}]},
            {"id": "Confirm.stars", "variations": [{"type": "PlainText", "value": "{stars} stars, right?"}]}
          ]
        }}
        """#

    static func makeSkill() -> Skill {
        SkillBuilders.custom()
            .addRequestHandlers(
                ClosureRequestHandler(name: "Launch", canHandle: { $0.requestType == .launch }) { input in
                    input.responseBuilder.speak("Dialog probe.").reprompt("Order, book or rate?").getResponse()
                },
                ClosureRequestHandler(name: "BookTable", canHandle: { $0.isIntent("BookTableIntent") }) { input in
                    // SKILL_RESPONSE: delegate until the dialog model says COMPLETED.
                    if input.requestEnvelope.request.dialogState != .completed {
                        return input.responseBuilder.addDelegateDirective().getResponse()
                    }
                    return input.responseBuilder.speak("Booked. " + received(input)).getResponse()
                },
                ClosureRequestHandler(name: "Rate", canHandle: { $0.isIntent("RateIntent") }) { input in
                    // The skill asks on its own: ElicitSlot with no speech (the model's prompt
                    // is spoken), then ConfirmSlot, then ConfirmIntent with its own words.
                    let intent = input.requestEnvelope.request.intent!
                    let stars = intent[slot: "stars"]
                    if stars?.value == nil { return input.responseBuilder.addElicitSlotDirective("stars").getResponse() }
                    if stars?.confirmationStatus == ConfirmationStatus.none { return input.responseBuilder.addConfirmSlotDirective("stars").getResponse() }
                    if stars?.confirmationStatus == .denied {
                        var cleared = intent
                        cleared[slot: "stars"] = Slot(name: "stars")
                        return input.responseBuilder.speak("Then how many?").addElicitSlotDirective("stars", cleared).getResponse()
                    }
                    if intent.confirmationStatus == ConfirmationStatus.none {
                        return input.responseBuilder.speak("Send a rating of \(stars!.value!)?").addConfirmIntentDirective().getResponse()
                    }
                    return input.responseBuilder.speak("Rated. " + received(input)).getResponse()
                },
                ClosureRequestHandler(name: "Everything else", canHandle: { _ in true }) { input in
                    input.responseBuilder.speak("Heard " + received(input)).getResponse()
                })
            .create()
    }

    /// What the request carried: type or intent, dialogState, confirmation statuses, slots.
    static func received(_ input: HandlerInput) -> String {
        let request = input.requestEnvelope.request
        guard let intent = request.intent else { return request.type.rawValue + "." }
        var parts = ["\(intent.name) \(request.dialogState?.rawValue ?? "no dialogState") intent \(intent.confirmationStatus.rawValue)"]
        for slot in intent.slots.sorted(by: { $0.name.rawValue < $1.name.rawValue }) where !slot.values.isEmpty {
            parts.append("\(slot.name)=\(slot.values.map(\.value).joined(separator: "+"))\(slot.confirmationStatus == .none ? "" : " " + slot.confirmationStatus.rawValue)")
        }
        return parts.joined(separator: ", ") + "."
    }
}

private func received(_ input: HandlerInput) -> String { DialogProbe.received(input) }

@c(skillhost_create_skill_v1)
public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
    DialogProbe.export(host)
}
