/// The kind of request, from `request.type`.
public enum RequestType: Sendable, Hashable, CustomStringConvertible {
    case launch
    case intent
    case sessionEnded
    case canFulfillIntent
    case other(String)

    public init(_ raw: String) {
        switch raw {
        case "LaunchRequest": self = .launch
        case "IntentRequest": self = .intent
        case "SessionEndedRequest": self = .sessionEnded
        case "CanFulfillIntentRequest": self = .canFulfillIntent
        default: self = .other(raw)
        }
    }

    public var rawValue: String {
        switch self {
        case .launch: "LaunchRequest"
        case .intent: "IntentRequest"
        case .sessionEnded: "SessionEndedRequest"
        case .canFulfillIntent: "CanFulfillIntentRequest"
        case .other(let raw): raw
        }
    }

    public var description: String { rawValue }
}

/// `dialogState` of an IntentRequest under a dialog model.
public enum DialogState: String, Sendable, Hashable {
    case started = "STARTED"
    case inProgress = "IN_PROGRESS"
    case completed = "COMPLETED"
}

/// `confirmationStatus` of an intent or a slot.
public enum ConfirmationStatus: String, Sendable, Hashable {
    case none = "NONE"
    case confirmed = "CONFIRMED"
    case denied = "DENIED"
}

/// `reason` of a SessionEndedRequest.
public enum SessionEndedReason: String, Sendable, Hashable {
    case userInitiated = "USER_INITIATED"
    case error = "ERROR"
    case exceededMaxReprompts = "EXCEEDED_MAX_REPROMPTS"
}

/// `request` in a request envelope. One type for every kind; `type` says which, and the
/// members that only some kinds carry (`intent`, `dialogState`, `reason`, `error`) are optional.
public struct Request: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(type: RequestType, requestID: String, timestamp: String, locale: String = "en-US") {
        json = JSONObject()
        json["type"] = .string(type.rawValue)
        json["requestId"] = .string(requestID)
        json["timestamp"] = .string(timestamp)
        json["locale"] = .string(locale)
    }

    public var type: RequestType {
        get { RequestType(string("type") ?? "") }
        set { setString("type", newValue.rawValue) }
    }

    public var requestID: String {
        get { string("requestId") ?? "" }
        set { setString("requestId", newValue) }
    }

    public var timestamp: String? {
        get { string("timestamp") }
        set { setString("timestamp", newValue) }
    }

    public var locale: String? {
        get { string("locale") }
        set { setString("locale", newValue) }
    }

    /// The intent of an IntentRequest or CanFulfillIntentRequest.
    public var intent: Intent? {
        get { view("intent") }
        set { setView("intent", newValue) }
    }

    /// The dialog state of an IntentRequest under a dialog model.
    public var dialogState: DialogState? {
        get { raw("dialogState") }
        set { setRaw("dialogState", newValue) }
    }

    /// Why a session ended (SessionEndedRequest).
    public var reason: SessionEndedReason? {
        get { raw("reason") }
        set { setRaw("reason", newValue) }
    }

    /// What went wrong, for a SessionEndedRequest with reason ERROR: `type` and `message`.
    public var error: SessionEndedError? {
        get { view("error") }
        set { setView("error", newValue) }
    }
}

/// `error` of a SessionEndedRequest.
public struct SessionEndedError: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(type: String, message: String) {
        json = ["type": .string(type), "message": .string(message)]
    }

    /// INVALID_RESPONSE, DEVICE_COMMUNICATION_ERROR or INTERNAL_SERVICE_ERROR.
    public var type: String { string("type") ?? "" }
    public var message: String { string("message") ?? "" }
}
