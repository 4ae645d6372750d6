/// One storage request a skill sends the host through `sh_host_services.storage` (the JSON
/// shapes are documented in skillhost_abi.h).
public struct StorageRequest: Sendable, Equatable {
    public enum Operation: String, Sendable {
        case get, put, delete, list
    }

    /// When a put goes ahead.
    public enum Condition: Sendable, Equatable {
        case always
        case ifAbsent
        case ifVersion(String)
    }

    public var operation: Operation
    /// "private" or an app group.
    public var container: String
    public var key: String?
    public var value: JSONValue?
    public var condition: Condition

    public init(_ operation: Operation, container: String, key: String? = nil, value: JSONValue? = nil, condition: Condition = .always) {
        self.operation = operation
        self.container = container
        self.key = key
        self.value = value
        self.condition = condition
    }

    /// Parses and checks a request; errors name the JSON path.
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ModelError) {
        let root = try JSONChecker(ModelError.parse(bytes), path: "$")
        let name = try root.requireString("op")
        guard let operation = Operation(rawValue: name) else {
            throw ModelError(path: "$.op", "'\(name)' is not get, put, delete or list")
        }
        self.operation = operation
        container = try root.requireString("container")
        key = operation == .list ? nil : try root.requireString("key")
        value = root.object["value"]
        if operation == .put, value == nil { throw ModelError(path: "$.value", "a put needs a value") }
        if let version = try root.optionalString("ifVersion") {
            condition = .ifVersion(version)
        } else if try root.optionalBool("ifAbsent") == true {
            condition = .ifAbsent
        } else {
            condition = .always
        }
    }

    public var json: JSONValue {
        var object: JSONObject = ["op": .string(operation.rawValue), "container": .string(container)]
        if let key { object["key"] = .string(key) }
        if let value { object["value"] = value }
        switch condition {
        case .always: break
        case .ifAbsent: object["ifAbsent"] = true
        case .ifVersion(let version): object["ifVersion"] = .string(version)
        }
        return .object(object)
    }
}
