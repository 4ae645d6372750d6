import Crypto
import Foundation
import SkillModel
import SkillServer
import SwiftASN1
import Testing
import X509
import _CryptoExtras

/// A certificate authority of the tests' own, and signed Alexa requests from it: every rule
/// Amazon sets for verifying a request, each broken once. Each refusal test fails if the
/// verifier skipped that check.
struct TestAuthority {
    let rootKey = P256.Signing.PrivateKey()
    let root: Certificate
    static let name = try! DistinguishedName { CommonName("skillhost test root") }

    /// RSA keys are slow to make; two for every test.
    static let signingKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let otherKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    init(now: Date = Date()) throws {
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
            notValidBefore: now - 86400, notValidAfter: now + 86400 * 365,
            issuer: Self.name, subject: Self.name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(rootKey))
    }

    /// A signing certificate for `key`, issued by this authority.
    func signer(names: [String] = ["echo-api.amazon.com"], key: _RSA.Signing.PrivateKey = signingKey, from: Date = Date() - 3600, until: Date = Date() + 86400) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: from, notValidAfter: until,
            issuer: Self.name, subject: try DistinguishedName { CommonName("echo-api.amazon.com") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                KeyUsage(digitalSignature: true)
                SubjectAlternativeNames(names.map { .dnsName($0) })
            },
            issuerPrivateKey: .init(rootKey))
    }

    static func pem(_ chain: [Certificate]) throws -> [UInt8] {
        Array(try chain.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n").utf8)
    }

    static func sign(_ body: [UInt8], with key: _RSA.Signing.PrivateKey = signingKey) throws -> String {
        try key.signature(for: Data(body), padding: .insecurePKCS1v1_5).rawRepresentation.base64EncodedString()
    }

    static func body(timestamp: Date = Date()) -> [UInt8] {
        let stamp = ISO8601DateFormatter().string(from: timestamp)
        return Array(#"{"version":"1.0","context":{"System":{"application":{"applicationId":"amzn1.ask.skill.1"}}},"request":{"type":"LaunchRequest","requestId":"r1","timestamp":"\#(stamp)","locale":"en-US"}}"#.utf8)
    }
}

/// Counts fetches, serving one chain.
final class ChainServer: Sendable {
    let chain: [UInt8]
    let fetches = Locked(0)
    init(_ chain: [UInt8]) { self.chain = chain }
    var fetcher: AlexaRequestVerifier.Fetcher {
        { [self] url in
            fetches.withLock { $0 += 1 }
            #expect(url.absoluteString == "https://s3.amazonaws.com/echo.api/echo-api-cert.pem")
            return chain
        }
    }
}


@Suite struct AlexaVerifierTests {
    static let url = "https://s3.amazonaws.com/echo.api/echo-api-cert.pem"

    /// Verifies a request made now with `signer`'s chain, signed by `key`, with the body
    /// changed by `tamper` after signing.
    func verify(signer: (TestAuthority) throws -> Certificate = { try $0.signer() }, trusted: Bool = true, key: _RSA.Signing.PrivateKey = TestAuthority.signingKey, url: String = url, timestamp: Date = Date(), tamper: (inout [UInt8]) -> Void = { _ in }) async throws -> AlexaRequestVerifier.Failure? {
        let authority = try TestAuthority()
        let stranger = try TestAuthority()
        let chain = ChainServer(try TestAuthority.pem([try signer(authority)]))
        let verifier = AlexaRequestVerifier(roots: [trusted ? authority.root : stranger.root], fetch: chain.fetcher)
        var body = TestAuthority.body(timestamp: timestamp)
        let signature = try TestAuthority.sign(body, with: key)
        tamper(&body)
        let timestampText = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let stamp = (timestampText?["request"] as? [String: Any])?["timestamp"] as? String
        do {
            try await verifier.verify(body: body, certificateURL: url, signature: signature, timestamp: stamp)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSignedFreshRequestPassesAndItsChainIsFetchedOnce() async throws {
        let authority = try TestAuthority()
        let chain = ChainServer(try TestAuthority.pem([try authority.signer()]))
        let verifier = AlexaRequestVerifier(roots: [authority.root], fetch: chain.fetcher)
        for _ in 0..<3 {
            let body = TestAuthority.body()
            try await verifier.verify(body: body, certificateURL: Self.url, signature: try TestAuthority.sign(body), timestamp: ISO8601DateFormatter().string(from: Date()))
        }
        #expect(chain.fetches.withLock { $0 } == 1, "the chain is kept by URL")
    }

    @Test func aTamperedBodyIsRefused() async throws {
        let failure = try await verify(tamper: { $0 = Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "en-US", with: "en-GB").utf8) })
        #expect(failure?.reason.hasPrefix("the signature does not match the body") == true, "\(String(describing: failure))")
    }

    @Test func aSignatureByAnotherKeyIsRefused() async throws {
        let failure = try await verify(key: TestAuthority.otherKey)
        #expect(failure?.reason.hasPrefix("the signature does not match the body") == true, "\(String(describing: failure))")
    }

    @Test func expiredAndNotYetValidCertificatesAreRefused() async throws {
        let expired = try await verify(signer: { try $0.signer(from: Date() - 86400 * 30, until: Date() - 60) })
        #expect(expired?.reason.contains("expired on") == true, "\(String(describing: expired))")
        let early = try await verify(signer: { try $0.signer(from: Date() + 3600, until: Date() + 86400) })
        #expect(early?.reason.contains("is not valid until") == true, "\(String(describing: early))")
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let failure = try await verify(signer: { try $0.signer(names: ["echo-api.example.com", "amazon.com"]) })
        #expect(failure?.reason == "the signing certificate does not name echo-api.amazon.com among its subject alternative names")
    }

    @Test func aChainToAnUntrustedRootIsRefused() async throws {
        let failure = try await verify(trusted: false)
        #expect(failure?.reason.hasPrefix("the certificate chain at \(Self.url) does not lead to a trusted root") == true, "\(String(describing: failure))")
    }

    /// Amazon's own examples of certificate URLs, good and bad.
    @Test(arguments: [
        ("https://s3.amazonaws.com/echo.api/echo-api-cert.pem", nil),
        ("https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem", nil),
        ("https://s3.amazonaws.com/echo.api/../echo.api/echo-api-cert.pem", nil),
        ("HTTPS://s3.amazonaws.com/echo.api/echo-api-cert.pem", nil),
        ("https://S3.AMAZONAWS.COM/echo.api/echo-api-cert.pem", nil),
        ("http://s3.amazonaws.com/echo.api/echo-api-cert.pem", "is not https"),
        ("https://notamazon.com/echo.api/echo-api-cert.pem", "is not on s3.amazonaws.com"),
        ("https://s3.amazonaws.com/EcHo.aPi/echo-api-cert.pem", "is not under /echo.api/"),
        ("https://s3.amazonaws.com/invalid.path/echo-api-cert.pem", "is not under /echo.api/"),
        ("https://s3.amazonaws.com/echo.api/../invalid.path/echo-api-cert.pem", "is not under /echo.api/"),
        ("https://s3.amazonaws.com:563/echo.api/echo-api-cert.pem", "names port 563, not 443"),
        ("not a url at all", "is not"),
    ] as [(String, String?)])
    func certificateURLs(url: String, refusal: String?) async throws {
        let failure = try await verify(url: url)
        if let refusal {
            #expect(failure?.reason.contains(refusal) == true, "\(url): \(String(describing: failure))")
        } else {
            #expect(failure == nil, "\(url): \(String(describing: failure))")
        }
    }

    @Test func staleAndFutureTimestampsAreRefused() async throws {
        let stale = try await verify(timestamp: Date() - 151)
        #expect(stale?.reason.contains("s old, more than 150 s") == true, "\(String(describing: stale))")
        let future = try await verify(timestamp: Date() + 200)
        #expect(future?.reason.contains("in the future, more than 150 s") == true, "\(String(describing: future))")
        #expect(try await verify(timestamp: Date() - 140) == nil, "within 150 s")
    }

    @Test func missingHeadersAreRefusedByName() async throws {
        let verifier = AlexaRequestVerifier(roots: [try TestAuthority().root], fetch: { _ in [] })
        let body = TestAuthority.body()
        await #expect(throws: AlexaRequestVerifier.Failure("no SignatureCertChainUrl header")) {
            try await verifier.verify(body: body, certificateURL: nil, signature: "x", timestamp: nil)
        }
        await #expect(throws: AlexaRequestVerifier.Failure("no Signature-256 header")) {
            try await verifier.verify(body: body, certificateURL: Self.url, signature: nil, timestamp: nil)
        }
    }
}
