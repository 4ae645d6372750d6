import SkillModel
import Synchronization

/// One generation of one skill, however it runs: in the host's process or in a runner
/// process of its own. What the router needs: who it is, what it understands, and a way to
/// send it a request envelope.
public protocol SkillEndpoint: AnyObject, Sendable {
    var manifest: SkillManifest { get }
    var model: InteractionModel { get }
    /// The library as the user named it.
    var path: String { get }
    /// 1 for the first load of a skill id in a host, then counting up with each reload.
    var generation: Int { get }
    /// Whether it runs in a process of its own.
    var isIsolated: Bool { get }
    /// Sends one request envelope (JSON bytes) and returns the response envelope's bytes.
    func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8]
    /// Stops it answering; its host services become no-ops.
    func retire()
}

extension SkillEndpoint {
    public var id: SkillID { manifest.id }

    /// `handle` with Alexa's endpoint deadline, 8 seconds.
    public func handle(_ request: [UInt8]) async throws(SkillCallError) -> [UInt8] {
        try await handle(request, deadline: .seconds(8))
    }

    /// Every name the skill answers to: the model's invocation name, then the manifest's.
    public var invocationNames: [String] { [model.invocationName] + manifest.invocationNames }
}

/// One generation of one skill library, loaded and validated in this process: its manifest,
/// its interaction model and the entry point that answers a request envelope.
public final class LoadedSkill: SkillEndpoint, @unchecked Sendable {
    // @unchecked: every stored property is immutable; the turn table reaches the skill's C
    // table, which the ABI keeps valid until `destroy` and lets any thread call.
    public let manifest: SkillManifest
    public let model: InteractionModel
    /// The library as the user named it.
    public let path: String
    /// The shadow copy actually loaded.
    public let shadowPath: String
    private let shadow: ShadowDirectory
    /// 1 for the first load of a skill id in a host, then counting up with each reload.
    public let generation: Int
    public let binding: HostServiceBinding
    /// The manifest and interaction model as the library gave them (a runner process hands
    /// them to the host).
    public let manifestJSON: String
    public let modelJSON: String
    private let turns: TurnTable

    public var isIsolated: Bool { false }

    init(manifest: SkillManifest, model: InteractionModel, manifestJSON: String, modelJSON: String, path: String, shadowPath: String, shadow: ShadowDirectory, generation: Int, binding: HostServiceBinding, turns: TurnTable) {
        self.manifest = manifest
        self.model = model
        self.manifestJSON = manifestJSON
        self.modelJSON = modelJSON
        self.path = path
        self.shadowPath = shadowPath
        self.shadow = shadow
        self.generation = generation
        self.binding = binding
        self.turns = turns
    }

    /// Sends one request envelope (JSON bytes) and returns the response envelope's bytes.
    /// - Parameter deadline: how long the skill has to answer; Alexa gives an endpoint 8 s.
    /// - Throws: `SkillCallError` when the skill reports an error or misses the deadline.
    public func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8] {
        try await turns.call(request, deadline: deadline).get()
    }

    /// Sends one request envelope; `finish` gets the response or the error once, on the thread
    /// that answers (this one, for a skill that answers before its `handle` returns).
    public func handle(_ request: [UInt8], deadline: Duration, finish: @escaping @Sendable (Result<[UInt8], SkillCallError>) -> Void) {
        turns.start(request, deadline: deadline, finish: finish)
    }

    /// Makes the skill's services no-ops and lets the skill free its instance. The image stays
    /// mapped: Swift images must never be unloaded. Its copy on disk goes once a few newer
    /// generations have retired (`ShadowDirectory.retire`).
    public func retire() {
        binding.retire()
        ImagePages.releaseCode(of: shadowPath)
        shadow.retire(shadowPath)
    }
}

/// What went wrong in a skill's `handle`.
public struct SkillCallError: Error, Sendable, CustomStringConvertible {
    public let skillID: SkillID
    public let message: String
    /// The generation called had been retired (a reload replaced it) before it saw the request.
    public var isRetirement = false
    public var description: String { "skill \(skillID) failed: \(message)" }

    public init(skillID: SkillID, message: String, isRetirement: Bool = false) {
        self.skillID = skillID
        self.message = message
        self.isRetirement = isRetirement
    }
}
