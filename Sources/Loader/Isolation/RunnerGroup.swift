import Foundation
import Glibc
import SkillModel
import Synchronization

/// A Linux control group of its own for one runner, where the host may make one: a CPU quota
/// (a runner spinning in a thread of its own between turns, where no turn deadline reaches it,
/// gets at most its share of the machine) and a memory limit that counts everything the runner
/// maps, not only its data (`RLIMIT_DATA`).
///
/// Made under the host's own groups: on cgroup v1 in the `cpu` and `memory` hierarchies it can
/// write (as root), on cgroup v2 under the host's group when the `cpu` or `memory` controller is
/// delegated to it (its `cgroup.subtree_control` lists them). Elsewhere there is none, and the
/// runner keeps its rlimits only. The runner joins the group itself before it loads the library
/// (`SkillRunner`), and the group is removed once the runner has been reaped. Groups of hosts
/// that died are removed the first time a host makes one.
struct RunnerGroup: Sendable {
    /// The group's folder in each hierarchy; the runner writes its pid to `cgroup.procs` in each.
    let folders: [String]

    /// Where groups can be made: a folder and how it is limited, one per hierarchy.
    private struct Place: Sendable {
        let parent: String
        let version: Int
        let controllers: Set<String>
    }

    private static let places: [Place] = findPlaces()
    private static let counter = Atomic<Int>(0)
    private static let swept = Atomic<Bool>(false)
    static let prefix = "skillhost-"

    /// Whether this host can put its runners in groups of their own.
    static var isAvailable: Bool { !places.isEmpty }

    /// A new group limited to `cores` of CPU (0: no quota) and `memory` bytes (0: no limit),
    /// or nil where none can be made.
    static func make(cores: Double, memory: Int) -> RunnerGroup? {
        guard !places.isEmpty else { return nil }
        if !swept.exchange(true, ordering: .relaxed) { sweepDeadHosts() }
        let name = "\(prefix)\(getpid())-\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
        var folders: [String] = []
        for place in places {
            let folder = place.parent + "/" + name
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { continue }
            var written = true
            if place.controllers.contains("cpu"), cores > 0 {
                let period = 100_000
                let quota = max(1000, Int((Double(period) * cores).rounded()))
                written = written && (place.version == 1
                    ? write("\(period)", to: folder + "/cpu.cfs_period_us") && write("\(quota)", to: folder + "/cpu.cfs_quota_us")
                    : write("\(quota) \(period)", to: folder + "/cpu.max"))
            }
            if place.controllers.contains("memory"), memory > 0 {
                written = written && write("\(memory)", to: folder + (place.version == 1 ? "/memory.limit_in_bytes" : "/memory.max"))
            }
            if written { folders.append(folder) } else { rmdir(folder) }
        }
        guard !folders.isEmpty else { return nil }
        let group = RunnerGroup(folders: folders)
        live.withLock { groups in
            if groups == nil {
                groups = [:]
                atexit { RunnerGroup.removeLiveGroups() }
            }
            groups?[name] = group
        }
        return group
    }

    /// Removes the group; its runner must have ended (a group with a process in it stays).
    func remove() {
        for folder in folders { rmdir(folder) }
        if let name = folders.first.map({ ($0 as NSString).lastPathComponent }) { Self.live.withLock { _ = $0?.removeValue(forKey: name) } }
    }

    /// Groups made and not yet removed, by name; nil until the first (which sets the exit hook).
    private static let live = Locked<[String: RunnerGroup]?>(nil)

    /// At exit: the runners still in a group (a host never shut down) are stopped and reaped,
    /// so that their groups can go too.
    private static func removeLiveGroups() {
        let groups = live.withLock { $0.map { Array($0.values) } ?? [] }
        for group in groups {
            for folder in group.folders {
                let text = (try? String(contentsOfFile: folder + "/cgroup.procs", encoding: .utf8)) ?? ""
                for pid in text.split(separator: "\n").compactMap({ pid_t($0) }) {
                    kill(pid, SIGKILL)
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                }
            }
            group.remove()
        }
    }

    /// The environment value that tells the runner which groups to join.
    var environmentValue: String { folders.joined(separator: ":") }

    /// Joins the groups named in `value` (the runner, before it loads the library).
    static func join(_ value: String) {
        for folder in value.split(separator: ":") {
            _ = write("\(getpid())", to: folder + "/cgroup.procs")
        }
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
    }

    /// The host's own groups it may make child groups in, from /proc/self/cgroup and the
    /// mounted hierarchies.
    private static func findPlaces() -> [Place] {
        guard let own = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
              let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        // hierarchy controllers (v1) or "" (v2) → the host's path in it
        var paths: [String: String] = [:]
        for line in own.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if fields.count == 3 { paths[String(fields[1])] = String(fields[2]) }
        }
        var places: [Place] = []
        for line in mounts.split(separator: "\n") {
            // id parent major:minor root mountpoint options [optional…] - type source super-options
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2 else { continue }
            let left = halves[0].split(separator: " "), right = halves[1].split(separator: " ")
            guard left.count >= 5, right.count >= 3 else { continue }
            let root = String(left[3]), mountPoint = String(left[4])
            let place: Place?
            switch right[0] {
            case "cgroup":
                let wanted = Set(right[2].split(separator: ",").map(String.init)).intersection(["cpu", "memory"])
                guard !wanted.isEmpty,
                      let path = paths.first(where: { !wanted.isDisjoint(with: $0.key.split(separator: ",").map(String.init)) })?.value
                else { continue }
                place = Place(parent: folder(mountPoint, root: root, path: path), version: 1, controllers: wanted)
            case "cgroup2":
                guard let path = paths[""] else { continue }
                let parent = folder(mountPoint, root: root, path: path)
                let delegated = (try? String(contentsOfFile: parent + "/cgroup.subtree_control", encoding: .utf8)) ?? ""
                let wanted = Set(delegated.split(whereSeparator: \.isWhitespace).map(String.init)).intersection(["cpu", "memory"])
                place = wanted.isEmpty ? nil : Place(parent: parent, version: 2, controllers: wanted)
            default:
                continue
            }
            guard let place, access(place.parent, W_OK) == 0, !places.contains(where: { $0.parent == place.parent }) else { continue }
            places.append(place)
        }
        return places
    }

    /// The folder of `path` (a group's path in its hierarchy) under a mount of the hierarchy
    /// from `root`.
    private static func folder(_ mountPoint: String, root: String, path: String) -> String {
        var inside = path
        if root != "/", inside.hasPrefix(root) { inside = String(inside.dropFirst(root.count)) }
        let folder = (mountPoint + "/" + inside).replacingOccurrences(of: "//", with: "/")
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        var isFolder: ObjCBool = false
        // A path the host cannot see from here (another namespace's view) leaves the mount itself.
        return FileManager.default.fileExists(atPath: trimmed, isDirectory: &isFolder) && isFolder.boolValue ? trimmed : mountPoint
    }

    /// Removes the groups of hosts that are no longer running (empty ones only).
    private static func sweepDeadHosts() {
        for place in places {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: place.parent) else { continue }
            for name in names where name.hasPrefix(prefix) {
                let parts = name.dropFirst(prefix.count).split(separator: "-")
                guard parts.count == 2, let pid = pid_t(parts[0]), pid != getpid() else { continue }
                if kill(pid, 0) != 0, errno == ESRCH { rmdir(place.parent + "/" + name) }
            }
        }
    }
}
