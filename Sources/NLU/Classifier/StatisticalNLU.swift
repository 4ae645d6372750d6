import SkillModel

/// The trained path: an intent classifier and a slot tagger per intent, learned from the
/// interaction model alone when a skill loads, for sentences no sample spells out.
struct StatisticalNLU: Sendable {
    struct Reading: Sendable {
        let intent: Int
        let probability: Double
    }

    struct TaggedSlot: Sendable {
        let slot: Int
        let firstToken: Int
        let lastToken: Int
    }

    let intents: [IntentDefinition]
    let gazetteer: Gazetteer
    private let classifier: IntentClassifier
    private let taggers: [SlotTagger?]

    /// The class the classifier uses for "none of these" (noise sentences).
    private var noneClass: Int { intents.count }

    init(model: InteractionModel, intents: [IntentDefinition], extraSamples: [IntentName: [String]], seed: UInt64) {
        self.intents = intents
        let gazetteer = Gazetteer(model: model)
        self.gazetteer = gazetteer
        let training = TrainingSet(model: model, intents: intents, extraSamples: extraSamples, seed: seed)

        var classifierExamples: [(features: [UInt64], label: Int)] = training.examples.map { example in
            (features: Features.sentence(example.words, gazetteer: gazetteer.matches(example.words)), label: example.intent)
        }
        var random = SplitMix64(seed: seed ^ 0x5EED)
        let noiseCount = max(50, training.examples.count / max(intents.count, 1) / 2)
        for _ in 0..<noiseCount {
            let length = 1 + random.below(8)
            let words = (0..<length).map { _ in NoiseWords.all[random.below(NoiseWords.all.count)] }
            classifierExamples.append((Features.sentence(words, gazetteer: gazetteer.matches(words)), intents.count))
        }
        classifier = IntentClassifier(examples: classifierExamples, classes: intents.count + 1, seed: seed)

        var taggers: [SlotTagger?] = []
        for (i, intent) in intents.enumerated() {
            guard !intent.slots.isEmpty else {
                taggers.append(nil)
                continue
            }
            let examples = training.examples.filter { $0.intent == i }
            guard !examples.isEmpty else {
                taggers.append(nil)
                continue
            }
            let base = examples.map { Features.tokens(surfaces: $0.surfaces, words: $0.words) }
            let matches = examples.map { gazetteer.matches($0.words) }
            taggers.append(SlotTagger(
                labels: 1 + 2 * intent.slots.count,
                count: examples.count,
                gold: { examples[$0].labels },
                featuresFor: { index, epoch in
                    // Drop each listed-value feature half the time, so the tagger also learns
                    // to find values the lists do not have.
                    var features = base[index]
                    var dropout = SplitMix64(seed: seed &+ UInt64(index) &* 7919 &+ UInt64(epoch) &* 104_729)
                    let keep = matches[index].map { _ in dropout.below(2) == 0 }
                    Features.addGazetteer(matches[index], to: &features) { keep[$0] }
                    return features
                },
                seed: seed &+ UInt64(i)))
        }
        self.taggers = taggers
    }

    /// Every intent with its probability, best first; the "none" class is left out, and its
    /// probability is returned separately.
    func classify(_ words: [String]) -> (readings: [Reading], none: Double) {
        let probabilities = classifier.probabilities(Features.sentence(words, gazetteer: gazetteer.matches(words)))
        let readings = intents.indices.map { Reading(intent: $0, probability: probabilities[$0]) }
            .sorted { $0.probability != $1.probability ? $0.probability > $1.probability : $0.intent < $1.intent }
        return (readings, probabilities[noneClass])
    }

    /// The slots of `intent` in the sentence.
    func tag(intent: Int, utterance: Utterance) -> [TaggedSlot] {
        guard let tagger = taggers[intent] else { return [] }
        var features = Features.tokens(surfaces: utterance.tokens.map(\.surface), words: utterance.words)
        Features.addGazetteer(gazetteer.matches(utterance.words), to: &features)
        let labels = tagger.tag(features)
        var slots: [TaggedSlot] = []
        var t = 0
        while t < labels.count {
            let label = labels[t]
            guard label > 0 else {
                t += 1
                continue
            }
            let slot = (label - 1) / 2
            var end = t
            while end + 1 < labels.count, labels[end + 1] == 2 * slot + 2 { end += 1 }
            slots.append(TaggedSlot(slot: slot, firstToken: t, lastToken: end))
            t = end + 1
        }
        return slots
    }
}
