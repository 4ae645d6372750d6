import Foundation
import SkillModel

/// Trained models on disk, by the content hash of the interaction model they were trained
/// from: a restart or reload with an unchanged model loads instead of training. A file that
/// does not read back (truncated, corrupt, another format version) is trained again and
/// replaced; the cache holds nothing that cannot be made again.
public final class NLUCache: Sendable {
    /// What happened so far, for `:skills`, benchmarks and tests.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var unreadable = 0
        public var writeFailures = 0
    }

    public let directory: String
    private let statistics = Locked(Statistics())
    /// Whether the folder is there to write into: made (with its parents) by the first write or
    /// training lock when it was not, and never made again once it was. A folder deleted while
    /// the cache is in use (a test process's temporary folder, removed at exit while a training
    /// finishes) is not brought back; the write fails and costs a training run, nothing more.
    private let made: Locked<Bool>

    /// How long a training waits for another's of the same model before it trains on its own:
    /// a host stopped mid-training (a debugger, SIGSTOP) holds its lock until it goes on or dies.
    let trainingWait: Duration

    public init(directory: String, trainingWait: Duration = .seconds(120)) {
        self.directory = directory
        self.trainingWait = trainingWait
        var isFolder: ObjCBool = false
        made = Locked(FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// `$SKILLHOST_CACHE_DIR`, else `$XDG_CACHE_HOME/skillhost/nlu`, else `~/.cache/skillhost/nlu`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["SKILLHOST_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/skillhost/nlu" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/skillhost/nlu"
    }

    public var stats: Statistics { statistics.withLock { $0 } }

    private static let magic = Array("skillhost-nlu\n".utf8)
    /// Bumped whenever training or the file layout changes, so old files are not read.
    static let formatVersion = 45

    func path(for key: String) -> String { "\(directory)/\(key).nlu" }

    /// The trained value for `key`: decoded from its file, or made by `train` and stored.
    ///
    /// A training takes the key's lock first (one byte of `training.lock`, by the key's hash),
    /// then looks again: whoever needs the same model meanwhile — hosts started together in one
    /// process, servers or REPLs started together on one cache folder — waits for the one
    /// training and reads what it stored instead of training the same model again. Without
    /// the folder (one that cannot be made, or was deleted), or after `trainingWait`, each
    /// trains on its own, as before.
    func value<Value>(_ key: String, decode: ([UInt8]) -> Value?, train: () -> Value, encode: (Value) -> [UInt8]) -> Value {
        let first = read(key, decode)
        if case .value(let value) = first {
            statistics.withLock { $0.hits += 1 }
            return value
        }
        let lock = trainingLock(key)
        defer { if let lock { close(lock) } }
        if lock != nil, case .value(let value) = read(key, decode) {
            statistics.withLock { $0.hits += 1 }
            return value
        }
        statistics.withLock {
            if case .unreadable = first { $0.unreadable += 1 } else { $0.misses += 1 }
        }
        let value = train()
        store(key, payload: encode(value))
        return value
    }

    private enum Read<Value> {
        case value(Value)
        case absent
        /// Truncated, corrupt, or of another format: trained again and replaced.
        case unreadable
    }

    private func read<Value>(_ key: String, _ decode: ([UInt8]) -> Value?) -> Read<Value> {
        guard let data = FileManager.default.contents(atPath: path(for: key)) else { return .absent }
        let payload: [UInt8]? = data.withUnsafeBytes { file in
            guard file.count >= Self.magic.count + 8, file.prefix(Self.magic.count).elementsEqual(Self.magic) else { return nil }
            let payload = UnsafeRawBufferPointer(rebasing: file[Self.magic.count..<(file.count - 8)])
            guard Self.checksum(payload) == UInt64(littleEndian: file.loadUnaligned(fromByteOffset: file.count - 8, as: UInt64.self)) else { return nil }
            return [UInt8](payload)
        }
        guard let payload, let value = decode(payload) else { return .unreadable }
        return .value(value)
    }

    /// The descriptor holding the training lock of `key` (closing it lets go), or nil when the
    /// folder or its lock file cannot be had, or another has held it past `trainingWait`.
    private func trainingLock(_ key: String) -> Int32? {
        guard (try? makeFolder()) != nil else { return nil }
        let descriptor = open(lockFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now + trainingWait
        while let refused = ByteRangeLock.attempt(descriptor, start: Self.stripe(of: key), length: 1) {
            guard refused == EAGAIN || refused == EACCES, clock.now < deadline else {
                close(descriptor)
                return nil
            }
            usleep(20_000)
        }
        return descriptor
    }

    var lockFile: String { "\(directory)/training.lock" }

    /// The byte of `training.lock` that is `key`'s lock: one of 4096, by the key's hash.
    static func stripe(of key: String) -> Int { Int(FNV1a.hash(key.utf8) % 4096) }

    /// Makes the folder (with its parents) the first time it is needed, and never again.
    private func makeFolder() throws {
        try made.withLock { made in
            guard !made else { return }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            made = true
        }
    }

    /// Writes the payload for `key` atomically (temporary file, then rename).
    private func store(_ key: String, payload: [UInt8]) {
        var writer = BinaryWriter()
        writer.write(Self.checksum(payload))
        let file = Self.magic + payload + writer.bytes
        let target = path(for: key)
        let temporary = "\(target).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        do {
            try makeFolder()
            guard FileManager.default.createFile(atPath: temporary, contents: Data(file), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            guard rename(temporary, target) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            // A cache that cannot be written costs the next start a training run, nothing more.
            try? FileManager.default.removeItem(atPath: temporary)
            statistics.withLock { $0.writeFailures += 1 }
        }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// FNV-1a taken a little-endian word at a time, each product folded down (a byte at a time
    /// it was a tenth of a load from the cache): any torn or changed byte shows.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 32
        }
        let words = bytes.count / 8
        for i in 0..<words { mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[(words * 8)...].enumerated() { tail |= UInt64(byte) << UInt64(8 * shift) }
        mix(tail)
        return hash
    }

    /// The key for a model: a hash of everything training reads, and the format version.
    static func key(for model: InteractionModel) -> String {
        var first = StableHash("model-a")
        var second = StableHash("model-b")
        func add(_ text: String) {
            first.combine(text)
            second.combine(text)
        }
        add(String(formatVersion))
        add(String(WordVectors.shipped?.digest ?? 0))
        add(model.invocationName)
        add(model.fallbackIntentSensitivity.rawValue)
        for intent in model.intents {
            add("intent")
            add(intent.name.rawValue)
            for slot in intent.slots {
                add("slot")
                add(slot.name.rawValue)
                add(slot.type.rawValue)
                for sample in slot.samples { add(sample) }
            }
            add("samples")
            for sample in intent.samples { add(sample) }
            // A built-in intent also learns from this project's phrase table.
            add("built-in phrases")
            for phrase in BuiltInIntents.phrases[intent.name] ?? [] { add(phrase) }
        }
        for type in model.types {
            add("type")
            add(type.name.rawValue)
            for value in type.values {
                add("value")
                add(value.id ?? "")
                add(value.value)
                for synonym in value.synonyms { add(synonym) }
            }
        }
        return String(first.value, radix: 16) + String(second.value, radix: 16)
    }
}
