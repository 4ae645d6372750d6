/// What a `resolve` says about one parameter (slot), as SiriKit's resolution results.
public enum ResolutionResult: Sendable, Equatable {
    /// The value to use (it replaces what the user said: "grocery" → "Grocery Store").
    case success(String)
    /// Several values to use, for a parameter that takes a list ("rice, onions and olives").
    case successValues([String])
    /// Ask for the value; nil uses the parameter's own question.
    case needsValue(prompt: String? = nil)
    /// The parameter does not matter for this request.
    case notRequired
    /// The value cannot be used: the reason is spoken and the value asked for again.
    case unsupported(reason: String)
    /// Probably this value: "Did you mean Grocery Store?" — yes uses it, no asks again.
    case confirmationRequired(String, prompt: String? = nil)
    /// One of these: "Which list: Grocery Store or Hardware Store?" — the answer ("the grocery
    /// one", "the second", "hardware store") picks one.
    case disambiguation([String], prompt: String? = nil)
}

/// What `confirm` says once every parameter is resolved.
public enum ConfirmationResult: Sendable, Equatable {
    case ready
    /// The intent cannot be handled now; the reason is spoken.
    case failure(reason: String)
    /// Ask the user first ("Delete Hardware Store and its three items?"), as Siri confirms a
    /// consequential intent: yes handles it, no speaks `denied` and handles nothing.
    case askUser(prompt: String, denied: String = "Okay, I won't.")
}

/// The outcome of `handle`, as SiriKit's intent response codes.
public enum ResponseCode: String, Sendable, Hashable, CaseIterable {
    case success, failure, inProgress, ready, continueInApp, failureRequiringAppLaunch, unspecified
}

/// What `handle` returns: a code and the parameters its response template speaks.
public struct IntentResponse: Sendable, Equatable {
    public var code: ResponseCode
    public var parameters: [String: String]
    /// Whether the session ends after the response; by default it stays open, so the user
    /// can go on talking to the skill.
    public var endsSession: Bool

    public init(code: ResponseCode, parameters: [String: String] = [:], endsSession: Bool = false) {
        self.code = code
        self.parameters = parameters
        self.endsSession = endsSession
    }

    public static func success(_ parameters: [String: String] = [:]) -> IntentResponse { IntentResponse(code: .success, parameters: parameters) }
    public static func failure(_ parameters: [String: String] = [:]) -> IntentResponse { IntentResponse(code: .failure, parameters: parameters) }
}

/// One parameter an intent resolves: the slot, the question that asks for it, and the noun a
/// disambiguation names ("Which list: …?").
public struct IntentParameter: Sendable {
    public let slot: SlotName
    public let prompt: String
    public let noun: String

    public init(_ slot: SlotName, prompt: String, noun: String = "one") {
        self.slot = slot
        self.prompt = prompt
        self.noun = noun
    }
}

/// The intent during resolution: each parameter's values, resolved ones replaced by what
/// their `resolve` returned.
public struct ResolvingIntent: Sendable {
    public let intent: Intent
    public let name: IntentName

    init(_ intent: Intent) {
        self.intent = intent
        self.name = intent.name
    }

    /// The parameter's value: what the user said, or what `resolve` made of it.
    public func value(_ slot: SlotName) -> String? { values(slot).first }
    /// Every value of a parameter that takes a list.
    public func values(_ slot: SlotName) -> [String] { intent[slot: slot]?.values.map(\.value) ?? [] }
    /// The slot itself, with its entity resolutions.
    public func slot(_ slot: SlotName) -> Slot? { intent[slot: slot] }
}

/// An intent handled as SiriKit handles one: resolve each parameter, confirm, handle. Add it
/// to a skill with `ResolvingRequestHandler(handler)`; SkillKit turns each result into the
/// dialog directive that asks the user, so the host runs the conversation.
///
/// ```swift
/// struct ShowList: ResolvingIntentHandler {
///     let intentName: IntentName = "ShowListIntent"
///     let parameters = [IntentParameter("listName", prompt: "Which list?", noun: "list")]
///     let responseTemplates: [ResponseCode: String] = [.success: "{list} has {items}."]
///     func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) -> ResolutionResult { … }
///     func handle(_ intent: ResolvingIntent, input: HandlerInput) -> IntentResponse { … }
/// }
/// ```
public protocol ResolvingIntentHandler: Sendable {
    var intentName: IntentName { get }
    /// The parameters, in the order they are resolved.
    var parameters: [IntentParameter] { get }
    /// What each response code says; `{name}` is replaced by the response's parameter.
    var responseTemplates: [ResponseCode: String] { get }
    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) async throws -> ResolutionResult
    func confirm(_ intent: ResolvingIntent, input: HandlerInput) async throws -> ConfirmationResult
    func handle(_ intent: ResolvingIntent, input: HandlerInput) async throws -> IntentResponse
}

extension ResolvingIntentHandler {
    public func confirm(_ intent: ResolvingIntent, input: HandlerInput) async throws -> ConfirmationResult { .ready }
    public var responseTemplates: [ResponseCode: String] { [:] }
}
