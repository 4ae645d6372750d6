import Loader
import NLU
import SkillModel
import Storage

/// What a host needs to start: where the skills are and where to report.
public struct HostOptions: Sendable {
    /// Folders to load skills from, in order (a skill id seen twice loads from the first).
    public var skillFolders: [String]
    /// Receives what skills log through their services table.
    public var logSink: SkillLogSink
    /// Told about slow start-up steps (building a source skill).
    public var progress: @Sendable (String) -> Void
    public var userID: String
    public var deviceID: String
    /// How long a skill has to answer a request; Alexa gives an endpoint 8 seconds.
    public var turnDeadline: Duration
    /// Where trained NLU models are kept between runs; nil trains every time.
    public var nluCache: NLUCache?
    /// Where skills' containers and app groups are (see `DataRoot`).
    public var dataRoot: String
    public var storageLimits: StorageLimits
    /// Where skills' documents and the host's own records are kept instead of the data root's
    /// files (a database shared by many hosts); nil keeps them under `dataRoot`.
    public var documents: (any DocumentBackend)?
    /// Which files code may be loaded from.
    public var trust: TrustPolicy
    /// Told what the host does on its own: reloads, refused builds, removed skills.
    public var events: @Sendable (HostEvent) -> Void
    /// Which skills run in runner processes of their own; nil runs every skill in this process.
    public var isolation: RunnerConfiguration?
    /// Picks the dialog model's prompt variations, mixed with each session's number: the same
    /// seed and the same conversation give the same words.
    public var dialogSeed: UInt64
    /// The locale the user speaks (`en-US`, `en-GB`, `de-DE`, …): every request carries it, and
    /// a skill that ships models for several is understood with that locale's (else en-US's).
    public var locale = "en-US"
    /// The service APIs skills reach through `apiEndpoint` (see `HostServices`); nil gives
    /// them Alexa's empty token.
    public var services: HostServices?
    /// Interaction model files to run with no skill behind them (see `ModelStandIn`).
    public var models: [String] = []
    /// Swift packages of skills anywhere on disk (see `SkillPackage`): every dynamic library
    /// product is built, loaded and rebuilt when its sources change.
    public var packages: [String] = []

    public init(skillFolders: [String], logSink: @escaping SkillLogSink = { _ in }, progress: @escaping @Sendable (String) -> Void = { _ in }, userID: String = "amzn1.ask.account.skillhost-local-user", deviceID: String = "amzn1.ask.device.skillhost-local-device", turnDeadline: Duration = .seconds(8), nluCache: NLUCache? = nil, dataRoot: String = DataRoot.resolve(nil), storageLimits: StorageLimits = StorageLimits(), trust: TrustPolicy = .strict, events: @escaping @Sendable (HostEvent) -> Void = { _ in }, isolation: RunnerConfiguration? = nil, dialogSeed: UInt64 = 0) {
        self.skillFolders = skillFolders
        self.logSink = logSink
        self.progress = progress
        self.userID = userID
        self.deviceID = deviceID
        self.turnDeadline = turnDeadline
        self.nluCache = nluCache
        self.dataRoot = dataRoot
        self.storageLimits = storageLimits
        self.trust = trust
        self.events = events
        self.isolation = isolation
        self.dialogSeed = dialogSeed
    }
}

