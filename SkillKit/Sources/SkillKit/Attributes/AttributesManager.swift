/// Attributes at the scopes the Alexa SDK offers: request (this turn only), session (carried
/// in the envelope from turn to turn) and persistent (kept by the host in the skill's private
/// container, one document per user or device).
public final class AttributesManager {
    private let inSession: Bool
    /// Attributes for this turn only, shared between interceptors and handlers.
    public var requestAttributes: JSONObject = JSONObject()
    private var session: JSONObject
    private let envelope: RequestEnvelope
    private let storage: SkillStorage
    private let persistenceKey: PersistenceKey
    /// The persistent attributes once read or set this turn.
    private var persistent: JSONObject?

    init(requestEnvelope: RequestEnvelope, host: HostServices = HostServices(), persistenceKey: PersistenceKey = .userID) {
        inSession = requestEnvelope.session != nil
        session = requestEnvelope.session?.attributes ?? JSONObject()
        envelope = requestEnvelope
        storage = SkillStorage(host: host)
        self.persistenceKey = persistenceKey
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

// MARK: Persistent attributes

/// What partitions persistent attributes, as the Alexa SDK's partition key generators: the
/// user (`context.System.user.userId`, the default) or the device
/// (`context.System.device.deviceId`), or anything a closure reads from the request.
public enum PersistenceKey: Sendable {
    case userID
    case deviceID
    case custom(@Sendable (RequestEnvelope) -> String?)

    func partition(of envelope: RequestEnvelope) -> String? {
        let system = envelope.context["System"]
        switch self {
        case .userID: return system?["user"]?["userId"]?.string ?? envelope.session?.userID
        case .deviceID: return system?["device"]?["deviceId"]?.string
        case .custom(let read): return read(envelope)
        }
    }

    /// The document key for a partition (`PersistentAttributesKey`).
    static func documentKey(_ partition: String) -> String { PersistentAttributesKey.documentKey(partition) }
}

extension AttributesManager {
    private func persistentKey() throws(SkillError) -> String {
        guard let partition = persistenceKey.partition(of: envelope), !partition.isEmpty else {
            throw SkillError.storage("persistent attributes need a partition key, and this request has none (\(persistenceKey))")
        }
        return PersistenceKey.documentKey(partition)
    }

    /// The persistent attributes, read from storage once a turn; `defaults` when none are
    /// stored (as the Alexa SDK's `getPersistentAttributes(useSessionCache, defaultAttributes)`).
    public func getPersistentAttributes(defaults: JSONObject = JSONObject()) throws(SkillError) -> JSONObject {
        if let persistent { return persistent }
        let stored = try storage.privateContainer.get(try persistentKey())
        guard let stored else {
            persistent = defaults
            return defaults
        }
        guard let object = stored.object else {
            throw SkillError.storage("persistent attributes are stored as \(stored.typeName), not an object")
        }
        persistent = object
        return object
    }

    /// Replaces the persistent attributes for this turn; `savePersistentAttributes` stores them.
    public func setPersistentAttributes(_ attributes: JSONObject) {
        persistent = attributes
    }

    /// Stores the persistent attributes read or set this turn (nothing when neither happened).
    public func savePersistentAttributes() throws(SkillError) {
        guard let persistent else { return }
        try storage.privateContainer.put(try persistentKey(), .object(persistent))
    }

    /// Deletes the stored persistent attributes and empties them for this turn.
    public func deletePersistentAttributes() throws(SkillError) {
        try storage.privateContainer.delete(try persistentKey())
        persistent = JSONObject()
    }

    /// The persistent attributes decoded as `T`, nil when none are stored.
    public func persistentAttributes<T: Decodable>(as type: T.Type) throws -> T? {
        let object = try getPersistentAttributes()
        return object.isEmpty ? nil : try JSONValue.object(object).decode(T.self)
    }

    /// Sets the persistent attributes to `value` encoded as a JSON object (save to store them).
    public func setPersistentAttributes<T: Encodable>(_ value: T) throws {
        let json = try JSONValue(encoding: value)
        guard let object = json.object else {
            throw SkillError.invalidAttributes("persistent attributes must encode as a JSON object, not \(json.typeName)")
        }
        setPersistentAttributes(object)
    }
}
