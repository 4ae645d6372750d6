import SkillModel

/// Something the host did on its own — a reload, a refused build, a removed skill — for the
/// person at the REPL. One quiet line each.
public struct HostEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Watching the skills folders (`message` says how).
        case watching
        /// A source folder is being built.
        case building
        /// A skill that was not loaded before now answers.
        case loaded
        /// A new generation of a loaded skill now answers.
        case reloaded
        /// A new build was refused; the running generation keeps answering.
        case kept
        /// A library was refused and nothing of it was running.
        case refused
        /// A skill was taken out of routing (its library is gone).
        case removed
    }

    public let kind: Kind
    /// The library or source folder concerned.
    public let origin: String
    public var name: String?
    public var skillID: SkillID?
    /// The generation answering after the event.
    public var generation: Int?
    /// From the change to the new generation answering (after the debounce).
    public var milliseconds: Double?
    /// The reason, for a refusal; how, for `watching`.
    public var message: String = ""

    public init(_ kind: Kind, origin: String, name: String? = nil, skillID: SkillID? = nil, generation: Int? = nil, milliseconds: Double? = nil, message: String = "") {
        self.kind = kind
        self.origin = origin
        self.name = name
        self.skillID = skillID
        self.generation = generation
        self.milliseconds = milliseconds
        self.message = message
    }

    public var description: String {
        let time = milliseconds.map { " in \(Int($0.rounded())) ms" } ?? ""
        let skill = name ?? origin
        switch kind {
        case .watching: return "watching \(origin) (\(message))"
        case .building: return "building \(skill)…"
        case .loaded: return "+ \(skill) generation \(generation ?? 1) loaded from \(origin)\(time)"
        case .reloaded: return "↻ \(skill) generation \(generation ?? 0)\(time)"
        case .kept: return "✗ \(skill) (\(origin)): new build refused, generation \(generation ?? 0) keeps answering — \(message)"
        case .refused: return "✗ \(origin): \(message)"
        case .removed: return "− \(skill) removed: \(origin) is gone"
        }
    }
}
