import SkillModel

extension SampleTemplate {
    /// The words a sample says outside its slots that carry meaning: normalised, stop words
    /// left out.
    static func meaningfulWords(of sample: String) -> [String] {
        var words: [String] = []
        for case .text(let text) in parts(of: sample) {
            words += Tokenizer.tokens(text).map(\.text).filter { !StopWords.all.contains($0) }
        }
        return words
    }
}
