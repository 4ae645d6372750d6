// ListOMat: a port of List-o-Mat (the second seed), the to-do list manager whose Intents
// extension answers Siri in the lists-and-notes domain. Each intent is written as the seed
// writes it — resolve → confirm → handle — and the lists live in the app group the app and
// its extension share, so `skillhost storage` (the "app") sees and edits the same lists. With
// the user's permission it also reads the Alexa household lists (the List Management API the
// host serves, through SkillKit's service client), which every skill the user allows shares.
import SkillKit

enum ListOMat: ExportedSkill {
    static let appGroup = "group.com.app-o-mat.ListOMat"
    static let manifest = SkillManifest(
        id: "com.app-o-mat.listomat", name: "ListOMat", version: "1.0.0",
        invocationNames: ["list-o-mat", "listomat"], appGroups: [appGroup],
        permissions: [householdListsPermission])
    static let householdListsPermission = "alexa::household:lists:read"
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

    func handle(_ input: HandlerInput) async throws -> Response {
        let names = try ListStore(input).load().map(\.name)
        var speech = names.isEmpty ? "You have no lists yet." : names.count == 1 ? "Your only list is \(SSML.escape(names[0]))." : "Your lists are \(SSML.escape(ResolvingRequestHandler.spokenList(names)))."
        if let household = await Self.householdLists(input) { speech += " " + household }
        return input.responseBuilder.speak(speech).getResponse()
    }

    /// What is on the user's Alexa household lists, when the user lets List-o-Mat read them;
    /// nil when not (the user grants it in the Alexa app, or `:grant listomat`).
    static func householdLists(_ input: HandlerInput) async -> String? {
        let client = input.serviceClientFactory.getListManagementServiceClient()
        do {
            var said: [String] = []
            for list in try await client.getListsMetadata()?["lists"]?.array ?? [] where list["state"]?.string == "active" {
                guard let id = list["listId"]?.string, let name = list["name"]?.string else { continue }
                let items = (try await client.getList(id, "active")?["items"]?.array ?? []).compactMap { $0["value"]?.string }
                said.append(items.isEmpty ? "Your \(name) is empty." : "Your \(name) has \(ResolvingRequestHandler.spokenList(items)).")
            }
            return said.isEmpty ? nil : SSML.escape(said.joined(separator: " "))
        } catch {
            // Not granted, or no service APIs here: List-o-Mat's own lists are the answer.
            if error.statusCode != 0, error.statusCode != 401, error.statusCode != 403 { input.host.log(.warning, "household lists: \(error)") }
            return nil
        }
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
