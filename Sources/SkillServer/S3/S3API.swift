import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Loader
import Logging
import NIOCore
import NIOHTTPTypes
import SkillHost
import SkillModel
import Storage

/// The part of Amazon S3's API the Alexa SDKs' S3 persistence adapters use — `GetObject`,
/// `PutObject`, `HeadObject`, `DeleteObject`, path-style — served on a loopback port so that a
/// remote skill keeps its persistent attributes in the host's storage with its SDK's own
/// adapter, unchanged: started with `skillhost storage credentials ID`'s environment,
/// `boto3.client('s3')` reaches this instead of Amazon.
///
/// Requests are signed (SigV4) with the skill's access key (its skill id) and secret
/// (`StorageCredentials`); an object is the skill's persistent attributes document for the
/// object's key — `attributes.<key>` in its private container, the same document a SkillKit
/// skill's `AttributesManager` keeps for that user — so the bucket names nothing but the
/// skill's own container. Bodies are JSON (the adapters store `json.dumps(attributes)`);
/// anything else is refused, as are S3 operations the adapters do not use. Plain HTTP on
/// loopback: the signature authenticates each request and its payload's hash.
public struct S3API: Sendable {
    public let services: HostServices
    public let credentials: StorageCredentials
    /// The largest body taken.
    static let bodyLimit = 4 << 20

    public init(services: HostServices, credentials: StorageCredentials) {
        self.services = services
        self.credentials = credentials
    }

