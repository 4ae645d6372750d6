
import SkillModel
/// What Tab completes in the REPL: commands after ':', skill names after ':reload', invocation
/// names after "open", "ask" and the other invocation words. The names are refreshed by the
/// REPL when skills load or reload.
public final class Completion: Sendable {
    private let names = Locked<(skills: [String], invocations: [String])>(([], []))

    public static let commands = [":help", ":skills", ":debug", ":reload", ":record", ":quit"]
    static let invocationWords = ["open ", "launch ", "start ", "talk to ", "ask ", "tell ", "use ", "begin "]

    public init() {}

    public func update(skills: [String], invocations: [String]) {
        names.withLock { $0 = (skills, invocations) }
    }

    public func complete(_ before: String) -> (start: Int, candidates: [String]) {
        let (skills, invocations) = names.withLock { $0 }
        if before.hasPrefix(":reload ") { return (8, skills) }
        if before.hasPrefix(":") { return before.contains(" ") ? (before.count, []) : (0, Self.commands) }
        let lowered = before.lowercased()
        for word in Self.invocationWords where lowered.hasPrefix(word) {
            return (word.count, invocations)
        }
        return (0, [])
    }
}
