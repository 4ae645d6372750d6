import Foundation
import Testing
import TestSupport
@testable import Voice

/// What espeak-ng is given of a skill's SSML: what it renders kept, what it does not said as
/// Alexa says it, the rest left out with its words, nothing read out as markup.
@Suite struct SpokenSSMLTests {
    @Test func whatEspeakRendersIsKept() {
        #expect(SpokenSSML.forSpeech("<speak>Hello <break time=\"500ms\"/> world</speak>") == "<speak>Hello <break time=\"500ms\"/> world</speak>")
        #expect(SpokenSSML.forSpeech("<speak><p><s>One.</s><s>Two.</s></p></speak>") == "<speak><p><s>One.</s><s>Two.</s></p></speak>")
        #expect(SpokenSSML.forSpeech("<speak><prosody rate=\"slow\" pitch=\"+10%\" volume=\"+6dB\">calm</prosody></speak>") == "<speak><prosody rate=\"slow\" pitch=\"+10%\" volume=\"200%\">calm</prosody></speak>")
        #expect(SpokenSSML.forSpeech("<speak><emphasis level=\"strong\">now</emphasis></speak>") == "<speak><emphasis level=\"strong\">now</emphasis></speak>")
        // What espeak-ng would not understand is not passed on.
        #expect(SpokenSSML.forSpeech("<speak><break time=\"forever\"/><prosody rate=\"warp\">x</prosody></speak>") == "<speak><break/><prosody>x</prosody></speak>")
    }

    @Test func sayAsIsSaidAsAlexaSaysIt() {
        #expect(SpokenSSML.forSpeech("<speak>Code <say-as interpret-as=\"digits\">1234</say-as></speak>") == "<speak>Code 1 2 3 4</speak>")
        #expect(SpokenSSML.forSpeech("<speak><say-as interpret-as=\"characters\">abc</say-as></speak>") == "<speak>a b c</speak>")
        #expect(SpokenSSML.forSpeech("<speak>the <say-as interpret-as=\"ordinal\">22</say-as> guess</speak>") == "<speak>the 22nd guess</speak>")
        #expect(SpokenSSML.forSpeech("<speak><say-as interpret-as=\"date\">20261126</say-as></speak>") == "<speak>November 26th 2026</speak>")
        #expect(SpokenSSML.forSpeech("<speak><say-as interpret-as=\"date\" format=\"mdy\">07041990</say-as></speak>") == "<speak>July 4th 1990</speak>")
        #expect(SpokenSSML.forSpeech("<speak><say-as interpret-as=\"expletive\">darn</say-as></speak>") == "<speak>bleep</speak>")
        #expect(SpokenSSML.forSpeech("<speak><sub alias=\"aluminium\">Al</sub> foil</speak>") == "<speak>aluminium foil</speak>")
    }

    @Test func whatEspeakCannotDoIsLeftOutWithItsWords() {
        #expect(SpokenSSML.forSpeech("<speak><amazon:emotion name=\"excited\" intensity=\"high\">Great</amazon:emotion>!</speak>") == "<speak>Great!</speak>")
        #expect(SpokenSSML.forSpeech("<speak><voice name=\"Kendra\"><lang xml:lang=\"fr-FR\">bonjour</lang></voice></speak>") == "<speak>bonjour</speak>")
        #expect(SpokenSSML.forSpeech("<speak>Ding <audio src=\"https://example.com/ding.mp3\"/> done</speak>") == "<speak>Ding <break time=\"300ms\"/> done</speak>")
        #expect(SpokenSSML.forSpeech("<speak><phoneme alphabet=\"ipa\" ph=\"pɪˈkɑːn\">pecan</phoneme><mark name=\"m\"/></speak>") == "<speak>pecan</speak>")
    }

    /// A value a skill echoed back, escaped as SSML requires, is said as words; it never becomes
    /// markup espeak-ng would obey. Plain text is spoken as text.
    @Test func textIsNeverMarkup() {
        #expect(SpokenSSML.forSpeech("<speak>I added &lt;break time=&quot;10s&quot;/&gt; &amp; more</speak>") == "<speak>I added &lt;break time=\"10s\"/&gt; &amp; more</speak>")
        #expect(SpokenSSML.forSpeech("Fish & chips") == "<speak>Fish &amp; chips</speak>")
        #expect(SpokenSSML.forSpeech("a < b") == "<speak>a &lt; b</speak>")
        // A "<" with a combining mark after it is one Character but still a tag's start to
        // espeak-ng's XML reader (found by fuzzing): escaped as text, dropped as a tag.
        #expect(SpokenSSML.forSpeech("a &lt;\u{0301}break time=&quot;10s&quot;/&gt; b").unicodeScalars.elementsEqual("<speak>a &lt;\u{0301}break time=\"10s\"/&gt; b</speak>".unicodeScalars))
        #expect(SpokenSSML.forSpeech("<speak>x <\u{0301}break/>y</speak>").unicodeScalars.elementsEqual("<speak>x y</speak>".unicodeScalars))
    }
}

