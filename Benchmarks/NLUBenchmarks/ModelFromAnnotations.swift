import NLU
import SkillModel

/// Builds an Alexa interaction model from annotated sentences the way snips-70.json and
/// snips-full.json were built: each sentence with its slot values replaced by `{slot}` is a
/// sample, and each slot name is a custom type whose values are the values seen.
enum ModelFromAnnotations {
    static func build(_ sentences: [AnnotatedUtterance], invocationName: String) -> InteractionModel {
        var samples: [String: [String]] = [:]
        var seenSamples: [String: Set<String>] = [:]
        var slots: [String: [String]] = [:]
        var values: [String: [String]] = [:]
        var seenValues: [String: Set<String>] = [:]
        for sentence in sentences {
            let scalars = Array(sentence.text.unicodeScalars)
            var sample = String.UnicodeScalarView()
            var position = 0
            for slot in sentence.slots.sorted(by: { $0.start < $1.start }) where slot.start >= position && slot.end <= scalars.count {
                sample.append(contentsOf: scalars[position..<slot.start])
                sample.append(contentsOf: "{\(slot.name)}".unicodeScalars)
                position = slot.end
                if !slots[sentence.intent, default: []].contains(slot.name) { slots[sentence.intent, default: []].append(slot.name) }
                if seenValues[slot.name, default: []].insert(slot.value.lowercased()).inserted { values[slot.name, default: []].append(slot.value) }
            }
            sample.append(contentsOf: scalars[position...])
            let text = String(sample)
            if seenSamples[sentence.intent, default: []].insert(text.lowercased()).inserted { samples[sentence.intent, default: []].append(text) }
        }
        let intents = samples.keys.sorted().map { name in
            IntentDefinition(name: IntentName(name), slots: slots[name, default: []].map { SlotDefinition(name: SlotName($0), type: SlotTypeName($0)) }, samples: samples[name]!)
        }
        let types = values.keys.sorted().map { name in
            SlotTypeDefinition(name: SlotTypeName(name), values: values[name]!.map { SlotTypeValue(value: $0) })
        }
        return InteractionModel(invocationName: invocationName, intents: intents, types: types)
    }
}
