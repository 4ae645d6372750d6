/// `request.intent`: the intent's name, its confirmation status and its slots.
public struct Intent: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(name: IntentName, slots: [Slot] = [], confirmationStatus: ConfirmationStatus = .none) {
        json = JSONObject()
        json["name"] = .string(name.rawValue)
        json["confirmationStatus"] = .string(confirmationStatus.rawValue)
        var slotsObject = JSONObject()
        for slot in slots { slotsObject[slot.name.rawValue] = .object(slot.json) }
        json["slots"] = .object(slotsObject)
    }

    public var name: IntentName {
        get { IntentName(string("name") ?? "") }
        set { setString("name", newValue.rawValue) }
    }

    public var confirmationStatus: ConfirmationStatus {
        get { raw("confirmationStatus") ?? .none }
        set { setRaw("confirmationStatus", newValue) }
    }

    /// The slots, keyed by name, in the order the envelope lists them.
    public var slots: [Slot] {
        json["slots"]?.object?.compactMap { member in member.value.object.map(Slot.init(json:)) } ?? []
    }

    /// The slot named `name`, or nil when the intent has no such slot.
    public subscript(slot name: SlotName) -> Slot? {
        get { json["slots"]?[name.rawValue]?.object.map(Slot.init(json:)) }
        set {
            var slots = json["slots"]?.object ?? JSONObject()
            slots[name.rawValue] = newValue.map { .object($0.json) }
            json["slots"] = .object(slots)
        }
    }
}

/// One slot of an intent: its name, spoken value, confirmation status and entity resolutions.
///
/// A filled slot carries its value twice, as Alexa sends it: `value` and `resolutions`, and
/// `slotValue` (`{"type": "Simple", "value", "resolutions"}`). A slot with multiple values
/// enabled that heard several ("pepperoni, olives and ham") has no `value`; its `slotValue` is
/// `{"type": "List", "values": [Simple, …]}`, each value resolved on its own.
public struct Slot: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(name: SlotName, value: String? = nil, confirmationStatus: ConfirmationStatus = .none, resolutions: Resolutions? = nil) {
        json = JSONObject()
        json["name"] = .string(name.rawValue)
        json["confirmationStatus"] = .string(confirmationStatus.rawValue)
        if let value { fill([SpokenValue(value, resolutions: resolutions)]) }
    }

    /// A slot filled with what the user said: one value, or several for a slot that takes a list.
    public init(name: SlotName, values: [SpokenValue], confirmationStatus: ConfirmationStatus = .none) {
        self.init(name: name, confirmationStatus: confirmationStatus)
        fill(values)
    }

    public var name: SlotName {
        get { SlotName(string("name") ?? "") }
        set { setString("name", newValue.rawValue) }
    }

    /// What the user said for the slot, or nil when the slot is unfilled or holds a list.
    public var value: String? {
        get { string("value") }
        set { fill(newValue.map { [SpokenValue($0, resolutions: resolutions)] } ?? []) }
    }

    public var confirmationStatus: ConfirmationStatus {
        get { raw("confirmationStatus") ?? .none }
        set { setRaw("confirmationStatus", newValue) }
    }

    public var resolutions: Resolutions? {
        get { view("resolutions") }
        set {
            setView("resolutions", newValue)
            if let value { json["slotValue"] = .object(SpokenValue(value, resolutions: newValue).json) }
        }
    }

    /// The first resolved value's name when an authority matched (ER_SUCCESS_MATCH); for a
    /// list, the first value's.
    public var resolvedValue: ResolvedValue? { values.first?.resolvedValue }

    /// Every value the user said for the slot: the list's for a list, else the one value;
    /// empty when unfilled. (`value` and `resolutions` are read before a Simple `slotValue`,
    /// which a request may send without resolutions.)
    public var values: [SpokenValue] {
        let slotValue = json["slotValue"]?.object
        if slotValue?["type"]?.string == "List" {
            return slotValue?["values"]?.array?.compactMap { $0.object.flatMap(SpokenValue.init(json:)) } ?? []
        }
        let simple = slotValue.flatMap(SpokenValue.init(json:))
        if let value { return [SpokenValue(value, resolutions: resolutions ?? simple?.resolutions)] }
        return simple.map { [$0] } ?? []
    }

    /// Sets what the user said: nothing clears the slot; one value is `value`, `resolutions`
    /// and a Simple `slotValue`; several are a List `slotValue` alone.
    public mutating func fill(_ values: [SpokenValue]) {
        json["value"] = nil
        json["resolutions"] = nil
        json["slotValue"] = nil
        switch values.count {
        case 0:
            break
        case 1:
            json["value"] = .string(values[0].value)
            json["resolutions"] = values[0].resolutions.map { .object($0.json) }
            json["slotValue"] = .object(values[0].json)
        default:
            json["slotValue"] = .object(["type": .string("List"), "values": .array(values.map { .object($0.json) })])
        }
    }
}

