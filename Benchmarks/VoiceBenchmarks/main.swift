// skillhost-voice-bench: speech in, measured. Sentences people said to a set of skills are
// synthesised by espeak-ng (several voices and speeds, with and without noise mixed in by sox),
// recognised by pocketsphinx with the language model the skills make and with the generic
// English one, and read by the NLU: word error rate, intent accuracy against the same sentences
// typed, and the real-time factor (decoding time over the sound's length, one core).
//
//   swift run -c release skillhost-voice-bench [--set DIR]… [--sentences N] [--voices a,b] [--rates 150,190]
//                                              [--weights 0.9,1] [--no-noise] [--show N]
//
// A set is a folder with models/*.json and dev.jsonl (each line a sentence, its skill and
// intent): by default Benchmarks/NLUBenchmarks/Data/assistant (ten skills written as people
// write them) and ../shared/nlu-benchmark/hwu64/n10 (18 skills). The goals (issue 20): intent
// accuracy on speech within 0.05 of typed; real-time factor at most 0.2; the skills' model at
// least halves the generic model's word error rate.
import BenchmarkSupport
import Foundation
import NLU
import SkillModel
import Voice

let arguments = CommandLine.arguments
func option(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
var sets = arguments.indices.filter { arguments[$0] == "--set" && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
if sets.isEmpty { sets = [here + "/NLUBenchmarks/Data/assistant", here + "/../../shared/nlu-benchmark/hwu64/n10"] }
let perSet = Int(option("--sentences") ?? "") ?? 60
let voices = (option("--voices") ?? "en-us,en-us+klatt,en-gb,en-us+f3").split(separator: ",").map(String.init)
let rates = (option("--rates") ?? "160").split(separator: ",").compactMap { Int($0) }
let weights = (option("--weights") ?? "0.9").split(separator: ",").compactMap { Float($0) }
let withNoise = !arguments.contains("--no-noise")
let show = Int(option("--show") ?? "") ?? 0

/// Where the sound and the language models go while it runs; removed at the end, and before a
/// failure exits.
let folder = NSTemporaryDirectory() + "skillhost-voice-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

func fail(_ message: String) -> Never {
    try? FileManager.default.removeItem(atPath: folder)
    Measure.fail("skillhost-voice-bench", message)
}

struct Sentence {
    let text: String
    let skill: String
    let intent: String
}

/// Word error rate's parts: edits (substitutions, insertions, deletions) and reference words.
func edits(_ reference: [String], _ hypothesis: [String]) -> Int {
    guard !reference.isEmpty else { return hypothesis.count }
    var previous = Array(0...hypothesis.count)
    for (i, word) in reference.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: hypothesis.count)
        for (j, other) in hypothesis.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (word == other ? 0 : 1))
        }
        previous = current
    }
    return previous[hypothesis.count]
}

/// Pink noise mixed into `samples` by sox, about 20 dB under the speech.
func noisy(_ samples: [Int16], folder: String) -> [Int16] {
    let clean = folder + "/clean.wav", noise = folder + "/noise.wav", mixed = folder + "/mixed.wav"
    defer { for path in [clean, noise, mixed] { unlink(path) } }
    do { try WAVFile(samples: samples, sampleRate: AudioInput.sampleRate).write(to: clean) } catch { fail("cannot write \(clean)") }
    let seconds = String(format: "%.2f", Double(samples.count) / Double(AudioInput.sampleRate))
    func sox(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { fail("sox is needed for the noisy runs (apt-get install sox, or --no-noise): \(error)") }
        process.waitUntilExit()
    }
    sox(["-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", seconds, "pinknoise", "vol", "0.04"])
    sox(["-m", clean, noise, mixed])
    guard let data = FileManager.default.contents(atPath: mixed), let audio = try? AudioInput.decode(data, name: mixed) else {
        fail("sox did not mix the noise in")
    }
    return audio.samples
}

