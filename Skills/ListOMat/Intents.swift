import SkillKit

/// The list a request names, resolved against the stored lists (shared by every intent).
func resolveList(_ intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
    let names = try ListStore(input).load().map(\.name)
    guard let spoken = intent.value("listName") else {
        // One list only: nothing to ask.
        return names.count == 1 ? .success(names[0]) : .needsValue()
    }
    return NameMatch.resolve(spoken, in: names, notFound: "I couldn't find a list called \(SSML.escape(spoken)).")
}

/// INCreateTaskListIntent: "make a new list called grocery store".
struct CreateList: ResolvingIntentHandler {
    let intentName: IntentName = "CreateListIntent"
    let parameters = [IntentParameter("listName", prompt: "What should the new list be called?", noun: "list")]
    let responseTemplates: [ResponseCode: String] = [.success: "I made a new list called {list}. You can add items to it now."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
        // "make a new list" heard as a name: no name was given.
        let generic: Set<String> = ["a", "new", "list", "another", "called", "named", "make", "create"]
        guard let spoken = intent.value("listName"), !NameMatch.core(spoken).allSatisfy(generic.contains) else { return .needsValue() }
        let name = NameMatch.title(NameMatch.core(spoken).joined(separator: " "))
        if try ListStore(input).load().contains(where: { NameMatch.words($0.name) == NameMatch.words(name) }) {
            return .unsupported(reason: "You already have a list called \(SSML.escape(name)).")
        }
        return .success(name)
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) throws -> IntentResponse {
        let name = intent.value("listName")!
        try ListStore(input).update { lists in
            if !lists.contains(where: { NameMatch.words($0.name) == NameMatch.words(name) }) { lists.append(TaskList(name: name, items: [])) }
        }
        return .success(["list": name])
    }
}

/// INSearchForNotebookItemsIntent: "show me the grocery store list".
struct SearchList: ResolvingIntentHandler {
    let intentName: IntentName = "ShowListIntent"
    let parameters = [IntentParameter("listName", prompt: "Which list?", noun: "list")]
    let responseTemplates: [ResponseCode: String] = [.success: "{list}: {items}", .failure: "I couldn't find that list."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
        try resolveList(intent, input: input)
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) throws -> IntentResponse {
        guard let name = intent.value("listName"), let list = try ListStore(input).load().first(where: { $0.name == name }) else { return .failure() }
        let open = list.items.filter { !$0.done }.map(\.name)
        let done = list.items.filter(\.done).map(\.name)
        var text = open.isEmpty ? "nothing left to do." : ResolvingRequestHandler.spokenList(open) + "."
        if !done.isEmpty { text += " Checked off: \(ResolvingRequestHandler.spokenList(done))." }
        return .success(["list": list.name, "items": text])
    }
}

/// INAddTasksIntent: "add rice, onions and olives to the grocery list".
struct AddItems: ResolvingIntentHandler {
    let intentName: IntentName = "AddItemsIntent"
    let parameters = [
        IntentParameter("listName", prompt: "Which list should I add to?", noun: "list"),
        IntentParameter("items", prompt: "What should I add?", noun: "item"),
        IntentParameter("when", prompt: "When?"),
    ]
    let responseTemplates: [ResponseCode: String] = [.success: "I added {items} to {list}.", .failure: "I couldn't find that list."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
        if slot == "listName" { return try resolveList(intent, input: input) }
        // INAddTasksIntent's temporal trigger: List-o-Mat keeps lists, not reminders, so a
        // day said with the items does not matter (the seed's app has no reminders either).
        if slot == "when" { return .notRequired }
        let items = intent.values("items").flatMap(Self.split).filter { !$0.isEmpty }
        return items.isEmpty ? .needsValue() : .successValues(items)
    }

