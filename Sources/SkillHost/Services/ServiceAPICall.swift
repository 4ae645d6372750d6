import SkillModel

/// One service API call a library skill makes through `call_api` (skillhost_abi.h): the
/// request a remote skill's SDK sends to the host's endpoint, answered by the same routes
/// (`HostServices.call`).
public struct ServiceAPICall: Sendable, Equatable {
    public let method: String
    /// The API's path, from the endpoint's root (`/v1/alerts/reminders`).
    public let path: String
    /// The request's `apiAccessToken`.
    public let token: String
    public let body: JSONValue?

    /// Reads and checks a call; the error says what is wrong with it.
    public init(parsing bytes: [UInt8]) throws(ServiceCallFailure) {
        guard let root = try? JSONParser.parse(bytes).object else { throw ServiceCallFailure("not a JSON object") }
        guard let method = root["method"]?.string?.uppercased(), ["GET", "POST", "PUT", "DELETE"].contains(method) else {
            throw ServiceCallFailure("$.method: expected GET, POST, PUT or DELETE")
        }
        guard let path = root["path"]?.string, path.hasPrefix("/"), !path.contains(".."), !path.contains("//"),
            path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
            throw ServiceCallFailure("$.path: expected a path on the API endpoint (beginning with '/', printable ASCII, no '..')")
        }
        guard let token = root["token"]?.string else { throw ServiceCallFailure("$.token: expected the request's apiAccessToken") }
        self.method = method
        self.path = path
        self.token = token
        body = root["body"].flatMap { $0.isNull ? nil : $0 }
    }
}

/// What is wrong with a service API call.
public struct ServiceCallFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
