import SkillModel
/// A linear intent classifier (multinomial logistic regression over hashed sentence
/// features and, where given, the sentence's meaning as a vector), trained by stochastic
/// gradient descent in a fixed order: the same examples give the same weights.
struct IntentClassifier: Sendable {
    /// One sentence to learn from: its hashed features, its meaning (`WordVectors`; empty
    /// when unknown) and its class.
    struct Example {
        var features: [UInt64]
        var meaning: [Float] = []
        var label: Int
    }

    /// A sentence to learn as the lexical classifiers (a skill's, the routing model) read it:
    /// its words' features with word classes and places, and its meaning weighed by
    /// `meaningScale`.
    static func lexical(_ words: [String], meaningScale: Float, label: Int) -> Example {
        Example(features: lexicalFeatures(words, placeTags: nil), meaning: Features.meaning(words).map { $0 * meaningScale }, label: label)
    }

    /// A sentence to classify, as `lexical` reads it (its features made once, by `Utterance`).
    static func lexical(_ utterance: Utterance, meaningScale: Float) -> Example {
        Example(features: utterance.lexicalFeatures, meaning: utterance.meaning.map { $0 * meaningScale }, label: 0)
    }

    static func lexicalFeatures(_ words: [String], placeTags: [[UInt64]]?) -> [UInt64] {
        Features.sentence(words, gazetteer: [], wordClasses: true, placeTags: placeTags)
    }

    /// Probabilities per class of one sentence, summing to 1.
    func probabilities(_ example: Example) -> [Double] { probabilities(example.features, meaning: example.meaning) }

    let classes: Int
    private let index: FeatureIndex
    private let weights: [Float]  // feature * classes + class
    /// The meaning's weights, dimension * classes + class; empty when no example had one.
    private let meaningWeights: [Float]
    private let bias: [Float]

    /// Probabilities per class, summing to 1.
    func probabilities(_ features: [UInt64], meaning: [Float] = []) -> [Double] {
        var scores = [Double](repeating: 0, count: classes)
        Self.softmax(features.compactMap { index.index(of: $0) }, count: features.count, meaning: meaning, weights: weights, meaningWeights: meaningWeights, bias: bias, classes: classes, into: &scores)
        return scores
    }

    /// Class probabilities for known feature indices; `count` is how many features the
    /// sentence had (known or not), which scales each feature's weight.
    private static func softmax(_ features: [Int32], count: Int, meaning: [Float], weights: [Float], meaningWeights: [Float], bias: [Float], classes: Int, into scores: inout [Double]) {
        let scale = 1 / Double(max(count, 1)).squareRoot()
        scores.withUnsafeMutableBufferPointer { scores in
            for c in 0..<classes { scores[c] = Double(bias[c]) }
            weights.withUnsafeBufferPointer { weights in
                guard let all = weights.baseAddress, let sums = scores.baseAddress else { return }
                for f in features {
                    let row = all + Int(f) &* classes
                    for c in 0..<classes { sums[c] += Double(row[c]) * scale }
                }
            }
        }
        if !meaning.isEmpty, meaning.count * classes == meaningWeights.count {
            // In single precision, class by class along each dimension's row, which vectorises.
            withUnsafeTemporaryAllocation(of: Float.self, capacity: classes) { sums in
                sums.initialize(repeating: 0)
                meaningWeights.withUnsafeBufferPointer { weights in
                    meaning.withUnsafeBufferPointer { meaning in
                        for d in 0..<meaning.count {
                            let row = UnsafeBufferPointer(rebasing: weights[(d * classes)..<((d + 1) * classes)])
                            let value = meaning[d]
                            for c in 0..<classes { sums[c] += row[c] * value }
                        }
                    }
                }
                for c in 0..<classes { scores[c] += Double(sums[c]) }
            }
        }
        let top = scores.max() ?? 0
        var sum = 0.0
        for c in 0..<classes {
            scores[c] = exp(scores[c] - top)
            sum += scores[c]
        }
        for c in 0..<classes { scores[c] /= sum }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.write(classes)
        index.encode(into: &writer)
        writer.write(weights)
        writer.write(meaningWeights)
        writer.write(bias)
    }

    init(decoding reader: inout BinaryReader) throws(BinaryReader.Truncated) {
        classes = try reader.readInt()
        index = try FeatureIndex(decoding: &reader)
        weights = try reader.readFloats()
        meaningWeights = try reader.readFloats()
        bias = try reader.readFloats()
        guard classes > 0, bias.count == classes, weights.count == index.count * classes, meaningWeights.count % classes == 0 else { throw BinaryReader.Truncated() }
    }

