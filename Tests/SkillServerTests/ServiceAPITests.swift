import Foundation
import SkillHost
import SkillModel
import SkillServer
import Testing
import TestSupport

/// Alexa's service APIs as the host serves them: every error path from a request a skill
/// could send, each API's error in its own shape.
@Suite struct ServiceAPITests {
    let services: HostServices
    let port: Int
    let task: Task<Void, Never>
    static let concierge = SkillManifest(id: "com.example.concierge", name: "Concierge", version: "1", permissions: ["alexa::profile:given_name:read", "read::alexa:device:all:address"])
    static let other = SkillManifest(id: "com.example.other", name: "Other", version: "1", permissions: ["alexa::profile:given_name:read"])
    static let device = "amzn1.ask.device.test"

    init() async throws {
        let root = try TestSupport.temporaryFolder("services")
        try #"{"timeZone": "Europe/Berlin", "address": {"addressLine1": "Unter den Linden 1", "city": "Berlin", "postalCode": "10117", "countryCode": "DE"}, "profile": {"givenName": "Ada", "mobileNumber": {"countryCode": "+49", "phoneNumber": "3012345"}}}"#
            .write(toFile: root + "/device.json", atomically: true, encoding: .utf8)
        services = HostServices(dataRoot: root)
        task = try await ServiceAPI(services: services, tls: nil).start()
        port = Int(try #require(services.endpoint?.split(separator: ":").last.flatMap { Int($0) }))
    }

    func token(_ skill: SkillManifest = concierge, device: String = device, request: String = "req-1", now: Date = Date()) -> String {
        services.token(skill: skill, userID: "amzn1.ask.account.test", deviceID: device, requestID: request, now: now)
    }

    func get(_ path: String, token: String?) async throws -> HTTPClient.Response {
        try await HTTPClient.request("GET", port: port, path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    func json(_ response: HTTPClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

    @Test func deviceSettingsNeedOnlyAValidToken() async throws {
        defer { task.cancel() }
        let zone = try await get("/v2/devices/\(Self.device)/settings/System.timeZone", token: token())
        #expect(zone.status == 200)
        #expect(try json(zone) == .string("Europe/Berlin"))
        #expect(try json(try await get("/v2/devices/\(Self.device)/settings/System.distanceUnits", token: token())) == .string("IMPERIAL"), "en-US's default")
        #expect(try json(try await get("/v2/devices/\(Self.device)/settings/System.temperatureUnit", token: token())) == .string("FAHRENHEIT"))
        let unknown = try await get("/v2/devices/\(Self.device)/settings/System.volume", token: token())
        #expect(unknown.status == 404)
        #expect(try json(unknown)["code"] == .string("INVALID_KEY"))
    }

    @Test func forgedExpiredMissingAndForeignTokensAreRefused() async throws {
        defer { task.cancel() }
        let path = "/v2/devices/\(Self.device)/settings/System.timeZone"
        let missing = try await get(path, token: nil)
        #expect(missing.status == 401)
        #expect(try json(missing)["code"] == .string("INVALID_TOKEN"))
        #expect(missing.text.contains("no access token"))

        // The claims changed (another skill's id put in), the signature kept.
        let real = token().split(separator: ".")
        let claims = String(decoding: try #require(Data(base64Encoded: String(real[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/").padding(toLength: (real[1].count + 3) / 4 * 4, withPad: "=", startingAt: 0))), as: UTF8.self)
        let altered = Data(claims.replacingOccurrences(of: "com.example.concierge", with: "com.example.thief").utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let forged = try await get(path, token: "skh1.\(altered).\(real[2])")
        #expect(forged.status == 401)
        #expect(forged.text.contains("not issued by this host"), "\(forged.text)")

        let expired = try await get(path, token: token(now: Date() - 2 * HostServices.tokenLifetime))
        #expect(expired.status == 401)
        #expect(expired.text.contains("expired"))

        let stranger = HostServices(dataRoot: try TestSupport.temporaryFolder("services"))
        let foreign = try await get(path, token: stranger.token(skill: Self.concierge, userID: "u", deviceID: Self.device, requestID: "r"))
        #expect(foreign.status == 401, "another host's token")

        let garbage = try await get(path, token: "not-a-token")
        #expect(garbage.status == 401)
        #expect(garbage.text.contains("malformed"))

        let otherDevice = try await get("/v2/devices/amzn1.ask.device.elsewhere/settings/System.timeZone", token: token())
        #expect(otherDevice.status == 403)
        #expect(otherDevice.text.contains("issued for device"))
    }

    @Test func theProfileNeedsAPermissionAskedForAndGranted() async throws {
        defer { task.cancel() }
        let path = "/v2/accounts/~current/settings/Profile.givenName"
        let notGranted = try await get(path, token: token())
        #expect(notGranted.status == 403)
        #expect(try json(notGranted)["code"] == .string("INVALID_TOKEN"))
        #expect(notGranted.text.contains("has not granted"), "\(notGranted.text)")

        try services.grants.grant(["alexa::profile:given_name:read"], to: Self.concierge.id)
        let granted = try await get(path, token: token())
        #expect(granted.status == 200)
        #expect(try json(granted) == .string("Ada"))
        #expect(try json(try await get("/v2/persons/~current/profile/givenName", token: token())) == .string("Ada"))

        // Another skill's token does not carry the concierge's grant.
        let other = try await get(path, token: token(Self.other))
        #expect(other.status == 403)

        // Asked for nowhere in the manifest: refused even when granted by hand.
        try services.grants.grant(["alexa::profile:email:read"], to: Self.concierge.id)
        let email = try await get("/v2/accounts/~current/settings/Profile.email", token: token())
        #expect(email.status == 403)
        #expect(email.text.contains("does not ask for alexa::profile:email:read"), "\(email.text)")

        // Granted, asked for, but never entered: 204, as Alexa answers.
        try services.grants.revoke(nil, from: Self.concierge.id)
        #expect(try await get(path, token: token()).status == 403, "revoked")
    }

    @Test func theAddressAnswersInItsOwnShape() async throws {
        defer { task.cancel() }
        let full = "/v1/devices/\(Self.device)/settings/address"
        let refused = try await get(full, token: token())
        #expect(refused.status == 403)
        #expect(try json(refused)["type"] == .string("FORBIDDEN"))
        try services.grants.grant(["read::alexa:device:all:address"], to: Self.concierge.id)
        let address = try await get(full, token: token())
        #expect(address.status == 200)
        let object = try #require(try json(address).object)
        #expect(object["city"] == .string("Berlin"))
        #expect(object["addressLine2"] == .null, "every field, null when not set")
        #expect(object.keys.count == 8)
        // The full address permission covers the postal code too.
        let code = try await get(full + "/countryAndPostalCode", token: token())
        #expect(try json(code) == ["countryCode": "DE", "postalCode": "10117"])
    }

    func post(_ body: String, token: String?) async throws -> HTTPClient.Response {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await HTTPClient.request("POST", port: port, "/v1/directives", body: Array(body.utf8), headers: headers)
    }

    @Test func aProgressiveResponseIsHeardAndAMalformedOneNamed() async throws {
        defer { task.cancel() }
        let heard = EventLog<String>()
        services.onProgressive { skill, speech in heard.append("\(skill): \(speech)") }
        let ok = try await post(#"{"header": {"requestId": "req-7"}, "directive": {"type": "VoicePlayer.Speak", "speech": "<speak>Hold on.</speak>"}}"#, token: token(request: "req-7"))
        #expect(ok.status == 204)
        #expect(heard.all == ["com.example.concierge: <speak>Hold on.</speak>"])

        let cases: [(String, String)] = [
            ("{\"header\": ", "not a JSON object"),
            (#"{"directive": {"type": "VoicePlayer.Speak", "speech": "x"}}"#, "header.requestId is missing"),
            (#"{"header": {"requestId": "req-other"}, "directive": {"type": "VoicePlayer.Speak", "speech": "x"}}"#, "is not the request the token came with"),
            (#"{"header": {"requestId": "req-7"}, "directive": {"type": "AudioPlayer.Play"}}"#, "directive.type must be VoicePlayer.Speak"),
            (#"{"header": {"requestId": "req-7"}, "directive": {"type": "VoicePlayer.Speak"}}"#, "directive.speech is missing"),
        ]
        for (body, message) in cases {
            let response = try await post(body, token: token(request: "req-7"))
            #expect(response.status == 400, "\(body)")
            #expect(try json(response)["code"] == .number(JSONNumber(400)))
            #expect(response.text.contains(message), "\(response.text)")
        }
        #expect(try await post(#"{"header": {"requestId": "req-7"}, "directive": {"type": "VoicePlayer.Speak", "speech": "x"}}"#, token: nil).status == 401)
        #expect(heard.all.count == 1)
    }
}
