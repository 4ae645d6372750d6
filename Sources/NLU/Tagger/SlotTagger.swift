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

    /// Viterbi's tables, kept between sentences so that training allocates them once.
    private struct Workspace {
        var score: [Float] = []
        var back: [Int32] = []
        var local: [Float] = []
        var path: [Int] = []

        mutating func reserve(words: Int, labels: Int) {
            if score.count < words * labels {
                score = [Float](repeating: 0, count: words * labels)
                back = [Int32](repeating: 0, count: words * labels)
            }
            if local.count < labels {
                local = [Float](repeating: 0, count: labels)
            }
        }
    }

    private static func viterbi(_ features: [[Int32]], labels: Int, emission: [Float], transition: [Float]) -> [Int] {
        var workspace = Workspace()
        viterbi(features, groups: [], kept: [], labels: labels, emission: emission, transition: transition, into: &workspace)
        return workspace.path
    }

    /// The best label path, into `workspace.path`. Each word's score for a label is its
    /// features' emission rows summed, plus the best of the previous word's scores with the
    /// transition into the label.
    /// `groups` are optional features per word (a group per listed value found), of which
    /// those `kept` count.
    private static func viterbi(_ features: [[Int32]], groups: [[[Int32]]], kept: [Bool], labels: Int, emission: [Float], transition: [Float], into workspace: inout Workspace) {
        let count = features.count
        workspace.path.removeAll(keepingCapacity: true)
        guard count > 0 else { return }
        workspace.reserve(words: count, labels: labels)
        // Unchecked buffers: this loop is most of training and of tagging at parse time.
        emission.withUnsafeBufferPointer { emission in
            transition.withUnsafeBufferPointer { transition in
                workspace.score.withUnsafeMutableBufferPointer { score in
                    workspace.back.withUnsafeMutableBufferPointer { back in
                        workspace.local.withUnsafeMutableBufferPointer { local in
                            func add(_ f: Int32) {
                                let row = emission.baseAddress! + Int(f) &* labels
                                for l in 0..<labels { local[l] += row[l] }
                            }
                            for t in 0..<count {
                                for l in 0..<labels { local[l] = 0 }
                                for f in features[t] { add(f) }
                                for (group, isKept) in zip(groups, kept) where isKept { for f in group[t] { add(f) } }
                                if t == 0 {
                                    // A sentence cannot start inside a slot (I-k).
                                    for l in 0..<labels { score[l] = l > 0 && l % 2 == 0 ? -.infinity : local[l] + transition[l] }
                                    continue
                                }
                                let here = t &* labels
                                let previous = here &- labels
                                for l in 0..<labels {
                                    // A continuation (I-k) can follow only B-k or I-k; anything can
                                    // precede O or B.
                                    let continues = l > 0 && l % 2 == 0
                                    let first = continues ? l &- 1 : 0
                                    let end = continues ? l &+ 1 : labels
                                    // Two running maxima, over alternate previous labels, so that
                                    // the comparisons do not wait on each other.
                                    var top: (Float, Float) = (-.infinity, -.infinity)
                                    var arg = (0, 0)
                                    var p = first
                                    while p &+ 1 < end {
                                        let s0 = score[previous &+ p] + transition[(p &+ 1) &* labels &+ l]
                                        let s1 = score[previous &+ p &+ 1] + transition[(p &+ 2) &* labels &+ l]
                                        if s0 > top.0 { top.0 = s0; arg.0 = p }
                                        if s1 > top.1 { top.1 = s1; arg.1 = p &+ 1 }
                                        p &+= 2
                                    }
                                    if p < end {
                                        let s0 = score[previous &+ p] + transition[(p &+ 1) &* labels &+ l]
                                        if s0 > top.0 { top.0 = s0; arg.0 = p }
                                    }
                                    // The first best wins a tie, as in one scan.
                                    let second = top.1 > top.0 || (top.1 == top.0 && top.1 > -.infinity && arg.1 < arg.0)
                                    score[here &+ l] = (second ? top.1 : top.0) + local[l]
                                    back[here &+ l] = Int32(truncatingIfNeeded: second ? arg.1 : arg.0)
                                }
                            }
                        }
                    }
                }
            }
        }
        let lastRow = (count - 1) * labels
        var last = 0
        var best: Float = -.infinity
        for l in 0..<labels where workspace.score[lastRow + l] > best {
            best = workspace.score[lastRow + l]
            last = l
        }
        workspace.path = [Int](repeating: 0, count: count)
        workspace.path[count - 1] = last
        if count > 1 {
            for t in stride(from: count - 1, to: 0, by: -1) { workspace.path[t - 1] = Int(workspace.back[t * labels + workspace.path[t]]) }
        }
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

    /// Trains on sentences with gold labels: each word's `base(i)` features, and groups of
    /// `optional(i)` features (one group per listed value found: per word, its features) of
    /// which `keep(i, pass)` says which take part in a pass over the sentences (feature
    /// dropout). Both are encoded once. `runs` perceptrons, each over its own shuffles, are
    /// averaged into one: a single run's result depends on its order by about a point of F1,
    /// and the average much less.
    init(labels: Int, count: Int, gold: (Int) -> [Int], base: (Int) -> [[UInt64]], optional: (Int) -> [[[UInt64]]], keep: (Int, Int) -> [Bool], epochs: Int = Tuning.tagEpochs, runs: Int, seed: UInt64) {
        self.labels = labels
        var workspace = Workspace()
        var index = FeatureIndex()
        var transitionSum = [Float](repeating: 0, count: (labels + 1) * labels)
        func encode(_ raw: [[UInt64]]) -> [[Int32]] { raw.map { word in word.map { index.insert($0).index } } }
        let encodedBase = (0..<count).map { encode(base($0)) }
        let encodedOptional = (0..<count).map { optional($0).map(encode) }
        var emissionSum = [Float](repeating: 0, count: index.count * labels)
        for run in 0..<runs {
            // Per run: the weights and their running total, for averaging.
            var weights = [Float](repeating: 0, count: emissionSum.count)
            var totals = weights
            var transition = [Float](repeating: 0, count: (labels + 1) * labels)
            var transitionTotal = transition
            var random = SplitMix64(seed: seed &+ UInt64(run) &* 0x9E37_79B9)
            var order = Array(0..<count)
            var step: Float = 1
            // The perceptron's step for one feature: toward the gold label, away from the guess.
            func update(_ f: Int32, _ gold: Int, _ guess: Int) {
                let base = Int(f) * labels
                weights[base + gold] += 1
                weights[base + guess] -= 1
                totals[base + gold] += step
                totals[base + guess] -= step
            }
            for epoch in 0..<epochs {
                order.shuffle(using: &random)
                for i in order {
                    let features = encodedBase[i]
                    let groups = encodedOptional[i]
                    let kept = keep(i, epoch + run * epochs)
                    let expected = gold(i)
                    Self.viterbi(features, groups: groups, kept: kept, labels: labels, emission: weights, transition: transition, into: &workspace)
                    let predicted = workspace.path
                    if predicted != expected {
                        for t in 0..<features.count {
                            let g = expected[t]
                            let p = predicted[t]
                            if g != p {
                                for f in features[t] { update(f, g, p) }
                                for (group, isKept) in zip(groups, kept) where isKept { for f in group[t] { update(f, g, p) } }
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
            for k in weights.indices { emissionSum[k] += weights[k] - totals[k] / step }
            for k in transition.indices { transitionSum[k] += transition[k] - transitionTotal[k] / step }
        }
        self.emission = emissionSum
        self.transition = transitionSum
        self.index = index
    }
}
