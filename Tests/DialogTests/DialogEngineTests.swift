import Dialog
import SkillModel
import Testing

/// The dialog model run step by step on a coffee-order model shaped like Alexa's samples:
/// required slots with prompts, validations, slot and intent confirmation.
@Suite struct DialogEngineTests {
    static let json = """
    {"interactionModel": {
      "languageModel": {
        "invocationName": "coffee shop",
        "intents": [
          {"name": "OrderIntent", "slots": [
             {"name": "drink", "type": "DRINK"}, {"name": "size", "type": "SIZE"},
             {"name": "count", "type": "AMAZON.NUMBER"}, {"name": "pickup", "type": "AMAZON.DATE"}],
           "samples": ["i want a {size} {drink}", "order {count} {drink}"]},
          {"name": "AMAZON.StopIntent", "samples": []}
        ],
        "types": [
          {"name": "DRINK", "values": [{"id": "LATTE", "name": {"value": "latte"}}, {"name": {"value": "mocha"}}]},
          {"name": "SIZE", "values": [{"name": {"value": "small"}}, {"name": {"value": "large"}}]}
        ]
      },
      "dialog": {
        "delegationStrategy": "ALWAYS",
        "intents": [{
          "name": "OrderIntent", "confirmationRequired": true, "prompts": {"confirmation": "Confirm.Intent"},
          "slots": [
            {"name": "drink", "type": "DRINK", "elicitationRequired": true, "confirmationRequired": false,
             "prompts": {"elicitation": "Elicit.drink"},
             "validations": [{"type": "hasEntityResolutionMatch", "prompt": "Invalid.drink"}]},
            {"name": "size", "type": "SIZE", "elicitationRequired": true, "confirmationRequired": true,
             "prompts": {"elicitation": "Elicit.size", "confirmation": "Confirm.size"},
             "validations": [{"type": "isInSet", "prompt": "Invalid.size", "values": ["small", "large"]}]},
            {"name": "count", "type": "AMAZON.NUMBER", "elicitationRequired": false,
             "validations": [{"type": "isGreaterThan", "prompt": "Invalid.count", "value": "0"},
                             {"type": "isLessThanOrEqualTo", "prompt": "Invalid.count", "value": "10"}]},
            {"name": "pickup", "type": "AMAZON.DATE",
             "validations": [{"type": "isInDuration", "prompt": "Invalid.pickup", "start": "P0D", "end": "P7D"}]}
          ]}]
      },
      "prompts": [
        {"id": "Elicit.drink", "variations": [{"type": "PlainText", "value": "What would you like to drink?"},
                                               {"type": "PlainText", "value": "Which drink?"}]},
        {"id": "Invalid.drink", "variations": [{"type": "PlainText", "value": "Sorry, we don't serve {drink}. What else?"}]},
        {"id": "Elicit.size", "variations": [{"type": "SSML", "value": "<speak>What size <emphasis>{drink}</emphasis>?</speak>"}]},
        {"id": "Confirm.size", "variations": [{"type": "PlainText", "value": "A {size} {drink}, right?"}]},
        {"id": "Invalid.size", "variations": [{"type": "PlainText", "value": "We only have small and large."}]},
        {"id": "Invalid.count", "variations": [{"type": "PlainText", "value": "Between one and ten, please."}]},
        {"id": "Invalid.pickup", "variations": [{"type": "PlainText", "value": "We take orders up to a week ahead."}]},
        {"id": "Confirm.Intent", "variations": [{"type": "PlainText", "value": "{count} {size} {drink}, shall I order?"}]}
      ]
    }}
    """

    static let model = try! InteractionModel(parsing: json)
    static let engine = DialogEngine(model: model.dialog)
    static let now = DialogClock(year: 2026, month: 11, day: 22, minute: 10 * 60)