/// Speech out through the real espeak-ng (Debian's espeak-ng, installed by
/// scripts/install-system-packages.sh), into real WAV files.
@Suite struct SpeechSynthesizerTests {
    static let synthesizer = Result { try SpeechSynthesizer() }

    @Test func anAnswerIsSpokenAndItsBreaksLast() throws {
        let synthesizer = try #require(try? Self.synthesizer.get(), "espeak-ng is not installed: scripts/install-system-packages.sh installs it")
        #expect(synthesizer.sampleRate == 22050)
        let hello = WAVFile(samples: try synthesizer.samples("<speak>Hello world</speak>"), sampleRate: synthesizer.sampleRate)
        #expect(hello.duration > 0.4 && hello.duration < 3, "\(hello.duration) s")
        #expect(hello.loudness > 0.02, "\(hello.loudness)")
        let paused = WAVFile(samples: try synthesizer.samples("<speak>Hello <break time=\"1s\"/> world</speak>"), sampleRate: synthesizer.sampleRate)
        #expect(paused.duration - hello.duration > 0.8, "a one-second break: \(hello.duration) s → \(paused.duration) s")
        let silence = WAVFile(samples: try synthesizer.samples("<speak><break time=\"500ms\"/></speak>"), sampleRate: synthesizer.sampleRate)
        #expect(silence.loudness < 0.005, "\(silence.loudness)")
        // Faster speech is shorter; a voice that does not exist is named.
        let fast = WAVFile(samples: try synthesizer.samples("<speak>Hello world, how are you today</speak>", voice: .init(rate: 350)), sampleRate: synthesizer.sampleRate)
        let slow = WAVFile(samples: try synthesizer.samples("<speak>Hello world, how are you today</speak>", voice: .init(rate: 120)), sampleRate: synthesizer.sampleRate)
        #expect(fast.duration < slow.duration * 0.7, "\(fast.duration) s at 350 wpm, \(slow.duration) s at 120")
        #expect(throws: SpeechSynthesizer.Failure.self) { try synthesizer.samples("hi", voice: .init(name: "no-such-voice")) }
    }

    @Test func aWAVFileIsWrittenWhole() throws {
        let synthesizer = try #require(try? Self.synthesizer.get(), "espeak-ng is not installed: scripts/install-system-packages.sh installs it")
        let folder = try TestSupport.temporaryFolder("voice")
        try synthesizer.write("<speak>Goodbye!</speak>", to: folder + "/bye.wav")
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/bye.wav"))
        #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes[8..<12] == Data("WAVE".utf8))
        let rate = bytes[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(rate == 22050)
        #expect(bytes.count > 44 + 22050 / 4, "a quarter of a second at least: \(bytes.count) bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["bye.wav"], "no partial file left")
    }

    /// `skillhost --speak-to DIR` from a pipe: each answer a WAV file, in order, named by skill.
    @Test func theREPLWritesEachAnswerSpoken() throws {
        _ = try #require(try? Self.synthesizer.get(), "espeak-ng is not installed: scripts/install-system-packages.sh installs it")
        let folder = try TestSupport.temporaryFolder("voice-repl")
        let run = try TestSupport.run("\(TestSupport.productsFolder)/skillhost", [
            "--skills", try TestSupport.folderWithProducts(["HelloWorld"]), "--data", folder + "/data", "--no-watch", "--speak-to", folder + "/spoken",
        ], input: "open hello world\nhello\nstop\n")
        #expect(run.output.contains("HelloWorld> Hello World!"), "\(run.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/spoken").sorted()
        #expect(files == ["0001-HelloWorld.wav", "0002-HelloWorld.wav", "0003-HelloWorld.wav"], "\(files)")
        let refused = try TestSupport.run("\(TestSupport.productsFolder)/skillhost", [
            "--skills", try TestSupport.folderWithProducts(["HelloWorld"]), "--data", folder + "/data", "--no-watch", "--speak-to", folder + "/spoken", "--voice", "klingon-xx",
        ], input: "hello\n")
        #expect(refused.status != 0 && refused.output.contains("espeak-ng has no voice \"klingon-xx\""), "\(refused.output)")
    }
}
