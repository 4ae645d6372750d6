import Loader
import SkillModel

extension HostEngine {
    /// The skill `name` names: its id, its display name or one of its invocation names (case
    /// does not matter).
    public func skill(named name: String) -> SkillRegistry.Entry? {
        registry.entry(named: name)
    }

    /// The skill an Alexa request with application id `applicationID` is for: one that
    /// declares it among its manifest's `alexaSkillIds`, or whose own id it is.
    public func skill(forApplicationID applicationID: String) -> SkillRegistry.Entry? {
        registry.entry(forApplicationID: applicationID)
    }

    /// A request envelope as Alexa sends it, given to the skill as it is, and the skill's
    /// response envelope as it answered: the host's NLU and dialog model stay out (the request
    /// names its intent). A reload under way sends it to the new generation.
    public func forward(_ request: [UInt8], to id: SkillID) async throws(SkillCallError) -> [UInt8] {
        guard let entry = registry.entry(id) else { throw SkillCallError(skillID: id, message: "it is not loaded") }
        do {
            return try await entry.skill.handle(request, deadline: turnDeadline)
        } catch where error.isRetirement {
            guard let current = registry.entry(id), current.skill.generation != entry.skill.generation else { throw error }
            return try await current.skill.handle(request, deadline: turnDeadline)
        }
    }

    /// The skill `target` is, and its response envelope to `request` (as `forward(_:to:)`
    /// gives it): finding the skill and calling it in one step on the host. Nil when no loaded
    /// skill is the one `target` names.
    public func forward(_ request: [UInt8], to target: EnvelopeTarget) async -> (SkillID, Result<[UInt8], SkillCallError>)? {
        guard let entry = registry.entry(for: target) else { return nil }
        do {
            return (entry.id, .success(try await forward(request, to: entry.id)))
        } catch {
            return (entry.id, .failure(error))
        }
    }
}

/// Which skill an Alexa request envelope is for: one named in the request's path (by id, name
/// or invocation name), or the one whose manifest lists the envelope's application id.
public enum EnvelopeTarget: Sendable {
    case named(String)
    case applicationID(String)
}

extension SkillRegistry {
    /// The skill `name` names: its id, its display name or one of its invocation names (case
    /// does not matter).
    public func entry(named name: String) -> Entry? {
        entry(SkillID(name)) ?? entries(named: name).first
    }

    /// The skill an Alexa request with application id `applicationID` is for: one that
    /// declares it among its manifest's `alexaSkillIds`, or whose own id it is.
    public func entry(forApplicationID applicationID: String) -> Entry? {
        entries.first { $0.skill.manifest.alexaSkillIDs.contains(applicationID) } ?? entries.first { $0.id.rawValue == applicationID }
    }

    /// The skill an Alexa request envelope is for.
    public func entry(for target: EnvelopeTarget) -> Entry? {
        switch target {
        case .named(let name): entry(named: name)
        case .applicationID(let applicationID): entry(forApplicationID: applicationID)
        }
    }
}
