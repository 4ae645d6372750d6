import ArgumentParser
import Foundation
import NLU
import SkillModel

/// `skillhost nlu parse`: one JSON object per input line.
struct NLUParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse utterances from standard input, one per line, into JSON lines.",
        discussion: """
            Each output line has text, intent (null when nothing matches), score, slots (name, \
            value, start, end, resolved; and values, each with value, start, end and resolved, for a \
            slot with multiple values enabled that heard several) and considered (every intent scored, best first). start \
            and end count Unicode code points into the line, end exclusive, so value is exactly \
            that slice of the text.
            """
    )

    @OptionGroup var options: ModelOptions

    @Option(help: ArgumentHelp(
        "Read each line as the answer to a question for this slot, as when a dialog elicits it (\"8\", \"the grocery one\").",
        valueName: "intent.slot"))
    var eliciting: String?

    @Option(name: .customLong("with"), help: ArgumentHelp(
        "Another skill's model (its file name is its skill id): each line is read across every model, as a sentence that names no skill is, and says which skill it went to.",
        valueName: "file"))
    var others: [String] = []

    @Flag(help: "Add why: what each model made of the line, the intents weighed, the closest sample. With one model, for a line nothing takes (or only the fallback); across models (--with), for every line, the routing model's likeliest skill and intent first.")
    var why = false

    func run() async throws {
        // Across models each is named by its file, the main one too unless --skill-id names it.
        let nlu = try others.isEmpty || options.skillID != ModelOptions.defaultSkillID ? options.load() : options.load(options.model, skillID: Self.skillID(of: options.model))
        let elicitation = try eliciting.map { try Self.elicitation($0, in: nlu.model) }
        guard elicitation == nil || others.isEmpty else { throw ValidationError("--eliciting reads answers for one model; leave out --with") }
        var index: SkillIndex?
        if !others.isEmpty {
            var skills = [nlu]
            for path in others {
                let id = Self.skillID(of: path)
                guard !skills.contains(where: { $0.skillID == id }) else { throw InputError("\(path): a second model with skill id '\(id)'") }
                skills.append(try options.load(path, skillID: id))
            }
            index = SkillIndex(skills, cache: options.cache)
        }
        let out = FileDescriptorSink.standardOutput
        while let line = readLine(strippingNewline: true) {
            if let refusal = Utterance.refusal(of: line) {
                out.write(JSONWriter.string(["text": .string(Utterance.excerpt(of: line)), "intent": .null, "error": .string(refusal)]) + "\n")
                continue
            }
            let utterance = Utterance(line)
            let candidates = index.map { $0.parse(utterance) } ?? elicitation.map { nlu.parse(utterance, eliciting: $0) } ?? nlu.parse(utterance)
            var object = Self.json(text: line, parse: candidates, skills: index != nil).object ?? JSONObject()
            // Across models, why a line went where it did is as much asked as why it went nowhere.
            if why, index != nil || candidates.first.map({ $0.intent == .fallback }) ?? true {
                object["why"] = Self.why(utterance, nlu: nlu, index: index)
            }
            out.write(JSONWriter.string(.object(object)) + "\n")
        }
    }

    /// A model's skill id across models: its file's name ("coffee.json": coffee).
    static func skillID(of path: String) -> SkillID {
        SkillID(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    /// `--why`: what the model (or, across skills, the routing model, then each model, named)
    /// made of the sentence.
    static func why(_ utterance: Utterance, nlu: SkillNLU, index: SkillIndex?) -> JSONValue {
        guard let index else { return .array([.string(nlu.explain(utterance).description)]) }
        return .array([.string(index.explainRouting(utterance))] + index.explain(utterance).map { .string("\($0.skillID): \($0)") })
    }

    /// `IntentName.slotName`, checked against the model.
    static func elicitation(_ text: String, in model: InteractionModel) throws(InputError) -> SkillNLU.Elicitation {
        guard let dot = text.lastIndex(of: "."), let intent = model.intent(named: IntentName(String(text[..<dot]))) else {
            throw InputError("--eliciting \(text): expected INTENT.SLOT with an intent of the model (\(model.intents.map(\.name.rawValue).joined(separator: ", ")))")
        }
        let slot = SlotName(String(text[text.index(after: dot)...]))
        guard intent.slot(named: slot) != nil else {
            throw InputError("--eliciting \(text): intent '\(intent.name)' has no slot '\(slot)' (it has \(intent.slots.map(\.name.rawValue).joined(separator: ", ")))")
        }
        return SkillNLU.Elicitation(intent: intent.name, slot: slot)
    }

    /// - Parameter skills: name the skill of the best reading and of each one considered.
    static func json(text: String, parse candidates: [NLUCandidate], skills: Bool = false) -> JSONValue {
        let best = candidates.first
        func span(_ slot: SlotMatch) -> JSONObject {
            [
                "value": .string(slot.spoken),
                "start": .number(JSONNumber(slot.start)),
                "end": .number(JSONNumber(slot.end)),
                "resolved": slot.resolution?.values.first.map { .string($0.name) } ?? (slot.value != slot.spoken ? .string(slot.value) : .null),
            ]
        }
        let slots: [JSONValue] = (best?.slots ?? []).map { slot in
            var object: JSONObject = ["name": .string(slot.name.rawValue)]
            for (key, value) in span(slot) { object[key] = value }
            // A slot with multiple values enabled that heard several: each, with its own span.
            if !slot.list.isEmpty { object["values"] = .array(slot.list.map { .object(span($0)) }) }
            return .object(object)
        }
        var line: JSONObject = ["text": .string(text)]
        if skills { line["skill"] = best.map { .string($0.skillID.rawValue) } ?? .null }
        line["intent"] = best.map { .string($0.intent.rawValue) } ?? .null
        line["score"] = .number(JSONNumber(best?.score ?? 0))
        line["slots"] = .array(slots)
        // Best first by score (the reading chosen may rank below one a rule set aside).
        let ranked = candidates.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }.map(\.element)
        line["considered"] = .array(ranked.map { candidate in
            var entry: JSONObject = skills ? ["skill": .string(candidate.skillID.rawValue)] : [:]
            entry["intent"] = .string(candidate.intent.rawValue)
            entry["score"] = .number(JSONNumber(candidate.score))
            return .object(entry)
        })
        return .object(line)
    }
}
