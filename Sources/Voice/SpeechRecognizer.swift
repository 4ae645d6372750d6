import Foundation
import SkillModel

/// Speech in with pocketsphinx and Debian's en-US acoustic model (`pocketsphinx-en-us`).
///
/// What it listens for is the skills' own language model (`SkillLanguageModel`) interpolated
/// with the generic English one, so sentences the skills expect are heard as they are written
/// and open slots (a search, a name) can still be heard. Sound goes in as it comes; voice
/// activity detection ends each utterance, and each one comes out as its n-best hypotheses.
///
/// A decoder is one conversation's ear: not shared between threads (its lock makes that safe,
/// not fast).
public final class SpeechRecognizer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where Debian puts the en-US model.
    public static let modelFolder = "/usr/share/pocketsphinx/model/en-us"

    /// How much the skills' model counts against the generic one, 0…1.
    public static let defaultSkillWeight: Float = 0.99
    /// An utterance longer than this is ended there and said to be cut.
    public static let maximumUtterance: Double = 20
    /// The most hypotheses kept of an utterance.
    public static let maximumHypotheses = 5

    /// One utterance heard: the best transcript first, then the others pocketsphinx found,
    /// each different; where it was in the sound, in seconds.
    public struct Heard: Sendable, Equatable {
        public var hypotheses: [String]
        public var start: Double
        public var end: Double
        /// The decoder's posterior probability of the best transcript, 0…1.
        public var confidence: Double
        /// Whether it ran past `maximumUtterance` and was cut there.
        public var cut: Bool

        public var transcript: String { hypotheses.first ?? "" }
    }

    private let library: Pocketsphinx
    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The generic English model, shared by every search's interpolated set (each holds a
    /// reference of its own).
    private let generic: OpaquePointer
    private let skillWeight: Float
    private let lock = NSLock()
    /// The searches made so far, by name.
    private var searches: Set<String> = []
    /// What the decoder listens with, for messages: "the skills' model (812 words) with the generic one".
    public let description: String

    /// The search every utterance uses unless told otherwise.
    public static let mainSearch = "skills"

    /// - Parameters:
    ///   - languageModel: the skills' model; nil to listen with the generic model alone.
    ///   - skillWeight: its weight against the generic model; 1 to leave the generic one out.
    public init(languageModel: SkillLanguageModel?, skillWeight: Float = defaultSkillWeight, modelFolder: String = modelFolder) throws(Failure) {
        library = try Pocketsphinx.shared.get()
        let acoustic = modelFolder + "/en-us", dictionary = modelFolder + "/cmudict-en-us.dict", genericPath = modelFolder + "/en-us.lm.bin"
        for path in [acoustic, dictionary, genericPath] where !FileManager.default.fileExists(atPath: path) {
            throw Failure(description: "the en-US speech model is missing (\(path)): apt-get install pocketsphinx-en-us, or scripts/install-system-packages.sh")
        }
        guard let config = library.configuration([
            "-hmm", acoustic, "-dict", dictionary, "-logfn", "/dev/null",
            // A second pass over the lattice: n-best lists and posteriors.
            "-bestpath", "yes", "-maxhmmpf", "3000",
            "-vad_postspeech", "40",
        ]) else { throw Failure(description: "pocketsphinx refused its configuration") }
        // pocketsphinx keeps its log file in a global: decoders are made and freed one at a time.
        Self.lifecycle.lock()
        defer { Self.lifecycle.unlock() }
        guard let decoder = library.initialize(config) else {
            _ = library.freeConfig(config)
            throw Failure(description: "pocketsphinx could not start with the model in \(modelFolder)")
        }
        guard let generic = library.readLM(config, genericPath, 0, library.logmath(decoder)) else {
            _ = library.free(decoder)
            _ = library.freeConfig(config)
            throw Failure(description: "pocketsphinx could not read \(genericPath)")
        }
        self.config = config
        self.decoder = decoder
        self.generic = generic
        self.skillWeight = languageModel == nil ? 0 : skillWeight
        do {
            description = try Self.addSearch(Self.mainSearch, languageModel, library: library, decoder: decoder, config: config, generic: generic, skillWeight: self.skillWeight)
        } catch {
            _ = library.freeLM(generic)
            _ = library.free(decoder)
            _ = library.freeConfig(config)
            throw error
        }
        searches.insert(Self.mainSearch)
    }

    /// Held while a decoder is made or freed.
    private static let lifecycle = NSLock()

    deinit {
        Self.lifecycle.lock()
        defer { Self.lifecycle.unlock() }
        _ = library.free(decoder)
        _ = library.freeLM(generic)
        _ = library.freeConfig(config)
    }

    /// Whether a search of this name was made.
    public func hasSearch(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return searches.contains(name)
    }

    /// Another search, over `languageModel`: what to listen for when the dialog waits on one
    /// answer. The generic model is left out unless `skillWeight` says otherwise: even a
    /// twentieth of it turned "seven hundred", asked for a number, into "seven sounds good".
    public func addSearch(_ name: String, _ languageModel: SkillLanguageModel, skillWeight: Float = 1) throws(Failure) {
        lock.lock()
        defer { lock.unlock() }
        guard !searches.contains(name) else { return }
        _ = try Self.addSearch(name, languageModel, library: library, decoder: decoder, config: config, generic: generic, skillWeight: self.skillWeight == 0 ? 0 : skillWeight)
        searches.insert(name)
    }

    private static func addSearch(_ name: String, _ languageModel: SkillLanguageModel?, library: Pocketsphinx, decoder: OpaquePointer, config: OpaquePointer, generic: OpaquePointer, skillWeight: Float) throws(Failure) -> String {
        let logmath = library.logmath(decoder)
        var model: OpaquePointer
        var description = "the generic English model"
        if let languageModel, skillWeight > 0 {
            for (index, (word, phones)) in languageModel.guessedPronunciations.enumerated() {
                _ = library.addWord(decoder, word, phones, index == languageModel.guessedPronunciations.count - 1 ? 1 : 0)
            }
            guard let skills = library.readLM(config, languageModel.path, 1, logmath) else {
                throw Failure(description: "pocketsphinx could not read the skills' language model \(languageModel.path)")
            }
            if skillWeight >= 1 {
                model = skills
                description = "the skills' model (\(languageModel.wordCount) words)"
            } else {
                var models: [OpaquePointer?] = [skills, library.retainLM(generic)]
                var names = [strdup("skills"), strdup("generic")]
                defer { names.forEach { free($0) } }
                let weights: [Float] = [skillWeight, 1 - skillWeight]
                guard let set = library.interpolate(config, &models, &names, weights, 2) else {
                    _ = library.freeLM(skills)
                    _ = library.freeLM(generic)
                    throw Failure(description: "pocketsphinx could not interpolate the skills' model with the generic one")
                }
                model = set
                description = "the skills' model (\(languageModel.wordCount) words) with the generic one at \(String(format: "%.2f", 1 - skillWeight))"
            }
        } else {
            model = library.retainLM(generic)!
        }
        // The search keeps the model from here on.
        guard library.setLM(decoder, name, model) == 0 else {
            throw Failure(description: "pocketsphinx could not search with the language model")
        }
        return description
    }

    /// Every utterance in `samples` (16 kHz mono).
    public func recognize(_ samples: [Int16], search: String = mainSearch) -> [Heard] {
        let stream = listen(search: search)
        var heard = stream.feed(samples)
        heard += stream.finish()
        return heard
    }

    /// A stream to feed sound into as it comes (from a microphone or a socket).
    public func listen(search: String = mainSearch) -> Stream { Stream(recognizer: self, search: search) }

    /// Sound fed as it comes; each utterance comes back once voice activity detection ends it.
    public final class Stream: @unchecked Sendable {
        private let recognizer: SpeechRecognizer
        private var fed = 0
        private var utteranceStart: Int?
        /// After a cut, the rest of that stretch of speech is skipped.
        private var skipping = false
        private var started = false
        /// The search its utterances use (a name given to `addSearch`, or the main one).
        public var search: String
        private var comfort = ComfortNoise()

        init(recognizer: SpeechRecognizer, search: String) {
            self.recognizer = recognizer
            self.search = search
        }

        /// Starts the decoder's next utterance, in the stream's search.
        private func startUtterance() {
            let name = recognizer.searches.contains(search) ? search : SpeechRecognizer.mainSearch
            _ = recognizer.library.setSearch(recognizer.decoder, name)
            _ = recognizer.library.startUtterance(recognizer.decoder)
        }

        /// Takes `samples`; returns the utterances they ended.
        public func feed(_ samples: [Int16]) -> [Heard] {
            var heard: [Heard] = []
            var offset = 0
            while offset < samples.count {
                let (utterance, consumed) = next(samples[offset...])
                offset += consumed
                if let utterance { heard.append(utterance) }
            }
            return heard
        }

        /// Takes `samples` up to the end of the next utterance: what it heard, and how many
        /// samples it took. The next utterance starts in `search` as it stands then, so a
        /// caller can take the turn and set what to listen for before going on.
        public func next(_ samples: ArraySlice<Int16>) -> (heard: Heard?, consumed: Int) {
            recognizer.lock.lock()
            defer { recognizer.lock.unlock() }
            let library = recognizer.library, decoder = recognizer.decoder
            let chunk = 1_600  // 0.1 s
            var offset = samples.startIndex
            while offset < samples.endIndex {
                if !started {
                    startUtterance()
                    started = true
                }
                let count = min(chunk, samples.endIndex - offset)
                var piece = Array(samples[offset..<(offset + count)])
                comfort.fill(&piece)
                piece.withUnsafeBufferPointer { buffer in
                    _ = library.processRaw(decoder, buffer.baseAddress!, count, 0, 0)
                }
                offset += count
                fed += count
                let speaking = library.inSpeech(decoder) != 0
                if speaking, utteranceStart == nil, !skipping { utteranceStart = fed - count }
                if !speaking { skipping = false }
                if let start = utteranceStart {
                    let long = Double(fed - start) / Double(AudioInput.sampleRate) > SpeechRecognizer.maximumUtterance
                    if !speaking || long {
                        let heard = collect(start: start, cut: long)
                        skipping = long
                        started = false
                        if let heard { return (heard, offset - samples.startIndex) }
                    }
                }
            }
            return (nil, samples.count)
        }

        /// Ends the sound: the utterance under way, if any.
        public func finish() -> [Heard] {
            recognizer.lock.lock()
            defer { recognizer.lock.unlock() }
            guard started else { return [] }
            started = false
            if let start = utteranceStart { return collect(start: start, cut: false).map { [$0] } ?? [] }
            _ = recognizer.library.endUtterance(recognizer.decoder)
            return []
        }

        /// Ends the decoder's utterance and reads what it heard.
        private func collect(start: Int, cut: Bool) -> Heard? {
            let library = recognizer.library, decoder = recognizer.decoder
            utteranceStart = nil
            _ = library.endUtterance(decoder)
            var score: Int32 = 0
            guard let best = library.hypothesis(decoder, &score).map({ String(cString: $0) }), !best.isEmpty else { return nil }
            var hypotheses = [best]
            // ps_nbest_next frees the list when it runs out; stopping early frees it here.
            var cursor = library.nbest(decoder)
            var tries = 0
            while let current = cursor, tries < 40, hypotheses.count < SpeechRecognizer.maximumHypotheses {
                tries += 1
                if let text = library.nbestHypothesis(current, &score).map({ String(cString: $0) }), !text.isEmpty, !hypotheses.contains(text) {
                    hypotheses.append(text)
                }
                cursor = library.nbestNext(current)
            }
            if let cursor { library.nbestFree(cursor) }
            let confidence = library.exponent(library.logmath(decoder), library.probability(decoder))
            let rate = Double(AudioInput.sampleRate)
            return Heard(hypotheses: hypotheses, start: Double(start) / rate, end: Double(fed) / rate, confidence: min(1, max(0, confidence)), cut: cut)
        }
    }
}