    static func order(_ values: [String: String], resolved: Set<String> = []) -> Intent {
        var intent = Intent(name: "OrderIntent", slots: ["drink", "size", "count", "pickup"].map { Slot(name: SlotName($0)) })
        for (name, value) in values {
            let resolution = resolved.contains(name)
                ? Resolutions(authorities: [ResolutionAuthority(authority: "amzn1.er-authority.echo-sdk.x.\(name)", status: .successMatch, values: [ResolvedValue(name: value, id: "")])])
                : nil
            intent[slot: SlotName(name)] = Slot(name: SlotName(name), value: value, resolutions: resolution)
        }
        return intent
    }

    @Test func readsTheDialogModel() throws {
        let dialog = try #require(Self.model.dialog.intent(named: "OrderIntent"))
        #expect(Self.model.dialog.delegation(for: "OrderIntent") == .always)
        #expect(dialog.confirmationRequired && dialog.hasSteps)
        #expect(dialog.slots.map(\.name) == ["drink", "size", "count", "pickup"])
        #expect(dialog.slot(named: "count")?.validations.map(\.rule) == [.isGreaterThan(0), .isLessThanOrEqualTo(10)])
        #expect(Self.engine.delegatesAutomatically("OrderIntent"))
        #expect(!Self.engine.delegatesAutomatically("AMAZON.StopIntent"))
    }

    @Test func elicitsRequiredSlotsInOrderWithTheirPrompts() {
        let first = Self.engine.next(Self.order([:]), pick: 0, now: Self.now)
        #expect(first?.action == .ask(.elicitSlot("drink"), speech: "What would you like to drink?"))
        let second = Self.engine.next(Self.order([:]), pick: 1, now: Self.now)
        #expect(second?.action == .ask(.elicitSlot("drink"), speech: "Which drink?"), "another pick, another variation")
        let size = Self.engine.next(Self.order(["drink": "latte"], resolved: ["drink"]), pick: 0, now: Self.now)
        #expect(size?.action == .ask(.elicitSlot("size"), speech: "What size latte?"), "SSML prompt read as text, slot filled in")
    }

    @Test func aValueThatFailsValidationIsTakenOffAndAskedAgain() throws {
        let step = try #require(Self.engine.next(Self.order(["drink": "tea"]), pick: 0, now: Self.now))
        #expect(step.action == .ask(.elicitSlot("drink"), speech: "Sorry, we don't serve tea. What else?"))
        #expect(step.intent[slot: "drink"]?.value == nil)
        let size = Self.engine.next(Self.order(["drink": "latte", "size": "huge"], resolved: ["drink"]), pick: 0, now: Self.now)
        #expect(size?.action == .ask(.elicitSlot("size"), speech: "We only have small and large."))
        var intent = Self.order(["drink": "latte", "size": "large", "count": "12"], resolved: ["drink"])
        intent[slot: "size"]?.confirmationStatus = .confirmed
        let count = Self.engine.next(intent, pick: 0, now: Self.now)
        #expect(count?.action == .ask(.elicitSlot("count"), speech: "Between one and ten, please."), "an optional slot is validated once filled")
    }

    @Test func confirmsASlotAndADenialAsksForItAgain() throws {
        var intent = Self.order(["drink": "latte", "size": "large"], resolved: ["drink"])
        #expect(Self.engine.next(intent, pick: 0, now: Self.now)?.action == .ask(.confirmSlot("size"), speech: "A large latte, right?"))
        intent[slot: "size"]?.confirmationStatus = .denied
        let denied = try #require(Self.engine.next(intent, pick: 0, now: Self.now))
        #expect(denied.action == .ask(.elicitSlot("size"), speech: "What size latte?"))
        #expect(denied.intent[slot: "size"]?.value == nil)
        #expect(denied.intent[slot: "size"]?.confirmationStatus == ConfirmationStatus.none)
    }

