import Foundation
import Loader
@testable import SkillHost
import SkillModel
@testable import SkillServer
import Testing
import TestSupport

/// SkillKit's service clients (`serviceClientFactory`) in a real library skill: ListOMat reads
/// the user's Alexa household lists through `call_api`, which the host answers with the routes
/// of its own service APIs — the endpoints a remote skill's SDK calls over HTTPS — in-process
/// and from an isolated runner alike.
@Suite struct ServiceClientTests {
    static let user = "amzn1.ask.account.skillhost-local-user"

    /// A host with ListOMat loaded and the service APIs served, the shopping list holding milk
    /// and eggs.
    static func host(isolated: Bool) async throws -> (HostEngine, HostServices, Task<Void, Never>) {
        let data = try TestSupport.temporaryFolder("client-data")
        let services = HostServices(dataRoot: data)
        let api = try await ServiceAPI(services: services, tls: try ServiceTLS.load(dataRoot: data)).start()
        try services.lists.change(of: user) { lists in
            let now = Date()
            for (index, value) in ["milk", "eggs"].enumerated() {
                lists[0].items.append(HouseholdLists.Item(id: "item-\(index)", value: value, status: "active", version: 1, created: now, updated: now))
            }
        }
        var options = HostOptions(skillFolders: [try TestSupport.folderWithProducts(["ListOMat"])], dataRoot: data)
        options.services = services
        // Behaviour, not timing: with the whole suite running at once a turn that waits on an
        // HTTPS round trip can take longer than the default 8 s (and, once, an isolated
        // runner's past 60 s under ThreadSanitizer: the deadline grows with the tests' patience).
        options.turnDeadline = .seconds(60) * TestSupport.patience
        if isolated { options.isolation = RunnerConfiguration(executable: "\(TestSupport.productsFolder)/skillhost") }
        return (try HostEngine(options: options), services, api)
    }

    @Test(arguments: [false, true])
    func aLibrarySkillReadsTheHouseholdListsThroughTheHostsServiceAPIsOnceGranted(isolated: Bool) async throws {
        let (host, services, api) = try await Self.host(isolated: isolated)
        defer { api.cancel() }
        let before = await host.turn("ask list o mat what lists do i have")
        #expect(before.speech == "You have no lists yet.", "not granted: the API answered 403 and ListOMat says only its own; \(before)")
        try services.grants.grant(["alexa::household:lists:read"], to: "com.app-o-mat.listomat")
        let after = await host.turn("ask list o mat what lists do i have")
        #expect(after.speech == "You have no lists yet. Your Alexa shopping list has milk and eggs. Your Alexa to-do list is empty.", "\(after)")
        await host.shutdown()
    }

    /// An isolated skill that misses its deadline while the host still owes it a service API
    /// call's answer says so: which call, so a hang is found on the right side of the pipe.
    @Test func aTurnThatTimesOutWaitingForAServiceCallNamesTheCall() async throws {
        let data = try TestSupport.temporaryFolder("client-data")
        let services = HostServices(dataRoot: data)
        let release = AsyncStream.makeStream(of: Void.self)
        // The APIs never answer until the test is done.
        services.setResponder { _, _, _, _ in
            for await _ in release.stream {}
            return (503, [])
        }
        defer { release.continuation.finish() }
        // Requests carry an API endpoint and token only where the APIs are served.
        services.setEndpoint("https://127.0.0.1:9")
        try services.grants.grant(["alexa::household:lists:read"], to: "com.app-o-mat.listomat")
        var options = HostOptions(skillFolders: [try TestSupport.folderWithProducts(["ListOMat"])], dataRoot: data)
        options.services = services
        options.turnDeadline = .seconds(3) * TestSupport.patience
        options.isolation = RunnerConfiguration(executable: "\(TestSupport.productsFolder)/skillhost")
        let host = try HostEngine(options: options)
        let turn = await host.turn("ask list o mat what lists do i have")
        #expect(turn.error?.contains("did not answer before its deadline") == true, "\(turn)")
        #expect(turn.error?.contains("of the one service API call it made, the host had not yet answered GET /v2/householdlists") == true, "\(turn)")
        await host.shutdown()
    }

    @Test func aMalformedCallOrAnotherSkillsTokenIsRefusedBeforeAnythingIsSent() async throws {
        let data = try TestSupport.temporaryFolder("client-data")
        let services = HostServices(dataRoot: data)
        let api = try await ServiceAPI(services: services, tls: try ServiceTLS.load(dataRoot: data)).start()
        defer { api.cancel() }
        let malformed = await services.call(Array(#"{"method": "PATCH", "path": "/v2/householdlists", "token": "t"}"#.utf8), for: "com.example.a")
        #expect(malformed.status == 1)
        #expect(String(decoding: malformed.reply, as: UTF8.self).contains("GET, POST, PUT or DELETE"))
        let escaping = await services.call(Array(#"{"method": "GET", "path": "/../etc/passwd", "token": "t"}"#.utf8), for: "com.example.a")
        #expect(String(decoding: escaping.reply, as: UTF8.self).contains("$.path"))

        let other = SkillManifest(id: "com.example.b", name: "B", version: "1", permissions: ["alexa::household:lists:read"])
        let token = services.token(skill: other, userID: Self.user, deviceID: "d", requestID: "r")
        let borrowed = await services.call(JSONWriter.bytes(["method": "GET", "path": "/v2/householdlists", "token": .string(token)]), for: "com.example.a")
        #expect(borrowed.status == 1)
        #expect(String(decoding: borrowed.reply, as: UTF8.self) == "the token was issued to com.example.b, not com.example.a")

        // Its own token: the API's answer, whatever its status (403: not granted).
        let own = await services.call(JSONWriter.bytes(["method": "GET", "path": "/v2/householdlists", "token": .string(token)]), for: "com.example.b")
        #expect(own.status == 0, "\(String(decoding: own.reply, as: UTF8.self))")
        let answer = try JSONParser.parse(own.reply)
        #expect(answer["status"] == 403)
        #expect(answer["body"]?["type"] == "FORBIDDEN")

        let nowhere = await services.call(JSONWriter.bytes(["method": "GET", "path": "/v9/nothing/here", "token": .string(token)]), for: "com.example.b")
        #expect(nowhere.status == 0)
        #expect(try JSONParser.parse(nowhere.reply)["status"] == 404, "no such route, as the endpoint answers it")
    }
}
