import Foundation
import SkillModel
import Testing
import TestSupport

/// A real Chromium (Debian's `chromium`), headless, driven through `chromedriver` over the
/// W3C WebDriver protocol on loopback: what a person sees and does at the console, as a test.
/// Each screenshot is saved under `.build/test-output/console/` to be looked at.
final class Browser: @unchecked Sendable {
    // @unchecked: the fields are set once in `init`.
    let driver: Process
    let port: Int
    let session: String
    let profile: String

    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }
    static let screenshots = TestSupport.packageRoot + "/.build/test-output/console"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// - Parameter microphone: a WAV file the browser's microphone plays (over and over), with
    ///   permission to use it granted; answers may play without a click.
    init(width: Int = 1280, height: Int = 800, microphone: String? = nil) async throws {
        port = try TestSupport.freeLoopbackPort()
        // Near the top of the temporary folder: Chromium puts Unix sockets in it, whose paths
        // may not pass 107 bytes (nested in the tests' folder under CI's, it exited at start).
        var template = Array("\(ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")/chromium-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "no temporary folder for the browser") }
        let profile = String(cString: made)
        self.profile = profile
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: Self.chromedriver)
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1", "--log-path=\(profile)/chromedriver.log"]
        // The browser's own temporary files (org.chromium.Chromium.*) go with its profile.
        driver.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": profile]) { $1 }
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        /// A start that fails leaves nothing running and nothing on disk.
        func abandon(_ why: String) -> Failure {
            if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(atPath: profile)
            return Failure(description: why)
        }
        do { try driver.run() } catch { throw abandon("cannot start chromedriver: \(error)") }
        self.driver = driver
        // Up when it answers /status: seconds, or minutes while other suites keep every thread
        // of a slow two-core machine busy (this wait's own task waits for one too).
        let deadline = Date().addingTimeInterval(150 * TestSupport.patience)
        while (try? await HTTPClient.request("GET", port: port, "/status", timeout: 2))?.status != 200 {
            guard Date() < deadline, driver.isRunning else { throw abandon("chromedriver did not start on port \(port)") }
            try await Task.sleep(for: .milliseconds(100))
        }
        let capabilities: JSONValue = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": .string(Self.chromium),
                "args": .array([
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--disable-extensions", "--disable-background-networking", "--disable-sync",
                    .string("--window-size=\(width),\(height)"), .string("--user-data-dir=\(profile)"),
                ] + (microphone.map { [
                    "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", .string("--use-file-for-fake-audio-capture=\($0)"),
                    "--autoplay-policy=no-user-gesture-required",
                ] } ?? [])),
            ],
        ]]]
        let answer: JSONValue
        do {
            answer = try await Self.call(port: port, "POST", "/session", capabilities)
        } catch {
            // What chromedriver saw of the browser's start, to say why it failed.
            let log = (try? String(contentsOfFile: "\(profile)/chromedriver.log", encoding: .utf8)) ?? ""
            let lines = log.split(separator: "\n").filter { !$0.contains("[DEBUG]") }.suffix(30).joined(separator: "\n")
            throw abandon("\(error)\nchromedriver's log:\n\(lines)")
        }
        guard let session = answer["sessionId"]?.string else { throw abandon("no WebDriver session: \(JSONWriter.string(answer))") }
        self.session = session
    }

    deinit {
        stopDriver()
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Ends the session (the browser quits) and stops the driver.
    func quit() async {
        _ = try? await Self.call(port: port, "DELETE", "/session/\(session)", nil)
        stopDriver()
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// chromedriver started from the test process does not stop on SIGTERM: SIGKILL, once its
    /// session (and with it the browser) is over.
    private func stopDriver() {
        guard driver.isRunning else { return }
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    /// One WebDriver command; its `value`.
    @discardableResult
    private static func call(port: Int, _ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        let response = try await HTTPClient.request(method, port: port, path, body: body.map { Array(JSONWriter.string($0).utf8) }, headers: body == nil ? [:] : ["Content-Type": "application/json"], timeout: 60 * TestSupport.patience)
        let value = (try? JSONParser.parse(response.body))?["value"] ?? .null
        guard response.status == 200 else { throw Failure(description: "WebDriver \(method) \(path): \(response.status) \(response.text)") }
        return value
    }

    @discardableResult
    func call(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        try await Self.call(port: port, method, "/session/\(session)\(path)", body)
    }

    func open(_ url: String) async throws {
        try await call("POST", "/url", ["url": .string(url)])
    }

    /// The first element `selector` finds; waits for it to appear.
    func element(_ selector: String, seconds: Double = 10) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds * TestSupport.patience)
        while true {
            if let found = try? await call("POST", "/element", ["using": "css selector", "value": .string(selector)]),
                let id = found["element-6066-11e4-a52e-4f735466cecf"]?.string
            {
                return id
            }
            guard Date() < deadline else { throw Failure(description: "no element \(selector) on the page") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    func type(_ text: String, into selector: String) async throws {
        try await call("POST", "/element/\(try await element(selector))/value", ["text": .string(text)])
    }

    /// Clicks what `selector` finds; found again when the page redrew it in between (a table
    /// refreshed by an event arriving), as a person's second try would.
    func click(_ selector: String) async throws {
        for attempt in 1...5 {
            do {
                try await call("POST", "/element/\(try await element(selector))/click", [:])
                return
            } catch let failure as Failure where failure.description.contains("stale element reference") && attempt < 5 {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// Presses keys on whatever has the focus, as a person at the keyboard does (WebDriver's
    /// key actions: "\u{E014}" is the right arrow, "\u{E007}" Enter, "\u{E004}" Tab).
    func press(_ keys: String) async throws {
        let strokes: [JSONValue] = keys.unicodeScalars.flatMap { key -> [JSONValue] in
            [["type": "keyDown", "value": .string(String(key))], ["type": "keyUp", "value": .string(String(key))]]
        }
        try await call("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": .array(strokes)]]])
        try await call("DELETE", "/actions")
    }

    /// Runs `script` in the page; what it returns.
    @discardableResult
    func run(_ script: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await call("POST", "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    /// The rendered text of what `selector` finds, each element's in order.
    func texts(_ selector: String) async throws -> [String] {
        let value = try await run("return Array.from(document.querySelectorAll(arguments[0])).map(e => e.innerText)", [.string(selector)])
        return value.array?.compactMap(\.string) ?? []
    }

    /// Waits until `condition` holds of the texts `selector` finds.
    @discardableResult
    func waitFor(_ selector: String, seconds: Double = 20, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds * TestSupport.patience)
        while true {
            let found = try await texts(selector)
            if condition(found) { return found }
            guard Date() < deadline else { throw Failure(description: "waited in vain on \(selector): \(found)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Saves what the page shows as `NAME.png` under the test output.
    func screenshot(_ name: String) async throws {
        let value = try await call("GET", "/screenshot")
        guard let text = value.string, let data = Data(base64Encoded: text) else { throw Failure(description: "no screenshot") }
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: "\(Self.screenshots)/\(name).png"))
    }
}
