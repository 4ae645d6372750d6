import Foundation
import NIOPosix
import PostgresNIO
@testable import PostgresStore
import SkillModel
import Storage
import Testing
import TestSupport

/// The PostgreSQL store against a real throw-away cluster: the same promises as the file store.
@Suite(.enabled(if: PostgresServer.binaries != nil, "no PostgreSQL installed (scripts/install-system-packages.sh installs it)"))
struct PostgresStoreTests {
    /// A store on a fresh cluster for `body`; everything stopped after.
    static func withStore(_ body: (PostgresStore, PostgresServer) async throws -> Void) async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let store = try PostgresStore(url: server.url, limits: StorageLimits(maximumDocumentBytes: 4096))
        defer { store.shutdown() }
        try store.migrate()
        try store.migrate()  // a second host finds the schema made
        try await body(store, server)
    }

    @Test func documentsKeepTheFileStoresPromises() async throws {
        try await Self.withStore { store, _ in
            let lists = store.container(.group("group.com.example.lists"))
            let key = try DocumentKey("groceries")
            #expect(try await lists.get(key) == nil)
            let value: JSONValue = ["items": ["milk", "bread"], "extra": ["keep": "me"]]
            guard case .written(let version) = try await lists.put(key, value, if: .ifAbsent) else { Issue.record("not written"); return }
            let read = try #require(try await lists.get(key))
            #expect(read.value == value)
            #expect(read.version == version)
            #expect(read.version == (try Container.encode(value, limits: StorageLimits(), describing: "x").version), "the same version as the file store's")

            // Compare-and-swap: a stale version or a second create is refused with what is there.
            #expect(try await lists.put(key, ["items": []], if: .ifAbsent) == .conflict(current: read))
            #expect(try await lists.put(key, ["items": []], if: .ifVersion("stale")) == .conflict(current: read))
            guard case .written = try await lists.put(key, ["items": ["milk"]], if: .ifVersion(version)) else { Issue.record("not swapped"); return }
            #expect(try await lists.get(key)?.value == ["items": ["milk"]])

            // Containers are apart; keys list in order; delete says whether there was one.
            let other = store.container(.skill("com.example.other"))
            #expect(try await other.get(key) == nil)
            _ = try await lists.put(try DocumentKey("apples"), [:], if: .always)
            #expect(try await lists.list().map(\.rawValue) == ["apples", "groceries"])
            #expect(try await lists.delete(key))
            #expect(try await !lists.delete(key))

            // Over the size limit: refused by name, nothing stored.
            await #expect(throws: StorageError.self) {
                _ = try await lists.put(key, ["big": .string(String(repeating: "x", count: 5000))], if: .always)
            }
            #expect(try await lists.get(key) == nil)
        }
    }

    @Test func aDatabaseThatGoesAwayIsNamedAndComesBack() async throws {
        try await Self.withStore { store, server in
            let container = store.container(.skill("com.example.counter"))
            let key = try DocumentKey("count")
            _ = try await container.put(key, ["n": 1], if: .always)
            try server.pause()
            do {
                _ = try await container.put(key, ["n": 2], if: .always)
                Issue.record("a write to a stopped database succeeded")
            } catch let error as StorageError {
                #expect(error.message.contains("the database postgres://skillhost@127.0.0.1:\(server.port)/postgres failed"), "\(error.message)")
            }
            try server.start()
            // The next call connects again: no back-off to wait out.
            #expect(try await container.get(key)?.value == ["n": 1], "nothing half-written while it was away")
        }
    }

    /// A kept connection nobody answers on any more (the database restarted, the network
    /// dropped it): a read waits out its time, then is asked again on a new connection and
    /// answers; the connections kept beside it are let go, so the next read does not wait.
    @Test func aReadOnAConnectionNobodyAnswersIsAskedAgainOnANewOne() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let store = try PostgresStore(url: server.url, answerWithin: .seconds(1))
        defer { store.shutdown() }
        try store.migrate()
        let waiting = try PostgresBackend(store: store).documents(.skill("com.example.counter"))
        let async = store.container(.skill("com.example.counter"))
        let key = try DocumentKey("count")
        _ = try waiting.put(key, ["n": 1], if: .always)
        #expect(try await async.get(key)?.value == ["n": 1])

        for read in ["waiting", "async"] {
            let frozen = server.freezeIdleConnections()
            defer { server.thaw(frozen) }
            #expect(!frozen.isEmpty, "a connection kept from the last call")
            let value = read == "waiting" ? try waiting.get(key)?.value : try await async.get(key)?.value
            #expect(value == ["n": 1], "\(read)")
            #expect(try waiting.list().map(\.rawValue) == ["count"])
        }

        // A write is never asked twice: it is refused by name (whether it took effect is the
        // database's to say, all or nothing).
        let version = try #require(try waiting.get(key)).version
        let frozen = server.freezeIdleConnections()
        defer { server.thaw(frozen) }
        do throws(StorageError) {
            _ = try waiting.put(key, ["n": 2], if: .ifVersion(version))
            Issue.record("a write on a connection nobody answers succeeded")
        } catch {
            #expect(error.message.contains("failed writing count: no answer within 1 s"), "\(error.message)")
        }
    }

    /// A connection closed from a thread other than its event loop's (a stale one let go of
    /// after a restart, a second one made for the advisory locks) and let go of at once is held
    /// until it is closed, then let go: PostgresNIO asserts that a connection it lets go of is
    /// closed, which crashed a debug build's host in the cluster test.
    @Test func aConnectionLetGoOfAsItIsClosedIsHeldUntilItIsClosed() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let store = try PostgresStore(url: server.url)
        defer { store.shutdown() }
        let connections = store.connections
        for id in 1...10 {
            weak var held: PostgresConnection?
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: connections.configuration, id: id, logger: connections.logger)
                held = connection
                Connections.close(connection)
            }
            var waited = 0
            while held != nil, waited < 500 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            #expect(held == nil, "the connection was let go of once closed")
        }
    }

    /// What skills' storage calls use: the same promises, from a thread that waits, with no
    /// Swift concurrency thread needed for the answer (these calls run on one).
    @Test func skillsStorageWaitsOnTheDatabaseWithTheSamePromises() async throws {
        try await Self.withStore { store, server in
            let backend = PostgresBackend(store: store)
            let lists = try backend.documents(.group("group.com.example.lists"))
            let key = try DocumentKey("groceries")
            #expect(try lists.get(key) == nil)
            guard case .written(let version) = try lists.put(key, ["items": ["milk"]], if: .ifAbsent) else { Issue.record("not written"); return }
            #expect(try lists.put(key, ["items": []], if: .ifVersion("stale")) == .conflict(current: StoredDocument(value: ["items": ["milk"]], version: version)))
            // The async side sees the same document: one table, one version.
            #expect(try await store.container(.group("group.com.example.lists")).get(key)?.version == version)

            // Many threads updating one document by compare-and-swap lose nothing.
            let counter = try DocumentKey("counter")
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10 {
                    do {
                        try lists.update(counter) { value in .number(JSONNumber((value?.int ?? 0) + 1)) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(try lists.get(counter)?.value == 80)

            // A skill's private container, an app group and the host's own records are apart.
            #expect(try backend.documents(.skill("group.com.example.lists")).list() == [])
            #expect(try backend.hostDocuments(.group("group.com.example.lists")).list() == [])
            #expect(try lists.list().map(\.rawValue) == ["counter", "groceries"])

            // The database away: each call refused at once naming it; back: the next call works.
            try server.pause()
            do throws(StorageError) {
                _ = try lists.put(key, ["items": ["lost?"]], if: .always)
                Issue.record("a write to a stopped database succeeded")
            } catch {
                #expect(error.message.contains("the database postgres://skillhost@127.0.0.1:\(server.port)/postgres failed writing groceries"), "\(error.message)")
            }
            try server.start()
            #expect(try lists.get(key)?.value == ["items": ["milk"]], "nothing half-written while it was away")
        }
    }
}
