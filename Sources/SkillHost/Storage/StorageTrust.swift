import Foundation
import Loader
import SkillModel
import Storage
import Synchronization

/// Whose storage is whose, recorded in the data root the first time it is used (trust on
/// first use, as SSH's known_hosts): a skill id's private container belongs to the library
/// (or, for a skill built from source, the source folder) that first used it, and an app group
/// to the skills that first used it. Another library claiming the same id, or another skill
/// naming the same group in its manifest, is refused by name until the user says otherwise
/// (`skillhost trust`): a manifest alone grants nothing.
///
/// The record is one document, `{"skills": {"<id>": "<origin>"}, "groups": {"<group>": ["<id>",
/// …]}}`, kept among the host's own documents (compare-and-swapped, replaced whole, so several
/// hosts on one data root or one database agree), which no container name a skill can say
/// reaches: in the file store, `<root>/host/skills/skillhost/trust.json`.
public final class StorageTrust: Sendable {
    public let backend: any DocumentBackend
    private static let container = ContainerName.skill("skillhost")
    private static let key = try! DocumentKey("trust")

    public struct Record: Sendable, Equatable {
        public var skills: [String: String] = [:]
        public var groups: [String: [String]] = [:]

        init() {}

        init(_ value: JSONValue) {
            for (id, library) in value["skills"]?.object?.members ?? [] { if let library = library.string { skills[id] = library } }
            for (group, ids) in value["groups"]?.object?.members ?? [] { groups[group] = ids.array?.compactMap(\.string) ?? [] }
        }

        var json: JSONValue {
            var skillsObject = JSONObject()
            for (id, library) in skills.sorted(by: { $0.key < $1.key }) { skillsObject[id] = .string(library) }
            var groupsObject = JSONObject()
            for (group, ids) in groups.sorted(by: { $0.key < $1.key }) { groupsObject[group] = .array(ids.sorted().map(JSONValue.string)) }
            return ["skills": .object(skillsObject), "groups": .object(groupsObject)]
        }
    }

    public init(backend: any DocumentBackend) { self.backend = backend }

    /// The trust record of a data root's file store.
    public convenience init(root: String) { self.init(backend: FileBackend(root: root)) }

    /// Lets `grant` into `container`, recording what is used for the first time; refuses, naming
    /// who it belongs to and how to allow it, what belongs to another.
    func admit(_ grant: StorageGrant, to container: ContainerName) throws(StorageError) {
        let id = grant.skillID.rawValue
        let origin = SkillLoader.canonical(grant.library)
        var group: String?
        if case .group(let name) = container { group = name }
        var record = try read()
        if record.skills[id] == nil || group.map({ record.groups[$0] == nil }) == true {
            record = try change { record in
                if record.skills[id] == nil { record.skills[id] = origin }
                if let group, record.groups[group] == nil { record.groups[group] = [id] }
            }
        }
        if let owner = record.skills[id], owner != origin {
            throw StorageError(.accessDenied, "skill id \(id)'s storage belongs to \(owner), which used it first; \(origin) claims the same id. If it is that skill, moved or built elsewhere, `skillhost trust move \(id) \(origin)` gives it its storage")
        }
        if let group, record.groups[group]?.contains(id) != true {
            let members = (record.groups[group] ?? []).joined(separator: ", ")
            throw StorageError(.accessDenied, "app group \(group) belongs to \(members), which used it first; skill \(id) declares it too, but a manifest alone grants nothing: `skillhost trust grant \(group) \(id)` lets it in")
        }
    }

    /// The record as stored now (empty, and nothing made on disk, when there is none yet).
    public func read() throws(StorageError) -> Record {
        guard let documents = try backend.existingHostDocuments(Self.container) else { return Record() }
        return Record(try documents.get(Self.key)?.value ?? .null)
    }

    /// Changes the record under the document's lock and stores it whole; returns it as stored.
    @discardableResult
    public func change(_ edit: (inout Record) -> Void) throws(StorageError) -> Record {
        var changed = Record()
        do {
            try backend.hostDocuments(Self.container).update(Self.key) { value in
                changed = Record(value ?? .null)
                edit(&changed)
                return changed.json
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(.io, "\(error)")
        }
        return changed
    }
}
