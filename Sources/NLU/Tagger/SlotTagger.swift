import SkillModel
/// A slot tagger: an averaged structured perceptron over per-word features with first-order
/// label transitions, decoded by Viterbi. Labels: 0 outside, 2k+1 begins slot k, 2k+2
/// continues it; a continuation can only follow its own slot.
struct SlotTagger: Sendable {
    let labels: Int
    private let index: FeatureIndex
    private let emission: [Float]  // feature * labels + label
    private let transition: [Float]  // (previous + 1) * labels + label; previous -1 = start

    /// The best label sequence for a sentence's per-word features.
    func tag(_ features: [[UInt64]]) -> [Int] {
        let encoded = features.map { $0.compactMap { index.index(of: $0) } }
        return Self.viterbi(encoded, labels: labels, emission: emission, transition: transition)
    }

    private static func allowed(_ previous: Int, _ label: Int) -> Bool {
        // I-k (even, > 0) may only follow B-k or I-k.
        guard label > 0, label % 2 == 0 else { return true }
        return previous == label - 1 || previous == label
    }

    private static func viterbi(_ features: [[Int32]], extra: [[Int32]]? = nil, labels: Int, emission: [Float], transition: [Float]) -> [Int] {
        let count = features.count
        guard count > 0 else { return [] }
        var score = [Float](repeating: -.infinity, count: count * labels)
        var back = [Int](repeating: 0, count: count * labels)
        var localStorage = [Float](repeating: 0, count: labels)
        // Unchecked buffers: this loop is most of training and of tagging at parse time.
        emission.withUnsafeBufferPointer { emission in
            transition.withUnsafeBufferPointer { transition in
                score.withUnsafeMutableBufferPointer { score in
                    back.withUnsafeMutableBufferPointer { back in
                        localStorage.withUnsafeMutableBufferPointer { local in
                            func add(_ f: Int32) {
                                let row = emission.baseAddress! + Int(f) * labels
                                for l in 0..<labels { local[l] += row[l] }
                            }
                            for t in 0..<count {
                                for l in 0..<labels { local[l] = 0 }
                                for f in features[t] { add(f) }
                                if let extra { for f in extra[t] { add(f) } }
                                for l in 0..<labels {
                                    if t == 0 {
                                        if allowed(-1, l) { score[l] = local[l] + transition[l] }
                                        continue
                                    }
                                    var best: Float = -.infinity
                                    var arg = 0
                                    // A continuation (I-k) can follow only B-k or I-k; anything can precede O or B.
                                    let candidates = l > 0 && l % 2 == 0 ? (l - 1)...l : 0...(labels - 1)
                                    for p in candidates {
                                        let s = score[(t - 1) * labels + p] + transition[(p + 1) * labels + l]
                                        if s > best {
                                            best = s
                                            arg = p
                                        }
                                    }
                                    score[t * labels + l] = best + local[l]
                                    back[t * labels + l] = arg
                                }
                            }
                        }
                    }
                }
            }
        }
        var last = 0
        var best: Float = -.infinity
        for l in 0..<labels where score[(count - 1) * labels + l] > best {
            best = score[(count - 1) * labels + l]
            last = l
        }
        var path = [Int](repeating: 0, count: count)
        path[count - 1] = last
        if count > 1 {
            for t in stride(from: count - 1, to: 0, by: -1) { path[t - 1] = back[t * labels + path[t]] }
        }
        return path
    }

    func encode(into writer: inout BinaryWriter) {
        writer.write(labels)
        index.encode(into: &writer)
        writer.write(emission)
        writer.write(transition)
    }

    init(decoding reader: inout BinaryReader) throws(BinaryReader.Truncated) {
        labels = try reader.readInt()
        index = try FeatureIndex(decoding: &reader)
        emission = try reader.readFloats()
        transition = try reader.readFloats()
        guard labels > 0, emission.count == index.count * labels, transition.count == (labels + 1) * labels else { throw BinaryReader.Truncated() }
    }

    /// Trains on sentences with gold labels: each word's `base(i)` features, the same every
    /// epoch and so encoded once, and `extra(i, epoch)` ones that may vary per epoch (feature
    /// dropout). `runs` perceptrons, each over its own shuffles, are averaged into one: a
    /// single run's result depends on its order by about a point of F1, and the average much
    /// less.
    init(labels: Int, count: Int, gold: (Int) -> [Int], base: (Int) -> [[UInt64]], extra: (Int, Int) -> [[UInt64]], epochs: Int = Tuning.tagEpochs, runs: Int, seed: UInt64) {
        self.labels = labels
        var index = FeatureIndex()
        var emissionSum: [Float] = []
        var transitionSum = [Float](repeating: 0, count: (labels + 1) * labels)
        // Features met for the first time grow every emission table by a row.
        func encode(_ raw: [[UInt64]], growing tables: inout [[Float]]) -> [[Int32]] {
            raw.map { word in
                word.map { hash in
                    let (f, isNew) = index.insert(hash)
                    if isNew {
                        for k in tables.indices { tables[k] += [Float](repeating: 0, count: labels) }
                        emissionSum += [Float](repeating: 0, count: labels)
                    }
                    return f
                }
            }
        }
        var none: [[Float]] = []
        let encodedBase = (0..<count).map { encode(base($0), growing: &none) }
        for run in 0..<runs {
            // Per run: the weights [0] and their running total for averaging [1].
            var tables = [[Float]](repeating: [Float](repeating: 0, count: index.count * labels), count: 2)
            var transition = [Float](repeating: 0, count: (labels + 1) * labels)
            var transitionTotal = transition
            var random = SplitMix64(seed: seed &+ UInt64(run) &* 0x9E37_79B9)
            var order = Array(0..<count)
            var step: Float = 1
            for epoch in 0..<epochs {
                order.shuffle(using: &random)
                for i in order {
                    let features = encodedBase[i]
                    let extra = encode(extra(i, epoch + run * epochs), growing: &tables)
                    let expected = gold(i)
                    let predicted = Self.viterbi(features, extra: extra, labels: labels, emission: tables[0], transition: transition)
                    if predicted != expected {
                        for t in 0..<features.count {
                            let g = expected[t]
                            let p = predicted[t]
                            if g != p {
                                for f in features[t] + extra[t] {
                                    let base = Int(f) * labels
                                    tables[0][base + g] += 1
                                    tables[0][base + p] -= 1
                                    tables[1][base + g] += step
                                    tables[1][base + p] -= step
                                }
                            }
                            let gp = t == 0 ? -1 : expected[t - 1]
                            let pp = t == 0 ? -1 : predicted[t - 1]
                            if g != p || gp != pp {
                                transition[(gp + 1) * labels + g] += 1
                                transition[(pp + 1) * labels + p] -= 1
                                transitionTotal[(gp + 1) * labels + g] += step
                                transitionTotal[(pp + 1) * labels + p] -= step
                            }
                        }
                    }
                    step += 1
                }
            }
            // Averaging within a run: w_avg = w - total / step (the running-sum trick).
            for k in tables[0].indices { emissionSum[k] += tables[0][k] - tables[1][k] / step }
            for k in transition.indices { transitionSum[k] += transition[k] - transitionTotal[k] / step }
        }
        self.emission = emissionSum
        self.transition = transitionSum
        self.index = index
    }
}
