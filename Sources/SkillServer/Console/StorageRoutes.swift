import Foundation
import Hummingbird
import SkillHost
import SkillModel
import Storage

/// Skills' containers and app groups over HTTP, for the console: the same documents, the same
/// rules and the same compare-and-swap as `skillhost storage` and the skills themselves. A
/// write names the version it was made from; one made stale by a skill meanwhile is refused
/// with the document as it now is, never written over it.
extension SkillServer {
    func addStorageRoutes(to router: Router<BasicRequestContext>) {
        router.get("v1/storage") { _, _ in
            // The loaded skills' private containers and the app groups their manifests name.
            var containers: [(name: String, kind: String, skills: [String])] = []
            for entry in await host.registry.entries {
                containers.append((entry.id.rawValue, "skill", [entry.name]))
                for group in entry.skill.manifest.appGroups {
                    if let index = containers.firstIndex(where: { $0.name == group }) {
                        containers[index].skills.append(entry.name)
                    } else {
                        containers.append((group, "group", [entry.name]))
                    }
                }
            }
            return Self.json(["containers": .array(containers.map { ["name": .string($0.name), "kind": .string($0.kind), "skills": .array($0.skills.map(JSONValue.string))] })])
        }
        router.get("v1/storage/:container") { _, context in
            let name = try Self.containerName(context)
            let keys = try await documentStore { try host.documents.existingDocuments(name)?.list() ?? [] }
            return Self.json(["container": .string(name.description), "keys": .array(keys.map { .string($0.rawValue) })])
        }
        router.get("v1/storage/:container/:key") { _, context in
            let (name, key) = try Self.documentName(context)
            guard let document = try await documentStore({ try host.documents.existingDocuments(name)?.get(key) }) else {
                throw APIError(.notFound, "no document '\(key)' in \(name)")
            }
            return Self.json(["value": document.value, "version": .string(document.version)])
        }
        router.put("v1/storage/:container/:key") { request, context in
            try authorizeChange(request, "write a document")
            let (name, key) = try Self.documentName(context)
            let body = try await readJSON(request)
            guard let value = body["value"] else { throw APIError(.badRequest, "the body needs \"value\": the document's JSON") }
            // The version it was read at; null when it is new.
            guard let version = body["version"] else { throw APIError(.badRequest, "the body needs \"version\": the version the edit was made from, or null for a new document") }
            let condition: WriteCondition = version.string.map { .ifVersion($0) } ?? .ifAbsent
            switch try await documentStore({ try host.documents.documents(name).put(key, value, if: condition) }) {
            case .written(let version):
                return Self.json(["version": .string(version)])
            case .conflict(let current):
                let now: JSONValue = current.map { ["value": $0.value, "version": .string($0.version)] } ?? .null
                return Self.json(["error": .string("'\(key)' in \(name) changed since it was read: nothing was written; here it is as it is now"), "current": now], status: .conflict)
            }
        }
    }

    /// A document operation: a refusal by the store's rules (a key, a size, a depth) is 400
    /// with the rule; a store that cannot be read or written (a full disk, the database away)
    /// is 503; nothing half-written either way.
    func documentStore<T>(_ operation: () throws -> T) async throws -> T {
        do {
            return try operation()
        } catch let error as StorageError {
            switch error.code {
            case .invalidKey, .invalidContainer, .tooLarge, .tooDeep, .invalidJSON, .accessDenied:
                throw APIError(.badRequest, error.message)
            default:
                throw APIError(.serviceUnavailable, "the document store failed: \(error.message)")
            }
        }
    }

    static func containerName(_ context: BasicRequestContext) throws -> ContainerName {
        let text = try context.parameters.require("container")
        do { return try ContainerName(parsing: text) } catch { throw APIError(.badRequest, error.message) }
    }

    static func documentName(_ context: BasicRequestContext) throws -> (ContainerName, DocumentKey) {
        let name = try containerName(context)
        let key = try pathParameter("key", in: context)
        do { return (name, try DocumentKey(key)) } catch { throw APIError(.badRequest, error.message) }
    }
}
