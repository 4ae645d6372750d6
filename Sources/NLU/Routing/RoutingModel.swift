import Dispatch
import SkillModel

/// One classifier over every loaded skill's own intents, plus "none of these": which skill,
/// and which of its intents, a sentence that names no skill is for.
///
/// Each skill's classifier knows only its own intents and must lean to one of them, so between
/// skills its scores say little: a recipe skill can be as sure of "set an alarm for seven" as
/// an alarm skill is. Trained on the sentences every skill's model generates, side by side,
/// this one weighs the skills against each other, whatever words they share. It is trained
/// when the set of skills changes (`SkillIndex`); the built-in intents, which only a skill in
/// session hears, are not among its classes.
public struct RoutingModel: Sendable {
    struct Label: Sendable {
        let skill: SkillID
        let intent: IntentName
    }

    /// What the routing model learns from a skill: its id and its model, nothing trained, so
    /// it trains beside the skills' own NLUs (`SkillIndex.init(training:cache:)`).
    struct Skill: Sendable {
        let skillID: SkillID
        let model: InteractionModel
        var intents: [IntentDefinition] { model.intents }

        init(_ skillID: SkillID, _ model: InteractionModel) {
            self.skillID = skillID
            self.model = model
        }

        init(_ nlu: SkillNLU) { self.init(nlu.skillID, nlu.model) }
    }

    /// Class i is labels[i]; class labels.count is "none of these".
    let labels: [Label]
    /// The skills it was trained on, as the cache knows them (`key(_:)`).
    let key: String
    private let classifier: IntentClassifier
    /// The classes of each skill.
    private let classesOfSkill: [SkillID: [Int]]
    /// How much a sentence's meaning weighs beside its words.
    private let meaningScale: Float
    /// The values one skill alone lists, when the intents have few samples (`usesListedValues`).
    private let listed: ListedValueFeatures?

    /// The meaning weighs more the fewer samples the intents have: with few, the words of a
    /// new sentence are seldom among theirs. (HWU64 dev split, routing alone, skill and intent
    /// right, by scale 0.5 / 1 / 2 / 3: at 10 samples per intent 0.643 / 0.679 / 0.686 /
    /// 0.668; at ~124, 0.884 / 0.874 / 0.856 / 0.837.) Each class's mean meaning as a second
    /// opinion (cosine to each class's centroid, a softmax at temperature 0.05, mixed in at 0.3
    /// of the intents' share) read the meaning worse than these weights do: routing alone 0.6968
    /// -> 0.6912 at 10 per intent, 0.8790 unchanged at full size; end to end 0.6892 -> 0.6836 and
    /// 0.8957 -> 0.8936, with more of an absent skill's sentences rejected (954 -> 1001, 616 ->
    /// 689 of 1,438) only because every probability came out flatter.
    static func meaningScale(samplesPerIntent: Double) -> Float {
        Float(min(2, max(0.5, 6 / max(samplesPerIntent, 1).squareRoot())))
    }

    /// Whether the values one skill alone lists weigh in (`ListedValueFeatures`): with 36
    /// samples per intent or fewer. (Dev splits, intent right with no skill named: the ported
    /// Alexa skills 0.8723 -> 0.8830, the new user's skills 0.8182 -> 0.8312, HWU64 at 10 per
    /// intent 0.6864 -> 0.6892, a scenario's sentences with its skill absent rejected 958 -> 954
    /// of 1,438, ported 78 -> 79 of 94, household 64 -> 65 of 69, daily errands 78 -> 77 of 100;
    /// Snips and the assistant set unchanged. At full size, where the samples say enough,
    /// HWU64 0.8957 -> 0.8873, hence not there.)
    static func usesListedValues(samplesPerIntent: Double) -> Bool { samplesPerIntent <= 36 }

