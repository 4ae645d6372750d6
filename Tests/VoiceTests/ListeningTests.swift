import Foundation
import NLU
import SkillHost
import SkillModel
import Testing
import TestSupport
@testable import Voice

/// Speech in, with real sound: sentences said by espeak-ng, converted, heard by pocketsphinx
/// with the language model the example skills make, and taken as turns by a real host.
@Suite(.serialized) struct ListeningTests {
    static let voice = SpeechSynthesizer.Voice(name: "en-us+klatt", rate: 175)

    /// A host of the example skills, its ear, and a synthesizer; one per test (a decoder is one
    /// conversation's).
    static func rig() throws -> (host: HostEngine, ear: HostEar, mouth: SpeechSynthesizer) {
        let skills = try TestSupport.folderWithProducts(["HelloWorld", "ListOMat", "NumberRace", "CoinFlip"])
        let host = try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("listen-data")))
        return (host, HostEar(host: host, cacheFolder: try TestSupport.temporaryFolder("speech-cache")), try SpeechSynthesizer())
    }

    static func say(_ text: String, _ mouth: SpeechSynthesizer) throws -> [Int16] {
        try mouth.samplesForListening(text, voice: voice)
    }

    static func silence(_ seconds: Double) -> [Int16] { Array(repeating: 0, count: Int(seconds * Double(AudioInput.sampleRate))) }

    @Test func aSpokenLaunchPhraseOpensTheSkill() async throws {
        let (host, ear, mouth) = try Self.rig()
        let (recognizer, search) = try ear.listening(for: await host.awaitedAnswer())
        let heard = recognizer.hear(try Self.say("open number race", mouth), search: search)
        #expect(heard.first == "open number race", "\(heard)")
        #expect(heard.count > 1, "the n-best list has alternatives")
        let result = await host.turn(hearing: heard)
        #expect(result.speaker == "NumberRace")
        #expect(result.speech.hasPrefix("Welcome to Number Race"))
        #expect(result.heard == heard && result.heardChoice == 0)
    }

    /// While a number is asked for, the ear listens for the answers first: "eight" fills the
    /// second number (the seed's bug), heard from sound.
    @Test func aNumberAskedForIsHeardAsTheNumber() async throws {
        let (host, ear, mouth) = try Self.rig()
        for line in ["open number race", "solve a game", "seven hundred", "twenty five"] {
            let (recognizer, search) = try ear.listening(for: await host.awaitedAnswer())
            _ = await host.turn(hearing: recognizer.hear(try Self.say(line, mouth), search: search))
        }
        let awaited = try #require(await host.awaitedAnswer())
        #expect(awaited.slot == "number2" && !awaited.confirmation)
        let (recognizer, search) = try ear.listening(for: awaited)
        #expect(search.hasPrefix("answer-"))
        let result = await host.turn(hearing: recognizer.hear(try Self.say("eight", mouth), search: search))
        #expect(result.utterance == "eight")
        #expect(result.slots.contains { $0.name == "number2" && $0.value == "eight" }, "\(result.slots)")
        #expect(result.speech == "What's the third number?")
    }

    /// A lower hypothesis that reads far better where the conversation stands is taken, and the
    /// route says so; the first is taken when nothing reads better.
    @Test func aLowerHypothesisThatReadsFarBetterIsTaken() async throws {
        let (host, _, _) = try Self.rig()
        for line in ["open number race", "solve a game", "seven hundred", "twenty five"] { _ = await host.turn(line) }
        await host.setRecordsEnvelopes(true)
        let result = await host.turn(hearing: ["hate", "eight", "ate"])
        #expect(result.heardChoice == 1)
        #expect(result.slots.contains { $0.name == "number2" && $0.value == "eight" }, "\(result.slots)")
        #expect(result.route?.hasPrefix("Heard “hate” best, but hypothesis 2, “eight”, reads far better here") == true, "\(result.route ?? "")")
        let next = await host.turn(hearing: ["ten", "then"])
        #expect(next.heardChoice == 0 && next.speech == "What's the fourth number?")
    }

    /// Two requests in one recording, a pause between them, are two turns.
    @Test func aPauseSeparatesTwoUtterances() throws {
        let (_, ear, mouth) = try Self.rig()
        let samples = (try Self.say("open number race", mouth)) + Self.silence(1.5) + (try Self.say("solve a game", mouth)) + Self.silence(0.5)
        let heard = try ear.recognizer().recognizer.recognize(samples)
        #expect(heard.map(\.transcript) == ["open number race", "solve a game"], "\(heard.map(\.transcript))")
        #expect(heard[0].end < heard[1].start)
        #expect(heard.allSatisfy { !$0.cut && $0.confidence >= 0 && $0.confidence <= 1 })
    }

    /// Silence is nothing heard; a long stretch of it costs no turn and ends.
    @Test func silenceIsNothingHeard() throws {
        let (_, ear, _) = try Self.rig()
        let recognizer = try ear.recognizer().recognizer
        #expect(recognizer.recognize(Self.silence(3)).isEmpty)
        // Ten minutes of faint noise, as a room with nobody talking sounds.
        var generator = SeededGenerator(seed: 7)
        let room = (0..<(600 * AudioInput.sampleRate)).map { _ in Int16.random(in: -30...30, using: &generator) }
        #expect(recognizer.recognize(room).isEmpty)
    }

    /// Loud noise may be heard as words; whatever is heard, the turn is answered and nothing fails.
    @Test func noiseCostsNothing() async throws {
        let (host, ear, _) = try Self.rig()
        var generator = SeededGenerator(seed: 11)
        let noise = (0..<(3 * AudioInput.sampleRate)).map { _ in Int16.random(in: -12000...12000, using: &generator) }
        for heard in try ear.recognizer().recognizer.recognize(noise) {
            let result = await host.turn(hearing: heard.hypotheses)
            #expect(result.error == nil)
            #expect(!result.speech.isEmpty)
        }
    }

    /// Talk that runs on past the limit is cut there and said to be.
    @Test func anEndlessUtteranceIsCut() throws {
        let (_, ear, mouth) = try Self.rig()
        let sentence = "add apples bananas cherries dates figs grapes lemons mangoes oranges pears plums and raisins to my shopping list"
        var samples: [Int16] = []
        while Double(samples.count) / Double(AudioInput.sampleRate) < SpeechRecognizer.maximumUtterance + 4 {
            samples += try Self.say(sentence, mouth)
        }
        let heard = try ear.recognizer().recognizer.recognize(samples)
        #expect(heard.first?.cut == true, "\(heard.map { ($0.cut, $0.end - $0.start) })")
        #expect(heard.first.map { $0.end - $0.start <= SpeechRecognizer.maximumUtterance + 0.2 } == true)
    }

    /// A skill added while the host runs is heard: the ear is built again the next time it is
    /// asked for, and not before.
    @Test func theEarIsBuiltAgainWhenTheSkillsChange() async throws {
        let folder = try TestSupport.folderWithProducts(["HelloWorld"])
        let host = try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("listen-data")))
        let ear = HostEar(host: host, cacheFolder: try TestSupport.temporaryFolder("speech-cache"))
        let mouth = try SpeechSynthesizer()
        #expect(try ear.recognizer().rebuilt)
        #expect(try !ear.recognizer().rebuilt)
        try FileManager.default.copyItem(atPath: TestSupport.product("NumberRace"), toPath: folder + "/libNumberRace.so")
        _ = await host.reload(skill: nil)
        let (recognizer, rebuilt) = try ear.recognizer()
        #expect(rebuilt)
        let heard = recognizer.hear(try Self.say("open number race", mouth))
        #expect(heard.first == "open number race", "\(heard)")
        #expect(await host.turn(hearing: heard).speaker == "NumberRace")
    }

    /// The language model is kept by its content: the same skills read it back.
    @Test func theLanguageModelIsCachedByContent() throws {
        let skills = try TestSupport.folderWithProducts(["NumberRace"])
        let host = try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("listen-data")))
        let fragments = SpokenSentences.of(HostEar.skills(of: host.currentRegistry))
        let cache = try TestSupport.temporaryFolder("speech-cache")
        let first = try SkillLanguageModel.make(fragments, cacheFolder: cache, synthesizer: try SpeechSynthesizer())
        let second = try SkillLanguageModel.make(fragments, cacheFolder: cache, synthesizer: nil)
        #expect(!first.fromCache && second.fromCache)
        #expect(first.path == second.path && first.wordCount == second.wordCount)
        #expect(first.guessedPronunciations.map(\.word) == second.guessedPronunciations.map(\.word))
        // A torn file is not read: the model is built again.
        try Data("\\data\\\nngram 1=3\n".utf8).write(to: URL(fileURLWithPath: first.path))
        #expect(try !SkillLanguageModel.make(fragments, cacheFolder: cache, synthesizer: nil).fromCache)
    }

    /// What the example skills make of themselves: their samples with values in, every number
    /// a NumberRace answer could be, launch phrases, built-in intents; a word the dictionary
    /// lacks gets espeak-ng's pronunciation.
    @Test func theSkillsSentencesCoverWhatIsSaidToThem() throws {
        let skills = try TestSupport.folderWithProducts(["NumberRace", "ListOMat"])
        let host = try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("listen-data")))
        let said = Set(SpokenSentences.of(HostEar.skills(of: host.currentRegistry)).map { $0.words.joined(separator: " ") })
        for sentence in ["open number race", "ask number race", "stop", "never mind", "eight", "seventy five", "solve a game"] {
            #expect(said.contains(sentence), "\(sentence)")
        }
        #expect(SpokenSentences.words("wake me at 7 and 2026") == ["wake", "me", "at", "seven", "and", "two", "thousand", "twenty", "six"])
        #expect(Pronunciations.guess("listomat", synthesizer: try SpeechSynthesizer()) == "L IH S T AH M AE T")
        #expect(Pronunciations.cmuPhones(fromESpeak: "sk'IlhoUst") == ["S", "K", "IH", "L", "HH", "OW", "S", "T"])
    }

    @Test func theTrigramModelIsWellFormed() {
        var model = NGramModel()
        model.add(["open", "number", "race"])
        model.add(["open", "hello", "world"], weight: 0.5)
        model.add(["search", "for"], endsSentence: false)
        let arpa = model.arpa()
        #expect(arpa.hasPrefix("\\data\\\nngram 1=9\n"))
        #expect(arpa.hasSuffix("\\end\\\n"))
        // Every history's distribution sums to one: p(w | open) over the vocabulary.
        let lines = arpa.split(separator: "\n")
        func entries(_ order: Int) -> [String: (Double, Double?)] {
            var table: [String: (Double, Double?)] = [:]
            var inside = false
            for line in lines {
                if line.hasPrefix("\\") { inside = line == "\\\(order)-grams:"; continue }
                guard inside else { continue }
                let parts = line.split(separator: " ")
                guard parts.count >= order + 1, let p = Double(parts[0]) else { continue }
                let key = parts[1...order].joined(separator: " ")
                table[key] = (p, parts.count > order + 1 ? Double(parts[order + 1]) : nil)
            }
            return table
        }
        let unigrams = entries(1), bigrams = entries(2)
        var total = 0.0
        for word in unigrams.keys where word != "<s>" {
            if let p = bigrams["open \(word)"]?.0 { total += pow(10, p) } else { total += pow(10, unigrams["open"]!.1! + unigrams[word]!.0) }
        }
        #expect(abs(total - 1) < 1e-4, "\(total)")
    }
}

