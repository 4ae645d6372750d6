import Foundation
import SkillModel

/// What a callback reported, from any thread, for a test to wait on.
public final class EventLog<Event: Sendable>: Sendable {
    private let seen = Locked<[Event]>([])

    public init() {}

    public func append(_ event: Event) { seen.withLock { $0.append(event) } }

    public var all: [Event] { seen.withLock { $0 } }

    /// Waits (up to `seconds`) for an event that satisfies `match`. Generous by default: while
    /// other suites train models and decode speech on every thread, the task that reports may
    /// wait minutes on a slow two-core machine (a clean-clone run there saw the watcher's
    /// reloads of four tests wait past 120 s); `TestSupport.patience` times as long under a
    /// sanitizer.
    public func wait(seconds: Double = 360, for match: (Event) -> Bool) async -> Event? {
        let deadline = Date().addingTimeInterval(seconds * TestSupport.patience)
        while Date() < deadline {
            if let event = all.first(where: match) { return event }
            try? await Task.sleep(for: .milliseconds(20))
        }
        // Once more: a task kept waiting past the deadline by a busy pool looks at what came.
        return all.first(where: match)
    }
}
