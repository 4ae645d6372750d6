#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSkillABI
import SkillModel

/// Loads skill libraries: checks the file, loads a shadow copy, calls the factory, and checks
/// what it returns. Every refusal names the file and the reason.
///
/// In-process loading cannot survive a library whose constructors or factory crash or call
/// `exit()`; isolated runners (`launchIsolated`, `--isolate`) can.
public final class SkillLoader: Sendable {
    /// The factory symbol this host looks up.
    public static let factorySymbol = "skillhost_create_skill_v\(SKILLHOST_ABI_VERSION)"

    public let shadow: ShadowDirectory
    private let logSink: SkillLogSink
    private let storage: SkillStorageHandler?
    private let api: SkillAPIHandler?
    public let trust: TrustPolicy
    /// The locale whose model a remote skill that ships several is read with.
    public let locale: String
    private let generations = Locked<[SkillID: Int]>([:])

    /// - Parameter storage: answers skills' storage requests; without it, storage calls fail
    ///   with a message saying the host offers none.
    /// - Parameter trust: which files code may be loaded from (see `TrustPolicy`).
    /// - Parameter api: makes skills' service API calls; without it, they fail saying so.
    public init(shadow: ShadowDirectory, logSink: @escaping SkillLogSink, storage: SkillStorageHandler? = nil, api: SkillAPIHandler? = nil, trust: TrustPolicy = .strict, locale: String = RemoteSkillFolder.defaultLocale) {
        self.shadow = shadow
        self.locale = locale
        self.logSink = logSink
        self.storage = storage
        self.api = api
        self.trust = trust
    }

    /// Loads one library. The returned skill is a new generation of its skill id.
    /// - Parameter origin: what the skill comes from (a source folder for a skill built from
    ///   source; the library itself when nil), which its storage belongs to.
    public func load(_ path: String, origin: String? = nil) throws(LoaderError) -> LoadedSkill {
        let bytes = try LibraryFile.read(path, trust: trust)
        let stored = bytes.withUnsafeBytes { raw in
            Result { () throws(LoaderError) in try checkAndStore(raw, path: path) }
        }
        let shadowPath = try stored.get()
        do throws(LoaderError) {
            return try open(shadowPath, path: path, origin: origin ?? path)
        } catch {
            // A refused library's copy is of no use to anyone (its image, if mapped, stays).
            shadow.discard(shadowPath)
            throw error
        }
    }

