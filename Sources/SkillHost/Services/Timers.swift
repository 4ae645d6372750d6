import Foundation
import SkillModel

/// A timer set through the Timers API: it runs for its duration, may be paused and resumed,
/// and when it ends the host announces its text (ANNOUNCE) or its label (NOTIFY_ONLY).
public struct ServiceTimer: ScheduledAlert, Equatable {
    public var id: String
    public var skillID: SkillID
    public var userID: String
    /// ISO 8601 as the skill gave it ("PT10M").
    public var duration: String
    public var label: String?
    public var created: Date
    public var updated: Date
    /// When it ends, while ON.
    public var due: Date
    /// ON, PAUSED, or OFF once it has ended.
    public var status: String
    /// What is left while PAUSED, in seconds.
    public var remainingWhenPaused: TimeInterval?
    /// The request's triggeringBehavior and creationBehavior as sent.
    public var triggeringBehavior: JSONObject
    public var creationBehavior: JSONObject

    public init(id: String, skillID: SkillID, userID: String, duration: String, seconds: TimeInterval, label: String?, now: Date, triggeringBehavior: JSONObject, creationBehavior: JSONObject) {
        self.id = id
        self.skillID = skillID
        self.userID = userID
        self.duration = duration
        self.label = label
        created = now
        updated = now
        due = now + seconds
        status = "ON"
        self.triggeringBehavior = triggeringBehavior
        self.creationBehavior = creationBehavior
    }

    public var isPending: Bool { status == "ON" }
    public mutating func fired(now: Date) { status = "OFF" }

    /// The en-US text to announce (else any), or for NOTIFY_ONLY the label.
    public var announcement: String {
        let operation = triggeringBehavior["operation"]
        let texts = operation?["textToAnnounce"]?.array ?? []
        let chosen = texts.first { $0["locale"]?.string == "en-US" } ?? texts.first
        if let text = chosen?["text"]?.string, !text.isEmpty { return text }
        return label.map { "Your \($0) timer is done." } ?? "Your timer is done."
    }

    /// Paused: the time left is kept and it no longer comes due.
    public mutating func pause(now: Date) {
        guard status == "ON" else { return }
        remainingWhenPaused = max(0, due.timeIntervalSince(now))
        status = "PAUSED"
        updated = now
    }

    /// Running again for the time it had left.
    public mutating func resume(now: Date) {
        guard status == "PAUSED" else { return }
        due = now + (remainingWhenPaused ?? 0)
        remainingWhenPaused = nil
        status = "ON"
        updated = now
    }

    /// The API's view of it.
    public var apiJSON: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "status": .string(status), "duration": .string(duration),
            "triggerTime": .string(AlertStamp.format(due)),
            "createdTime": .string(AlertStamp.format(created)), "updatedTime": .string(AlertStamp.format(updated)),
        ]
        if let label { object["timerLabel"] = .string(label) }
        if let remainingWhenPaused { object["remainingTimeWhenPaused"] = .string(TimerRequest.isoDuration(remainingWhenPaused)) }
        return .object(object)
    }

    public var json: JSONValue {
        [
            "id": .string(id), "skillId": .string(skillID.rawValue), "userId": .string(userID), "duration": .string(duration),
            "label": label.map(JSONValue.string) ?? .null, "created": .number(JSONNumber(created.timeIntervalSince1970)),
            "updated": .number(JSONNumber(updated.timeIntervalSince1970)), "due": .number(JSONNumber(due.timeIntervalSince1970)),
            "status": .string(status), "remaining": remainingWhenPaused.map { .number(JSONNumber($0)) } ?? .null,
            "triggeringBehavior": .object(triggeringBehavior), "creationBehavior": .object(creationBehavior),
        ]
    }

    public init?(json value: JSONValue) {
        guard let id = value["id"]?.string, let skill = value["skillId"]?.string, let user = value["userId"]?.string,
            let duration = value["duration"]?.string, let due = value["due"]?.number?.doubleValue, let status = value["status"]?.string
        else { return nil }
        self.id = id
        skillID = SkillID(skill)
        userID = user
        self.duration = duration
        label = value["label"]?.string
        created = Date(timeIntervalSince1970: value["created"]?.number?.doubleValue ?? due)
        updated = Date(timeIntervalSince1970: value["updated"]?.number?.doubleValue ?? due)
        self.due = Date(timeIntervalSince1970: due)
        self.status = status
        remainingWhenPaused = value["remaining"]?.number?.doubleValue
        triggeringBehavior = value["triggeringBehavior"]?.object ?? JSONObject()
        creationBehavior = value["creationBehavior"]?.object ?? JSONObject()
    }
}

