/// Which container a document lives in: a skill's private one (by skill id) or an app group
/// shared by every skill (and app) that declares it.
public enum ContainerName: Sendable, Hashable, CustomStringConvertible {
    case skill(String)
    case group(String)

    /// Reads `group.com.example.shared` as a group and anything else as a skill id, and checks
    /// that the name is one folder name made of letters, digits, dots, hyphens and
    /// underscores.
    public init(parsing text: String) throws(StorageError) {
        guard Self.isWellFormed(text) else {
            throw StorageError(.invalidContainer, "'\(Self.printable(text))' is not a container name: use a skill id (com.example.skill) or an app group (group.com.example.shared), letters, digits, '.', '-' and '_' only")
        }
        self = text.hasPrefix("group.") ? .group(text) : .skill(text)
    }

    public var name: String {
        switch self {
        case .skill(let id), .group(let id): id
        }
    }

    /// The folder under the data root: `skills/<id>` or `groups/<group>`.
    public var folder: String {
        switch self {
        case .skill: "skills"
        case .group: "groups"
        }
    }

    public var description: String {
        switch self {
        case .skill(let id): "the private container of \(id)"
        case .group(let id): "app group \(id)"
        }
    }

    static func isWellFormed(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 200, text != "group.", !text.hasPrefix("."), !text.hasSuffix("."), !text.contains("..") else { return false }
        return text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D || byte == 0x5F
        }
    }

    /// The text with control characters shown as escapes, for error messages.
    public static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(120) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 120 ? out + "…" : out
    }
}

/// A document's key: one file name inside its container (`<key>.json`).
///
/// Any printable text up to 200 bytes of UTF-8, except '/' and '\' (a key is never a path),
/// control characters and NUL, and a leading '.' (the container's own files start with one,
/// and '.' and '..' name folders).
public struct DocumentKey: Sendable, Hashable, CustomStringConvertible {
    public static let maximumBytes = 200

    public let rawValue: String

    public init(_ text: String) throws(StorageError) {
        let shown = ContainerName.printable(text)
        func refuse(_ why: String) -> StorageError { StorageError(.invalidKey, "key '\(shown)' refused: \(why)") }
        guard !text.isEmpty else { throw StorageError(.invalidKey, "an empty key is refused: a key names a document") }
        guard text.utf8.count <= Self.maximumBytes else { throw refuse("longer than \(Self.maximumBytes) bytes (\(text.utf8.count))") }
        guard !text.hasPrefix(".") else { throw refuse(text == ".." || text.hasPrefix("../") ? "'..' would leave the container" : "a key may not start with '.'") }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: throw refuse("it contains NUL")
            case 0x01..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029: throw refuse("it contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))")
            case 0x2F: throw refuse(text.hasPrefix("/") ? "an absolute path would leave the container" : "'/' makes it a path; a key is one name")
            case 0x5C: throw refuse("'\\' is not allowed in a key")
            default: continue
            }
        }
        rawValue = text
    }

    /// The document's file name in its container.
    var fileName: String { rawValue + ".json" }

    public var description: String { rawValue }
}
