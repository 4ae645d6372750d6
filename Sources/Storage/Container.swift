import Foundation
import Glibc
import SkillModel
import Synchronization

/// A document as stored, with the version a conditional write compares against.
public struct StoredDocument: Sendable, Equatable {
    public let value: JSONValue
    /// Changes whenever the document's bytes do (a hash of them).
    public let version: String

    public init(value: JSONValue, version: String) {
        self.value = value
        self.version = version
    }
}

/// When a put goes ahead.
public enum WriteCondition: Sendable, Equatable {
    case always
    /// Only when no document has the key.
    case ifAbsent
    /// Only when the document still has this version.
    case ifVersion(String)
}

/// What a put did.
public enum PutOutcome: Sendable, Equatable {
    case written(version: String)
    /// The condition did not hold; nothing was written. The document as it is now (nil when
    /// there is none), so the caller can retry from it.
    case conflict(current: StoredDocument?)
}

/// One container's folder, held open.
public final class Container: Sendable {
    public let name: ContainerName
    /// The folder, for messages.
    public let path: String
    private let descriptor: Int32
    private let store: DocumentStore

    init(name: ContainerName, path: String, descriptor: Int32, store: DocumentStore) {
        self.name = name
        self.path = path
        self.descriptor = descriptor
        self.store = store
    }

    deinit { close(descriptor) }

    private var limits: StorageLimits { store.limits }

    private func filePath(_ key: DocumentKey) -> String { "\(path)/\(key.fileName)" }

    // MARK: Reading

    /// The document under `key`, or nil when there is none.
    public func get(_ key: DocumentKey) throws(StorageError) -> StoredDocument? {
        guard let bytes = try readBytes(key) else { return nil }
        return try decode(bytes, key: key)
    }

