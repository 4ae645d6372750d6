import SkillKit
import SkillKitTesting
import Testing

/// A skill that counts turns in its session and visits in its persistent attributes, and keeps
/// a note in an app group: what SkillTester must carry from request to request.
private struct Counter: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .launch || input.isIntent("CountIntent") }

    func handle(_ input: HandlerInput) throws -> Response {
        let turns = (input.attributesManager.sessionAttributes["turns"]?.int ?? 0) + 1
        input.attributesManager.sessionAttributes["turns"] = .number(JSONNumber(turns))
        var saved = try input.attributesManager.getPersistentAttributes()
        let visits = (saved["visits"]?.int ?? 0) + (input.requestEnvelope.session?.isNew == true ? 1 : 0)
        saved["visits"] = .number(JSONNumber(visits))
        input.attributesManager.setPersistentAttributes(saved)
        try input.attributesManager.savePersistentAttributes()
        if let note = input.slotValue("note") { try input.storage.group("group.test.notes").put("last", .string(note)) }
        return input.responseBuilder.speak("turn \(turns), visit \(visits)").getResponse()
    }
}

private struct Stop: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.stop) }
    func handle(_ input: HandlerInput) -> Response { input.responseBuilder.speak("bye").withShouldEndSession(true).getResponse() }
}

@Suite struct SkillTesterTests {
    static func tester(groups: [String] = ["group.test.notes"]) -> SkillTester {
        SkillTester(SkillBuilders.custom().addRequestHandlers(Counter(), Stop()).create(), appGroups: groups)
    }

    @Test func aSessionCarriesItsAttributesUntilAResponseEndsIt() async throws {
        let alexa = Self.tester()
        #expect(try await alexa.launch().speech == "turn 1, visit 1")
        #expect(try await alexa.intent("CountIntent").speech == "turn 2, visit 1")
        #expect(alexa.sessionAttributes["turns"] == 2)
        let bye = try await alexa.intent("AMAZON.StopIntent")
        #expect(bye.endsSession)
        #expect(alexa.sessionID == nil)
        // A new session: session attributes start again, persistent ones were stored.
        #expect(try await alexa.intent("CountIntent").speech == "turn 1, visit 2")
        #expect(alexa.storage.keys().count == 1)
    }

    @Test func storageKeepsTheHostsPromises() async throws {
        let alexa = Self.tester()
        _ = try await alexa.intent("CountIntent", slots: ["note": "buy milk"])
        #expect(alexa.storage.document("last", in: "group.test.notes") == "buy milk")
        // Conditional puts, as SkillStorage.update relies on.
        let storage = alexa.storage
        let container = HostServices(storage: { request throws(SkillError) in try storage.answer(request) })
        let first = try container.storage(StorageRequest(.put, container: "private", key: "k", value: 1, condition: .ifAbsent))
        #expect(first["written"] == true)
        let refused = try container.storage(StorageRequest(.put, container: "private", key: "k", value: 2, condition: .ifAbsent))
        #expect(refused["written"] == false && refused["current"]?["value"] == 1)
        let version = try #require(first["version"]?.string)
        #expect(try container.storage(StorageRequest(.put, container: "private", key: "k", value: 3, condition: .ifVersion(version)))["written"] == true)
        #expect(try container.storage(StorageRequest(.put, container: "private", key: "k", value: 4, condition: .ifVersion(version)))["written"] == false)
    }

    @Test func anAppGroupTheManifestLacksIsRefused() async throws {
        let alexa = Self.tester(groups: [])
        let response = try? await alexa.intent("CountIntent", slots: ["note": "x"])
        #expect(response == nil)
        #expect(alexa.storage.keys(in: "group.test.notes").isEmpty)
    }
}
