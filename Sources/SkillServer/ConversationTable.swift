import Foundation
import SkillHost
import SkillModel
import Storage

/// The conversations a server keeps for its clients, one document each in a container of the
/// store (the data root's files, `<root>/host/skills/skillhost.conversations/`, or the
/// database): the conversation's stored form, its last turns, and a lease while a turn of it
/// runs. So a conversation outlives the process, and every host on the same store can take its
/// next turn.
///
/// A conversation's turns take turns: `checkOut` takes the lease (compare-and-swap on the
/// document's version, so two hosts cannot both take it), and a second turn that comes meanwhile
/// is refused (409), never interleaved. A lease lasts `leaseTime`; a host that dies mid-turn
/// holds the conversation no longer than that.
struct ConversationTable: Sendable {
    struct Entry {
        var conversation: Conversation
        /// Its turns as the API answered them, oldest first (the last `transcriptLimit`).
        var turns: [JSONValue]
    }

    enum CheckOut {
        /// The conversation, and the document's version its check-in must find.
        case ready(Conversation, version: String)
        case unknown
        case busy
    }

    private let container: any DocumentContainer
    /// This server's name in leases.
    private let holder = UUID().uuidString.lowercased()

    let transcriptLimit: Int
    let leaseTime: TimeInterval

    static let containerName = ContainerName.skill("skillhost.conversations")

    init(container: any DocumentContainer, transcriptLimit: Int = 50, leaseTime: TimeInterval = 30) {
        self.container = container
        self.transcriptLimit = transcriptLimit
        self.leaseTime = leaseTime
    }

    private static func key(_ id: String) -> DocumentKey? {
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return try? DocumentKey(id)
    }

    /// Keeps a new conversation under a new id.
    func add(_ conversation: Conversation) async throws(StorageError) -> String {
        let id = UUID().uuidString.lowercased()
        guard let key = Self.key(id) else { preconditionFailure("a UUID is a key") }
        _ = try await container.put(key, ["conversation": conversation.jsonValue, "turns": []], if: .ifAbsent)
        return id
    }

    /// The conversation, leased for one turn; `checkIn` gives it back.
    func checkOut(_ id: String) async throws(StorageError) -> CheckOut {
        guard let key = Self.key(id) else { return .unknown }
        while true {
            guard let stored = try await container.get(key) else { return .unknown }
            let now = Date().timeIntervalSince1970
            if let until = stored.value["lease"]?["until"]?.number?.doubleValue, until > now { return .busy }
            guard let json = stored.value["conversation"], let conversation = try? Conversation(json: json) else {
                throw StorageError(.corrupt, "conversation \(id) in \(container.path) is not a stored conversation")
            }
            var leased = stored.value.object ?? JSONObject()
            leased["lease"] = ["holder": .string(holder), "until": .number(JSONNumber(now + leaseTime))]
            switch try await container.put(key, .object(leased), if: .ifVersion(stored.version)) {
            case .written(let version): return .ready(conversation, version: version)
            case .conflict: continue  // changed meanwhile (another host); look again
            }
        }
    }

    /// The conversation as its turn left it, and the turn for its transcript; the lease ends.
    /// False when the lease had run out and another turn took the conversation meanwhile (this
    /// turn's state is then not kept).
    @discardableResult
    func checkIn(_ id: String, _ conversation: Conversation, version: String, turn: JSONValue?) async throws(StorageError) -> Bool {
        guard let key = Self.key(id), let stored = try await container.get(key), stored.version == version else { return false }
        var turns = stored.value["turns"]?.array ?? []
        if let turn { turns.append(turn) }
        if turns.count > transcriptLimit { turns.removeFirst(turns.count - transcriptLimit) }
        if case .written = try await container.put(key, ["conversation": conversation.jsonValue, "turns": .array(turns)], if: .ifVersion(version)) { return true }
        return false
    }

    func entry(_ id: String) async throws(StorageError) -> Entry? {
        guard let key = Self.key(id), let stored = try await container.get(key),
              let json = stored.value["conversation"], let conversation = try? Conversation(json: json) else { return nil }
        return Entry(conversation: conversation, turns: stored.value["turns"]?.array ?? [])
    }

    /// Forgets a conversation (checked out for its end).
    func remove(_ id: String) async throws(StorageError) {
        guard let key = Self.key(id) else { return }
        _ = try await container.delete(key)
    }

    /// How many conversations are kept.
    func count() async throws(StorageError) -> Int { try await container.list().count }
}
