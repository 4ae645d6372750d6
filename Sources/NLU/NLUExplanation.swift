#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SkillModel

/// Why a skill did or did not understand a sentence: what `:debug` shows when nothing took it.
public struct NLUExplanation: Sendable, Equatable, CustomStringConvertible {
    /// What the skill's understanding made of the sentence.
    public enum Verdict: Sendable, Equatable {
        /// A reading of one of its own intents.
        case understood(IntentName, score: Double)
        /// A reading too unsure to open a skill the sentence does not name.
        case underFloor(IntentName, score: Double, floor: Double)
        /// A reading sure enough on its own, but unlikely for the routing model across skills:
        /// weighed together, under the floor for a sentence that names no skill.
        case weighedUnder(IntentName, score: Double, routed: Double, rank: Double, floor: Double)
        /// Only a built-in intent ("help", "stop"), which goes to the skill in session only.
        case builtIn(IntentName)
        /// Not asked: the sentence shares no meaningful word with the skill's model.
        case notAsked
        /// Not asked: it shares a word with the sentence, but the routing model finds other
        /// skills likelier and others share more of its words.
        case passedOver
        /// More like noise than anything the model says, past the sensitivity's limit.
        case noise(Double, limit: Double, sensitivity: FallbackIntentSensitivity)
        /// No intent sure enough among the intents for the sensitivity.
        case unsure(share: Double, threshold: Double, sensitivity: FallbackIntentSensitivity)
        /// No meaningful word in common with the model, and no intent sure enough to make up
        /// for it.
        case foreignWords(best: Double)
        /// No sample matches, and the model has no samples to learn from.
        case nothingToLearn
    }

    /// An intent the skill weighed, with how sure it was (0…1).
    public struct Considered: Sendable, Equatable {
        public let intent: IntentName
        public let score: Double
    }

    /// The sample that shares the most meaningful words with the sentence.
    public struct ClosestSample: Sendable, Equatable {
        public let intent: IntentName
        public let sample: String
    }

    public let skillID: SkillID
    public let verdict: Verdict
    /// The intents weighed, best first (three at most).
    public let considered: [Considered]
    public let closestSample: ClosestSample?

    public var description: String {
        var text = Self.describe(verdict)
        if !considered.isEmpty {
            text += "; considered " + considered.map { "\($0.intent) \(Self.format($0.score))" }.joined(separator: ", ")
        }
        if let closestSample { text += "; closest sample \"\(closestSample.sample)\" (\(closestSample.intent))" }
        return text
    }

    private static func describe(_ verdict: Verdict) -> String {
        switch verdict {
        case .understood(let intent, let score):
            "understood as \(intent) (\(format(score)))"
        case .underFloor(let intent, let score, let floor):
            "read as \(intent) only \(format(score)) sure, under the \(format(floor)) a sentence that names no skill needs"
        case .weighedUnder(let intent, let score, let routed, let rank, let floor):
            "read as \(intent) \(format(score)) sure, but the routing model across skills gives it \(format(routed)): weighed \(format(rank)), under the \(format(floor)) a sentence that names no skill needs"
        case .builtIn(let intent):
            "heard only \(intent), a built-in intent that goes to the skill in session"
        case .notAsked:
            "not asked: the sentence shares no meaningful word with its model"
        case .passedOver:
            "not asked: the routing model finds other skills likelier, and others share more of the sentence's words"
        case .noise(let none, let limit, let sensitivity):
            "out of domain: \(format(none)) like noise, at or past the \(format(limit)) that fallbackIntentSensitivity \(sensitivity.rawValue) allows"
        case .unsure(let share, let threshold, let sensitivity):
            "out of domain: the best intent has \(format(share)) of the intents' weight, under the \(format(threshold)) that fallbackIntentSensitivity \(sensitivity.rawValue) needs"
        case .foreignWords(let best):
            "out of domain: no meaningful word in common with its model, and the best intent only \(format(best)) sure (0.900 would do)"
        case .nothingToLearn:
            "no sample matches, and the model has no samples to learn from"
        }
    }

