import Foundation
import SkillHost
import SkillModel

/// The conversations a server keeps for its clients, by id: each one's state between turns
/// and its transcript. A conversation's turns take turns: one is checked out while its turn
/// runs, and a second turn that comes meanwhile is refused (409), never interleaved.
actor ConversationTable {
    struct Entry {
        var conversation: Conversation
        /// Whether a turn of it is under way.
        var busy = false
        /// Its turns as the API answered them, oldest first (the last `transcriptLimit`).
        var turns: [JSONValue] = []
        var lastUsed: ContinuousClock.Instant
    }

    enum CheckOut {
        case ready(Conversation)
        case unknown
        case busy
    }

    private var entries: [String: Entry] = [:]
    /// Turns kept per conversation for `GET /v1/conversations/{id}`.
    let transcriptLimit: Int
    /// Conversations kept at most; past it the one idle longest is forgotten.
    let capacity: Int

    init(transcriptLimit: Int = 500, capacity: Int = 100_000) {
        self.transcriptLimit = transcriptLimit
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// Keeps a new conversation under a new id.
    func add(_ conversation: Conversation) -> String {
        if entries.count >= capacity, let oldest = entries.filter({ !$0.value.busy }).min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            entries[oldest] = nil
        }
        let id = UUID().uuidString.lowercased()
        entries[id] = Entry(conversation: conversation, lastUsed: .now)
        return id
    }

    /// The conversation, for one turn; `checkIn` gives it back.
    func checkOut(_ id: String) -> CheckOut {
        guard var entry = entries[id] else { return .unknown }
        guard !entry.busy else { return .busy }
        entry.busy = true
        entries[id] = entry
        return .ready(entry.conversation)
    }

    /// The conversation as its turn left it, and the turn for its transcript.
    func checkIn(_ id: String, _ conversation: Conversation, turn: JSONValue?) {
        guard var entry = entries[id] else { return }
        entry.conversation = conversation
        entry.busy = false
        entry.lastUsed = .now
        if let turn {
            entry.turns.append(turn)
            if entry.turns.count > transcriptLimit { entry.turns.removeFirst(entry.turns.count - transcriptLimit) }
        }
        entries[id] = entry
    }

    func entry(_ id: String) -> Entry? { entries[id] }

    /// Forgets a conversation checked out for its end.
    func remove(_ id: String) { entries[id] = nil }
}
