import Foundation

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            // Foundation's decoder does not promise key order; sort for a stable result.
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            self = .number(JSONNumber(int))
        } else if let double = try? single.decode(Double.self) {
            self = .number(JSONNumber(double))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let b):
            var single = encoder.singleValueContainer()
            try single.encode(b)
        case .number(let n):
            var single = encoder.singleValueContainer()
            if let int = Int(n.literal) { try single.encode(int) } else { try single.encode(n.doubleValue) }
        case .string(let s):
            var single = encoder.singleValueContainer()
            try single.encode(s)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: AnyCodingKey.self)
            for member in object.members { try keyed.encode(member.value, forKey: AnyCodingKey(member.key)) }
        }
    }
}

struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension JSONValue {
    /// Converts any `Encodable` value to JSON through Foundation's encoder. Not for hot paths.
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONParser.parse([UInt8](data))
    }

    /// Decodes this JSON into a `Decodable` type through Foundation's decoder. Not for hot paths.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(JSONWriter.bytes(self)))
    }
}

/// The members of a stored JSON object that a `Codable` type does not know, kept so that
/// writing the value back loses nothing another writer (an app, a newer skill) put there. A
/// type decodes them with `init(from:known:)` beside its own keys and writes them back with
/// `encode(to:)` after its own (see List-o-Mat's `TaskList`).
public struct UnknownFields: Equatable, Sendable {
    public var members: [String: JSONValue] = [:]

    public init() {}

    /// The members of the object being decoded whose keys are not in `known`.
    public init(from decoder: any Decoder, known: Set<String>) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }

    /// Adds the kept members to the object being encoded.
    public func encode(to encoder: any Encoder) throws {
        guard !members.isEmpty else { return }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}
