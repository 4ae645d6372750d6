import SkillHost
import SkillModel

/// What happens to the skills while the server runs (loaded, reloaded, a build refused with
/// its compiler errors, removed), numbered, for the console's live view: `GET /v1/events`
/// streams them as server-sent events. The last `capacity` are kept, so a client that lost
/// its connection and comes back with the last number it saw (`Last-Event-ID`) misses none
/// of them.
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

    public init(capacity: Int = 500) {
        self.capacity = capacity
    }

    /// Numbers `event` and hands it to every subscriber.
    public func publish(_ event: HostEvent) {
        state.withLock { state in
            let numbered = Event(id: state.next, json: Self.json(event))
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
