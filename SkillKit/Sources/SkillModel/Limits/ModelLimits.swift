/// How big an interaction model may be. The NLU trains on every model at load, in the host's
/// process (also for an isolated skill), so a model past these is refused by name rather than
/// let run the host out of time or memory (3,000 intents took 13 s and 2.7 GB; 10,000 passed
/// 11.7 GB). Each is at least Alexa's own limit for a custom skill's model.
public enum ModelLimits {
    /// The model's JSON text.
    public static let jsonBytes = 16 << 20
    /// Intents, built-in ones included (Alexa: 250).
    public static let intents = 300
    /// Slots on one intent.
    public static let slotsPerIntent = 50
    /// Sample utterances, the intents' and their slots' together.
    public static let samples = 100_000
    /// Custom slot types.
    public static let slotTypes = 250
    /// Values and synonyms of all custom slot types together.
    public static let values = 150_000
    /// Characters (code points) of any one name, sample, value or synonym.
    public static let stringLength = 1_000

    /// The first limit `model` passes, as an error naming where; nil when within all.
    static func problem(in model: InteractionModel) -> ModelError? {
        let language = "$.interactionModel.languageModel"
        func tooMany(_ path: String, _ count: Int, _ what: String, _ limit: Int) -> ModelError {
            ModelError(path: path, "\(count) \(what), over the limit of \(limit)")
        }
        func tooLong(_ path: String, _ text: String) -> ModelError? {
            let length = text.unicodeScalars.count
            return length > stringLength ? ModelError(path: path, "\(length) characters long, over the limit of \(stringLength)") : nil
        }
        if model.intents.count > intents { return tooMany("\(language).intents", model.intents.count, "intents", intents) }
        if model.types.count > slotTypes { return tooMany("\(language).types", model.types.count, "slot types", slotTypes) }
        var sampleCount = 0
        for (i, intent) in model.intents.enumerated() {
            let path = "\(language).intents[\(i)]"
            if let problem = tooLong("\(path).name", intent.name.rawValue) { return problem }
            if intent.slots.count > slotsPerIntent { return tooMany("\(path).slots", intent.slots.count, "slots", slotsPerIntent) }
            sampleCount += intent.samples.count + intent.slots.reduce(0) { $0 + $1.samples.count }
            if sampleCount > samples { return tooMany("\(path).samples", sampleCount, "samples so far", samples) }
            for (j, sample) in intent.samples.enumerated() {
                if let problem = tooLong("\(path).samples[\(j)]", sample) { return problem }
            }
            for (s, slot) in intent.slots.enumerated() {
                for (j, sample) in slot.samples.enumerated() {
                    if let problem = tooLong("\(path).slots[\(s)].samples[\(j)]", sample) { return problem }
                }
            }
        }
        var valueCount = 0
        for (t, type) in model.types.enumerated() {
            let path = "\(language).types[\(t)]"
            valueCount += type.values.reduce(0) { $0 + 1 + $1.synonyms.count }
            if valueCount > values { return tooMany("\(path).values", valueCount, "values and synonyms so far", values) }
            for (v, value) in type.values.enumerated() {
                if let problem = tooLong("\(path).values[\(v)].name.value", value.value) { return problem }
                for (s, synonym) in value.synonyms.enumerated() {
                    if let problem = tooLong("\(path).values[\(v)].name.synonyms[\(s)]", synonym) { return problem }
                }
            }
        }
        return nil
    }
}
