import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTLS
import Loader
import Logging
import NIOCore
import NIOEmbedded
import SkillHost
import SkillModel

/// Alexa's service APIs, served by the host at the `apiEndpoint` every request carries: what a
/// skill written for Alexa calls with the request's `apiAccessToken` (its SDK's service
/// clients do it for it), answered from this machine —
///
/// - Device Settings: `GET /v2/devices/{deviceId}/settings/System.timeZone`,
///   `System.distanceUnits`, `System.temperatureUnit` (no permission needed);
/// - Device Address: `GET /v1/devices/{deviceId}/settings/address` and
///   `…/address/countryAndPostalCode`;
/// - Customer Profile: `GET /v2/accounts/~current/settings/Profile.name`, `Profile.givenName`,
///   `Profile.email`, `Profile.mobileNumber` (and the person-level `/v2/persons/~current/profile/…`);
/// - Directive service: `POST /v1/directives` with `VoicePlayer.Speak`, a progressive response
///   spoken before the turn's answer;
/// - Reminders: `POST`/`GET /v1/alerts/reminders`, `GET`/`PUT`/`DELETE /v1/alerts/reminders/{alertToken}`,
///   kept in the data root and fired at their time by the host (`HostServices.fireAlerts`);
/// - Timers: `POST`/`GET`/`DELETE /v1/alerts/timers`, `GET`/`DELETE /v1/alerts/timers/{id}`,
///   `POST …/{id}/pause` and `…/resume`, announced when they end;
/// - List Management: `/v2/householdlists` — the user's shopping and to-do lists and the lists
///   skills make, their items, shared by every skill the user allows.
///
/// A token this host did not issue, one that expired, or one for another device is refused
/// (401/403); a permission the skill did not ask for in its manifest, or the user did not
/// grant (`:grant`, `permissions.json`), is refused with 403 as Alexa refuses it, and the skill
/// answers with an AskForPermissionsConsent card. Each API's errors have its own shape, as the
/// SDKs' models read them.
public struct ServiceAPI: Sendable {
    public let services: HostServices
    public let hostname: String
    public let port: Int
    /// The certificate it serves HTTPS with; nil serves plain HTTP.
    public let tls: ServiceTLS?

    public init(services: HostServices, hostname: String = "127.0.0.1", port: Int = 0, tls: ServiceTLS?) {
        self.services = services
        self.hostname = hostname
        self.port = port
        self.tls = tls
    }

    /// Serves until cancelled; sets the services' endpoint once the socket is bound.
    public func run(onListening: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        var logger = Logger(label: "skillhost.services")
        // A connection cut at shutdown is no news.
        logger.logLevel = .critical
        let services = self.services
        let scheme = tls == nil ? "http" : "https"
        let router = router()
        services.setResponder(Self.inProcess(router.buildResponder(), logger: logger))
        let app = Application(
            router: router,
            server: try tls.map { try .tls(.http1(), tlsConfiguration: try $0.configuration()) } ?? .http1(),
            configuration: .init(address: .hostname(hostname, port: port), serverName: "skillhost-services"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let url = "\(scheme)://\(hostname):\(port)"
                services.setEndpoint(url)
                onListening(url)
            },
            logger: logger
        )
        try await app.run()
    }

