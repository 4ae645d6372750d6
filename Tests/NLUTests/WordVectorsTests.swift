@testable import NLU
import SkillModel
import Testing

/// The word vectors ship with the NLU and say which sentences mean alike.
@Suite struct WordVectorsTests {
    static func similarity(_ a: String, _ b: String) throws -> Float {
        let vectors = try #require(WordVectors.shipped)
        let x = try #require(vectors.meaning(of: Utterance(a).words))
        let y = try #require(vectors.meaning(of: Utterance(b).words))
        return zip(x, y).reduce(0) { $0 + $1.0 * $1.1 }
    }

    @Test func theShippedFileIsFound() throws {
        let vectors = try #require(WordVectors.shipped, "Sources/NLU/Resources/word-vectors.bin is found beside the build or in the source tree")
        #expect(vectors.dimensions == 128)
        #expect(vectors.digest != 0)
    }

    @Test(arguments: [
        ("kill the lights", "turn off the lamp", "play some jazz"),
        ("wake me up at seven", "set an alarm for 7 am", "what's the weather"),
        ("do i have any meetings today", "what is on my calendar", "play the next song"),
        ("how hot is it outside", "what's the temperature", "add milk to my list"),
    ])
    func aSentenceIsNearerOneThatMeansTheSame(sentence: String, alike: String, unlike: String) throws {
        #expect(try Self.similarity(sentence, alike) > Self.similarity(sentence, unlike))
    }

    @Test func wordsWithoutVectorsHaveNoMeaning() throws {
        let vectors = try #require(WordVectors.shipped)
        #expect(vectors.meaning(of: []) == nil)
        #expect(vectors.meaning(of: ["日本語"]) == nil)
        // A word the pieces spell is read from its pieces.
        #expect(vectors.meaning(of: ["unlistenable"]) != nil)
    }

    @Test(arguments: [
        [UInt8](), Array("SKWV".utf8), Array("SKWV".utf8) + [2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
        // One piece "a", one dimension, but no scale or value after it.
        Array("SKWV".utf8) + [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x61],
        Array("XXXX".utf8) + [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x61, 0, 0, 0x80, 0x3F, 5],
    ])
    func aMalformedFileIsRefused(bytes: [UInt8]) {
        #expect(WordVectors(bytes: bytes) == nil)
    }

    @Test func aWellFormedFileReads() throws {
        // One piece "a", one dimension, scale 1.0, value 5.
        let vectors = try #require(WordVectors(bytes: Array("SKWV".utf8) + [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x61, 0, 0, 0x80, 0x3F, 5]))
        #expect(vectors.meaning(of: ["a"]) == [1])
        #expect(vectors.meaning(of: ["b"]) == nil)
    }
}
