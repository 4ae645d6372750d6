import Crypto
import Foundation
import Glibc
import Loader
import SkillModel

/// What a remote skill's AWS SDK is given to keep its persistent attributes in the host's
/// storage through the S3 API (`S3API`, SkillServer), as the Alexa SDKs' S3 persistence
/// adapters keep them in a bucket: the loopback port the API listens on and each skill's
/// access key, both kept per data root in `services-s3.json` (mode 0600) so that a skill
/// started before the host, or before a restart, still reaches it.
///
/// A skill's access key id is its skill id; its secret is derived from the data root's own
/// secret (HMAC-SHA256), so one skill's credentials open its own private container and nothing
/// else. `skillhost storage credentials ID` prints them as environment variables.
public struct StorageCredentials: Sendable {
    /// The loopback port the S3 API listens on.
    public let port: Int
    private let secret: [UInt8]

    /// The data root's credentials, made on first use (a free port, a random secret).
    /// - Throws: when the file cannot be read or written, or holds something else.
    public static func load(dataRoot: String) throws -> StorageCredentials {
        let file = dataRoot + "/services-s3.json"
        if let data = FileManager.default.contents(atPath: file) {
            return try parse(Array(data), file: file)
        }
        try FileManager.default.createDirectory(atPath: dataRoot, withIntermediateDirectories: true)
        let made: JSONValue = [
            "port": .number(JSONNumber(try LoopbackPort.free())),
            "secret": .string(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }),
        ]
        // Made aside and linked into place: two processes making it at once agree on the first.
        let staged = file + ".\(getpid()).new"
        guard FileManager.default.createFile(atPath: staged, contents: Data(JSONWriter.bytes(made)), attributes: [.posixPermissions: 0o600]) else {
            throw CredentialsError("\(staged): cannot be written")
        }
        defer { unlink(staged) }
        if link(staged, file) != 0, errno != EEXIST {
            throw CredentialsError("\(file): cannot be written: \(String(cString: strerror(errno)))")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw CredentialsError("\(file): cannot be read") }
        return try parse(Array(data), file: file)
    }

    static func parse(_ bytes: [UInt8], file: String) throws -> StorageCredentials {
        guard let object = try? JSONParser.parse(bytes).object, let port = object["port"]?.int, (1...65535).contains(port),
            let encoded = object["secret"]?.string, let secret = Data(base64Encoded: encoded), secret.count >= 16
        else {
            throw CredentialsError("\(file): expected {\"port\": 1–65535, \"secret\": base64 of 16 bytes or more}; delete it to make new credentials")
        }
        return StorageCredentials(port: port, secret: Array(secret))
    }

    /// The secret access key of `skill`'s access key id (its skill id).
    public func secretKey(for skill: SkillID) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array("s3:\(skill.rawValue)".utf8), using: SymmetricKey(data: secret))
        return Data(code).base64EncodedString().replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "=", with: "")
    }

    /// The endpoint the skill's SDK is pointed at.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The environment a skill's process is started with: boto3 (and the AWS SDKs that read
    /// `AWS_ENDPOINT_URL_S3`) then reach the host instead of Amazon S3.
    public func environment(for skill: SkillID) -> KeyValuePairs<String, String> {
        [
            "AWS_ENDPOINT_URL_S3": endpoint,
            "AWS_ACCESS_KEY_ID": skill.rawValue,
            "AWS_SECRET_ACCESS_KEY": secretKey(for: skill),
            "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_REGION": "us-east-1",
        ]
    }
}

/// Why the S3 credentials could not be had.
public struct CredentialsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
