import Foundation
import PostgresStore
import SkillHost
import SkillModel
import Storage

/// One turn at a time per conversation, across every host on the store: a conversation's lock.
/// A lock dies with the process that holds it, so a host killed mid-turn keeps nobody waiting.
protocol TurnLocks: Sendable {
    /// Takes the lock when it is free; false when another turn holds it.
    func lock(_ id: String) async throws(StorageError) -> Bool
    /// Lets go of it; `forget` also drops what the lock kept on disk (the conversation is gone).
    func unlock(_ id: String, forget: Bool) async
}

/// Locks for hosts on one data root: `flock` on a file per conversation in `folder` (lock files
/// stay while their conversation does). The kernel lets go when the holder exits, however it
/// exits.
final class FileTurnLocks: TurnLocks {
    let folder: String
    private let held = Locked<[String: Int32]>([:])

    init(folder: String) throws(StorageError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError(.io, "cannot make the conversations' lock folder \(folder): \(error.localizedDescription)")
        }
    }

    func lock(_ id: String) async throws(StorageError) -> Bool {
        let path = "\(folder)/\(id).lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StorageError.system("open", errno, path: path, unchanged: true) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let number = errno
            close(descriptor)
            if number == EWOULDBLOCK { return false }
            throw StorageError.system("flock", number, path: path, unchanged: true)
        }
        held.withLock { $0[id] = descriptor }
        return true
    }

    func unlock(_ id: String, forget: Bool) async {
        guard let descriptor = held.withLock({ $0.removeValue(forKey: id) }) else { return }
        // Unlinked while still held: a turn that comes later makes a new file, finds no
        // conversation and says so.
        if forget { unlink("\(folder)/\(id).lock") }
        close(descriptor)
    }
}

/// Locks for hosts on one PostgreSQL database: its advisory locks, on a connection per host.
struct DatabaseTurnLocks: TurnLocks {
    let locks: AdvisoryLocks

    func lock(_ id: String) async throws(StorageError) -> Bool { try await locks.tryLock(id) }
    func unlock(_ id: String, forget: Bool) async { await locks.unlock(id) }
}

/// The conversations a server keeps for its clients, one document each in a container of the
/// store (the data root's files, `<root>/host/skills/skillhost.conversations/`, or the
/// database): the conversation's stored form and its last turns. So a conversation outlives the
/// process, and every host on the same store can take its next turn.
///
/// A conversation's turns take turns: `checkOut` takes its lock (`TurnLocks`), and a second
/// turn that comes meanwhile is refused (409), never interleaved. The turn's result is written
/// once, by compare-and-swap on the version it started from, so even a turn whose lock was lost
/// (the database's connection dropped) cannot overwrite a turn taken after it.
struct ConversationTable: Sendable {
    struct Entry {
        var conversation: Conversation
        /// Its turns as the API answered them, oldest first (the last `transcriptLimit`).
        var turns: [JSONValue]
        /// How many turns it has had: the last of `turns` is turn number `count`.
        var count: Int

        init(conversation: Conversation, stored: JSONValue) {
            self.conversation = conversation
            turns = stored["turns"]?.array ?? []
            count = stored["count"]?.int ?? turns.count
        }

        /// The turns kept, each with its number.
        var numberedTurns: [(number: Int, turn: JSONValue)] {
            turns.enumerated().map { (count - turns.count + 1 + $0.offset, $0.element) }
        }
    }

    /// A conversation checked out for one turn: as stored, and the version its check-in must find.
    struct Leased {
        var entry: Entry
        var version: String
    }

    enum CheckOut {
        case ready(Leased)
        case unknown
        case busy
    }

    private let container: any DocumentContainer
    private let locks: any TurnLocks

    let transcriptLimit: Int

    static let containerName = ContainerName.skill("skillhost.conversations")

    init(container: any DocumentContainer, locks: any TurnLocks, transcriptLimit: Int = 50) {
        self.container = container
        self.locks = locks
        self.transcriptLimit = transcriptLimit
    }

    private static func key(_ id: String) -> DocumentKey? {
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return try? DocumentKey(id)
    }

    /// Keeps a new conversation under a new id.
    func add(_ conversation: Conversation) async throws(StorageError) -> String {
        let id = UUID().uuidString.lowercased()
        guard let key = Self.key(id) else { preconditionFailure("a UUID is a key") }
        _ = try await container.put(key, ["conversation": conversation.jsonValue, "turns": [], "count": 0], if: .ifAbsent)
        return id
    }

    /// The conversation, locked for one turn; `checkIn` or `remove` lets go of it.
    func checkOut(_ id: String) async throws(StorageError) -> CheckOut {
        guard let key = Self.key(id) else { return .unknown }
        guard try await locks.lock(id) else { return .busy }
        do throws(StorageError) {
            guard let stored = try await container.get(key) else {
                await locks.unlock(id, forget: true)
                return .unknown
            }
            guard let json = stored.value["conversation"], let conversation = try? Conversation(json: json) else {
                throw StorageError(.corrupt, "conversation \(id) in \(container.path) is not a stored conversation")
            }
            return .ready(Leased(entry: Entry(conversation: conversation, stored: stored.value), version: stored.version))
        } catch {
            await locks.unlock(id, forget: false)
            throw error
        }
    }

    /// Keeps the conversation as its turn left it, with the turn in its transcript, and lets go
    /// of it. The turn's number in the conversation, or nil when the conversation changed since
    /// `checkOut` (its lock was lost and another turn took it): this turn's state is then not kept.
    @discardableResult
    func checkIn(_ id: String, _ leased: Leased, _ conversation: Conversation, turn: JSONValue?) async throws(StorageError) -> Int? {
        var turns = leased.entry.turns
        if let turn { turns.append(turn) }
        if turns.count > transcriptLimit { turns.removeFirst(turns.count - transcriptLimit) }
        let count = leased.entry.count + (turn == nil ? 0 : 1)
        do throws(StorageError) {
            guard let key = Self.key(id) else { preconditionFailure("checked out under a key") }
            let outcome = try await container.put(key, ["conversation": conversation.jsonValue, "turns": .array(turns), "count": .number(JSONNumber(count))], if: .ifVersion(leased.version))
            await locks.unlock(id, forget: false)
            if case .written = outcome { return count }
            return nil
        } catch {
            await locks.unlock(id, forget: false)
            throw error
        }
    }

    func entry(_ id: String) async throws(StorageError) -> Entry? {
        guard let key = Self.key(id), let stored = try await container.get(key),
              let json = stored.value["conversation"], let conversation = try? Conversation(json: json) else { return nil }
        return Entry(conversation: conversation, stored: stored.value)
    }

    /// Forgets a conversation checked out for its end, and lets go of it.
    func remove(_ id: String) async throws(StorageError) {
        guard let key = Self.key(id) else { return }
        do throws(StorageError) {
            _ = try await container.delete(key)
            await locks.unlock(id, forget: true)
        } catch {
            await locks.unlock(id, forget: false)
            throw error
        }
    }

    /// How many conversations are kept.
    func count() async throws(StorageError) -> Int { try await container.list().count }
}
