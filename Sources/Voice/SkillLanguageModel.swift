import Foundation
import NLU

/// The language model the loaded skills make: what `SpokenSentences` says of them, counted
/// into a trigram model (`NGramModel`), with a pronunciation guessed (`Pronunciations`) for
/// each word the CMU dictionary lacks. Built once per content and kept on disk by its hash,
/// like the NLU's trained models: a restart with the same skills reads it back.
public struct SkillLanguageModel: Sendable {
    /// The ARPA file.
    public let path: String
    /// Words the CMU dictionary lacks, with the CMU phones guessed for them.
    public let guessedPronunciations: [(word: String, phones: String)]
    public let wordCount: Int
    /// Whether it was read from the cache rather than built.
    public let fromCache: Bool

    /// Bumped whenever what is built from the sentences changes.
    public static let formatVersion = 2

    /// The model of `fragments`, from `cacheFolder` when it was built before.
    /// - Parameter synthesizer: espeak-ng, for the words the dictionary lacks; without it
    ///   they are left out of the model (and named in `unheard`).
    public static func make(_ fragments: [SpokenSentences.Fragment], cacheFolder: String, dictionary: String = SpeechRecognizer.modelFolder + "/cmudict-en-us.dict", synthesizer: SpeechSynthesizer?) throws(SpeechRecognizer.Failure) -> SkillLanguageModel {
        let key = SpokenSentences.digest(fragments, version: formatVersion)
        let folder = cacheFolder + "/" + key
        let arpa = folder + "/skills.lm", guessed = folder + "/guessed.dict"
        if let cached = read(arpa: arpa, guessed: guessed) { return cached }

        let known: Set<String>
        do { known = try Pronunciations.words(inDictionary: dictionary) } catch {
            throw .init(description: "cannot read the pronouncing dictionary \(dictionary): \(error.localizedDescription)")
        }
        var guesses: [String: String] = [:]
        var unpronounceable = Set<String>()
        func pronounceable(_ word: String) -> Bool {
            if known.contains(word) || guesses[word] != nil { return true }
            if unpronounceable.contains(word) { return false }
            if let synthesizer, let phones = Pronunciations.guess(word, synthesizer: synthesizer) {
                guesses[word] = phones
                return true
            }
            unpronounceable.insert(word)
            return false
        }
        var model = NGramModel()
        for fragment in fragments {
            // A word that cannot be said cuts the fragment there, as a gap does.
            var run: [String] = []
            var starts = fragment.startsSentence
            for word in fragment.words {
                if pronounceable(word) { run.append(word); continue }
                model.add(run, startsSentence: starts, endsSentence: false, weight: fragment.weight)
                run = []
                starts = false
            }
            model.add(run, startsSentence: starts, endsSentence: fragment.endsSentence, weight: fragment.weight)
        }
        let pronunciations = guesses.sorted { $0.key < $1.key }.map { (word: $0.key, phones: $0.value) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The dictionary first, the model last: a model on disk means its folder is whole.
            // Each written whole beside its place and renamed there: a reader never sees half.
            try Data(pronunciations.map { "\($0.word) \($0.phones)\n" }.joined().utf8).write(to: URL(fileURLWithPath: guessed), options: .atomic)
            try Data(model.arpa().utf8).write(to: URL(fileURLWithPath: arpa), options: .atomic)
        } catch {
            throw .init(description: "cannot keep the skills' language model in \(folder): \(error.localizedDescription)")
        }
        return SkillLanguageModel(path: arpa, guessedPronunciations: pronunciations, wordCount: model.vocabulary.count, fromCache: false)
    }

    /// The cache's copy, or nil when it is not there whole.
    private static func read(arpa: String, guessed: String) -> SkillLanguageModel? {
        guard let model = FileManager.default.contents(atPath: arpa), let dictionary = try? String(contentsOfFile: guessed, encoding: .utf8) else { return nil }
        let text = String(decoding: model, as: UTF8.self)
        guard text.hasSuffix("\\end\\\n"), let range = text.range(of: "ngram 1="), let end = text[range.upperBound...].firstIndex(of: "\n"),
              let unigrams = Int(text[range.upperBound..<end]) else { return nil }
        let pronunciations = dictionary.split(separator: "\n").compactMap { line -> (word: String, phones: String)? in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        return SkillLanguageModel(path: arpa, guessedPronunciations: pronunciations, wordCount: unigrams - 2, fromCache: true)
    }
}