/// The composition root: the loaded skills, the router and the user's conversation. Each
/// `turn` takes an utterance through NLU and routing to a skill over the C ABI and back.
///
/// Many hosts can run in one process; each has its own shadow folder and conversation.
public actor HostEngine {
    public internal(set) var registry: SkillRegistry {
        didSet {
            registryVersion &+= 1
            published.withLock { $0 = registry }
        }
    }
    /// `registry` as it stands, for callers off the actor: the Alexa endpoint finds a skill and
    /// calls it on the connection's own thread, with no hop onto the host.
    public nonisolated var currentRegistry: SkillRegistry { published.withLock { $0 } }
    private nonisolated let published: Locked<SkillRegistry>
    /// Counts changes to `registry`, so a reload that prepared the next registry off the actor
    /// knows whether another change came first.
    var registryVersion = 0
    /// Awaited off the actor before a reload trains the next registry: lets a test hold a
    /// reload mid-training and show that other turns and reloads go on meanwhile.
    var stagingGate: (@Sendable (String) async -> Void)?
    func setStagingGate(_ gate: (@Sendable (String) async -> Void)?) { stagingGate = gate }
    /// Libraries and folders that were refused at start, with the reasons.
    public nonisolated let refusals: [LoaderError]
    let loader: SkillLoader
    /// The data root: skills' containers and app groups, and the host's own records.
    public nonisolated var dataRoot: String { options.dataRoot }
    /// The service APIs the skills reach, when the host serves them.
    public nonisolated var services: HostServices? { options.services }
    /// Whether skills' documents are kept in a database rather than under `dataRoot`.
    public nonisolated var storesInDatabase: Bool { options.documents != nil }
    /// Where the skills come from, as `skillhost` arguments (`--skills`, `--package`,
    /// `--model`): what a replay of this host's turns must be given to meet the same skills.
    public nonisolated var skillSourceArguments: [String] {
        options.skillFolders.flatMap { ["--skills", $0] } + options.packages.flatMap { ["--package", $0] } + options.models.flatMap { ["--model", $0] }
    }
    /// Where skills' documents are: the data root's files or the database (for the console's
    /// storage view, which reads and writes them with the same promises as a skill).
    public nonisolated let documents: any DocumentBackend
    /// What skills do to their documents while an inspected turn is with them.
    let storageWatch: StorageWatch
    /// Where this host keeps the copies of the libraries it loaded.
    public nonisolated var shadowFolder: String { loader.shadow.path }
    let options: HostOptions
    var watcher: FolderWatcher?
    /// Origins being reloaded now, and those that changed again meanwhile.
    var reloading: Set<String> = []
    var reloadAgain: Set<String> = []
    /// The conversations whose turns are under way, and the host's own (`Conversation.local`,
    /// the REPL's), by key. A turn reads and writes its own through `conversation`.
    var conversations: [ConversationKey: Conversation]
    /// The conversation of the turn under way, in the task that runs it.
    @TaskLocal static var turnKey = ConversationKey.local
    var conversation: Conversation {
        get { conversations[Self.turnKey] ?? Conversation(userID: options.userID, deviceID: options.deviceID) }
        set { conversations[Self.turnKey] = newValue }
    }
    var requests: RequestFactory
    public nonisolated let turnDeadline: Duration
    /// Whether turns keep the envelopes as text for `:debug`.
    public var recordsEnvelopes = false
    /// Whether the turn under way, in the task that runs it, keeps them (the console's
    /// inspected turns), whatever `recordsEnvelopes` says.
    @TaskLocal static var inspecting = false
    /// Whether this turn keeps its readings' explanations and envelopes.
    var recording: Bool { recordsEnvelopes || Self.inspecting }
    /// Adds up the NLU's time in the turn under way, in the task that runs it.
    @TaskLocal static var nluClock: NLUClock?

    /// Loads every skill in the options' folders; refusals are kept, not thrown.
    /// - Throws: `LoaderError` only when the host cannot make its private shadow folder.
    public init(options: HostOptions) throws {
        let shadow = try ShadowDirectory()
        let storage = SkillStorageService(backend: options.documents ?? FileBackend(root: options.dataRoot, limits: options.storageLimits))
        documents = storage.backend
        storageWatch = storage.watch
        let services = options.services
        loader = SkillLoader(
            shadow: shadow, logSink: options.logSink, storage: { storage.handle($0, $1) },
            api: { skill, request, reply in
                // 1 is SH_STATUS_ERROR: no answer but this message.
                guard let services else { return reply(1, Array("this host serves no service APIs".utf8)) }
                services.call(request, for: skill, reply: reply)
            },
            trust: options.trust, locale: options.locale)
        self.options = options
        if let problem = WordVectors.problem { options.progress("skillhost: " + problem) }
        let owners = (try? storage.trust.read())?.skills ?? [:]
        let scan = loader.loadAll(from: options.skillFolders, packages: options.packages, isolation: options.isolation, owner: { owners[$0.rawValue] }, progress: options.progress)
        var standIns: [any SkillEndpoint] = []
        var modelRefusals: [LoaderError] = []
        for path in options.models {
            do { standIns.append(try ModelStandIn.load(path)) } catch { modelRefusals.append(error) }
        }
        let (skills, clashes) = SkillRegistry.separatingClashes(scan.loaded + standIns)
        registry = SkillRegistry(skills: skills, origins: skills.map(scan.origin(of:)), cache: options.nluCache)
        published = Locked(registry)
        refusals = scan.refusals + modelRefusals + clashes
        turnDeadline = options.turnDeadline
        requests = RequestFactory(services: options.services, locale: options.locale)
        options.services?.attachStorage { [published] id, request throws(StorageError) in
            guard let entry = published.withLock({ $0 }).entry(id) else {
                throw StorageError(.accessDenied, "no skill \(id) is loaded on this host")
            }
            guard entry.skill is RemoteSkill else {
                throw StorageError(.accessDenied, "\(id) is a library, not a remote skill: its storage is reached through SkillKit, not S3")
            }
            let grant = StorageGrant(skillID: id, generation: entry.skill.generation, appGroups: entry.skill.manifest.appGroups, library: entry.origin)
            return try storage.answer(request, for: grant)
        }
        conversations = [.local: Conversation(userID: options.userID, deviceID: options.deviceID)]
    }

    public func setRecordsEnvelopes(_ value: Bool) { recordsEnvelopes = value }

    /// The skill holding the session, if any.
    public var sessionOwner: SkillID? { conversation.sessionOwner }

    /// A new conversation for a front end that keeps its own (the server's): the host's user
    /// and device unless given.
    public nonisolated func newConversation(userID: String? = nil, deviceID: String? = nil) -> Conversation {
        Conversation(userID: userID ?? options.userID, deviceID: deviceID ?? options.deviceID)
    }

    /// One turn of `conversation`, a conversation kept by the caller rather than the host
    /// (many at once, as a server has): the result, and the conversation as it stands after.
    /// Turns of different conversations may run at once; the caller runs one conversation's
    /// turns one after another.
    /// - Parameter inspecting: keep what `:debug` shows (why nothing took the sentence, the
    ///   envelopes) in the result for this turn alone.
    public func turn(_ text: String, in conversation: Conversation, inspecting: Bool = false) async -> (TurnResult, Conversation) {
        await Self.$inspecting.withValue(inspecting) {
            await withConversation(conversation) { await self.turn(text) }
        }
    }

    /// Ends `conversation`'s open session, if any (SessionEndedRequest, USER_INITIATED).
    public func end(_ conversation: Conversation) async -> (TurnResult, Conversation) {
        await withConversation(conversation) { await self.endSession(reason: .userInitiated, utterance: "") }
    }

    func withConversation<Result: Sendable>(_ conversation: Conversation, _ body: () async -> Result) async -> (Result, Conversation) {
        let key = ConversationKey()
        conversations[key] = conversation
        let result = await Self.$turnKey.withValue(key) { await body() }
        return (result, conversations.removeValue(forKey: key) ?? conversation)
    }

    /// Ends any open session (SessionEndedRequest, USER_INITIATED), retires every skill (an
    /// isolated one's runner stops) and deletes the shadow copies. Loaded images stay mapped
    /// until the process exits.
    public func shutdown() async {
        watcher?.stop()
        watcher = nil
        if conversation.session != nil { _ = await endSession(reason: .userInitiated, utterance: "") }
        for entry in registry.entries { entry.skill.retire() }
        loader.shadow.remove()
    }
}

/// The time the NLU takes in one turn, added up over its calls (`HostEngine.understanding`).
final class NLUClock: Sendable {
    private let total = Locked(Duration.zero)

    func add(_ duration: Duration) { total.withLock { $0 += duration } }

    var elapsed: Duration { total.withLock { $0 } }
}