struct Tally {
    var words = 0, errors = 0, right = 0, rightNBest = 0, count = 0
    var decode: [Double] = []
    var wer: Double { words == 0 ? 0 : Double(errors) / Double(words) }
    var accuracy: Double { count == 0 ? 0 : Double(right) / Double(count) }
    var accuracyNBest: Double { count == 0 ? 0 : Double(rightNBest) / Double(count) }
    mutating func add(_ other: Tally) {
        words += other.words; errors += other.errors; right += other.right; rightNBest += other.rightNBest; count += other.count
        decode += other.decode
    }
}


let synthesizer: SpeechSynthesizer
do { synthesizer = try SpeechSynthesizer() } catch { fail("\(error)") }

var overall: [String: Tally] = [:]
var typedOverall = (right: 0, count: 0)
print("skillhost-voice-bench: \(perSet) sentences a set, voices \(voices.joined(separator: " ")), rates \(rates.map(String.init).joined(separator: " ")) wpm, \(withNoise ? "clean and with pink noise (sox, ~20 dB SNR)" : "clean only")")
for set in sets {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: set + "/models") else {
        print("  \(set): no models/ folder, skipped")
        continue
    }
    var models: [(name: String, model: InteractionModel)] = []
    for file in files.sorted() where file.hasSuffix(".json") {
        guard let text = try? String(contentsOfFile: set + "/models/" + file, encoding: .utf8), let model = try? InteractionModel(parsing: text) else {
            fail("cannot read \(set)/models/\(file)")
        }
        models.append((String(file.dropLast(5)), model))
    }
    guard let lines = try? String(contentsOfFile: set + "/dev.jsonl", encoding: .utf8) else { fail("cannot read \(set)/dev.jsonl") }
    let all: [Sentence] = lines.split(separator: "\n").compactMap { line in
        guard let json = try? JSONParser.parse(String(line)), let text = json["text"]?.string, let skill = json["skill"]?.string, skill != "none",
              let intent = json["intent"]?.string else { return nil }
        return Sentence(text: text, skill: skill, intent: intent)
    }
    // Evenly spread over the file, so every skill is in.
    let step = max(1, all.count / perSet)
    let sentences = stride(from: 0, to: all.count, by: step).prefix(perSet).map { all[$0] }

    let index = SkillIndex(models.map { SkillNLU(skillID: SkillID("set.\($0.name)"), model: $0.model) })
    func correct(_ text: String, _ sentence: Sentence) -> Bool {
        guard let best = index.parse(Utterance(text)).first else { return false }
        return best.skillID.rawValue == "set.\(sentence.skill)" && best.intent.rawValue == sentence.intent
    }
    func score(_ text: String) -> Double { index.parse(Utterance(text)).first?.score ?? 0 }
    let typedRight = sentences.filter { correct($0.text, $0) }.count
    typedOverall.right += typedRight
    typedOverall.count += sentences.count

    let skills = models.map { SpokenSentences.Skill(invocationNames: [$0.model.invocationName], model: $0.model) }
    let buildStart = Measure.now()
    let model: SkillLanguageModel
    do { model = try SkillLanguageModel.make(SpokenSentences.of(skills), cacheFolder: folder + "/lm", synthesizer: synthesizer) } catch {
        fail("\(error)")
    }
    let buildTime = Measure.now() - buildStart
    var recognizers: [(name: String, recognizer: SpeechRecognizer)] = []
    do {
        for weight in weights { recognizers.append(("skills \(weight)", try SpeechRecognizer(languageModel: model, skillWeight: weight))) }
        recognizers.append(("generic", try SpeechRecognizer(languageModel: nil)))
    } catch { fail("\(error)") }
    let name = (set as NSString).lastPathComponent == "n10" ? "hwu64/n10" : (set as NSString).lastPathComponent
    print("\n\(name): \(models.count) skills, \(sentences.count) sentences; the skills' model: \(model.wordCount) words, \(model.guessedPronunciations.count) pronunciations guessed, built in \(String(format: "%.1f", buildTime)) s; typed intent accuracy \(String(format: "%.3f", Double(typedRight) / Double(sentences.count)))")
    print("  condition                      model          WER    intent  n-best  RTF p50")
    var shown = 0
    for voice in voices {
        for rate in rates {
            for noise in withNoise ? [false, true] : [false] {
                var tallies = [String: Tally]()
                for sentence in sentences {
                    var samples: [Int16]
                    do { samples = try synthesizer.samplesForListening(sentence.text, voice: .init(name: voice, rate: rate)) } catch { fail("\(error)") }
                    if noise { samples = noisy(samples, folder: folder) }
                    let seconds = Double(samples.count) / Double(AudioInput.sampleRate)
                    let reference = SpokenSentences.words(sentence.text)
                    for (label, recognizer) in recognizers {
                        let start = Measure.now()
                        let heard = recognizer.hear(samples)
                        let took = Measure.now() - start
                        let top = heard.first ?? ""
                        var tally = Tally()
                        tally.words = reference.count
                        tally.errors = edits(reference, SpokenSentences.words(top))
                        tally.count = 1
                        tally.decode = [took / seconds]
                        if correct(top, sentence) { tally.right = 1 }
                        // The host's rule: a lower hypothesis is taken when it reads 0.3 better.
                        let scores = heard.map(score)
                        var chosen = 0
                        for (i, s) in scores.enumerated().dropFirst() where s >= scores[0] + 0.3 && s > scores[chosen] { chosen = i }
                        if !heard.isEmpty, correct(heard[chosen], sentence) { tally.rightNBest = 1 }
                        tallies[label, default: Tally()].add(tally)
                        if shown < show, label != "generic" {
                            shown += 1
                            print("    \(sentence.text)  →  \(top)")
                        }
                    }
                }
                for (label, _) in recognizers {
                    let tally = tallies[label]!
                    overall[label, default: Tally()].add(tally)
                    let condition = "\(voice) \(rate)\(noise ? " noise" : "")".padding(toLength: 30, withPad: " ", startingAt: 0)
                    print("  \(condition) \(label.padding(toLength: 14, withPad: " ", startingAt: 0)) \(String(format: "%.3f  %.3f   %.3f   %.3f", tally.wer, tally.accuracy, tally.accuracyNBest, Measure.median(tally.decode)))")
                }
            }
        }
    }
}

