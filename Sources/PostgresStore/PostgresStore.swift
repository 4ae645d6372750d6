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
    public let client: PostgresClient
    public let limits: StorageLimits
    /// The database, for messages (no password).
    public let description: String

    /// Parses `postgres://user:password@host:port/database` (port 5432 and database `postgres`
    /// unless given; `?sslmode=disable` is accepted and is the only mode).
    /// - Parameter logger: for the pool's own events (a connection lost, tried again); warnings
    ///   and above unless told otherwise, since failures reach callers as `StorageError`s.
    public init(url: String, limits: StorageLimits = StorageLimits(), logger: Logger = PostgresStore.quietLogger) throws(StorageError) {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""), let host = parts.host, !host.isEmpty else {
            throw StorageError(.io, "--database \(Self.redacted(url)) is not a postgres://user@host:port/database URL")
        }
        let database = parts.path.isEmpty || parts.path == "/" ? "postgres" : String(parts.path.dropFirst())
        let configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres", password: parts.password, database: database, tls: .disable)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.limits = limits
        description = "postgres://\(parts.user ?? "postgres")@\(host):\(parts.port ?? 5432)/\(database)"
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

    /// Creates or brings the schema up to date. Needs `client.run()` running.
    public func migrate() async throws(StorageError) {
        try await failing("migrating the schema") {
            try await client.query("CREATE TABLE IF NOT EXISTS skillhost_migrations (id integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
            let logger = Logger(label: "skillhost.postgres")
            try await client.withTransaction(logger: logger) { connection in
                // One host migrates at a time; the others wait here, then find it done.
                try await connection.query("LOCK TABLE skillhost_migrations IN EXCLUSIVE MODE", logger: logger)
                var applied: Set<Int> = []
                for try await id in try await connection.query("SELECT id FROM skillhost_migrations", logger: logger).decode(Int.self) {
                    applied.insert(id)
                }
                for (index, statement) in Self.migrations.enumerated() where !applied.contains(index + 1) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    try await connection.query("INSERT INTO skillhost_migrations (id) VALUES (\(index + 1))", logger: logger)
                }
            }
        }
    }

    /// Whether the database answers.
    public func ping() async throws(StorageError) {
        try await failing("answering") { try await client.query("SELECT 1") }
    }

    public func container(_ name: ContainerName) -> PostgresContainer {
        PostgresContainer(store: self, name: name)
    }

    func failing<T>(_ what: String, _ body: () async throws -> T) async throws(StorageError) -> T {
        do {
            return try await body()
        } catch let error as StorageError {
            throw error
        } catch let error as PSQLError {
            throw StorageError(.io, "the database \(description) failed \(what): \(Self.reason(error)); nothing was changed")
        } catch {
            let text = "\(error)"
            // The pool's own errors: no connection could be made (it backs off, then tries again).
            let why = text.contains("ConnectionPoolError") ? "it cannot be reached (the connection pool tries again by itself)" : text
            throw StorageError(.io, "the database \(description) failed \(what): \(why); nothing was changed")
        }
    }

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
    public var path: String { "\(name) in \(store.description)" }

    public func get(_ key: DocumentKey) async throws(StorageError) -> StoredDocument? {
        let container = name.name, keyText = key.rawValue
        return try await store.failing("reading \(key)") {
            let rows = try await store.client.query("SELECT value, version FROM skillhost_documents WHERE container = \(container) AND key = \(keyText)")
            for try await (value, version) in rows.decode((String, String).self) {
                return StoredDocument(value: try JSONParser.parse(Array(value.utf8)), version: version)
            }
            return nil
        }
    }

    public func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) async throws(StorageError) -> PutOutcome {
        let (bytes, version) = try Container.encode(value, limits: store.limits, describing: "\(key) in \(path)")
        let text = String(decoding: bytes, as: UTF8.self), container = name.name, keyText = key.rawValue
        let wrote: Bool = try await store.failing("writing \(key)") {
            let rows: PostgresRowSequence
            switch condition {
            case .always:
                rows = try await store.client.query("""
                    INSERT INTO skillhost_documents (container, key, value, version) VALUES (\(container), \(keyText), \(text), \(version))
                    ON CONFLICT (container, key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version RETURNING version
                    """)
            case .ifAbsent:
                rows = try await store.client.query("""
                    INSERT INTO skillhost_documents (container, key, value, version) VALUES (\(container), \(keyText), \(text), \(version))
                    ON CONFLICT (container, key) DO NOTHING RETURNING version
                    """)
            case .ifVersion(let expected):
                rows = try await store.client.query("""
                    UPDATE skillhost_documents SET value = \(text), version = \(version)
                    WHERE container = \(container) AND key = \(keyText) AND version = \(expected) RETURNING version
                    """)
            }
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        return wrote ? .written(version: version) : .conflict(current: try await get(key))
    }

    public func delete(_ key: DocumentKey) async throws(StorageError) -> Bool {
        let container = name.name, keyText = key.rawValue
        return try await store.failing("deleting \(key)") {
            let rows = try await store.client.query("DELETE FROM skillhost_documents WHERE container = \(container) AND key = \(keyText) RETURNING key")
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    public func list() async throws(StorageError) -> [DocumentKey] {
        let container = name.name
        return try await store.failing("listing") {
            var keys: [DocumentKey] = []
            for try await key in try await store.client.query("SELECT key FROM skillhost_documents WHERE container = \(container) ORDER BY key").decode(String.self) {
                keys.append(try DocumentKey(key))
            }
            return keys
        }
    }
}
