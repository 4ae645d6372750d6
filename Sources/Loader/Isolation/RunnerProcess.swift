import Foundation
import Glibc

/// A child process with a pipe to its standard input and one from its standard output,
/// started with posix_spawn and reaped with waitpid, so that its end is seen the moment it
/// comes (Foundation's `Process` polls for it every 50 ms).
final class RunnerProcess: @unchecked Sendable {
    // @unchecked: the descriptors and pid are fixed after init; `ended` is written once, by
    // the one exchange that reaps the child.
    let pid: pid_t
    /// Our end of the child's standard input, and of its standard output.
    let input: Int32
    let output: Int32
    /// The control group the child joins, removed once it has been reaped.
    let group: RunnerGroup?
    private var ended: Int32?

    init(executable: String, arguments: [String], environment: [String: String], group: RunnerGroup? = nil) throws(LoaderError) {
        self.group = group
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw LoaderError(.loadFailed, path: executable, "cannot make pipes: \(String(cString: strerror(errno)))")
        }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        // Nothing else of the host's: not its listening sockets, database connections, other
        // runners' pipes or a sanitizer's, whatever a descriptor's close-on-exec flag says.
        SpawnActions.closeOthers(&actions)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard result == 0 else {
            close(toChild[1])
            close(fromChild[0])
            group?.remove()
            throw LoaderError(.loadFailed, path: executable, "cannot start the runner: \(String(cString: strerror(result)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        close(input)
        close(output)
        if ended == nil {
            _ = Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            group?.remove()
            Self.sweepFolders()
        }
    }

    /// Deletes the folders of runners that have ended: one that was killed could not.
    private static func sweepFolders() {
        ProcessFolder.sweep("skillhost-shadow", in: ProcessFolder.base)
    }

    func kill() { _ = Glibc.kill(pid, SIGKILL) }

    /// Waits for the child to end (once) and says how it did; one still running after
    /// `grace` is killed.
    func waitForEnd(grace: Duration) -> String {
        if ended == nil {
            var status: Int32 = 0
            let due = ContinuousClock.now + grace
            var pause: Duration = .microseconds(50)
            while true {
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid { break }
                if result < 0, errno != EINTR { break }
                if ContinuousClock.now >= due {
                    kill()
                    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                    break
                }
                usleep(UInt32(pause.components.attoseconds / 1_000_000_000_000))
                pause = min(pause * 2, .milliseconds(20))
            }
            ended = status
            group?.remove()
            Self.sweepFolders()
        }
        let status = ended ?? 0
        let signal = status & 0x7F
        if signal != 0 {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
            return "crashed (\(name), signal \(signal))"
        }
        return "exited with status \((status >> 8) & 0xFF)"
    }
}

/// What a child started with posix_spawn is given of this process's descriptors: nothing but
/// what the actions name (a pipe another part of the host reads would otherwise stay open for
/// the child's life, and its reader never see the end).
public enum SpawnActions {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which Swift's Glibc
    /// module does not declare.
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Closes every descriptor from 3 up in the child: with one action where glibc has it, else
    /// one per descriptor open now.
    public static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom, closeFrom(&actions, 3) == 0 { return }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in open.sorted() where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }

}
