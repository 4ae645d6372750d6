import Crypto
import Foundation
import SkillModel

/// AWS Signature Version 4, checked as S3 checks it: the request's `Authorization` header
/// (`AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/s3/aws4_request, SignedHeaders=…,
/// Signature=…`) recomputed from the method, the path as sent, the query, the signed headers
/// and the payload's SHA-256 with the secret of the claimed access key.
struct SignatureV4 {
    /// What S3 answers a request that does not pass: its error code and message.
    struct Refusal: Error, Equatable {
        let code: String
        let message: String
    }

    /// The parts of an `Authorization` header.
    struct Authorization: Equatable {
        let accessKey: String
        let date: String
        let region: String
        let service: String
        let signedHeaders: [String]
        let signature: String

        init(parsing header: String) throws(Refusal) {
            let prefix = "AWS4-HMAC-SHA256 "
            guard header.hasPrefix(prefix) else {
                throw Refusal(code: "AccessDenied", message: "only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted")
            }
            var fields: [String: String] = [:]
            for part in header.dropFirst(prefix.count).split(separator: ",") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
            }
            let scope = fields["Credential"]?.split(separator: "/", omittingEmptySubsequences: false) ?? []
            guard scope.count == 5, scope[4] == "aws4_request", let signed = fields["SignedHeaders"], let signature = fields["Signature"] else {
                throw Refusal(code: "AuthorizationHeaderMalformed", message: "the authorization header is malformed: expected Credential=KEY/DATE/REGION/SERVICE/aws4_request, SignedHeaders=… and Signature=…")
            }
            accessKey = String(scope[0])
            date = String(scope[1])
            region = String(scope[2])
            service = String(scope[3])
            signedHeaders = signed.split(separator: ";").map(String.init)
            self.signature = signature.lowercased()
        }

        var scope: String { "\(date)/\(region)/\(service)/aws4_request" }
    }

    /// The request as signed: `path` as it came on the wire (percent-encoded, with its query),
    /// `header` giving a header's value by lowercase name (`host` included).
    let method: String
    let path: String
    let header: (String) -> String?
    let payloadHash: String

    /// Checks the signature with `secret`, the claimed access key's; the request's date must be
    /// within 15 minutes of `now`.
    func verify(_ authorization: Authorization, secret: String, now: Date = Date()) throws(Refusal) {
        guard authorization.signedHeaders.contains("host") else {
            throw Refusal(code: "AccessDenied", message: "the host header must be signed")
        }
        guard let amzDate = header("x-amz-date"), let signedAt = Self.date(amzDate), amzDate.hasPrefix(authorization.date) else {
            throw Refusal(code: "AccessDenied", message: "X-Amz-Date is missing or does not match the credential's date")
        }
        guard abs(signedAt.timeIntervalSince(now)) <= 900 else {
            throw Refusal(code: "RequestTimeTooSkewed", message: "the difference between the request time and the host's time is too large")
        }
        let stringToSign = ["AWS4-HMAC-SHA256", amzDate, authorization.scope, Self.hex(SHA256.hash(data: Array(canonicalRequest(authorization.signedHeaders).utf8)))].joined(separator: "\n")
        var key = SymmetricKey(data: Array("AWS4\(secret)".utf8))
        for part in [authorization.date, authorization.region, authorization.service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        let expected = Self.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
        guard Self.constantTimeEqual(expected, authorization.signature) else {
            throw Refusal(code: "SignatureDoesNotMatch", message: "the request signature calculated does not match the signature provided: check the secret access key (skillhost storage credentials)")
        }
    }

    /// The canonical request SigV4 signs.
    func canonicalRequest(_ signedHeaders: [String]) -> String {
        let pathAndQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let uri = pathAndQuery.first.map(String.init) ?? "/"
        let query = pathAndQuery.count > 1 ? Self.canonicalQuery(String(pathAndQuery[1])) : ""
        let headers = signedHeaders.map { name in
            "\(name):\((header(name) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "))\n"
        }.joined()
        return [method, uri.isEmpty ? "/" : uri, query, headers, signedHeaders.joined(separator: ";"), payloadHash].joined(separator: "\n")
    }

    /// The query's parameters decoded, encoded again as SigV4 encodes them and sorted.
    static func canonicalQuery(_ query: String) -> String {
        var parameters: [(name: String, value: String)] = []
        for parameter in query.split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            parameters.append((encode(name.removingPercentEncoding ?? name), encode(value.removingPercentEncoding ?? value)))
        }
        parameters.sort { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
        return parameters.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// Percent-encodes all but SigV4's unreserved characters.
    static func encode(_ text: String) -> String { PercentEncoding.unreserved(text) }

    /// `yyyyMMdd'T'HHmmss'Z'`.
    static func date(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: text)
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
