/// A typed view over a JSON object: typed properties read and write the object's members,
/// and every member the view does not know is kept as it is.
public protocol JSONView: Sendable, Equatable, Codable {
    /// The object behind the view, including members the view has no property for.
    var json: JSONObject { get set }
    /// Wraps an object without checking it; `init(validating:)` checks.
    init(json: JSONObject)
}

extension JSONView {
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let object = value.object else {
            throw DecodingError.typeMismatch(Self.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a JSON object, found \(value.typeName)"))
        }
        self.init(json: object)
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(json).encode(to: encoder)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }

    /// The view as a JSON value.
    public var jsonValue: JSONValue { .object(json) }

    func string(_ key: String) -> String? { json[key]?.string }
    mutating func setString(_ key: String, _ value: String?) { json[key] = value.map(JSONValue.string) }
    func bool(_ key: String) -> Bool? { json[key]?.bool }
    mutating func setBool(_ key: String, _ value: Bool?) { json[key] = value.map(JSONValue.bool) }

    func view<V: JSONView>(_ key: String) -> V? { json[key]?.object.map(V.init(json:)) }
    mutating func setView<V: JSONView>(_ key: String, _ value: V?) { json[key] = value.map { .object($0.json) } }

    func raw<R: RawRepresentable>(_ key: String) -> R? where R.RawValue == String { string(key).flatMap(R.init(rawValue:)) }
    mutating func setRaw<R: RawRepresentable>(_ key: String, _ value: R?) where R.RawValue == String { setString(key, value?.rawValue) }
}

/// Why a JSON document is not the envelope or model it claims to be, with the JSON path.
public struct ModelError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Where in the document, as a JSON path (`$.request.intent.name`).
    public let path: String
    public let message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

extension ModelError {
    /// Parses JSON text for a model type, reporting a syntax error at the document root.
    public static func parse(_ text: String) throws(ModelError) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { throw ModelError(path: "$", error.description) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ModelError) -> JSONValue {
        do { return try JSONParser.parse(bytes: bytes) } catch { throw ModelError(path: "$", error.description) }
    }
}

/// Checks members of a JSON object, building errors that name their JSON path.
struct JSONChecker {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue?, path: String) throws(ModelError) {
        guard let value else { throw ModelError(path: path, "missing (expected an object)") }
        guard let object = value.object else { throw ModelError(path: path, "expected an object, found \(value.typeName)") }
        self.object = object
        self.path = path
    }

    func requireString(_ key: String) throws(ModelError) -> String {
        guard let value = object[key] else { throw ModelError(path: "\(path).\(key)", "missing (expected a string)") }
        guard let string = value.string else { throw ModelError(path: "\(path).\(key)", "expected a string, found \(value.typeName)") }
        return string
    }

    func optionalString(_ key: String) throws(ModelError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let string = value.string else { throw ModelError(path: "\(path).\(key)", "expected a string, found \(value.typeName)") }
        return string
    }

    func optionalBool(_ key: String) throws(ModelError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let bool = value.bool else { throw ModelError(path: "\(path).\(key)", "expected true or false, found \(value.typeName)") }
        return bool
    }

    func optionalObject(_ key: String) throws(ModelError) -> JSONChecker? {
        guard let value = object[key], !value.isNull else { return nil }
        return try JSONChecker(value, path: "\(path).\(key)")
    }

    func optionalArray(_ key: String) throws(ModelError) -> [JSONValue]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let array = value.array else { throw ModelError(path: "\(path).\(key)", "expected an array, found \(value.typeName)") }
        return array
    }

    func optionalStrings(_ key: String) throws(ModelError) -> [String]? {
        guard let array = try optionalArray(key) else { return nil }
        var strings: [String] = []
        for (i, element) in array.enumerated() {
            guard let s = element.string else { throw ModelError(path: "\(path).\(key)[\(i)]", "expected a string, found \(element.typeName)") }
            strings.append(s)
        }
        return strings
    }
}
