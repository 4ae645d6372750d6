import Foundation
import SkillModel
import Testing
import TestSupport

/// `skillhost listen` and `skillhost replay --spoken`, run as a user runs them, on WAV files
/// espeak-ng's own command wrote (22,050 Hz, converted on the way in).
@Suite(.serialized) struct ListenCommandTests {
    static var skillhost: String { "\(TestSupport.productsFolder)/skillhost" }

    /// `text` said into `path` by espeak-ng's command, as a recording would be made.
    static func record(_ text: String, to path: String) throws {
        let made = try NewSkillTests.run("/usr/bin/espeak-ng", ["-v", "en-us+klatt", "-w", path, text])
        #expect(made.status == 0, "\(made.output)")
    }

    /// NumberRace played by voice from the golden spoken transcript: each line said, heard and
    /// checked; "eight" fills the second number.
    @Test(.timeLimit(.minutes(5)))
    func aSpokenGameReplays() throws {
        let transcript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/transcripts/number-race.spoken-transcript").path
        let skills = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "CoinFlip"])
        let replayed = try NewSkillTests.run(Self.skillhost, ["replay", "--spoken", transcript, "--skills", skills])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.output.contains("ok \(transcript): 10 turns"), "\(replayed.output)")
    }

    /// Files heard in order as one conversation, two utterances in one file, a file that is no
    /// WAV named and skipped, the answers spoken into WAV files beside the inputs.
    @Test(.timeLimit(.minutes(5)))
    func recordedUtterancesAreHeardAndAnswered() throws {
        let folder = try TestSupport.temporaryFolder("listen")
        try Self.record("open number race", to: folder + "/open.wav")
        try Self.record("solve a game", to: folder + "/solve.wav")
        try Self.record("seven hundred", to: folder + "/target.wav")
        // Two requests with a pause: espeak-ng pauses at the end of a sentence.
        try Self.record("twenty five. [[_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:]] eight.", to: folder + "/two.wav")
        try Data("ID3\u{3}\0\0\0\0\0\0".utf8).write(to: URL(fileURLWithPath: folder + "/song.mp3"))
        let skills = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "CoinFlip"])
        let files = ["open.wav", "solve.wav", "song.mp3", "target.wav", "two.wav"].map { folder + "/" + $0 }
        let heard = try NewSkillTests.run(Self.skillhost, ["listen", "--json", "--skills", skills] + files)
        #expect(heard.status == 1, "a file could not be read: \(heard.output)")
        #expect(heard.output.contains("skillhost listen: \(folder)/song.mp3 is not a WAV file (it looks like MP3)"), "\(heard.output)")
        #expect(heard.output.contains("\(folder)/open.wav: 22050 Hz mono 16-bit, converted to 16000 Hz mono 16-bit"))
        let turns = heard.output.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }.filter { $0["heard"] != nil }
        #expect(turns.map { $0["utterance"]?.string ?? "" } == ["open number race", "solve a game", "seven hundred", "twenty five", "eight"], "\(heard.output)")
        #expect(turns.last?["slots"]?["number2"]?.string == "eight")
        #expect(turns.last?["speech"]?.string == "What's the third number?")
        #expect(turns.last?["file"]?.string == folder + "/two.wav")
        for answer in ["open.answer.wav", "solve.answer.wav", "target.answer.wav", "two.answer.wav", "two.answer-2.wav"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + answer)[.size] as? Int) ?? 0
            #expect(size > 20_000, "\(answer): \(size) bytes")
        }
        // The answer, heard back: what the skill said.
        let back = try NewSkillTests.run(Self.skillhost, ["listen", "--no-answers", "--generic", folder + "/solve.answer.wav"])
        #expect(back.output.contains("heard: ") && back.output.contains("target"), "\(back.output)")
    }

    /// Silence is nothing heard, said so; the command succeeds.
    @Test func silenceIsSaidToBeNothing() throws {
        let folder = try TestSupport.temporaryFolder("listen-silence")
        var wave = [UInt8]()
        func u32(_ v: Int) { wave += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { wave += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let bytes = 16000 * 2 * 2
        wave += Array("RIFF".utf8); u32(36 + bytes); wave += Array("WAVE".utf8)
        wave += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(16000); u32(32000); u16(2); u16(16)
        wave += Array("data".utf8); u32(bytes); wave += Array(repeating: 0, count: bytes)
        try Data(wave).write(to: URL(fileURLWithPath: folder + "/quiet.wav"))
        let skills = try TestSupport.folderWithProducts(["HelloWorld"])
        let heard = try NewSkillTests.run(Self.skillhost, ["listen", "--skills", skills, folder + "/quiet.wav"])
        #expect(heard.status == 0, "\(heard.output)")
        #expect(heard.output.contains("(nothing heard in \(folder)/quiet.wav: 2.0 s of silence or noise)"), "\(heard.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/quiet.answer.wav"))
    }
}
