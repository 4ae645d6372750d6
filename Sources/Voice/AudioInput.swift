import Foundation

/// Sound to recognise, as the recogniser takes it: 16 kHz, mono, 16-bit. A WAV file at another
/// rate, with more channels or in another sample format (8/24/32-bit integers, 32/64-bit
/// floats, A-law, μ-law) is converted; anything else is refused by name.
public struct AudioInput: Sendable {
    public static let sampleRate = 16_000
    /// The most sound one input may hold: longer files are refused before they are decoded.
    public static let maximumDuration: Double = 15 * 60

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public var samples: [Int16]
    /// What was done to make it 16 kHz mono 16-bit ("44100 Hz stereo 24-bit, converted"); nil
    /// when it was that already.
    public var conversion: String?

    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    public init(samples: [Int16], conversion: String? = nil) {
        self.samples = samples
        self.conversion = conversion
    }

    /// Reads a WAV file, or standard input for "-".
    public static func read(_ path: String) throws(Failure) -> AudioInput {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "cannot read \(path): \((error as NSError).localizedDescription)")
        }
        return try decode(data, name: path == "-" ? "standard input" : path)
    }

    /// A WAV file's bytes as 16 kHz mono samples.
    public static func decode(_ data: Data, name: String) throws(Failure) -> AudioInput {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw Failure(description: "\(name) is not a WAV file (\(Self.sniff(bytes))); skillhost listens to WAV (RIFF/WAVE) files, e.g. sox in.mp3 -r 16000 -c 1 out.wav")
        }
        var format: Format?
        var body: Range<Int>?
        var position = 12
        while position + 8 <= bytes.count {
            let id = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let size = Int(littleEndian32(bytes, position + 4))
            let start = position + 8
            let end = min(bytes.count, start + size)  // a recorder stopped early: take what is there
            if id == "fmt " { format = try Format(bytes[start..<end], name: name) }
            if id == "data" { body = start..<end }
            position = start + size + (size & 1)
        }
        guard let format else { throw Failure(description: "\(name) has no format chunk: it is not a WAV file a recorder wrote") }
        guard let body else { throw Failure(description: "\(name) has no data chunk: there is no sound in it") }
        let frameBytes = format.bytesPerSample * format.channels
        let frames = body.count / frameBytes
        let seconds = Double(frames) / Double(format.sampleRate)
        guard seconds <= maximumDuration else {
            throw Failure(description: "\(name) is \(Self.minutes(seconds)) long, over the limit of \(Self.minutes(maximumDuration)); cut it shorter (sox in.wav out.wav trim 0 10:00)")
        }
        // Mono floats, channels averaged.
        var mono = [Float](repeating: 0, count: frames)
        bytes.withUnsafeBufferPointer { buffer in
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<format.channels {
                    sum += format.sample(buffer, at: body.lowerBound + frame * frameBytes + channel * format.bytesPerSample)
                }
                mono[frame] = sum / Float(format.channels)
            }
        }
        let resampled = format.sampleRate == sampleRate ? mono : Self.resample(mono, from: format.sampleRate, to: sampleRate)
        let samples = resampled.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
        let converted = format.sampleRate != sampleRate || format.channels != 1 || format.description != "16-bit"
        let channels = format.channels == 1 ? "mono" : format.channels == 2 ? "stereo" : "\(format.channels) channels"
        return AudioInput(samples: samples, conversion: converted ? "\(format.sampleRate) Hz \(channels) \(format.description), converted to 16000 Hz mono 16-bit" : nil)
    }

    /// Band-limited resampling: a Hann-windowed sinc low-pass at the lower of the two Nyquist
    /// frequencies, evaluated at each output instant (the kernel tabulated finely once).
    static func resample(_ input: [Float], from inputRate: Int, to outputRate: Int) -> [Float] {
        guard !input.isEmpty, inputRate > 0 else { return [] }
        let ratio = Double(outputRate) / Double(inputRate)
        let cutoff = min(1, ratio) * 0.95
        let halfWidth = 16.0 / min(1, ratio)  // taps either side, in input samples
        let steps = 256.0  // kernel points per input sample
        let kernel = (0...Int(halfWidth * steps) + 1).map { step -> Float in
            let x = Double(step) / steps
            let sinc = x == 0 ? 1 : sin(.pi * x * cutoff) / (.pi * x * cutoff)
            return Float(x >= halfWidth ? 0 : sinc * (0.5 + 0.5 * cos(.pi * x / halfWidth)))
        }
        let count = Int((Double(input.count) * ratio).rounded(.down))
        var output = [Float](repeating: 0, count: count)
        input.withUnsafeBufferPointer { source in
            kernel.withUnsafeBufferPointer { kernel in
                for index in 0..<count {
                    let center = Double(index) / ratio
                    let first = max(0, Int((center - halfWidth).rounded(.up)))
                    let last = min(source.count - 1, Int((center + halfWidth).rounded(.down)))
                    guard first <= last else { continue }
                    var sum: Float = 0, weights: Float = 0
                    for tap in first...last {
                        let weight = kernel[min(kernel.count - 1, Int(abs(Double(tap) - center) * steps))]
                        sum += source[tap] * weight
                        weights += weight
                    }
                    output[index] = weights == 0 ? 0 : sum / weights
                }
            }
        }
        return output
    }

    private struct Format {
        enum Encoding { case integer, float, aLaw, muLaw }
        let encoding: Encoding
        let channels: Int
        let sampleRate: Int
        let bytesPerSample: Int

        init(_ chunk: ArraySlice<UInt8>, name: String) throws(Failure) {
            let bytes = Array(chunk)
            guard bytes.count >= 16 else { throw Failure(description: "\(name)'s format chunk is \(bytes.count) bytes, too short") }
            var tag = Int(bytes[0]) | Int(bytes[1]) << 8
            channels = Int(bytes[2]) | Int(bytes[3]) << 8
            sampleRate = Int(AudioInput.littleEndian32(bytes, 4))
            let bits = Int(bytes[14]) | Int(bytes[15]) << 8
            if tag == 0xFFFE, bytes.count >= 26 { tag = Int(bytes[24]) | Int(bytes[25]) << 8 }  // WAVE_FORMAT_EXTENSIBLE: its subformat
            switch (tag, bits) {
            case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .integer
            case (3, 32), (3, 64): encoding = .float
            case (6, 8): encoding = .aLaw
            case (7, 8): encoding = .muLaw
            default:
                let kind = [1: "PCM", 2: "ADPCM", 3: "float", 6: "A-law", 7: "μ-law", 0x11: "IMA ADPCM", 0x55: "MP3"][tag] ?? "format \(tag)"
                throw Failure(description: "\(name) holds \(kind) at \(bits) bits, which skillhost cannot read; convert it: sox in.wav -r 16000 -c 1 -b 16 out.wav")
            }
            bytesPerSample = bits / 8
            guard channels >= 1, channels <= 32 else { throw Failure(description: "\(name) says it has \(channels) channels") }
            guard sampleRate >= 4000, sampleRate <= 384_000 else { throw Failure(description: "\(name) says its rate is \(sampleRate) Hz; skillhost reads 4000 to 384000 Hz") }
        }

        var description: String {
            switch encoding {
            case .integer: "\(bytesPerSample * 8)-bit"
            case .float: "\(bytesPerSample * 8)-bit float"
            case .aLaw: "A-law"
            case .muLaw: "μ-law"
            }
        }

        /// The sample at `offset`, -1…1.
        func sample(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Float {
            switch (encoding, bytesPerSample) {
            case (.integer, 1): return (Float(bytes[offset]) - 128) / 128
            case (.integer, 2): return Float(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)) / 32768
            case (.integer, 3):
                let value = Int32(bitPattern: UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 24)
                return Float(value) / 2_147_483_648
            case (.integer, _): return Float(Int32(bitPattern: AudioInput.littleEndian32(bytes, offset))) / 2_147_483_648
            case (.float, 4): return Float(bitPattern: AudioInput.littleEndian32(bytes, offset))
            case (.float, _):
                let low = UInt64(AudioInput.littleEndian32(bytes, offset)), high = UInt64(AudioInput.littleEndian32(bytes, offset + 4))
                return Float(Double(bitPattern: high << 32 | low))
            case (.aLaw, _): return Float(Self.aLaw(bytes[offset])) / 32768
            case (.muLaw, _): return Float(Self.muLaw(bytes[offset])) / 32768
            }
        }

        static func muLaw(_ byte: UInt8) -> Int {
            let value = ~byte
            let exponent = Int(value >> 4 & 0x07), mantissa = Int(value & 0x0F)
            let magnitude = ((mantissa << 3) + 0x84) << exponent - 0x84
            return value & 0x80 != 0 ? -magnitude : magnitude
        }

        static func aLaw(_ byte: UInt8) -> Int {
            let value = byte ^ 0x55
            let exponent = Int(value >> 4 & 0x07), mantissa = Int(value & 0x0F)
            let magnitude = exponent == 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1)
            return value & 0x80 != 0 ? magnitude : -magnitude
        }
    }

    static func littleEndian32<C: RandomAccessCollection>(_ bytes: C, _ offset: Int) -> UInt32 where C.Element == UInt8, C.Index == Int {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    /// What the bytes look like, for the refusal of a file that is no WAV.
    private static func sniff(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty" }
        if bytes.starts(with: Array("ID3".utf8)) || bytes.count > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 { return "it looks like MP3" }
        if bytes.starts(with: Array("OggS".utf8)) { return "it looks like Ogg" }
        if bytes.starts(with: Array("fLaC".utf8)) { return "it looks like FLAC" }
        return "it does not start with RIFF…WAVE"
    }
}
