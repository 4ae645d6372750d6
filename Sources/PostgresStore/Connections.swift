import Dispatch
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import SkillModel
import Storage
import Synchronization

/// The connections a store keeps, for both kinds of caller: a skill's storage call through the
/// C ABI is synchronous and waits on its thread (`withConnection`, `run`), a server's request is
/// async and suspends (`rows(_:_:) async`). Statements go out on SwiftNIO's event loops and are
/// answered through futures, so a waiting caller needs no Swift concurrency thread for its answer
/// (a pool whose connections are leased by a task could be starved by a blocked cooperative pool).
///
/// At most `maximum` statements of each kind run at once. A connection that fails or outlives
/// `timeout` is closed and the next call makes a new one at once: the database going away costs
/// the calls made while it is away, each refused by name, and nothing after it is back (no
/// back-off to wait out).
final class Connections: Sendable {
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    let description: String
    let maximum: Int
    let timeout: TimeAmount
    private let permits: DispatchSemaphore
    private let asyncPermits: AsyncPermits
    private let idle = Locked<[PostgresConnection]>([])
    /// Connections lent for good (`AdvisoryLocks`), closed by `shutdown` too.
    private let lent = Locked<[PostgresConnection]>([])
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
        asyncPermits = AsyncPermits(maximum)
    }

    /// Runs `statement` on a connection and waits for its rows.
    ///
    /// A statement that `onlyReads` is asked once more, on a new connection, when it fails on a
    /// connection kept from an earlier call: a database that restarted has closed the
    /// connections left idle, and the first call to use one may find out only by waiting for an
    /// answer that never comes. Asking a read twice changes nothing; a write is never asked
    /// twice, since whether the first one took effect is the database's to say.
    func rows(_ what: String, _ statement: PostgresQuery, onlyReads: Bool = false) throws(StorageError) -> PostgresQueryResult {
        guard permits.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success else { throw busy(what) }
        defer { permits.signal() }
        do {
            return try answer(what, statement, onlyReads: onlyReads).wait()
        } catch {
            throw failure(what, error)
        }
    }

    /// Runs `statement` on a connection and suspends until its rows arrive; a statement that
    /// `onlyReads` is asked once more on a new connection as above.
    func rows(_ what: String, _ statement: PostgresQuery, onlyReads: Bool = false) async throws(StorageError) -> PostgresQueryResult {
        guard await asyncPermits.acquire(within: .nanoseconds(timeout.nanoseconds)) else { throw busy(what) }
        defer { asyncPermits.release() }
        do {
            return try await answer(what, statement, onlyReads: onlyReads).get()
        } catch {
            throw failure(what, error)
        }
    }

    /// The statement's rows on a kept connection, else a new one, which is kept afterwards
    /// if it still works; a read that fails on a kept one is asked again on a new one.
    private func answer(_ what: String, _ statement: PostgresQuery, onlyReads: Bool) -> EventLoopFuture<PostgresQueryResult> {
        let onNew: @Sendable () -> EventLoopFuture<PostgresQueryResult> = {
            self.connecting().flatMap { connection in self.answer(statement, on: connection, what).always { _ in self.keep(connection) } }
        }
        guard let kept = takeIdle() else { return onNew() }
        let asked = answer(statement, on: kept, what)
        guard onlyReads else { return asked.always { _ in self.keep(kept) } }
        return asked.map { rows in
            self.keep(kept)
            return rows
        }.flatMapError { error in
            self.forget(kept, what, error)
            return onNew()
        }
    }

    /// Closes a kept connection a read failed on, and every other one kept beside it: after a
    /// restart of the database they are all as stale, and each would cost its next caller the
    /// wait for an answer.
    private func forget(_ connection: PostgresConnection, _ what: String, _ error: any Error) {
        logger.info("asking again on a new connection", metadata: ["database": "\(description)", "failed": "\(what)", "error": "\(failure(what, error).message)"])
        let stale = idle.withLock { idle in defer { idle = [] }; return idle } + [connection]
        for connection in stale { Self.close(connection) }
    }

    /// Lends `body` a connection of its own (statements in one transaction need one), and
    /// keeps it for the next call afterwards if it still works.
    func withConnection<T>(_ what: String, _ body: (PostgresConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        guard permits.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success else { throw busy(what) }
        defer { permits.signal() }
        let connection: PostgresConnection
        do {
            connection = try takeIdle() ?? connecting().wait()
        } catch {
            throw failure(what, error)
        }
        defer { keep(connection) }
        return try body(connection)
    }

    /// Runs one statement on `connection` and waits for its rows, or for `timeout`.
    func run(_ what: String, _ statement: PostgresQuery, on connection: PostgresConnection) throws(StorageError) -> PostgresQueryResult {
        do {
            return try answer(statement, on: connection, what).wait()
        } catch {
            throw failure(what, error)
        }
    }

    /// The statement's rows, or a failure once `timeout` has passed: a statement sent as the
    /// server goes away may never be answered, so the wait is bounded here and the connection
    /// closed. (Both complete the promise on the connection's event loop; the second is ignored.)
    func answer(_ statement: PostgresQuery, on connection: PostgresConnection, _ what: String) -> EventLoopFuture<PostgresQueryResult> {
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let deadline = connection.eventLoop.scheduleTask(in: timeout) {
            answer.fail(StorageError(.io, "the database \(self.description) failed \(what): no answer within \(Self.seconds(self.timeout)); the connection was closed, and whether the statement took effect is up to the database (a write is all or nothing)"))
            Self.close(connection)
        }
        connection.query(statement, logger: logger).whenComplete { result in
            deadline.cancel()
            answer.completeWith(result)
        }
        return answer.futureResult
    }

    /// A connection of the caller's own for as long as it works, closed by `shutdown`.
    func lend() async throws(StorageError) -> PostgresConnection {
        let connection: PostgresConnection
        do {
            connection = try await connecting().get()
        } catch {
            throw failure("connecting", error)
        }
        lent.withLock { lent in
            lent.removeAll { $0.isClosed }
            lent.append(connection)
        }
        return connection
    }

    /// Closes every idle and lent connection; calls made afterwards connect again.
    func shutdown() {
        let all = idle.withLock { idle in defer { idle = [] }; return idle } + lent.withLock { lent in defer { lent = [] }; return lent }
        for connection in all {
            _ = try? connection.close().wait()
        }
    }

    private func connecting() -> EventLoopFuture<PostgresConnection> {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        return PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger)
    }

    private func takeIdle() -> PostgresConnection? {
        idle.withLock { idle in
            while let kept = idle.popLast() { if !kept.isClosed { return kept } }
            return nil
        }
    }

    private func busy(_ what: String) -> StorageError {
        StorageError(.io, "the database \(description) failed \(what): all \(maximum) connections stayed busy for \(Self.seconds(timeout)); nothing was changed")
    }

    /// Closes `connection` without waiting, and holds it until it is closed: asked from a
    /// thread other than its event loop's, the close happens later, on that loop, and
    /// PostgresNIO asserts that a connection it lets go of is closed (a debug build of a host
    /// crashed on it when a stale connection, let go as it was being closed, went first).
    static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
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

    func failure(_ what: String, _ error: any Error) -> StorageError {
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
        let rows = try store.connections.rows("reading \(key)", Statements.get(column, key), onlyReads: true)
        do { return try Statements.document(rows) } catch { throw StorageError(.corrupt, "\(key) in \(path) is not a stored document: \(error)") }
    }

    func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) throws(StorageError) -> PutOutcome {
        let (text, version) = try Statements.encode(value, limits: store.limits, describing: "\(key) in \(path)")
        let rows = try store.connections.rows("writing \(key)", Statements.put(column, key, text, version, if: condition))
        return rows.isEmpty ? .conflict(current: try get(key)) : .written(version: version)
    }

    func delete(_ key: DocumentKey) throws(StorageError) -> Bool {
        try !store.connections.rows("deleting \(key)", Statements.delete(column, key)).isEmpty
    }

    func list() throws(StorageError) -> [DocumentKey] {
        let rows = try store.connections.rows("listing \(path)", Statements.list(column), onlyReads: true)
        do { return try Statements.keys(rows) } catch { throw StorageError(.corrupt, "a key in \(path) is not a document key: \(error)") }
    }
}

/// At most so many async callers at once; the others wait their turn in order, or give up after
/// a while.
final class AsyncPermits: Sendable {
    private struct State {
        var available: Int
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>

    init(_ count: Int) { state = Locked(State(available: count)) }

    /// True once a permit is held; false when none came `within` the time.
    func acquire(within time: Duration) async -> Bool {
        let id = state.withLock { state -> UInt64? in
            if state.available > 0 {
                state.available -= 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return true }
        return await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiting.append((id, continuation))
                return false
            }
            if granted { return continuation.resume(returning: true) }
            Task {
                try? await Task.sleep(for: time)
                let expired = self.state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiting.remove(at: index).continuation
                }
                expired?.resume(returning: false)
            }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiting.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
