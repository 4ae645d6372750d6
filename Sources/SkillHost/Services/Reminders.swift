import Foundation
import SkillModel

/// An alert a skill set through a service API (a reminder, a timer), kept by an `AlertStore`
/// and fired by the host at its time.
public protocol ScheduledAlert: Sendable {
    var skillID: SkillID { get }
    var userID: String { get }
    /// When it fires next.
    var due: Date { get }
    /// Whether it is still to fire.
    var isPending: Bool { get }
    /// What is said when it fires.
    var announcement: String { get }
    /// After firing: done, or moved to its next time after `now`.
    mutating func fired(now: Date)
    var json: JSONValue { get }
    init?(json: JSONValue)
}

/// Alerts kept in a file of the data root (`reminders.json`, `timers.json`), written whole and
/// atomically on every change, so that they fire after a restart too: one that came due while
/// no host ran fires when the next one starts, said to be late.
public final class AlertStore<Alert: ScheduledAlert>: Sendable {
    /// An alert that fired, and whether no host ran when it was due.
    public struct Firing: Sendable {
        public let alert: Alert
        public let late: Bool
    }

    /// The most alerts of a kind one skill keeps on for one user.
    public static var limitPerSkillAndUser: Int { 100 }

    public let file: String
    private let state = Locked<[Alert]?>(nil)

    init(file: String) { self.file = file }

    /// Every alert, read from the file the first time.
    public func all() -> [Alert] { state.withLock { load(&$0) } }

    private func load(_ cached: inout [Alert]?) -> [Alert] {
        if let cached { return cached }
        var loaded: [Alert] = []
        if let data = FileManager.default.contents(atPath: file), let list = try? JSONParser.parse(Array(data))["alerts"]?.array {
            loaded = list.compactMap(Alert.init(json:))
        }
        cached = loaded
        return loaded
    }

    /// Changes the list and writes it; nothing changes, in memory or on disk, when the write
    /// fails (a full disk), and the error is thrown.
    @discardableResult
    public func change<T>(_ body: (inout [Alert]) throws -> T) throws -> T {
        try state.withLock { cached in
            var list = load(&cached)
            let result = try body(&list)
            let bytes = JSONWriter.bytes(["alerts": .array(list.map(\.json))])
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
            cached = list
            return result
        }
    }

    /// Fires every alert due by `now`. `started` is when this host started: one due before it
    /// fired late.
    public func fireDue(now: Date = Date(), started: Date) -> [Firing] {
        guard all().contains(where: { $0.isPending && $0.due <= now }) else { return [] }
        return (try? change { list in
            var fired: [Firing] = []
            for i in list.indices where list[i].isPending && list[i].due <= now {
                fired.append(Firing(alert: list[i], late: list[i].due < started))
                list[i].fired(now: now)
            }
            return fired
        }) ?? []
    }
}

/// Times as the alert APIs write them: ISO 8601 in UTC with milliseconds.
enum AlertStamp {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}

/// A reminder set through the Reminders API.
/// One reminder as the API gives it back, with what the host needs to fire it.
public struct Reminder: ScheduledAlert, Equatable {
    public var token: String
    public var skillID: SkillID
    public var userID: String
    public var created: Date
    public var updated: Date
    /// When it fires next.
    public var due: Date
    /// ON until it has fired (a recurring one stays ON), then COMPLETED.
    public var status: String
    public var version: Int
    /// The request's trigger, alertInfo and pushNotification as sent (GET gives them back).
    public var trigger: JSONObject
    public var alertInfo: JSONObject
    public var pushNotification: JSONObject
    /// DAILY or WEEKLY for a recurring reminder.
    public var frequency: String?

    /// What is said when it fires: the text for the locale (en-US first), else any.
    public var text: String {
        let content = alertInfo["spokenInfo"]?["content"]?.array ?? []
        let chosen = content.first { $0["locale"]?.string == "en-US" } ?? content.first
        if let text = chosen?["text"]?.string, !text.isEmpty { return text }
        return chosen?["ssml"]?.string.map(SSML.plainText) ?? ""
    }

