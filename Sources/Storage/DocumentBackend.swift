import SkillModel
import Foundation

/// A container read and written from a thread that may wait: skills' storage calls through the
/// C ABI are synchronous, so the host answers them this way, from the file store or a database
/// alike, with the same promises as `DocumentContainer`.
public protocol BlockingDocumentContainer: Sendable {
    /// Where it is, for messages.
    var path: String { get }
    func get(_ key: DocumentKey) throws(StorageError) -> StoredDocument?
    func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) throws(StorageError) -> PutOutcome
    func delete(_ key: DocumentKey) throws(StorageError) -> Bool
    func list() throws(StorageError) -> [DocumentKey]
}

/// Where a host keeps documents: its skills' containers and app groups, and its own records
/// (the storage trust, conversations) in a separate space no skill's container name reaches.
public protocol DocumentBackend: Sendable {
    /// What it is, for messages: a data root's folder or a database.
    var description: String { get }
    /// A skill's container or an app group.
    func documents(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer
    /// The container if anything was ever stored in it, without making it (nil when not): for
    /// reading without leaving empty folders behind a mistyped name.
    func existingDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)?
    /// One of the host's own containers.
    func hostDocuments(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer
    /// The host's container if anything was ever stored in it, without making it (nil when not).
    func existingHostDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)?
}

extension Container: BlockingDocumentContainer {}

extension BlockingDocumentContainer {
    /// Reads the document, gives it to `transform` and stores what that returns, trying again
    /// from what is there when another writer came in between (compare-and-swap).
    @discardableResult
    public func update(_ key: DocumentKey, attempts: Int = 1000, _ transform: (JSONValue?) throws -> JSONValue) throws -> JSONValue {
        var current = try get(key)
        for _ in 0..<attempts {
            let next = try transform(current?.value)
            switch try put(key, next, if: current.map { .ifVersion($0.version) } ?? .ifAbsent) {
            case .written: return next
            case .conflict(let now): current = now
            }
        }
        throw StorageError(.conflict, "\(key) in \(path) changed under every one of \(attempts) attempts to update it; the stored value is whatever the last writer left")
    }
}

/// The file store as a host's backend: skills' containers under the data root, the host's own
/// under `<root>/host`.
public final class FileBackend: DocumentBackend {
    public let root: String
    public let limits: StorageLimits
    private let skills: LazyStore
    private let host: LazyStore

    public init(root: String, limits: StorageLimits = StorageLimits()) {
        self.root = root
        self.limits = limits
        skills = LazyStore(root: root, limits: limits)
        host = LazyStore(root: root + "/host", limits: limits)
    }

    public var description: String { "the data root \(root)" }

    public func documents(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer {
        try skills.store().container(name)
    }

    public func existingDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)? {
        try skills.existing()?.existingContainer(name)
    }

    public func hostDocuments(_ name: ContainerName) throws(StorageError) -> any BlockingDocumentContainer {
        try host.store().container(name)
    }

    public func existingHostDocuments(_ name: ContainerName) throws(StorageError) -> (any BlockingDocumentContainer)? {
        try host.existing()?.existingContainer(name)
    }
}

/// A document store opened on first use, so a host that never stores anything leaves no trace.
private final class LazyStore: Sendable {
    let root: String
    let limits: StorageLimits
    private let opened = Locked<DocumentStore?>(nil)

    init(root: String, limits: StorageLimits) {
        self.root = root
        self.limits = limits
    }

    /// The store if its root exists, without making it.
    func existing() throws(StorageError) -> DocumentStore? {
        guard opened.withLock({ $0 != nil }) || FileManager.default.fileExists(atPath: root) else { return nil }
        return try store()
    }

    func store() throws(StorageError) -> DocumentStore {
        try opened.withLock { (opened: inout DocumentStore?) throws(StorageError) -> DocumentStore in
            if let opened { return opened }
            let store = try DocumentStore(root: root, limits: limits)
            opened = store
            return store
        }
    }
}
