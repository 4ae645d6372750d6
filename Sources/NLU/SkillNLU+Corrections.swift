import SkillModel

extension SkillNLU {
    /// Values of `intent`'s slots (other than `except`) that the sentence says whole as values
    /// their types list, longest first, each word in one value at most; a span two slots both
    /// list is left out; a slot that takes lists takes every value said, read again as said
    /// from the first to the last ("pepperoni and olives"). For a change of mind said while
    /// the dialog asks for something else: "actually make it small" (size), "change the crust
    /// to stuffed" (crust).
    public func statedValues(_ utterance: Utterance, intent name: IntentName, except: SlotName?, today: CivilDate = .today()) -> [SlotMatch] {
        guard let intent = intents.first(where: { $0.name == name }) else { return [] }
        let words = utterance.words
        var taken = [Bool](repeating: false, count: words.count)
        var found: [SlotMatch] = []
        for length in stride(from: min(4, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) {
                let last = first + length - 1
                guard !taken[first...last].contains(true) else { continue }
                let readings = intent.slots.filter { slot in
                    slot.name != except && (slot.multipleValues || !found.contains { $0.name == slot.name }) && wholeValue(of: slot, first: first, last: last, utterance: utterance, today: today)
                }.compactMap { slot in
                    slotMatch(slot, first: first, last: last, utterance: utterance, today: today).flatMap { $0.resolution?.status == .successMatch ? $0 : nil }
                }
                guard readings.count == 1 else { continue }
                found.append(readings[0])
                for i in first...last { taken[i] = true }
            }
        }
        var result: [SlotMatch] = []
        for match in found where !result.contains(where: { $0.name == match.name }) {
            let same = found.filter { $0.name == match.name }
            guard same.count > 1, let slot = intent.slot(named: match.name),
                let first = same.compactMap({ utterance.tokens(of: $0)?.lowerBound }).min(),
                let last = same.compactMap({ utterance.tokens(of: $0)?.upperBound }).max(),
                let whole = slotMatch(slot, first: first, last: last, utterance: utterance, today: today)
            else {
                result.append(match)
                continue
            }
            result.append(whole)
        }
        return result
    }
}
