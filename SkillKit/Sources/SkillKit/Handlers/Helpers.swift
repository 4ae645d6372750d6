// The Alexa SDK's request helpers, under the names a porter expects (`Alexa.getRequestType`…).

/// `request.type`, as text: "LaunchRequest", "IntentRequest", …
public func getRequestType(_ envelope: RequestEnvelope) -> String { envelope.request.type.rawValue }

/// The intent's name; throws for a request that is not an IntentRequest, as the Alexa SDK does.
public func getIntentName(_ envelope: RequestEnvelope) throws -> String {
    guard envelope.request.type == .intent, let intent = envelope.request.intent else {
        throw SkillError.notAnIntentRequest(envelope.request.type)
    }
    return intent.name.rawValue
}

/// The slot's spoken value; nil when unfilled. Throws for a request that is not an IntentRequest.
public func getSlotValue(_ envelope: RequestEnvelope, _ slotName: String) throws -> String? {
    try getSlot(envelope, slotName)?.value
}

/// The slot; nil when the intent has no such slot. Throws for a request that is not an IntentRequest.
public func getSlot(_ envelope: RequestEnvelope, _ slotName: String) throws -> Slot? {
    guard envelope.request.type == .intent, let intent = envelope.request.intent else {
        throw SkillError.notAnIntentRequest(envelope.request.type)
    }
    return intent[slot: SlotName(slotName)]
}

/// `request.dialogState`; nil outside a dialog model.
public func getDialogState(_ envelope: RequestEnvelope) -> DialogState? { envelope.request.dialogState }

/// `session.new`; false outside a session.
public func isNewSession(_ envelope: RequestEnvelope) -> Bool { envelope.session?.isNew ?? false }

/// `request.locale`.
public func getLocale(_ envelope: RequestEnvelope) -> String? { envelope.request.locale }

/// `context.System.user.userId`, else `session.user.userId`.
public func getUserId(_ envelope: RequestEnvelope) -> String? {
    envelope.context["System"]?["user"]?["userId"]?.string ?? envelope.session?.userID
}

/// `context.System.device.deviceId`.
public func getDeviceId(_ envelope: RequestEnvelope) -> String? {
    envelope.context["System"]?["device"]?["deviceId"]?.string
}

/// A `canHandle` predicate for a request type, as `Alexa.isRequestType`.
public func isRequestType(_ type: RequestType) -> @Sendable (HandlerInput) -> Bool {
    { $0.requestType == type }
}

/// A `canHandle` predicate for an intent, as `Alexa.isIntentName`.
public func isIntentName(_ names: IntentName...) -> @Sendable (HandlerInput) -> Bool {
    { input in input.intentName.map(names.contains) ?? false }
}
