/// `interactionModel.dialog` with its `prompts`: which slots an intent requires, what to ask,
/// what to confirm, what a value must pass. Read and checked with the rest of the model, so a
/// prompt id that names nothing is an error at load, not a silence in the middle of a dialog.
public struct DialogModel: Sendable, Equatable {
    /// `dialog.delegationStrategy`: the skill's default; an intent may set its own.
    public var delegationStrategy: DelegationStrategy?
    public var intents: [DialogIntent]
    /// Prompt id → its variations as plain text (SSML variations with the markup taken off).
    public var prompts: [String: [String]]

    public init(delegationStrategy: DelegationStrategy? = nil, intents: [DialogIntent] = [], prompts: [String: [String]] = [:]) {
        self.delegationStrategy = delegationStrategy
        self.intents = intents
        self.prompts = prompts
    }

    public func intent(named name: IntentName) -> DialogIntent? { intents.first { $0.name == name } }

    /// Who runs the dialog for `intent`: its own strategy, else the skill's. A model that says
    /// neither gets SKILL_RESPONSE, so a skill written before auto delegation keeps seeing every
    /// turn.
    public func delegation(for intent: IntentName) -> DelegationStrategy {
        self.intent(named: intent)?.delegationStrategy ?? delegationStrategy ?? .skillResponse
    }

    /// Reads `dialog` and `prompts` as Alexa's model schema has them, checked against the
    /// model's intents.
    init(dialog: JSONValue?, prompts: JSONValue?, intents languageIntents: [IntentDefinition]) throws(ModelError) {
        var promptTable: [String: [String]] = [:]
        if let prompts, !prompts.isNull {
            guard let entries = prompts.array else { throw ModelError(path: "$.interactionModel.prompts", "expected an array, found \(prompts.typeName)") }
            for (i, entry) in entries.enumerated() {
                let path = "$.interactionModel.prompts[\(i)]"
                let prompt = try JSONChecker(entry, path: path)
                let id = try prompt.requireString("id")
                var variations: [String] = []
                for (v, variation) in (try prompt.optionalArray("variations") ?? []).enumerated() {
                    let checked = try JSONChecker(variation, path: "\(path).variations[\(v)]")
                    let value = try checked.requireString("value")
                    variations.append((try checked.optionalString("type")) == "SSML" ? SSML.plainText(value) : value)
                }
                guard !variations.isEmpty else { throw ModelError(path: "\(path).variations", "prompt '\(id)' has no variations") }
                guard promptTable.updateValue(variations, forKey: id) == nil else { throw ModelError(path: "\(path).id", "prompt '\(id)' is defined twice") }
            }
        }
        self.prompts = promptTable

        guard let dialog, !dialog.isNull else {
            self.delegationStrategy = nil
            self.intents = []
            return
        }
        let root = try JSONChecker(dialog, path: "$.interactionModel.dialog")
        delegationStrategy = try DelegationStrategy(root.optionalString("delegationStrategy"), path: "\(root.path).delegationStrategy")
        var intents: [DialogIntent] = []
        for (i, entry) in (try root.optionalArray("intents") ?? []).enumerated() {
            let intent = try DialogIntent(validating: entry, path: "\(root.path).intents[\(i)]", prompts: promptTable, intents: languageIntents)
            guard !intents.contains(where: { $0.name == intent.name }) else {
                throw ModelError(path: "\(root.path).intents[\(i)].name", "intent '\(intent.name)' has two dialog entries")
            }
            intents.append(intent)
        }
        self.intents = intents
    }

    /// The text of a prompt variation, chosen by `pick` among the variations (any number; it
    /// is taken modulo their count), with `{slot}` replaced by what the user said for it. As on
    /// Alexa, a variation that names an empty slot is left out while another names none ("ok in
    /// {year}, but which day?" is for when the year is known).
    public func render(_ promptID: String, pick: UInt64, intent: Intent) -> String {
        guard let variations = prompts[promptID], !variations.isEmpty else { return "" }
        func spoken(_ name: String) -> String? {
            let values = intent[slot: SlotName(name)]?.values.map(\.value) ?? []
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        let usable = variations.filter { Placeholders.names(in: $0).allSatisfy { spoken($0) != nil } }
        let choices = usable.isEmpty ? variations : usable
        return Placeholders.fill(choices[Int(pick % UInt64(choices.count))]) { spoken($0) ?? "" }
    }
}

/// `delegationStrategy`: whether Alexa (here, the host) runs the whole dialog and sends the
/// skill one IntentRequest when it is complete (ALWAYS), or sends the skill every turn and
/// runs a step only when the skill answers `Dialog.Delegate` (SKILL_RESPONSE).
public enum DelegationStrategy: String, Sendable, Equatable {
    case always = "ALWAYS"
    case skillResponse = "SKILL_RESPONSE"

