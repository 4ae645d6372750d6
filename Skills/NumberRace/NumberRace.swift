// NumberRace: a port of the third seed's Intents extension. SolveGameIntent collects a target
// and six numbers — each resolved as the seed resolves them, asking again (needsValue) for a
// missing one and refusing one the game does not have — then the solver answers "I've found a
// solution: …" or "I could only find a solution N away: …". The seed ends with Siri asking
// for the second number again and again; here the bare answer fills the slot asked for.
import SkillKit

enum NumberRace: ExportedSkill {
    static let manifest = SkillManifest(id: "com.skillhost.examples.numberrace", name: "NumberRace", version: "1.0.0", invocationNames: ["numbers race"])
    static let interactionModel = numberRaceInteractionModel

    static func makeSkill() -> Skill {
        SkillBuilders.custom()
            .addRequestHandlers(
                ClosureRequestHandler(name: "Launch", canHandle: { $0.requestType == .launch }) { input in
                    input.responseBuilder
                        .speak("Welcome to Number Race. Tell me the six numbers and the target, and I'll find a solution. Say, solve a game.")
                        .reprompt("Say, solve a game.")
                        .getResponse()
                },
                ResolvingRequestHandler(SolveGame()),
                ClosureRequestHandler(name: "Help", canHandle: { $0.isIntent(.help) }) { input in
                    input.responseBuilder
                        .speak("I'll ask for a target between 100 and 999 and six numbers: one to ten, 25, 50, 75 or 100. Then I'll solve it with plus, minus, times and divide. Say, solve a game.")
                        .reprompt("Say, solve a game.")
                        .getResponse()
                },
                ClosureRequestHandler(name: "Start over", canHandle: { $0.isIntent("AMAZON.StartOverIntent") }) { input in
                    input.responseBuilder.speak("Starting over. What's the target?").addElicitSlotDirective("target", Intent(name: "SolveGameIntent", slots: SolveGame.slotNames.map { Slot(name: $0) })).reprompt("What's the target?").getResponse()
                },
                ClosureRequestHandler(name: "Stop", canHandle: { $0.isIntent(.stop, .cancel) }) { input in
                    input.responseBuilder.speak("Goodbye!").withShouldEndSession(true).getResponse()
                },
                ClosureRequestHandler(name: "Fallback", canHandle: { $0.isIntent(.fallback) }) { input in
                    input.responseBuilder.speak("Sorry, I only solve number games. Say, solve a game.").reprompt("Say, solve a game.").getResponse()
                },
                ClosureRequestHandler(name: "Session ended", canHandle: { $0.requestType == .sessionEnded }) { input in
                    input.responseBuilder.getResponse()
                })
            .create()
    }
}

@c(skillhost_create_skill_v1)
public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
    NumberRace.export(host)
}

/// SolveGameIntent, resolved as the seed's SolveGameIntentHandler: the target first, then the
/// six numbers in order, each asked for until it is given and legal.
struct SolveGame: ResolvingIntentHandler {
    static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth"]
    static let slotNames: [SlotName] = ["target"] + (1...6).map { SlotName("number\($0)") }
    /// The cards: two each of one to ten, one each of 25, 50, 75 and 100.
    static let small = 1...10
    static let large: Set<Int> = [25, 50, 75, 100]

    let intentName: IntentName = "SolveGameIntent"
    let parameters = [IntentParameter("target", prompt: "What's the target?", noun: "target")]
        + (0..<6).map { IntentParameter(SlotName("number\($0 + 1)"), prompt: "What's the \(SolveGame.ordinals[$0]) number?", noun: "number") }
    let responseTemplates: [ResponseCode: String] = [.success: "{howManyAway}: {spokenResult}."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) -> ResolutionResult {
        guard let text = intent.value(slot) else { return .needsValue() }
        guard let value = Int(text) else { return .unsupported(reason: "\(text) isn't a whole number.") }
        if slot == "target" {
            return (100...999).contains(value) ? .success(String(value)) : .unsupported(reason: "The target has to be between 100 and 999, and \(value) isn't.")
        }
        guard Self.small.contains(value) || Self.large.contains(value) else {
            return .unsupported(reason: "\(value) isn't one of the numbers in the game: they are one to ten, 25, 50, 75 and 100.")
        }
        // The numbers before this one, already resolved: the deck has two of each small
        // number and one of each large.
        let index = Int(slot.rawValue.dropFirst("number".count))!
        let earlier = (1..<index).compactMap { intent.value(SlotName("number\($0)")).flatMap { Int($0) } }
        let copies = earlier.filter { $0 == value }.count
        if Self.large.contains(value), copies >= 1 { return .unsupported(reason: "There's only one \(value) in the game.") }
        if copies >= 2 { return .unsupported(reason: "There are only two \(value)s in the game.") }
        return .success(String(value))
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) -> IntentResponse {
        let numbers = (1...6).compactMap { intent.value(SlotName("number\($0)")).flatMap { Int($0) } }
        let target = Int(intent.value("target") ?? "") ?? 0
        let solution = Solver.solve(numbers, target: target)
        let howManyAway = solution.distance == 0 ? "I've found a solution" : "I could only find a solution \(solution.distance) away"
        return .success(["howManyAway": howManyAway, "spokenResult": solution.spoken])
    }
}
