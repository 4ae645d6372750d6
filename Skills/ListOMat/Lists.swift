import SkillKit

/// The lists, as List-o-Mat's app stores them: one JSON document, key `lists` in the app group
/// `group.com.app-o-mat.ListOMat`, holding an array of lists in the order they were made:
///
/// ```json
/// [{"name": "Grocery Store", "items": [{"name": "rice", "done": false}, {"name": "olives", "done": true}]}]
/// ```
///
/// Every change is one `update` (read, change, write if nothing else wrote meanwhile, else
/// again), so the REPL, another `skillhost` and `skillhost storage` can change the lists at
/// once and nothing is lost.
///
/// Fields List-o-Mat does not know (the app's own, a newer version's) are kept as they were
/// when a list or an item is written back.
struct TaskList: Codable, Equatable {
    var name: String
    var items: [Item]
    var unknown = UnknownFields()

    init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }

    struct Item: Codable, Equatable {
        var name: String
        var done: Bool
        var unknown = UnknownFields()

        init(name: String, done: Bool) {
            self.name = name
            self.done = done
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case name, done }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            done = try container.decode(Bool.self, forKey: .done)
            unknown = try UnknownFields(from: decoder, known: Set(CodingKeys.allCases.map(\.rawValue)))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(done, forKey: .done)
            try unknown.encode(to: encoder)
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case name, items }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        items = try container.decode([Item].self, forKey: .items)
        unknown = try UnknownFields(from: decoder, known: Set(CodingKeys.allCases.map(\.rawValue)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(items, forKey: .items)
        try unknown.encode(to: encoder)
    }
}

struct ListStore {
    static let key = "lists"
    let container: DocumentContainer

    init(_ input: HandlerInput) {
        container = input.storage.group(ListOMat.appGroup)
    }

    func load() throws -> [TaskList] {
        try container.get(Self.key, as: [TaskList].self) ?? []
    }

    @discardableResult
    func update(_ change: (inout [TaskList]) throws -> Void) throws -> [TaskList] {
        try container.update(Self.key, as: [TaskList].self) { lists in
            var lists = lists ?? []
            try change(&lists)
            return lists
        }
    }
}

/// How a spoken name finds lists or items, as the seed's `getPossibleLists(for:)`: an exact
/// match (ignoring case) wins alone; otherwise every name that contains what was said ("store"
/// → Grocery Store and Hardware Store), and "all" matches every one. Beyond the seed, "the
/// grocery list" is read as "grocery", and a word may differ in its ending ("groceries").
enum NameMatch {
    static let edgeWords: Set<String> = ["the", "my", "a", "list", "one", "please", "for", "our"]

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    static func core(_ text: String) -> [String] {
        var words = words(text)
        while let first = words.first, edgeWords.contains(first), words.count > 1 { words.removeFirst() }
        while let last = words.last, edgeWords.contains(last), words.count > 1 { words.removeLast() }
        return words
    }

    /// A word without its plural ending, so "grocery" is "groceries" and "tool" is "tools".
    static func singular(_ word: String) -> String {
        if word.count > 4, word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    /// Whether the name is what was said, word for word but for case and plural endings.
    static func isExact(_ name: String, _ spoken: String) -> Bool {
        let name = words(name).map(singular)
        return name == words(spoken).map(singular) || name == core(spoken).map(singular)
    }

    static func candidates(for spoken: String, in names: [String]) -> [String] {
        let said = core(spoken)
        if let exact = names.first(where: { isExact($0, spoken) }) { return [exact] }
        if said == ["all"] || said == ["everything"] || said == ["all", "of", "them"] { return names }
        let phrase = said.joined(separator: " ")
        return names.filter { name in
            let nameWords = words(name)
            if nameWords.joined(separator: " ").contains(phrase) { return true }
            return said.allSatisfy { word in nameWords.contains { $0 == word || (word.count >= 4 && $0.count >= 4 && $0.prefix(5) == word.prefix(5)) } }
        }
    }

    /// The seed's `completeResolveListName`: none → unsupported, one exact → success, one
    /// partial → confirmation, several → disambiguation.
    static func resolve(_ spoken: String, in names: [String], notFound: String) -> ResolutionResult {
        let possible = candidates(for: spoken, in: names)
        switch possible.count {
        case 0:
            return .unsupported(reason: notFound)
        case 1:
            return isExact(possible[0], spoken) ? .success(possible[0]) : .confirmationRequired(possible[0], prompt: "Did you mean \(possible[0])?")
        default:
            return .disambiguation(possible)
        }
    }

    /// "grocery store" → "Grocery Store", as the app shows list names.
    static func title(_ text: String) -> String {
        words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
