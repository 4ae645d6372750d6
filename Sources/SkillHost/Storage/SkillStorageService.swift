import CSkillABI
import Loader
import SkillModel
import Storage
import Synchronization

/// Answers skills' storage requests (skillhost_abi.h) from the host's backend (the data root's
/// files, or a database): a skill reaches its own private container and the app groups its
/// manifest declares, nothing else.
final class SkillStorageService: Sendable {
    let backend: any DocumentBackend
    /// Which library an id's storage, and which skills a group, belong to.
    let trust: StorageTrust
    /// The calls of skills whose turn is being inspected.
    let watch = StorageWatch()

    init(backend: any DocumentBackend) {
        self.backend = backend
        trust = StorageTrust(backend: backend)
    }

    func handle(_ grant: StorageGrant, _ bytes: UnsafeBufferPointer<UInt8>) -> (status: Int32, reply: [UInt8]) {
        do throws(StorageError) {
            let request: StorageRequest
            do { request = try StorageRequest(parsing: bytes) } catch {
                throw StorageError(.invalidJSON, "malformed storage request: \(error)")
            }
            let reply = try answer(request, for: grant)
            return (Int32(SH_STATUS_OK.rawValue), JSONWriter.bytes(reply))
        } catch {
            return (Int32(SH_STATUS_ERROR.rawValue), Array(error.description.utf8))
        }
    }

    /// Answers `request` in the containers `grant` reaches (its reply as skillhost_abi.h has it).
    func answer(_ request: StorageRequest, for grant: StorageGrant) throws(StorageError) -> JSONValue {
        let name = try Self.container(request.container, for: grant)
        try trust.admit(grant, to: name)
        let container = try backend.documents(name)
        switch request.operation {
        case .list:
            if watch.isWatching(grant.skillID) { watch.note(grant.skillID, StorageWatch.Touch(operation: "list", container: name.description, key: nil, before: nil, after: nil, written: nil)) }
            return ["keys": .array(try container.list().map { .string($0.rawValue) })]
        case .get:
            let key = try DocumentKey(request.key ?? "")
            if watch.isWatching(grant.skillID) { watch.note(grant.skillID, StorageWatch.Touch(operation: "get", container: name.description, key: key.rawValue, before: nil, after: nil, written: nil)) }
            return Self.found(try container.get(key))
        case .delete:
            let key = try DocumentKey(request.key ?? "")
            let before = watch.isWatching(grant.skillID) ? try container.get(key) : nil
            let deleted = try container.delete(key)
            if watch.isWatching(grant.skillID) { watch.note(grant.skillID, StorageWatch.Touch(operation: "delete", container: name.description, key: key.rawValue, before: before?.value ?? .null, after: .null, written: deleted)) }
            return ["deleted": .bool(deleted)]
        case .put:
            let condition: WriteCondition = switch request.condition {
            case .always: .always
            case .ifAbsent: .ifAbsent
            case .ifVersion(let version): .ifVersion(version)
            }
            let key = try DocumentKey(request.key ?? "")
            let watching = watch.isWatching(grant.skillID)
            let before = watching ? try container.get(key) : nil
            let outcome = try container.put(key, request.value ?? .null, if: condition)
            if watching {
                let written: Bool = if case .written = outcome { true } else { false }
                watch.note(grant.skillID, StorageWatch.Touch(operation: "put", container: name.description, key: key.rawValue, before: before?.value ?? .null, after: request.value ?? .null, written: written))
            }
            switch outcome {
            case .written(let version): return ["written": true, "version": .string(version)]
            case .conflict(let current): return ["written": false, "current": Self.found(current)]
            }
        }
    }

    private static func found(_ document: StoredDocument?) -> JSONValue {
        guard let document else { return ["found": false] }
        return ["found": true, "value": document.value, "version": .string(document.version)]
    }

    /// The container a skill names: "private" (or its own id) or a declared app group.
    static func container(_ name: String, for grant: StorageGrant) throws(StorageError) -> ContainerName {
        if name == "private" || name == grant.skillID.rawValue { return .skill(grant.skillID.rawValue) }
        if name.hasPrefix("group.") {
            guard grant.appGroups.contains(name) else {
                let declared = grant.appGroups.isEmpty ? "it declares none" : "it declares \(grant.appGroups.joined(separator: ", "))"
                throw StorageError(.accessDenied, "skill \(grant.skillID) may not use app group \(name): its manifest does not declare it (\(declared))")
            }
            return try ContainerName(parsing: name)
        }
        throw StorageError(.accessDenied, "skill \(grant.skillID) may not open the private container of '\(ContainerName.printable(name))': a skill reaches only its own (\"private\") and the app groups its manifest declares")
    }
}