    init?(_ raw: String?, path: String) throws(ModelError) {
        guard let raw else { return nil }
        guard let strategy = DelegationStrategy(rawValue: raw) else { throw ModelError(path: path, "expected ALWAYS or SKILL_RESPONSE, found '\(raw)'") }
        self = strategy
    }
}

/// One intent's dialog: its slots in the order they are asked, and intent confirmation.
public struct DialogIntent: Sendable, Equatable {
    public var name: IntentName
    public var delegationStrategy: DelegationStrategy?
    public var confirmationRequired: Bool
    /// The prompt id asked before the intent is handed over, when confirmation is required.
    public var confirmationPrompt: String?
    public var slots: [DialogSlot]

    public init(name: IntentName, delegationStrategy: DelegationStrategy? = nil, confirmationRequired: Bool = false, confirmationPrompt: String? = nil, slots: [DialogSlot] = []) {
        self.name = name
        self.delegationStrategy = delegationStrategy
        self.confirmationRequired = confirmationRequired
        self.confirmationPrompt = confirmationPrompt
        self.slots = slots
    }

    /// Whether the dialog has anything to do for this intent: a slot to elicit, confirm or
    /// validate, or the intent to confirm.
    public var hasSteps: Bool {
        confirmationRequired || slots.contains { $0.elicitationRequired || $0.confirmationRequired || !$0.validations.isEmpty }
    }

    public func slot(named name: SlotName) -> DialogSlot? { slots.first { $0.name == name } }

    init(validating value: JSONValue, path: String, prompts: [String: [String]], intents: [IntentDefinition]) throws(ModelError) {
        let entry = try JSONChecker(value, path: path)
        let name = IntentName(try entry.requireString("name"))
        guard let definition = intents.first(where: { $0.name == name }) else {
            throw ModelError(path: "\(path).name", "dialog names intent '\(name)', which the language model does not define")
        }
        func prompt(_ checker: JSONChecker, _ key: String, required: Bool, what: String) throws(ModelError) -> String? {
            let id = try checker.optionalObject("prompts")?.optionalString(key)
            if let id, prompts[id] == nil { throw ModelError(path: "\(checker.path).prompts.\(key)", "prompt '\(id)' is not in the model's prompts") }
            if required, id == nil { throw ModelError(path: "\(checker.path).prompts.\(key)", "missing: \(what)") }
            return id
        }
        let confirmationRequired = try entry.optionalBool("confirmationRequired") ?? false
        let confirmationPrompt = try prompt(entry, "confirmation", required: confirmationRequired, what: "intent '\(name)' requires confirmation but names no confirmation prompt")
        var slots: [DialogSlot] = []
        for (s, slotValue) in (try entry.optionalArray("slots") ?? []).enumerated() {
            let slotPath = "\(path).slots[\(s)]"
            let slot = try JSONChecker(slotValue, path: slotPath)
            let slotName = SlotName(try slot.requireString("name"))
            guard let declared = definition.slot(named: slotName) else {
                throw ModelError(path: "\(slotPath).name", "dialog names slot '\(slotName)', which intent '\(name)' does not declare")
            }
            let elicitationRequired = try slot.optionalBool("elicitationRequired") ?? false
            let slotConfirmation = try slot.optionalBool("confirmationRequired") ?? false
            var validations: [SlotValidation] = []
            for (v, rule) in (try slot.optionalArray("validations") ?? []).enumerated() {
                validations.append(try SlotValidation(validating: rule, path: "\(slotPath).validations[\(v)]", prompts: prompts))
            }
            slots.append(DialogSlot(
                name: slotName, type: declared.type,
                elicitationRequired: elicitationRequired,
                confirmationRequired: slotConfirmation,
                elicitationPrompt: try prompt(slot, "elicitation", required: elicitationRequired, what: "slot '\(slotName)' must be elicited but names no elicitation prompt"),
                confirmationPrompt: try prompt(slot, "confirmation", required: slotConfirmation, what: "slot '\(slotName)' requires confirmation but names no confirmation prompt"),
                validations: validations))
        }
        self.init(
            name: name, delegationStrategy: try DelegationStrategy(entry.optionalString("delegationStrategy"), path: "\(path).delegationStrategy"),
            confirmationRequired: confirmationRequired, confirmationPrompt: confirmationPrompt, slots: slots)
    }
}

/// One slot in an intent's dialog.
public struct DialogSlot: Sendable, Equatable {
    public var name: SlotName
    public var type: SlotTypeName
    public var elicitationRequired: Bool
    public var confirmationRequired: Bool
    public var elicitationPrompt: String?
    public var confirmationPrompt: String?
    public var validations: [SlotValidation]