    public var json: JSONValue {
        [
            "alertToken": .string(token), "skillId": .string(skillID.rawValue), "userId": .string(userID),
            "createdTime": .string(AlertStamp.format(created)), "updatedTime": .string(AlertStamp.format(updated)),
            "due": .number(JSONNumber(due.timeIntervalSince1970)), "status": .string(status), "version": .string(String(version)),
            "trigger": .object(trigger), "alertInfo": .object(alertInfo), "pushNotification": .object(pushNotification),
            "frequency": frequency.map(JSONValue.string) ?? .null,
        ]
    }

    public init?(json value: JSONValue) {
        guard let token = value["alertToken"]?.string, let skill = value["skillId"]?.string, let user = value["userId"]?.string,
            let due = value["due"]?.number?.doubleValue, let status = value["status"]?.string
        else { return nil }
        self.token = token
        skillID = SkillID(skill)
        userID = user
        created = value["createdTime"]?.string.flatMap(AlertStamp.parse) ?? Date()
        updated = value["updatedTime"]?.string.flatMap(AlertStamp.parse) ?? created
        self.due = Date(timeIntervalSince1970: due)
        self.status = status
        version = Int(value["version"]?.string ?? "1") ?? 1
        trigger = value["trigger"]?.object ?? JSONObject()
        alertInfo = value["alertInfo"]?.object ?? JSONObject()
        pushNotification = value["pushNotification"]?.object ?? JSONObject()
        frequency = value["frequency"]?.string
    }

    public init(token: String, skillID: SkillID, userID: String, created: Date, due: Date, trigger: JSONObject, alertInfo: JSONObject, pushNotification: JSONObject, frequency: String?) {
        self.token = token
        self.skillID = skillID
        self.userID = userID
        self.created = created
        updated = created
        self.due = due
        status = "ON"
        version = 1
        self.trigger = trigger
        self.alertInfo = alertInfo
        self.pushNotification = pushNotification
        self.frequency = frequency
    }

    /// The API's view of it (GET).
    public var apiJSON: JSONValue {
        [
            "alertToken": .string(token), "createdTime": .string(AlertStamp.format(created)),
            "updatedTime": .string(AlertStamp.format(updated)), "trigger": .object(trigger), "status": .string(status),
            "alertInfo": .object(alertInfo), "pushNotification": .object(pushNotification), "version": .string(String(version)),
        ]
    }

    /// What the API answers a create or an update with.
    public var responseJSON: JSONValue {
        [
            "alertToken": .string(token), "createdTime": .string(AlertStamp.format(created)),
            "updatedTime": .string(AlertStamp.format(updated)), "status": .string(status), "version": .string(String(version)),
            "href": .string("/v1/alerts/reminders/\(token)"),
        ]
    }

    public var isPending: Bool { status == "ON" }

    /// A one-off is COMPLETED; a recurring one moves to its next time after `now`.
    public mutating func fired(now: Date) {
        guard let frequency else { status = "COMPLETED"; return }
        let step: TimeInterval = frequency == "WEEKLY" ? 7 * 86400 : 86400
        while due <= now { due += step }
    }

    public var announcement: String { text }
}