    /// Three decimals, as `:debug` shows scores.
    static func format(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension SkillNLU {
    /// Why this skill reads the sentence as it does, or not at all.
    public func explain(_ utterance: Utterance, today: CivilDate = .today()) -> NLUExplanation {
        let parsed = parse(utterance, today: today)
        let closest = closestSample(to: utterance)
        if let top = parsed.first, top.intent != .fallback {
            let considered = parsed.prefix(3).map { NLUExplanation.Considered(intent: $0.intent, score: $0.score) }
            let verdict: NLUExplanation.Verdict = top.intent.isBuiltIn ? .builtIn(top.intent) : .understood(top.intent, score: top.score)
            return NLUExplanation(skillID: skillID, verdict: verdict, considered: considered, closestSample: closest)
        }
        guard let statistical, !utterance.words.isEmpty else {
            return NLUExplanation(skillID: skillID, verdict: .nothingToLearn, considered: [], closestSample: closest)
        }
        let (readings, none) = statistical.classify(utterance)
        let considered = readings.prefix(3).map { NLUExplanation.Considered(intent: intents[$0.intent].name, score: $0.probability) }
        let top = readings.first?.probability ?? 0
        let verdict = Self.rejection(top: top, none: none, sensitivity: model.fallbackIntentSensitivity,
            namesValue: namesOwnValue(statistical.gazetteer.matches(utterance.words), utterance: utterance), overlaps: sharesWords(utterance, statistical))
            ?? .understood(considered.first?.intent ?? .fallback, score: top)
        return NLUExplanation(skillID: skillID, verdict: verdict, considered: considered, closestSample: closest)
    }

    /// The model's sample sharing the most meaningful words (as stems) with the sentence, the
    /// one with the fewest other words among equals; nil when none shares a word.
    func closestSample(to utterance: Utterance) -> NLUExplanation.ClosestSample? {
        let said = Set(utterance.words.filter { !StopWords.all.contains($0) }.map(Stem.of))
        guard !said.isEmpty else { return nil }
        var best: (shared: Int, other: Int, sample: NLUExplanation.ClosestSample)?
        for intent in intents {
            for sample in intent.samples {
                let stems = Set(SampleTemplate.meaningfulWords(of: sample).map(Stem.of))
                let shared = stems.intersection(said).count
                guard shared > 0 else { continue }
                let other = stems.count - shared
                if best.map({ shared > $0.shared || (shared == $0.shared && other < $0.other) }) ?? true {
                    best = (shared, other, NLUExplanation.ClosestSample(intent: intent.name, sample: sample))
                }
            }
        }
        return best?.sample
    }
}

extension SkillIndex {
    /// What the routing model across skills makes of the sentence: its likeliest skill and
    /// intent and how sure it is, or that none of the skills is likelier than the rest.
    public func explainRouting(_ utterance: Utterance) -> String {
        guard let best = route(utterance) else { return "routing model: likeliest none of these skills" }
        return "routing model: likeliest \(best.skill) \(best.intent) \(NLUExplanation.format(best.probability))"
    }

    /// Why each loaded skill does or does not take the sentence: the skills `parse` asks, in its
    /// order, then those it passes over, then those that share no word with it.
    public func explain(_ utterance: Utterance, today: CivilDate = .today()) -> [NLUExplanation] {
        let chosen = asked(utterance, routing: routing(utterance))
        let sharing = shortlist(utterance, limit: skills.count)
        let routing = routing(utterance)
        let meaningful = Self.meaningful(utterance)
        let asked = chosen.compactMap { skills[$0]?.explain(utterance, today: today) }.map { explanation in
            guard case .understood(let intent, let score) = explanation.verdict else { return explanation }
            func with(_ verdict: NLUExplanation.Verdict) -> NLUExplanation {
                NLUExplanation(skillID: explanation.skillID, verdict: verdict, considered: explanation.considered, closestSample: explanation.closestSample)
            }
            if score < Self.floor { return with(.underFloor(intent, score: score, floor: Self.floor)) }
            if let routing, let readings = skills[explanation.skillID]?.parse(utterance, today: today), let reading = readings.first(where: { $0.intent == intent }) {
                let rank = rank(reading, routing: routing, meaningful: meaningful, form: StatisticalNLU.Form(utterance.words), tagged: reading.intent == readings.first?.intent)
                if rank < Self.routedFloor {
                    return with(.weighedUnder(intent, score: score, routed: routing.intent(intent, of: explanation.skillID), rank: rank, floor: Self.routedFloor))
                }
            }
            return explanation
        }
        let passedOver = sharing.filter { !chosen.contains($0) }.map { NLUExplanation(skillID: $0, verdict: .passedOver, considered: [], closestSample: nil) }
        let rest = skills.keys.filter { !sharing.contains($0) && !chosen.contains($0) }.sorted().map { NLUExplanation(skillID: $0, verdict: .notAsked, considered: [], closestSample: nil) }
        return asked + passedOver + rest
    }
}
