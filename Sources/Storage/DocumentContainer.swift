import SkillModel

/// What a container of documents promises, whoever keeps it: the file store's `Container`, or a
/// database's. Reads give a document with its version; a conditional put writes only while the
/// condition holds and otherwise says what is there now; nothing is ever half-written.
public protocol DocumentContainer: Sendable {
    /// Where it is, for messages: a folder, or a database table and container name.
    var path: String { get }
    func get(_ key: DocumentKey) async throws(StorageError) -> StoredDocument?
    func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition) async throws(StorageError) -> PutOutcome
    func delete(_ key: DocumentKey) async throws(StorageError) -> Bool
    func list() async throws(StorageError) -> [DocumentKey]
}

extension Container: DocumentContainer {}

extension Container {
    /// The bytes a value is stored as (and hashed for its version), checked against `limits`;
    /// shared with stores kept elsewhere so that the same value has the same version.
    public static func encode(_ value: JSONValue, limits: StorageLimits, describing place: String) throws(StorageError) -> (bytes: [UInt8], version: String) {
        let depth = value.depth
        guard depth <= limits.maximumDepth else {
            throw StorageError(.tooDeep, "\(place) refused: the value nests \(depth) levels deep, over the limit of \(limits.maximumDepth); the stored value is unchanged")
        }
        var bytes = JSONWriter.bytes(value)
        bytes.append(0x0A)
        guard bytes.count <= limits.maximumDocumentBytes else {
            throw StorageError(.tooLarge, "\(place) refused: the value is \(bytes.count) bytes, over the limit of \(limits.maximumDocumentBytes); the stored value is unchanged")
        }
        return (bytes, version(of: bytes))
    }
}
