import Foundation
import Loader
import NLU
import SkillModel

extension HostEngine {
    /// Watches every skills folder and every skill source folder in them: a new library loads,
    /// a changed one reloads, a removed one is unrouted, a saved source file rebuilds its skill;
    /// and every `--model` file, which reloads when saved.
    /// Returns how it watches (inotify, or polling when inotify is unavailable).
    @discardableResult
    public func startWatching(forcePolling: Bool = false) -> [HostEvent] {
        guard watcher == nil else { return [] }
        var watches: [FolderWatcher.Watch] = []
        for folder in options.skillFolders where FileManager.default.fileExists(atPath: folder) {
            watches.append(FolderWatcher.Watch(folder: folder, recursive: false) { path in
                let name = (path as NSString).lastPathComponent
                guard !name.hasPrefix(".") else { return nil }
                if name.hasSuffix(".so") { return path }
                return SourceSkillBuild.isSourceFolder(path) || RemoteSkillFolder.isRemoteFolder(path) ? path : nil
            })
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let source = folder + "/" + entry
                // A remote skill reloads when its manifest or a model is saved.
                guard SourceSkillBuild.isSourceFolder(source) || RemoteSkillFolder.isRemoteFolder(source) else { continue }
                watches.append(FolderWatcher.Watch(folder: source, recursive: true) { path in
                    Self.isSourceFile(path) ? source : nil
                })
            }
        }
        // A package's skills rebuild when their sources or its manifest change.
        for package in packages() {
            for product in package.products {
                watches.append(FolderWatcher.Watch(folder: product.sourceFolder, recursive: true) { path in
                    Self.isSourceFile(path) ? product.sourceFolder : nil
                })
            }
            let origins = package.products.map(\.sourceFolder)
            watches.append(FolderWatcher.Watch(folder: package.root, recursive: false) { path in
                (path as NSString).lastPathComponent == "Package.swift" ? origins.first : nil
            })
        }
        // A model tried with --model reloads when its file is saved, as a library does.
        let modelFolders = Dictionary(grouping: options.models) { path -> String in
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        }
        for (folder, models) in modelFolders.sorted(by: { $0.key < $1.key }) where FileManager.default.fileExists(atPath: folder) {
            watches.append(FolderWatcher.Watch(folder: folder, recursive: false) { path in
                let name = (path as NSString).lastPathComponent
                return models.first { ($0 as NSString).lastPathComponent == name }
            })
        }
        // A saved file is reloaded ahead of other waiting work (at high priority): while turns
        // or trainings keep every thread busy, the developer is waiting on it.
        let watcher = FolderWatcher(watches, forcePolling: forcePolling, onOverflow: { [self] in
            // Events were lost: every skill is loaded again and the folders looked through.
            Task(priority: .high) { _ = await self.reload(skill: nil) }
        }) { [self] changed in
            Task(priority: .high) { await self.reload(origins: changed) }
        }
        self.watcher = watcher
        let events = (options.skillFolders + options.packages + options.models).filter { FileManager.default.fileExists(atPath: $0) }.map { HostEvent(.watching, origin: $0, message: watcher.mode.description) }
        events.forEach(options.events)
        return events
    }

    /// A file a skill is built from (not an editor's swap or backup file).
    static func isSourceFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard !name.hasPrefix("."), !name.hasSuffix("~"), !path.contains("/.build/") else { return false }
        return ["swift", "c", "h", "json"].contains((name as NSString).pathExtension)
    }

    /// Reloads each origin (a library or a source folder), one after another.
    public func reload(origins: [String]) async {
        for origin in origins { _ = await reload(origin: origin) }
    }

    /// Reloads the skill named (name, id or invocation name), or every skill and what is new
    /// in the skills folders: `:reload`.
    public func reload(skill: String?) async -> [HostEvent] {
        let entries = skill.map { registry.entries(named: $0) } ?? registry.entries
        if let skill, entries.isEmpty {
            let event = HostEvent(.refused, origin: skill, message: "no loaded skill is called '\(skill)'; :skills lists them")
            options.events(event)
            return [event]
        }
        var events: [HostEvent] = []
        for origin in entries.map(\.origin) + (skill == nil ? newOrigins() : []) {
            if let event = await reload(origin: origin) { events.append(event) }
        }
        return events
    }

    /// The packages of skills: those named, and those in the skills folders, as read at load.
    func packages() -> [SkillPackage] {
        var roots = options.packages
        for folder in options.skillFolders {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for entry in entries.sorted() where !entry.hasPrefix(".") && SkillPackage.isPackage(folder + "/" + entry) {
                roots.append(folder + "/" + entry)
            }
        }
        return roots.compactMap { try? SkillPackage.read($0) }
    }

    /// Libraries, source folders and packages' skills that no loaded skill comes from.
    func newOrigins() -> [String] {
        var origins: [String] = packages().flatMap { $0.products.map(\.sourceFolder) }.filter { registry.entry(origin: $0) == nil }
        for folder in options.skillFolders {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
                guard entry.hasSuffix(".so") || SourceSkillBuild.isSourceFolder(path) || RemoteSkillFolder.isRemoteFolder(path), registry.entry(origin: path) == nil else { continue }
                origins.append(path)
            }
        }
        return origins
    }

    /// Loads the library or builds and loads the source folder at `origin`, and puts the new
    /// generation in place of the old in one step; or takes the skill out when `origin` is
    /// gone. A failure keeps the running generation. A change that arrives while the origin
    /// is being reloaded makes one more reload after it.
    @discardableResult
    public func reload(origin: String) async -> HostEvent? {
        guard !reloading.contains(origin) else {
            reloadAgain.insert(origin)
            return nil
        }
        reloading.insert(origin)
        var event: HostEvent?
        repeat {
            reloadAgain.remove(origin)
            event = await reloadOnce(origin)
            if let event { options.events(event) }
        } while reloadAgain.contains(origin)
        reloading.remove(origin)
        return event
    }

    private func reloadOnce(_ origin: String) async -> HostEvent? {
        let start = ContinuousClock.now
        let previous = registry.entry(origin: origin)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: origin, isDirectory: &isFolder) else {
            guard let previous else { return nil }
            unroute(previous)
            return HostEvent(.removed, origin: origin, name: previous.name, skillID: previous.id, generation: previous.skill.generation)
        }
        func refused(_ reason: String) -> HostEvent {
            guard let previous else { return HostEvent(.refused, origin: origin, message: reason) }
            return HostEvent(.kept, origin: origin, name: previous.name, skillID: previous.id, generation: previous.skill.generation, message: reason)
        }

        var library = origin
        if isFolder.boolValue, !RemoteSkillFolder.isRemoteFolder(origin) {
            guard let builder = SourceSkillBuild.locate(for: origin) else {
                return refused("a source folder outside any Swift package; build it and drop the .so here")
            }
            let product = SkillPackage.product(forSource: origin)?.product.name ?? (origin as NSString).lastPathComponent
            options.events(HostEvent(.building, origin: origin, name: previous?.name ?? product))
            let built = await Task.detached { () -> Result<String, LoaderError> in
                Result { () throws(LoaderError) -> String in try builder.build(product: product, sourceFolder: origin, progress: { _ in }) }
            }.value
            switch built {
            case .success(let path): library = path
            case .failure(let error): return refused(error.reason)
            }
        }

        let loader = self.loader
        let cache = options.nluCache
        let isolation = options.isolation
        let isModel = options.models.contains(origin)
        let generation = (previous?.skill.generation ?? 0) + 1
        // The skill's NLU and the routing model across every skill with it in place train side
        // by side: the routing model needs the models alone. It was trained for the registry as
        // it is now; if that changes before the staging below, the staging trains another.
        let before = registry
        // The skill its library held before, when the new one has another id: it goes.
        let droppedFor = { @Sendable (id: SkillID) in previous.flatMap { $0.id != id ? $0.id : nil } }
        let prepared = await Task.detached { () -> Result<(SkillRegistry.Entry, RoutingModel?), LoaderError> in
            let skill: any SkillEndpoint
            do throws(LoaderError) {
                skill = isModel ? try ModelStandIn.load(library, generation: generation) : try loader.load(library, origin: origin, isolation: isolation)
            } catch {
                return .failure(error)
            }
            async let routing = before.routingModel(installing: skill.id, skill.model, dropping: droppedFor(skill.id))
            let nlu = SkillNLU(skillID: skill.id, model: skill.model, cache: cache)
            return .success((SkillRegistry.Entry(skill: skill, nlu: nlu, origin: origin), await routing))
        }.value
        let entry: SkillRegistry.Entry
        let routing: RoutingModel?
        switch prepared {
        case .success(let loaded): (entry, routing) = loaded
        case .failure(let error): return refused("generation refused: \(error.reason)")
        }

        // The next registry is made off the actor (the routing model trained beside the skill
        // is used if the registry has not changed since; else another trains, which takes a
        // while with many skills), so turns to the other skills go on meanwhile; it is put in
        // place at once unless the registry changed in between.
        let dropped = droppedFor(entry.id)
        var staged: SkillRegistry
        repeat {
            if let other = registry.entry(entry.id), other.origin != origin {
                entry.skill.retire()
                return refused("skill id \(entry.id) is already loaded from \(other.origin)")
            }
            if let (name, owner) = registry.invocationOwner(of: entry.skill, replacing: previous?.id) {
                entry.skill.retire()
                return refused("invocation name '\(name)' is already \(owner.name)'s (\(owner.id))")
            }
            let base = registry
            let version = registryVersion
            let gate = stagingGate
            staged = await Task.detached {
                await gate?(origin)
                var next = base
                next.install(entry, dropping: dropped, routing: routing)
                return next
            }.value
            if version == registryVersion { break }
        } while true
        let replaced = registry.entry(entry.id)
        registry = staged
        if let previous, previous.id != entry.id { letGo(previous) }
        replaced?.skill.retire()
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return HostEvent(replaced == nil ? .loaded : .reloaded, origin: origin, name: entry.name, skillID: entry.id, generation: entry.skill.generation, milliseconds: milliseconds)
    }

    /// Takes a skill out of routing; a session it held is over.
    private func unroute(_ entry: SkillRegistry.Entry) {
        registry.remove(entry.id)
        letGo(entry)
    }

    /// Retires a skill no longer routed; a session it held is over.
    private func letGo(_ entry: SkillRegistry.Entry) {
        entry.skill.retire()
        for (key, conversation) in conversations where conversation.session?.skillID == entry.id {
            conversations[key]?.session = nil
        }
    }
}