extension SpeechRecognizer {
    /// One request heard from `samples`: the utterances voice activity detection found, as one
    /// (a pause inside a sentence splits it), with the alternatives of the first where it is the
    /// only one. Empty when nothing was heard.
    public func hear(_ samples: [Int16], search: String = mainSearch) -> [String] {
        let heard = recognize(samples, search: search)
        guard heard.count > 1 else { return heard.first?.hypotheses ?? [] }
        return [heard.map(\.transcript).joined(separator: " ")]
    }
}

extension SpeechSynthesizer {
    /// `text` spoken in `voice` at the recogniser's rate (16 kHz): what a person would say to it.
    public func samplesForListening(_ text: String, voice: Voice) throws(Failure) -> [Int16] {
        let spoken = try samples(SSML.escape(text), voice: voice)
        let floats = AudioInput.resample(spoken.map { Float($0) / 32768 }, from: sampleRate, to: AudioInput.sampleRate)
        return floats.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}

/// A faint, steady pink noise (about -48 dBFS) added to all sound before it is heard. The en-US
/// acoustic model learned from recordings with a room behind them; sound without one
/// (synthesised speech, digital silence between words, a recording cleaned of its noise) it
/// mishears: espeak-ng's voice had 50% of its words wrong clean, 27% with this under it (the
/// voice benchmark, 40 sentences). It must be steady: added only where the sound was quiet, it
/// made things worse. A microphone's own floor is about as loud, so real speech loses nothing.
struct ComfortNoise {
    /// Its RMS on the 16-bit scale.
    static let level = 130.0
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0

    mutating func fill(_ samples: inout [Int16]) {
        for index in samples.indices {
            let noisy = Double(samples[index]) + pink() * Self.level
            samples[index] = Int16(max(-32768, min(32767, noisy.rounded())))
        }
    }

    /// Pink noise of unit RMS, roughly: white noise through Paul Kellet's economy filter.
    private mutating func pink() -> Double {
        let white = gaussian()
        b0 = 0.99765 * b0 + white * 0.0990460
        b1 = 0.96300 * b1 + white * 0.2965164
        b2 = 0.57000 * b2 + white * 1.0526913
        return (b0 + b1 + b2 + white * 0.1848) / 3.2
    }

    /// A normal deviate (Box-Muller on xorshift), the same every run.
    private mutating func gaussian() -> Double {
        func uniform() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        return (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }
}