/// One value the user said for a slot, with its entity resolutions: a `slotValue` of type Simple.
public struct SpokenValue: Sendable, Equatable {
    public var value: String
    public var resolutions: Resolutions?

    public init(_ value: String, resolutions: Resolutions? = nil) {
        self.value = value
        self.resolutions = resolutions
    }

    /// The first resolved value's name when an authority matched (ER_SUCCESS_MATCH).
    public var resolvedValue: ResolvedValue? {
        resolutions?.authorities.first(where: { $0.status == .successMatch })?.values.first
    }

    init?(json: JSONObject) {
        guard json["type"]?.string ?? "Simple" == "Simple", let value = json["value"]?.string else { return nil }
        self.init(value, resolutions: json["resolutions"]?.object.map(Resolutions.init(json:)))
    }

    var json: JSONObject {
        var object: JSONObject = ["type": .string("Simple"), "value": .string(value)]
        if let resolutions { object["resolutions"] = .object(resolutions.json) }
        return object
    }
}

/// `resolutions` of a slot: entity resolution per authority, in Alexa's shape.
public struct Resolutions: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(authorities: [ResolutionAuthority]) {
        json = ["resolutionsPerAuthority": .array(authorities.map { .object($0.json) })]
    }

    public var authorities: [ResolutionAuthority] {
        json["resolutionsPerAuthority"]?.array?.compactMap { $0.object.map(ResolutionAuthority.init(json:)) } ?? []
    }
}

/// Entity resolution status codes.
public enum ResolutionStatus: String, Sendable, Hashable {
    case successMatch = "ER_SUCCESS_MATCH"
    case successNoMatch = "ER_SUCCESS_NO_MATCH"
    case errorTimeout = "ER_ERROR_TIMEOUT"
    case errorException = "ER_ERROR_EXCEPTION"
}

/// One entry of `resolutionsPerAuthority`.
public struct ResolutionAuthority: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(authority: String, status: ResolutionStatus, values: [ResolvedValue]) {
        json = JSONObject()
        json["authority"] = .string(authority)
        json["status"] = ["code": .string(status.rawValue)]
        if !values.isEmpty {
            json["values"] = .array(values.map { ["value": ["name": .string($0.name), "id": .string($0.id)]] })
        }
    }

    public var authority: String { string("authority") ?? "" }
    public var status: ResolutionStatus? { json["status"]?["code"]?.string.flatMap(ResolutionStatus.init(rawValue:)) }
    public var values: [ResolvedValue] {
        json["values"]?.array?.compactMap { entry in
            guard let value = entry["value"], let name = value["name"]?.string else { return nil }
            return ResolvedValue(name: name, id: value["id"]?.string ?? "")
        } ?? []
    }
}

/// A canonical slot value an utterance resolved to.
public struct ResolvedValue: Sendable, Hashable {
    public var name: String
    public var id: String
    public init(name: String, id: String) {
        self.name = name
        self.id = id
    }
}
