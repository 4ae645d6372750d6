import Foundation
import Glibc
import SkillModel

/// A skill's HTTP server written in Python, started for a test on a free loopback port: the
/// Alexa SDK for Python's skills (from PyPI, in the virtualenv `scripts/ask-python.sh` makes)
/// or a plain standard-library server. Stopped by `stop()`, or at exit.
public final class PythonSkillServer: Sendable {
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let process: Process
    private let log: String

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The virtualenv's Python, made once per process (the first call may take a minute: pip
    /// fetches the SDK from PyPI).
    public static let askPython: Result<String, Failure> = {
        do {
            let (status, output) = try TestSupport.run("/bin/bash", ["\(TestSupport.packageRoot)/scripts/ask-python.sh"])
            let python = output.split(separator: "\n").last.map(String.init) ?? ""
            guard status == 0, FileManager.default.isExecutableFile(atPath: python) else {
                return .failure(Failure(description: "scripts/ask-python.sh failed (exit \(status)): \(output)"))
            }
            return .success(python)
        } catch {
            return .failure(Failure(description: "scripts/ask-python.sh could not run: \(error)"))
        }
    }()

    private static let live = Locked<[ObjectIdentifier: Process]>([:])
    private static let cleanUpAtExit: Void = {
        atexit { PythonSkillServer.live.withLock { $0.values.forEach { if $0.isRunning { kill($0.processIdentifier, SIGKILL) } } } }
    }()

    /// Starts `script` with `python` and waits until its port takes connections.
    /// - Parameter environment: added to this process's; `PORT` is set to the port chosen.
    public init(script: String, python: String = "/usr/bin/python3", environment: [String: String] = [:]) throws {
        port = try TestSupport.freeLoopbackPort()
        log = try TestSupport.temporaryFolder("python-server") + "/server.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        var env = ProcessInfo.processInfo.environment
        env["PORT"] = String(port)
        env["PYTHONUNBUFFERED"] = "1"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let handle = FileHandle(forWritingAtPath: log)
        process.standardOutput = handle
        process.standardError = handle
        _ = Self.cleanUpAtExit
        try process.run()
        Self.live.withLock { $0[ObjectIdentifier(self)] = process }
        let deadline = Date(timeIntervalSinceNow: 60 * TestSupport.patience)
        while !Self.accepts(port) {
            guard process.isRunning else {
                stop()
                throw Failure(description: "\(script) exited (status \(process.terminationStatus)) before serving: \(output)")
            }
            guard Date() < deadline else {
                stop()
                throw Failure(description: "\(script) did not serve on port \(port) within a minute: \(output)")
            }
            usleep(50_000)
        }
    }

    /// What the server printed so far.
    public var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    public func stop() {
        guard Self.live.withLock({ $0.removeValue(forKey: ObjectIdentifier(self)) }) != nil else { return }
        // SIGKILL, not SIGTERM: a child started from the test runner's threads inherits
        // their blocked signals, SIGTERM among them, and would never hear it.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// Whether something takes connections on the loopback port.
    static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
