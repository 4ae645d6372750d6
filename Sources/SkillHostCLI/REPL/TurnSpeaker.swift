import Foundation
import SkillHost
import SkillModel
import Voice

/// Says each turn's answer (`--speak`, through the sound card) and keeps it as a WAV file
/// (`--speak-to DIR`: `0001-HelloWorld.wav`, …), with espeak-ng.
final class TurnSpeaker: @unchecked Sendable {
    private let synthesizer: SpeechSynthesizer
    private let voice: SpeechSynthesizer.Voice
    private let folder: String?
    /// The program that plays a WAV file on the sound card, when `--speak` found one and a card.
    private let player: [String]?
    private var turn = 0

    /// - Throws: a message naming what is missing (espeak-ng, the folder).
    init(speak: Bool, folder: String?, voice: SpeechSynthesizer.Voice, diagnostics: any TextSink) throws {
        do { synthesizer = try SpeechSynthesizer() } catch { throw Failure(message: "cannot speak: \(error)") }
        // A wrong voice is named now, not at the first answer.
        do { _ = try synthesizer.samples("", voice: voice) } catch { throw Failure(message: "cannot speak: \(error)") }
        self.voice = voice
        if let folder {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw Failure(message: "cannot write answers to \(folder): \(error.localizedDescription)")
            }
        }
        self.folder = folder
        if speak {
            player = Self.findPlayer()
            if player == nil {
                diagnostics.write("skillhost: no audio device to play answers on (no sound card, or no aplay/paplay/pw-play)" + (folder == nil ? "; --speak-to DIR writes them as WAV files" : "; they are written to \(folder!)") + ". Typing works as ever.\n")
            }
        } else {
            player = nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The turn's answer spoken: its SSML when the speech came from it, else its plain text.
    func speak(_ result: TurnResult, diagnostics: any TextSink) {
        guard !result.speech.isEmpty else { return }
        turn += 1
        let ssml = result.spokenSSML
        let name = String(format: "%04d-", turn) + result.speaker.filter { $0.isLetter || $0.isNumber || $0 == "-" } + ".wav"
        let path = folder.map { "\($0)/\(name)" } ?? NSTemporaryDirectory() + "skillhost-speech-\(getpid())-\(name)"
        guard folder != nil || player != nil else { return }
        do {
            try synthesizer.write(ssml, voice: voice, to: path)
        } catch {
            diagnostics.write("skillhost: \(error)\n")
            return
        }
        if let player { play(path, with: player, diagnostics: diagnostics) }
        if folder == nil { unlink(path) }
    }

    private func play(_ path: String, with player: [String], diagnostics: any TextSink) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: player[0])
        process.arguments = Array(player.dropFirst()) + [path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            diagnostics.write("skillhost: cannot play the answer with \(player[0]): \(error.localizedDescription)\n")
        }
    }

    /// A player for WAV files where a sound card or a sound server is there to hear it.
    static func findPlayer() -> [String]? {
        let environment = ProcessInfo.processInfo.environment
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? { paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) } }
        let server = environment["PULSE_SERVER"] != nil || environment["XDG_RUNTIME_DIR"].map { FileManager.default.fileExists(atPath: "\($0)/pulse/native") || FileManager.default.fileExists(atPath: "\($0)/pipewire-0") } == true
        if server, let player = find("pw-play") ?? find("paplay") { return [player] }
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd"))?.contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") } ?? false
        if cards, let player = find("aplay") { return [player, "-q"] }
        return nil
    }
}
