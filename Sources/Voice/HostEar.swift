import Foundation
import NLU
import SkillHost
import SkillModel

/// A host's ear: a recogniser built from the skills the host has loaded, built again when they
/// change (a reload, a skill added or taken out) the next time it is asked for. The language
/// model is kept on disk by its content, so a restart with the same skills does not count it
/// again.
public final class HostEar: Sendable {
    public typealias Failure = SpeechRecognizer.Failure

    private let host: HostEngine
    private let cacheFolder: String
    private let skillWeight: Float
    private let generic: Bool
    /// The recogniser, the digest of the sentences it was built from, and the libraries loaded
    /// when it was last asked for.
    private let current = Locked<(digest: String, loaded: [String], recognizer: SpeechRecognizer)?>(nil)
    private let building = PlainLock()

    /// - Parameters:
    ///   - generic: listen with the generic English model alone (to compare).
    public init(host: HostEngine, cacheFolder: String = NLUCache.defaultDirectory() + "/speech", skillWeight: Float = SpeechRecognizer.defaultSkillWeight, generic: Bool = false) {
        self.host = host
        self.cacheFolder = cacheFolder
        self.skillWeight = skillWeight
        self.generic = generic
    }

    /// The loaded skills as the recogniser needs them.
    public static func skills(of registry: SkillRegistry) -> [SpokenSentences.Skill] {
        registry.entries.map { SpokenSentences.Skill(invocationNames: $0.invocationNames, model: $0.skill.model) }
    }

    /// The recogniser for the skills loaded now, and the search to listen with when the dialog
    /// waits on `awaited`: a model of the answers it waits for, weighed above the rest (made
    /// the first time that answer is awaited, kept by its content).
    public func listening(for awaited: AwaitedAnswer?) throws(Failure) -> (recognizer: SpeechRecognizer, search: String) {
        let (recognizer, _) = try recognizer()
        guard !generic, let awaited, let entry = host.currentRegistry.entry(awaited.skillID) else { return (recognizer, SpeechRecognizer.mainSearch) }
        let skill = SpokenSentences.Skill(invocationNames: entry.invocationNames, model: entry.skill.model)
        let fragments = SpokenSentences.answers(skill, intent: awaited.intent, slot: awaited.slot, confirmation: awaited.confirmation)
        let name = "answer-" + SpokenSentences.digest(fragments, version: SkillLanguageModel.formatVersion)
        if !recognizer.hasSearch(name) {
            let model = try building.withLock { () throws(Failure) -> SkillLanguageModel in
                try SkillLanguageModel.make(fragments, cacheFolder: cacheFolder, synthesizer: try? SpeechSynthesizer())
            }
            try recognizer.addSearch(name, model)
        }
        return (recognizer, name)
    }

    /// The recogniser for the skills loaded now; `rebuilt` says it was made for this call.
    public func recognizer() throws(Failure) -> (recognizer: SpeechRecognizer, rebuilt: Bool) {
        try building.withLock { () throws(Failure) -> (recognizer: SpeechRecognizer, rebuilt: Bool) in
            if generic {
                if let known = current.withLock({ $0 }) { return (known.recognizer, false) }
                let recognizer = try SpeechRecognizer(languageModel: nil)
                current.withLock { $0 = ("generic", [], recognizer) }
                return (recognizer, true)
            }
            // The loaded skills, cheaply: the same library objects are the same models.
            let registry = host.currentRegistry
            let loaded = registry.entries.map { "\($0.id.rawValue)@\(ObjectIdentifier($0.skill as AnyObject).hashValue)" }
            if let known = current.withLock({ $0 }), known.loaded == loaded { return (known.recognizer, false) }
            let fragments = SpokenSentences.of(Self.skills(of: registry))
            let digest = SpokenSentences.digest(fragments, version: SkillLanguageModel.formatVersion)
            if let known = current.withLock({ $0 }), known.digest == digest {
                current.withLock { $0?.loaded = loaded }
                return (known.recognizer, false)
            }
            let model = try SkillLanguageModel.make(fragments, cacheFolder: cacheFolder, synthesizer: try? SpeechSynthesizer())
            let recognizer = try SpeechRecognizer(languageModel: model, skillWeight: skillWeight)
            current.withLock { $0 = (digest, loaded, recognizer) }
            return (recognizer, true)
        }
    }
}
