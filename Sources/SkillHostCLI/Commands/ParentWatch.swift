#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// With `SKILLHOST_EXIT_WITH_PARENT=1`, a server started by another program (a test run, a
/// supervisor script) ends when that program does, even when it is killed or crashes: its
/// parent is watched, and once the server is orphaned it stops as on SIGTERM, its temporary
/// folders going with it. (Orphaned servers of a test run that crashed kept running, each with
/// its shadow copies in the temporary folder.) Off by default: `nohup skillhost serve &`
/// outlives its shell on purpose.
enum ParentWatch {
    static let variable = "SKILLHOST_EXIT_WITH_PARENT"
    /// How often the parent is looked at, and how long a graceful stop may take before exit.
    static let interval: TimeInterval = 0.25
    static let grace: TimeInterval = 10

    static func start(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment[variable] == "1" else { return }
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { Thread.sleep(forTimeInterval: interval) }
            FileDescriptorSink.standardError.write("skillhost: the program that started this server (pid \(parent)) ended; stopping\n")
            kill(getpid(), SIGTERM)
            Thread.sleep(forTimeInterval: grace)
            exit(1)
        }
    }
}
