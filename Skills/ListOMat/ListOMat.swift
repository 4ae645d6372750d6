// ListOMat: a port of List-o-Mat (the second seed), the to-do list manager whose Intents
// extension answers Siri in the lists-and-notes domain. Each intent is written as the seed
// writes it — resolve → confirm → handle — and the lists live in the app group the app and
// its extension share, so `skillhost storage` (the "app") sees and edits the same lists.
import SkillKit

enum ListOMat: ExportedSkill {
    static let appGroup = "group.com.app-o-mat.ListOMat"
    static let manifest = SkillManifest(
        id: "com.app-o-mat.listomat", name: "ListOMat", version: "1.0.0",
        invocationNames: ["list-o-mat", "listomat"], appGroups: [appGroup])
    static let interactionModel = listOMatInteractionModel

    static func makeSkill() -> Skill {
        SkillBuilders.custom()
            .addRequestHandlers(
                LaunchHandler(),
                ResolvingRequestHandler(CreateList()),
                ResolvingRequestHandler(SearchList()),
                ResolvingRequestHandler(AddItems()),
                ResolvingRequestHandler(CheckItem()),
                ResolvingRequestHandler(DeleteList()),
                ListListsHandler(),
                HelpHandler(),
                StopHandler(),
                FallbackHandler(),
                SessionEndedHandler())
            .addErrorHandlers(SpeakErrors())
            .create()
    }
}

@c(skillhost_create_skill_v1)
public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
    ListOMat.export(host)
}

struct LaunchHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .launch }

    func handle(_ input: HandlerInput) throws -> Response {
        let lists = try ListStore(input).load()
        let speech = lists.isEmpty
            ? "Welcome to List-o-Mat. You have no lists yet. Say, make a new list called groceries."
            : "Welcome to List-o-Mat. You have \(lists.count == 1 ? "one list" : "\(lists.count) lists"): \(SSML.escape(ResolvingRequestHandler.spokenList(lists.map(\.name)))). What would you like to do?"
        return input.responseBuilder.speak(speech).reprompt("You can show a list, add items to a list, or check an item off.").getResponse()
    }
}

struct ListListsHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.isIntent("ListListsIntent") }

    func handle(_ input: HandlerInput) throws -> Response {
        let names = try ListStore(input).load().map(\.name)
        let speech = names.isEmpty ? "You have no lists yet." : names.count == 1 ? "Your only list is \(SSML.escape(names[0]))." : "Your lists are \(SSML.escape(ResolvingRequestHandler.spokenList(names)))."
        return input.responseBuilder.speak(speech).getResponse()
    }
}

struct HelpHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.help) }

    func handle(_ input: HandlerInput) -> Response {
        let speech = "You can say: make a new list called grocery store; add rice, onions and olives to the grocery list; show me the grocery store list; check off rice; or delete the grocery store list."
        return input.responseBuilder.speak(speech).reprompt("What would you like to do?").getResponse()
    }
}

struct StopHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.stop, .cancel, "AMAZON.NavigateHomeIntent") }

    func handle(_ input: HandlerInput) -> Response {
        input.responseBuilder.speak("Goodbye!").withShouldEndSession(true).getResponse()
    }
}

struct FallbackHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.fallback) }

    func handle(_ input: HandlerInput) -> Response {
        let speech = "Sorry, List-o-Mat can't help with that. You can make, show and add to lists."
        return input.responseBuilder.speak(speech).reprompt("What would you like to do?").getResponse()
    }
}

struct SessionEndedHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .sessionEnded }
    func handle(_ input: HandlerInput) -> Response { input.responseBuilder.getResponse() }
}

struct SpeakErrors: ErrorHandler {
    func canHandle(_ input: HandlerInput, error: any Error) -> Bool { true }

    func handle(_ input: HandlerInput, error: any Error) -> Response {
        input.host.log(.error, "ListOMat: \(error)")
        return input.responseBuilder.speak(escaping: "Sorry, List-o-Mat couldn't do that: \(String(describing: error))").getResponse()
    }
}
