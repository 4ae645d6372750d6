import SkillModel

/// One call to Alexa's service APIs: what a client sends through the host.
public struct ServiceCall: Sendable, Equatable {
    public let method: String
    /// From the API endpoint's root: `/v1/alerts/reminders`.
    public let path: String
    /// The request's `apiAccessToken`.
    public let token: String
    public let body: JSONValue?

    public init(method: String, path: String, token: String, body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.token = token
        self.body = body
    }

    var json: JSONValue {
        var object: JSONObject = ["method": .string(method), "path": .string(path), "token": .string(token)]
        if let body { object["body"] = body }
        return .object(object)
    }
}

/// What a service API answered: its HTTP status and JSON body (nil when it sent none).
public struct ServiceAnswer: Sendable, Equatable {
    public let statusCode: Int
    public let body: JSONValue?

    public init(statusCode: Int, body: JSONValue?) {
        self.statusCode = statusCode
        self.body = body
    }
}

/// A service API call that failed, as the Alexa SDKs' `ServiceError` says it: the HTTP status
/// (0 when no answer came), the API's message, and its error body (`{"code": …}`,
/// `{"type": …}`). A 401 or 403 usually means the user has not granted the permission: answer
/// with `ResponseBuilder.askForPermissionsConsentCard`.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let statusCode: Int
    public let message: String
    public let body: JSONValue?

    public init(statusCode: Int, message: String, body: JSONValue? = nil) {
        self.statusCode = statusCode
        self.message = message
        self.body = body
    }

    /// The API's own error code (`INVALID_TRIGGER`, `FORBIDDEN`, …), when it gave one.
    public var code: String? { body?["code"]?.string ?? body?["type"]?.string }

    public var description: String {
        statusCode == 0 ? message : "HTTP \(statusCode)\(code.map { " \($0)" } ?? ""): \(message)"
    }
}

/// The service clients of this turn's request, with the Alexa SDK's names (Node's
/// `serviceClientFactory.getReminderManagementServiceClient()`, Python's
/// `service_client_factory.get_reminder_management_service()`): each call carries the
/// request's `apiAccessToken` to the host, which answers from the same service APIs a remote
/// skill's SDK reaches at `apiEndpoint`. Bodies and answers are the APIs' JSON, as Alexa
/// documents them.
///
/// ```swift
/// let reminders = handlerInput.serviceClientFactory.getReminderManagementServiceClient()
/// do {
///     try await reminders.createReminder(["trigger": ["type": "SCHEDULED_RELATIVE", "offsetInSeconds": 600], …])
/// } catch let error as ServiceError where error.statusCode == 401 || error.statusCode == 403 {
///     return handlerInput.responseBuilder.speak("Please let me set reminders.")
///         .askForPermissionsConsentCard(["alexa::alerts:reminders:skill:readwrite"]).response
/// }
/// ```
public struct ServiceClientFactory: Sendable {
    let client: ServiceClient

    init(host: HostServices, envelope: RequestEnvelope) {
        let system = envelope.context["System"]
        client = ServiceClient(host: host, token: system?["apiAccessToken"]?.string ?? "", requestID: envelope.request.requestID)
    }

    public func getReminderManagementServiceClient() -> ReminderManagementServiceClient { ReminderManagementServiceClient(client: client) }
    public func getTimerManagementServiceClient() -> TimerManagementServiceClient { TimerManagementServiceClient(client: client) }
    public func getListManagementServiceClient() -> ListManagementServiceClient { ListManagementServiceClient(client: client) }
    public func getUpsServiceClient() -> UpsServiceClient { UpsServiceClient(client: client) }
    public func getDeviceAddressServiceClient() -> DeviceAddressServiceClient { DeviceAddressServiceClient(client: client) }
    public func getDirectiveServiceClient() -> DirectiveServiceClient { DirectiveServiceClient(client: client) }
}

/// What every client sends with: the host, the turn's token.
struct ServiceClient: Sendable {
    let host: HostServices
    let token: String
    let requestID: String