    /// The keys of every document, sorted.
    public func list() throws(StorageError) -> [DocumentKey] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            throw StorageError.system("opendir", errno, path: path, unchanged: false)
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var keys: [DocumentKey] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if let key = try? DocumentKey(String(name.dropLast(5))) { keys.append(key) }
        }
        return keys.sorted { $0.rawValue < $1.rawValue }
    }

    private func readBytes(_ key: DocumentKey) throws(StorageError) -> [UInt8]? {
        let file = openat(descriptor, key.fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            let number = errno
            if number == ENOENT { return nil }
            throw StorageError.system("open", number, path: filePath(key), unchanged: false)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw StorageError.system("stat", errno, path: filePath(key), unchanged: false) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StorageError(.notAFile, "\(filePath(key)) is not a regular file")
        }
        guard Int(info.st_size) <= limits.maximumDocumentBytes else {
            throw StorageError(.tooLarge, "\(filePath(key)) is \(info.st_size) bytes, over the limit of \(limits.maximumDocumentBytes); not read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limits.maximumDocumentBytes else {
                    throw StorageError(.tooLarge, "\(filePath(key)) grew over the limit of \(limits.maximumDocumentBytes) bytes while being read")
                }
                bytes += [UInt8](repeating: 0, count: max(4096, count))
            }
            let read = bytes.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw StorageError.system("read", errno, path: filePath(key), unchanged: false)
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private func decode(_ bytes: [UInt8], key: DocumentKey) throws(StorageError) -> StoredDocument {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw StorageError(.corrupt, "\(filePath(key)) is corrupt: \(error.description); it was left as it is")
        }
        guard value.depth <= limits.maximumDepth else {
            throw StorageError(.tooDeep, "\(filePath(key)) nests \(value.depth) levels deep, over the limit of \(limits.maximumDepth); not read")
        }
        return StoredDocument(value: value, version: Self.version(of: bytes))
    }

    /// FNV-1a (64-bit) of the bytes and their count: a version that changes when they do.
    static func version(of bytes: [UInt8]) -> String {
        String(bytes.count, radix: 16) + "-" + String(FNV1a.hash(bytes), radix: 16)
    }

    // MARK: Writing

    /// Stores `value` under `key` when `condition` holds.
    @discardableResult
    public func put(_ key: DocumentKey, _ value: JSONValue, if condition: WriteCondition = .always) throws(StorageError) -> PutOutcome {
        let bytes = try encode(value, key: key)
        let held = try lock(key)
        defer { close(held) }
        if condition != .always {
            // The version is the bytes' own: the document is parsed only to be handed back
            // with a conflict (a conversation's document, written every turn, is not parsed again).
            let current = try readBytes(key)
            switch condition {
            case .ifAbsent where current != nil: return .conflict(current: try current.map { bytes throws(StorageError) in try decode(bytes, key: key) })
            case .ifVersion(let version) where current.map(Self.version(of:)) != version:
                return .conflict(current: try current.map { bytes throws(StorageError) in try decode(bytes, key: key) })
            default: break
            }
        }
        return .written(version: try replace(key, with: bytes))
    }

    /// Reads the document, gives it to `transform` and stores what that returns, all under the
    /// document's lock, so no other writer, in this process or another, comes in between.
    /// A corrupt document is reported, not handed to `transform` as missing.
    @discardableResult
    public func update(_ key: DocumentKey, _ transform: (JSONValue?) throws -> JSONValue) throws -> JSONValue {
        let held = try lock(key)
        defer { close(held) }
        let current = try get(key)
        let next = try transform(current?.value)
        _ = try replace(key, with: try encode(next, key: key))
        return next
    }

    /// Deletes the document; false when there was none.
    @discardableResult
    public func delete(_ key: DocumentKey) throws(StorageError) -> Bool {
        let held = try lock(key)
        defer { close(held) }
        var info = stat()
        guard fstatat(descriptor, key.fileName, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return false }
            throw StorageError.system("stat", errno, path: filePath(key), unchanged: true)
        }
        try checkReplaceable(info, key: key)
        guard unlinkat(descriptor, key.fileName, 0) == 0 else {
            throw StorageError.system("unlink", errno, path: filePath(key), unchanged: true)
        }
        guard store.io.fsync(descriptor) == 0 else {
            throw StorageError.system("fsync", errno, path: path, unchanged: false)
        }
        return true
    }

    private func encode(_ value: JSONValue, key: DocumentKey) throws(StorageError) -> [UInt8] {
        try Self.encode(value, limits: limits, describing: filePath(key)).bytes
    }

    private func checkReplaceable(_ info: stat, key: DocumentKey) throws(StorageError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw StorageError(.symbolicLink, "\(filePath(key)) is a symbolic link; the store does not follow or replace links in a container; the stored value is unchanged")
        default: throw StorageError(.notAFile, "\(filePath(key)) is not a regular file; the stored value is unchanged")
        }
    }

    /// Temporary file, write, fsync, rename over the document, fsync the folder. Called with
    /// the lock held. Returns the new version.
    private func replace(_ key: DocumentKey, with bytes: [UInt8]) throws(StorageError) -> String {
        var info = stat()
        if fstatat(descriptor, key.fileName, &info, AT_SYMLINK_NOFOLLOW) == 0 { try checkReplaceable(info, key: key) }
        let temporary = ".tmp-\(getpid())-\(temporaryCounter.add(1, ordering: .relaxed).newValue)"
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw StorageError.system("create", errno, path: "\(path)/\(temporary)", unchanged: true) }
        var failure: StorageError?
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = store.io.write(file, UnsafeRawBufferPointer(rebasing: raw[written...]))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = StorageError.system("write", errno, path: filePath(key), unchanged: true)
                    return
                }
                written += count
            }
        }
        if failure == nil, store.io.fsync(file) != 0 {
            failure = StorageError.system("fsync", errno, path: filePath(key), unchanged: true)
        }
        if close(file) != 0, failure == nil {
            failure = StorageError.system("close", errno, path: filePath(key), unchanged: true)
        }
        if failure == nil, store.io.rename(descriptor, from: temporary, to: key.fileName) != 0 {
            failure = StorageError.system("rename", errno, path: filePath(key), unchanged: true)
        }
        if let failure {
            unlinkat(descriptor, temporary, 0)
            throw failure
        }
        guard store.io.fsync(descriptor) == 0 else {
            let number = errno
            throw StorageError(.io, "\(filePath(key)) was replaced but its folder could not be synced (\(String(cString: strerror(number)))); the new value may not survive a power loss")
        }
        return Self.version(of: bytes)
    }

    /// Takes the write lock of `key` and returns the descriptor holding it (closing it lets go):
    /// a `ByteRangeLock` on one byte of `.lock` (a file that is never replaced) chosen by the
    /// key's hash, so writers of different documents rarely wait for each other.
    private func lock(_ key: DocumentKey) throws(StorageError) -> Int32 {
        let lock = openLock()
        guard lock >= 0 else {
            throw StorageError.system("open", errno, path: "\(path)/.lock", unchanged: true)
        }
        let stripe = FNV1a.hash(key.rawValue.utf8)
        if let refused = ByteRangeLock.wait(lock, start: Int(1 + stripe % Self.lockStripes), length: 1) {
            close(lock)
            throw StorageError.system("lock", refused, path: "\(path)/.lock", unchanged: true)
        }
        return lock
    }

    /// How many byte locks `.lock` is divided into.
    static let lockStripes: UInt64 = 4096

    private func openLock() -> Int32 {
        openat(descriptor, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }

    /// Removes temporary files a crashed writer left, when no writer is at work.
    func removeAbandonedTemporaries() {
        let lock = openLock()
        guard lock >= 0 else { return }
        defer { close(lock) }
        // The whole file: granted only while no writer holds any key's lock.
        guard ByteRangeLock.attempt(lock, start: 0, length: 0) == nil else { return }
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".tmp-") { unlinkat(descriptor, name, 0) }
        }
    }
}

private let temporaryCounter = Atomic<Int>(0)

extension JSONValue {
    /// How deeply arrays and objects nest: 0 for a scalar, 1 for a flat array or object.
    var depth: Int {
        switch self {
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .object(let object): 1 + (object.map { $0.value.depth }.max() ?? 0)
        default: 0
        }
    }
}
