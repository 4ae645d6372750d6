import Foundation
import Loader
import SkillModel
import Testing
import TestSupport

/// The storage entry of the services table, from a C skill: bound to the skill the manifest
/// names, refused while the factory runs, a no-op once the generation is retired.
@Suite struct StorageServiceTests {
    @Test func aSkillsStorageCallsArriveWithItsIdentityAndGroups() async throws {
        let folder = try TestSupport.temporaryFolder("storage-abi")
        let path = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["STORAGE", #"APP_GROUP="group.com.test.shared""#], into: folder, name: "storing")
        let requests = EventLog<(grant: StorageGrant, request: String)>()
        let loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { _ in }, storage: { grant, bytes in
            requests.append((grant, String(decoding: bytes, as: UTF8.self)))
            return (0, Array(#"{"written":true,"version":"v1"}"#.utf8))
        })
        let skill = try loader.load(path)
        let request = Array(#"{"version":"1.0","request":{"type":"LaunchRequest","requestId":"r1"}}"#.utf8)
        let speech = String(decoding: try await skill.handle(request), as: UTF8.self)

        #expect(speech.contains("status 0 reply {'written':true,'version':'v1'}"), "\(speech)")
        #expect(speech.contains("in the factory: status 1 reply storage is not available while the skill's factory runs"), "\(speech)")
        let only = try #require(requests.all.count == 1 ? requests.all.first : nil)
        #expect(only.grant == StorageGrant(skillID: "com.test.fixture", generation: 1, appGroups: ["group.com.test.shared"], library: path))
        #expect(only.request == #"{"op":"put","container":"private","key":"c","value":1}"#)

        skill.binding.retire()
        let retired = String(decoding: try await skill.handle(request), as: UTF8.self)
        #expect(retired.contains("status 2 reply ;"), "\(retired)")
        #expect(requests.all.count == 1)
    }
}