    /// The answer's body when the status is 2xx; else the `ServiceError` it makes.
    @discardableResult
    func invoke(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws(ServiceError) -> JSONValue? {
        guard !token.isEmpty else {
            throw ServiceError(statusCode: 0, message: "the request carries no apiAccessToken: the host serves no service APIs to this turn")
        }
        let answer = try await host.callAPI(ServiceCall(method: method, path: path, token: token, body: body))
        guard (200..<300).contains(answer.statusCode) else {
            let message = answer.body?["message"]?.string ?? "\(method) \(path) answered HTTP \(answer.statusCode)"
            throw ServiceError(statusCode: answer.statusCode, message: message, body: answer.body)
        }
        return answer.body
    }

    /// A path segment made safe: what is not a letter, a digit or `-._~` percent-encoded.
    static func segment(_ text: String) -> String { PercentEncoding.unreserved(text) }
}

/// Reminders (`alexa::alerts:reminders:skill:readwrite`): they fire at their time, said by the
/// host as this skill.
public struct ReminderManagementServiceClient: Sendable {
    let client: ServiceClient

    /// `{"alertToken", "status", …}`.
    @discardableResult
    public func createReminder(_ reminderRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("POST", "/v1/alerts/reminders", reminderRequest)
    }

    /// `{"totalCount", "alerts": […]}`: this skill's reminders for the user.
    public func getReminders() async throws(ServiceError) -> JSONValue? { try await client.invoke("GET", "/v1/alerts/reminders") }

    public func getReminder(_ alertToken: String) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("GET", "/v1/alerts/reminders/" + ServiceClient.segment(alertToken))
    }

    @discardableResult
    public func updateReminder(_ alertToken: String, _ reminderRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("PUT", "/v1/alerts/reminders/" + ServiceClient.segment(alertToken), reminderRequest)
    }

    public func deleteReminder(_ alertToken: String) async throws(ServiceError) {
        try await client.invoke("DELETE", "/v1/alerts/reminders/" + ServiceClient.segment(alertToken))
    }
}

/// Timers (`alexa::alerts:timers:skill:readwrite`).
public struct TimerManagementServiceClient: Sendable {
    let client: ServiceClient

    /// `{"id", "status", "duration", "triggerTime", …}`.
    @discardableResult
    public func createTimer(_ timerRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("POST", "/v1/alerts/timers", timerRequest)
    }

    public func getTimers() async throws(ServiceError) -> JSONValue? { try await client.invoke("GET", "/v1/alerts/timers") }
    public func getTimer(_ id: String) async throws(ServiceError) -> JSONValue? { try await client.invoke("GET", "/v1/alerts/timers/" + ServiceClient.segment(id)) }
    public func deleteTimer(_ id: String) async throws(ServiceError) { try await client.invoke("DELETE", "/v1/alerts/timers/" + ServiceClient.segment(id)) }
    public func deleteTimers() async throws(ServiceError) { try await client.invoke("DELETE", "/v1/alerts/timers") }
    public func pauseTimer(_ id: String) async throws(ServiceError) { try await client.invoke("POST", "/v1/alerts/timers/\(ServiceClient.segment(id))/pause") }
    public func resumeTimer(_ id: String) async throws(ServiceError) { try await client.invoke("POST", "/v1/alerts/timers/\(ServiceClient.segment(id))/resume") }
}

/// The user's household lists — the Alexa shopping and to-do lists and the lists skills make —
/// shared by every skill the user allows (`alexa::household:lists:read`, `…:write`).
public struct ListManagementServiceClient: Sendable {
    let client: ServiceClient

    /// `{"lists": [{"listId", "name", "state", "version", "statusMap"}]}`.
    public func getListsMetadata() async throws(ServiceError) -> JSONValue? { try await client.invoke("GET", "/v2/householdlists") }

    /// The list with its items of `status` ("active" or "completed").
    public func getList(_ listId: String, _ status: String = "active") async throws(ServiceError) -> JSONValue? {
        try await client.invoke("GET", "/v2/householdlists/\(ServiceClient.segment(listId))/\(ServiceClient.segment(status))")
    }

    @discardableResult
    public func createList(_ createListRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("POST", "/v2/householdlists", createListRequest)
    }

    @discardableResult
    public func updateList(_ listId: String, _ updateListRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("PUT", "/v2/householdlists/" + ServiceClient.segment(listId), updateListRequest)
    }

    public func deleteList(_ listId: String) async throws(ServiceError) {
        try await client.invoke("DELETE", "/v2/householdlists/" + ServiceClient.segment(listId))
    }

