@testable import SkillKit
import SkillModel
import Testing

/// Persistent attributes live under a key made from the user or device id: readable, always a
/// legal storage key, and distinct for distinct ids.
@Suite struct PersistenceKeyTests {
    @Test func idsBecomeReadableSafeKeys() {
        #expect(PersistenceKey.documentKey("amzn1.ask.account.AEXAMPLE-123_x") == "attributes.amzn1.ask.account.AEXAMPLE-123_x")
        #expect(PersistenceKey.documentKey("a/b c") == "attributes.a%2Fb%20c")
        #expect(PersistenceKey.documentKey("../../etc") == "attributes...%2F..%2Fetc")
    }

    @Test func longIdsAreShortenedButStayDistinct() {
        let long = "amzn1.ask.account." + String(repeating: "A", count: 300)
        let other = long + "B"
        let key = PersistenceKey.documentKey(long)
        #expect(key.utf8.count <= 200)
        #expect(key != PersistenceKey.documentKey(other))
    }

    @Test func thePartitionComesFromTheContextAsTheAlexaSDKReadsIt() throws {
        var envelope = RequestEnvelope(session: nil, request: Request(json: ["type": "LaunchRequest"]))
        envelope.context = ["System": ["user": ["userId": "user-1"], "device": ["deviceId": "device-9"]]]
        #expect(PersistenceKey.userID.partition(of: envelope) == "user-1")
        #expect(PersistenceKey.deviceID.partition(of: envelope) == "device-9")
        #expect(PersistenceKey.custom { _ in "household" }.partition(of: envelope) == "household")
    }
}
