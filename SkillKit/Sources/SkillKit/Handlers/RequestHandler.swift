@_exported import SkillModel
@_exported import CSkillABI

/// Handles the requests it says it can: the unit a skill is built from, as in the Alexa SDK.
///
/// The skill asks its request handlers in the order they were added; the first whose
/// `canHandle` returns true handles the request.
public protocol RequestHandler: Sendable {
    /// Whether this handler takes the request. Called on every turn until one says yes.
    func canHandle(_ input: HandlerInput) async throws -> Bool
    /// Handles the request and returns the response, usually `input.responseBuilder.getResponse()`.
    func handle(_ input: HandlerInput) async throws -> Response
}

/// Handles an error thrown by an interceptor or a handler, or the failure to find a handler.
public protocol ErrorHandler: Sendable {
    func canHandle(_ input: HandlerInput, error: any Error) async -> Bool
    func handle(_ input: HandlerInput, error: any Error) async throws -> Response
}

/// Runs before the request handler on every turn, in the order added (loading state, logging).
public protocol RequestInterceptor: Sendable {
    func process(_ input: HandlerInput) async throws
}

/// Runs after the request handler on every turn, in the order added; may change the response.
public protocol ResponseInterceptor: Sendable {
    func process(_ input: HandlerInput, response: inout Response) async throws
}

/// A request handler from two closures, for handlers too small to deserve a type.
public struct ClosureRequestHandler: RequestHandler {
    public let name: String
    private let canHandleBody: @Sendable (HandlerInput) async throws -> Bool
    private let handleBody: @Sendable (HandlerInput) async throws -> Response

    public init(name: String, canHandle: @escaping @Sendable (HandlerInput) async throws -> Bool, handle: @escaping @Sendable (HandlerInput) async throws -> Response) {
        self.name = name
        self.canHandleBody = canHandle
        self.handleBody = handle
    }

    public func canHandle(_ input: HandlerInput) async throws -> Bool { try await canHandleBody(input) }
    public func handle(_ input: HandlerInput) async throws -> Response { try await handleBody(input) }
}

/// The name a handler goes by in error messages and traces.
func handlerName(_ handler: Any) -> String {
    if let closure = handler as? ClosureRequestHandler { return closure.name }
    return String(describing: type(of: handler))
}
