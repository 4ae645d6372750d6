/// `response.canFulfillIntent`: a skill's answer to a CanFulfillIntentRequest, which asks
/// whether it could handle an intent before the user has named the skill.
public struct CanFulfillIntent: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    /// YES, NO or MAYBE, as Alexa spells them.
    public enum Answer: String, Sendable {
        case yes = "YES"
        case no = "NO"
        case maybe = "MAYBE"
    }

    /// - Parameter slots: per slot, whether the skill understands its value and can act on it.
    public init(canFulfill: Answer, slots: [SlotName: (canUnderstand: Answer, canFulfill: Answer)] = [:]) {
        json = ["canFulfill": .string(canFulfill.rawValue)]
        var slotsObject = JSONObject()
        for (name, answer) in slots.sorted(by: { $0.key < $1.key }) {
            slotsObject[name.rawValue] = ["canUnderstand": .string(answer.canUnderstand.rawValue), "canFulfill": .string(answer.canFulfill.rawValue)]
        }
        if !slotsObject.isEmpty { json["slots"] = .object(slotsObject) }
    }

    public var canFulfill: Answer? { raw("canFulfill") }

    /// Whether the skill understands and can fulfil the slot's value.
    public func slot(_ name: SlotName) -> (canUnderstand: Answer?, canFulfill: Answer?) {
        let slot = json["slots"]?[name.rawValue]
        return (slot?["canUnderstand"]?.string.flatMap(Answer.init(rawValue:)), slot?["canFulfill"]?.string.flatMap(Answer.init(rawValue:)))
    }
}

extension Response {
    public var canFulfillIntent: CanFulfillIntent? {
        get { view("canFulfillIntent") }
        set { setView("canFulfillIntent", newValue) }
    }
}