    /// Weights averaged over the last three epochs' steps (averaged SGD) instead of the last
    /// ones, in every skill's classifiers, measured and not landed: Snips full 0.9829 -> 0.9821,
    /// at 70 per intent 0.9490 -> 0.9486 with 2 fewer out-of-domain requests kept out; HWU64 at
    /// 10 per intent 0.6878 -> 0.6871; the ported set's absent skills' sentences 79 -> 78 kept out.
    ///
    /// - Parameter meaningless: a class the meaning never speaks for ("none of these": a
    ///   sentence full of names nobody listed means little, but is no noise for that).
    init(examples: [Example], classes: Int, meaningless: Int? = nil, epochs: Int = Tuning.epochs, seed: UInt64) {
        self.classes = classes
        var index = FeatureIndex()
        // Each feature once per example, in the order met: `lastSeen[f]` is the last example
        // that had feature f.
        var lastSeen: [Int] = []
        let encoded: [(features: [Int32], label: Int)] = examples.enumerated().map { e, example in
            let features = example.features.compactMap { hash -> Int32? in
                let (f, isNew) = index.insert(hash)
                if isNew { lastSeen.append(-1) }
                guard lastSeen[Int(f)] != e else { return nil }
                lastSeen[Int(f)] = e
                return f
            }
            return (features, example.label)
        }
        var weights = [Float](repeating: 0, count: index.count * classes)
        let dimensions = examples.lazy.map(\.meaning.count).max() ?? 0
        var meaningWeights = [Float](repeating: 0, count: dimensions * classes)
        var bias = [Float](repeating: 0, count: classes)
        var random = SplitMix64(seed: seed)
        var order = Array(encoded.indices)
        var probabilities = [Double](repeating: 0, count: classes)
        var steps = [Float](repeating: 0, count: classes)
        var weighted = [Float](repeating: 0, count: classes)
        var active: [Int] = []
        active.reserveCapacity(classes)
        for epoch in 0..<epochs {
            order.shuffle(using: &random)
            let rate = 1.0 / (1.0 + Double(epoch) * 0.5)
            for i in order {
                let example = encoded[i]
                let meaning = examples[i].meaning.count == dimensions ? examples[i].meaning : []
                let scale = 1 / Double(max(example.features.count, 1)).squareRoot()
                Self.softmax(example.features, count: example.features.count, meaning: meaning, weights: weights, meaningWeights: meaningWeights, bias: bias, classes: classes, into: &probabilities)
                // Only the classes whose step is not zero move: with many classes (the routing
                // model's), a sentence learnt well leaves most of them under the threshold, and
                // walking every class of every feature and dimension was most of training.
                active.removeAll(keepingCapacity: true)
                for c in 0..<classes {
                    let gradient = probabilities[c] - (c == example.label ? 1 : 0)
                    steps[c] = abs(gradient) > 1e-4 ? Float(rate * gradient) : 0
                    bias[c] -= steps[c] * 0.1
                    weighted[c] = steps[c] * Float(scale)
                    if steps[c] != 0 { active.append(c) }
                }
                // A sentence already learnt moves nothing: no step of zero to take.
                guard !active.isEmpty else { continue }
                let dense = active.count * 2 > classes
                // Through pointers: indexed buffers kept the loops from vectorising (checked
                // arithmetic on every index), and this was most of training.
                weights.withUnsafeMutableBufferPointer { weights in
                    weighted.withUnsafeBufferPointer { weighted in
                        active.withUnsafeBufferPointer { active in
                            guard let all = weights.baseAddress, let step = weighted.baseAddress else { return }
                            for f in example.features {
                                let row = all + Int(f) &* classes
                                if dense {
                                    for c in 0..<classes { row[c] -= step[c] }
                                } else {
                                    for c in active { row[c] -= step[c] }
                                }
                            }
                        }
                    }
                }
                if !meaning.isEmpty {
                    if let meaningless, steps[meaningless] != 0 {
                        steps[meaningless] = 0
                        active.removeAll { $0 == meaningless }
                    }
                    meaningWeights.withUnsafeMutableBufferPointer { weights in
                        meaning.withUnsafeBufferPointer { meaning in
                            steps.withUnsafeBufferPointer { steps in
                                active.withUnsafeBufferPointer { active in
                                    guard let all = weights.baseAddress, let step = steps.baseAddress else { return }
                                    for d in 0..<meaning.count {
                                        let row = all + d &* classes
                                        let value = meaning[d]
                                        if dense {
                                            for c in 0..<classes { row[c] -= step[c] * value }
                                        } else {
                                            for c in active { row[c] -= step[c] * value }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.index = index
        self.weights = weights
        self.meaningWeights = meaningWeights
        self.bias = bias
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
