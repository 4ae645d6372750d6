import Crypto
import Foundation
import HummingbirdTLS
import SwiftASN1
import X509

/// The certificate the service APIs are served with: Alexa's `apiEndpoint` is HTTPS, and the
/// SDKs refuse anything else (the Python SDK's `DefaultApiClient` will not call an http://
/// endpoint). Made once per data root — a certificate authority of this machine's own and a
/// certificate it issues for 127.0.0.1 and localhost — and kept in `services-tls/`. A skill's
/// process trusts the authority as its HTTP client is told to: `REQUESTS_CA_BUNDLE` for
/// Python's requests, `NODE_EXTRA_CA_CERTS` for Node, `SSL_CERT_FILE` for OpenSSL.
public struct ServiceTLS: Sendable {
    /// The authority's certificate (PEM), the file a skill's HTTP client trusts.
    public let authorityFile: String
    let chainPEM: String
    let keyPEM: String

    /// How long the certificates are good for.
    static let lifetime: TimeInterval = 10 * 365 * 86400

    /// The identity kept under `dataRoot`, made (or made again, when missing, unreadable or
    /// within a day of expiring) first.
    public static func load(dataRoot: String, now: Date = Date()) throws -> ServiceTLS {
        let folder = dataRoot + "/services-tls"
        let authorityFile = folder + "/ca.pem"
        let chainFile = folder + "/server.pem"
        let keyFile = folder + "/server-key.pem"
        if let chain = try? String(contentsOfFile: chainFile, encoding: .utf8), let key = try? String(contentsOfFile: keyFile, encoding: .utf8),
            FileManager.default.fileExists(atPath: authorityFile),
            let leaf = try? Certificate(pemEncoded: chain), leaf.notValidAfter > now + 86400, leaf.notValidBefore <= now
        {
            return ServiceTLS(authorityFile: authorityFile, chainPEM: chain, keyPEM: key)
        }
        let made = try make(now: now)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(made.authority.utf8).write(to: URL(fileURLWithPath: authorityFile), options: .atomic)
        try Data(made.key.utf8).write(to: URL(fileURLWithPath: keyFile), options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        try Data(made.chain.utf8).write(to: URL(fileURLWithPath: chainFile), options: .atomic)
        return ServiceTLS(authorityFile: authorityFile, chainPEM: made.chain, keyPEM: made.key)
    }

    /// A new authority and a server certificate from it; the authority's key is not kept.
    static func make(now: Date) throws -> (authority: String, chain: String, key: String) {
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName {
            OrganizationName("skillhost")
            CommonName("skillhost service APIs authority")
        }
        let authority = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(authorityKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + lifetime,
            issuer: authorityName, subject: authorityName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(authorityKey))
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + lifetime,
            issuer: authorityName, subject: try DistinguishedName { CommonName("127.0.0.1") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])), .dnsName("localhost")])
            },
            issuerPrivateKey: .init(authorityKey))
        let authorityPEM = try authority.serializeAsPEM().pemString + "\n"
        return (authorityPEM, try server.serializeAsPEM().pemString + "\n" + authorityPEM, serverKey.pemRepresentation + "\n")
    }

    /// The server side of it, for NIO.
    func configuration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(chainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}