    /// Opens the shadow copy of `path`, runs its factory and checks what it made.
    private func open(_ shadowPath: String, path: String, origin: String) throws(LoaderError) -> LoadedSkill {
        guard let handle = dlopen(shadowPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            if let range = message.range(of: "undefined symbol: ") {
                let symbol = message[range.upperBound...].split(separator: " ").first.map(String.init) ?? "?"
                throw LoaderError(.unresolvedSymbol, path: path, "unresolved symbol '\(symbol)': the library needs something this process does not provide")
            }
            throw LoaderError(.loadFailed, path: path, "dlopen failed: \(message.replacingOccurrences(of: shadowPath, with: path))")
        }
        // The handle is never closed: a Swift image must stay mapped (see ARCHITECTURE.md).

        guard let factorySymbol = dlsym(handle, Self.factorySymbol) else {
            for version in [0, 2, 3, 4, 5, 6, 7, 8, 9] where dlsym(handle, "skillhost_create_skill_v\(version)") != nil {
                throw LoaderError(.wrongABIVersion, path: path, "built for skill ABI version \(version) (exports skillhost_create_skill_v\(version)); this host speaks version \(SKILLHOST_ABI_VERSION)")
            }
            throw LoaderError(.missingFactory, path: path, "missing symbol \(Self.factorySymbol): not a skillhost skill (export the factory, see skillhost_abi.h)")
        }
        typealias Factory = @convention(c) (UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>?
        let factory = unsafeBitCast(factorySymbol, to: Factory.self)

        // The identity is not known before the factory runs; the binding learns it from the
        // file name now and is checked against the manifest below.
        let provisionalID = SkillID("unverified." + (path.split(separator: "/").last.map(String.init) ?? "skill"))
        let binding = try HostServiceBinding(skillID: provisionalID, generation: 0, sink: logSink, storage: storage, api: api)
        guard let table = factory(binding.services) else {
            binding.retire()
            throw LoaderError(.factoryReturnedNothing, path: path, "\(Self.factorySymbol) returned NULL: the skill could not start")
        }
        do throws(LoaderError) {
            return try validate(table, path: path, origin: origin, shadowPath: shadowPath, provisional: binding)
        } catch {
            binding.retire()
            if table.pointee.struct_size >= UInt32(MemoryLayout<sh_skill_table>.size), let destroy = table.pointee.destroy {
                destroy(table.pointee.instance)
            }
            throw error
        }
    }

    /// Loads the library in a runner process of its own (see `IsolatedSkill`), with this
    /// loader's trust, log and storage.
    public func launchIsolated(_ path: String, origin: String? = nil, configuration: RunnerConfiguration) throws(LoaderError) -> IsolatedSkill {
        try IsolatedSkill.launch(path, origin: origin, loader: self, configuration: configuration, logSink: logSink, storage: storage, api: api)
    }

    /// Loads in this process, or in a runner when `isolation` says the origin runs isolated.
    /// A remote skill's folder (see `RemoteSkillFolder`) is read, not loaded: its skill answers
    /// over HTTP.
    public func load(_ library: String, origin: String, isolation: RunnerConfiguration?) throws(LoaderError) -> any SkillEndpoint {
        if RemoteSkillFolder.isRemoteFolder(library) {
            let folder = try RemoteSkillFolder.read(library, locale: locale)
            return RemoteSkill(folder, generation: nextGeneration(of: folder.manifest.id))
        }
        if let isolation, isolation.isolates(origin) { return try launchIsolated(library, origin: origin, configuration: isolation) }
        return try load(library, origin: origin)
    }

    /// The next generation number of a skill id in this host (1 for its first load).
    public func nextGeneration(of id: SkillID) -> Int {
        generations.withLock { counts in
            counts[id, default: 0] += 1
            return counts[id]!
        }
    }

    private func checkAndStore(_ raw: UnsafeRawBufferPointer, path: String) throws(LoaderError) -> String {
        let problem = LibraryFile.hostImageHeader.map { header in
            header.withUnsafeBytes { ELFImage.check(raw, likeHost: $0) }
        } ?? ELFImage.check(raw, likeHost: nil)
        switch problem {
        case .notELF?: throw LoaderError(.notELF, path: path, "not an ELF shared library")
        case .truncated(let detail)?: throw LoaderError(.truncated, path: path, "truncated: \(detail)")
        case .wrongArchitecture(let found, let expected)?:
            throw LoaderError(.wrongArchitecture, path: path, "built for \(found), but this host runs \(expected)")
        case .notASharedLibrary(let kind)?: throw LoaderError(.notASharedLibrary, path: path, "is \(kind), not a shared library")
        case nil: return try shadow.store(raw, name: String(path.split(separator: "/").last ?? "skill.so"))
        }
    }

    private func validate(_ table: UnsafePointer<sh_skill_table>, path: String, origin: String, shadowPath: String, provisional: HostServiceBinding) throws(LoaderError) -> LoadedSkill {
        let t = table.pointee
        guard t.abi_version == SKILLHOST_ABI_VERSION else {
            throw LoaderError(.wrongABIVersion, path: path, "table says skill ABI version \(t.abi_version); this host speaks version \(SKILLHOST_ABI_VERSION)")
        }
        guard t.struct_size >= UInt32(MemoryLayout<sh_skill_table>.size) else {
            throw LoaderError(.malformedTable, path: path, "skill table is \(t.struct_size) bytes, smaller than the \(MemoryLayout<sh_skill_table>.size) bytes of version \(SKILLHOST_ABI_VERSION)")
        }
        guard let idPointer = t.skill_id, let manifestPointer = t.manifest_json, let modelPointer = t.interaction_model_json else {
            throw LoaderError(.malformedTable, path: path, "skill table has a NULL skill_id, manifest_json or interaction_model_json")
        }
        guard t.handle != nil, t.free_response != nil, t.destroy != nil else {
            throw LoaderError(.malformedTable, path: path, "skill table has a NULL handle, free_response or destroy")
        }
        let manifestJSON = String(cString: manifestPointer)
        let modelJSON = String(cString: modelPointer)
        let manifest: SkillManifest
        do { manifest = try SkillManifest(parsing: manifestJSON) } catch {
            throw LoaderError(.malformedManifest, path: path, "malformed manifest: \(error)")
        }
        let tableID = String(cString: idPointer)
        guard tableID == manifest.id.rawValue else {
            throw LoaderError(.malformedManifest, path: path, "skill_id '\(tableID)' differs from the manifest's id '\(manifest.id)'")
        }
        let model: InteractionModel
        do { model = try InteractionModel(parsing: modelJSON) } catch {
            throw LoaderError(.malformedModel, path: path, "malformed interaction model: \(error)")
        }
        let generation = nextGeneration(of: manifest.id)
        provisional.confirm(manifest, generation: generation, library: origin)
        let sink = logSink
        let turns = try TurnTable(table: table, skillID: manifest.id) { message in
            sink(SkillLogRecord(skillID: manifest.id, generation: generation, level: .warning, message: "host: \(message)"))
        }
        return LoadedSkill(manifest: manifest, model: model, manifestJSON: manifestJSON, modelJSON: modelJSON, path: path, shadowPath: shadowPath, shadow: shadow, generation: generation, binding: provisional, turns: turns)
    }
}