let typed = Double(typedOverall.right) / Double(max(1, typedOverall.count))
print("\nall sets, every condition:")
print("  model          WER    intent  n-best  RTF p50  RTF p90")
for (label, tally) in overall.sorted(by: { $0.key < $1.key }) {
    print("  \(label.padding(toLength: 14, withPad: " ", startingAt: 0)) \(String(format: "%.3f  %.3f   %.3f   %.3f    %.3f", tally.wer, tally.accuracy, tally.accuracyNBest, Measure.median(tally.decode), Measure.percentile(tally.decode, 90)))")
}
print("  typed intent accuracy: \(String(format: "%.3f", typed))")
if let generic = overall["generic"] {
    for (label, tally) in overall.sorted(by: { $0.key < $1.key }) where label != "generic" {
        print("goals, \(label): intent on speech \(String(format: "%.3f", tally.accuracyNBest)) vs typed \(String(format: "%.3f", typed)) (gap \(String(format: "%.3f", typed - tally.accuracyNBest)), goal ≤ 0.05); RTF p50 \(String(format: "%.3f", Measure.median(tally.decode))) (goal ≤ 0.2); WER \(String(format: "%.3f", tally.wer)) vs generic \(String(format: "%.3f", generic.wer)) (ratio \(String(format: "%.2f", tally.wer / max(generic.wer, 1e-9))), goal ≤ 0.5)")
    }
}

try? FileManager.default.removeItem(atPath: folder)
