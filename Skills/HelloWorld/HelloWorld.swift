// HelloWorld: a faithful port of the Alexa Skills Kit hello-world sample (the first seed),
// handler for handler, in the order the sample registers them.
import SkillKit

enum HelloWorld: ExportedSkill {
    static let manifest = SkillManifest(id: "com.skillhost.examples.helloworld", name: "HelloWorld", version: "1.0.0")
    static let interactionModel = helloWorldInteractionModel

    static func makeSkill() -> Skill {
        SkillBuilders.custom()
            .addRequestHandlers(
                LaunchRequestHandler(),
                HelloWorldIntentHandler(),
                HelpIntentHandler(),
                CancelAndStopIntentHandler(),
                FallbackIntentHandler(),
                SessionEndedRequestHandler(),
                IntentReflectorHandler()  // last, so it doesn't override the handlers above
            )
            .addErrorHandlers(ErrorHandlerLast())
            .create()
    }
}

@c(skillhost_create_skill_v1)
public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
    HelloWorld.export(host)
}

struct LaunchRequestHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.requestType == .launch
    }

    func handle(_ input: HandlerInput) -> Response {
        let speakOutput = "Welcome, you can say Hello or Help. Which would you like to try?"
        return input.responseBuilder
            .speak(speakOutput)
            .reprompt(speakOutput)
            .getResponse()
    }
}

struct HelloWorldIntentHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.isIntent("HelloWorldIntent")
    }

    func handle(_ input: HandlerInput) -> Response {
        // As in the sample, no reprompt: shouldEndSession stays omitted, so the session stays
        // open without asking a question.
        input.responseBuilder
            .speak("Hello World!")
            .getResponse()
    }
}

struct HelpIntentHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.isIntent(.help)
    }

    func handle(_ input: HandlerInput) -> Response {
        let speakOutput = "You can say hello to me! How can I help?"
        return input.responseBuilder
            .speak(speakOutput)
            .reprompt(speakOutput)
            .getResponse()
    }
}

struct CancelAndStopIntentHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.isIntent(.cancel, .stop)
    }

    func handle(_ input: HandlerInput) -> Response {
        input.responseBuilder
            .speak("Goodbye!")
            .withShouldEndSession(true)
            .getResponse()
    }
}

/// AMAZON.FallbackIntent: the user said something that maps to no intent in the skill.
struct FallbackIntentHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.isIntent(.fallback)
    }

    func handle(_ input: HandlerInput) -> Response {
        let speakOutput = "Sorry, I don't know about that. Please try again."
        return input.responseBuilder
            .speak(speakOutput)
            .reprompt(speakOutput)
            .getResponse()
    }
}

/// The session ended: the user said "exit", didn't answer, or an error occurred.
struct SessionEndedRequestHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.requestType == .sessionEnded
    }

    func handle(_ input: HandlerInput) -> Response {
        let reason = input.requestEnvelope.request.reason?.rawValue ?? "unknown"
        input.host.log(.info, "Session ended: \(reason)")
        // Any cleanup logic goes here.
        return input.responseBuilder.getResponse()  // notice we send an empty response
    }
}

/// For testing and debugging an interaction model: repeats the intent the user just triggered.
struct IntentReflectorHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool {
        input.requestType == .intent
    }

    func handle(_ input: HandlerInput) -> Response {
        let intentName = input.intentName?.rawValue ?? ""
        return input.responseBuilder
            .speak("You just triggered \(intentName)")
            .getResponse()
    }
}

/// Catches every error: syntax or routing errors included. A message naming the error goes to
/// the host's log; the user hears a generic apology.
struct ErrorHandlerLast: ErrorHandler {
    func canHandle(_ input: HandlerInput, error: any Error) -> Bool { true }

    func handle(_ input: HandlerInput, error: any Error) -> Response {
        let speakOutput = "Sorry, I had trouble doing what you asked. Please try again."
        input.host.log(.error, "Error handled: \(error)")
        return input.responseBuilder
            .speak(speakOutput)
            .reprompt(speakOutput)
            .getResponse()
    }
}
