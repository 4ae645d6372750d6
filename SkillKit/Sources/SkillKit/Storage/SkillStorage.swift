import SkillModel

/// A skill's storage: its private container and the app groups its manifest declares, as
/// JSON documents under keys. Every call goes to the host, which keeps the documents on disk
/// (atomically, locked across processes; see skillhost_abi.h).
///
/// ```swift
/// let lists = input.storage.group("group.com.app-o-mat.ListOMat")
/// try lists.update("grocery store", as: [String].self) { items in (items ?? []) + ["rice"] }
/// ```
public struct SkillStorage: Sendable {
    let host: HostServices

    public init(host: HostServices) { self.host = host }

    /// The skill's own container.
    public var privateContainer: DocumentContainer { DocumentContainer(host: host, name: "private") }

    /// An app group the manifest declares; any other is refused by the host.
    public func group(_ id: String) -> DocumentContainer { DocumentContainer(host: host, name: id) }
}

/// One container, seen from a skill.
public struct DocumentContainer: Sendable {
    let host: HostServices
    /// "private" or the app group's id.
    public let name: String

    /// How many times `update` retries when another writer got in between.
    public static let updateAttempts = 1000

    /// The document under `key`, or nil.
    public func get(_ key: String) throws(SkillError) -> JSONValue? {
        try read(key).value
    }

    /// The document under `key` decoded as `T`, or nil when there is none.
    public func get<T: Decodable>(_ key: String, as type: T.Type) throws -> T? {
        try get(key)?.decode(T.self)
    }

    /// Stores `value` under `key`.
    public func put(_ key: String, _ value: JSONValue) throws(SkillError) {
        _ = try host.storage(StorageRequest(.put, container: name, key: key, value: value))
    }

    /// Stores `value`, encoded as JSON, under `key`.
    public func put<T: Encodable>(_ key: String, _ value: T) throws {
        try put(key, try JSONValue(encoding: value))
    }

    /// Deletes the document; false when there was none.
    @discardableResult
    public func delete(_ key: String) throws(SkillError) -> Bool {
        try host.storage(StorageRequest(.delete, container: name, key: key))["deleted"]?.bool ?? false
    }

    /// The keys of every document, sorted.
    public func list() throws(SkillError) -> [String] {
        try host.storage(StorageRequest(.list, container: name))["keys"]?.array?.compactMap(\.string) ?? []
    }

    /// Read-modify-write that no other writer (another turn, another process, the
    /// `skillhost storage` command) can interleave with: reads the document, applies
    /// `transform`, and stores the result only if the document has not changed meanwhile,
    /// retrying from the newer value when it has. `transform` may run more than once.
    @discardableResult
    public func update(_ key: String, _ transform: (JSONValue?) throws -> JSONValue) throws -> JSONValue {
        var current = try read(key)
        for _ in 0..<Self.updateAttempts {
            let next = try transform(current.value)
            let condition: StorageRequest.Condition = current.version.map { .ifVersion($0) } ?? .ifAbsent
            let reply = try host.storage(StorageRequest(.put, container: name, key: key, value: next, condition: condition))
            if reply["written"]?.bool == true { return next }
            current = Self.document(reply["current"] ?? ["found": false])
        }
        throw SkillError.storage("update of '\(key)' in \(name) gave up after \(Self.updateAttempts) attempts: other writers kept changing it")
    }

    /// `update` with the document decoded as `T` (nil when there is none).
    @discardableResult
    public func update<T: Codable>(_ key: String, as type: T.Type, _ transform: (T?) throws -> T) throws -> T {
        var result: T?
        try update(key) { old in
            let next = try transform(try old?.decode(T.self))
            result = next
            return try JSONValue(encoding: next)
        }
        return result!
    }

    private func read(_ key: String) throws(SkillError) -> (value: JSONValue?, version: String?) {
        Self.document(try host.storage(StorageRequest(.get, container: name, key: key)))
    }

    private static func document(_ reply: JSONValue) -> (value: JSONValue?, version: String?) {
        guard reply["found"]?.bool == true else { return (nil, nil) }
        return (reply["value"], reply["version"]?.string)
    }
}
