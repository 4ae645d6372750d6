/// The Alexa response envelope a skill returns: `version`, `sessionAttributes`, `response`.
///
/// A typed view over the JSON: members it does not model survive a round trip unchanged.
public struct ResponseEnvelope: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public init(response: Response, sessionAttributes: JSONObject? = nil) {
        json = JSONObject()
        json["version"] = "1.0"
        if let sessionAttributes { json["sessionAttributes"] = .object(sessionAttributes) }
        json["response"] = .object(response.json)
    }

    /// Parses and checks a response envelope: an object with a `response` object whose
    /// speech, reprompt, directives and `shouldEndSession` have the right types.
    public init(validating value: JSONValue) throws(ModelError) {
        let root = try JSONChecker(value, path: "$")
        let response = try JSONChecker(root.object["response"], path: "$.response")
        if let attributes = root.object["sessionAttributes"], !attributes.isNull, attributes.object == nil {
            throw ModelError(path: "$.sessionAttributes", "expected an object, found \(attributes.typeName)")
        }
        _ = try response.optionalBool("shouldEndSession")
        if let speech = try response.optionalObject("outputSpeech") { try OutputSpeech.check(speech) }
        if let reprompt = try response.optionalObject("reprompt"), let speech = try reprompt.optionalObject("outputSpeech") {
            try OutputSpeech.check(speech)
        }
        if let directives = try response.optionalArray("directives") {
            for (i, directive) in directives.enumerated() {
                _ = try JSONChecker(directive, path: "$.response.directives[\(i)]").requireString("type")
            }
        }
        self.init(json: root.object)
    }

    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ModelError) {
        try self.init(validating: ModelError.parse(bytes))
    }

    public var version: String {
        get { string("version") ?? "1.0" }
        set { setString("version", newValue) }
    }

    /// The attributes the host hands back as `session.attributes` next turn; nil when omitted.
    public var sessionAttributes: JSONObject? {
        get { json["sessionAttributes"]?.object }
        set { json["sessionAttributes"] = newValue.map(JSONValue.object) }
    }

    public var response: Response {
        get { view("response") ?? Response() }
        set { setView("response", newValue) }
    }
}

/// `response` in a response envelope.
public struct Response: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }
    public init() { json = JSONObject() }

    public var outputSpeech: OutputSpeech? {
        get { view("outputSpeech") }
        set { setView("outputSpeech", newValue) }
    }

    /// `reprompt.outputSpeech`.
    public var reprompt: OutputSpeech? {
        get { json["reprompt"]?["outputSpeech"]?.object.map(OutputSpeech.init(json:)) }
        set { json["reprompt"] = newValue.map { ["outputSpeech": .object($0.json)] } }
    }

    public var card: Card? {
        get { view("card") }
        set { setView("card", newValue) }
    }

    /// Directives in order; each is a JSON object with a `type`.
    public var directives: [JSONObject] {
        get { json["directives"]?.array?.compactMap(\.object) ?? [] }
        set { json["directives"] = newValue.isEmpty ? nil : .array(newValue.map(JSONValue.object)) }
    }

    /// Three states, as Alexa reads them: true ends the session, false keeps it open and
    /// listens, nil (the member omitted) keeps it open without listening on screen devices.
    public var shouldEndSession: Bool? {
        get { bool("shouldEndSession") }
        set { setBool("shouldEndSession", newValue) }
    }
}

/// `outputSpeech`: plain text or SSML.
public struct OutputSpeech: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public enum Kind: String, Sendable { case plainText = "PlainText", ssml = "SSML" }

    public static func plainText(_ text: String) -> OutputSpeech {
        OutputSpeech(json: ["type": "PlainText", "text": .string(text)])
    }

    public static func ssml(_ ssml: String) -> OutputSpeech {
        OutputSpeech(json: ["type": "SSML", "ssml": .string(ssml)])
    }

    public var kind: Kind? { raw("type") }
    public var text: String? { string("text") }
    public var ssml: String? { string("ssml") }

    /// What a person would hear, as plain text: the text, or the SSML with its markup removed.
    public var plainText: String {
        if let text { return text }
        guard let ssml else { return "" }
        return SSML.plainText(ssml)
    }

    static func check(_ speech: JSONChecker) throws(ModelError) {
        let type = try speech.requireString("type")
        switch type {
        case "PlainText": _ = try speech.requireString("text")
        case "SSML":
            let ssml = try speech.requireString("ssml")
            if let problem = SSML.problem(in: ssml) { throw ModelError(path: "\(speech.path).ssml", "not valid SSML: \(problem)") }
        default: throw ModelError(path: "\(speech.path).type", "expected PlainText or SSML, found '\(type)'")
        }
    }
}

/// `card`: Simple (title, content) or Standard (title, text, image).
public struct Card: JSONView {
    public var json: JSONObject
    public init(json: JSONObject) { self.json = json }

    public static func simple(title: String, content: String) -> Card {
        Card(json: ["type": "Simple", "title": .string(title), "content": .string(content)])
    }

    public static func standard(title: String, text: String, smallImageURL: String? = nil, largeImageURL: String? = nil) -> Card {
        var card = Card(json: ["type": "Standard", "title": .string(title), "text": .string(text)])
        var image = JSONObject()
        if let smallImageURL { image["smallImageUrl"] = .string(smallImageURL) }
        if let largeImageURL { image["largeImageUrl"] = .string(largeImageURL) }
        if !image.isEmpty { card.json["image"] = .object(image) }
        return card
    }

    public var type: String { string("type") ?? "" }
    public var title: String? { string("title") }
    public var content: String? { string("content") ?? string("text") }
}
