import ArgumentParser
import Foundation
import Loader
import NLU
import PostgresStore
import SkillHost
import SkillServer

/// Options shared by every command that loads skills.
struct HostOptionGroup: ParsableArguments {
    @Option(name: .customLong("skills"), help: ArgumentHelp("A folder of skills to load (repeatable). Default: Skills/.", valueName: "dir"))
    var skillFolders: [String] = []

    @Flag(help: "Train every model at start instead of reading trained ones from the cache (SKILLHOST_CACHE_DIR, else ~/.cache/skillhost/nlu).")
    var noCache = false

    @Option(help: ArgumentHelp("Show what skills log at this level and above: debug, info, warning, error.", valueName: "level"))
    var logLevel: String = "warning"

    @Flag(help: "Do not watch the skills folders for new, changed and removed libraries and sources.")
    var noWatch = false

    @Option(name: .customLong("isolate"), help: ArgumentHelp("Run a skill in a runner process of its own, so that a crash or a hang costs one turn; by library or folder name (repeatable), or alone for every skill.", valueName: "skill"))
    var isolate: [String] = []

    @Option(name: .customLong("runner-memory"), help: ArgumentHelp("The most memory an isolated skill's runner may take for its data, in MB; past it an allocation fails, which costs the turn.", valueName: "MB"))
    var runnerMemory: Int = RunnerConfiguration.defaultMemoryLimit >> 20

    @Option(name: .customLong("runner-cpu"), help: ArgumentHelp("The most CPU an isolated skill's runner may use, in cores (0 for no limit), where the host can give each runner a control group of its own (root, or a delegated cgroup v2 subtree); the group also holds it to --runner-memory for everything it maps.", valueName: "CORES"))
    var runnerCPU: Double = 1

    @Option(name: .customLong("turn-deadline"), help: ArgumentHelp("How long a skill may take over a request before the turn is answered with an error (Alexa allows 8 s).", valueName: "SECONDS"))
    var turnDeadline: Double = 8

    @Flag(help: ArgumentHelp("Load libraries even from folders or files that other users can write or own. Whoever can replace such a file runs code as you."))
    var allowUntrusted = false

    @Option(help: ArgumentHelp("Picks the dialog model's prompt variations: the same seed and the same conversation give the same words.", valueName: "n"))
    var seed: UInt64 = 0

    @Option(name: .customLong("model"), help: ArgumentHelp("An Alexa interaction model file to talk to with no skill behind it (repeatable): the host runs its NLU and dialog model, and each finished intent is answered with what the skill would receive. Without --skills, only the models load.", valueName: "file"))
    var models: [String] = []

    @Option(name: .customLong("package"), help: ArgumentHelp("A Swift package of skills, anywhere (repeatable): each dynamic library product is built, loaded, and rebuilt and reloaded when its sources change. Without --skills, only the packages load.", valueName: "dir"))
    var packages: [String] = []

    @Option(help: ArgumentHelp("The locale the user speaks (en-US, en-GB, de-DE, …): requests carry it, and a skill that ships models for several is understood with that locale's (else en-US's).", valueName: "locale"))
    var locale = "en-US"

    @OptionGroup var data: DataOptions