    /// Sentences generated per intent, roughly: fewer than a skill's own classifier learns from,
    /// as one model learns every skill's at once.
    /// (HWU64 dev split, 18 skills at full size: routing alone right for 0.858 of sentences at
    /// 100, 0.869 at 200, 0.864 at 400; at 10 per intent 0.580, 0.584, 0.574.) With many
    /// intents, fewer each, so that training stays bounded: each sentence costs a step over
    /// every class.
    ///
    /// Measured and not landed (HWU64 dev split, intent accuracy / an absent skill's sentences
    /// rejected, at 10 per intent and full size; now 0.6878 / 0.665 and 0.8964 / 0.428): words
    /// no loaded skill says read as one "unknown" word, learnt from every third generated
    /// sentence again with its listed values unknown ("i just got a peace lily" to "i got a new
    /// {plant}"): 0.6711 / 0.680 and 0.8936 / 0.399; every sixth, 0.6739 / 0.705 and 0.8950 /
    /// 0.412; every twelfth, 0.6697 / 0.724 and 0.8908 / 0.433; none learnt, 0.6363 / 0.813 and
    /// 0.8818 / 0.513. The classifier's weights averaged over training (all epochs / the last
    /// three): 0.6843 / 0.661 and 0.8950 / 0.475; 0.6857 / 0.669 and 0.8957 / 0.442. Each trades
    /// sentences understood for sentences kept out about as `SkillIndex.routedFloor` does
    /// (0.12: 0.6940 / 0.620 and 0.9006 / 0.354; 0.18: 0.6787 / 0.695 and 0.8908 / 0.492).
    static func perIntent(classes: Int) -> Int { max(40, min(200, 16_000 / max(classes, 1))) }

    /// Each skill's class per intent index: its own intents with samples, skills in id order.
    private static func classes(_ skills: [Skill]) -> [(skill: Skill, classOf: [Int: Int])] {
        var next = 0
        return skills.sorted(by: { $0.skillID < $1.skillID }).map { skill in
            var classOf: [Int: Int] = [:]
            for (i, intent) in skill.intents.enumerated() where !intent.name.isBuiltIn && !intent.samples.isEmpty {
                classOf[i] = next
                next += 1
            }
            return (skill, classOf)
        }
    }

    /// Loads the model for `skills` from `cache`, or trains it (and caches it); nil when no
    /// skill has an intent of its own.
    init?(_ skills: [Skill], cache: NLUCache? = nil) {
        let classes = Self.classes(skills)
        let labels = classes.flatMap { skill, classOf in
            classOf.keys.sorted().map { Label(skill: skill.skillID, intent: skill.intents[$0].name) }
        }
        guard !labels.isEmpty else { return nil }
        self.labels = labels
        var classesOfSkill: [SkillID: [Int]] = [:]
        for (i, label) in labels.enumerated() { classesOfSkill[label.skill, default: []].append(i) }
        self.classesOfSkill = classesOfSkill
        let samples = classes.reduce(0) { total, skill in total + skill.classOf.keys.reduce(0) { $0 + skill.skill.intents[$1].samples.count } }
        let samplesPerIntent = Double(samples) / Double(labels.count)
        let meaningScale = Self.meaningScale(samplesPerIntent: samplesPerIntent)
        self.meaningScale = meaningScale
        let listed = Self.usesListedValues(samplesPerIntent: samplesPerIntent) ? ListedValueFeatures(skills.map { ($0.skillID, $0.model) }) : nil
        self.listed = listed

        let key = Self.key(skills)
        self.key = key
        let train = { Self.train(classes, count: labels.count, meaningScale: meaningScale, listed: listed) }
        guard let cache else {
            classifier = train()
            return
        }
        classifier = cache.value(key, decode: { payload in
            var reader = BinaryReader(payload)
            guard let classifier = try? IntentClassifier(decoding: &reader), reader.isAtEnd, classifier.classes == labels.count + 1 else { return nil }
            return classifier
        }, train: train, encode: { classifier in
            var writer = BinaryWriter()
            classifier.encode(into: &writer)
            return writer.bytes
        })
    }

    /// The cache key: every skill's id and model key, so any change trains again.
    static func key(_ skills: [Skill]) -> String {
        var first = StableHash("routing-listed-a")
        var second = StableHash("routing-b")
        for skill in skills.sorted(by: { $0.skillID < $1.skillID }) {
            for part in [skill.skillID.rawValue, NLUCache.key(for: skill.model)] {
                first.combine(part)
                second.combine(part)
            }
        }
        return "routing-" + String(first.value, radix: 16) + String(second.value, radix: 16)
    }

