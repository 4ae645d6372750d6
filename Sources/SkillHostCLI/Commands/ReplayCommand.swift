import ArgumentParser
import Foundation
import PostgresStore
import SkillHost
import Voice

/// `skillhost replay FILE…`: plays recorded conversations and checks every answer.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play transcripts (from :record) against the skills and check every answer.",
        discussion: """
            Each file is a conversation: "you> utterance" lines, each followed by the answer \
            ("Skill> speech") and, indented, what else to check (reprompt:, intent:, asks:, \
            session:). Each file starts a fresh host with an empty data root (unless --data or \
            --database is given; $SKILLHOST_DATABASE_URL is not used here), so a transcript that makes lists finds none at the start. A difference is \
            printed with its line and the run exits 1. With --spoken, each "you>" line is said by \
            espeak-ng and heard back by the recogniser built from the skills (as `skillhost \
            listen` hears a file), so a transcript checks a conversation held by voice.
            """
    )

    @Argument(help: ArgumentHelp("Transcript files.", valueName: "file"))
    var files: [String]

    @OptionGroup var host: HostOptionGroup

    @Flag(help: "Say each \"you>\" line with espeak-ng and hear it with the speech recogniser, instead of typing it.")
    var spoken = false

    @Option(help: ArgumentHelp("The espeak-ng voice that says the lines with --spoken. espeak-ng's Klatt voices are the ones the en-US acoustic model hears best.", valueName: "voice"))
    var voice = SpeechSynthesizer.Voice.defaultName

    @Option(help: ArgumentHelp("How fast the lines are said with --spoken, in words a minute.", valueName: "wpm"))
    var rate = 175

    func run() async throws {
        let stdout = FileDescriptorSink.standardOutput
        let stderr = FileDescriptorSink.standardError
        var failed = 0
        // Only a database named on the command line: a replay must not write into a shared one
        // because the environment points at it.
        let database: PostgresStore?
        do { database = host.data.database == nil ? nil : try host.data.openDatabase() } catch { throw ValidationError("cannot start: \(error)") }
        defer { database?.shutdown() }
        for file in files {
            let transcript: Transcript
            do {
                transcript = try Transcript(parsing: try InputFile.text(file))
            } catch let error as InputError {
                stderr.write("skillhost replay: \(error)\n")
                throw ExitCode(1)
            } catch {
                stderr.write("skillhost replay: \(file): \(error)\n")
                throw ExitCode(1)
            }
            var options = host.hostOptions(diagnostics: stderr, color: false, database: database)
            var scratch: String?
            if host.data.dataRoot == nil, database == nil {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillhost-replay-\(UUID().uuidString)").path
                options.dataRoot = folder
                scratch = folder
            }
            defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
            let (engine, services) = try await host.startHost(options)
            defer { services.cancel() }
            let failures: [String]
            if spoken {
                let mouth: SpeechSynthesizer
                let ear = HostEar(host: engine)
                let voice = SpeechSynthesizer.Voice(name: voice, rate: rate)
                do {
                    mouth = try SpeechSynthesizer()
                    _ = try mouth.samples("", voice: voice)
                    _ = try ear.recognizer()
                } catch {
                    throw ValidationError("cannot replay by voice: \(error)")
                }
                failures = await TranscriptReplay.run(transcript, on: engine) { line in
                    do {
                        let (recognizer, search) = try ear.listening(for: await engine.awaitedAnswer())
                        let heard = recognizer.hear(try mouth.samplesForListening(line, voice: voice), search: search)
                        return await engine.turn(hearing: heard)
                    } catch {
                        stderr.write("skillhost replay: cannot say “\(line)”: \(error)\n")
                        return await engine.turn(hearing: [])
                    }
                }
            } else {
                failures = await TranscriptReplay.run(transcript, on: engine)
            }
            if failures.isEmpty {
                stdout.write("ok \(file): \(transcript.turns.count) turns\n")
            } else {
                failed += 1
                stdout.write("FAIL \(file): \(failures.count) of \(transcript.turns.count) turns differ\n")
                for failure in failures { stdout.write("\(failure)\n") }
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
