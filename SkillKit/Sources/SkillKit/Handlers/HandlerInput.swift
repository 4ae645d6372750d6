/// Everything a handler needs for one turn: the request, the response being built, and the
/// attributes. One instance per turn, used by one task at a time.
public final class HandlerInput {
    /// The request envelope as it arrived.
    public let requestEnvelope: RequestEnvelope
    /// Builds this turn's response.
    public let responseBuilder: ResponseBuilder
    /// Request, session and persistent attributes.
    public let attributesManager: AttributesManager
    /// What the host offers: logging and storage.
    public let host: HostServices

    public init(requestEnvelope: RequestEnvelope, host: HostServices = HostServices(), persistenceKey: PersistenceKey = .userID) {
        self.requestEnvelope = requestEnvelope
        self.responseBuilder = ResponseBuilder()
        self.attributesManager = AttributesManager(requestEnvelope: requestEnvelope, host: host, persistenceKey: persistenceKey)
        self.host = host
    }

    /// The skill's private container and its app groups.
    public var storage: SkillStorage { SkillStorage(host: host) }
}

extension HandlerInput {
    /// `request.type`.
    public var requestType: RequestType { requestEnvelope.request.type }
    /// The intent's name for an IntentRequest, nil otherwise.
    public var intentName: IntentName? { requestEnvelope.request.type == .intent ? requestEnvelope.request.intent?.name : nil }
    /// Whether this is an IntentRequest for `name`.
    public func isIntent(_ name: IntentName) -> Bool { intentName == name }
    /// Whether this is an IntentRequest for any of `names`.
    public func isIntent(_ names: IntentName...) -> Bool { intentName.map(names.contains) ?? false }
    /// The spoken value of a slot, nil when the slot is missing or unfilled, or holds a list
    /// (see `slotValues`).
    public func slotValue(_ name: SlotName) -> String? { requestEnvelope.request.intent?[slot: name]?.value }
    /// Every value of a slot, each with its resolutions: a list's values for a slot with
    /// multiple values enabled ("rice, onions and olives"), else the one value; empty when
    /// unfilled.
    public func slotValues(_ name: SlotName) -> [SpokenValue] { requestEnvelope.request.intent?[slot: name]?.values ?? [] }
    /// The slot itself, with confirmation status and resolutions.
    public func slot(_ name: SlotName) -> Slot? { requestEnvelope.request.intent?[slot: name] }
    /// The slot's spoken value, or an error naming the slot when it is unfilled.
    public func requireSlotValue(_ name: SlotName) throws -> String {
        guard let value = slotValue(name), !value.isEmpty else {
            throw SkillError.missingSlot(name, intent: intentName)
        }
        return value
    }
}
