/// The Alexa request envelope a skill receives: `version`, `session`, `context`, `request`.
///
/// A typed view over the JSON: members it does not model survive a round trip unchanged.
public struct RequestEnvelope: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    /// Builds an envelope around a request.
    public init(session: Session?, context: JSONObject = JSONObject(), request: Request) {
        json = JSONObject()
        json["version"] = "1.0"
        if let session { json["session"] = .object(session.json) }
        json["context"] = .object(context)
        json["request"] = .object(request.json)
    }

    /// Parses and checks an envelope: it must be an object whose `request` has a `type`.
    public init(validating value: JSONValue) throws(ModelError) {
        let root = try JSONChecker(value, path: "$")
        let request = try JSONChecker(root.object["request"], path: "$.request")
        _ = try request.requireString("type")
        if let session = try root.optionalObject("session") {
            _ = try session.optionalBool("new")
            if let attributes = session.object["attributes"], !attributes.isNull, attributes.object == nil {
                throw ModelError(path: "$.session.attributes", "expected an object, found \(attributes.typeName)")
            }
        }
        if let intent = try request.optionalObject("intent") {
            _ = try intent.requireString("name")
            if let slots = try intent.optionalObject("slots") {
                for member in slots.object { _ = try JSONChecker(member.value, path: "\(slots.path).\(member.key)") }
            }
        }
        self.init(json: root.object)
    }

    /// Parses JSON text and checks it (see `init(validating:)`).
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ModelError) {
        try self.init(validating: ModelError.parse(bytes))
    }

    public var version: String {
        get { string("version") ?? "1.0" }
        set { setString("version", newValue) }
    }

    /// The session; absent for requests outside a session.
    public var session: Session? {
        get { view("session") }
        set { setView("session", newValue) }
    }

    /// The device and system context, kept as JSON.
    public var context: JSONObject {
        get { json["context"]?.object ?? JSONObject() }
        set { json["context"] = .object(newValue) }
    }

    public var request: Request {
        get { view("request") ?? Request(json: JSONObject()) }
        set { setView("request", newValue) }
    }

    /// The skill the request is for: `context.System.application.applicationId`, else the
    /// session's (older requests carry only that).
    public var applicationID: String? {
        context["System"]?["application"]?["applicationId"]?.string ?? session?.applicationID
    }
}

/// `session` in a request envelope.
public struct Session: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(sessionID: String, isNew: Bool, applicationID: String, userID: String, attributes: JSONObject = JSONObject()) {
        json = JSONObject()
        json["new"] = .bool(isNew)
        json["sessionId"] = .string(sessionID)
        json["application"] = ["applicationId": .string(applicationID)]
        json["attributes"] = .object(attributes)
        json["user"] = ["userId": .string(userID)]
    }

    public var isNew: Bool {
        get { bool("new") ?? false }
        set { setBool("new", newValue) }
    }

    public var sessionID: String {
        get { string("sessionId") ?? "" }
        set { setString("sessionId", newValue) }
    }

    public var applicationID: String? { json["application"]?["applicationId"]?.string }
    public var userID: String? { json["user"]?["userId"]?.string }

    /// Session attributes: what the skill returned as `sessionAttributes` last turn.
    public var attributes: JSONObject {
        get { json["attributes"]?.object ?? JSONObject() }
        set { json["attributes"] = .object(newValue) }
    }
}
