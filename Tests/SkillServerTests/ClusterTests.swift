import Foundation
import Testing
import TestSupport

/// Three hosts on one PostgreSQL behind nginx, under load, with a host killed and the database
/// restarted mid-run: `scripts/cluster.py`, the script a user runs, at a size CI affords.
@Suite struct ClusterTests {
    static let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: PostgresServer.binaries != nil && nginx != nil && python != nil, "PostgreSQL, nginx or python3 missing (scripts/install-system-packages.sh installs them)"))
    func conversationsGoOnThroughAKilledHostAndARestartedDatabase() async throws {
        let script = "\(TestSupport.packageRoot)/scripts/cluster.py"
        let (status, output) = try await Self.run(Self.python!, [script, "--conversations", "40", "--products", TestSupport.productsFolder, "--turn-deadline", "\(8 * TestSupport.patience)", "--start-deadline", "\(180 * TestSupport.patience)"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("host 1 killed with SIGKILL"), "\(output)")
        #expect(output.contains("database stopped"), "\(output)")
        #expect(output.contains("60 list items added, 0 lost, 0 doubled"), "\(output)")
        #expect(output.contains("every conversation finished; nothing lost or doubled"), "\(output)")
    }

    /// Runs a process to the end on a thread of its own (it takes a while; no test thread waits).
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try TestSupport.run(executable, arguments) })
            }
        }
    }
}
