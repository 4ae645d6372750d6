import Foundation
@testable import SkillHost
import SkillModel
@testable import SkillServer
import Testing
import TestSupport

/// The S3 API remote skills keep persistent attributes through: AWS's own signature example
/// checked, and the AWS SDK for Python's client (boto3, as the Alexa SDK's S3 adapter uses it)
/// against a host with a remote skill loaded — every refusal in S3's words.
@Suite struct S3APITests {
    /// AWS's documented SigV4 example for S3 ("GET Object", examplebucket/test.txt).
    @Test func awsDocumentedSignatureExampleVerifies() throws {
        let header = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        let authorization = try SignatureV4.Authorization(parsing: header)
        let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        let headers = ["host": "examplebucket.s3.amazonaws.com", "range": "bytes=0-9", "x-amz-content-sha256": empty, "x-amz-date": "20130524T000000Z"]
        let request = SignatureV4(method: "GET", path: "/test.txt", header: { headers[$0] }, payloadHash: empty)
        let signedAt = try #require(SignatureV4.date("20130524T000000Z"))
        try request.verify(authorization, secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", now: signedAt)
        #expect(throws: SignatureV4.Refusal.self) { try request.verify(authorization, secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEz", now: signedAt) }
        let late = #expect(throws: SignatureV4.Refusal.self) { try request.verify(authorization, secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", now: signedAt + 3600) }
        #expect(late?.code == "RequestTimeTooSkewed")
        #expect(SignatureV4.canonicalQuery("prefix=a%20b&list-type=2&acl") == "acl=&list-type=2&prefix=a%20b")
    }

    @Test func botoReachesOnlyItsOwnSkillsAttributesAndHearsS3sErrors() async throws {
        let python: String
        switch PythonSkillServer.askPython {
        case .success(let found): python = found
        case .failure(let failure): throw failure
        }
        let data = try TestSupport.temporaryFolder("s3-data")
        let skills = try TestSupport.temporaryFolder("s3-skills")
        let fixtures = TestSupport.packageRoot + "/Tests/SkillHostCLITests/Fixtures/remote"
        try FileManager.default.copyItem(atPath: fixtures + "/tea-shop", toPath: skills + "/tea-shop")
        let services = HostServices(dataRoot: data)
        var options = HostOptions(skillFolders: [skills], dataRoot: data)
        options.services = services
        let host = try HostEngine(options: options)
        let credentials = try StorageCredentials.load(dataRoot: data)
        #expect(try StorageCredentials.load(dataRoot: data).port == credentials.port, "kept in the data root")
        let server = try await S3API(services: services, credentials: credentials).start()
        defer { server.cancel() }

        var arguments = credentials.environment(for: "com.example.teashop").map { "\($0.key)=\($0.value)" }
        arguments.append("OTHER_SECRET=" + credentials.secretKey(for: "com.example.other"))
        let (status, output) = try await TestSupport.runOffPool("/usr/bin/env", arguments + [python, fixtures + "/s3-probe.py"])
        try #require(status == 0, "\(output)")
        var results: [String: JSONObject] = [:]
        for line in output.split(separator: "\n") {
            if let object = try? JSONParser.parse(String(line)).object, let name = object["case"]?.string { results[name] = object }
        }
        func code(_ name: String) -> String? { results[name]?["code"]?.string }
        #expect(results.count == 11, "\(output)")
        #expect(code("missing") == "NoSuchKey", "the S3 adapter reads this as no attributes")
        #expect(code("head missing") == "404")
        #expect(code("put") == "OK")
        #expect(code("get") == "OK", "the bucket names nothing but the skill's own container")
        #expect(try results["get"]?["body"]?.string.map { try JSONParser.parse($0) } == ["visits": 3])
        #expect(code("not json") == "InvalidArgument")
        #expect(try results["get after refusal"]?["body"]?.string.map { try JSONParser.parse($0) } == ["visits": 3], "a refused write changed nothing")
        #expect(code("list") == "NotImplemented")
        #expect(code("wrong secret") == "SignatureDoesNotMatch")
        #expect(code("another skill") == "AccessDenied", "its credentials are real, but no such remote skill is loaded")
        #expect(results["another skill"]?["message"]?.string?.contains("com.example.other") == true)
        #expect(code("delete") == "OK")
        #expect(code("get after delete") == "NoSuchKey")
        await host.shutdown()
    }
}
