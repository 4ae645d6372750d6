import Foundation
@testable import SkillHost
import SkillModel
@testable import SkillServer
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
        let claims = String(decoding: try #require(HostServices.unbase64URL(real[1])), as: UTF8.self)
        let altered = HostServices.base64URL(Array(claims.replacingOccurrences(of: "com.example.concierge", with: "com.example.thief").utf8))
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

    func send(_ method: String, _ path: String, _ body: String?, token: String?) async throws -> HTTPClient.Response {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await HTTPClient.request(method, port: port, path, body: body.map { Array($0.utf8) }, headers: headers)
    }

    static let reminders = SkillManifest(id: "com.example.nudge", name: "Nudge", version: "1", permissions: ["alexa::alerts:reminders:skill:readwrite"])

    static func reminderBody(_ text: String, trigger: String = #"{"type": "SCHEDULED_RELATIVE", "offsetInSeconds": 3600}"#) -> String {
        #"{"requestTime": "2026-11-26T10:00:00.000", "trigger": \#(trigger), "alertInfo": {"spokenInfo": {"content": [{"locale": "en-US", "text": "\#(text)"}]}}, "pushNotification": {"status": "ENABLED"}}"#
    }

    @Test func remindersAreCreatedListedUpdatedAndDeletedOnlyByTheirSkill() async throws {
        defer { task.cancel() }
        let path = "/v1/alerts/reminders"
        let refused = try await send("POST", path, Self.reminderBody("stretch"), token: token(Self.reminders))
        #expect(refused.status == 401, "not granted: Alexa's 401")
        #expect(try json(refused)["code"] == .string("UNAUTHORIZED"))
        try services.grants.grant(["alexa::alerts:reminders:skill:readwrite"], to: Self.reminders.id)

        let created = try await send("POST", path, Self.reminderBody("stretch"), token: token(Self.reminders))
        #expect(created.status == 200, "\(created.text)")
        let alertToken = try #require(try json(created)["alertToken"]?.string)
        #expect(try json(created)["status"] == .string("ON"))
        #expect(try json(created)["href"] == .string("/v1/alerts/reminders/\(alertToken)"))

        let list = try json(try await send("GET", path, nil, token: token(Self.reminders)))
        #expect(list["totalCount"] == .string("1"))
        #expect(list["alerts"]?.array?.first?["alertInfo"]?["spokenInfo"]?["content"]?.array?.first?["text"] == .string("stretch"))

        let updated = try await send("PUT", "\(path)/\(alertToken)", Self.reminderBody("stretch and breathe"), token: token(Self.reminders))
        #expect(try json(updated)["version"] == .string("2"))
        let one = try json(try await send("GET", "\(path)/\(alertToken)", nil, token: token(Self.reminders)))
        #expect(one["alertInfo"]?["spokenInfo"]?["content"]?.array?.first?["text"] == .string("stretch and breathe"))

        // Another skill sees none of it and cannot touch it.
        try services.grants.grant(["alexa::profile:given_name:read"], to: Self.concierge.id)
        let otherSkill = SkillManifest(id: "com.example.other", name: "Other", version: "1", permissions: ["alexa::alerts:reminders:skill:readwrite"])
        try services.grants.grant(["alexa::alerts:reminders:skill:readwrite"], to: otherSkill.id)
        #expect(try json(try await send("GET", path, nil, token: token(otherSkill)))["totalCount"] == .string("0"))
        #expect(try await send("DELETE", "\(path)/\(alertToken)", nil, token: token(otherSkill)).status == 404)

        #expect(try await send("DELETE", "\(path)/\(alertToken)", nil, token: token(Self.reminders)).status == 200)
        #expect(try await send("GET", "\(path)/\(alertToken)", nil, token: token(Self.reminders)).status == 404)
        #expect(services.reminders.all().isEmpty)
    }

    @Test func aMalformedReminderIsRefusedByName() async throws {
        defer { task.cancel() }
        try services.grants.grant(["alexa::alerts:reminders:skill:readwrite"], to: Self.reminders.id)
        let cases: [(String, String, String)] = [
            ("[1, 2]", "INVALID_REQUEST", "the body is not a JSON object"),
            (#"{"alertInfo": {}}"#, "INVALID_REQUEST", "trigger is missing"),
            (Self.reminderBody("x", trigger: #"{"type": "SCHEDULED_RELATIVE", "offsetInSeconds": -5}"#), "INVALID_TRIGGER", "offsetInSeconds"),
            (Self.reminderBody("x", trigger: #"{"type": "SOMETIME"}"#), "INVALID_TRIGGER", "trigger.type 'SOMETIME'"),
            (Self.reminderBody("x", trigger: #"{"type": "SCHEDULED_ABSOLUTE", "scheduledTime": "yesterday"}"#), "INVALID_TRIGGER", "is not a local time"),
            (Self.reminderBody("x", trigger: #"{"type": "SCHEDULED_ABSOLUTE", "scheduledTime": "2001-01-01T10:00:00.000"}"#), "PAST_SCHEDULED_TIME", "has passed"),
            (Self.reminderBody("x", trigger: #"{"type": "SCHEDULED_ABSOLUTE", "scheduledTime": "2099-01-01T10:00:00.000", "timeZoneId": "Mars/Olympus"}"#), "INVALID_TIMEZONE", "Mars/Olympus"),
            (Self.reminderBody("x", trigger: #"{"type": "SCHEDULED_ABSOLUTE", "scheduledTime": "2099-01-01T10:00:00.000", "recurrence": {"freq": "HOURLY"}}"#), "INVALID_RECURRENCE", "DAILY or WEEKLY"),
            (Self.reminderBody(""), "INVALID_ALERT_INFO", "says nothing"),
        ]
        for (body, code, message) in cases {
            let response = try await send("POST", "/v1/alerts/reminders", body, token: token(Self.reminders))
            #expect(response.status == 400, "\(body)")
            #expect(try json(response)["code"] == .string(code), "\(response.text)")
            #expect(response.text.contains(message), "\(response.text)")
        }
        #expect(services.reminders.all().isEmpty, "nothing stored")
    }

    @Test func aReminderFiresAtItsTimeAndADailyOneComesBack() async throws {
        defer { task.cancel() }
        try services.grants.grant(["alexa::alerts:reminders:skill:readwrite"], to: Self.reminders.id)
        let fired = EventLog<HostServices.Announcement>()
        let firing = services.fireAlerts(every: .milliseconds(50)) { fired.append($0) }
        defer { firing.cancel() }
        let soon = try await send("POST", "/v1/alerts/reminders", Self.reminderBody("tea is ready", trigger: #"{"type": "SCHEDULED_RELATIVE", "offsetInSeconds": 1}"#), token: token(Self.reminders))
        #expect(soon.status == 200)
        let tea = await fired.wait(seconds: 10) { $0.text == "tea is ready" }
        #expect(tea?.late == false)
        #expect(tea.map { Date() >= $0.due } == true, "not before its time")
        #expect(services.reminders.all().first?.status == "COMPLETED")
        #expect(tea?.kind == "reminder")

        // A daily reminder moves to the next day once it has fired (fired here by the store
        // itself at a moment after its time: no waiting on a clock).
        firing.cancel()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        let inAnHour = formatter.string(from: Date() + 3600)
        let daily = try await send("POST", "/v1/alerts/reminders", Self.reminderBody("water", trigger: #"{"type": "SCHEDULED_ABSOLUTE", "scheduledTime": "\#(inAnHour)", "recurrence": {"freq": "DAILY"}}"#), token: token(Self.reminders))
        #expect(daily.status == 200, "\(daily.text)")
        let due = try #require(services.reminders.all().first { $0.text == "water" }?.due)
        #expect(abs(due.timeIntervalSinceNow - 3600) < 120, "at the local time given, in the device's time zone")
        let water = services.reminders.fireDue(now: due + 1, started: services.started)
        #expect(water.map(\.alert.announcement) == ["water"])
        let stored = services.reminders.all().first { $0.text == "water" }
        #expect(stored?.status == "ON")
        #expect(stored?.due == due + 86400, "the same time tomorrow")
    }

    static let kitchen = SkillManifest(id: "com.example.kitchen", name: "Kitchen", version: "1", permissions: ["alexa::alerts:timers:skill:readwrite"])

    static func timerBody(_ duration: String, text: String = "the eggs are done", operation: String? = nil) -> String {
        let op = operation ?? #"{"type": "ANNOUNCE", "textToAnnounce": [{"locale": "en-US", "text": "\#(text)"}]}"#
        return #"{"duration": "\#(duration)", "timerLabel": "eggs", "creationBehavior": {"displayExperience": {"visibility": "VISIBLE"}}, "triggeringBehavior": {"operation": \#(op), "notificationConfig": {"playAudible": true}}}"#
    }

    @Test func timersRunPauseResumeAndAnnounceWhenTheyEnd() async throws {
        defer { task.cancel() }
        let path = "/v1/alerts/timers"
        #expect(try await send("POST", path, Self.timerBody("PT1S"), token: token(Self.kitchen)).status == 401, "not granted")
        try services.grants.grant(["alexa::alerts:timers:skill:readwrite"], to: Self.kitchen.id)
        let fired = EventLog<HostServices.Announcement>()
        let firing = services.fireAlerts(every: .milliseconds(50)) { fired.append($0) }
        defer { firing.cancel() }

        let eggs = try await send("POST", path, Self.timerBody("PT1S"), token: token(Self.kitchen))
        #expect(eggs.status == 200, "\(eggs.text)")
        #expect(try json(eggs)["status"] == .string("ON"))
        #expect(try json(eggs)["timerLabel"] == .string("eggs"))
        let done = await fired.wait(seconds: 10) { $0.text == "the eggs are done" }
        #expect(done?.kind == "timer")

        // Paused, it keeps its time and does not end; resumed, it ends that much later. (Long
        // enough that the pause comes first under a sanitizer on a busy machine: 20 s once was not.)
        let length = Int(120 * TestSupport.patience)
        let tea = try json(try await send("POST", path, Self.timerBody("PT\(length)S", text: "tea"), token: token(Self.kitchen)))
        let id = try #require(tea["id"]?.string)
        #expect(try await send("POST", "\(path)/\(id)/pause", nil, token: token(Self.kitchen)).status == 200)
        let paused = try json(try await send("GET", "\(path)/\(id)", nil, token: token(Self.kitchen)))
        #expect(paused["status"] == .string("PAUSED"))
        let left = try #require(paused["remainingTimeWhenPaused"]?.string.flatMap(TimerRequest.seconds))
        #expect(left > 0 && left <= Double(length))
        #expect(services.timers.fireDue(now: Date() + 3600, started: services.started).isEmpty, "a paused timer does not end")
        #expect(try await send("POST", "\(path)/\(id)/resume", nil, token: token(Self.kitchen)).status == 200)
        let resumed = try #require(services.timers.all().first { $0.id == id })
        #expect(resumed.status == "ON")
        #expect(abs(resumed.due.timeIntervalSinceNow - left) < 60)
        #expect(services.timers.fireDue(now: resumed.due + 1, started: services.started).map(\.alert.announcement) == ["tea"])

        // NOTIFY_ONLY says its label.
        _ = try await send("POST", path, Self.timerBody("PT1S", operation: #"{"type": "NOTIFY_ONLY"}"#), token: token(Self.kitchen))
        #expect(await fired.wait(seconds: 10) { $0.text == "Your eggs timer is done." } != nil)

        let long = try await send("POST", path, Self.timerBody("PT1H"), token: token(Self.kitchen))
        #expect(try json(try await send("GET", path, nil, token: token(Self.kitchen)))["totalCount"] == .number(JSONNumber(1)), "ended timers are not listed")
        #expect(try await send("DELETE", path, nil, token: token(Self.kitchen)).status == 200)
        #expect(try await send("GET", "\(path)/\(try #require(try json(long)["id"]?.string))", nil, token: token(Self.kitchen)).status == 404)
    }

    @Test func aMalformedTimerIsRefusedByName() async throws {
        defer { task.cancel() }
        try services.grants.grant(["alexa::alerts:timers:skill:readwrite"], to: Self.kitchen.id)
        let cases: [(String, String, String)] = [
            ("nonsense", "INVALID_REQUEST", "not a JSON object"),
            (Self.timerBody("10 minutes"), "INVALID_DURATION", "'10 minutes' is not an ISO 8601 duration"),
            (Self.timerBody("PT25H"), "INVALID_DURATION", "24 hours"),
            (Self.timerBody("PT0S"), "INVALID_DURATION", "from one second"),
            (Self.timerBody("PT1M", operation: #"{"type": "LAUNCH_TASK"}"#), "UNSUPPORTED_OPERATION", "LAUNCH_TASK"),
            (Self.timerBody("PT1M", operation: #"{"type": "ANNOUNCE", "textToAnnounce": []}"#), "INVALID_TRIGGERING_BEHAVIOR", "needs textToAnnounce"),
            (#"{"duration": "PT1M"}"#, "INVALID_TRIGGERING_BEHAVIOR", "triggeringBehavior.operation is missing"),
        ]
        for (body, code, message) in cases {
            let response = try await send("POST", "/v1/alerts/timers", body, token: token(Self.kitchen))
            #expect(response.status == 400, "\(body)")
            #expect(try json(response)["code"] == .string(code), "\(response.text)")
            #expect(response.text.contains(message), "\(response.text)")
        }
        let missing = try await send("POST", "/v1/alerts/timers/nope/pause", nil, token: token(Self.kitchen))
        #expect(missing.status == 404)
        #expect(try json(missing)["code"] == .string("TIMER_NOT_FOUND"))
        #expect(services.timers.all().isEmpty)
        #expect(TimerRequest.seconds("P1DT2H3M4.5S") == 93784.5)
        #expect(TimerRequest.seconds("PT") == nil)
        #expect(TimerRequest.seconds("P1H") == nil, "hours belong after T")
    }

    @Test func aFiredAlertReachesTheConsolesEventStream() async throws {
        defer { task.cancel() }
        let events = ServerEvents()
        events.publish(HostServices.Announcement(kind: "reminder", skillID: "com.example.concierge", userID: "amzn1.ask.account.ada", text: "water the plants", due: Date(), late: true), name: "Concierge")
        var stream = events.subscribe(after: 0).makeAsyncIterator()
        let event = try #require(await stream.next())
        #expect(event.json["kind"] == .string("reminder"))
        #expect(event.json["user"] == .string("amzn1.ask.account.ada"))
        #expect(event.json["text"] == .string("Concierge> Reminder: water the plants (late: no host ran when it was due)"))
    }

    static let shopper = SkillManifest(id: "com.example.shopper", name: "Shopper", version: "1", permissions: ["alexa::household:lists:read", "alexa::household:lists:write"])

    @Test func householdListsAreTheUsersAndKeptAcrossRestarts() async throws {
        defer { task.cancel() }
        let path = "/v2/householdlists"
        let refused = try await send("GET", path, nil, token: token(Self.shopper))
        #expect(refused.status == 403)
        #expect(try json(refused)["type"] == .string("FORBIDDEN"))
        try services.grants.grant(["alexa::household:lists:read"], to: Self.shopper.id)
        let lists = try json(try await send("GET", path, nil, token: token(Self.shopper)))["lists"]?.array ?? []
        #expect(lists.compactMap { $0["name"]?.string } == ["Alexa shopping list", "Alexa to-do list"])
        let shopping = try #require(lists.first?["listId"]?.string)
        #expect(try await send("POST", "\(path)/\(shopping)/items", #"{"value": "milk"}"#, token: token(Self.shopper)).status == 403, "reading is not writing")
        try services.grants.grant(["alexa::household:lists:write"], to: Self.shopper.id)

        let milk = try await send("POST", "\(path)/\(shopping)/items", #"{"value": "oat milk", "status": "active"}"#, token: token(Self.shopper))
        #expect(milk.status == 201, "\(milk.text)")
        let milkID = try #require(try json(milk)["id"]?.string)
        _ = try await send("POST", "\(path)/\(shopping)/items", #"{"value": "brown rice"}"#, token: token(Self.shopper))
        let active = try json(try await send("GET", "\(path)/\(shopping)/active", nil, token: token(Self.shopper)))
        #expect(active["items"]?.array?.compactMap { $0["value"]?.string } == ["oat milk", "brown rice"], "what was said, kept")

        let stale = try await send("PUT", "\(path)/\(shopping)/items/\(milkID)", #"{"status": "completed", "version": 7}"#, token: token(Self.shopper))
        #expect(stale.status == 409)
        #expect(try json(stale)["type"] == .string("CONFLICT"))
        let bought = try await send("PUT", "\(path)/\(shopping)/items/\(milkID)", #"{"status": "completed", "version": 1}"#, token: token(Self.shopper))
        #expect(try json(bought)["version"] == .number(JSONNumber(2)))
        let completed = try json(try await send("GET", "\(path)/\(shopping)/completed", nil, token: token(Self.shopper)))
        #expect(completed["items"]?.array?.compactMap { $0["value"]?.string } == ["oat milk"])

        let party = try await send("POST", path, #"{"name": "Party", "state": "active"}"#, token: token(Self.shopper))
        #expect(party.status == 201)
        #expect(try await send("POST", path, #"{"name": "party"}"#, token: token(Self.shopper)).status == 409, "one list of a name")
        #expect(try await send("DELETE", "\(path)/\(shopping)", nil, token: token(Self.shopper)).status == 403, "the default lists stay")
        #expect(try await send("POST", "\(path)/\(shopping)/items", #"{"value": "  "}"#, token: token(Self.shopper)).status == 400)
        #expect(try await send("GET", "\(path)/nope/active", nil, token: token(Self.shopper)).status == 404)
        #expect(try await send("DELETE", "\(path)/\(try #require(try json(party)["listId"]?.string))", nil, token: token(Self.shopper)).status == 200)

        // Another user has lists of their own; a restart keeps this one's.
        let other = services.token(skill: Self.shopper, userID: "amzn1.ask.account.other", deviceID: Self.device, requestID: "r")
        let theirs = try json(try await send("GET", "\(path)/\(shopping)/active", nil, token: other))
        #expect(try await send("GET", "\(path)/\(shopping)/active", nil, token: other).status == 404 || theirs["items"]?.array?.isEmpty == true)
        let again = HostServices(dataRoot: (services.lists.file as NSString).deletingLastPathComponent)
        #expect(again.lists.lists(of: "amzn1.ask.account.test").first?.items.map(\.value) == ["oat milk", "brown rice"])
    }
}