    /// Starts serving on the credentials' port in a task of its own; returns once it listens.
    /// - Throws: what kept it from listening (the port taken, say).
    public func start() async throws -> Task<Void, Never> {
        var quiet = Logger(label: "skillhost.s3")
        quiet.logLevel = .critical
        let (api, port, logger) = (self, credentials.port, quiet)
        return try await ServiceAPI.startListening { listening in
            let app = Application(
                responder: CallbackResponder<BasicRequestContext> { request, _ in await api.respond(request) },
                server: .http1(configuration: .init(additionalChannelHandlers: [ContinueHandler()])),
                configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "skillhost-s3"),
                onServerRunning: { _ in listening() },
                logger: logger
            )
            try await app.run()
        }
    }

    /// An S3 error: its status, code and message, as the SDKs read it (no body for HEAD).
    struct S3Error: Error {
        let status: HTTPResponse.Status
        let code: String
        let message: String

        func response(_ request: Request, resource: String) -> Response {
            var headers: HTTPFields = [:]
            let id = S3API.requestID()
            headers[HTTPField.Name("x-amz-request-id")!] = id
            guard request.method != .head else { return Response(status: status, headers: headers) }
            headers[.contentType] = "application/xml"
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>\(code)</Code><Message>\(S3API.escaped(message))</Message><Resource>\(S3API.escaped(resource))</Resource><RequestId>\(id)</RequestId></Error>"
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: xml)))
        }
    }

    func respond(_ request: Request) async -> Response {
        let rawPath = request.head.path ?? "/"
        let path = String(rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        do {
            let body = try await payload(request)
            let skill = try authenticate(request, path: rawPath, body: body)
            // /BUCKET/KEY: the key is everything after the bucket, percent-decoded.
            let parts = path.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty, let objectKey = String(parts[1]).removingPercentEncoding, !objectKey.isEmpty else {
                throw S3Error(status: .notImplemented, code: "NotImplemented", message: "skillhost serves objects only (GET, PUT, HEAD, DELETE /BUCKET/KEY), not bucket operations")
            }
            if rawPath.contains("?"), request.method != .get || !Self.onlyHarmlessQuery(rawPath) {
                throw S3Error(status: .notImplemented, code: "NotImplemented", message: "skillhost serves plain object requests only, without sub-resources (\(rawPath.split(separator: "?")[1]))")
            }
            return try perform(request.method, key: PersistentAttributesKey.documentKey(objectKey), body: body, skill: skill)
        } catch let error as S3Error {
            return error.response(request, resource: path)
        } catch {
            return S3Error(status: .internalServerError, code: "InternalError", message: "\(error)").response(request, resource: path)
        }
    }

    /// A GET's query may ask for response headers or a part number S3 would honour; skillhost
    /// ignores those harmless ones only.
    static func onlyHarmlessQuery(_ path: String) -> Bool {
        let query = path.split(separator: "?", maxSplits: 1)[1]
        return query.split(separator: "&").allSatisfy { $0.hasPrefix("response-") || $0.hasPrefix("x-id=") }
    }

    /// The body, checked against the signed payload hash.
    func payload(_ request: Request) async throws -> [UInt8] {
        if request.headers[.contentEncoding]?.contains("aws-chunked") == true {
            throw S3Error(status: .notImplemented, code: "NotImplemented", message: "aws-chunked uploads are not served: send the body whole (the endpoint is http, where the SDKs sign the payload)")
        }
        guard let bytes = try? await request.body.bytes(upTo: Self.bodyLimit) else {
            throw S3Error(status: .badRequest, code: "EntityTooLarge", message: "the body is over \(Self.bodyLimit) bytes")
        }
        return bytes
    }

    /// The skill whose credentials signed the request.
    func authenticate(_ request: Request, path: String, body: [UInt8]) throws -> SkillID {
        guard let header = request.headers[.authorization] else {
            throw S3Error(status: .forbidden, code: "AccessDenied", message: "anonymous requests are refused: sign with a skill's credentials (skillhost storage credentials ID)")
        }
        let authorization: SignatureV4.Authorization
        do { authorization = try SignatureV4.Authorization(parsing: header) } catch { throw S3Error(status: .badRequest, code: error.code, message: error.message) }
        guard let claimed = request.headers[HTTPField.Name("x-amz-content-sha256")!] else {
            throw S3Error(status: .badRequest, code: "InvalidRequest", message: "missing required header for this request: x-amz-content-sha256")
        }
        let hash = SignatureV4.hex(SHA256.hash(data: body))
        guard claimed == "UNSIGNED-PAYLOAD" || claimed == hash else {
            throw S3Error(status: .badRequest, code: "XAmzContentSHA256Mismatch", message: "the provided 'x-amz-content-sha256' header does not match what was computed")
        }
        let skill = SkillID(authorization.accessKey)
        let signed = SignatureV4(method: request.method.rawValue, path: path, header: { name in
            name == "host" ? request.head.authority : HTTPField.Name(name).flatMap { request.headers[$0] }
        }, payloadHash: claimed)
        do { try signed.verify(authorization, secret: credentials.secretKey(for: skill)) } catch { throw S3Error(status: .forbidden, code: error.code, message: error.message) }
        return skill
    }

    func perform(_ method: HTTPRequest.Method, key: String, body: [UInt8], skill: SkillID) throws -> Response {
        switch method {
        case .get, .head:
            let reply = try store(StorageRequest(.get, container: "private", key: key), skill: skill)
            guard reply["found"]?.bool == true, let value = reply["value"] else {
                throw S3Error(status: .notFound, code: "NoSuchKey", message: "the specified key does not exist")
            }
            let bytes = JSONWriter.bytes(value)
            var headers: HTTPFields = [.contentType: "application/json", .eTag: Self.etag(reply["version"]?.string)]
            headers[HTTPField.Name("x-amz-request-id")!] = Self.requestID()
            if method == .head {
                headers[.contentLength] = String(bytes.count)
                return Response(status: .ok, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .put:
            guard let value = try? JSONParser.parse(body) else {
                throw S3Error(status: .badRequest, code: "InvalidArgument", message: "skillhost keeps JSON documents, and the body is not JSON")
            }
            let reply = try store(StorageRequest(.put, container: "private", key: key, value: value), skill: skill)
            var headers: HTTPFields = [.eTag: Self.etag(reply["version"]?.string)]
            headers[HTTPField.Name("x-amz-request-id")!] = Self.requestID()
            return Response(status: .ok, headers: headers)
        case .delete:
            _ = try store(StorageRequest(.delete, container: "private", key: key), skill: skill)
            return Response(status: .noContent)
        default:
            throw S3Error(status: .methodNotAllowed, code: "MethodNotAllowed", message: "the specified method is not allowed against this resource")
        }
    }

    /// Runs a storage request, the store's refusal in S3's words.
    func store(_ request: StorageRequest, skill: SkillID) throws -> JSONValue {
        do {
            return try services.store(request, for: skill)
        } catch {
            switch error.code {
            case .accessDenied: throw S3Error(status: .forbidden, code: "AccessDenied", message: error.description)
            case .tooLarge: throw S3Error(status: .badRequest, code: "EntityTooLarge", message: error.description)
            case .tooDeep, .invalidJSON, .invalidKey: throw S3Error(status: .badRequest, code: "InvalidArgument", message: error.description)
            case .diskFull: throw S3Error(status: .serviceUnavailable, code: "ServiceUnavailable", message: error.description)
            default: throw S3Error(status: .internalServerError, code: "InternalError", message: error.description)
            }
        }
    }

    static func etag(_ version: String?) -> String { "\"\(version ?? "0")\"" }

    static func requestID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 16, uppercase: true)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Answers `Expect: 100-continue` at once: the AWS SDKs send a PUT's headers, then wait up to
/// a second for the go-ahead before sending its body.
final class ContinueHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), head.headerFields[.expect]?.lowercased() == "100-continue" {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
