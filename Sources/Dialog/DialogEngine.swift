import SkillModel

/// What the dialog asks the user next.
public enum DialogQuestion: Sendable, Equatable {
    /// "What size would you like?": the answer fills the slot.
    case elicitSlot(SlotName)
    /// "A large, is that right?": yes or no sets the slot's confirmationStatus.
    case confirmSlot(SlotName)
    /// "A large latte for pickup at 5, shall I order it?": yes or no sets the intent's.
    case confirmIntent

    /// The directive that asks this question, as a skill would send it.
    public var directiveType: String {
        switch self {
        case .elicitSlot: "Dialog.ElicitSlot"
        case .confirmSlot: "Dialog.ConfirmSlot"
        case .confirmIntent: "Dialog.ConfirmIntent"
        }
    }

    /// The slot asked about; nil for the intent's confirmation.
    public var slot: SlotName? {
        switch self {
        case .elicitSlot(let slot), .confirmSlot(let slot): slot
        case .confirmIntent: nil
        }
    }
}

/// One step of the dialog model: ask the user something, or hand the finished intent over.
public struct DialogStep: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Speak `speech` (the model's prompt, already filled in) and wait for the answer.
        case ask(DialogQuestion, speech: String)
        /// Every required slot is filled, valid and confirmed, and the intent confirmed or
        /// denied: the skill gets the intent with dialogState COMPLETED.
        case complete
    }

    public var action: Action
    /// The intent as it stands after this step: a value that failed validation or whose
    /// confirmation was denied is taken off, as Alexa does before asking for it again.
    public var intent: Intent
}

/// The dialog model run as Alexa runs it, with no state of its own: the intent as it stands
/// in, the next step out. Slots are taken in the dialog model's order; for each, a filled
/// value is validated, an empty required one elicited, a filled one confirmed when the model
/// asks for it; then the intent is confirmed when the model asks for it.
public struct DialogEngine: Sendable {
    public let model: DialogModel

    public init(model: DialogModel) { self.model = model }

    /// The next step for `intent`, or nil when the model has no dialog for it.
    /// - Parameters:
    ///   - pick: chooses among a prompt's variations; the host derives it from the session's
    ///     seed and turn, so a replayed session hears the same words.
    ///   - now: what "today" and "now" are for isInDuration.
    public func next(_ intent: Intent, pick: UInt64, now: DialogClock) -> DialogStep? {
        guard let dialog = model.intent(named: intent.name) else { return nil }
        var intent = intent
        for slot in dialog.slots {
            var current = intent[slot: slot.name] ?? Slot(name: slot.name)
            let filled = !current.values.isEmpty
            if filled, current.confirmationStatus == .denied {
                // "No" to "did you say large?": the value goes and the slot is asked again.
                current.fill([])
                current.confirmationStatus = .none
                intent[slot: slot.name] = current
                if let prompt = slot.elicitationPrompt {
                    return DialogStep(action: .ask(.elicitSlot(slot.name), speech: model.render(prompt, pick: pick, intent: intent)), intent: intent)
                }
                continue
            }
            if filled, let failed = slot.validations.first(where: { !$0.rule.accepts(current, now: now) }) {
                // The prompt may quote the refused value ("{size} is not on the menu").
                let speech = model.render(failed.prompt, pick: pick, intent: intent)
                current.fill([])
                current.confirmationStatus = .none
                intent[slot: slot.name] = current
                return DialogStep(action: .ask(.elicitSlot(slot.name), speech: speech), intent: intent)
            }
            if !filled, slot.elicitationRequired, let prompt = slot.elicitationPrompt {
                return DialogStep(action: .ask(.elicitSlot(slot.name), speech: model.render(prompt, pick: pick, intent: intent)), intent: intent)
            }
            if filled, slot.confirmationRequired, current.confirmationStatus == .none, let prompt = slot.confirmationPrompt {
                return DialogStep(action: .ask(.confirmSlot(slot.name), speech: model.render(prompt, pick: pick, intent: intent)), intent: intent)
            }
        }
        if dialog.confirmationRequired, intent.confirmationStatus == .none, let prompt = dialog.confirmationPrompt {
            return DialogStep(action: .ask(.confirmIntent, speech: model.render(prompt, pick: pick, intent: intent)), intent: intent)
        }
        return DialogStep(action: .complete, intent: intent)
    }

    /// The prompt that asks `question` for `intent` again, for a skill's own directive or an
    /// answer that was not understood; nil when the model has none.
    public func prompt(for question: DialogQuestion, in intent: Intent, pick: UInt64) -> String? {
        guard let dialog = model.intent(named: intent.name) else { return nil }
        let id: String?
        switch question {
        case .elicitSlot(let name): id = dialog.slot(named: name)?.elicitationPrompt
        case .confirmSlot(let name): id = dialog.slot(named: name)?.confirmationPrompt
        case .confirmIntent: id = dialog.confirmationPrompt
        }
        return id.map { model.render($0, pick: pick, intent: intent) }
    }

    /// Whether the dialog model runs `intent`'s dialog itself (auto delegation) rather than
    /// sending the skill each turn.
    public func delegatesAutomatically(_ intent: IntentName) -> Bool {
        guard let dialog = model.intent(named: intent), dialog.hasSteps else { return false }
        return model.delegation(for: intent) == .always
    }

    /// Whether `intent` has a dialog with steps, so its requests carry a dialogState.
    public func hasDialog(_ intent: IntentName) -> Bool { model.intent(named: intent)?.hasSteps ?? false }
}

/// Mixes a session seed, a prompt id and a turn into the number that picks a prompt
/// variation: the same session replayed picks the same variations.
public func promptPick(seed: UInt64, turn: Int) -> UInt64 {
    var x = seed &+ UInt64(truncatingIfNeeded: turn) &* 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return x ^ (x >> 31)
}
