import Foundation
import Loader
import Synchronization
import Testing
import TestSupport

/// The folder watcher when the kernel drops events.
@Suite struct FolderWatcherTests {
    /// More changes than inotify's queue holds, while the watcher is busy: it says events were
    /// lost, so its user looks at everything again.
    @Test func aQueueOverflowIsReported() async throws {
        let folder = try TestSupport.temporaryFolder("watch-overflow")
        let overflowed = Atomic(false)
        let busy = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = Atomic(true)
        let watcher = FolderWatcher([FolderWatcher.Watch(folder: folder, recursive: false) { $0 }], debounce: .zero, onOverflow: {
            overflowed.store(true, ordering: .releasing)
        }) { _ in
            // The first report holds the watcher's thread while the queue fills.
            if first.exchange(false, ordering: .acquiringAndReleasing) {
                busy.signal()
                release.wait()
            }
        }
        defer { watcher.stop() }
        _ = FileManager.default.createFile(atPath: "\(folder)/first", contents: Data())
        busy.wait()
        let queue = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        // Each file makes two events (created, closed after writing).
        for i in 0..<(queue / 2 + 100) { _ = FileManager.default.createFile(atPath: "\(folder)/f\(i)", contents: Data()) }
        release.signal()
        for _ in 0..<100 where !overflowed.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(50)) }
        let reported = overflowed.load(ordering: .acquiring)
        #expect(reported)
    }
}
