import Loader
import SkillModel
import Storage

/// What a skill did to its documents during an inspected turn (the console's "inside the
/// turn"): each storage call, and for a write the document before and after. Watching is per
/// skill id while the turn's request is with it; a second conversation's turn to the same
/// skill at that moment has its calls noted too.
final class StorageWatch: Sendable {
    struct Touch: Sendable {
        let operation: String
        let container: String
        let key: String?
        /// For a write: the document before (null when there was none) and whether it was written.
        let before: JSONValue?
        let after: JSONValue?
        let written: Bool?
    }

    private let watched = Locked<[SkillID: (turns: Int, touches: [Touch])]>([:])

    func start(_ skill: SkillID) {
        watched.withLock { watched in
            let now = watched[skill] ?? (0, [])
            watched[skill] = (now.turns + 1, now.touches)
        }
    }

    /// The calls noted since `start`.
    func stop(_ skill: SkillID) -> [Touch] {
        watched.withLock { watched in
            guard let now = watched[skill] else { return [] }
            watched[skill] = now.turns > 1 ? (now.turns - 1, now.touches) : nil
            return now.touches
        }
    }

    func isWatching(_ skill: SkillID) -> Bool {
        watched.withLock { $0[skill] != nil }
    }

    func note(_ skill: SkillID, _ touch: Touch) {
        watched.withLock { watched in
            guard var now = watched[skill] else { return }
            now.touches.append(touch)
            watched[skill] = now
        }
    }

    static func json(_ touches: [Touch]) -> JSONValue {
        .array(touches.map { touch in
            [
                "operation": .string(touch.operation),
                "container": .string(touch.container),
                "key": touch.key.map(JSONValue.string) ?? .null,
                "before": touch.before ?? .null,
                "after": touch.after ?? .null,
                "written": touch.written.map(JSONValue.bool) ?? .null,
            ]
        })
    }
}
