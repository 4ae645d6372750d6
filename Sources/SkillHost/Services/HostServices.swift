import Crypto
import Foundation

import SkillModel
import Storage

/// What a skill reaches through a request's `apiEndpoint` with its `apiAccessToken`, as an
/// Alexa skill reaches Amazon's service APIs: the tokens, the user's permission grants, the
/// device's settings and the progressive responses a skill sends mid-turn. The HTTP side is
/// `ServiceAPI` (SkillServer); a host with no `HostServices` sends Alexa's empty token.
public final class HostServices: Sendable {
    /// How long a turn's token is good for (Alexa's are good for the turn and a while after).
    public static let tokenLifetime: TimeInterval = 3600

    private let key: SymmetricKey
    private let address = Locked<String?>(nil)
    public let grants: PermissionGrants
    public let device: DeviceSettings
    public let reminders: AlertStore<Reminder>
    public let timers: AlertStore<ServiceTimer>
    public let lists: HouseholdLists
    /// When this host started: a reminder due before it fires late.
    public let started = Date()
    private let progressive = Locked<[String: [String]]>([:])
    private let listener = Locked<(@Sendable (SkillID, String) -> Void)?>(nil)

    /// - Parameters:
    ///   - dataRoot: where the user's grants (`permissions.json`) and the device's settings
    ///     (`device.json`) are kept.
    ///   - locale: the device's locale, whose units are the settings' defaults.
    public init(dataRoot: String, locale: String = "en-US") {
        key = SymmetricKey(size: .bits256)
        grants = PermissionGrants(file: dataRoot + "/permissions.json")
        device = DeviceSettings(file: dataRoot + "/device.json", locale: locale)
        reminders = AlertStore(file: dataRoot + "/reminders.json")
        timers = AlertStore(file: dataRoot + "/timers.json")
        lists = HouseholdLists(file: dataRoot + "/lists.json")
    }

    /// A reminder or a timer that fired.
    public struct Announcement: Sendable {
        /// "reminder" or "timer".
        public let kind: String
        public let skillID: SkillID
        public let userID: String
        public let text: String
        public let due: Date
        /// It came due while no host ran.
        public let late: Bool

        public init(kind: String, skillID: SkillID, userID: String, text: String, due: Date, late: Bool) {
            self.kind = kind
            self.skillID = skillID
            self.userID = userID
            self.text = text
            self.due = due
            self.late = late
        }
    }

    /// Fires reminders and timers as they come due (and at once those that came due while no
    /// host ran), telling `announce`; `cancel()` the clock to stop. The clock is a thread of its
    /// own, not a task: a busy cooperative pool must not make an alert late.
    public func fireAlerts(every interval: Duration = .milliseconds(250), announce: @escaping @Sendable (Announcement) -> Void) -> AlertClock {
        let (reminders, timers, started) = (self.reminders, self.timers, self.started)
        let fire: @Sendable () -> Void = {
            for firing in reminders.fireDue(started: started) {
                announce(Announcement(kind: "reminder", skillID: firing.alert.skillID, userID: firing.alert.userID, text: firing.alert.announcement, due: firing.alert.due, late: firing.late))
            }
            for firing in timers.fireDue(started: started) {
                announce(Announcement(kind: "timer", skillID: firing.alert.skillID, userID: firing.alert.userID, text: firing.alert.announcement, due: firing.alert.due, late: firing.late))
            }
        }
        fire()
        return AlertClock(every: interval, tick: fire)
    }

    /// The `apiEndpoint` requests carry, once the API listens.
    public var endpoint: String? { address.withLock { $0 } }
    public func setEndpoint(_ url: String) { address.withLock { $0 = url.hasSuffix("/") ? String(url.dropLast()) : url } }

    // MARK: Tokens

    /// Who a token was given to, for what.
    public struct Claims: Sendable, Equatable {
        public let skillID: SkillID
        public let userID: String
        public let deviceID: String
        /// The request the token came with (a progressive response names it too).
        public let requestID: String
        /// The permissions the skill's manifest asks for.
        public let declared: [String]
        public let expires: Date

        /// Whether `alert` is one this token's skill set for this token's user.
        public func owns(_ alert: some ScheduledAlert) -> Bool { alert.skillID == skillID && alert.userID == userID }
    }

