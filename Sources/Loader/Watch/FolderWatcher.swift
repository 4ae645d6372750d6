import Foundation
import Glibc
import Synchronization

/// Watches folders for changed files and reports them once they settle.
///
/// inotify on the real folders (`IN_CLOSE_WRITE`, `IN_MOVED_TO`, `IN_CREATE`, `IN_DELETE`,
/// `IN_MOVED_FROM`); a path is reported after `debounce` passes with no new event for it, so a
/// linker writing in pieces (or an editor saving through a temporary file) makes one report.
/// When inotify is unavailable (no instances or watches left), it falls back to comparing
/// folder listings every `pollInterval`, and says so in `mode`. A watched folder that is
/// deleted is looked for again every `pollInterval` and, once back, watched again with
/// everything in it reported; when the kernel's event queue overflows (events were lost),
/// `onOverflow` is called so the caller can look at everything again.
public final class FolderWatcher: Sendable {
    /// One thing to watch, and what to report when something in it changes.
    public struct Watch: Sendable {
        public let folder: String
        /// Watch subfolders too (a skill's source folder).
        public let recursive: Bool
        /// Given the changed file's path, what to report (nil: ignore the change).
        public let report: @Sendable (String) -> String?

        public init(folder: String, recursive: Bool, report: @escaping @Sendable (String) -> String?) {
            self.folder = folder
            self.recursive = recursive
            self.report = report
        }
    }

    public enum Mode: Sendable, Equatable, CustomStringConvertible {
        case inotify
        case polling(reason: String)

        public var description: String {
            switch self {
            case .inotify: "inotify"
            case .polling(let reason): "polling every 500 ms (inotify unavailable: \(reason))"
            }
        }
    }

    public let mode: Mode
    private let stopped = StopFlag()
    private let wakeWrite: Int32

    /// Set once, by `stop`; read by the watcher's thread.
    private final class StopFlag: Sendable {
        private let value = Atomic(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        /// Sets the flag; whether it was already set.
        func set() -> Bool { value.exchange(true, ordering: .acquiringAndReleasing) }
    }

    /// Starts watching; `onChange` is called on the watcher's own thread with the reports that
    /// settled, each once.
    public init(_ watches: [Watch], debounce: Duration = .milliseconds(250), pollInterval: Duration = .milliseconds(500), forcePolling: Bool = false, onOverflow: @escaping @Sendable () -> Void = {}, onChange: @escaping @Sendable ([String]) -> Void) {
        var pipeEnds: [Int32] = [-1, -1]
        _ = pipe(&pipeEnds)
        for end in pipeEnds where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeWrite = pipeEnds[1]
        let wakeRead = pipeEnds[0]
        let descriptor = forcePolling ? -1 : inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        var failure = forcePolling ? "polling was asked for" : descriptor < 0 ? String(cString: strerror(errno)) : nil
        var table = WatchTable(descriptor: descriptor)
        if failure == nil {
            for watch in watches {
                if let problem = table.add(watch) {
                    failure = problem
                    break
                }
            }
        }
        let stopped = self.stopped
        if let failure {
            if descriptor >= 0 { close(descriptor) }
            mode = .polling(reason: failure)
            // The first listing is taken before init returns: a change made right after it is
            // a change.
            let initial = Self.snapshot(watches)
            Thread.detachNewThread {
                Self.poll(watches, from: initial, interval: pollInterval, debounce: debounce, wake: wakeRead, stopped: stopped, onChange: onChange)
            }
        } else {
            mode = .inotify
            let settled = table
            Thread.detachNewThread {
                var table = settled
                Self.listen(&table, debounce: debounce, pollInterval: pollInterval, wake: wakeRead, stopped: stopped, onOverflow: onOverflow, onChange: onChange)
            }
        }
    }

