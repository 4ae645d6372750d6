@testable import NLU
import Testing

/// The light stem words meet at when the index and the classifiers ask which words a
/// sentence shares with a skill's samples.
@Suite struct StemTests {
    /// Inflected forms meet their word, a doubled consonant before the suffix undoubled; a
    /// word that ends doubled keeps both letters.
    @Test(arguments: [
        ("dimmed", "dim"), ("dimming", "dim"), ("dim", "dim"), ("stopped", "stop"), ("planning", "plan"), ("running", "run"), ("setting", "set"),
        ("called", "call"), ("calling", "call"), ("added", "add"), ("passed", "pass"), ("showings", "show"), ("watered", "water"),
    ])
    func formsMeetTheirWord(word: String, stem: String) {
        #expect(Stem.of(word) == stem)
    }
}
