import Loader
import NLU
import SkillModel

/// The loaded skills and their compiled understanding. Replacing or removing one skill
/// touches only its own entry and its own part of the index: no other model is compiled again.
public struct SkillRegistry: Sendable {
    /// One loaded skill: the library's entry point with its compiled NLU.
    public struct Entry: Sendable {
        public let skill: any SkillEndpoint
        public let nlu: SkillNLU
        /// Where it came from: the library in a skills folder, or the source folder it is built from.
        public let origin: String
        public var id: SkillID { skill.id }
        public var name: String { skill.manifest.name }
        /// The model's invocation name and the manifest's extra ones.
        public var invocationNames: [String] { skill.invocationNames }

        public init(skill: any SkillEndpoint, nlu: SkillNLU, origin: String) {
            self.skill = skill
            self.nlu = nlu
            self.origin = origin
        }
    }

    /// In load order; a replaced skill keeps its place.
    public private(set) var entries: [Entry]
    private(set) var invocations: InvocationParser
    /// Every skill's NLU behind one index, for sentences that name no skill.
    private(set) var index: SkillIndex

    /// - Parameter cache: where the routing model across the skills is kept, by their content.
    public init(entries: [Entry], cache: NLUCache? = nil) {
        self.entries = entries
        invocations = InvocationParser(names: entries.map { ($0.id, $0.invocationNames) })
        index = SkillIndex(entries.map(\.nlu), cache: cache)
    }

    /// The skills' NLUs and the routing model across them are trained side by side.
    public init(skills: [any SkillEndpoint], origins: [String]? = nil, cache: NLUCache? = nil) {
        let (nlus, index) = SkillIndex.training(skills.map { ($0.id, $0.model) }, cache: cache)
        entries = skills.enumerated().map { i, skill in
            Entry(skill: skill, nlu: nlus[i], origin: origins?[i] ?? skill.path)
        }
        invocations = InvocationParser(names: entries.map { ($0.id, $0.invocationNames) })
        self.index = index
    }

    public func entry(_ id: SkillID) -> Entry? { entries.first { $0.id == id } }

    /// The entry that came from `origin` (a library or a source folder).
    public func entry(origin: String) -> Entry? { entries.first { $0.origin == origin } }

    /// The skills `name` names, case aside: by id first, then by display name or an invocation
    /// name.
    public func entries(named name: String) -> [Entry] {
        let wanted = name.lowercased()
        let byID = entries.filter { $0.id.rawValue.lowercased() == wanted }
        let byName = entries.filter { entry in
            entry.id.rawValue.lowercased() != wanted && (entry.name.lowercased() == wanted || entry.invocationNames.contains { $0.lowercased() == wanted })
        }
        return byID + byName
    }

    /// Adds the skill, or puts it in place of the entry with its id, and takes out `dropping`
    /// (the skill its library held before, under another id). `routing`, when it was trained
    /// for the skills the registry then has (`routingModel(installing:dropping:)`), is the
    /// routing model across them; otherwise one is trained now.
    public mutating func install(_ entry: Entry, dropping: SkillID? = nil, routing: RoutingModel? = nil) {
        if let dropping, dropping != entry.id { entries.removeAll { $0.id == dropping } }
        if let i = entries.firstIndex(where: { $0.id == entry.id }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        index.insert(entry.nlu, dropping: dropping, routing: routing)
        invocations = InvocationParser(names: entries.map { ($0.id, $0.invocationNames) })
    }

    /// The routing model `install` needs for `model` in place of `skillID`'s skill (and without
    /// `dropping`), to train beside the skill's own NLU.
    public func routingModel(installing skillID: SkillID, _ model: InteractionModel, dropping: SkillID? = nil) -> RoutingModel? {
        index.routingModel(inserting: skillID, model, dropping: dropping)
    }

    /// Takes the skill out of routing; returns its entry.
    @discardableResult
    public mutating func remove(_ id: SkillID) -> Entry? {
        guard let i = entries.firstIndex(where: { $0.id == id }) else { return nil }
        let entry = entries.remove(at: i)
        index.remove(id)
        invocations = InvocationParser(names: entries.map { ($0.id, $0.invocationNames) })
        return entry
    }

    /// The key two invocation names clash on: spacing, hyphens and case do not tell them apart.
    static func invocationKey(_ name: String) -> String { Tokenizer.tokens(name).map(\.text).joined() }

    /// Another skill (not `replacing`) that already answers to one of `skill`'s invocation
    /// names, with the name.
    public func invocationOwner(of skill: any SkillEndpoint, replacing: SkillID? = nil) -> (name: String, owner: Entry)? {
        let names = Set(skill.invocationNames.map(Self.invocationKey))
        for entry in entries where entry.id != replacing && entry.id != skill.id {
            if let name = entry.invocationNames.map(Self.invocationKey).first(where: names.contains) { return (name, entry) }
        }
        return nil
    }

    /// Skills whose invocation name another skill already answers to ("open hello world" must
    /// mean one skill) are refused, naming both; the first in load order keeps the name.
    public static func separatingClashes(_ skills: [any SkillEndpoint]) -> (kept: [any SkillEndpoint], refused: [LoaderError]) {
        var owners: [String: any SkillEndpoint] = [:]
        var kept: [any SkillEndpoint] = []
        var refused: [LoaderError] = []
        for skill in skills {
            let names = skill.invocationNames.map(invocationKey)
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