    func validate() throws {
        guard Self.levels[logLevel] != nil else {
            throw ValidationError("--log-level must be debug, info, warning or error, not '\(logLevel)'")
        }
        guard turnDeadline > 0, turnDeadline <= 3600 else { throw ValidationError("--turn-deadline must be more than 0 and at most 3600 seconds") }
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }), parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw ValidationError("--locale must be a language and a country as Alexa writes them (en-US, en-GB, de-DE), not '\(locale)'")
        }
        // A folder named on the command line that is not there is a mistake, not an empty host.
        for folder in skillFolders where !Self.isFolder(folder) {
            throw ValidationError("--skills \(folder): no such folder")
        }
        for package in packages where !Self.isFolder(package) {
            throw ValidationError("--package \(package): no such folder")
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    static let levels: [String: SkillLogRecord.Level] = ["debug": .debug, "info": .info, "warning": .warning, "error": .error]

    /// The folders to load: as given, else `Skills/` here, else the `Skills/` of the package
    /// this executable was built from (so `swift run skillhost` works from any folder).
    func folders() -> [String] {
        if !skillFolders.isEmpty { return skillFolders }
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: "Skills") { return ["Skills"] }
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe"), let range = executable.range(of: "/.build/") {
            let root = String(executable[..<range.lowerBound])
            if fileManager.fileExists(atPath: root + "/Skills") { return [root + "/Skills"] }
        }
        return ["Skills"]
    }

    /// The runner processes asked for; the runner is this executable (`skillhost runner`).
    var isolation: RunnerConfiguration? {
        guard !isolate.isEmpty else { return nil }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let names = isolate.flatMap { $0.split(separator: ",").map(String.init) }
        return RunnerConfiguration(executable: executable, skills: names.contains("all") ? nil : Set(names), memoryLimit: max(1, runnerMemory) << 20, cpuLimit: max(0, runnerCPU))
    }

    /// - Parameter database: where skills' documents are kept instead of the data root's files.
    func hostOptions(diagnostics: any TextSink, color: Bool, database: PostgresStore? = nil) -> HostOptions {
        let threshold = Self.levels[logLevel] ?? .warning
        var options = HostOptions(
            // A model or a package tried on its own meets no other skill unless folders are named too.
            skillFolders: (models.isEmpty && packages.isEmpty) || !skillFolders.isEmpty ? folders() : [],
            logSink: { record in
                guard record.level >= threshold else { return }
                diagnostics.write("[\(record.skillID) g\(record.generation)] \(record.level.name): \(TerminalText.escaped(record.message))\n")
            },
            progress: { message in diagnostics.write(message + "\n") },
            turnDeadline: .milliseconds(Int64(turnDeadline * 1000)),
            nluCache: noCache ? nil : NLUCache(directory: NLUCache.defaultDirectory()),
            dataRoot: data.root,
            storageLimits: data.limits,
            trust: allowUntrusted ? .anyone : .strict,
            events: { event in
                let code = switch event.kind {
                case .kept, .refused: "33"
                case .watching, .building: "2"
                default: "36"
                }
                diagnostics.write((color ? "\u{1B}[\(code)m\(event)\u{1B}[0m" : "\(event)") + "\n")
            },
            isolation: isolation,
            dialogSeed: seed)
        options.models = models
        options.packages = packages
        options.locale = locale
        options.documents = database.map(PostgresBackend.init)
        return options
    }

    /// Starts the service APIs, then the host with them: the engine, and the task to cancel when
    /// done. What keeps either from starting is a `ValidationError` saying so.
    func startHost(_ options: HostOptions) async throws -> (engine: HostEngine, services: Task<Void, Never>) {
        var options = options
        do {
            let services = try await startServices(into: &options)
            do {
                return (try HostEngine(options: options), services)
            } catch {
                services.cancel()
                throw error
            }
        } catch {
            throw ValidationError("cannot start: \(error)")
        }
    }

    /// Starts the service APIs skills reach through `apiEndpoint` (HTTPS on a loopback port of
    /// its own, see `ServiceAPI`) and puts them in `options`; cancel the task to stop them.
    private func startServices(into options: inout HostOptions) async throws -> Task<Void, Never> {
        let api = ServiceAPI(services: HostServices(dataRoot: options.dataRoot, locale: options.locale), tls: try ServiceTLS.load(dataRoot: options.dataRoot))
        let server = try await api.start()
        options.services = api.services
        // A device.json that cannot be read is named, not silently replaced by the defaults.
        if let problem = api.services.device.problem { options.progress("skillhost: the device settings are not used: \(problem)") }
        let storage = await startS3(api.services, options)
        return Task {
            await withTaskCancellationHandler {
                await server.value
                await storage?.value
            } onCancel: {
                server.cancel()
                storage?.cancel()
            }
        }
    }

    /// Starts the S3 API remote skills keep their persistent attributes through (see `S3API`);
    /// what keeps it from starting is said, and the host goes on without it.
    private func startS3(_ services: HostServices, _ options: HostOptions) async -> Task<Void, Never>? {
        do {
            let credentials = try StorageCredentials.load(dataRoot: options.dataRoot)
            do {
                return try await S3API(services: services, credentials: credentials).start()
            } catch {
                options.progress("skillhost: remote skills' S3 storage is off: port \(credentials.port) (services-s3.json) cannot be listened on: \(error)")
            }
        } catch {
            options.progress("skillhost: remote skills' S3 storage is off: \(error)")
        }
        return nil
    }
}
