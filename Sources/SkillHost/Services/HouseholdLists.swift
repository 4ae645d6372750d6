import Foundation
import SkillModel

/// Each user's household lists, as the List Management API gives them to every skill the user
/// allows: the Alexa shopping list and to-do list every user has, and the lists skills make.
/// Kept in the data root (`lists.json`), written whole and atomically on every change.
public final class HouseholdLists: Sendable {
    public struct Item: Sendable, Equatable {
        public init(id: String, value: String, status: String, version: Int, created: Date, updated: Date) {
            self.id = id
            self.value = value
            self.status = status
            self.version = version
            self.created = created
            self.updated = updated
        }

        public var id: String
        public var value: String
        /// active or completed.
        public var status: String
        public var version: Int
        public var created: Date
        public var updated: Date
    }

    public struct List: Sendable, Equatable {
        public init(id: String, name: String, state: String, version: Int, items: [Item]) {
            self.id = id
            self.name = name
            self.state = state
            self.version = version
            self.items = items
        }

        public var id: String
        public var name: String
        /// active or archived.
        public var state: String
        public var version: Int
        public var items: [Item]
    }

    /// The lists every user has.
    public static let defaultNames = ["Alexa shopping list", "Alexa to-do list"]
    /// The most lists, and items in a list, one user keeps.
    public static let limit = 100

    public let file: String
    private let state = Locked<[String: [List]]?>(nil)

    init(file: String) { self.file = file }

    /// The user's lists, the two default ones first (made on first use).
    public func lists(of user: String) -> [List] {
        state.withLock { cached in Self.withDefaults(load(&cached)[user] ?? [], user: user) }
    }

    /// Changes the user's lists and writes them all; nothing changes when the write fails.
    @discardableResult
    public func change<T>(of user: String, _ body: (inout [List]) throws -> T) throws -> T {
        try state.withLock { cached in
            var all = load(&cached)
            var mine = Self.withDefaults(all[user] ?? [], user: user)
            let result = try body(&mine)
            all[user] = mine
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(JSONWriter.bytes(Self.json(all))).write(to: URL(fileURLWithPath: file), options: .atomic)
            cached = all
            return result
        }
    }

    private func load(_ cached: inout [String: [List]]?) -> [String: [List]] {
        if let cached { return cached }
        var loaded: [String: [List]] = [:]
        if let data = FileManager.default.contents(atPath: file), let users = try? JSONParser.parse(Array(data)).object {
            for (user, lists) in users { loaded[user] = (lists.array ?? []).compactMap(Self.list) }
        }
        cached = loaded
        return loaded
    }

    /// A default list's id is the same for a user in every host and every run.
    static func defaultID(_ name: String, user: String) -> String {
        "skh-" + String(FNV1a.hash(Array((user + "\u{0}" + name).utf8)), radix: 16)
    }

    static func withDefaults(_ lists: [List], user: String) -> [List] {
        var lists = lists
        for (i, name) in defaultNames.enumerated() where !lists.contains(where: { $0.id == defaultID(name, user: user) }) {
            lists.insert(List(id: defaultID(name, user: user), name: name, state: "active", version: 1, items: []), at: min(i, lists.count))
        }
        return lists
    }

    static func json(_ all: [String: [List]]) -> JSONValue {
        var object = JSONObject()
        for user in all.keys.sorted() {
            object[user] = .array((all[user] ?? []).map { list in
                [
                    "id": .string(list.id), "name": .string(list.name), "state": .string(list.state), "version": .number(JSONNumber(list.version)),
                    "items": .array(list.items.map { item in
                        [
                            "id": .string(item.id), "value": .string(item.value), "status": .string(item.status), "version": .number(JSONNumber(item.version)),
                            "created": .number(JSONNumber(item.created.timeIntervalSince1970)), "updated": .number(JSONNumber(item.updated.timeIntervalSince1970)),
                        ]
                    }),
                ]
            })
        }
        return .object(object)
    }

    static func list(_ value: JSONValue) -> List? {
        guard let id = value["id"]?.string, let name = value["name"]?.string else { return nil }
        let items = (value["items"]?.array ?? []).compactMap { item -> Item? in
            guard let id = item["id"]?.string, let text = item["value"]?.string else { return nil }
            return Item(id: id, value: text, status: item["status"]?.string ?? "active", version: item["version"]?.int ?? 1,
                created: Date(timeIntervalSince1970: item["created"]?.number?.doubleValue ?? 0), updated: Date(timeIntervalSince1970: item["updated"]?.number?.doubleValue ?? 0))
        }
        return List(id: id, name: name, state: value["state"]?.string ?? "active", version: value["version"]?.int ?? 1, items: items)
    }
}

extension HouseholdLists.List {
    /// AlexaListMetadata.
    public var metadataJSON: JSONValue {
        [
            "listId": .string(id), "name": .string(name), "state": .string(state), "version": .number(JSONNumber(version)),
            "statusMap": [
                ["href": .string("/v2/householdlists/\(id)/active"), "status": "active"],
                ["href": .string("/v2/householdlists/\(id)/completed"), "status": "completed"],
            ],
        ]
    }

    /// AlexaList: the items with `status`.
    public func json(status: String) -> JSONValue {
        [
            "listId": .string(id), "name": .string(name), "state": .string(state), "version": .number(JSONNumber(version)),
            "items": .array(items.filter { $0.status == status }.map { $0.json(list: id) }),
            "links": .null,
        ]
    }
}

extension HouseholdLists.Item {
    /// AlexaListItem.
    public func json(list: String) -> JSONValue {
        [
            "id": .string(id), "version": .number(JSONNumber(version)), "value": .string(value), "status": .string(status),
            "createdTime": .string(AlertStamp.format(created)), "updatedTime": .string(AlertStamp.format(updated)),
            "href": .string("/v2/householdlists/\(list)/items/\(id)"),
        ]
    }
}
