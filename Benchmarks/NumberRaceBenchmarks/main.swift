// NumberRace's solver on a fixed set of 1,000 random games (the game's deck: two each of one
// to ten, one each of 25, 50, 75 and 100; targets 100–999), every solution replayed and
// checked. The baseline, run in the same process on the same games, is the plain exhaustive
// search without the solver's pruning (no skipping of repeated pairs, ×1, ÷1 or steps that
// give back an operand), which is what a first port of the seed's Solver would do.
//
//     swift run -c release skillhost-numberrace-bench
import BenchmarkSupport
import NumberRace

struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

var generator = Generator(state: 2026)
let deck = Array(1...10) + Array(1...10) + [25, 50, 75, 100]
var games: [(numbers: [Int], target: Int)] = []
for _ in 0..<1000 {
    var cards = deck
    var numbers: [Int] = []
    for _ in 0..<6 { numbers.append(cards.remove(at: generator.below(cards.count))) }
    games.append((numbers, 100 + generator.below(900)))
}

/// The baseline: every pair, every operation, depth first, no pruning; stops at an exact hit.
func naive(_ values: [Int], target: Int, best: inout Int) {
    for v in values where abs(v - target) < abs(best - target) { best = v }
    guard values.count > 1, best != target else { return }
    for i in 0..<values.count {
        for j in 0..<values.count where i != j {
            let a = values[i], b = values[j]
            var rest = values.enumerated().filter { $0.offset != i && $0.offset != j }.map(\.element)
            var results = [a + b, a * b]
            if a > b { results.append(a - b) }
            if b > 0, a % b == 0 { results.append(a / b) }
            for r in results {
                rest.append(r)
                naive(rest, target: target, best: &best)
                rest.removeLast()
                if best == target { return }
            }
        }
    }
}

var times: [Double] = []
var exact = 0
var distances: [Int] = []
for game in games {
    let start = Measure.now()
    let solution = Solver.solve(game.numbers, target: game.target)
    times.append(Measure.now() - start)
    guard Solver.verify(solution, numbers: game.numbers, target: game.target) else {
        Measure.fail("numberrace", "the solution for \(game.numbers) → \(game.target) does not replay: \(solution)")
    }
    if solution.distance == 0 { exact += 1 }
    distances.append(solution.distance)
}

// The baseline on the first 100 games (it is slow), checked to agree on the distance.
var baseTimes: [Double] = []
var solverTimesSame: [Double] = []
for (index, game) in games.prefix(100).enumerated() {
    var best = Int.min / 2
    let start = Measure.now()
    naive(game.numbers, target: game.target, best: &best)
    baseTimes.append(Measure.now() - start)
    solverTimesSame.append(times[index])
    guard abs(best - game.target) == distances[index] else {
        Measure.fail("numberrace", "the baseline and the solver disagree on \(game.numbers) → \(game.target): \(abs(best - game.target)) vs \(distances[index])")
    }
}

func ms(_ s: Double) -> String { String(format: "%.3f ms", s * 1000) }
print("numberrace solver, 1,000 fixed random games (seed 2026), every solution replayed and checked")
print("  solved exactly: \(exact) of 1000; the rest at distance \(Measure.median(distances.filter { $0 > 0 }.map(Double.init))) median, \(distances.max() ?? 0) at most")
print("  solver:   median \(ms(Measure.median(times)))  p99 \(ms(Measure.percentile(times, 0.99)))  max \(ms(times.max() ?? 0))  total \(ms(times.reduce(0, +)))")
let baseMedian = Measure.median(baseTimes)
let sameMedian = Measure.median(solverTimesSame)
print("  baseline (plain exhaustive search, first 100 games): median \(ms(baseMedian)); solver on the same games \(ms(sameMedian)); ratio \(String(format: "%.1f", baseMedian / sameMedian))x")