    /// Why a token was refused.
    public enum TokenError: Error, Equatable, CustomStringConvertible {
        case missing, malformed, forged, expired

        public var description: String {
            switch self {
            case .missing: "no access token (Authorization: Bearer …)"
            case .malformed: "the access token is malformed"
            case .forged: "the access token was not issued by this host"
            case .expired: "the access token has expired"
            }
        }
    }

    /// A token for one request of one skill: its claims, signed with this host's key
    /// (HMAC-SHA256; the key lives and dies with the process).
    public func token(skill: SkillManifest, userID: String, deviceID: String, requestID: String, now: Date = Date()) -> String {
        let claims: JSONValue = [
            "sub": .string(skill.id.rawValue),
            "usr": .string(userID),
            "dev": .string(deviceID),
            "req": .string(requestID),
            "prm": .array(skill.permissions.map(JSONValue.string)),
            "exp": .number(JSONNumber(Int(now.timeIntervalSince1970 + Self.tokenLifetime))),
        ]
        let payload = Self.base64URL(JSONWriter.bytes(claims))
        let signature = Self.base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(payload.utf8), using: key)))
        return "skh1.\(payload).\(signature)"
    }

    /// The claims of a token this host issued and that has not expired.
    public func verify(_ token: String?, now: Date = Date()) -> Result<Claims, TokenError> {
        guard let token, !token.isEmpty else { return .failure(.missing) }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "skh1", let signature = Self.unbase64URL(parts[2]) else { return .failure(.malformed) }
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Array(parts[1].utf8), using: key) else { return .failure(.forged) }
        guard let payload = Self.unbase64URL(parts[1]), let claims = try? JSONParser.parse(payload).object,
            let skill = claims["sub"]?.string, let user = claims["usr"]?.string, let device = claims["dev"]?.string,
            let request = claims["req"]?.string, let expires = claims["exp"]?.int
        else { return .failure(.malformed) }
        let declared = claims["prm"]?.array?.compactMap(\.string) ?? []
        guard now.timeIntervalSince1970 < Double(expires) else { return .failure(.expired) }
        return .success(Claims(skillID: SkillID(skill), userID: user, deviceID: device, requestID: request, declared: declared, expires: Date(timeIntervalSince1970: Double(expires))))
    }

    /// Whether the claims' skill may use `permission`: its manifest asks for it and the user
    /// granted it.
    public func allows(_ claims: Claims, _ permission: String) -> Bool {
        claims.declared.contains(permission) && grants.granted(to: claims.skillID).contains(permission)
    }

    /// Whether the skill's requests carry a consent token (Alexa sends one once the user has
    /// granted the skill any permission).
    func hasConsent(_ skill: SkillManifest) -> Bool {
        !Set(skill.permissions).isDisjoint(with: grants.granted(to: skill.id))
    }

    // MARK: Storage

    /// Performs a storage request in a loaded remote skill's own containers.
    public typealias StorageAccess = @Sendable (SkillID, StorageRequest) throws(StorageError) -> JSONValue
    private let storageAccess = Locked<StorageAccess?>(nil)

    /// Gives the services the host's storage (the host does, once its skills are loaded).
    public func attachStorage(_ access: @escaping StorageAccess) { storageAccess.withLock { $0 = access } }

    /// Answers `request` in `skill`'s containers, with the same checks and trust record as a
    /// library skill's own storage calls.
    public func store(_ request: StorageRequest, for skill: SkillID) throws(StorageError) -> JSONValue {
        guard let access = storageAccess.withLock({ $0 }) else { throw StorageError(.io, "the host's skills are not loaded yet") }
        return try access(skill, request)
    }

    // MARK: Library skills' calls

    /// Answers a service API call with the same routes the HTTPS endpoint serves: `ServiceAPI`
    /// sets it when it starts. The status and the answer's body.
    public typealias Responder = @Sendable (_ method: String, _ path: String, _ token: String, _ body: [UInt8]?) async -> (status: Int, body: [UInt8])
    private let responder = Locked<Responder?>(nil)
    private static let thread = ServiceThread(name: "service APIs")

    public func setResponder(_ respond: @escaping Responder) { responder.withLock { $0 = respond } }

    /// Answers a library skill's service API call (skillhost_abi.h's `call_api`) with the routes a
    /// remote skill's SDK reaches over HTTPS — one implementation, the same token and permission
    /// checks — and tells `reply` the reply the ABI documents, or why there is none. It runs on
    /// the services' own thread (`ServiceThread`). A token issued to another skill is refused
    /// before anything is asked.
    public func call(_ request: [UInt8], for skill: SkillID, reply: @escaping @Sendable (_ status: Int32, _ bytes: [UInt8]) -> Void) {
        // 0 and 1 are SH_STATUS_OK and SH_STATUS_ERROR.
        let fail: @Sendable (String) -> Void = { reply(1, Array($0.utf8)) }
        let call: ServiceAPICall
        do { call = try ServiceAPICall(parsing: request) } catch { return fail("malformed service API call: \(error)") }
        guard let respond = responder.withLock({ $0 }) else { return fail("the host's service APIs are not running") }
        if case .success(let claims) = verify(call.token), claims.skillID != skill {
            return fail("the token was issued to \(claims.skillID), not \(skill)")
        }
        Task(executorPreference: Self.thread) {
            let answer = await respond(call.method, call.path, call.token, call.body.map(JSONWriter.bytes))
            guard !answer.body.isEmpty else {
                return reply(0, JSONWriter.bytes(["status": .number(JSONNumber(answer.status)), "body": .null]))
            }
            guard let body = try? JSONParser.parse(answer.body) else {
                return fail("\(call.method) \(call.path) answered HTTP \(answer.status) with a body that is not JSON")
            }
            reply(0, JSONWriter.bytes(["status": .number(JSONNumber(answer.status)), "body": body]))
        }
    }

    /// `call(_:for:reply:)`, awaited.
    public func call(_ request: [UInt8], for skill: SkillID) async -> (status: Int32, reply: [UInt8]) {
        await withCheckedContinuation { continuation in call(request, for: skill) { continuation.resume(returning: ($0, $1)) } }
    }

    // MARK: Progressive responses

    /// Says `speech` (SSML or text) now, before the answer to `requestID`: the front end hears
    /// it at once (`onProgressive`) and the turn's result lists it.
    public func speakProgressive(_ speech: String, requestID: String, skill: SkillID) {
        progressive.withLock { $0[requestID, default: []].append(speech) }
        listener.withLock { $0 }?(skill, speech)
    }

    /// Who hears progressive responses as they come (the REPL prints them).
    public func onProgressive(_ hear: @escaping @Sendable (SkillID, String) -> Void) { listener.withLock { $0 = hear } }

    /// The progressive responses said during `requestID`, taken.
    func takeProgressive(_ requestID: String) -> [String] {
        progressive.withLock { $0.removeValue(forKey: requestID) } ?? []
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func unbase64URL(_ text: Substring) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}