/// Sound files as recorders write them: converted to 16 kHz mono 16-bit, or refused by name.
@Suite struct AudioInputTests {
    static func wav(format: Int, channels: Int, rate: Int, bits: Int, frames: [[Double]], extensible: Bool = false) -> Data {
        var body: [UInt8] = []
        for frame in frames {
            for sample in frame {
                switch (format, bits) {
                case (1, 8): body.append(UInt8(clamping: Int((sample * 127).rounded()) + 128))
                case (1, 16): let v = Int16((sample * 32767).rounded()); body += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
                case (1, 24): let v = Int32((sample * 8_388_607).rounded()); body += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)]
                case (3, 32): withUnsafeBytes(of: Float(sample).bitPattern.littleEndian) { body += $0 }
                case (7, 8): body.append(sample == 0 ? 0xFF : sample > 0 ? 0x80 : 0x00)  // μ-law: 0, near full scale
                default: fatalError("no such test format")
                }
            }
        }
        var out: [UInt8] = []
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let fmtSize = extensible ? 40 : 16
        out += Array("RIFF".utf8); u32(4 + 8 + fmtSize + 8 + body.count); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(fmtSize); u16(extensible ? 0xFFFE : format); u16(channels); u32(rate); u32(rate * channels * bits / 8); u16(channels * bits / 8); u16(bits)
        if extensible { u16(22); u16(bits); u32(0); u16(format); out += Array(repeating: 0, count: 14) }
        out += Array("data".utf8); u32(body.count); out += body
        return Data(out)
    }

    /// A 440 Hz tone, `seconds` long, in every channel.
    static func tone(rate: Int, channels: Int, seconds: Double) -> [[Double]] {
        (0..<Int(Double(rate) * seconds)).map { i in Array(repeating: 0.5 * sin(2 * .pi * 440 * Double(i) / Double(rate)), count: channels) }
    }

    /// Zero crossings a second, twice the frequency.
    static func frequency(_ samples: [Int16]) -> Double {
        var crossings = 0
        for i in 1..<samples.count where (samples[i - 1] < 0) != (samples[i] < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(samples.count) / Double(AudioInput.sampleRate))
    }

    @Test(arguments: [(1, 2, 44100, 24, false), (1, 1, 8000, 8, false), (3, 1, 48000, 32, false), (1, 6, 22050, 16, true), (1, 1, 16000, 16, false)])
    func aToneComesThroughAtTheRecognisersRate(format: Int, channels: Int, rate: Int, bits: Int, extensible: Bool) throws {
        let data = Self.wav(format: format, channels: channels, rate: rate, bits: bits, frames: Self.tone(rate: rate, channels: channels, seconds: 1), extensible: extensible)
        let audio = try AudioInput.decode(data, name: "tone.wav")
        #expect(abs(audio.samples.count - 16000) <= 1)
        #expect(abs(Self.frequency(audio.samples) - 440) < 3, "\(Self.frequency(audio.samples))")
        let peak = audio.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 15000 && peak < 18000, "\(peak)")
        #expect((audio.conversion == nil) == (rate == 16000 && channels == 1 && bits == 16 && format == 1))
        if rate == 44100 { #expect(audio.conversion == "44100 Hz stereo 24-bit, converted to 16000 Hz mono 16-bit") }
    }

    @Test func muLawIsDecoded() throws {
        let audio = try AudioInput.decode(Self.wav(format: 7, channels: 1, rate: 8000, bits: 8, frames: [[0], [1], [-1], [0]]), name: "x.wav")
        #expect(audio.samples.count == 8)
        #expect(audio.conversion == "8000 Hz mono μ-law, converted to 16000 Hz mono 16-bit")
    }

    @Test(arguments: [
        (Data("ID3\u{3}\0\0\0".utf8), "x.mp3 is not a WAV file (it looks like MP3)"),
        (Data("OggS\0\0".utf8), "x.mp3 is not a WAV file (it looks like Ogg)"),
        (Data(), "x.mp3 is not a WAV file (it is empty)"),
        (Data("RIFF\u{4}\0\0\0WAVE".utf8), "x.mp3 has no format chunk"),
    ])
    func whatIsNoWAVIsRefusedByName(data: Data, message: String) {
        #expect { try AudioInput.decode(data, name: "x.mp3") } throws: { "\($0)".hasPrefix(message) }
    }

    @Test func anUnreadableEncodingIsNamed() {
        var data = [UInt8](Self.wav(format: 1, channels: 1, rate: 8000, bits: 16, frames: [[0]]))
        data[20] = 0x55  // MP3 inside RIFF
        #expect { try AudioInput.decode(Data(data), name: "x.wav") } throws: { "\($0)".hasPrefix("x.wav holds MP3 at 16 bits, which skillhost cannot read") }
        var rate = [UInt8](Self.wav(format: 1, channels: 1, rate: 8000, bits: 16, frames: [[0]]))
        rate[24] = 1; rate[25] = 0; rate[26] = 0; rate[27] = 0
        #expect { try AudioInput.decode(Data(rate), name: "x.wav") } throws: { "\($0)".hasPrefix("x.wav says its rate is 1 Hz") }
    }

    /// Longer than fifteen minutes is refused before it is converted.
    @Test func anOverlongFileIsRefused() {
        let frames = Array(repeating: [0.0], count: 16 * 60 * 4000 + 10)
        let data = Self.wav(format: 1, channels: 1, rate: 4000, bits: 8, frames: frames)
        #expect { try AudioInput.decode(data, name: "long.wav") } throws: { "\($0)".hasPrefix("long.wav is 16 min 0 s long, over the limit of 15 min 0 s") }
    }
}

/// The same numbers every run (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
