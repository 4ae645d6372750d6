/// A built skill: its handlers, interceptors and error handlers, frozen. Turns a request
/// envelope into a response envelope, as the Alexa SDK's `skill.invoke`.
public struct Skill: Sendable {
    let requestHandlers: [any RequestHandler]
    let errorHandlers: [any ErrorHandler]
    let requestInterceptors: [any RequestInterceptor]
    let responseInterceptors: [any ResponseInterceptor]
    let persistenceKey: PersistenceKey

    /// Runs one turn: request interceptors, the first request handler that accepts, response
    /// interceptors. An error from any of them goes to the first error handler that accepts it;
    /// with none, it is rethrown.
    public func invoke(_ envelope: RequestEnvelope, host: HostServices = HostServices()) async throws -> ResponseEnvelope {
        let input = HandlerInput(requestEnvelope: envelope, host: host, persistenceKey: persistenceKey)
        var response: Response
        do {
            response = try await dispatch(input)
        } catch {
            guard let handler = await errorHandler(for: input, error: error) else { throw error }
            response = try await handler.handle(input, error: error)
        }
        return ResponseEnvelope(response: response, sessionAttributes: input.attributesManager.hasSession ? input.attributesManager.sessionAttributes : nil)
    }

    private func dispatch(_ input: HandlerInput) async throws -> Response {
        for interceptor in requestInterceptors { try await interceptor.process(input) }
        for handler in requestHandlers where try await handler.canHandle(input) {
            var response = try await handler.handle(input)
            for interceptor in responseInterceptors { try await interceptor.process(input, response: &response) }
            return response
        }
        let request = input.requestEnvelope.request
        throw SkillError.noHandler(requestType: request.type, intent: request.intent?.name, asked: requestHandlers.map(handlerName))
    }

    private func errorHandler(for input: HandlerInput, error: any Error) async -> (any ErrorHandler)? {
        for handler in errorHandlers where await handler.canHandle(input, error: error) { return handler }
        return nil
    }
}

/// Entry point for building a skill, as the Alexa SDK's `Alexa.SkillBuilders.custom()`.
public enum SkillBuilders {
    public static func custom() -> SkillBuilder { SkillBuilder() }
}

/// Collects handlers and interceptors, then freezes them into a `Skill`.
public struct SkillBuilder: Sendable {
    private var requestHandlers: [any RequestHandler] = []
    private var errorHandlers: [any ErrorHandler] = []
    private var requestInterceptors: [any RequestInterceptor] = []
    private var responseInterceptors: [any ResponseInterceptor] = []
    private var persistenceKey: PersistenceKey = .userID

    public init() {}

    /// What partitions persistent attributes: the user (the default) or the device.
    public func withPersistenceKey(_ key: PersistenceKey) -> SkillBuilder {
        var copy = self
        copy.persistenceKey = key
        return copy
    }

    /// Adds request handlers; they are asked in the order added.
    public func addRequestHandlers(_ handlers: any RequestHandler...) -> SkillBuilder {
        var copy = self
        copy.requestHandlers += handlers
        return copy
    }

    /// Adds error handlers; they are asked in the order added.
    public func addErrorHandlers(_ handlers: any ErrorHandler...) -> SkillBuilder {
        var copy = self
        copy.errorHandlers += handlers
        return copy
    }

    public func addRequestInterceptors(_ interceptors: any RequestInterceptor...) -> SkillBuilder {
        var copy = self
        copy.requestInterceptors += interceptors
        return copy
    }

    public func addResponseInterceptors(_ interceptors: any ResponseInterceptor...) -> SkillBuilder {
        var copy = self
        copy.responseInterceptors += interceptors
        return copy
    }

    /// The frozen skill.
    public func create() -> Skill {
        Skill(requestHandlers: requestHandlers, errorHandlers: errorHandlers, requestInterceptors: requestInterceptors, responseInterceptors: responseInterceptors, persistenceKey: persistenceKey)
    }
}