    private static func train(_ classes: [(skill: Skill, classOf: [Int: Int])], count: Int, meaningScale: Float, listed: ListedValueFeatures?) -> IntentClassifier {
        var examples: [IntentClassifier.Example] = []
        @Sendable func labelled(_ words: [String], _ label: Int) -> IntentClassifier.Example {
            var example = IntentClassifier.lexical(words, meaningScale: meaningScale, label: label)
            if let listed { example.features += listed.features(words) }
            return example
        }
        var seed = StableHash("routing")
        var allSamples: [String] = []
        let skills = classes.filter { !$0.classOf.isEmpty }
        for (skill, classOf) in skills {
            seed.combine(String(SkillNLU.seed(for: skill.model)))
            allSamples += classOf.keys.sorted().flatMap { skill.intents[$0].samples }
        }
        // Each skill's sentences made side by side (a third of the training, one after
        // another), then put together in the skills' order: the same examples either way.
        let perSkill = Locked<[Int: [IntentClassifier.Example]]>([:])
        DispatchQueue.concurrentPerform(iterations: skills.count) { i in
            let (skill, classOf) = skills[i]
            let training = TrainingSet(model: skill.model, intents: skill.intents, extraSamples: [:], perIntent: Self.perIntent(classes: count), seed: SkillNLU.seed(for: skill.model) ^ 0x2007E)
            let made = training.examples.compactMap { example in classOf[example.intent].map { labelled(example.words, $0) } }
            perSkill.withLock { $0[i] = made }
        }
        perSkill.withLock { made in
            for i in skills.indices { examples += made[i] ?? [] }
        }
        // "None of these": random common words, and requests of other domains without the
        // words any loaded skill says, as each skill's own classifier learns it.
        let none = count
        var random = SplitMix64(seed: seed.value ^ 0x5EED)
        let perClass = max(1, examples.count / count)
        for _ in 0..<max(50, perClass / 2) {
            let words = (0..<(1 + random.below(8))).map { _ in NoiseWords.all[random.below(NoiseWords.all.count)] }
            examples.append(labelled(words, none))
        }
        let otherDomains = StatisticalNLU.otherDomainRequests(samples: allSamples)
        for _ in 0..<max(1, perClass / max(otherDomains.count, 1)) {
            examples += otherDomains.map { labelled($0, none) }
        }
        return IntentClassifier(examples: examples, classes: count + 1, seed: seed.value)
    }

    /// How likely each class is for the sentence, and "none of these".
    struct Routing: Sendable {
        let probabilities: [Double]
        let model: RoutingModel
        /// Each skill's probability, summed once: every reading weighed asks for its skill's.
        private let skillProbabilities: [SkillID: Double]

        init(probabilities: [Double], model: RoutingModel) {
            self.probabilities = probabilities
            self.model = model
            skillProbabilities = model.classesOfSkill.mapValues { $0.reduce(0) { $0 + probabilities[$1] } }
        }

        /// The probability that the sentence is for `skill` (any of its intents).
        func skill(_ skill: SkillID) -> Double { skillProbabilities[skill] ?? 0 }

        /// The probability that the sentence is `skill`'s `intent`.
        func intent(_ intent: IntentName, of skill: SkillID) -> Double {
            guard let classes = model.classesOfSkill[skill], let i = classes.first(where: { model.labels[$0].intent == intent }) else { return 0 }
            return probabilities[i]
        }

        /// The likeliest intent, or nil when "none of these" is likelier than any.
        var best: (skill: SkillID, intent: IntentName, probability: Double)? {
            guard let top = probabilities.indices.max(by: { probabilities[$0] < probabilities[$1] }), top < model.labels.count else { return nil }
            return (model.labels[top].skill, model.labels[top].intent, probabilities[top])
        }

        /// Skills by how likely the sentence is theirs, best first.
        func skills(limit: Int) -> [(skill: SkillID, probability: Double)] {
            skillProbabilities.map { ($0.key, $0.value) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
                .prefix(limit).map { ($0.0, $0.1) }
        }
    }

    func route(_ utterance: Utterance) -> Routing {
        var example = IntentClassifier.lexical(utterance, meaningScale: meaningScale)
        if let listed { example.features += listed.features(utterance.words) }
        return Routing(probabilities: classifier.probabilities(example), model: self)
    }
}