/// Why a service API refused a request, in its words: the HTTP status, the API's error code
/// (`INVALID_TRIGGER`, `CONFLICT`, …) and what was wrong.
public struct ServiceRefusal: Error, Sendable {
    public let status: Int
    public let code: String
    public let message: String

    public init(status: Int = 400, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }
}

/// The permissions the user granted each skill, kept in a file of the data root
/// (`{"com.example.teashop": ["alexa::profile:name:read"]}`): the Alexa app's skill
/// permissions page, as a file and the REPL's `:grant` and `:revoke`.
public final class PermissionGrants: Sendable {
    public let file: String
    private let cache = Locked<(stamp: Date?, grants: [String: [String]])?>(nil)

    init(file: String) { self.file = file }

    /// What the user granted `skill`.
    public func granted(to skill: SkillID) -> [String] { all()[skill.rawValue] ?? [] }

    /// Every grant, by skill id; read again when the file changes.
    public func all() -> [String: [String]] {
        let stamp = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
        if let cached = cache.withLock({ $0 }), cached.stamp == stamp { return cached.grants }
        var grants: [String: [String]] = [:]
        if let data = FileManager.default.contents(atPath: file), let object = try? JSONParser.parse(Array(data)).object {
            for (skill, list) in object { grants[skill] = list.array?.compactMap(\.string) ?? [] }
        }
        cache.withLock { $0 = (stamp, grants) }
        return grants
    }

