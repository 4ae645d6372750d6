import Dispatch
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import SkillModel
import Storage
import Synchronization

/// Connections for callers that must wait for an answer on their own thread: a skill's storage
/// call through the C ABI is synchronous. Statements go out on SwiftNIO's event loops and the
/// caller waits for their future, so no Swift concurrency thread is needed for the answer to
/// arrive (the async pool's connections are leased by a task, which a blocked cooperative pool
/// could never run).
///
/// At most `maximum` statements run at once; a connection that fails or outlives `timeout` is
/// closed and the next call makes a new one, so the database going away costs the calls made
/// while it is away, each refused by name, and nothing after it is back.
final class BlockingConnections: Sendable {
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    let description: String
    let maximum: Int
    let timeout: TimeAmount
    private let permits: DispatchSemaphore
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)

    init(configuration: PostgresConnection.Configuration, logger: Logger, description: String, maximum: Int = 8, timeout: TimeAmount = .seconds(5)) {
        var configuration = configuration
        configuration.options.connectTimeout = timeout
        self.configuration = configuration
        self.logger = logger
        self.description = description
        self.maximum = maximum
        self.timeout = timeout
        permits = DispatchSemaphore(value: maximum)
    }

    /// Runs `statement` on a connection and waits for its rows.
    func rows(_ what: String, _ statement: PostgresQuery) throws(StorageError) -> PostgresQueryResult {
        try withConnection(what) { connection throws(StorageError) in try run(what, statement, on: connection) }
    }

    /// Lends `body` a connection of its own (statements in one transaction need one), and
    /// keeps it for the next call afterwards if it still works.
    func withConnection<T>(_ what: String, _ body: (PostgresConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        guard permits.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success else {
            throw StorageError(.io, "the database \(description) failed \(what): all \(maximum) connections for skills' storage stayed busy for \(Self.seconds(timeout)); nothing was changed")
        }
        defer { permits.signal() }
        let connection: PostgresConnection
        do {
            connection = try idle.withLock { idle in
                while let kept = idle.popLast() { if !kept.isClosed { return kept } }
                return nil
            } ?? connect()
        } catch {
            throw failure(what, error)
        }
        defer { keep(connection) }
        return try body(connection)
    }

    /// Runs one statement on `connection` and waits for its rows, or for `timeout`: a statement
    /// sent as the server goes away may never be answered, so the wait is bounded here and the
    /// connection closed. (Both complete `answer` on the connection's event loop; the second is
    /// ignored.)
    func run(_ what: String, _ statement: PostgresQuery, on connection: PostgresConnection) throws(StorageError) -> PostgresQueryResult {
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let deadline = connection.eventLoop.scheduleTask(in: timeout) {
            answer.fail(StorageError(.io, "the database \(self.description) failed \(what): no answer within \(Self.seconds(self.timeout)); the connection was closed, and whether the statement took effect is up to the database (a write is all or nothing)"))
            let closing: EventLoopFuture<Void> = connection.close()
            _ = closing
        }
        connection.query(statement, logger: logger).whenComplete { result in
            deadline.cancel()
            answer.completeWith(result)
        }
        do {
            return try answer.futureResult.wait()
        } catch {
            throw failure(what, error)
        }
    }

    /// Closes every idle connection; calls made afterwards connect again.
    func shutdown() {
        for connection in idle.withLock({ idle in defer { idle = [] }; return idle }) {
            _ = try? connection.close().wait()
        }
    }

    private func connect() throws -> PostgresConnection {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        return try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger).wait()
    }

    /// Closes a connection left in a state the next call must not inherit.
    func discard(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        _ = try? closing.wait()
    }

    /// Keeps a connection that still works for the next call.
    private func keep(_ connection: PostgresConnection) {
        guard !connection.isClosed else { return }
        idle.withLock { $0.append(connection) }
    }

    private func failure(_ what: String, _ error: any Error) -> StorageError {
        if let error = error as? StorageError { return error }
        if let error = error as? PSQLError {
            return StorageError(.io, "the database \(description) failed \(what): \(PostgresStore.reason(error)); nothing was changed")
        }
        return StorageError(.io, "the database \(description) failed \(what): \(error); nothing was changed")
    }

    private static func seconds(_ time: TimeAmount) -> String {
        "\(time.nanoseconds / 1_000_000_000) s"
    }
}

/// A host's documents in PostgreSQL: what `skillhost serve --database` gives its skills, so that
/// every host on the database sees the same containers, app groups and trust record.
public struct PostgresBackend: DocumentBackend {
    public let store: PostgresStore

    public init(store: PostgresStore) { self.store = store }

    public var description: String { "the database \(store.description)" }

    public func documents(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer {
        BlockingPostgresContainer(store: store, name: name, column: PostgresStore.column(name, .skills))
    }

    /// A table has no folders to leave behind: the container is given as it is.
    public func existingDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)? {
        try documents(name)
    }

    public func hostDocuments(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer {
        BlockingPostgresContainer(store: store, name: name, column: PostgresStore.column(name, .host))
    }

    public func existingHostDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)? {
        try hostDocuments(name)
    }
}

/// One container in PostgreSQL, for a caller that waits.
struct BlockingPostgresContainer: BlockingDocumentContainer {
    let store: PostgresStore
    let name: ContainerName
    let column: String
    var path: String { "\(name) in \(store.description)" }

    func get(_ key: DocumentKey) throws(StorageError) -> StoredDocument? {
        let rows = try store.blocking.rows("reading \(key)", Statements.get(column, key))
        do { return try Statements.document(rows) } catch { throw StorageError(.corrupt, "\(key) in \(path) is not a stored document: \(error)") }
    }

    func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) throws(StorageError) -> PutOutcome {
        let (text, version) = try Statements.encode(value, limits: store.limits, describing: "\(key) in \(path)")
        let rows = try store.blocking.rows("writing \(key)", Statements.put(column, key, text, version, if: condition))
        return rows.isEmpty ? .conflict(current: try get(key)) : .written(version: version)
    }

    func delete(_ key: DocumentKey) throws(StorageError) -> Bool {
        try !store.blocking.rows("deleting \(key)", Statements.delete(column, key)).isEmpty
    }

    func list() throws(StorageError) -> [DocumentKey] {
        let rows = try store.blocking.rows("listing \(path)", Statements.list(column))
        do { return try Statements.keys(rows) } catch { throw StorageError(.corrupt, "a key in \(path) is not a document key: \(error)") }
    }
}