/// Reading a Reminders API request body: the trigger's time, checked.
public enum ReminderRequest {
    /// When the trigger fires first, and how it recurs.
    /// - Parameter timeZone: the device's, for a SCHEDULED_ABSOLUTE time that names none.
    public static func schedule(_ trigger: JSONObject, now: Date, timeZone: String) throws(ServiceRefusal) -> (due: Date, frequency: String?) {
        switch trigger["type"]?.string {
        case "SCHEDULED_RELATIVE":
            let offset = trigger["offsetInSeconds"].flatMap { $0.number?.doubleValue ?? $0.string.flatMap(Double.init) }
            guard let offset, offset.isFinite, offset >= 1, offset <= 365 * 86400 else {
                throw ServiceRefusal(code: "INVALID_TRIGGER", message: "trigger.offsetInSeconds must be a number of seconds from 1 to a year")
            }
            guard trigger["recurrence"] == nil else { throw ServiceRefusal(code: "INVALID_TRIGGER", message: "a SCHEDULED_RELATIVE trigger cannot recur") }
            return (now + offset, nil)
        case "SCHEDULED_ABSOLUTE":
            guard let text = trigger["scheduledTime"]?.string else {
                throw ServiceRefusal(code: "INVALID_TRIGGER", message: "trigger.scheduledTime is missing (\"2026-12-24T18:00:00.000\", the device's local time)")
            }
            let zoneName = trigger["timeZoneId"]?.string ?? timeZone
            guard let zone = TimeZone(identifier: zoneName) else {
                throw ServiceRefusal(code: "INVALID_TIMEZONE", message: "trigger.timeZoneId '\(zoneName)' is no time zone (America/Los_Angeles, say)")
            }
            guard let scheduled = localTime(text, in: zone) else {
                throw ServiceRefusal(code: "INVALID_TRIGGER", message: "trigger.scheduledTime '\(text)' is not a local time such as 2026-12-24T18:00:00.000")
            }
            var frequency: String?
            if let recurrence = trigger["recurrence"] {
                let freq = recurrence["freq"]?.string ?? recurrence["recurrenceRules"]?.array?.first?.string.flatMap { rule in
                    rule.split(separator: ";").first { $0.hasPrefix("FREQ=") }.map { String($0.dropFirst(5)) }
                }
                guard let freq, freq == "DAILY" || freq == "WEEKLY" else {
                    throw ServiceRefusal(code: "INVALID_RECURRENCE", message: "trigger.recurrence: skillhost repeats reminders DAILY or WEEKLY")
                }
                frequency = freq
            }
            var due = scheduled
            if frequency != nil {
                let step: TimeInterval = frequency == "WEEKLY" ? 7 * 86400 : 86400
                while due <= now { due += step }
            } else if due <= now {
                throw ServiceRefusal(code: "PAST_SCHEDULED_TIME", message: "trigger.scheduledTime \(text) (\(zoneName)) has passed")
            }
            return (due, frequency)
        case let other:
            throw ServiceRefusal(code: "INVALID_TRIGGER", message: "trigger.type \(other.map { "'\($0)'" } ?? "is missing"): SCHEDULED_RELATIVE or SCHEDULED_ABSOLUTE")
        }
    }

    /// "2026-12-24T18:00:00.000" (seconds and fractions optional) in `zone`.
    static func localTime(_ text: String, in zone: TimeZone) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The alertInfo's spoken text, checked: at least one content with text or SSML.
    public static func checkAlertInfo(_ alertInfo: JSONObject?) throws(ServiceRefusal) -> JSONObject {
        guard let alertInfo, let content = alertInfo["spokenInfo"]?["content"]?.array, !content.isEmpty else {
            throw ServiceRefusal(code: "INVALID_ALERT_INFO", message: "alertInfo.spokenInfo.content is missing: what to say, [{\"locale\": \"en-US\", \"text\": …}]")
        }
        for (i, item) in content.enumerated() {
            let text = item["text"]?.string ?? item["ssml"]?.string ?? ""
            guard !text.trimmingWhitespace().isEmpty else {
                throw ServiceRefusal(code: "INVALID_ALERT_INFO", message: "alertInfo.spokenInfo.content[\(i)] says nothing: give text or ssml")
            }
            guard text.utf8.count <= 2000 else {
                throw ServiceRefusal(code: "INVALID_ALERT_INFO", message: "alertInfo.spokenInfo.content[\(i)] is over 2,000 characters")
            }
        }
        return alertInfo
    }
}
