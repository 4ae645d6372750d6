import PostgresNIO
import SkillModel
import Storage

/// The statements behind a container, shared by the pool's async calls and the waiting ones.
enum Statements {
    static func get(_ container: String, _ key: DocumentKey) -> PostgresQuery {
        "SELECT value, version FROM skillhost_documents WHERE container = \(container) AND key = \(key.rawValue)"
    }

    /// A write that returns a row only when it happened: a conditional one is a single statement,
    /// so no other writer can come between the check and the write.
    static func put(_ container: String, _ key: DocumentKey, _ text: String, _ version: String, if condition: WriteCondition) -> PostgresQuery {
        let keyText = key.rawValue
        switch condition {
        case .always:
            return """
                INSERT INTO skillhost_documents (container, key, value, version) VALUES (\(container), \(keyText), \(text), \(version))
                ON CONFLICT (container, key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version RETURNING version
                """
        case .ifAbsent:
            return """
                INSERT INTO skillhost_documents (container, key, value, version) VALUES (\(container), \(keyText), \(text), \(version))
                ON CONFLICT (container, key) DO NOTHING RETURNING version
                """
        case .ifVersion(let expected):
            return """
                UPDATE skillhost_documents SET value = \(text), version = \(version)
                WHERE container = \(container) AND key = \(keyText) AND version = \(expected) RETURNING version
                """
        }
    }

    static func delete(_ container: String, _ key: DocumentKey) -> PostgresQuery {
        "DELETE FROM skillhost_documents WHERE container = \(container) AND key = \(key.rawValue) RETURNING key"
    }

    static func list(_ container: String) -> PostgresQuery {
        "SELECT key FROM skillhost_documents WHERE container = \(container) ORDER BY key"
    }

    /// The text stored and its version: the file store's bytes, so versions agree.
    static func encode(_ value: JSONValue, limits: StorageLimits, describing place: String) throws(StorageError) -> (text: String, version: String) {
        let (bytes, version) = try Container.encode(value, limits: limits, describing: place)
        return (String(decoding: bytes, as: UTF8.self), version)
    }

    static func document(_ rows: some Sequence<PostgresRow>) throws -> StoredDocument? {
        for row in rows {
            let (value, version) = try row.decode((String, String).self)
            return StoredDocument(value: try JSONParser.parse(Array(value.utf8)), version: version)
        }
        return nil
    }

    static func keys(_ rows: some Sequence<PostgresRow>) throws -> [DocumentKey] {
        try rows.map { try DocumentKey(try $0.decode(String.self)) }
    }
}
