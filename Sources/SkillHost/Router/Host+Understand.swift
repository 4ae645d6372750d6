import NLU
import SkillModel

extension HostEngine {
    /// What the host makes of `text` outside any conversation (the console's playground): the
    /// readings the router weighs across skills, best first, and each skill's own account of
    /// the sentence (what it reads, or why it takes nothing); refused, with the reason, for
    /// text no turn would take (too long).
    public func understand(_ text: String) -> Result<JSONValue, UnderstandingRefusal> {
        if let refusal = Utterance.refusal(of: text) { return .failure(UnderstandingRefusal(message: refusal)) }
        let utterance = Utterance(text)
        return .success([
            "text": .string(text),
            "readings": TurnResult.json(registry.index.parse(utterance)),
            "why": TurnResult.json(registry.index.explain(utterance)),
        ])
    }
}

/// Why a sentence was not read at all.
public struct UnderstandingRefusal: Error, Sendable {
    public let message: String
}