    /// `{"value": "milk", "status": "active"}` → the item, with its id and version.
    @discardableResult
    public func createListItem(_ listId: String, _ createListItemRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("POST", "/v2/householdlists/\(ServiceClient.segment(listId))/items", createListItemRequest)
    }

    public func getListItem(_ listId: String, _ itemId: String) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("GET", "/v2/householdlists/\(ServiceClient.segment(listId))/items/\(ServiceClient.segment(itemId))")
    }

    /// `{"value", "status", "version"}`: a stale version is a 409.
    @discardableResult
    public func updateListItem(_ listId: String, _ itemId: String, _ updateListItemRequest: JSONValue) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("PUT", "/v2/householdlists/\(ServiceClient.segment(listId))/items/\(ServiceClient.segment(itemId))", updateListItemRequest)
    }

    public func deleteListItem(_ listId: String, _ itemId: String) async throws(ServiceError) {
        try await client.invoke("DELETE", "/v2/householdlists/\(ServiceClient.segment(listId))/items/\(ServiceClient.segment(itemId))")
    }
}

/// The customer's profile (`alexa::profile:…:read`) and the device's settings (no permission).
public struct UpsServiceClient: Sendable {
    let client: ServiceClient

    public func getProfileName() async throws(ServiceError) -> String? { try await client.invoke("GET", "/v2/accounts/~current/settings/Profile.name")?.string }
    public func getProfileGivenName() async throws(ServiceError) -> String? { try await client.invoke("GET", "/v2/accounts/~current/settings/Profile.givenName")?.string }
    public func getProfileEmail() async throws(ServiceError) -> String? { try await client.invoke("GET", "/v2/accounts/~current/settings/Profile.email")?.string }
    /// `{"countryCode", "phoneNumber"}`.
    public func getProfileMobileNumber() async throws(ServiceError) -> JSONValue? { try await client.invoke("GET", "/v2/accounts/~current/settings/Profile.mobileNumber") }
    public func getSystemTimeZone(_ deviceId: String) async throws(ServiceError) -> String? { try await setting(deviceId, "System.timeZone") }
    /// METRIC or IMPERIAL.
    public func getSystemDistanceUnits(_ deviceId: String) async throws(ServiceError) -> String? { try await setting(deviceId, "System.distanceUnits") }
    /// CELSIUS or FAHRENHEIT.
    public func getSystemTemperatureUnit(_ deviceId: String) async throws(ServiceError) -> String? { try await setting(deviceId, "System.temperatureUnit") }

    private func setting(_ deviceId: String, _ name: String) async throws(ServiceError) -> String? {
        try await client.invoke("GET", "/v2/devices/\(ServiceClient.segment(deviceId))/settings/\(name)")?.string
    }
}

/// The device's address (`read::alexa:device:all:address`, `…:country_and_postal_code`); nil
/// when none was entered.
public struct DeviceAddressServiceClient: Sendable {
    let client: ServiceClient

    public func getFullAddress(_ deviceId: String) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("GET", "/v1/devices/\(ServiceClient.segment(deviceId))/settings/address")
    }

    public func getCountryAndPostalCode(_ deviceId: String) async throws(ServiceError) -> JSONValue? {
        try await client.invoke("GET", "/v1/devices/\(ServiceClient.segment(deviceId))/settings/address/countryAndPostalCode")
    }
}

/// Progressive responses: something said while the skill works on its answer.
public struct DirectiveServiceClient: Sendable {
    let client: ServiceClient

    /// Sends `{"header": {"requestId"}, "directive": {"type": "VoicePlayer.Speak", "speech"}}`.
    public func enqueue(_ sendDirectiveRequest: JSONValue) async throws(ServiceError) {
        try await client.invoke("POST", "/v1/directives", sendDirectiveRequest)
    }

    /// Says `speech` (text or SSML) now, before this turn's answer.
    public func speak(_ speech: String) async throws(ServiceError) {
        try await enqueue(["header": ["requestId": .string(client.requestID)], "directive": ["type": "VoicePlayer.Speak", "speech": .string(speech)]])
    }
}

extension HandlerInput {
    /// This turn's service clients (`getReminderManagementServiceClient()`, …).
    public var serviceClientFactory: ServiceClientFactory { ServiceClientFactory(host: host, envelope: requestEnvelope) }
}
