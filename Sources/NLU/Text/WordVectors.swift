import Foundation

/// What words mean, roughly: a vector per word piece, so that a sentence with words no sample
/// says still lands near the samples that mean the same ("kill the lights" near "turn off the
/// lights", "alerts" near "alarms").
///
/// The vectors are distilled from the sentence encoder all-MiniLM-L6-v2 (Apache 2.0): each of
/// its word pieces encoded alone, reduced to 128 dimensions and weighted by rarity
/// (`scripts/word-vectors/make.py` makes `Resources/word-vectors.bin` from it). A sentence's
/// meaning is the mean of its pieces' vectors, scaled to length 1, and costs a lookup per
/// piece; no network runs per sentence. (HWU64 dev split, 18 skills' 64 intents side by side,
/// a linear SVM: at 10 sentences per intent 0.670 from word and character n-grams, 0.714 from
/// these vectors alone; full size 0.854 and 0.824.) Vectors averaged over each piece's
/// encodings in eight plain contexts instead ("the …", "i want the …", "can you … it"; the
/// encoder's output at the piece), nearer what the encoder pools in a sentence, measured no
/// better end to end: HWU64 at 10 per intent 0.6892 -> 0.6898, at full size 0.8957 -> 0.8901,
/// the new user's skills 0.831 -> 0.844; "pizza" still about as near a coffee shop's drinks
/// as "chai" (0.21 and 0.36).
public struct WordVectors: Sendable {
    let dimensions: Int
    /// Piece → row; pieces that continue a word are stored as "##piece".
    private let rows: [String: Int32]
    /// No piece is longer (after "##"), so no longer one is tried.
    private let longestPiece: Int
    private let scales: [Float]
    private let values: [Int8]
    /// A hash of the file, which the trained-model cache keys include.
    let digest: UInt64

    /// The vectors shipped with the NLU, or nil when the file is not found (the classifiers
    /// then read words alone). Looked for where `$SKILLHOST_WORD_VECTORS` says, beside the
    /// executable (SwiftPM's resource bundle), then in the source tree it was built from.
    static var shipped: WordVectors? { located.vectors }

    private static let located: (vectors: WordVectors?, searched: [String]) = {
        let name = "word-vectors.bin"
        var candidates = [
            Bundle.main.bundleURL.appendingPathComponent("skillhost_NLU.resources/" + name).path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/" + name).path,
        ]
        if let explicit = ProcessInfo.processInfo.environment["SKILLHOST_WORD_VECTORS"], !explicit.isEmpty { candidates.insert(explicit, at: 0) }
        for path in candidates {
            if let data = FileManager.default.contents(atPath: path), let vectors = WordVectors(bytes: [UInt8](data)) { return (vectors, candidates) }
        }
        return (nil, candidates)
    }()

    /// What to tell the user when the vectors are not in use, or nil when they are.
    public static var problem: String? {
        guard shipped == nil else { return nil }
        return "word vectors not found or unreadable (looked in " + located.searched.joined(separator: ", ")
            + "); the NLU reads words alone and understands fewer sentences with words no sample says"
    }

    /// Reads the file's layout ("SKWV", version 1, count, dimensions, pieces, scales, values);
    /// nil when it is not that.
    init?(bytes: [UInt8]) {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard bytes.count >= 16, bytes.prefix(4).elementsEqual("SKWV".utf8), u32(4) == 1 else { return nil }
        let count = u32(8)
        let dimensions = u32(12)
        guard count > 0, dimensions > 0, dimensions <= 4096 else { return nil }
        var position = 16
        var rows: [String: Int32] = [:]
        rows.reserveCapacity(count)
        var longestPiece = 0
        for row in 0..<count {
            guard position < bytes.count else { return nil }
            let length = Int(bytes[position])
            guard position + 1 + length <= bytes.count else { return nil }
            let piece = String(decoding: bytes[(position + 1)..<(position + 1 + length)], as: UTF8.self)
            rows[piece] = Int32(row)
            // In bytes, which bounds the characters from above.
            longestPiece = max(longestPiece, piece.hasPrefix("##") ? length - 2 : length)
            position += 1 + length
        }
        guard bytes.count == position + count * 4 + count * dimensions else { return nil }
        scales = (0..<count).map { row in
            Float(bitPattern: UInt32(truncatingIfNeeded: u32(position + row * 4)))
        }
        position += count * 4
        let start = position
        values = [Int8](unsafeUninitializedCapacity: bytes.count - start) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start...]))
            }
            initialized = bytes.count - start
        }
        self.rows = rows
        self.longestPiece = longestPiece
        self.dimensions = dimensions
        digest = Self.digest(bytes)
    }

    /// FNV-1a over the file's 8-byte words (and its length), quick even in a debug build.
    private static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                hash = hash &* 0x100_0000_01b3
            }
            for byte in raw[(words * 8)...] {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        return hash
    }

    /// The sentence's meaning: the mean of its words' pieces' vectors, of length 1; nil when
    /// no word has a vector.
    func meaning(of words: [String]) -> [Float]? {
        var rowsSaid: [Int32] = []
        for word in words {
            if let whole = rows[word] {
                rowsSaid.append(whole)
                continue
            }
            for part in word.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
                rowsSaid += pieces(of: part)
            }
        }
        var sum = [Float](repeating: 0, count: dimensions)
        let dimensions = dimensions
        values.withUnsafeBufferPointer { values in
            sum.withUnsafeMutableBufferPointer { sum in
                for row in rowsSaid {
                    let base = Int(row) * dimensions
                    let scale = scales[Int(row)]
                    for d in 0..<dimensions { sum[d] += Float(values[base + d]) * scale }
                }
            }
        }
        let length = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard length > 0 else { return nil }
        return sum.map { $0 / length }
    }

    /// Whether the word has a vector of its own, not only its pieces': "crossfit" is "cross"
    /// and "##fit", and means what they do.
    func knows(_ word: String) -> Bool { rows[word] != nil }

    /// Words longer than this have no pieces (WordPiece reads them as unknown).
    static let longestWord = 100

    /// The word's pieces, longest first from the left (WordPiece); none when some part of the
    /// word is no piece, or the word is over `longestWord` characters. (Without the bound, a
    /// word of 2,000 letters took 53 s: every piece tried at every start.)
    private func pieces(of word: Substring) -> [Int32] {
        let characters = Array(word.lowercased())
        guard characters.count <= Self.longestWord else { return [] }
        var found: [Int32] = []
        var start = 0
        while start < characters.count {
            var end = min(characters.count, start + longestPiece)
            var row: Int32?
            while start < end {
                let piece = (start > 0 ? "##" : "") + String(characters[start..<end])
                if let match = rows[piece] {
                    row = match
                    break
                }
                end -= 1
            }
            guard let row else { return [] }
            found.append(row)
            start = end
        }
        return found
    }
}
