import Foundation
import Glibc
import Loader
import SkillModel
import Storage
import Synchronization

/// Whose storage is whose, recorded in the data root the first time it is used (trust on
/// first use, as SSH's known_hosts): a skill id's private container belongs to the library (or,
/// for a skill built from source, the source folder) that first used it, and an app group to the skills that first used it. Another library claiming
/// the same id, or another skill naming the same group in its manifest, is refused by name
/// until the user says otherwise (`skillhost trust`): a manifest alone grants nothing.
///
/// `trust.json` in the data root: `{"skills": {"<id>": "<library>"}, "groups": {"<group>":
/// ["<id>", …]}}`, changed under an exclusive lock on `trust.lock` and replaced whole, so
/// several hosts on one data root agree.
public final class StorageTrust: Sendable {
    public let root: String
    /// What was last read or written, with the file's identity then (inode, change time): while
    /// the file is the same, a match here needs no reading; `skillhost trust` or another host
    /// replaces the file, and the next request reads it again.
    private let known = Mutex((record: Record(), file: [Int]()))

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

    public init(root: String) { self.root = root }

    private var file: String { root + "/trust.json" }

    /// The library path as recorded: without links, so the same file named two ways is one.
    public static func canonical(_ library: String) -> String { SkillLoader.canonical(library) }

    /// Lets `grant` into `container`, recording what is used for the first time; refuses, naming
    /// who it belongs to and how to allow it, what belongs to another.
    func admit(_ grant: StorageGrant, to container: ContainerName) throws(StorageError) {
        let id = grant.skillID.rawValue
        let library = Self.canonical(grant.library)
        var group: String?
        if case .group(let name) = container { group = name }
        func allowed(_ record: Record) -> Bool {
            record.skills[id] == library && (group.map { record.groups[$0]?.contains(id) == true } ?? true)
        }
        let cached = known.withLock { $0 }
        if cached.file == fileIdentity(), !cached.file.isEmpty, allowed(cached.record) { return }
        let record = try change { record throws(StorageError) in
            let owner = record.skills[id]
            if owner == nil { record.skills[id] = library }
            if let group, record.groups[group] == nil { record.groups[group] = [id] }
        }
        if let owner = record.skills[id], owner != library {
            throw StorageError(.accessDenied, "skill id \(id)'s storage belongs to \(owner), which used it first; \(library) claims the same id. If it is that skill, moved or built elsewhere, `skillhost trust move \(id) \(library)` gives it its storage")
        }
        if let group, record.groups[group]?.contains(id) != true {
            let members = (record.groups[group] ?? []).joined(separator: ", ")
            throw StorageError(.accessDenied, "app group \(group) belongs to \(members), which used it first; skill \(id) declares it too, but a manifest alone grants nothing: `skillhost trust grant \(group) \(id)` lets it in")
        }
    }

    /// The record as stored now (empty, and nothing made on disk, when there is none yet).
    public func read() throws(StorageError) -> Record {
        try load()
    }

    /// Changes the record under the lock and stores it whole; returns it as stored.
    @discardableResult
    public func change(_ edit: (inout Record) throws(StorageError) -> Void) throws(StorageError) -> Record {
        try locked { () throws(StorageError) -> Record in
            var record = try load()
            let before = record
            try edit(&record)
            if record != before { try store(record) }
            let identity = fileIdentity()
            known.withLock { $0 = (record, identity) }
            return record
        }
    }

    /// The file's inode and change time; empty when there is no file.
    private func fileIdentity() -> [Int] {
        var info = stat()
        guard stat(file, &info) == 0 else { return [] }
        return [Int(info.st_ino), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }

    private func load() throws(StorageError) -> Record {
        guard let data = FileManager.default.contents(atPath: file) else { return Record() }
        do {
            return Record(try JSONParser.parse([UInt8](data)))
        } catch {
            throw StorageError(.corrupt, "\(file) is not JSON (\(error)); fix or delete it, then `skillhost trust` records again")
        }
    }

    private func store(_ record: Record) throws(StorageError) {
        let temporary = file + ".\(getpid()).tmp"
        let bytes = Data(JSONWriter.string(record.json).utf8)
        guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw StorageError(.io, "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            throw StorageError(.io, "cannot replace \(file): \(String(cString: strerror(errno)))")
        }
    }

    private func locked<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError(.io, "cannot create the data root \(root): \(error.localizedDescription)")
        }
        let lock = open(root + "/trust.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw StorageError(.io, "cannot open \(root)/trust.lock: \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StorageError(.io, "cannot lock \(root)/trust.lock: \(String(cString: strerror(errno)))") }
        }
        return try body()
    }
}
