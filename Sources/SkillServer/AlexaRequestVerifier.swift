import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Checks that a request to the Alexa endpoint comes from Amazon, as Amazon requires of an
/// HTTPS skill endpoint ("Verifying that the request was sent by Alexa"):
///
/// 1. the `SignatureCertChainUrl` header is an https URL on s3.amazonaws.com (port 443 or
///    none), whose normalised path starts with `/echo.api/`;
/// 2. the PEM chain there (fetched once per URL and kept while its certificate is valid)
///    leads to a trusted root, each certificate within its validity dates, and the signing
///    certificate names `echo-api.amazon.com` among its subject alternative names;
/// 3. the `Signature-256` header, base64, is that certificate's RSA SHA-256 signature over the
///    exact bytes of the body;
/// 4. the request's `timestamp` is within 150 seconds of now.
///
/// The trust roots, the fetcher and the clock are given, so that tests make their own CA,
/// certificates and signed requests offline.
public struct AlexaRequestVerifier: Sendable {
    public typealias Fetcher = @Sendable (URL) async throws -> [UInt8]

    let roots: CertificateStore
    let fetch: Fetcher
    let now: @Sendable () -> Date
    private let cache = ChainCache()

    /// How far a request's timestamp may be from now.
    public static let timestampTolerance: TimeInterval = 150
    /// The name the signing certificate must carry.
    public static let signingName = "echo-api.amazon.com"

    public init(roots: [Certificate], fetch: @escaping Fetcher = AlexaRequestVerifier.download, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(store: CertificateStore(roots), fetch: fetch, now: now)
    }

    /// Trusting the roots in a PEM file, fetching over HTTPS.
    public init(rootsFile path: String) throws(Failure) {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch { throw Failure("\(path) cannot be read: \(error.localizedDescription)") }
        let roots: [Certificate]
        do {
            roots = try PEMDocument.parseMultiple(pemString: text).map { try Certificate(pemDocument: $0) }
        } catch {
            throw Failure("\(path) is not PEM certificates: \(error)")
        }
        guard !roots.isEmpty else { throw Failure("\(path) holds no certificate") }
        self.init(roots: roots)
    }

    /// Trusting the system's roots (Debian's ca-certificates), fetching over HTTPS.
    public static func system() -> AlexaRequestVerifier {
        AlexaRequestVerifier(store: CertificateStore.systemTrustRoots, fetch: download, now: Date.init)
    }

    private init(store: CertificateStore, fetch: @escaping Fetcher, now: @escaping @Sendable () -> Date) {
        roots = store
        self.fetch = fetch
        self.now = now
    }

    /// Why a request was refused.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Throws unless the request is Amazon's, signed and fresh.
    /// - Parameters:
    ///   - certificateURL: the `SignatureCertChainUrl` header.
    ///   - signature: the `Signature-256` header.
    ///   - timestamp: the envelope's `request.timestamp`.
    public func verify(body: [UInt8], certificateURL: String?, signature: String?, timestamp: String?) async throws(Failure) {
        guard let certificateURL, !certificateURL.isEmpty else { throw Failure("no SignatureCertChainUrl header") }
        let url = try Self.checkedURL(certificateURL)
        guard let signature, !signature.isEmpty else { throw Failure("no Signature-256 header") }
        guard let signatureBytes = Data(base64Encoded: signature.trimmingCharacters(in: .whitespaces)) else {
            throw Failure("the Signature-256 header is not base64")
        }
        let moment = now()
        let signer = try await signingCertificate(at: url, moment: moment)
        guard signer.publicKey.isValidSignature(signatureBytes, for: body, signatureAlgorithm: .sha256WithRSAEncryption) else {
            throw Failure("the signature does not match the body (Signature-256, RSA SHA-256 by the certificate at \(certificateURL))")
        }
        guard let timestamp, let sent = Self.parseTimestamp(timestamp) else {
            throw Failure("the request has no timestamp Alexa writes (request.timestamp, ISO 8601)")
        }
        let skew = moment.timeIntervalSince(sent)
        guard abs(skew) <= Self.timestampTolerance else {
            throw Failure("the request's timestamp \(timestamp) is \(Int(abs(skew))) s \(skew > 0 ? "old" : "in the future"), more than \(Int(Self.timestampTolerance)) s")
        }
    }

