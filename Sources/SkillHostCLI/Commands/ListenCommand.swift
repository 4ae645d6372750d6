import ArgumentParser
import Foundation
import PostgresStore
import SkillHost
import SkillModel
import Voice

/// `skillhost listen FILE…`: recorded utterances heard, answered, and the answers spoken into
/// WAV files. One conversation across the files, so a game can be played file by file.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Hear recorded utterances (WAV files, - for standard input) and answer each, spoken.",
        discussion: """
            Each file may hold one utterance or several with pauses between; each is a turn, and \
            the turns of all the files are one conversation, in order. Speech is recognised with \
            pocketsphinx and a language model built from the loaded skills' samples, slot values \
            and invocation names, mixed with the generic English model; the NLU reads the \
            recogniser's best hypotheses and may take a lower one that reads far better. Each \
            answer is written as a WAV file beside its input (question.wav → question.answer.wav), \
            or into --answers DIR. WAV files at any rate, in 8 to 32-bit integers, floats, A-law or \
            μ-law, mono or not, are converted to 16 kHz mono.
            """
    )

    @Argument(help: ArgumentHelp("WAV files, or - for standard input.", valueName: "file"))
    var files: [String]

    @OptionGroup var host: HostOptionGroup

    @Option(help: ArgumentHelp("Write the spoken answers into this folder instead of beside each input.", valueName: "DIR"))
    var answers: String?

    @Flag(help: "Do not write spoken answers.")
    var noAnswers = false

    @Flag(help: "Print one JSON object per turn, with what was heard (heard: the hypotheses, best first; heardChoice: the one taken).")
    var json = false

    @Flag(help: "Listen with the generic English language model alone, not the one built from the skills (to compare).")
    var generic = false

    @Option(name: .customLong("skill-weight"), help: ArgumentHelp("How much the skills' language model counts against the generic English one, 0 to 1: 1 hears only what the skills' samples say; lower hears open slots (a search, a name) better.", valueName: "w"))
    var skillWeight: Float = SpeechRecognizer.defaultSkillWeight

    @Flag(help: "Print every hypothesis the recogniser found, not only the one taken.")
    var hypotheses = false

    @Option(help: "The espeak-ng voice to speak the answers in.")
    var voice = SpeechSynthesizer.Voice.defaultName

    @Option(help: "How fast to speak the answers, in words a minute (80 to 450).")
    var rate = 175

    func validate() throws {
        guard skillWeight > 0, skillWeight <= 1 else { throw ValidationError("--skill-weight must be more than 0 and at most 1") }
    }

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        if let answers {
            do { try FileManager.default.createDirectory(atPath: answers, withIntermediateDirectories: true) } catch {
                throw ValidationError("cannot write answers to \(answers): \(error.localizedDescription)")
            }
        }
        let database: PostgresStore?
        do { database = try host.data.openDatabase() } catch { throw ValidationError("cannot start: \(error)") }
        defer { database?.shutdown() }
        let (engine, services) = try await host.startHost(host.hostOptions(diagnostics: stderr, color: false, database: database))
        defer { services.cancel() }
        let ear = HostEar(host: engine, skillWeight: skillWeight, generic: generic)
        let recognizer: SpeechRecognizer
        do {
            let started = ContinuousClock.now
            let (made, _) = try ear.recognizer()
            recognizer = made
            let took = ContinuousClock.now - started
            stderr.write("skillhost: listening with \(made.description) (ready in \(Self.seconds(took)))\n")
        } catch {
            throw ValidationError("cannot listen: \(error)")
        }
        var synthesizer: SpeechSynthesizer?
        if !noAnswers {
            do {
                synthesizer = try SpeechSynthesizer()
                _ = try synthesizer?.samples("", voice: .init(name: voice, rate: rate))
            } catch {
                throw ValidationError("cannot speak the answers: \(error) (--no-answers leaves them out)")
            }
        }
        var failed = false
        for file in files {
            let audio: AudioInput
            do { audio = try AudioInput.read(file) } catch {
                stderr.write("skillhost listen: \(error)\n")
                failed = true
                continue
            }
            let name = file == "-" ? "standard input" : file
            if let conversion = audio.conversion { stderr.write("skillhost listen: \(name): \(conversion)\n") }
            // Utterance by utterance: each turn is taken before the next is heard, listening
            // for the answer the dialog then waits on.
            let stream = recognizer.listen()
            var offset = 0, index = 0
            while true {
                let awaited = await engine.awaitedAnswer()
                do { stream.search = try ear.listening(for: awaited).search } catch { stderr.write("skillhost listen: \(error)\n") }
                var utterance: SpeechRecognizer.Heard?
                if offset < audio.samples.count {
                    // Up to the end of the next utterance, or of the sound.
                    let (heard, consumed) = stream.next(audio.samples[offset...])
                    utterance = heard
                    offset += consumed
                }
                if utterance == nil { utterance = stream.finish().first }
                guard let utterance else { break }
                let result = await engine.turn(hearing: utterance.hypotheses)
                if utterance.cut { stderr.write("skillhost listen: \(name): an utterance ran past \(Int(SpeechRecognizer.maximumUtterance)) s and was cut there\n") }
                if json {
                    var object = result.jsonValue.object ?? [:]
                    object["file"] = .string(name)
                    stdout.write(JSONWriter.string(.object(object)) + "\n")
                } else {
                    stdout.write("heard: \(result.utterance)" + (hypotheses && result.heard.count > 1 ? "  (" + result.heard.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ") + ")" : "") + "\n")
                    if let error = result.error { stdout.write("  error: \(error)\n") }
                    stdout.write("\(result.speaker)> \(result.speech)\n")
                }
                if let synthesizer, !result.speech.isEmpty {
                    let path = answerPath(for: file, index: index)
                    do { try synthesizer.write(result.spokenSSML, voice: .init(name: voice, rate: rate), to: path) } catch {
                        stderr.write("skillhost listen: \(error)\n")
                        failed = true
                    }
                }
                index += 1
            }
            if index == 0 {
                stdout.write(json ? "{\"file\":\(JSONWriter.string(.string(name))),\"heard\":[]}\n" : "(nothing heard in \(name): \(String(format: "%.1f", audio.duration)) s of silence or noise)\n")
            }
        }
        await engine.shutdown()
        if failed { throw ExitCode(1) }
    }

    /// question.wav → question.answer.wav (its second utterance's: question.answer-2.wav), beside
    /// it or in --answers; standard input's, answer.wav.
    func answerPath(for file: String, index: Int) -> String {
        let base = file == "-" ? "answer" : ((file as NSString).lastPathComponent as NSString).deletingPathExtension + ".answer"
        let name = base + (index == 0 ? "" : "-\(index + 1)") + ".wav"
        if let answers { return answers + "/" + name }
        if file == "-" { return name }
        return ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
