import ArgumentParser
import Foundation
import NLU
import SkillModel

/// `skillhost nlu eval`: accuracy and slot F1 against annotated sentences.
struct NLUEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score a model on annotated sentences: intent accuracy and slot precision, recall and F1.",
        discussion: "The test file has one JSON object per line: text, intent, slots (name, value, start, end)."
    )

    @OptionGroup var options: ModelOptions

    @Option(help: ArgumentHelp("Annotated sentences, one JSON object per line.", valueName: "file.jsonl"))
    var test: String

    @Option(help: ArgumentHelp("Score only the first N sentences.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Also list the N most frequent intent confusions, with examples.", valueName: "n"))
    var confusions: Int = 0

    func run() async throws {
        let nlu = try options.load()
        let text = try InputFile.text(test)
        var evaluation = Evaluation()
        var confused: [String: (count: Int, examples: [String])] = [:]
        var count = 0
        for (number, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
            if let limit, count >= limit { break }
            let expected: AnnotatedUtterance
            do { expected = try AnnotatedUtterance(jsonLine: String(line)) } catch {
                throw InputError("\(test):\(number + 1): \(error)")
            }
            let best = nlu.parse(Utterance(expected.text)).first
            if best?.intent.rawValue != expected.intent {
                let key = "\(expected.intent) read as \(best?.intent.rawValue ?? "nothing")"
                var entry = confused[key, default: (0, [])]
                entry.count += 1
                if entry.examples.count < 3 { entry.examples.append(expected.text) }
                confused[key] = entry
            }
            evaluation.add(expected: expected, intent: best?.intent.rawValue, slots: (best?.slots ?? []).map {
                AnnotatedUtterance.Slot(name: $0.name.rawValue, value: $0.spoken, start: $0.start, end: $0.end)
            })
            count += 1
        }
        var report = evaluation.report
        for (key, entry) in confused.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }).prefix(confusions) {
            report += "\(entry.count) \(key): " + entry.examples.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
        }
        FileDescriptorSink.standardOutput.write(report)
    }
}