/// Reading a Timers API request body.
public enum TimerRequest {
    /// The longest timer Alexa sets.
    public static let longest: TimeInterval = 24 * 3600

    /// The duration in seconds, the label and the behaviours, checked.
    public static func read(_ body: JSONObject) throws(ServiceRefusal) -> (duration: String, seconds: TimeInterval, label: String?, triggering: JSONObject, creation: JSONObject) {
        guard let duration = body["duration"]?.string else {
            throw ServiceRefusal(code: "INVALID_DURATION", message: "duration is missing: an ISO 8601 duration such as PT10M")
        }
        guard let seconds = seconds(duration), seconds >= 1, seconds <= longest else {
            throw ServiceRefusal(code: "INVALID_DURATION", message: "duration '\(duration)' is not an ISO 8601 duration from one second to 24 hours (PT10M, PT1H30M)")
        }
        let label = body["timerLabel"]?.string
        if let label, label.count > 256 { throw ServiceRefusal(code: "INVALID_TIMER_LABEL", message: "timerLabel is over 256 characters") }
        guard let triggering = body["triggeringBehavior"]?.object, let operation = triggering["operation"]?.object else {
            throw ServiceRefusal(code: "INVALID_TRIGGERING_BEHAVIOR", message: "triggeringBehavior.operation is missing: {\"type\": \"ANNOUNCE\", \"textToAnnounce\": [{\"locale\": \"en-US\", \"text\": …}]}")
        }
        switch operation["type"]?.string {
        case "ANNOUNCE":
            let texts = operation["textToAnnounce"]?.array ?? []
            guard texts.contains(where: { !($0["text"]?.string ?? "").trimmingWhitespace().isEmpty }) else {
                throw ServiceRefusal(code: "INVALID_TRIGGERING_BEHAVIOR", message: "an ANNOUNCE timer needs textToAnnounce with text")
            }
        case "NOTIFY_ONLY":
            break
        case "LAUNCH_TASK":
            throw ServiceRefusal(code: "UNSUPPORTED_OPERATION", message: "LAUNCH_TASK timers (a task started when the timer ends) are not run by skillhost: use ANNOUNCE or NOTIFY_ONLY")
        case let other:
            throw ServiceRefusal(code: "INVALID_TRIGGERING_BEHAVIOR", message: "triggeringBehavior.operation.type \(other.map { "'\($0)'" } ?? "is missing"): ANNOUNCE or NOTIFY_ONLY")
        }
        return (duration, seconds, label, triggering, body["creationBehavior"]?.object ?? JSONObject())
    }

    /// Seconds in an ISO 8601 duration of days, hours, minutes and seconds ("P1DT2H", "PT90S",
    /// "PT1.5M"); nil when it is not one.
    public static func seconds(_ text: String) -> TimeInterval? {
        var rest = Substring(text.uppercased())
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total: TimeInterval = 0
        var inTime = false
        var number = ""
        var sawUnit = false
        for character in rest {
            if character == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            } else if character.isNumber || character == "." {
                number.append(character)
            } else {
                guard let value = Double(number) else { return nil }
                number = ""
                sawUnit = true
                switch (character, inTime) {
                case ("D", false): total += value * 86400
                case ("W", false): total += value * 7 * 86400
                case ("H", true): total += value * 3600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
            }
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// "PT1H2M3S" for a number of seconds (rounded).
    static func isoDuration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        let (h, m, s) = (whole / 3600, whole % 3600 / 60, whole % 60)
        var text = "PT"
        if h > 0 { text += "\(h)H" }
        if m > 0 { text += "\(m)M" }
        if s > 0 || text == "PT" { text += "\(s)S" }
        return text
    }
}
