import Foundation
import Logging
import PostgresNIO
import SkillModel
import Storage

/// Documents kept in PostgreSQL, with the file store's promises (`DocumentContainer`): a
/// document's bytes are stored as written (so unknown fields survive and versions match the
/// file store's), a conditional put is one statement that writes only while its condition holds,
/// and every failure is a `StorageError` naming the database.
///
/// One table, `skillhost_documents (container, key, value, version)`, made and migrated at
/// start (`migrate()`); `skillhost_migrations` records what has been applied.
public final class PostgresStore: Sendable {
    public let limits: StorageLimits
    /// The database, for messages (no password).
    public let description: String
    /// The connections every call goes through, waiting or async.
    let connections: Connections

    /// Whose documents a container holds: the skills' (their private containers and app groups)
    /// or the host's own records, which no container name a skill can say reaches.
    public enum Space: Sendable {
        case skills
        case host
    }

    /// Parses `postgres://user:password@host:port/database` (port 5432 and database `postgres`
    /// unless given; `?sslmode=disable` is accepted and is the only mode).
    /// - Parameters:
    ///   - logger: for the connections' own events; warnings and above unless told otherwise,
    ///     since failures reach callers as `StorageError`s.
    ///   - answerWithin: how long a statement waits for its answer (and a connection for the
    ///     database) before it is refused by name.
    public init(url: String, limits: StorageLimits = StorageLimits(), logger: Logger = PostgresStore.quietLogger, answerWithin: Duration = .seconds(5)) throws(StorageError) {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""), let host = parts.host, !host.isEmpty else {
            throw StorageError(.io, "--database \(Self.redacted(url)) is not a postgres://user@host:port/database URL")
        }
        let database = parts.path.isEmpty || parts.path == "/" ? "postgres" : String(parts.path.dropFirst())
        self.limits = limits
        description = "postgres://\(parts.user ?? "postgres")@\(host):\(parts.port ?? 5432)/\(database)"
        connections = Connections(
            configuration: PostgresConnection.Configuration(host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres", password: parts.password, database: database, tls: .disable),
            logger: logger, description: description, timeout: .nanoseconds(Int64(answerWithin / .nanoseconds(1))))
    }

    public static var quietLogger: Logger {
        var logger = Logger(label: "skillhost.postgres")
        logger.logLevel = .warning
        return logger
    }

    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "…"
        return parts.string ?? url
    }

    /// The schema's steps, in order; each runs once, in a transaction with its record.
    static let migrations: [String] = [
        """
        CREATE TABLE skillhost_documents (
            container text NOT NULL,
            key text NOT NULL,
            value text NOT NULL,
            version text NOT NULL,
            PRIMARY KEY (container, key)
        )
        """,
    ]

    /// Creates or brings the schema up to date, waiting on this thread (the pool need not run):
    /// one host at a time (an advisory lock, which the server also lets go of if the host dies),
    /// each step in a transaction with its record.
    public func migrate() throws(StorageError) {
        let what = "migrating the schema"
        try connections.withConnection(what) { connection throws(StorageError) in
            func run(_ statement: PostgresQuery) throws(StorageError) -> PostgresQueryResult {
                try connections.run(what, statement, on: connection)
            }
            _ = try run("SELECT pg_advisory_lock(\(Self.migrationLock))")
            defer { _ = try? run("SELECT pg_advisory_unlock(\(Self.migrationLock))") }
            _ = try run("CREATE TABLE IF NOT EXISTS skillhost_migrations (id integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
            var applied: Set<Int> = []
            for row in try run("SELECT id FROM skillhost_migrations") {
                if let id = try? row.decode(Int.self) { applied.insert(id) }
            }
            for (index, statement) in Self.migrations.enumerated() where !applied.contains(index + 1) {
                _ = try run("BEGIN")
                do throws(StorageError) {
                    _ = try run(PostgresQuery(unsafeSQL: statement))
                    _ = try run("INSERT INTO skillhost_migrations (id) VALUES (\(index + 1))")
                    _ = try run("COMMIT")
                } catch {
                    if (try? run("ROLLBACK")) == nil { connections.discard(connection) }
                    throw error
                }
            }
        }
    }

    /// The advisory lock's key: any number, the same for every host.
    static let migrationLock = 0x736B_696C_6C68

    /// Whether the database answers.
    public func ping() async throws(StorageError) {
        _ = try await connections.rows("answering", "SELECT 1", onlyReads: true)
    }

    public func container(_ name: ContainerName, in space: Space = .skills) -> PostgresContainer {
        PostgresContainer(store: self, name: name, column: Self.column(name, space))
    }

    /// A container's name in the table: `skills/<id>`, `groups/<group>`, or `host/…` for the
    /// host's own.
    static func column(_ name: ContainerName, _ space: Space) -> String {
        (space == .host ? "host/" : "") + name.folder + "/" + name.name
    }

    /// Closes the connections kept between calls; a call made afterwards connects again.
    public func shutdown() { connections.shutdown() }

    static func reason(_ error: PSQLError) -> String {
        if let message = error.serverInfo?[.message] { return message }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection: return "it cannot be reached (\(error.underlying.map { "\($0)" } ?? "connection closed"))"
        default: return "\(error.code)"
        }
    }
}

/// One container's documents in PostgreSQL.
public struct PostgresContainer: DocumentContainer {
    let store: PostgresStore
    public let name: ContainerName
    /// Its name in the table.
    let column: String
    public var path: String { "\(name) in \(store.description)" }

    public func get(_ key: DocumentKey) async throws(StorageError) -> StoredDocument? {
        let rows = try await store.connections.rows("reading \(key)", Statements.get(column, key), onlyReads: true)
        do { return try Statements.document(rows) } catch { throw StorageError(.corrupt, "\(key) in \(path) is not a stored document: \(error)") }
    }

    public func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) async throws(StorageError) -> PutOutcome {
        let (text, version) = try Statements.encode(value, limits: store.limits, describing: "\(key) in \(path)")
        let rows = try await store.connections.rows("writing \(key)", Statements.put(column, key, text, version, if: condition))
        return rows.isEmpty ? .conflict(current: try await get(key)) : .written(version: version)
    }

    public func delete(_ key: DocumentKey) async throws(StorageError) -> Bool {
        try await !store.connections.rows("deleting \(key)", Statements.delete(column, key)).isEmpty
    }

    public func list() async throws(StorageError) -> [DocumentKey] {
        let rows = try await store.connections.rows("listing \(path)", Statements.list(column), onlyReads: true)
        do { return try Statements.keys(rows) } catch { throw StorageError(.corrupt, "a key in \(path) is not a document key: \(error)") }
    }
}