    /// Grants `permissions` to `skill` (and keeps what it had).
    public func grant(_ permissions: [String], to skill: SkillID) throws {
        try change { grants in
            var list = grants[skill.rawValue] ?? []
            for permission in permissions where !list.contains(permission) { list.append(permission) }
            grants[skill.rawValue] = list
        }
    }

    /// Takes `permissions` (all of them when nil) back from `skill`.
    public func revoke(_ permissions: [String]?, from skill: SkillID) throws {
        try change { grants in
            guard let permissions else { grants[skill.rawValue] = nil; return }
            grants[skill.rawValue] = (grants[skill.rawValue] ?? []).filter { !permissions.contains($0) }
        }
    }

    private func change(_ body: (inout [String: [String]]) -> Void) throws {
        var grants = all()
        body(&grants)
        var object = JSONObject()
        for skill in grants.keys.sorted() where !(grants[skill] ?? []).isEmpty {
            object[skill] = .array((grants[skill] ?? []).map(JSONValue.string))
        }
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(JSONWriter.bytes(.object(object))).write(to: URL(fileURLWithPath: file), options: .atomic)
        cache.withLock { $0 = nil }
    }
}

/// The device's settings and its owner's profile as the service APIs give them, from a file
/// of the data root the user edits (`device.json`); what it leaves out has a default — the
/// machine's time zone, the locale's units — or is not set (the API answers 204, as Alexa's
/// does for an address never entered).
///
/// ```json
/// { "timeZone": "America/Chicago", "distanceUnits": "IMPERIAL", "temperatureUnit": "FAHRENHEIT",
///   "address": { "addressLine1": "410 Terry Ave North", "city": "Seattle", "stateOrRegion": "WA",
///                "districtOrCounty": "", "postalCode": "98109", "countryCode": "US" },
///   "profile": { "name": "Ada Lovelace", "givenName": "Ada", "email": "ada@example.com",
///                "mobileNumber": { "countryCode": "+1", "phoneNumber": "2065550100" } } }
/// ```
public final class DeviceSettings: Sendable {
    public let file: String
    let locale: String

    init(file: String, locale: String) {
        self.file = file
        self.locale = locale
    }

    /// The file's object, or an empty one (a malformed file is named by `problem`).
    var values: JSONObject {
        guard let data = FileManager.default.contents(atPath: file), let object = try? JSONParser.parse(Array(data)).object else { return JSONObject() }
        return object
    }

    /// What is wrong with the file, if anything (the APIs then answer with the defaults).
    public var problem: String? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        do {
            guard try JSONParser.parse(Array(data)).object != nil else { return "\(file): expected a JSON object" }
            return nil
        } catch {
            return "\(file): not JSON: \(error)"
        }
    }

    public var timeZone: String { values["timeZone"]?.string ?? TimeZone.current.identifier }
    /// METRIC or IMPERIAL: IMPERIAL for the United States, Liberia and Myanmar.
    public var distanceUnits: String { values["distanceUnits"]?.string ?? (Self.imperial(locale) ? "IMPERIAL" : "METRIC") }
    /// CELSIUS or FAHRENHEIT.
    public var temperatureUnit: String { values["temperatureUnit"]?.string ?? (Self.imperial(locale) ? "FAHRENHEIT" : "CELSIUS") }
    public var address: JSONObject? { values["address"]?.object }
    public var profile: JSONObject? { values["profile"]?.object }

    static func imperial(_ locale: String) -> Bool { ["US", "LR", "MM"].contains(String(locale.split(separator: "-").last ?? "")) }
}

/// Ticks on a thread of its own until cancelled.
public final class AlertClock: @unchecked Sendable {
    // @unchecked: `stopped` is read and written under `condition` only.
    private let condition = NSCondition()
    private var stopped = false

    init(every interval: Duration, tick: @escaping @Sendable () -> Void) {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            condition.lock()
            while !stopped {
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
                if stopped { break }
                condition.unlock()
                tick()
                condition.lock()
            }
            condition.unlock()
        }
        thread.name = "alert clock"
        thread.start()
    }

    /// Stops it; a tick under way finishes.
    public func cancel() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }
}
