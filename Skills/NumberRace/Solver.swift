/// The NumberRace solver: from six numbers, reach the target with + − × ÷ — each number used at
/// most once, every intermediate result a positive whole number (division only when exact), as
/// the game's rules say. The search is exhaustive: when no expression reaches the target, the
/// closest one is found.
public enum Solver {
    /// One step of a solution: `left op right = result`.
    public struct Step: Sendable, Equatable {
        public let left: Int
        public let op: Character
        public let right: Int
        public let result: Int

        public var spoken: String {
            let word = switch op {
            case "+": "plus"
            case "-": "minus"
            case "*": "times"
            default: "divided by"
            }
            return "\(left) \(word) \(right) makes \(result)"
        }
    }

    public struct Solution: Sendable, Equatable {
        /// The value reached: the target, or as close as the numbers allow.
        public let value: Int
        /// How far the value is from the target.
        public let distance: Int
        /// The steps, in order; empty when a starting number is already the best.
        public let steps: [Step]

        /// "75 plus 25 makes 100, 100 times 9 makes 900, …".
        public var spoken: String {
            steps.isEmpty ? "\(value) is one of your numbers" : steps.map(\.spoken).joined(separator: ", ")
        }
    }

    /// The closest value to `target` reachable from `numbers`, with the fewest steps found
    /// first among equally close ones; stops at the first exact solution.
    public static func solve(_ numbers: [Int], target: Int) -> Solution {
        var search = Search(target: target)
        for n in numbers { search.consider(n, steps: []) }
        var values = numbers
        var steps: [Step] = []
        search.explore(&values, &steps)
        return Solution(value: search.bestValue, distance: abs(search.bestValue - target), steps: search.bestSteps)
    }

    private struct Search {
        let target: Int
        var bestValue = Int.min / 2
        var bestSteps: [Step] = []
        var done = false

        init(target: Int) { self.target = target }

        mutating func consider(_ value: Int, steps: [Step]) {
            let distance = abs(value - target)
            let best = abs(bestValue - target)
            if distance < best || (distance == best && steps.count < bestSteps.count) {
                bestValue = value
                bestSteps = steps
                if distance == 0 { done = true }
            }
        }

        /// Combines every pair of the remaining values in every legal way, depth first.
        mutating func explore(_ values: inout [Int], _ steps: inout [Step]) {
            let count = values.count
            guard count > 1, !done else { return }
            for i in 0..<count - 1 {
                for j in (i + 1)..<count {
                    // The same pair of values was already tried at an earlier i or j.
                    if Self.seenBefore(values, i, j) { continue }
                    let a = max(values[i], values[j])
                    let b = min(values[i], values[j])
                    var results: [(Character, Int)] = [("+", a + b)]
                    if b > 1 { results.append(("*", a * b)) }
                    if a > b { results.append(("-", a - b)) }
                    if b > 1, a % b == 0 { results.append(("/", a / b)) }
                    let last = values[count - 1]
                    // Take i and j out (j is the larger index): j gets the last value, i the
                    // result, then the array shrinks by one.
                    let savedI = values[i]
                    let savedJ = values[j]
                    values[j] = last
                    values.removeLast()
                    for (op, result) in results {
                        // x - y = y and x / y = y add nothing a shorter path lacks.
                        if (op == "-" || op == "/"), result == b { continue }
                        values[i] = result
                        steps.append(Step(left: a, op: op, right: b, result: result))
                        consider(result, steps: steps)
                        if !done { explore(&values, &steps) }
                        steps.removeLast()
                        if done { break }
                    }
                    values.append(last)
                    values[j] = savedJ
                    values[i] = savedI
                    if done { return }
                }
            }
        }

        /// Whether the pair (values[i], values[j]) equals a pair at an earlier position.
        static func seenBefore(_ values: [Int], _ i: Int, _ j: Int) -> Bool {
            let pair = (min(values[i], values[j]), max(values[i], values[j]))
            for x in 0...i {
                for y in (x + 1)..<values.count where (x, y) != (i, j) {
                    if x == i && y >= j { break }
                    if (min(values[x], values[y]), max(values[x], values[y])) == pair { return true }
                }
            }
            return false
        }
    }

    /// Checks a solution by replaying it: each step uses values still available and follows
    /// the rules, and the last result is the value claimed.
    public static func verify(_ solution: Solution, numbers: [Int], target: Int) -> Bool {
        var available = numbers
        for step in solution.steps {
            guard let l = available.firstIndex(of: step.left) else { return false }
            available.remove(at: l)
            guard let r = available.firstIndex(of: step.right) else { return false }
            available.remove(at: r)
            let expected: Int? = switch step.op {
            case "+": step.left + step.right
            case "-": step.left > step.right ? step.left - step.right : nil
            case "*": step.left * step.right
            case "/": step.right > 0 && step.left % step.right == 0 ? step.left / step.right : nil
            default: nil
            }
            guard expected == step.result else { return false }
            available.append(step.result)
        }
        if solution.steps.isEmpty { return numbers.contains(solution.value) && solution.distance == abs(solution.value - target) }
        return solution.steps.last?.result == solution.value && solution.distance == abs(solution.value - target)
    }
}
