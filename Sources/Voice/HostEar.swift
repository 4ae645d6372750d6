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

    /// The recogniser and what it was built for; held while one is built, so it is built once.
    private struct Built {
        let recognizer: SpeechRecognizer
        /// The digest of the sentences it was built from.
        let digest: String
        /// The library objects loaded when it was last asked for: the same ones are the same models.
        var loaded: [ObjectIdentifier]
        /// The search made for each answer a dialog has waited on.
        var answers: [AwaitedAnswer: String] = [:]
    }
    private let built = Locked<Built?>(nil)

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
        try built.withLock { (built: inout Built?) throws(Failure) -> (recognizer: SpeechRecognizer, search: String) in
            let recognizer = try current(&built).recognizer
            guard !generic, let awaited, let entry = host.currentRegistry.entry(awaited.skillID) else { return (recognizer, SpeechRecognizer.mainSearch) }
            if let search = built?.answers[awaited] { return (recognizer, search) }
            let skill = SpokenSentences.Skill(invocationNames: entry.invocationNames, model: entry.skill.model)
            let fragments = SpokenSentences.answers(skill, intent: awaited.intent, slot: awaited.slot, confirmation: awaited.confirmation)
            let search = "answer-" + SpokenSentences.digest(fragments, version: SkillLanguageModel.formatVersion)
            try recognizer.addSearch(search, try SkillLanguageModel.make(fragments, cacheFolder: cacheFolder, synthesizer: try? SpeechSynthesizer()))
            built?.answers[awaited] = search
            return (recognizer, search)
        }
    }

    /// The recogniser for the skills loaded now; `rebuilt` says it was made for this call.
    public func recognizer() throws(Failure) -> (recognizer: SpeechRecognizer, rebuilt: Bool) {
        try built.withLock { (built: inout Built?) throws(Failure) -> (recognizer: SpeechRecognizer, rebuilt: Bool) in try current(&built) }
    }

    /// `built`, made again when the loaded skills' sentences changed.
    private func current(_ built: inout Built?) throws(Failure) -> (recognizer: SpeechRecognizer, rebuilt: Bool) {
        if generic {
            if let built { return (built.recognizer, false) }
            let recognizer = try SpeechRecognizer(languageModel: nil)
            built = Built(recognizer: recognizer, digest: "generic", loaded: [])
            return (recognizer, true)
        }
        let registry = host.currentRegistry
        let loaded = registry.entries.map { ObjectIdentifier($0.skill) }
        if let known = built, known.loaded == loaded { return (known.recognizer, false) }
        let fragments = SpokenSentences.of(Self.skills(of: registry))
        let digest = SpokenSentences.digest(fragments, version: SkillLanguageModel.formatVersion)
        if let known = built, known.digest == digest {
            built?.loaded = loaded
            return (known.recognizer, false)
        }
        let model = try SkillLanguageModel.make(fragments, cacheFolder: cacheFolder, synthesizer: try? SpeechSynthesizer())
        let recognizer = try SpeechRecognizer(languageModel: model, skillWeight: skillWeight)
        built = Built(recognizer: recognizer, digest: digest, loaded: loaded)
        return (recognizer, true)
    }
}