    /// Stops the watcher's thread (it closes its descriptors on the way out).
    public func stop() {
        guard !stopped.set() else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    deinit {
        stop()
        // The thread sees the wake-up (or the hang-up) and closes its end itself.
        close(wakeWrite)
    }

    // MARK: inotify

    private struct WatchTable {
        let descriptor: Int32
        /// Watch descriptor → the watched folder's path and its watch.
        var folders: [Int32: (path: String, watch: Watch)] = [:]

        init(descriptor: Int32) { self.descriptor = descriptor }

        static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF)

        /// Adds a watch on the folder (and its subfolders when recursive); the reason on failure.
        mutating func add(_ watch: Watch, folder: String? = nil) -> String? {
            let path = folder ?? watch.folder
            let wd = inotify_add_watch(descriptor, path, Self.mask)
            guard wd >= 0 else { return "inotify_add_watch \(path): \(String(cString: strerror(errno)))" }
            folders[wd] = (path, watch)
            guard watch.recursive else { return nil }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                    if let problem = add(watch, folder: path + "/" + name) { return problem }
                }
            }
            return nil
        }
    }

    private static func listen(_ table: inout WatchTable, debounce: Duration, pollInterval: Duration, wake: Int32, stopped: StopFlag, onOverflow: @Sendable () -> Void, onChange: @Sendable ([String]) -> Void) {
        defer {
            close(table.descriptor)
            close(wake)
        }
        var pending: [String: ContinuousClock.Instant] = [:]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let clock = ContinuousClock()
        /// Watched folders that were deleted, waited for.
        var lost: [Watch] = []
        while !stopped.isSet {
            // A deleted folder that is back is watched again, and what it holds reported.
            lost.removeAll { watch in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: watch.folder, isDirectory: &isFolder), isFolder.boolValue,
                    table.add(watch) == nil else { return false }
                for (path, _) in snapshot([watch]) {
                    if let report = watch.report(path) { pending[report] = clock.now }
                }
                return true
            }
            var fds = [pollfd(fd: table.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            // While something waits to settle, look again every 20 ms; while a folder is
            // missing, every poll interval.
            let ready = Glibc.poll(&fds, 2, !pending.isEmpty ? 20 : !lost.isEmpty ? milliseconds(pollInterval) : -1)
            if ready < 0, errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { read(table.descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    var offset = 0
                    while offset + 16 <= count {
                        let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                        let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                        let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                        offset += 16 + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            onOverflow()
                            continue
                        }
                        guard let (folder, watch) = table.folders[wd] else { continue }
                        if mask & UInt32(IN_IGNORED) != 0 {
                            // The folder is gone (deleted, or its file system unmounted).
                            table.folders[wd] = nil
                            if folder == watch.folder { lost.append(watch) }
                            continue
                        }
                        let name = String(decoding: nameBytes, as: UTF8.self)
                        let path = name.isEmpty ? folder : folder + "/" + name
                        if watch.recursive, mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix(".") {
                            _ = table.add(watch, folder: path)
                        }
                        if let report = watch.report(path) { pending[report] = clock.now }
                    }
                }
            }
            let now = clock.now
            let settled = pending.filter { now - $0.value >= debounce }.map(\.key).sorted()
            if !settled.isEmpty {
                for key in settled { pending[key] = nil }
                onChange(settled)
            }
        }
    }

    // MARK: Polling

    private static func poll(_ watches: [Watch], from initial: [String: (signature: [Int], watch: Watch)], interval: Duration, debounce: Duration, wake: Int32, stopped: StopFlag, onChange: @Sendable ([String]) -> Void) {
        defer { close(wake) }
        var previous = initial
        var pending: [String: ContinuousClock.Instant] = [:]
        let clock = ContinuousClock()
        while !stopped.isSet {
            var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            _ = Glibc.poll(&fds, 1, milliseconds(interval))
            if fds[0].revents != 0 { return }
            let current = snapshot(watches)
            for (path, signature) in current where previous[path]?.signature != signature.signature {
                if let report = signature.watch.report(path) { pending[report] = clock.now }
            }
            for (path, old) in previous where current[path] == nil {
                if let report = old.watch.report(path) { pending[report] = clock.now }
            }
            previous = current
            let now = clock.now
            let settled = pending.filter { now - $0.value >= debounce }.map(\.key).sorted()
            if !settled.isEmpty {
                for key in settled { pending[key] = nil }
                onChange(settled)
            }
        }
    }

    /// Every file under the watches with its modification time, size and inode.
    private static func snapshot(_ watches: [Watch]) -> [String: (signature: [Int], watch: Watch)] {
        var result: [String: (signature: [Int], watch: Watch)] = [:]
        func visit(_ folder: String, _ watch: Watch) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if watch.recursive { visit(path, watch) }
                    continue
                }
                result[path] = ([Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size), Int(info.st_ino)], watch)
            }
        }
        for watch in watches { visit(watch.folder, watch) }
        return result
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
