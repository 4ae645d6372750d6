import ArgumentParser
import Foundation
import PostgresStore
import SkillHost
import SkillModel
import SkillServer
import Voice

/// `skillhost repl` (the default): talk to every loaded skill.
struct ReplCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Talk to every loaded skill: type utterances, one per line.",
        discussion: """
            At a terminal it shows a banner and a prompt. From a pipe it prints one line per turn \
            ("Skill> speech"), or one JSON object per turn with --json; the banner and refusals go \
            to standard error.
            """
    )

    @OptionGroup var host: HostOptionGroup

    @Flag(help: "Print one JSON object per turn: utterance, skill, request, intent, slots, speech, reprompt, endSession, error.")
    var json = false

    @Flag(help: "Also speak every answer (espeak-ng), on the sound card where there is one.")
    var speak = false

    @Option(name: .customLong("speak-to"), help: ArgumentHelp("Write every answer, spoken, as a WAV file in this folder (0001-Skill.wav, …).", valueName: "DIR"))
    var speakTo: String?

    @Option(help: "The espeak-ng voice to speak in (espeak-ng --voices lists them; variants with +, as en-us+f3). The default, en-us+klatt, is the one a recogniser hears best.")
    var voice = SpeechSynthesizer.Voice.defaultName

    @Option(help: "How fast to speak, in words a minute (80 to 450).")
    var rate = 175

    @Flag(help: "Also take turns spoken into the microphone (pocketsphinx, with a language model built from the loaded skills); where there is no capture device, says so and typing works as ever.")
    var listen = false

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        let interactive = stdout.isTerminal && isatty(0) == 1 && !json
        let color = interactive && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        // At a terminal: line editing with history and completion, and what the host says on
        // its own (a reload) printed above the line being typed.
        let completion = Completion()
        let terminal = interactive ? TerminalLines(completer: { completion.complete($0) }) : nil
        let diagnostics: any TextSink = terminal.map { AboveTheLine(terminal: $0, sink: stderr) } ?? stderr
        let database: PostgresStore?
        do { database = try host.data.openDatabase() } catch { throw ValidationError("cannot start: \(error)") }
        defer { database?.shutdown() }
        let (engine, services) = try await host.startHost(host.hostOptions(diagnostics: diagnostics, color: color, database: database))
        defer { services.cancel() }
        // Reminders fire into the conversation, said by the skill that set them; those that
        // came due while no host ran, at once.
        let names = Dictionary(await engine.registry.entries.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let firing = engine.services?.fireAlerts { [json] firing in
            if json {
                stdout.write(JSONWriter.string([firing.kind: ["skill": .string(firing.skillID.rawValue), "text": .string(firing.text), "due": .string(ISO8601DateFormatter().string(from: firing.due)), "late": .bool(firing.late)]]) + "\n")
                return
            }
            let name = names[firing.skillID] ?? firing.skillID.rawValue
            let late = firing.late ? " (due \(Self.clock(firing.due)), while skillhost was not running)" : ""
            let kind = firing.kind == "timer" ? "Timer" : "Reminder"
            stdout.write("\(TerminalText.escaped(name))> \(kind): \(TerminalText.escaped(firing.text))\(late)\n")
        }
        defer { firing?.cancel() }
        var speaker: TurnSpeaker?
        if speak || speakTo != nil {
            do {
                speaker = try TurnSpeaker(speak: speak, folder: speakTo, voice: .init(name: voice, rate: rate), diagnostics: diagnostics)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        var speech: (@Sendable (TurnResult) -> Void)?
        if let speaker {
            let sink = diagnostics
            speech = { result in speaker.speak(result, diagnostics: sink) }
        }
        if !host.noWatch { await engine.startWatching() }
        let heard = listen ? Self.listening(to: engine, diagnostics: diagnostics) : nil
        let repl = REPL(
            host: engine,
            input: terminal ?? StandardInputLines(),
            output: stdout,
            diagnostics: diagnostics,
            format: json ? .json : .text,
            style: .init(interactive: interactive, color: color),
            completion: completion,
            speak: speech,
            heard: heard)
        await repl.run()
    }

    /// "14:05:09", local time.
    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    /// Utterances from the microphone, heard with the skills' language model (and, while the
    /// dialog waits on an answer, the model of its answers); nil, said why, where there is no
    /// capture device or no recogniser.
    static func listening(to engine: HostEngine, diagnostics: any TextSink) -> AsyncStream<[String]>? {
        let microphone: Microphone
        let ear = HostEar(host: engine)
        let recognizer: SpeechRecognizer
        do {
            recognizer = try ear.recognizer().recognizer
            microphone = try Microphone()
        } catch {
            diagnostics.write("skillhost: cannot listen: \(error). Typing works as ever.\n")
            return nil
        }
        diagnostics.write("skillhost: listening on \(microphone.description) with \(recognizer.description); speak, or type\n")
        let (sound, soundIn) = AsyncStream.makeStream(of: [Int16].self)
        let reader = Thread {
            while let samples = microphone.read() { soundIn.yield(samples) }
            soundIn.finish()
        }
        reader.name = "microphone"
        reader.start()
        let (heard, heardOut) = AsyncStream.makeStream(of: [String].self)
        let task = Task {
            var listening = (recognizer: recognizer, stream: recognizer.listen())
            for await samples in sound {
                var offset = 0
                while offset < samples.count {
                    // The skills loaded now (a reload builds the ear again), listening for the
                    // answer the dialog waits on now.
                    if let (recognizer, search) = try? ear.listening(for: await engine.awaitedAnswer()) {
                        if recognizer !== listening.recognizer { listening = (recognizer, recognizer.listen()) }
                        listening.stream.search = search
                    }
                    let (utterance, consumed) = listening.stream.next(samples[offset...])
                    offset += consumed
                    if let utterance { heardOut.yield(utterance.hypotheses) }
                }
            }
            heardOut.finish()
        }
        heardOut.onTermination = { _ in
            task.cancel()
            microphone.close()
        }
        return heard
    }
}
