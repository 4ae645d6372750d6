import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SkillModel

/// Speech out with espeak-ng (Debian's `espeak-ng`, its `libespeak-ng.so.1`), loaded when first
/// asked for: the project builds and runs without it, and `--speak` says plainly that it is
/// missing. A response's SSML is spoken as `SpokenSSML` renders it; samples come back as 16-bit
/// mono PCM at the library's rate (22,050 Hz).
///
/// espeak-ng keeps one synthesizer per process, so every use goes through one lock.
public final class SpeechSynthesizer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Its voice (an espeak-ng voice name: "en-us", "en-gb", "en-us+f3"…) and speaking rate in
    /// words a minute (80–450; espeak-ng's own default is 175).
    public struct Voice: Sendable, Equatable {
        public var name: String
        public var rate: Int
        /// espeak-ng's American voice with its Klatt glottal source: understood by people as well
        /// as the plain one, and by a recogniser far better (pocketsphinx's en-US model mishears
        /// half the words of the plain voice, a quarter of this one's).
        public static let defaultName = "en-us+klatt"

        public init(name: String = defaultName, rate: Int = 175) {
            self.name = name
            self.rate = rate
        }
    }

    public let sampleRate: Int
    private let library: Library
    /// One for the process, as espeak-ng is: every instance speaks through it.
    private static let lock = PlainLock()
    private var lock: PlainLock { Self.lock }

    /// Loads libespeak-ng and starts it; fails, saying what to install, where it is missing.
    public init() throws(Failure) {
        library = try Library.shared.get()
        sampleRate = library.sampleRate
    }

    /// `ssml` (a response's, or plain text) spoken in `voice`: its samples.
    public func samples(_ ssml: String, voice: Voice = Voice()) throws(Failure) -> [Int16] {
        let text = SpokenSSML.forSpeech(ssml)
        return try lock.withLock { () throws(Failure) -> [Int16] in
            guard library.setVoice(voice.name) == 0 else {
                throw Failure(description: "espeak-ng has no voice \"\(voice.name)\" (espeak-ng --voices lists them)")
            }
            _ = library.setParameter(1, Int32(min(450, max(80, voice.rate))), 0)  // espeakRATE
            Collector.samples = []
            defer { Collector.samples = [] }
            let status = text.withCString { pointer in
                // espeakCHARS_UTF8 | espeakSSML | espeakENDPAUSE; POS_CHARACTER from the start.
                library.synth(pointer, strlen(pointer) + 1, 0, 1, 0, 0x1 | 0x10 | 0x1000, nil, nil)
            }
            guard status == 0 else { throw Failure(description: "espeak-ng could not speak it (error \(status))") }
            _ = library.synchronize()
            return Collector.samples
        }
    }

    /// espeak-ng's phonemes for `text` in its ASCII names ("sk'IlhoUst"), by the en-US voice's
    /// letter-to-sound rules; nil when it gives none.
    public func phonemes(_ text: String) -> String? {
        lock.withLock {
            guard library.setVoice("en-us") == 0 else { return nil }
            var out = ""
            text.withCString { pointer in
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(pointer)
                // Clause by clause until the text is used up; espeakCHARS_UTF8, phoneme names.
                while cursor != nil, let clause = library.textToPhonemes(&cursor, 1, 0) {
                    out += String(cString: clause)
                }
            }
            let trimmed = out.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// `ssml` spoken into a WAV file at `path` (written whole, then renamed into place).
    public func write(_ ssml: String, voice: Voice = Voice(), to path: String) throws(Failure) {
        let wave = WAVFile(samples: try samples(ssml, voice: voice), sampleRate: sampleRate)
        do { try wave.write(to: path) } catch { throw Failure(description: "cannot write \(path): \(error.localizedDescription)") }
    }

    /// Where espeak-ng puts samples while `espeak_Synth` runs (synchronous mode: on the
    /// calling thread, under the synthesizer's lock).
    private enum Collector {
        nonisolated(unsafe) static var samples: [Int16] = []
    }

    /// The library's functions, looked up once.
    private struct Library: @unchecked Sendable {
        typealias Initialize = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
        typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias SetCallback = @convention(c) (Callback?) -> Void
        typealias SetVoice = @convention(c) (UnsafePointer<CChar>?) -> Int32
        typealias SetVoiceProperties = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        typealias ListVoices = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        typealias SetParameter = @convention(c) (Int32, Int32, Int32) -> Int32
        typealias Synth = @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32
        typealias Synchronize = @convention(c) () -> Int32
        typealias TextToPhonemes = @convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32) -> UnsafePointer<CChar>?

        let sampleRate: Int
        let setVoiceName: SetVoice
        let setVoiceProperties: SetVoiceProperties
        let listVoices: ListVoices
        let setParameter: SetParameter
        let synth: Synth
        let synchronize: Synchronize
        let textToPhonemes: TextToPhonemes

        /// By name ("en-us", "en-us+f3", "gmw/en"), else by language ("en-gb", whose voice is
        /// named "en"), as espeak-ng's own -v finds it.
        func setVoice(_ name: String) -> Int32 {
            if name.withCString({ setVoiceName($0) }) == 0 { return 0 }
            guard !name.contains("+"), speaks(language: name) else { return -1 }
            return name.withCString { language in
                var voice = VoiceProperties(name: nil, languages: language, identifier: nil, gender: 0, age: 0, variant: 0, unused: 0, score: 0, spare: nil)
                return withUnsafeMutableBytes(of: &voice) { setVoiceProperties($0.baseAddress) }
            }
        }

        /// Whether a voice lists `language` among its languages (each a priority byte and a
        /// name, the list ended by an empty one).
        func speaks(language: String) -> Bool {
            guard var cursor = listVoices(nil) else { return false }
            while let voice = cursor.pointee {
                if var languages = voice.assumingMemoryBound(to: VoiceProperties.self).pointee.languages {
                    while languages.pointee != 0 {
                        let name = String(cString: languages + 1)
                        if name == language { return true }
                        languages += 1 + name.utf8.count + 1
                    }
                }
                cursor += 1
            }
            return false
        }

        /// espeak_VOICE, as espeak_SetVoiceByProperties reads it.
        struct VoiceProperties {
            var name: UnsafePointer<CChar>?
            var languages: UnsafePointer<CChar>?
            var identifier: UnsafePointer<CChar>?
            var gender: UInt8
            var age: UInt8
            var variant: UInt8
            var unused: UInt8
            var score: Int32
            var spare: UnsafeMutableRawPointer?
        }

        static let shared: Result<Library, Failure> = Result { () throws(Failure) -> Library in try Library() }

        private init() throws(Failure) {
            let name = "libespeak-ng.so.1"
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                throw Failure(description: "speech needs espeak-ng, which is not installed (\(String(cString: dlerror()))): apt-get install espeak-ng, or scripts/install-system-packages.sh")
            }
            func symbol<T>(_ name: String, as type: T.Type) throws(Failure) -> T {
                guard let address = dlsym(handle, name) else { throw Failure(description: "\(name) is missing from libespeak-ng.so.1") }
                return unsafeBitCast(address, to: type)
            }
            let initialize = try symbol("espeak_Initialize", as: Initialize.self)
            let setCallback = try symbol("espeak_SetSynthCallback", as: SetCallback.self)
            setVoiceName = try symbol("espeak_SetVoiceByName", as: SetVoice.self)
            setVoiceProperties = try symbol("espeak_SetVoiceByProperties", as: SetVoiceProperties.self)
            listVoices = try symbol("espeak_ListVoices", as: ListVoices.self)
            setParameter = try symbol("espeak_SetParameter", as: SetParameter.self)
            synth = try symbol("espeak_Synth", as: Synth.self)
            synchronize = try symbol("espeak_Synchronize", as: Synchronize.self)
            textToPhonemes = try symbol("espeak_TextToPhonemes", as: TextToPhonemes.self)
            // AUDIO_OUTPUT_SYNCHRONOUS: samples come to the callback, nothing goes to a sound card.
            let rate = initialize(2, 0, nil, 0)
            guard rate > 0 else { throw Failure(description: "espeak-ng did not start (its data, espeak-ng-data, may be missing)") }
            sampleRate = Int(rate)
            setCallback { samples, count, _ in
                if let samples, count > 0 { Collector.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count))) }
                return 0
            }
        }
    }
}

/// 16-bit mono PCM in a RIFF WAVE file.
public struct WAVFile: Sendable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44 + samples.count * 2)
        func text(_ s: String) { out += Array(s.utf8) }
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let data = samples.count * 2
        text("RIFF"); u32(36 + data); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        text("data"); u32(data)
        for sample in samples { u16(Int(UInt16(bitPattern: sample))) }
        return out
    }

    /// Written to a temporary file beside `path`, then renamed over it: a reader never sees half.
    public func write(to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The root mean square of the samples, 0 to 1: silence is near 0.
    public var loudness: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32768
    }
}
