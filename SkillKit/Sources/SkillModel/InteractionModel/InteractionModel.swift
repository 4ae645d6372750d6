/// An Alexa interaction model (`{"interactionModel": {"languageModel": …}}`), as an Alexa
/// skill's `en-US.json` holds it. Parsing checks what Alexa's model build would refuse.
public struct InteractionModel: Sendable, Equatable {
    public var invocationName: String
    public var intents: [IntentDefinition]
    public var types: [SlotTypeDefinition]
    /// `interactionModel.dialog` and `interactionModel.prompts`, read and checked.
    public var dialog: DialogModel
    /// `languageModel.modelConfiguration.fallbackIntentSensitivity.level`.
    public var fallbackIntentSensitivity: FallbackIntentSensitivity

    public init(invocationName: String, intents: [IntentDefinition], types: [SlotTypeDefinition] = [], dialog: DialogModel = DialogModel(), fallbackIntentSensitivity: FallbackIntentSensitivity = .low) {
        self.invocationName = invocationName
        self.intents = intents
        self.types = types
        self.dialog = dialog
        self.fallbackIntentSensitivity = fallbackIntentSensitivity
    }

    public init(parsing text: String) throws(ModelError) {
        guard text.utf8.count <= ModelLimits.jsonBytes else {
            throw ModelError(path: "$", "the model is \(text.utf8.count) bytes, over the limit of \(ModelLimits.jsonBytes >> 20) MiB")
        }
        try self.init(validating: ModelError.parse(text))
    }

    /// Reads a model from its JSON and checks it: names present and unique, every slot type
    /// defined, every `{slot}` in a sample declared on its intent.
    public init(validating value: JSONValue) throws(ModelError) {
        let root = try JSONChecker(value, path: "$")
        let model = try JSONChecker(root.object["interactionModel"], path: "$.interactionModel")
        let language = try JSONChecker(model.object["languageModel"], path: "$.interactionModel.languageModel")
        let invocationName = try language.requireString("invocationName")
        guard !invocationName.trimmingWhitespace().isEmpty else {
            throw ModelError(path: "\(language.path).invocationName", "must not be empty")
        }

        var types: [SlotTypeDefinition] = []
        var typeNames = Set<SlotTypeName>()
        for (i, entry) in (try language.optionalArray("types") ?? []).enumerated() {
            let type = try SlotTypeDefinition(validating: entry, path: "\(language.path).types[\(i)]")
            guard typeNames.insert(type.name).inserted else {
                throw ModelError(path: "\(language.path).types[\(i)].name", "slot type '\(type.name)' is defined twice")
            }
            types.append(type)
        }

        var intents: [IntentDefinition] = []
        var intentNames = Set<IntentName>()
        guard let intentEntries = try language.optionalArray("intents") else {
            throw ModelError(path: "\(language.path).intents", "missing (expected an array of intents)")
        }
        for (i, entry) in intentEntries.enumerated() {
            let path = "\(language.path).intents[\(i)]"
            let intent = try IntentDefinition(validating: entry, path: path)
            guard intentNames.insert(intent.name).inserted else {
                throw ModelError(path: "\(path).name", "intent '\(intent.name)' is defined twice")
            }
            for (s, slot) in intent.slots.enumerated() where !slot.type.isBuiltIn && !typeNames.contains(slot.type) {
                throw ModelError(path: "\(path).slots[\(s)].type", "slot '\(slot.name)' uses slot type '\(slot.type)', which the model does not define")
            }
            intents.append(intent)
        }

        let sensitivity = try language.optionalObject("modelConfiguration")?.optionalObject("fallbackIntentSensitivity")
        var level = FallbackIntentSensitivity.low
        if let sensitivity, let raw = try sensitivity.optionalString("level") {
            guard let parsed = FallbackIntentSensitivity(rawValue: raw) else {
                throw ModelError(path: "\(sensitivity.path).level", "expected LOW, MEDIUM or HIGH, found '\(raw)'")
            }
            level = parsed
        }
        let dialog = try DialogModel(dialog: model.object["dialog"], prompts: model.object["prompts"], intents: intents)
        self.init(invocationName: invocationName, intents: intents, types: types, dialog: dialog, fallbackIntentSensitivity: level)
        if let problem = ModelLimits.problem(in: self) { throw problem }
    }

    public func intent(named name: IntentName) -> IntentDefinition? { intents.first { $0.name == name } }
    public func type(named name: SlotTypeName) -> SlotTypeDefinition? { types.first { $0.name == name } }
}

/// How readily out-of-domain utterances go to AMAZON.FallbackIntent.
public enum FallbackIntentSensitivity: String, Sendable, Equatable {
    case low = "LOW"
    case medium = "MEDIUM"
    case high = "HIGH"
}

/// One intent in a language model.
public struct IntentDefinition: Sendable, Equatable {
    public var name: IntentName
    public var slots: [SlotDefinition]
    public var samples: [String]

    public init(name: IntentName, slots: [SlotDefinition] = [], samples: [String] = []) {
        self.name = name
        self.slots = slots
        self.samples = samples
    }

