import SkillHost
import SkillModel

/// What happens to the skills while the server runs (loaded, reloaded, a build refused with
/// its compiler errors, removed), numbered, for the console's live view: `GET /v1/events`
/// streams them as server-sent events. The last `capacity` are kept, so a client that lost
/// its connection and comes back with the last number it saw (`Last-Event-ID`) misses none
/// of them. Numbers are this server process's own: an event's id names the process too
/// (`EPOCH-N`), so a client back from another process (the server restarted) is given every
/// event kept rather than only those numbered past what it saw before.
public final class ServerEvents: Sendable {
    public struct Event: Sendable {
        public let id: Int
        public let json: JSONValue
    }

    private struct State {
        var next = 1
        var recent: [Event] = []
        var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextSubscriber = 0
    }

    private let state = Locked(State())
    let capacity: Int
    /// Names this process's numbering.
    let epoch = String(UInt32.random(in: 0x1000_0000...UInt32.max), radix: 16)

    public init(capacity: Int = 500) {
        self.capacity = capacity
    }

    /// An event's id as sent: `EPOCH-N`.
    func id(_ event: Event) -> String { "\(epoch)-\(event.id)" }

    /// The number to go on after, from what a client says it saw last: an id of ours (its
    /// number), a bare number (`?after=N`), or an id of another process's: nothing seen yet.
    func number(after lastSeen: String) -> Int {
        if let number = Int(lastSeen) { return number }
        let parts = lastSeen.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0] == epoch, let number = Int(parts[1]) else { return 0 }
        return number
    }

    /// Numbers `event` and hands it to every subscriber.
    public func publish(_ event: HostEvent) { publish(json: Self.json(event)) }

    /// A reminder or timer that fired, said as the skill `name` that set it: kind `reminder` or
    /// `timer`, with the user it is for.
    public func publish(_ alert: HostServices.Announcement, name: String) {
        let kind = alert.kind == "timer" ? "Timer" : "Reminder"
        publish(json: [
            "kind": .string(alert.kind), "origin": "", "name": .string(name), "skill": .string(alert.skillID.rawValue),
            "generation": .null, "ms": .null, "user": .string(alert.userID), "late": .bool(alert.late),
            "message": .string(alert.text), "text": .string("\(name)> \(kind): \(alert.text)" + (alert.late ? " (late: no host ran when it was due)" : "")),
        ])
    }

    private func publish(json: JSONValue) {
        state.withLock { state in
            let numbered = Event(id: state.next, json: json)
            state.next += 1
            state.recent.append(numbered)
            if state.recent.count > capacity { state.recent.removeFirst(state.recent.count - capacity) }
            for continuation in state.subscribers.values { continuation.yield(numbered) }
        }
    }

    /// The events after number `after` still kept, then every new one as it happens, until
    /// the stream is dropped.
    func subscribe(after: Int?) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(capacity))
        let number = state.withLock { state in
            if let after {
                for event in state.recent where event.id > after { continuation.yield(event) }
            }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: number) }
        }
        return stream
    }

    static func json(_ event: HostEvent) -> JSONValue {
        let kind: String = switch event.kind {
        case .watching: "watching"
        case .building: "building"
        case .loaded: "loaded"
        case .reloaded: "reloaded"
        case .kept: "kept"
        case .refused: "refused"
        case .removed: "removed"
        }
        return [
            "kind": .string(kind),
            "origin": .string(event.origin),
            "name": event.name.map(JSONValue.string) ?? .null,
            "skill": event.skillID.map { .string($0.rawValue) } ?? .null,
            "generation": event.generation.map { .number(JSONNumber($0)) } ?? .null,
            "ms": event.milliseconds.map { .number(JSONNumber($0)) } ?? .null,
            "message": .string(event.message),
            "text": .string(event.description),
        ]
    }
}
