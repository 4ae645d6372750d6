#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SkillModel

/// Writes request envelopes as Alexa sends them — ids, timestamp, locale, session, context —
/// straight to JSON bytes. This runs on every turn, so the parts that never change for a
/// skill (its `context`) are written once and reused.
struct RequestFactory: Sendable {
    let hostID: String
    private var counter = 0
    private var contexts: [SkillID: (user: String, device: String, application: String, bytes: [UInt8])] = [:]
    private var stampSecond = 0
    private var stamp = ""
    /// The service APIs requests point skills at (`apiEndpoint`, `apiAccessToken`); nil sends
    /// Alexa's empty token.
    let services: HostServices?
    /// The id of the request `envelope` wrote last.
    private(set) var lastRequestID = ""

    /// The user's locale, which every request carries.
    let locale: String

    init(services: HostServices? = nil, locale: String = "en-US") {
        self.services = services
        self.locale = locale
        var random = SystemRandomNumberGenerator()
        hostID = String(random.next() as UInt64, radix: 16)
    }

    mutating func nextID(_ kind: String) -> String {
        counter += 1
        return "amzn1.echo-api.\(kind).\(hostID)-\(counter)"
    }

    /// The request envelope for `session`'s skill, as JSON bytes.
    /// - Parameter skill: the skill's manifest: a skill registered with Amazon (an Alexa skill
    ///   id in `alexaSkillIds`) hears its Alexa id as the application id, as a skill that checks
    ///   it expects; any other hears its skillhost id.
    mutating func envelope(_ type: RequestType, intent: Intent? = nil, dialogState: DialogState? = nil, reason: SessionEndedReason? = nil, error: SessionEndedError? = nil, session: Conversation.OpenSession, skill: SkillManifest, conversation: Conversation) -> [UInt8] {
        let application = skill.alexaSkillIDs.first ?? session.skillID.rawValue
        let requestID = nextID("request")
        lastRequestID = requestID
        var out: [UInt8] = []
        out.reserveCapacity(768)
        out += #"{"version":"1.0","session":{"new":"#.utf8
        out += (session.isNew ? "true" : "false").utf8
        out += #","sessionId":"#.utf8
        JSONWriter.writeString(session.sessionID, into: &out)
        out += #","application":{"applicationId":"#.utf8
        JSONWriter.writeString(application, into: &out)
        out += #"},"attributes":"#.utf8
        JSONWriter.write(.object(session.attributes), into: &out)
        out += #","user":{"userId":"#.utf8
        JSONWriter.writeString(conversation.userID, into: &out)
        out += #"}},"context":"#.utf8
        out += context(for: skill, application: application, requestID: requestID, conversation: conversation)
        out += #","request":{"type":"#.utf8
        JSONWriter.writeString(type.rawValue, into: &out)
        out += #","requestId":"#.utf8
        JSONWriter.writeString(requestID, into: &out)
        out += #","timestamp":"#.utf8
        JSONWriter.writeString(timestamp(), into: &out)
        out += #","locale":"#.utf8
        JSONWriter.writeString(locale, into: &out)
        if let dialogState {
            out += #","dialogState":"#.utf8
            JSONWriter.writeString(dialogState.rawValue, into: &out)
        }
        if let intent {
            out += #","intent":"#.utf8
            JSONWriter.write(intent.jsonValue, into: &out)
        }
        if let reason {
            out += #","reason":"#.utf8
            JSONWriter.writeString(reason.rawValue, into: &out)
        }
        if let error {
            out += #","error":"#.utf8
            JSONWriter.write(error.jsonValue, into: &out)
        }
        out += "}}".utf8
        return out
    }

    /// `context.System` for a skill: application, user, device, and where its service APIs
    /// are. Without services it never changes for a skill and user, so it is written once (the
    /// last user's is kept: with one user, as at the REPL, always the same); with them, each
    /// request has a token of its own.
    private mutating func context(for skill: SkillManifest, application: String, requestID: String, conversation: Conversation) -> [UInt8] {
        let skillID = skill.id
        if let services, let endpoint = services.endpoint {
            let token = services.token(skill: skill, userID: conversation.userID, deviceID: conversation.deviceID, requestID: requestID)
            var user: JSONObject = ["userId": .string(conversation.userID)]
            if services.hasConsent(skill) { user["permissions"] = ["consentToken": .string(token)] }
            let context: JSONValue = [
                "System": [
                    "application": ["applicationId": .string(application)],
                    "user": .object(user),
                    "device": ["deviceId": .string(conversation.deviceID), "supportedInterfaces": [:]],
                    "apiEndpoint": .string(endpoint),
                    "apiAccessToken": .string(token),
                ]
            ]
            return JSONWriter.bytes(context)
        }
        if let cached = contexts[skillID], cached.user == conversation.userID, cached.device == conversation.deviceID, cached.application == application { return cached.bytes }
        let context: JSONValue = [
            "System": [
                "application": ["applicationId": .string(application)],
                "user": ["userId": .string(conversation.userID)],
                "device": ["deviceId": .string(conversation.deviceID), "supportedInterfaces": [:]],
                "apiEndpoint": "http://127.0.0.1",
                "apiAccessToken": "",
            ]
        ]
        let bytes = JSONWriter.bytes(context)
        contexts[skillID] = (conversation.userID, conversation.deviceID, application, bytes)
        return bytes
    }

    /// ISO 8601 in UTC to the second, as Alexa stamps requests ("2026-11-21T10:00:00Z").
    private mutating func timestamp() -> String {
        var now = time(nil)
        guard Int(now) != stampSecond || stamp.isEmpty else { return stamp }
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        stampSecond = Int(now)
        stamp = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        return stamp
    }
}
