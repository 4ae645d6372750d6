import NIOCore
import PostgresNIO
import SkillModel
import Storage

/// Named locks every host on the database sees, held on a connection of their own
/// (PostgreSQL's session advisory locks): the database lets go of all of a host's locks the
/// moment its connection ends, so a host killed while holding one keeps nobody waiting (and the
/// store's `shutdown` closes it).
///
/// If that connection is lost (the database restarted), its locks are gone with it and the next
/// call connects again; what a lock guards must survive that on its own (the conversation table
/// writes by compare-and-swap, so a turn that lost its lock is refused rather than interleaved).
public final class AdvisoryLocks: Sendable {
    private let connections: Connections
    private let session = Locked<PostgresConnection?>(nil)
    /// Keeps the keys apart from other users of advisory locks on the same database.
    private let space: String

    public init(store: PostgresStore, space: String) {
        connections = store.connections
        self.space = space
    }

    /// Takes the lock named `name` when nobody holds it, and answers whether it did.
    public func tryLock(_ name: String) async throws(StorageError) -> Bool {
        let what = "locking \(space) \(name)"
        let connection = try await open(what)
        let rows: PostgresQueryResult
        do {
            rows = try await connections.answer("SELECT pg_try_advisory_lock(\(key(name)))", on: connection, what).get()
        } catch {
            throw connections.failure(what, error)
        }
        for row in rows { return (try? row.decode(Bool.self)) ?? false }
        return false
    }

    /// Lets go of the lock named `name`. Nothing to do when the connection that held it is
    /// gone: the lock went with it.
    public func unlock(_ name: String) async {
        guard let connection = session.withLock({ $0 }), !connection.isClosed else { return }
        _ = try? await connections.answer("SELECT pg_advisory_unlock(\(key(name)))", on: connection, "unlocking \(space) \(name)").get()
    }

    private func open(_ what: String) async throws(StorageError) -> PostgresConnection {
        if let held = session.withLock({ $0 }), !held.isClosed { return held }
        let made = try await connections.lend()
        let kept = session.withLock { held -> PostgresConnection in
            if let other = held, !other.isClosed { return other }
            held = made
            return made
        }
        if kept !== made { Connections.close(made) }
        return kept
    }

    /// The 64-bit key of a name (FNV-1a over the space and the name).
    private func key(_ name: String) -> Int64 {
        Int64(bitPattern: FNV1a.hash("\(space)/\(name)".utf8))
    }
}
