import SkillModel

/// The turns of each conversation as this server takes them, for everyone following it
/// (`GET /v1/conversations/{id}/events`): a second tab on one conversation sees the first
/// one's turns as they happen, with what the turn showed inside when it was inspected.
///
/// Only turns taken by this process are told live; a follower that connects (or comes back
/// with `Last-Event-ID`) is first given the stored turns after the last one it saw, so turns
/// another host took reach it then.
final class ConversationFeed: Sendable {
    enum Item: Sendable {
        /// A turn and its number in the conversation.
        case turn(Int, JSONValue)
        /// The conversation was ended (`DELETE`).
        case ended
    }

    private struct State {
        var followers: [String: [Int: AsyncStream<Item>.Continuation]] = [:]
        var next = 0
    }

    private let state = Locked(State())

    /// What happens to conversation `id` from now on, until it ends or the stream is dropped.
    func follow(_ id: String) -> AsyncStream<Item> {
        let (stream, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .bufferingNewest(100))
        let number = state.withLock { state in
            state.next += 1
            state.followers[id, default: [:]][state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.followers[id]?.removeValue(forKey: number)
                if state.followers[id]?.isEmpty == true { state.followers.removeValue(forKey: id) }
            }
        }
        return stream
    }

    func publish(_ id: String, _ item: Item) {
        let continuations = state.withLock { Array(($0.followers[id] ?? [:]).values) }
        for continuation in continuations {
            continuation.yield(item)
            if case .ended = item { continuation.finish() }
        }
    }
}