    /// Answers a library skill's call (`HostServices.call`) with `responder`, the routes the
    /// endpoint serves, in this process: no socket, no TLS, the same token and permission checks.
    static func inProcess(_ responder: some HTTPResponder<BasicRequestContext>, logger: Logger) -> HostServices.Responder {
        { method, path, token, body in
            var headers: HTTPFields = [.authorization: "Bearer \(token)", .accept: "application/json"]
            if body != nil { headers[.contentType] = "application/json" }
            let head = HTTPRequest(method: HTTPRequest.Method(method) ?? .get, scheme: "https", authority: "127.0.0.1", path: path, headerFields: headers)
            let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body ?? [])))
            // The routes read nothing of the connection; a context needs one all the same.
            let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
            do {
                let response: Response
                do {
                    response = try await responder.respond(to: request, context: context)
                } catch let error as HTTPResponseError {
                    // No such route (404), a method it does not take (405): as the server says it.
                    response = try error.response(from: request, context: context)
                }
                let collected = Collected()
                try await response.body.write(collected)
                return (Int(response.status.code), collected.bytes.withLock { $0 })
            } catch {
                return (500, JSONWriter.bytes(["message": .string("\(error)")]))
            }
        }
    }

    /// A response body, written into memory.
    struct Collected: ResponseBodyWriter {
        let bytes = Locked<[UInt8]>([])
        func write(_ buffer: ByteBuffer) async throws { bytes.withLock { $0 += buffer.readableBytesView } }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// Starts serving in a task of its own and returns once the socket is bound (the services'
    /// endpoint set); cancel the task to stop.
    /// - Throws: what kept the server from listening (the port taken, say).
    public func start() async throws -> Task<Void, Never> {
        try await Self.startListening { listening in try await run(onListening: { _ in listening() }) }
    }

    /// Runs `serve` in a task of its own and returns once it says it listens (by calling the
    /// function it is given); cancel the task to stop.
    /// - Throws: what `serve` threw before it listened.
    static func startListening(_ serve: @escaping @Sendable (_ listening: @escaping @Sendable () -> Void) async throws -> Void) async throws -> Task<Void, Never> {
        let (listening, signal) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
        let task = Task {
            do {
                try await serve { signal.yield(.success(())) }
            } catch {
                signal.yield(.failure(error))
            }
            signal.finish()
        }
        for await outcome in listening {
            switch outcome {
            case .success: return task
            case .failure(let error): throw error
            }
        }
        throw CancellationError()
    }

    /// Which API a path belongs to: each answers errors in its own shape.
    enum API {
        case settings, address, profile, directives, reminders, timers, lists

        /// - Parameter code: the API's own code for it, where the status alone does not say.
        func error(_ status: HTTPResponse.Status, _ message: String, code: String? = nil) -> Response {
            let body: JSONValue
            switch self {
            case .address, .lists:
                let type = switch status {
                case .unauthorized: "UNAUTHORIZED"
                case .forbidden: "FORBIDDEN"
                case .notFound: "NOT_FOUND"
                case .conflict: "CONFLICT"
                case .internalServerError: "INTERNAL_ERROR"
                default: self == .lists ? "INVALID_REQUEST" : "BAD_REQUEST"
                }
                body = ["type": .string(code ?? type), "message": .string(message)]
            case .settings, .profile:
                body = ["code": .string(status == .unauthorized || status == .forbidden ? "INVALID_TOKEN" : status == .notFound ? "INVALID_KEY" : "INVALID_VALUE"), "message": .string(message)]
            case .directives:
                body = ["code": .number(JSONNumber(status.code)), "message": .string(message)]
            case .reminders, .timers:
                let byStatus = switch status {
                case .unauthorized: "UNAUTHORIZED"
                case .notFound: self == .timers ? "TIMER_NOT_FOUND" : "NOT_FOUND"
                case .internalServerError: "INTERNAL_SERVER_ERROR"
                default: "INVALID_REQUEST"
                }
                body = ["code": .string(code ?? byStatus), "message": .string(message)]
            }
            return ServiceAPI.json(body, status: status)
        }

        func refuse(_ refusal: ServiceRefusal) -> Response {
            error(HTTPResponse.Status(code: refusal.status), refusal.message, code: refusal.code)
        }
    }

    /// The request's body as a JSON object, or the API's refusal: 400 saying `shape` when it is
    /// not one, 413 over 64 KiB.
    static func object(_ request: Request, _ api: API, shape: String) async -> Result<JSONObject, ResponseError> {
        guard let bytes = try? await request.body.bytes(upTo: 64 << 10) else {
            return .failure(ResponseError(api.error(.contentTooLarge, "the body is over 64 KiB")))
        }
        guard let object = try? JSONParser.parse(bytes).object else {
            return .failure(ResponseError(api.error(.badRequest, "the body is not a JSON object: \(shape)")))
        }
        return .success(object)
    }

    /// What a change of stored alerts or lists answers: its response, the API's refusal when it
    /// threw one, or a 500 saying the write failed and nothing changed.
    static func answer(_ api: API, storing what: String, _ change: () throws -> Response) -> Response {
        do {
            return try change()
        } catch let refusal as ServiceRefusal {
            return api.refuse(refusal)
        } catch {
            return api.error(.internalServerError, "the \(what) could not be stored (\(error.localizedDescription)); nothing was changed")
        }
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(value))))
    }

    static let noContent = Response(status: .noContent)

    /// The claims of the request's bearer token, or the API's refusal.
    func authorize(_ request: Request, _ api: API, device: String? = nil) -> Result<HostServices.Claims, ResponseError> {
        let header = request.headers[.authorization] ?? ""
        let token = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces) : nil
        switch services.verify(token) {
        case .failure(let error):
            return .failure(ResponseError(api.error(.unauthorized, "The authentication token is malformed or invalid: \(error)")))
        case .success(let claims):
            if let device, device != claims.deviceID {
                return .failure(ResponseError(api.error(.forbidden, "The authentication token does not have access to resource: it was issued for device \(claims.deviceID), not \(device)")))
            }
            return .success(claims)
        }
    }

    /// A refusal, already in the API's shape.
    struct ResponseError: Error {
        let response: Response
        init(_ response: Response) { self.response = response }
    }

    /// The 403 for a permission not asked for or not granted, saying which.
    func denied(_ claims: HostServices.Claims, _ permissions: [String], _ api: API, status: HTTPResponse.Status = .forbidden) -> Response {
        let asked = permissions.filter(claims.declared.contains)
        let message = asked.isEmpty
            ? "The authentication token does not have access to resource: \(claims.skillID) does not ask for \(permissions.joined(separator: " or ")) in its manifest's permissions"
            : "The authentication token does not have access to resource: the user has not granted \(claims.skillID) \(asked.joined(separator: " or ")) (answer with an AskForPermissionsConsent card; :grant in the REPL)"
        return api.error(status, message)
    }

    /// The claims of the request's token when its skill may use `permission`, else the API's
    /// refusal (`status`: 403, or 401 where Alexa answers that).
    func authorize(_ request: Request, _ api: API, permission: String, status: HTTPResponse.Status = .forbidden) -> Result<HostServices.Claims, ResponseError> {
        authorize(request, api).flatMap { claims in
            services.allows(claims, permission) ? .success(claims) : .failure(ResponseError(denied(claims, [permission], api, status: status)))
        }
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let services = self.services

        router.get("v2/devices/:deviceId/settings/:setting") { request, context in
            let device = context.parameters.get("deviceId") ?? ""
            let access = authorize(request, .settings, device: device)
            guard case .success = access else { return access.refusal }
            switch context.parameters.get("setting") ?? "" {
            case "System.timeZone": return Self.json(.string(services.device.timeZone))
            case "System.distanceUnits": return Self.json(.string(services.device.distanceUnits))
            case "System.temperatureUnit": return Self.json(.string(services.device.temperatureUnit))
            case let other: return API.settings.error(.notFound, "no device setting \(other): System.timeZone, System.distanceUnits and System.temperatureUnit are")
            }
        }

        let fullAddress = "read::alexa:device:all:address"
        let postalCode = "read::alexa:device:all:address:country_and_postal_code"
        router.get("v1/devices/:deviceId/settings/address") { request, context in
            let access = authorize(request, .address, device: context.parameters.get("deviceId"))
            guard case .success(let claims) = access else { return access.refusal }
            guard services.allows(claims, fullAddress) else { return denied(claims, [fullAddress], .address) }
            guard let address = services.device.address else { return Self.noContent }
            var full = JSONObject()
            for key in ["addressLine1", "addressLine2", "addressLine3", "city", "stateOrRegion", "districtOrCounty", "postalCode", "countryCode"] {
                full[key] = address[key] ?? .null
            }
            return Self.json(.object(full))
        }
        router.get("v1/devices/:deviceId/settings/address/countryAndPostalCode") { request, context in
            let access = authorize(request, .address, device: context.parameters.get("deviceId"))
            guard case .success(let claims) = access else { return access.refusal }
            guard services.allows(claims, postalCode) || services.allows(claims, fullAddress) else { return denied(claims, [postalCode, fullAddress], .address) }
            guard let address = services.device.address else { return Self.noContent }
            return Self.json(["countryCode": address["countryCode"] ?? .null, "postalCode": address["postalCode"] ?? .null])
        }

        let profile: [String: (key: String, permission: String)] = [
            "Profile.name": ("name", "alexa::profile:name:read"), "name": ("name", "alexa::profile:name:read"),
            "Profile.givenName": ("givenName", "alexa::profile:given_name:read"), "givenName": ("givenName", "alexa::profile:given_name:read"),
            "Profile.email": ("email", "alexa::profile:email:read"),
            "Profile.mobileNumber": ("mobileNumber", "alexa::profile:mobile_number:read"), "mobileNumber": ("mobileNumber", "alexa::profile:mobile_number:read"),
        ]
        let answerProfile: @Sendable (Request, String) -> Response = { request, field in
            let access = authorize(request, .profile)
            guard case .success(let claims) = access else { return access.refusal }
            guard let (key, permission) = profile[field] else {
                return API.profile.error(.notFound, "no profile field \(field): Profile.name, Profile.givenName, Profile.email and Profile.mobileNumber are")
            }
            guard services.allows(claims, permission) else { return denied(claims, [permission], .profile) }
            guard let value = services.device.profile?[key], !value.isNull else { return Self.noContent }
            return Self.json(value)
        }
        router.get("v2/accounts/~current/settings/:field") { request, context in answerProfile(request, context.parameters.get("field") ?? "") }
        router.get("v2/persons/~current/profile/:field") { request, context in answerProfile(request, context.parameters.get("field") ?? "") }

        router.post("v1/directives") { request, context in
            let access = authorize(request, .directives)
            guard case .success(let claims) = access else { return access.refusal }
            let body = await Self.object(request, .directives, shape: "{\"header\": {\"requestId\": …}, \"directive\": {\"type\": \"VoicePlayer.Speak\", \"speech\": …}}")
            guard case .success(let object) = body else { return body.refusal }
            guard let requestID = object["header"]?["requestId"]?.string else {
                return API.directives.error(.badRequest, "header.requestId is missing: the request the progressive response belongs to")
            }
            guard requestID == claims.requestID else {
                return API.directives.error(.badRequest, "header.requestId \(requestID) is not the request the token came with (\(claims.requestID)): a progressive response belongs to the turn under way")
            }
            guard let directive = object["directive"]?.object, directive["type"]?.string == "VoicePlayer.Speak" else {
                return API.directives.error(.badRequest, "directive.type must be VoicePlayer.Speak")
            }
            guard let speech = directive["speech"]?.string, !speech.isEmpty else {
                return API.directives.error(.badRequest, "directive.speech is missing: the SSML or text to say")
            }
            guard speech.utf8.count <= 8000 else { return API.directives.error(.badRequest, "directive.speech is over 8,000 characters") }
            services.speakProgressive(speech, requestID: requestID, skill: claims.skillID)
            return Self.noContent
        }
        addReminders(to: router)
        addTimers(to: router)
        addLists(to: router)
        return router
    }

    static let remindersPermission = "alexa::alerts:reminders:skill:readwrite"

    /// The Reminders API: a skill sees and changes its own reminders for the token's user only.
    /// Without the permission Alexa answers 401, and so does this.
    func addReminders(to router: Router<BasicRequestContext>) {
        let services = self.services
        let api = API.reminders
        let authorized: @Sendable (Request) -> Result<HostServices.Claims, ResponseError> = { request in
            authorize(request, api, permission: Self.remindersPermission, status: .unauthorized)
        }
        /// The body's trigger, alert and notification, checked, and when it fires.
        let read: @Sendable (Request) async -> Result<(trigger: JSONObject, alertInfo: JSONObject, push: JSONObject, due: Date, frequency: String?), ResponseError> = { request in
            await Self.object(request, api, shape: "{\"trigger\": …, \"alertInfo\": …, \"pushNotification\": …}").flatMap { body in
                guard let trigger = body["trigger"]?.object else {
                    return .failure(ResponseError(api.error(.badRequest, "trigger is missing: {\"type\": \"SCHEDULED_RELATIVE\", \"offsetInSeconds\": 3600}, say")))
                }
                do throws(ServiceRefusal) {
                    let alertInfo = try ReminderRequest.checkAlertInfo(body["alertInfo"]?.object)
                    let (due, frequency) = try ReminderRequest.schedule(trigger, now: Date(), timeZone: services.device.timeZone)
                    return .success((trigger, alertInfo, body["pushNotification"]?.object ?? ["status": "ENABLED"], due, frequency))
                } catch {
                    return .failure(ResponseError(api.refuse(error)))
                }
            }
        }
        let notFound: @Sendable (String, SkillID) -> ServiceRefusal = { token, skill in
            ServiceRefusal(status: 404, code: "NOT_FOUND", message: "no reminder \(token) of \(skill) for this user")
        }

        router.post("v1/alerts/reminders") { request, _ in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let body = await read(request)
            guard case .success(let parts) = body else { return body.refusal }
            let reminder = Reminder(token: UUID().uuidString.lowercased(), skillID: claims.skillID, userID: claims.userID, created: Date(), due: parts.due, trigger: parts.trigger, alertInfo: parts.alertInfo, pushNotification: parts.push, frequency: parts.frequency)
            return Self.answer(api, storing: "reminder") {
                try services.reminders.change { list in
                    let limit = AlertStore<Reminder>.limitPerSkillAndUser
                    guard list.filter({ claims.owns($0) && $0.isPending }).count < limit else {
                        throw ServiceRefusal(code: "MAX_REMINDERS_EXCEEDED", message: "\(claims.skillID) already has \(limit) reminders on for this user")
                    }
                    list.append(reminder)
                    return Self.json(reminder.responseJSON)
                }
            }
        }
        router.get("v1/alerts/reminders") { request, _ in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let mine = services.reminders.all().filter(claims.owns)
            return Self.json(["totalCount": .string(String(mine.count)), "alerts": .array(mine.map(\.apiJSON)), "links": .null])
        }
        router.get("v1/alerts/reminders/:token") { request, context in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let token = context.parameters.get("token") ?? ""
            guard let reminder = services.reminders.all().first(where: { $0.token == token && claims.owns($0) }) else {
                return api.refuse(notFound(token, claims.skillID))
            }
            return Self.json(reminder.apiJSON)
        }
        router.put("v1/alerts/reminders/:token") { request, context in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let token = context.parameters.get("token") ?? ""
            let body = await read(request)
            guard case .success(let parts) = body else { return body.refusal }
            return Self.answer(api, storing: "reminder") {
                try services.reminders.change { list in
                    guard let i = list.firstIndex(where: { $0.token == token && claims.owns($0) }) else { throw notFound(token, claims.skillID) }
                    list[i].trigger = parts.trigger
                    list[i].alertInfo = parts.alertInfo
                    list[i].pushNotification = parts.push
                    list[i].due = parts.due
                    list[i].frequency = parts.frequency
                    list[i].status = "ON"
                    list[i].version += 1
                    list[i].updated = Date()
                    return Self.json(list[i].responseJSON)
                }
            }
        }
        router.delete("v1/alerts/reminders/:token") { request, context in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let token = context.parameters.get("token") ?? ""
            return Self.answer(api, storing: "reminder") {
                try services.reminders.change { list in
                    guard let i = list.firstIndex(where: { $0.token == token && claims.owns($0) }) else { throw notFound(token, claims.skillID) }
                    list.remove(at: i)
                    return Response(status: .ok)
                }
            }
        }
    }

    static let timersPermission = "alexa::alerts:timers:skill:readwrite"

    /// The Timers API: a skill sets, reads, pauses, resumes and cancels its own timers for the
    /// token's user.
    func addTimers(to router: Router<BasicRequestContext>) {
        let services = self.services
        let api = API.timers
        let authorized: @Sendable (Request) -> Result<HostServices.Claims, ResponseError> = { request in
            authorize(request, api, permission: Self.timersPermission, status: .unauthorized)
        }
        let notFound: @Sendable (String, SkillID) -> ServiceRefusal = { id, skill in
            ServiceRefusal(status: 404, code: "TIMER_NOT_FOUND", message: "no timer \(id) of \(skill) for this user")
        }

        router.post("v1/alerts/timers") { request, _ in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let body = await Self.object(request, api, shape: "{\"duration\": \"PT10M\", \"triggeringBehavior\": …}")
            guard case .success(let object) = body else { return body.refusal }
            return Self.answer(api, storing: "timer") {
                let parts = try TimerRequest.read(object)
                let timer = ServiceTimer(id: UUID().uuidString.lowercased(), skillID: claims.skillID, userID: claims.userID, duration: parts.duration, seconds: parts.seconds, label: parts.label, now: Date(), triggeringBehavior: parts.triggering, creationBehavior: parts.creation)
                return try services.timers.change { list in
                    let limit = AlertStore<ServiceTimer>.limitPerSkillAndUser
                    guard list.filter({ claims.owns($0) && $0.status != "OFF" }).count < limit else {
                        throw ServiceRefusal(code: "MAX_TIMERS_EXCEEDED", message: "\(claims.skillID) already has \(limit) timers for this user")
                    }
                    // Timers that ended a day ago are forgotten.
                    list.removeAll { $0.status == "OFF" && $0.updated < Date() - 86400 }
                    list.append(timer)
                    return Self.json(timer.apiJSON)
                }
            }
        }
        router.get("v1/alerts/timers") { request, _ in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let timers = services.timers.all().filter { claims.owns($0) && $0.status != "OFF" }
            return Self.json(["timers": .array(timers.map(\.apiJSON)), "totalCount": .number(JSONNumber(timers.count)), "nextToken": .null])
        }
        router.delete("v1/alerts/timers") { request, _ in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            return Self.answer(api, storing: "timer") {
                try services.timers.change { list in
                    list.removeAll(where: claims.owns)
                    return Response(status: .ok)
                }
            }
        }
        router.get("v1/alerts/timers/:id") { request, context in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("id") ?? ""
            guard let timer = services.timers.all().first(where: { $0.id == id && claims.owns($0) }) else { return api.refuse(notFound(id, claims.skillID)) }
            return Self.json(timer.apiJSON)
        }
        router.delete("v1/alerts/timers/:id") { request, context in
            let access = authorized(request)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("id") ?? ""
            return Self.answer(api, storing: "timer") {
                try services.timers.change { list in
                    guard let i = list.firstIndex(where: { $0.id == id && claims.owns($0) }) else { throw notFound(id, claims.skillID) }
                    list.remove(at: i)
                    return Response(status: .ok)
                }
            }
        }
        for action in ["pause", "resume"] {
            router.post("v1/alerts/timers/:id/\(action)") { request, context in
                let access = authorized(request)
                guard case .success(let claims) = access else { return access.refusal }
                let id = context.parameters.get("id") ?? ""
                return Self.answer(api, storing: "timer") {
                    try services.timers.change { list in
                        guard let i = list.firstIndex(where: { $0.id == id && claims.owns($0) }) else { throw notFound(id, claims.skillID) }
                        guard list[i].status != "OFF" else { throw ServiceRefusal(code: "TIMER_ALREADY_ENDED", message: "timer \(id) has already ended") }
                        if action == "pause" { list[i].pause(now: Date()) } else { list[i].resume(now: Date()) }
                        return Response(status: .ok)
                    }
                }
            }
        }
    }

    static let listsRead = "alexa::household:lists:read"
    static let listsWrite = "alexa::household:lists:write"

    static func notFound(_ what: String) -> ServiceRefusal { ServiceRefusal(status: 404, code: "NOT_FOUND", message: "no \(what) of this user") }
    static func checkedValue(_ object: JSONObject, key: String) throws(ServiceRefusal) -> String {
        guard let text = object[key]?.string, !text.trimmingWhitespace().isEmpty else {
            throw ServiceRefusal(code: "INVALID_REQUEST", message: "\(key) is missing: the body is {\"\(key)\": …, …}")
        }
        guard text.count <= 256 else { throw ServiceRefusal(code: "INVALID_REQUEST", message: "\(key) is over 256 characters") }
        return text
    }
    static func checkedStatus(_ object: JSONObject, _ allowed: [String], key: String) throws(ServiceRefusal) -> String? {
        guard let status = object[key]?.string else { return nil }
        guard allowed.contains(status) else { throw ServiceRefusal(code: "INVALID_REQUEST", message: "\(key) '\(status)' is not \(allowed.joined(separator: " or "))") }
        return status
    }

    /// The List Management API: the token's user's lists, read with the read permission and
    /// changed with the write permission (403 without, as Alexa answers).
    func addLists(to router: Router<BasicRequestContext>) {
        let services = self.services
        let api = API.lists
        let authorized: @Sendable (Request, Bool) -> Result<HostServices.Claims, ResponseError> = { request, writing in
            authorize(request, api, permission: writing ? Self.listsWrite : Self.listsRead)
        }
        /// Runs a change of the user's lists; a refusal or a failed write answers for it.
        let change: @Sendable (String, (inout [HouseholdLists.List]) throws -> Response) -> Response = { user, body in
            Self.answer(api, storing: "lists") { try services.lists.change(of: user, body) }
        }
        router.get("v2/householdlists") { request, _ in
            let access = authorized(request, false)
            guard case .success(let claims) = access else { return access.refusal }
            return Self.json(["lists": .array(services.lists.lists(of: claims.userID).map(\.metadataJSON))])
        }
        router.post("v2/householdlists") { request, _ in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let body = await Self.object(request, api, shape: "{\"name\": …} for a list, {\"value\": …, \"status\": …} for an item")
            guard case .success(let object) = body else { return body.refusal }
            return change(claims.userID) { lists in
                let name = try Self.checkedValue(object, key: "name")
                let state = try Self.checkedStatus(object, ["active", "archived"], key: "state") ?? "active"
                guard !lists.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw ServiceRefusal(status: 409, code: "CONFLICT", message: "a list named '\(name)' exists already")
                }
                guard lists.count < HouseholdLists.limit else { throw ServiceRefusal(code: "INVALID_REQUEST", message: "this user has \(HouseholdLists.limit) lists already") }
                let list = HouseholdLists.List(id: UUID().uuidString.lowercased(), name: name, state: state, version: 1, items: [])
                lists.append(list)
                return Self.json(list.metadataJSON, status: .created)
            }
        }
        router.put("v2/householdlists/:list") { request, context in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("list") ?? ""
            let body = await Self.object(request, api, shape: "{\"name\": …} for a list, {\"value\": …, \"status\": …} for an item")
            guard case .success(let object) = body else { return body.refusal }
            return change(claims.userID) { lists in
                guard let i = lists.firstIndex(where: { $0.id == id }) else { throw Self.notFound("list \(id)") }
                let name = try Self.checkedValue(object, key: "name")
                if HouseholdLists.defaultNames.contains(lists[i].name), name != lists[i].name {
                    throw ServiceRefusal(status: 403, code: "FORBIDDEN", message: "the default list '\(lists[i].name)' cannot be renamed")
                }
                if let version = object["version"]?.int, version != lists[i].version {
                    throw ServiceRefusal(status: 409, code: "CONFLICT", message: "list \(id) is at version \(lists[i].version), not \(version)")
                }
                lists[i].name = name
                lists[i].state = try Self.checkedStatus(object, ["active", "archived"], key: "state") ?? lists[i].state
                lists[i].version += 1
                return Self.json(lists[i].metadataJSON)
            }
        }
        router.delete("v2/householdlists/:list") { request, context in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("list") ?? ""
            return change(claims.userID) { lists in
                guard let i = lists.firstIndex(where: { $0.id == id }) else { throw Self.notFound("list \(id)") }
                guard !HouseholdLists.defaultNames.contains(lists[i].name) else {
                    throw ServiceRefusal(status: 403, code: "FORBIDDEN", message: "the default list '\(lists[i].name)' cannot be deleted")
                }
                lists.remove(at: i)
                return Response(status: .ok)
            }
        }
        router.get("v2/householdlists/:list/:status") { request, context in
            let access = authorized(request, false)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("list") ?? ""
            let status = context.parameters.get("status") ?? ""
            guard status == "active" || status == "completed" else { return api.error(.badRequest, "the status is active or completed, not '\(status)'") }
            guard let list = services.lists.lists(of: claims.userID).first(where: { $0.id == id }) else { return api.error(.notFound, "no list \(id) of this user") }
            return Self.json(list.json(status: status))
        }
        router.post("v2/householdlists/:list/items") { request, context in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let id = context.parameters.get("list") ?? ""
            let body = await Self.object(request, api, shape: "{\"name\": …} for a list, {\"value\": …, \"status\": …} for an item")
            guard case .success(let object) = body else { return body.refusal }
            return change(claims.userID) { lists in
                guard let i = lists.firstIndex(where: { $0.id == id }) else { throw Self.notFound("list \(id)") }
                let value = try Self.checkedValue(object, key: "value")
                let status = try Self.checkedStatus(object, ["active", "completed"], key: "status") ?? "active"
                guard lists[i].items.count < HouseholdLists.limit else { throw ServiceRefusal(code: "INVALID_REQUEST", message: "list \(id) holds \(HouseholdLists.limit) items already") }
                let now = Date()
                let item = HouseholdLists.Item(id: UUID().uuidString.lowercased(), value: value, status: status, version: 1, created: now, updated: now)
                lists[i].items.append(item)
                return Self.json(item.json(list: id), status: .created)
            }
        }
        router.get("v2/householdlists/:list/items/:item") { request, context in
            let access = authorized(request, false)
            guard case .success(let claims) = access else { return access.refusal }
            let (id, itemID) = (context.parameters.get("list") ?? "", context.parameters.get("item") ?? "")
            guard let item = services.lists.lists(of: claims.userID).first(where: { $0.id == id })?.items.first(where: { $0.id == itemID }) else {
                return api.error(.notFound, "no item \(itemID) in list \(id) of this user")
            }
            return Self.json(item.json(list: id))
        }
        router.put("v2/householdlists/:list/items/:item") { request, context in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let (id, itemID) = (context.parameters.get("list") ?? "", context.parameters.get("item") ?? "")
            let body = await Self.object(request, api, shape: "{\"name\": …} for a list, {\"value\": …, \"status\": …} for an item")
            guard case .success(let object) = body else { return body.refusal }
            return change(claims.userID) { lists in
                guard let i = lists.firstIndex(where: { $0.id == id }), let j = lists[i].items.firstIndex(where: { $0.id == itemID }) else {
                    throw Self.notFound("item \(itemID) in list \(id)")
                }
                if let version = object["version"]?.int, version != lists[i].items[j].version {
                    throw ServiceRefusal(status: 409, code: "CONFLICT", message: "item \(itemID) is at version \(lists[i].items[j].version), not \(version)")
                }
                if object["value"] != nil { lists[i].items[j].value = try Self.checkedValue(object, key: "value") }
                lists[i].items[j].status = try Self.checkedStatus(object, ["active", "completed"], key: "status") ?? lists[i].items[j].status
                lists[i].items[j].version += 1
                lists[i].items[j].updated = Date()
                return Self.json(lists[i].items[j].json(list: id))
            }
        }
        router.delete("v2/householdlists/:list/items/:item") { request, context in
            let access = authorized(request, true)
            guard case .success(let claims) = access else { return access.refusal }
            let (id, itemID) = (context.parameters.get("list") ?? "", context.parameters.get("item") ?? "")
            return change(claims.userID) { lists in
                guard let i = lists.firstIndex(where: { $0.id == id }), let j = lists[i].items.firstIndex(where: { $0.id == itemID }) else {
                    throw Self.notFound("item \(itemID) in list \(id)")
                }
                lists[i].items.remove(at: j)
                return Response(status: .ok)
            }
        }
    }
}

extension Result where Failure == ServiceAPI.ResponseError {
    /// The API's answer to a request refused.
    var refusal: Response {
        guard case .failure(let refused) = self else { return Response(status: .internalServerError) }
        return refused.response
    }
}
