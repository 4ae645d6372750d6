import Foundation
import Loader
import Glibc
import SkillModel

/// A throw-away PostgreSQL cluster for a test: initdb in a temporary folder, the server on a
/// free loopback port with trust authentication, stopped and deleted by `stop()` (or at exit).
/// As root (CI), the cluster belongs to the `postgres` user, since PostgreSQL refuses to run
/// as root.
public final class PostgresServer: Sendable {
    public let port: Int
    public let folder: String
    public let user = "skillhost"
    public var url: String { "postgres://\(user)@127.0.0.1:\(port)/postgres" }
    private let binaries: String
    private let runAs: String?

    /// Where initdb, pg_ctl and postgres are (the newest installed version), or nil.
    public static let binaries: String? = {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static let live = Locked<[String: PostgresServer]>([:])
    private static let cleanUpAtExit: Void = { atexit { PostgresServer.stopAll() } }()

    public init() throws {
        guard let binaries = Self.binaries else { throw Failure(description: "no PostgreSQL under /usr/lib/postgresql (scripts/install-system-packages.sh installs it)") }
        self.binaries = binaries
        let root = getuid() == 0
        runAs = root ? "postgres" : nil
        Self.sweep()
        // Under /tmp itself, not TMPDIR: the postgres user must reach it.
        var template = Array("/tmp/skillhost-pg-\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))") }
        folder = String(cString: made)
        if root {
            guard let account = getpwnam("postgres") else { throw Failure(description: "no postgres user to run the cluster as") }
            chown(folder, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        // Below the ephemeral range: a test restarts the server on this port, which a reconnecting
        // client could otherwise hold meanwhile as the local end of its connection.
        port = try LoopbackPort.freeOutsideEphemeralRange()
        _ = Self.cleanUpAtExit
        Self.live.withLock { $0[folder] = self }
        do {
            try run("initdb", ["-D", "\(folder)/data", "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
            try start()
        } catch {
            stop()
            throw error
        }
    }

    /// Stops the server (fast: open connections are cut) and deletes the cluster.
    public func stop() {
        guard Self.live.withLock({ $0.removeValue(forKey: folder) }) != nil else { return }
        if FileManager.default.fileExists(atPath: "\(folder)/data/postmaster.pid") {
            try? run("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stops the server without deleting anything, as a database that goes away; `start()`
    /// brings it back with its data.
    public func pause() throws { try run("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "stop"]) }

    /// Stops (SIGSTOP) the server processes serving a client that is idle, as a connection
    /// the network or a restart left open with nobody answering at the other end; `thaw` lets
    /// them go on.
    public func freezeIdleConnections() -> [pid_t] {
        guard let text = try? String(contentsOfFile: "\(folder)/data/postmaster.pid", encoding: .utf8), let server = pid_t(text.split(separator: "\n").first ?? "") else { return [] }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let idle = processes.compactMap(pid_t.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[1]) == server,
                let title = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map({ String(decoding: $0, as: UTF8.self) }) else { return false }
            return title.hasPrefix("postgres: \(user) ") && title.contains(" idle")
        }
        for pid in idle { kill(pid, SIGSTOP) }
        return idle
    }

    public func thaw(_ processes: [pid_t]) {
        for pid in processes { kill(pid, SIGCONT) }
    }

    public func start() throws {
        try run("pg_ctl", ["-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "-t", "60", "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) -c fsync=off", "start"])
    }

    /// Runs a PostgreSQL tool (as the cluster's owner) and waits for it: posix_spawn and
    /// waitpid, its output to a file (the server pg_ctl starts would hold a pipe open for its
    /// life, and Foundation's Process was seen to miss the tool's exit), no other descriptor.
    private func run(_ tool: String, _ arguments: [String]) throws {
        let command = (runAs.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + ["\(binaries)/\(tool)"] + arguments
        let outputPath = "\(folder)/\(tool).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else this process has open: a pipe another test is reading (TestSupport.run's)
        // would stay open for the server's life, and its reader would never see the end.
        SpawnActions.closeOthers(&actions)
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? ""
            throw Failure(description: "\(tool) failed (status \(status)): \(text)\n\(log.suffix(2000))")
        }
    }

    private static func stopAll() {
        for server in live.withLock({ Array($0.values) }) { server.stop() }
    }

    /// Deletes the clusters of test processes that died before stopping theirs.
    private static func sweep() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] where name.hasPrefix("skillhost-pg-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 4, let pid = pid_t(parts[2]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let folder = "/tmp/\(name)"
            if let text = try? String(contentsOfFile: "\(folder)/data/postmaster.pid", encoding: .utf8), let server = pid_t(text.split(separator: "\n").first ?? "") {
                kill(server, SIGQUIT)
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
