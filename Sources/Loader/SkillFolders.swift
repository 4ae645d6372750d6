import Foundation
import SkillModel

/// What scanning the skills folders produced: the skills that loaded and every refusal.
public struct SkillScan: Sendable {
    public private(set) var loaded: [any SkillEndpoint] = []
    public var refusals: [LoaderError] = []
    private var origins: [ObjectIdentifier: String] = [:]

    /// Where a loaded skill came from: its library, or the source folder it was built from.
    public func origin(of skill: any SkillEndpoint) -> String { origins[ObjectIdentifier(skill)] ?? skill.path }

    mutating func add(_ skill: any SkillEndpoint, from origin: String) {
        loaded.append(skill)
        origins[ObjectIdentifier(skill)] = origin
    }

    /// Takes a loaded skill out again (another library has the better claim to its id).
    mutating func drop(_ id: SkillID) -> (any SkillEndpoint)? {
        guard let i = loaded.firstIndex(where: { $0.id == id }) else { return nil }
        let skill = loaded.remove(at: i)
        origins[ObjectIdentifier(skill)] = nil
        return skill
    }
}

extension SkillLoader {
    /// Loads every skill in `folders`: each `.so` file, each source folder (built first,
    /// see `SourceSkillBuild`), each package (see `SkillPackage`) and each remote skill's
    /// folder (see `RemoteSkillFolder`); then every skill of the
    /// packages in `packages`. A refused file is reported and the rest load; of two libraries
    /// with one skill id, the one `owner` names (the data root remembers whose the id's storage
    /// is) wins, else the first (in folder order, then name order).
    /// - Parameter progress: told about builds that make start-up wait.
    /// - Parameter isolation: which skills run in runner processes (none when nil).
    ///   A library whose load takes long (a factory that does slow work) is named while it
    ///   goes on, so start-up never waits in silence.
    ///   - owner: for a skill id, the origin its storage belongs to, if one is recorded.
    public func loadAll(from folders: [String], packages: [String] = [], isolation: RunnerConfiguration? = nil, owner: (SkillID) -> String? = { _ in nil }, progress: @escaping @Sendable (String) -> Void = { _ in }) -> SkillScan {
        var scan = SkillScan()
        var firstPath: [SkillID: String] = [:]
        // Each skill to load, in order: where it comes from, and how its library is had (a build
        // for sources); or, in its place, why a folder could not be looked through.
        var candidates: [(origin: String, library: () throws(LoaderError) -> String)] = []
        func refuse(_ error: LoaderError) { candidates.append(("", { () throws(LoaderError) -> String in throw error })) }
        var packageRoots = packages
        for folder in folders {
            let entries: [String]
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                refuse(LoaderError(.unreadable, path: folder, "no such skills folder"))
                continue
            }
            if let refusal = trust.checkFolder(folder) {
                refuse(refusal)
                continue
            }
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                refuse(LoaderError(.unreadable, path: folder, "cannot read the skills folder: \(error.localizedDescription)"))
                continue
            }
            let builder = SourceSkillBuild.locate(for: folder)
            for entry in entries where !entry.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    if RemoteSkillFolder.isRemoteFolder(path) {
                        candidates.append((path, { () throws(LoaderError) -> String in path }))
                        continue
                    }
                    if SkillPackage.isPackage(path) {
                        packageRoots.append(path)
                        continue
                    }
                    guard SourceSkillBuild.isSourceFolder(path) else { continue }
                    candidates.append((path, { () throws(LoaderError) -> String in
                        guard let builder else {
                            throw LoaderError(.buildFailed, path: path, "is a skill's source folder outside any Swift package; build it and drop the .so here")
                        }
                        return try builder.build(product: entry, sourceFolder: path, progress: progress)
                    }))
                } else if entry.hasSuffix(".so") {
                    candidates.append((path, { () throws(LoaderError) -> String in path }))
                }
            }
        }
        for root in packageRoots {
            do throws(LoaderError) {
                if let refusal = trust.checkFolder(root) { throw refusal }
                let package = try SkillPackage.read(root)
                for product in package.products {
                    candidates.append((product.sourceFolder, { () throws(LoaderError) -> String in
                        guard let builder = SourceSkillBuild.locate(for: product.sourceFolder) else {
                            throw LoaderError(.buildFailed, path: product.sourceFolder, "is outside its package")
                        }
                        return try builder.build(product: product.name, sourceFolder: product.sourceFolder, progress: progress)
                    }))
                }
            } catch {
                refuse(error)
            }
        }
        for (path, library) in candidates {
            do throws(LoaderError) {
                let library = try library()
                let notice = SlowLoadNotice((path as NSString).lastPathComponent, progress: progress)
                defer { notice.finish() }
                let skill = try load(library, origin: path, isolation: isolation)
                if let first = firstPath[skill.id] {
                    // A file that sorts first cannot take the id from the one that owns it.
                    let owned = owner(skill.id)
                    if let owned, owned == Self.canonical(path), owned != Self.canonical(first), let earlier = scan.drop(skill.id) {
                        earlier.retire()
                        scan.refusals.append(LoaderError(.duplicateSkillID, path: first, "duplicate skill id \(skill.id): its storage belongs to \(path), which is loaded instead"))
                    } else {
                        skill.retire()
                        throw LoaderError(.duplicateSkillID, path: path, "duplicate skill id \(skill.id): already loaded from \(first)")
                    }
                }
                firstPath[skill.id] = path
                scan.add(skill, from: path)
            } catch {
                scan.refusals.append(error)
            }
        }
        return scan
    }
}

/// Says, while a library takes long to load, that it is still loading: after 3 s, then every
/// 10 s, and how long it took once it is done. The clock is a thread of its own, not a timer
/// on a shared queue: start-up under load can keep every pooled thread busy past the moment.
final class SlowLoadNotice: @unchecked Sendable {
    private let name: String
    private let progress: @Sendable (String) -> Void
    private let started = ContinuousClock.now
    /// Guards `done` and `spoke`; the watcher speaks holding it, so "loaded" never comes first.
    private let condition = NSCondition()
    private var done = false
    private var spoke = false

    init(_ name: String, progress: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.progress = progress
        let watcher = Thread { [self] in watch() }
        watcher.name = "slow-load \(name)"
        watcher.start()
    }

    private func watch() {
        condition.lock()
        defer { condition.unlock() }
        var deadline = Date(timeIntervalSinceNow: 3)
        while !done {
            if !condition.wait(until: deadline), !done {
                spoke = true
                progress("still loading \(name) after \(Self.seconds(ContinuousClock.now - started)) (its factory has not returned)")
                deadline = Date(timeIntervalSinceNow: 10)
            }
        }
    }

    func finish() {
        condition.lock()
        done = true
        condition.signal()
        let spoke = spoke
        condition.unlock()
        if spoke { progress("\(name) loaded after \(Self.seconds(ContinuousClock.now - started))") }
    }

    private static func seconds(_ duration: Duration) -> String {
        "\(duration.components.seconds) s"
    }
}

extension SkillLoader {
    /// A path without links, as the data root records origins.
    public static func canonical(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