    /// The certificate URL, checked and normalised as Amazon specifies.
    static func checkedURL(_ text: String) throws(Failure) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, let host = url.host else {
            throw Failure("SignatureCertChainUrl \(text) is not a URL")
        }
        guard scheme.lowercased() == "https" else { throw Failure("SignatureCertChainUrl \(text) is not https") }
        guard host.lowercased() == "s3.amazonaws.com" else { throw Failure("SignatureCertChainUrl \(text) is not on s3.amazonaws.com") }
        if let port = url.port, port != 443 { throw Failure("SignatureCertChainUrl \(text) names port \(port), not 443") }
        let path = normalisedPath(url.path)
        guard path.hasPrefix("/echo.api/") else { throw Failure("SignatureCertChainUrl \(text) is not under /echo.api/") }
        var parts = URLComponents()
        parts.scheme = "https"
        parts.host = "s3.amazonaws.com"
        parts.path = path
        guard let normalised = parts.url else { throw Failure("SignatureCertChainUrl \(text) is not a URL") }
        return normalised
    }

    /// `path` with `.` and `..` segments resolved.
    static func normalisedPath(_ path: String) -> String {
        var out: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            switch segment {
            case ".": continue
            case "..": if !out.isEmpty { out.removeLast() }
            default: out.append(segment)
            }
        }
        return "/" + out.joined(separator: "/")
    }

    static func parseTimestamp(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// The chain's first certificate once the chain is checked; from the cache while it is
    /// valid.
    private func signingCertificate(at url: URL, moment: Date) async throws(Failure) -> Certificate {
        if let cached = await cache.chain(for: url, at: moment) { return cached }
        let bytes: [UInt8]
        do { bytes = try await fetch(url) } catch { throw Failure("cannot fetch the certificate chain at \(url.absoluteString): \(error)") }
        let chain: [Certificate]
        do {
            chain = try PEMDocument.parseMultiple(pemString: String(decoding: bytes, as: UTF8.self)).map { try Certificate(pemDocument: $0) }
        } catch {
            throw Failure("the certificate chain at \(url.absoluteString) is not PEM certificates: \(error)")
        }
        guard let signer = chain.first else { throw Failure("the certificate chain at \(url.absoluteString) is empty") }
        for certificate in chain {
            if moment < certificate.notValidBefore { throw Failure("the certificate \(certificate.subject) is not valid until \(certificate.notValidBefore)") }
            if moment > certificate.notValidAfter { throw Failure("the certificate \(certificate.subject) expired on \(certificate.notValidAfter)") }
        }
        let names = (try? signer.extensions.subjectAlternativeNames) ?? nil
        guard names?.contains(where: { if case .dnsName(let name) = $0 { name.lowercased() == Self.signingName } else { false } }) == true else {
            throw Failure("the signing certificate does not name \(Self.signingName) among its subject alternative names")
        }
        // At the moment the request is weighed at (`now`, which tests set), not the clock's at
        // validation: the same moment its timestamp and the chain's dates are checked against.
        var verifier = Verifier(rootCertificates: roots) { RFC5280Policy(fixedExpiryValidationTime: moment) }
        switch await verifier.validate(leaf: signer, intermediates: CertificateStore(Array(chain.dropFirst()))) {
        case .validCertificate:
            await cache.keep(signer, for: url, from: chain.map(\.notValidBefore).max() ?? signer.notValidBefore, until: chain.map(\.notValidAfter).min() ?? signer.notValidAfter)
            return signer
        case .couldNotValidate(let failures):
            let why = failures.first.map { ": \($0.policyFailureReason)" } ?? ""
            throw Failure("the certificate chain at \(url.absoluteString) does not lead to a trusted root\(why)")
        }
    }

    /// Fetches over HTTPS (at most 256 KiB, 10 s).
    @Sendable public static func download(_ url: URL) async throws -> [UInt8] {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        if let http = response as? HTTPURLResponse, http.statusCode != 200 { throw Failure("HTTP \(http.statusCode)") }
        guard data.count <= 256 << 10 else { throw Failure("over 256 KiB") }
        return Array(data)
    }
}

/// Checked signing certificates by URL, each kept while every certificate of its chain is valid.
private actor ChainCache {
    private var signers: [URL: (certificate: Certificate, from: Date, until: Date)] = [:]

    func chain(for url: URL, at moment: Date) -> Certificate? {
        guard let signer = signers[url] else { return nil }
        guard moment >= signer.from, moment <= signer.until else {
            signers[url] = nil
            return nil
        }
        return signer.certificate
    }

    func keep(_ signer: Certificate, for url: URL, from: Date, until: Date) {
        if signers.count > 64 { signers.removeAll() }
        signers[url] = (signer, from, until)
    }
}
