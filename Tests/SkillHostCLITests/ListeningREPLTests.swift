import Foundation
import SkillHost
import SkillHostCLI
import SkillModel
import Testing
import TestSupport

/// `skillhost --listen`: utterances heard from the microphone are turns between typed lines,
/// read from the recogniser's hypotheses; without a capture device, typing goes on.
@Suite struct ListeningREPLTests {
    /// Lines that wait, after the first, until the test lets the next one through.
    final class GatedLines: LineSource, @unchecked Sendable {
        private let lines: Locked<[String]>
        private var first = true
        private var gate: AsyncStream<Void>.Iterator
        init(_ lines: [String], gate: AsyncStream<Void>) {
            self.lines = Locked(lines)
            self.gate = gate.makeAsyncIterator()
        }
        func nextLine(prompt: String) async -> String? {
            if !first { _ = await gate.next() }
            first = false
            return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
    }

    @Test func heardUtterancesAreTurnsBetweenTypedLines() async throws {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "NumberRace"])
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("listen-repl")))
        let output = CapturedText()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let (heard, speak) = AsyncStream.makeStream(of: [String].self)
        let repl = REPL(host: host, input: GatedLines(["open number race", "seven hundred", "twenty five"], gate: gate), output: output, diagnostics: CapturedText(), heard: heard)
        let running = Task { await repl.run() }
        func waitFor(_ text: String) async {
            for _ in 0..<500 where !output.text.contains(text) { try? await Task.sleep(for: .milliseconds(10)) }
        }
        await waitFor("Welcome to Number Race")
        speak.yield(["hate", "solve a game"])
        await waitFor("What's the target?")
        open.yield()
        await waitFor("What's the first number?")
        open.yield()
        await waitFor("What's the second number?")
        open.yield()
        await running.value
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.dropFirst().first == "you (heard)> solve a game", "\(lines)")
        #expect(lines.dropFirst(2).first == "NumberRace> What's the target?")
        #expect(lines.last == "NumberRace> What's the second number?")
    }

    /// Where there is no microphone the REPL says so once and typing works.
    @Test func withoutACaptureDeviceTypingGoesOn() throws {
        let skillhost = "\(TestSupport.productsFolder)/skillhost"
        let skills = try TestSupport.folderWithProducts(["HelloWorld"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: skillhost)
        process.arguments = ["--listen", "--no-watch", "--skills", skills]
        // No sound server and, in this environment, no capture device.
        var environment = TestSupport.childEnvironment(["XDG_RUNTIME_DIR": try TestSupport.temporaryFolder("no-sound")])
        environment["PULSE_SERVER"] = nil
        process.environment = environment
        let input = TestSupport.pipe(), output = TestSupport.pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data("hello\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let hasCapture = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []).contains { $0.hasPrefix("pcmC") && $0.hasSuffix("c") }
        if !hasCapture {
            #expect(text.contains("skillhost: cannot listen: no audio capture device: no sound server (PulseAudio or PipeWire)"), "\(text)")
            #expect(text.contains("Typing works as ever."))
        }
        #expect(text.contains("HelloWorld> Hello World!"), "\(text)")
    }
}
