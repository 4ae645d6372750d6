import Foundation
import NLU
import SkillModel
import Testing
import TestSupport

/// Input no person says: parsing stays linear in its length, so an absurd sentence costs what
/// its length costs, and the host refuses anything past `Utterance.maximumLength` by name.
@Suite struct LongInputTests {
    /// Words that reach every path of a parse: numbers, dates, times, listed values, carrier words.
    static func sentence(words: Int) -> String {
        var random = SplitMix64(seed: 7)
        let vocabulary = ["large", "pepperoni", "pizza", "at", "7", "pm", "march 3rd", "and", "twenty", "first", "a.m.", "don't", "o'clock", "with", "extra", "cheese", "deliver", "1234567"]
        return (0..<words).map { _ in vocabulary[random.below(vocabulary.count)] }.joined(separator: " ")
    }

    /// Before the fixes, 16,000 such words took 4 s in a release build and a word of 2,000 letters
    /// 53 s (quadratic and cubic); the time limit stands for "does not hang", not a speed: a
    /// minute, times the patience under a sanitizer (under ThreadSanitizer, 10 s alone, but 247 s
    /// once in CI, beside the suite's servers and runners on two cores).
    @Test(.timeLimit(.minutes(Int(2 * TestSupport.patience))))
    func aVeryLongSentenceIsParsedInLinearTime() {
        let nlu = AlexaModelTests.nlu
        let long = Self.sentence(words: 10_000)
        _ = nlu.parse(Utterance(long))
        _ = nlu.parse(Utterance(String(repeating: "a", count: 5_000)))
        _ = nlu.parse(Utterance(long + " " + String(repeating: "pepperoni", count: 300)))
        // A sentence of ordinary length still reads as before.
        #expect(nlu.parse(Utterance("i want a large pepperoni pizza")).first?.intent == "OrderPizzaIntent")
    }

    @Test func theLengthLimitIsNamed() throws {
        #expect(Utterance.refusal(of: String(repeating: "x", count: Utterance.maximumLength)) == nil)
        let refusal = try #require(Utterance.refusal(of: String(repeating: "é", count: Utterance.maximumLength + 1)))
        #expect(refusal == "the utterance is 1001 characters long, over the limit of 1000; it was not read")
    }
}
