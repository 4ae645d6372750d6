#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SkillModel

/// Makes request envelopes as Alexa sends them: ids, timestamp, locale, session, context.
struct RequestFactory: Sendable {
    let hostID: String
    var counter = 0

    init() {
        var seed = SystemRandomNumberGenerator()
        hostID = String(seed.next() as UInt64, radix: 16)
    }

    mutating func nextID(_ kind: String) -> String {
        counter += 1
        return "amzn1.echo-api.\(kind).\(hostID)-\(counter)"
    }

    mutating func envelope(_ type: RequestType, intent: Intent? = nil, reason: SessionEndedReason? = nil, error: SessionEndedError? = nil, session: Conversation.OpenSession, conversation: Conversation) -> RequestEnvelope {
        let applicationID = session.skillID.rawValue
        var request = Request(type: type, requestID: nextID("request"), timestamp: Self.timestamp())
        request.intent = intent
        request.reason = reason
        request.error = error
        let sessionValue = Session(sessionID: session.sessionID, isNew: session.isNew, applicationID: applicationID, userID: conversation.userID, attributes: session.attributes)
        let context: JSONObject = [
            "System": [
                "application": ["applicationId": .string(applicationID)],
                "user": ["userId": .string(conversation.userID)],
                "device": ["deviceId": .string(conversation.deviceID), "supportedInterfaces": [:]],
                "apiEndpoint": "http://127.0.0.1",
                "apiAccessToken": "",
            ]
        ]
        return RequestEnvelope(session: sessionValue, context: context, request: request)
    }

    /// ISO 8601 in UTC to the second, as Alexa stamps requests ("2026-11-21T10:00:00Z").
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