    init(validating value: JSONValue, path: String) throws(ModelError) {
        let entry = try JSONChecker(value, path: path)
        let name = try entry.requireString("name")
        guard !name.isEmpty else { throw ModelError(path: "\(path).name", "must not be empty") }
        var slots: [SlotDefinition] = []
        for (i, slotValue) in (try entry.optionalArray("slots") ?? []).enumerated() {
            let slotPath = "\(path).slots[\(i)]"
            let slot = try JSONChecker(slotValue, path: slotPath)
            let slotName = SlotName(try slot.requireString("name"))
            guard !slots.contains(where: { $0.name == slotName }) else {
                throw ModelError(path: "\(slotPath).name", "slot '\(slotName)' is declared twice in intent '\(name)'")
            }
            slots.append(SlotDefinition(
                name: slotName, type: SlotTypeName(try slot.requireString("type")), samples: try slot.optionalStrings("samples") ?? [],
                multipleValues: try slot.optionalObject("multipleValues")?.optionalBool("enabled") ?? false))
        }
        let samples = try entry.optionalStrings("samples") ?? []
        for (i, sample) in samples.enumerated() {
            for reference in SampleTemplate.slotReferences(in: sample) where !slots.contains(where: { $0.name.rawValue == reference }) {
                throw ModelError(path: "\(path).samples[\(i)]", "sample \"\(sample)\" names slot '{\(reference)}', which intent '\(name)' does not declare")
            }
        }
        for (s, slot) in slots.enumerated() {
            for (i, sample) in slot.samples.enumerated() {
                for reference in SampleTemplate.slotReferences(in: sample) where !slots.contains(where: { $0.name.rawValue == reference }) {
                    throw ModelError(path: "\(path).slots[\(s)].samples[\(i)]", "sample \"\(sample)\" names slot '{\(reference)}', which intent '\(name)' does not declare")
                }
            }
        }
        self.init(name: IntentName(name), slots: slots, samples: samples)
    }

    public func slot(named name: SlotName) -> SlotDefinition? { slots.first { $0.name == name } }
}

/// One slot declared on an intent.
public struct SlotDefinition: Sendable, Equatable {
    public var name: SlotName
    public var type: SlotTypeName
    /// Slot elicitation samples ("it's {number}"), for answers to "what is the …?".
    public var samples: [String]
    /// `multipleValues.enabled`: the slot takes a list ("pepperoni, olives and ham"), sent as
    /// a `slotValue` of type List.
    public var multipleValues: Bool

    public init(name: SlotName, type: SlotTypeName, samples: [String] = [], multipleValues: Bool = false) {
        self.name = name
        self.type = type
        self.samples = samples
        self.multipleValues = multipleValues
    }
}

/// A custom slot type and its values.
public struct SlotTypeDefinition: Sendable, Equatable {
    public var name: SlotTypeName
    public var values: [SlotTypeValue]

    public init(name: SlotTypeName, values: [SlotTypeValue]) {
        self.name = name
        self.values = values
    }

    init(validating value: JSONValue, path: String) throws(ModelError) {
        let entry = try JSONChecker(value, path: path)
        let name = try entry.requireString("name")
        var values: [SlotTypeValue] = []
        for (i, valueEntry) in (try entry.optionalArray("values") ?? []).enumerated() {
            let valuePath = "\(path).values[\(i)]"
            let checked = try JSONChecker(valueEntry, path: valuePath)
            let nameObject = try JSONChecker(checked.object["name"], path: "\(valuePath).name")
            values.append(SlotTypeValue(id: try checked.optionalString("id"), value: try nameObject.requireString("value"), synonyms: try nameObject.optionalStrings("synonyms") ?? []))
        }
        self.init(name: SlotTypeName(name), values: values)
    }
}

/// One value of a custom slot type: canonical text, optional id, synonyms.
public struct SlotTypeValue: Sendable, Equatable {
    public var id: String?
    public var value: String
    public var synonyms: [String]

    public init(id: String? = nil, value: String, synonyms: [String] = []) {
        self.id = id
        self.value = value
        self.synonyms = synonyms
    }
}

/// The parts of a sample utterance: literal text and `{slot}` references.
public enum SampleTemplate {
    public enum Part: Sendable, Equatable {
        case text(String)
        case slot(String)
    }

    /// The sample's text and `{slot}` references in order. Braces are ASCII, so the sample is
    /// cut at their bytes (training and every load read each sample several times).
    public static func parts(of sample: String) -> [Part] {
        let bytes = sample.utf8
        var parts: [Part] = []
        var start = bytes.startIndex
        var slotBrace: String.Index?
        var index = start
        func text(_ from: String.Index, _ to: String.Index) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), slotBrace == nil {
                if start != index { parts.append(.text(text(start, index))) }
                slotBrace = index
                start = bytes.index(after: index)
            } else if byte == UInt8(ascii: "}"), slotBrace != nil {
                parts.append(.slot(text(start, index).trimmingWhitespace()))
                slotBrace = nil
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if let slotBrace { start = slotBrace }
        if start != bytes.endIndex { parts.append(.text(text(start, bytes.endIndex))) }
        return parts
    }

    /// The names of the slots the sample says, in order.
    public static func slotReferences(in sample: String) -> [String] {
        parts(of: sample).compactMap { if case .slot(let name) = $0 { name } else { nil } }
    }
}

extension InteractionModel {
    /// The invocation name as a skill's name is written: "hello world" → "Hello World"; empty
    /// when the invocation name is.
    public var invocationDisplayName: String {
        invocationName.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
