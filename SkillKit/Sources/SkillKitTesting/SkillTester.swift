import Foundation
import SkillKit

/// Runs a skill's handlers in a unit test, in-process, the way a host (or an Alexa device)
/// would send them requests: like virtual-alexa's request builder, requests are built by intent
/// name and slot values, and a session is carried from one request to the next (its attributes
/// as the skill returned them) until a response ends it.
///
/// ```swift
/// let alexa = SkillTester(PizzaOrder.self)
/// let welcome = try await alexa.launch()
/// #expect(welcome.speech.contains("Welcome"))
/// let order = try await alexa.intent("OrderIntent", slots: ["size": "large"])
/// #expect(order.sessionAttributes["size"] == "large")
/// ```
///
/// Storage (private container, app groups, persistent attributes) is kept in memory by the
/// tester with the host's promises (versions, conditional puts, the manifest's app groups only),
/// so a handler that stores something can be tested without a host; `storage` shows what it kept.
/// Text is not understood here (no NLU): to test what sentences reach which intent, replay a
/// transcript with `skillhost replay`.
public final class SkillTester: @unchecked Sendable {
    // @unchecked: a tester drives one skill from one test; its mutable state (the session) is
    // changed only by the awaited calls below, one at a time.
    public let skill: Skill
    /// What the skill keeps; shared by every request of this tester.
    public let storage: InMemoryStorage
    public var applicationID: String
    public var userID: String
    public var deviceID: String
    public var locale: String
    /// The log lines the skill wrote, oldest first.
    public var logLines: [String] { log.lines }

    /// The open session's id, attributes; nil when no session is open.
    public private(set) var sessionID: String?
    public private(set) var sessionAttributes: JSONObject = JSONObject()
    private var requestCount = 0
    private var sessionCount = 0
    private let log = LogLines()

    /// A tester for a skill built in the test, with the app groups it may use.
    public init(_ skill: Skill, appGroups: [String] = [], applicationID: String = "amzn1.ask.skill.test", userID: String = "amzn1.ask.account.test-user", deviceID: String = "amzn1.ask.device.test-device", locale: String = "en-US") {
        self.skill = skill
        self.storage = InMemoryStorage(appGroups: appGroups)
        self.applicationID = applicationID
        self.userID = userID
        self.deviceID = deviceID
        self.locale = locale
    }

    /// A tester for an exported skill, as the host loads it: `makeSkill()`, the manifest's app groups.
    public convenience init<S: ExportedSkill>(_ skill: S.Type, userID: String = "amzn1.ask.account.test-user") {
        self.init(S.makeSkill(), appGroups: S.manifest.appGroups, applicationID: S.manifest.alexaSkillIDs.first ?? "amzn1.ask.skill.test", userID: userID)
    }

    /// A LaunchRequest ("open …"): opens a session if none is open.
    @discardableResult
    public func launch() async throws -> TestResponse {
        try await send(request(.launch))
    }

    /// An IntentRequest for `name` with these slot values (a value of nil: the slot is empty).
    /// `dialogState` is set when the intent has a dialog model the test plays the host's part of.
    @discardableResult
    public func intent(_ name: IntentName, slots: [String: String?] = [:], confirmation: ConfirmationStatus = .none, dialogState: DialogState? = nil) async throws -> TestResponse {
        var request = request(.intent)
        let slotList = slots.sorted { $0.key < $1.key }.map { Slot(name: SlotName($0.key), value: $0.value) }
        request.intent = Intent(name: name, slots: slotList, confirmationStatus: confirmation)
        request.dialogState = dialogState
        return try await send(request)
    }

    /// An IntentRequest carrying a whole `Intent` (slots with resolutions, confirmation statuses).
    @discardableResult
    public func intent(_ intent: Intent, dialogState: DialogState? = nil) async throws -> TestResponse {
        var request = request(.intent)
        request.intent = intent
        request.dialogState = dialogState
        return try await send(request)
    }

    /// A SessionEndedRequest; the session is closed whatever the skill answers.
    public func endSession(_ reason: SessionEndedReason = .userInitiated) async throws {
        var request = request(.sessionEnded)
        request.reason = reason
        _ = try await send(request)
        sessionID = nil
        sessionAttributes = JSONObject()
    }