    @Test func confirmsTheIntentThenCompletes() {
        var intent = Self.order(["drink": "latte", "size": "large", "count": "2"], resolved: ["drink"])
        intent[slot: "size"]?.confirmationStatus = .confirmed
        #expect(Self.engine.next(intent, pick: 0, now: Self.now)?.action == .ask(.confirmIntent, speech: "2 large latte, shall I order?"))
        intent.confirmationStatus = .confirmed
        #expect(Self.engine.next(intent, pick: 0, now: Self.now)?.action == .complete)
        intent.confirmationStatus = .denied
        #expect(Self.engine.next(intent, pick: 0, now: Self.now)?.action == .complete, "a denied intent goes to the skill, which decides")
    }

    @Test(arguments: [
        ("2026-11-22", true), ("2026-11-29", true), ("2026-11-30", false), ("2026-11-21", false),
        ("2026-W48", true), ("2026-12", false), ("2026-11", true), ("not a date", false),
    ])
    func isInDurationComparesDatesWithToday(value: String, accepted: Bool) {
        let rule = SlotValidation.Rule.isInDuration(start: "P0D", end: "P7D")
        #expect(rule.accepts(Slot(name: "pickup", value: value), now: Self.now) == accepted)
    }

    @Test func isInDurationComparesTimesWithNow() {
        let rule = SlotValidation.Rule.isInDuration(start: "PT0H", end: "PT2H")
        #expect(rule.accepts(Slot(name: "t", value: "11:30"), now: Self.now))
        #expect(!rule.accepts(Slot(name: "t", value: "13:00"), now: Self.now))
        #expect(SlotValidation.Rule.isNotInDuration(start: "-P1Y", end: "P0D").accepts(Slot(name: "d", value: "2027-01-01"), now: Self.now))
        #expect(SlotValidation.Rule.isInDuration(start: "2026-01-01", end: "2026-12-31").accepts(Slot(name: "d", value: "2026-06-01"), now: Self.now))
    }

    @Test(arguments: [
        (#""prompts": {"elicitation": "Elicit.nothing"}"#, "prompt 'Elicit.nothing' is not in the model's prompts"),
        (#""validations": [{"type": "isBlue", "prompt": "P"}]"#, "unknown validation 'isBlue'"),
        (#""validations": [{"type": "isInSet", "prompt": "P"}]"#, "isInSet needs a non-empty array of values"),
        (#""validations": [{"type": "isLessThan", "prompt": "P", "value": "ten"}]"#, "isLessThan needs a number"),
        (#""elicitationRequired": true"#, "must be elicited but names no elicitation prompt"),
    ])
    func aMalformedDialogIsRefusedWithItsPath(slotMembers: String, message: String) {
        let json = """
        {"interactionModel": {"languageModel": {"invocationName": "x", "intents": [{"name": "A", "slots": [{"name": "s", "type": "AMAZON.NUMBER"}], "samples": ["a {s}"]}]},
         "dialog": {"intents": [{"name": "A", "slots": [{"name": "s", "type": "AMAZON.NUMBER", \(slotMembers)}]}]},
         "prompts": [{"id": "P", "variations": [{"type": "PlainText", "value": "p"}]}]}}
        """
        #expect {
            try InteractionModel(parsing: json)
        } throws: { error in
            let text = "\(error)"
            return text.contains("$.interactionModel.dialog.intents[0].slots[0]") && text.contains(message)
        }
    }

    @Test func aDialogForAnIntentOrSlotTheModelLacksIsRefused() {
        let json = #"{"interactionModel": {"languageModel": {"invocationName": "x", "intents": [{"name": "A", "samples": ["a"]}]}, "dialog": {"intents": [{"name": "B"}]}}}"#
        #expect(throws: ModelError(path: "$.interactionModel.dialog.intents[0].name", "dialog names intent 'B', which the language model does not define")) {
            try InteractionModel(parsing: json)
        }
    }

    @Test func pickIsDeterministicAndSpreads() {
        #expect(promptPick(seed: 7, turn: 3) == promptPick(seed: 7, turn: 3))
        let picks = Set((0..<20).map { promptPick(seed: 7, turn: $0) % 2 })
        #expect(picks.count == 2)
    }
}
