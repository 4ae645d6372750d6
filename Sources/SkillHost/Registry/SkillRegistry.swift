import Loader
import NLU
import SkillModel

/// The loaded skills and their compiled understanding, built once per load and then frozen.
public struct SkillRegistry: Sendable {
    /// One loaded skill: the library's entry point with its compiled NLU.
    public struct Entry: Sendable {
        public let skill: LoadedSkill
        public let nlu: SkillNLU
        public var id: SkillID { skill.id }
        public var name: String { skill.manifest.name }
        /// The model's invocation name and the manifest's extra ones.
        public var invocationNames: [String] { skill.invocationNames }
    }

    public let entries: [Entry]
    let invocations: InvocationParser
    /// Every skill's NLU behind one index, for sentences that name no skill.
    let index: SkillIndex

    public init(skills: [LoadedSkill], cache: NLUCache? = nil) {
        entries = skills.map { Entry(skill: $0, nlu: SkillNLU(skillID: $0.id, model: $0.model, cache: cache)) }
        invocations = InvocationParser(names: entries.map { ($0.id, $0.invocationNames) })
        index = SkillIndex(entries.map(\.nlu))
    }

    public func entry(_ id: SkillID) -> Entry? { entries.first { $0.id == id } }

    /// Skills whose invocation name another skill already answers to ("open hello world" must
    /// mean one skill) are refused, naming both; the first in load order keeps the name.
    public static func separatingClashes(_ skills: [LoadedSkill]) -> (kept: [LoadedSkill], refused: [LoaderError]) {
        var owners: [String: LoadedSkill] = [:]
        var kept: [LoadedSkill] = []
        var refused: [LoaderError] = []
        for skill in skills {
            let names = skill.invocationNames.map { Tokenizer.tokens($0).map(\.text).joined() }
            if let (name, owner) = names.lazy.compactMap({ name in owners[name].map { (name, $0) } }).first {
                skill.retire()
                refused.append(LoaderError(.invocationNameTaken, path: skill.path, "invocation name '\(name)' of \(skill.id) is already \(owner.id)'s (from \(owner.path))"))
                continue
            }
            for name in names { owners[name] = skill }
            kept.append(skill)
        }
        return (kept, refused)
    }
}