    /// Sends any request in the current session (opening one if none is open) and returns
    /// the skill's answer; the session goes on unless the response ends it.
    public func send(_ request: Request) async throws -> TestResponse {
        let isNew = sessionID == nil
        if isNew {
            sessionCount += 1
            sessionID = "amzn1.echo-api.session.test-\(sessionCount)"
            sessionAttributes = JSONObject()
        }
        let session = Session(sessionID: sessionID!, isNew: isNew, applicationID: applicationID, userID: userID, attributes: sessionAttributes)
        let context: JSONObject = [
            "System": [
                "application": ["applicationId": .string(applicationID)],
                "user": ["userId": .string(userID)],
                "device": ["deviceId": .string(deviceID), "supportedInterfaces": [:]],
            ],
        ]
        let storage = self.storage
        let log = self.log
        let host = HostServices(log: { level, line in log.append("\(level): \(line)") }, storage: { request throws(SkillError) in try storage.answer(request) })
        let envelope = try await skill.invoke(RequestEnvelope(session: session, context: context, request: request), host: host)
        let response = TestResponse(envelope: envelope)
        if response.endsSession || request.type == .sessionEnded {
            sessionID = nil
            sessionAttributes = JSONObject()
        } else {
            sessionAttributes = envelope.sessionAttributes ?? JSONObject()
        }
        return response
    }

    private func request(_ type: RequestType) -> Request {
        requestCount += 1
        let timestamp = ISO8601DateFormatter().string(from: Date())
        return Request(type: type, requestID: "amzn1.echo-api.request.test-\(requestCount)", timestamp: timestamp, locale: locale)
    }
}

/// A skill's answer as a test reads it.
public struct TestResponse: Sendable {
    /// The whole response envelope, as the skill returned it.
    public let envelope: ResponseEnvelope

    /// What the user hears, as plain text (SSML markup removed); "" when nothing is said.
    public var speech: String { envelope.response.outputSpeech?.plainText ?? "" }
    /// The reprompt as plain text, or nil when there is none.
    public var reprompt: String? { envelope.response.reprompt?.plainText }
    /// Whether the response ends the session (`shouldEndSession: true`).
    public var endsSession: Bool { envelope.response.shouldEndSession == true }
    /// The session attributes the skill returned.
    public var sessionAttributes: JSONObject { envelope.sessionAttributes ?? JSONObject() }
    /// The card, if any.
    public var card: Card? { envelope.response.card }
    /// The directives' types (`Dialog.Delegate`, `Dialog.ElicitSlot`, …), in order.
    public var directiveTypes: [String] { envelope.response.directives.compactMap { $0["type"]?.string } }
    /// The slot an ElicitSlot directive asks for, if the response asks for one.
    public var elicitedSlot: String? {
        envelope.response.directives.first { $0["type"]?.string == "Dialog.ElicitSlot" }?["slotToElicit"]?.string
    }
}

/// Storage kept in memory with the host's promises: documents under a container ("private" or an
/// app group the manifest declares) and a key, each write a new version, conditional puts.
public final class InMemoryStorage: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private let appGroups: Set<String>
    private var documents: [String: [String: (value: JSONValue, version: Int)]] = [:]
    private var writes = 0

    init(appGroups: [String]) { self.appGroups = Set(appGroups) }

    /// The document stored under `key` in `container`, or nil.
    public func document(_ key: String, in container: String = "private") -> JSONValue? {
        lock.withLock { documents[container]?[key]?.value }
    }

    /// The keys stored in `container`, sorted.
    public func keys(in container: String = "private") -> [String] {
        lock.withLock { (documents[container] ?? [:]).keys.sorted() }
    }

    /// Stores a document before the test runs (what the user already had).
    public func put(_ key: String, _ value: JSONValue, in container: String = "private") {
        lock.withLock {
            writes += 1
            documents[container, default: [:]][key] = (value, writes)
        }
    }

    /// Answers one storage request as the host does (the replies skillhost_abi.h documents).
    public func answer(_ request: StorageRequest) throws(SkillError) -> JSONValue {
        guard request.container == "private" || appGroups.contains(request.container) else {
            throw SkillError.storage("container '\(request.container)' is neither 'private' nor an app group the manifest declares (\(appGroups.sorted().joined(separator: ", ")))")
        }
        return lock.withLock { () -> JSONValue in
            var container = documents[request.container] ?? [:]
            defer { documents[request.container] = container }
            func current(_ key: String) -> JSONValue {
                guard let document = container[key] else { return ["found": false] }
                return ["found": true, "value": document.value, "version": .string(String(document.version))]
            }
            switch request.operation {
            case .get:
                return current(request.key ?? "")
            case .put:
                let key = request.key ?? ""
                switch request.condition {
                case .always: break
                case .ifAbsent where container[key] != nil: return ["written": false, "current": current(key)]
                case .ifVersion(let version) where container[key].map({ String($0.version) }) != version: return ["written": false, "current": current(key)]
                default: break
                }
                writes += 1
                container[key] = (request.value ?? .null, writes)
                return ["written": true, "version": .string(String(writes))]
            case .delete:
                return ["deleted": .bool(container.removeValue(forKey: request.key ?? "") != nil)]
            case .list:
                return ["keys": .array(container.keys.sorted().map(JSONValue.string))]
            }
        }
    }
}

/// Log lines, appended from whatever thread the skill logs on.
private final class LogLines: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