    /// "rice, onions and olives" heard as one value is three items.
    static func split(_ text: String) -> [String] {
        text.replacingOccurrences(of: " and ", with: ",").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) throws -> IntentResponse {
        guard let name = intent.value("listName") else { return .failure() }
        let items = intent.values("items")
        var found = false
        try ListStore(input).update { lists in
            guard let index = lists.firstIndex(where: { $0.name == name }) else { return }
            found = true
            for item in items {
                if let existing = lists[index].items.firstIndex(where: { $0.name.lowercased() == item.lowercased() }) {
                    lists[index].items[existing].done = false
                } else {
                    lists[index].items.append(TaskList.Item(name: item, done: false))
                }
            }
        }
        return found ? .success(["items": ResolvingRequestHandler.spokenList(items), "list": name]) : .failure()
    }
}

/// INSetTaskAttributeIntent: "check off rice on the grocery list".
struct CheckItem: ResolvingIntentHandler {
    let intentName: IntentName = "CheckItemIntent"
    let parameters = [
        IntentParameter("listName", prompt: "On which list?", noun: "list"),
        IntentParameter("item", prompt: "Which item should I check off?", noun: "item"),
    ]
    let responseTemplates: [ResponseCode: String] = [.success: "Checked off {item} on {list}.", .failure: "I couldn't find that item."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
        let lists = try ListStore(input).load()
        if slot == "listName" {
            if intent.value("listName") == nil, let spoken = intent.value("item") {
                // No list named: the one list holding the item, when only one does.
                let holding = lists.filter { !NameMatch.candidates(for: spoken, in: $0.items.filter { !$0.done }.map(\.name)).isEmpty }
                if holding.count == 1 { return .success(holding[0].name) }
            }
            return try resolveList(intent, input: input)
        }
        guard let spoken = intent.value("item") else { return .needsValue() }
        guard let list = lists.first(where: { $0.name == intent.value("listName") }) else { return .needsValue() }
        let open = list.items.filter { !$0.done }.map(\.name)
        return NameMatch.resolve(spoken, in: open, notFound: "There's no \(SSML.escape(spoken)) to check off on \(SSML.escape(list.name)).")
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) throws -> IntentResponse {
        guard let name = intent.value("listName"), let item = intent.value("item") else { return .failure() }
        var found = false
        try ListStore(input).update { lists in
            guard let l = lists.firstIndex(where: { $0.name == name }), let i = lists[l].items.firstIndex(where: { $0.name == item }) else { return }
            lists[l].items[i].done = true
            found = true
        }
        return found ? .success(["item": item, "list": name]) : .failure()
    }
}

/// INDeleteTaskListIntent (beyond the seed, which only makes lists): "delete the hardware
/// store list", after the user says yes to "Delete Hardware Store and its 2 items?".
struct DeleteList: ResolvingIntentHandler {
    let intentName: IntentName = "DeleteListIntent"
    let parameters = [IntentParameter("listName", prompt: "Which list should I delete?", noun: "list")]
    let responseTemplates: [ResponseCode: String] = [.success: "I deleted {list}.", .failure: "I couldn't find that list."]

    func resolve(_ slot: SlotName, in intent: ResolvingIntent, input: HandlerInput) throws -> ResolutionResult {
        guard intent.value("listName") != nil else { return .needsValue() }
        return try resolveList(intent, input: input)
    }

    func confirm(_ intent: ResolvingIntent, input: HandlerInput) throws -> ConfirmationResult {
        guard let name = intent.value("listName"), let list = try ListStore(input).load().first(where: { $0.name == name }) else { return .ready }
        let open = list.items.filter { !$0.done }.count
        let contents = open == 0 ? "" : " and its \(open == 1 ? "one item" : "\(open) items")"
        return .askUser(prompt: "Delete \(SSML.escape(name))\(contents)?", denied: "Okay, I'll keep \(SSML.escape(name)).")
    }

    func handle(_ intent: ResolvingIntent, input: HandlerInput) throws -> IntentResponse {
        guard let name = intent.value("listName") else { return .failure() }
        var found = false
        try ListStore(input).update { lists in
            found = lists.contains { $0.name == name }
            lists.removeAll { $0.name == name }
        }
        return found ? .success(["list": name]) : .failure()
    }
}
