/// A JSON value that keeps what it was given: object keys in their order, numbers as written.
///
/// The Alexa envelopes in this module are thin typed views over `JSONValue`, so fields the
/// views do not know survive a decode/encode round trip unchanged.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number kept as its literal text, so a round trip never changes its digits.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal, as it appears in JSON text (`-12`, `3.5e2`).
    public let literal: String

    /// Wraps a literal already checked to be a JSON number.
    init(uncheckedLiteral literal: String) { self.literal = literal }

    public init(_ value: Int) { literal = String(value) }

    public init(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            literal = String(Int64(value))
        } else if value.isFinite {
            literal = String(value)
        } else {
            literal = "0"  // JSON has no NaN or infinity; callers check `isFinite` first.
        }
    }

    public var doubleValue: Double { Double(literal) ?? 0 }

    /// The value as an `Int` when the literal is an integer that fits.
    public var intValue: Int? {
        if let int = Int(literal) { return int }
        let double = doubleValue
        guard double == double.rounded(), abs(double) < 9.0e18 else { return nil }
        return Int(double)
    }

    public var description: String { literal }
}

extension JSONValue {
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var number: JSONNumber? { if case .number(let n) = self { n } else { nil } }
    public var int: Int? { number?.intValue }
    public var double: Double? { number?.doubleValue }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var object: JSONObject? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// The name of this value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
    public init(nilLiteral: ()) { self = .null }
}
