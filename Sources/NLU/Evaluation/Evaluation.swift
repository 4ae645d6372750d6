import SkillModel

/// One annotated sentence, in the format of `../shared/nlu-benchmark/*.jsonl`.
public struct AnnotatedUtterance: Sendable {
    public struct Slot: Sendable, Hashable {
        public let name: String
        public let value: String
        public let start: Int
        public let end: Int

        public init(name: String, value: String, start: Int, end: Int) {
            self.name = name
            self.value = value
            self.start = start
            self.end = end
        }
    }

    public let text: String
    public let intent: String
    public let slots: [Slot]

    /// Reads one JSON line: `text`, `intent`, `slots` (`name`, `value`, `start`, `end`).
    public init(jsonLine: String) throws(ModelError) {
        let value = try ModelError.parse(jsonLine)
        guard let text = value["text"]?.string, let intent = value["intent"]?.string else {
            throw ModelError(path: "$", "expected \"text\" and \"intent\" strings")
        }
        var slots: [Slot] = []
        for (i, slot) in (value["slots"]?.array ?? []).enumerated() {
            guard let name = slot["name"]?.string, let value = slot["value"]?.string, let start = slot["start"]?.int, let end = slot["end"]?.int else {
                throw ModelError(path: "$.slots[\(i)]", "expected name, value, start and end")
            }
            slots.append(Slot(name: name, value: value, start: start, end: end))
        }
        self.init(text: text, intent: intent, slots: slots)
    }

    public init(text: String, intent: String, slots: [Slot]) {
        self.text = text
        self.intent = intent
        self.slots = slots
    }
}

/// Intent accuracy and slot precision, recall and F1 (a slot counts when its name, value and
/// span all match), per intent and pooled; and the strict F1, where a slot counts only in a
/// sentence whose intent is right too.
public struct Evaluation: Sendable {
    public struct Counts: Sendable {
        public var sentences = 0
        public var intentCorrect = 0
        public var slotTruePositives = 0
        public var slotPredicted = 0
        public var slotExpected = 0
        /// Slots right in sentences whose intent is right too.
        public var strictTruePositives = 0

        public var intentAccuracy: Double { sentences == 0 ? 0 : Double(intentCorrect) / Double(sentences) }
        public var precision: Double { slotPredicted == 0 ? 0 : Double(slotTruePositives) / Double(slotPredicted) }
        public var recall: Double { slotExpected == 0 ? 0 : Double(slotTruePositives) / Double(slotExpected) }
        public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        /// F1 counting a slot only when the sentence's intent is right as well.
        public var strictF1: Double {
            slotPredicted + slotExpected == 0 ? 0 : 2 * Double(strictTruePositives) / Double(slotPredicted + slotExpected)
        }
        /// Whether there were slots to score at all (an intent without slots has no slot F1).
        public var hasSlots: Bool { slotPredicted + slotExpected > 0 }

        mutating func add(_ other: Counts) {
            sentences += other.sentences
            intentCorrect += other.intentCorrect
            slotTruePositives += other.slotTruePositives
            slotPredicted += other.slotPredicted
            slotExpected += other.slotExpected
            strictTruePositives += other.strictTruePositives
        }
    }

    public private(set) var perIntent: [String: Counts] = [:]
    public var pooled: Counts {
        var total = Counts()
        for counts in perIntent.values { total.add(counts) }
        return total
    }

    public init() {}

    /// Scores one parse against its annotation (counted under the annotated intent).
    public mutating func add(expected: AnnotatedUtterance, intent: String?, slots: [AnnotatedUtterance.Slot]) {
        var counts = perIntent[expected.intent, default: Counts()]
        counts.sentences += 1
        if intent == expected.intent { counts.intentCorrect += 1 }
        let expectedSlots = Set(expected.slots)
        counts.slotExpected += expectedSlots.count
        counts.slotPredicted += slots.count
        let right = Set(slots).intersection(expectedSlots).count
        counts.slotTruePositives += right
        if intent == expected.intent { counts.strictTruePositives += right }
        perIntent[expected.intent] = counts
    }

    /// A table a person can read: one row per intent, then the pooled row.
    public var report: String {
        func row(_ name: String, _ c: Counts) -> String {
            let padded = name.padding(toLength: 22, withPad: " ", startingAt: 0)
            let slots = c.hasSlots ? "\(format(c.precision)) \(format(c.recall)) \(format(c.f1)) \(format(c.strictF1))" : "n/a       n/a       n/a       n/a"
            return "\(padded) \(pad(c.sentences, 6)) \(format(c.intentAccuracy)) \(slots)"
        }
        // Strict: a slot counts only where the intent is right too; the slot columns count it
        // whatever the intent.
        var lines = ["intent                  count  accuracy  slot P    slot R    slot F1   strict F1"]
        for name in perIntent.keys.sorted() { lines.append(row(name, perIntent[name]!)) }
        lines.append(row("pooled", pooled))
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ value: Double) -> String {
        let scaled = Int((value * 10000).rounded())
        let text = "\(scaled / 10000).\(String(scaled % 10000).leftPadded(4))"
        return text.padding(toLength: 9, withPad: " ", startingAt: 0)
    }

    private func pad(_ value: Int, _ width: Int) -> String { String(value).padding(toLength: width, withPad: " ", startingAt: 0) }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
