/// Attributes at the scopes the Alexa SDK offers: request (this turn only) and session (carried
/// in the envelope from turn to turn). Persistent attributes arrive with storage.
public final class AttributesManager {
    private let inSession: Bool
    /// Attributes for this turn only, shared between interceptors and handlers.
    public var requestAttributes: JSONObject = JSONObject()
    private var session: JSONObject

    init(requestEnvelope: RequestEnvelope) {
        inSession = requestEnvelope.session != nil
        session = requestEnvelope.session?.attributes ?? JSONObject()
    }

    /// Session attributes: what this turn received, with this turn's changes.
    /// Empty for a request outside a session.
    public var sessionAttributes: JSONObject {
        get { session }
        set { session = newValue }
    }

    /// Whether the request came in a session (session attributes are only kept then).
    public var hasSession: Bool { inSession }

    public func getRequestAttributes() -> JSONObject { requestAttributes }
    public func setRequestAttributes(_ attributes: JSONObject) { requestAttributes = attributes }

    /// The session attributes; throws outside a session, as the Alexa SDK does.
    public func getSessionAttributes() throws -> JSONObject {
        guard inSession else { throw SkillError.outOfSession("session attributes") }
        return session
    }

    /// Replaces the session attributes; throws outside a session, as the Alexa SDK does.
    public func setSessionAttributes(_ attributes: JSONObject) throws {
        guard inSession else { throw SkillError.outOfSession("session attributes") }
        session = attributes
    }

    /// The session attributes decoded as `T` (through Foundation's decoder; not for hot paths).
    public func sessionAttributes<T: Decodable>(as type: T.Type) throws -> T {
        try JSONValue.object(session).decode(T.self)
    }

    /// Replaces the session attributes with `value` encoded as a JSON object.
    public func setSessionAttributes<T: Encodable>(_ value: T) throws {
        let json = try JSONValue(encoding: value)
        guard let object = json.object else {
            throw SkillError.invalidAttributes("session attributes must encode as a JSON object, not \(json.typeName)")
        }
        try setSessionAttributes(object)
    }
}
