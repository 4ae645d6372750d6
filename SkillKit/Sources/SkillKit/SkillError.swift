/// What went wrong inside SkillKit, with the request and handlers involved.
public enum SkillError: Error, Sendable, CustomStringConvertible {
    /// No request handler accepted the request; lists every handler that was asked.
    case noHandler(requestType: RequestType, intent: IntentName?, asked: [String])
    /// A helper that needs an IntentRequest was given another kind of request.
    case notAnIntentRequest(RequestType)
    /// A required slot had no value.
    case missingSlot(SlotName, intent: IntentName?)
    /// The request is absent in this kind of request (session attributes outside a session).
    case outOfSession(String)
    /// Attributes that cannot be stored as given.
    case invalidAttributes(String)
    /// The request bytes were not a request envelope.
    case invalidRequest(ModelError)
    /// A storage call the host refused or could not carry out, with its reason.
    case storage(String)

    public var description: String {
        switch self {
        case .noHandler(let type, let intent, let asked):
            let what = intent.map { "\(type) for intent '\($0)'" } ?? "\(type)"
            let names = asked.isEmpty ? "no handlers are registered" : "asked \(asked.joined(separator: ", "))"
            return "no request handler accepted \(what); \(names)"
        case .notAnIntentRequest(let type):
            return "expected an IntentRequest, got \(type)"
        case .missingSlot(let slot, let intent):
            return "slot '\(slot)' has no value" + (intent.map { " in intent '\($0)'" } ?? "")
        case .outOfSession(let what):
            return "cannot use \(what) for a request outside a session"
        case .invalidAttributes(let message):
            return message
        case .invalidRequest(let error):
            return "invalid request envelope: \(error)"
        case .storage(let message):
            return "storage: \(message)"
        }
    }
}