    public init(name: SlotName, type: SlotTypeName, elicitationRequired: Bool = false, confirmationRequired: Bool = false, elicitationPrompt: String? = nil, confirmationPrompt: String? = nil, validations: [SlotValidation] = []) {
        self.name = name
        self.type = type
        self.elicitationRequired = elicitationRequired
        self.confirmationRequired = confirmationRequired
        self.elicitationPrompt = elicitationPrompt
        self.confirmationPrompt = confirmationPrompt
        self.validations = validations
    }
}

/// A rule a slot's value must pass, and the prompt spoken when it does not.
public struct SlotValidation: Sendable, Equatable {
    public enum Rule: Sendable, Equatable {
        /// The value resolved to one of the slot type's values (ER_SUCCESS_MATCH).
        case hasEntityResolutionMatch
        case isInSet([String])
        case isNotInSet([String])
        case isGreaterThan(Double)
        case isGreaterThanOrEqualTo(Double)
        case isLessThan(Double)
        case isLessThanOrEqualTo(Double)
        /// A DATE or TIME within [start, end], each an ISO-8601 duration from now ("-P7D",
        /// "P1Y", "PT2H") or an absolute date/time; a missing bound is open.
        case isInDuration(start: String?, end: String?)
        case isNotInDuration(start: String?, end: String?)
    }

    public var rule: Rule
    public var prompt: String

    public init(rule: Rule, prompt: String) {
        self.rule = rule
        self.prompt = prompt
    }

    init(validating value: JSONValue, path: String, prompts: [String: [String]]) throws(ModelError) {
        let entry = try JSONChecker(value, path: path)
        let type = try entry.requireString("type")
        let prompt = try entry.requireString("prompt")
        guard prompts[prompt] != nil else { throw ModelError(path: "\(path).prompt", "prompt '\(prompt)' is not in the model's prompts") }
        func set() throws(ModelError) -> [String] {
            guard let values = try entry.optionalStrings("values"), !values.isEmpty else {
                throw ModelError(path: "\(path).values", "\(type) needs a non-empty array of values")
            }
            return values
        }
        func number() throws(ModelError) -> Double {
            let raw = entry.object["value"]
            guard let number = raw?.double ?? raw?.string.flatMap(Double.init) else {
                throw ModelError(path: "\(path).value", "\(type) needs a number as its value")
            }
            return number
        }
        let rule: Rule
        switch type {
        case "hasEntityResolutionMatch": rule = .hasEntityResolutionMatch
        case "isInSet": rule = .isInSet(try set())
        case "isNotInSet": rule = .isNotInSet(try set())
        case "isGreaterThan": rule = .isGreaterThan(try number())
        case "isGreaterThanOrEqualTo": rule = .isGreaterThanOrEqualTo(try number())
        case "isLessThan": rule = .isLessThan(try number())
        case "isLessThanOrEqualTo": rule = .isLessThanOrEqualTo(try number())
        case "isInDuration", "isNotInDuration":
            let start = try entry.optionalString("start")
            let end = try entry.optionalString("end")
            guard start != nil || end != nil else { throw ModelError(path: path, "\(type) needs a start, an end or both") }
            rule = type == "isInDuration" ? .isInDuration(start: start, end: end) : .isNotInDuration(start: start, end: end)
        default:
            throw ModelError(path: "\(path).type", "unknown validation '\(type)' (expected hasEntityResolutionMatch, isInSet, isNotInSet, isGreaterThan, isGreaterThanOrEqualTo, isLessThan, isLessThanOrEqualTo, isInDuration or isNotInDuration)")
        }
        self.init(rule: rule, prompt: prompt)
    }
}
