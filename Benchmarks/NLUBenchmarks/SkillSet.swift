import Foundation
import NLU
import SkillModel
import BenchmarkSupport

/// A folder of skills (`models/<skill>.json`) with annotated sentences (`dev.jsonl`, each naming
/// its skill, or "none" for a request none of them serves): every model loaded at once, each
/// sentence given to the host's name-free path (`SkillIndex.parse`), and scored on reaching the
/// right skill and intent, on its slots (name and exact span), given to its own skill alone, and
/// — with its own skill left out — on being sent nowhere. HWU64 (../shared/nlu-benchmark/hwu64/)
/// is 18 such skills; Data/assistant/ holds ten written here as people write skills.
enum SkillSet {
    struct Sentence {
        let skill: String
        let annotated: AnnotatedUtterance
    }

    /// The folder's skills, `models/<skill>.json`, by name; a model that cannot be read ends the run.
    static func models(in folder: String) -> [(name: String, model: InteractionModel)] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/models") else {
            Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/models (HWU64 is not in this repository: give --data DIR holding hwu64/)")
        }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted().map { name in
            guard let text = try? String(contentsOfFile: "\(folder)/models/\(name).json", encoding: .utf8) else {
                Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/models/\(name).json")
            }
            do {
                return (name, try InteractionModel(parsing: text))
            } catch {
                Measure.fail("skillhost-nlu-bench", "\(folder)/models/\(name).json: \(error)")
            }
        }
    }

    static func run(folder: String, title: String, quick: Bool, showErrors: Bool) {
        let models = models(in: folder)
        let names = models.map(\.name)
        guard let lines = try? String(contentsOfFile: "\(folder)/dev.jsonl", encoding: .utf8) else {
            Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/dev.jsonl")
        }
        let all: [Sentence] = lines.split(separator: "\n").compactMap { line in
            guard let annotated = try? AnnotatedUtterance(jsonLine: String(line)),
                let skill = (try? JSONParser.parse(String(line)))?["skill"]?.string
            else { return nil }
            return Sentence(skill: skill, annotated: annotated)
        }
        let sentences = all.filter { $0.skill != "none" }
        let foreign = all.filter { $0.skill == "none" }

        let ids = models.map { (SkillID("set.\($0.name)"), $0.model) }
        let start = Measure.now()
        let (skills, index) = SkillIndex.training(ids)
        let training = Measure.now() - start
        let (hit, hitTrainings) = loadedFromCache(ids, runs: 1)

        var routed = Evaluation()
        var alone = Evaluation()
        var latencies: [Double] = []
        var wrongSkill = 0
        var nowhere = 0
        var routerRight = 0
        var routerSkillRight = 0
        var aloneNowhere = 0
        var errors: [String] = []
        for sentence in sentences {
            let expected = scored(sentence)
            let utterance = Utterance(sentence.annotated.text)
            let begin = Measure.now()
            let best = index.parse(utterance).first
            latencies.append(Measure.now() - begin)
            if let best, best.skillID.rawValue != "set.\(sentence.skill)" { wrongSkill += 1 }
            if best == nil { nowhere += 1 }
            if let route = index.route(utterance), route.skill.rawValue == "set.\(sentence.skill)" {
                routerSkillRight += 1
                if route.intent.rawValue == sentence.annotated.intent { routerRight += 1 }
            }
            routed.add(expected: expected, intent: best.map(label), slots: best.map(slots) ?? [])
            if showErrors, best.map(label) != expected.intent || Set(best.map(slots) ?? []) != Set(expected.slots) {
                // Sent nowhere: why the skill it was for passed it up.
                let why = best != nil ? "" : index.explain(utterance).first { $0.skillID.rawValue == "set.\(sentence.skill)" }.map { " [\($0.verdict)]" } ?? ""
                errors.append("  \(sentence.annotated.text)  ->  \(best.map { describe($0) } ?? "nowhere")\(why)  (expected \(expected.intent) \(expected.slots.map { "\($0.name)=\($0.value)" }))")
            }
            let own = skills[names.firstIndex(of: sentence.skill)!].parse(utterance).first
            alone.add(expected: expected, intent: own.map(label), slots: own.map(slots) ?? [])
            if own == nil { aloneNowhere += 1 }
            if showErrors, own.map(label) != expected.intent {
                errors.append("  alone: \(sentence.annotated.text)  ->  \(own.map { "\($0.intent) \(String(format: "%.2f", $0.score))" } ?? "nothing")  (expected \(expected.intent))")
            }
        }
        let pooled = routed.pooled
        print("\n== \(title): \(models.count) skills loaded, \(sentences.count) dev sentences")
        print(String(format: "name-free, all skills loaded: intent accuracy %.4f, strict slot F1 %.4f (P %.4f, R %.4f); wrong skill %d, sent nowhere %d",
            pooled.intentAccuracy, pooled.f1, pooled.precision, pooled.recall, wrongSkill, nowhere))
        print(String(format: "routing model alone: skill %.4f, skill and intent %.4f", Double(routerSkillRight) / Double(sentences.count), Double(routerRight) / Double(sentences.count)))
        print(String(format: "each sentence to its own skill alone: intent accuracy %.4f, strict slot F1 %.4f; sent nowhere %d",
            alone.pooled.intentAccuracy, alone.pooled.f1, aloneNowhere))
        if !foreign.isEmpty {
            var taken: [String] = []
            for sentence in foreign {
                if let best = index.parse(Utterance(sentence.annotated.text)).first { taken.append("  \(sentence.annotated.text)  ->  \(describe(best))") }
            }
            print("requests none of the skills serves, kept out: \(foreign.count - taken.count) of \(foreign.count)")
            if showErrors { errors += taken }
        }
        if showErrors { print(errors.joined(separator: "\n")) }
        let ms = latencies.map { $0 * 1000 }
        print(String(format: "training %d skills and the routing model across them, side by side: %.2f s (goal <= 5 s at full); from the cache: %.2f s, %d trainings (goal 0)",
            skills.count, training, hit, hitTrainings))
        print(String(format: "parse through the index, %d skills: median %.3f ms, p99 %.3f ms", skills.count, Measure.percentile(ms, 0.5), Measure.percentile(ms, 0.99)))
        // Twenty skills and more: the Snips benchmark's model, the dialog fixture and a chore
        // chart with an AMAZON.FirstName slot (a built-in list: its table once cost every parse
        // 6-20 ms, unseen while no skill here had one) beside them.
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let extra = ["\(data)/snips-70.json", here + "/../../Tests/SkillHostTests/Fixtures/anniversary-en-US.json", here + "/Data/newuser/models/chores.json"]
        let more = extra.enumerated().compactMap { i, path -> SkillNLU? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), let model = try? InteractionModel(parsing: text) else { return nil }
            return SkillNLU(skillID: SkillID("extra.\(i)"), model: model)
        }
        let twenty = SkillIndex(skills + more)
        var twentyTimes: [Double] = []
        for sentence in sentences {
            let begin = Measure.now()
            _ = twenty.parse(Utterance(sentence.annotated.text))
            twentyTimes.append((Measure.now() - begin) * 1000)
        }
        print(String(format: "parse through the index, %d skills: median %.3f ms (goal <= 0.3), p99 %.3f ms (goal <= 1)",
            skills.count + more.count, Measure.percentile(twentyTimes, 0.5), Measure.percentile(twentyTimes, 0.99)))

        // Each scenario's sentences with its own skill absent: a person expects "sorry".
        var kept = 0
        var total = 0
        var perScenario: [String] = []
        var absentTaken: [String] = []
        for (i, name) in names.enumerated() where !quick || i % 3 == 0 {
            let without = SkillIndex(skills.enumerated().filter { $0.offset != i }.map(\.element))
            let own = sentences.filter { $0.skill == name }
            var out = 0
            for sentence in own {
                if let taken = without.parse(Utterance(sentence.annotated.text)).first {
                    if showErrors { absentTaken.append("  \(sentence.annotated.text)  ->  \(describe(taken))  (its skill \(name) absent)") }
                } else {
                    out += 1
                }
            }
            kept += out
            total += own.count
            perScenario.append("\(name) \(out)/\(own.count)")
        }
        print(String(format: "a scenario's sentences with its skill absent, rejected: %d of %d (%.3f)%@", kept, total, Double(kept) / Double(max(total, 1)),
            quick ? " (every third scenario)" : ""))
        print("  " + perScenario.joined(separator: ", "))
        if showErrors { print(absentTaken.joined(separator: "\n")) }
    }

    /// The annotation with the intent named after its skill, and a second slot of one name
    /// ("{date_two}" in the model) scored as the first.
    static func scored(_ sentence: Sentence) -> AnnotatedUtterance {
        AnnotatedUtterance(text: sentence.annotated.text, intent: "\(sentence.skill).\(sentence.annotated.intent)", slots: sentence.annotated.slots)
    }

    static func label(_ candidate: NLUCandidate) -> String {
        let skill = candidate.skillID.rawValue.hasPrefix("set.") ? String(candidate.skillID.rawValue.dropFirst(4)) : candidate.skillID.rawValue
        return "\(skill).\(candidate.intent.rawValue)"
    }

    static func describe(_ candidate: NLUCandidate) -> String {
        "\(label(candidate)) \(slots(candidate).map { "\($0.name)=\($0.value)" }) \(String(format: "%.2f", candidate.score))"
    }

    static func slots(_ candidate: NLUCandidate) -> [AnnotatedUtterance.Slot] {
        candidate.slots.map { slot in
            var name = slot.name.rawValue
            if name.hasSuffix("_two") { name = String(name.dropLast(4)) }
            return AnnotatedUtterance.Slot(name: name, value: slot.spoken, start: slot.start, end: slot.end)
        }
    }
}

extension SkillSet {
    /// The skills loaded `runs` times from a cache a first load filled (in a folder of its own,
    /// removed after): the median time, and how many trainings the loads ran (nothing should).
    static func loadedFromCache(_ ids: [(SkillID, InteractionModel)], runs: Int) -> (median: Double, trainings: Int) {
        let cacheFolder = NSTemporaryDirectory() + "skillhost-nlu-bench-skills-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        let cache = NLUCache(directory: cacheFolder)
        _ = SkillIndex.training(ids, cache: cache)
        let missesBefore = cache.stats.misses
        var times: [Double] = []
        for _ in 0..<runs {
            let start = Measure.now()
            _ = SkillIndex.training(ids, cache: cache)
            times.append(Measure.now() - start)
        }
        return (Measure.median(times), cache.stats.misses - missesBefore)
    }

    /// Speed alone, for work on it: the folder's skills trained `runs` times (each skill, then
    /// the routing model across them) and every dev sentence parsed through the index, with
    /// the medians printed. `skillhost-nlu-bench --only speed` runs it on HWU64 at full size.
    static func speed(folder: String, runs: Int, sentence: String? = nil) {
        let models = models(in: folder)
        guard let lines = try? String(contentsOfFile: "\(folder)/dev.jsonl", encoding: .utf8) else {
            Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/dev.jsonl")
        }
        let texts = lines.split(separator: "\n").compactMap { try? AnnotatedUtterance(jsonLine: String($0)).text }
        let ids = models.map { (SkillID("set.\($0.name)"), $0.model) }
        var oneByOne: [Double] = []
        var sideBySide: [Double] = []
        var index: SkillIndex?
        for _ in 0..<runs {
            // The baseline: each skill after the other, then the routing model.
            let alone = Measure.now()
            _ = SkillIndex(ids.map { SkillNLU(skillID: $0.0, model: $0.1) })
            oneByOne.append(Measure.now() - alone)
            let start = Measure.now()
            index = SkillIndex.training(ids).index
            sideBySide.append(Measure.now() - start)
        }
        if let sentence, let index {
            var times: [Double] = []
            for _ in 0..<2000 {
                let begin = Measure.now()
                _ = index.parse(Utterance(sentence))
                times.append((Measure.now() - begin) * 1000)
            }
            print(String(format: "\"%@\" through the index, %d skills, 2000 parses: median %.3f ms, p99 %.3f ms", sentence, models.count, Measure.median(times), Measure.percentile(times, 0.99)))
            return
        }
        // A reload: one skill's NLU and the routing model across all trained again, the
        // routing model after the skill (the baseline) or beside it, as the host does.
        var after: [Double] = []
        var beside: [Double] = []
        var skillAlone: [Double] = []
        var routingAlone: [Double] = []
        let (reloadedID, reloadedModel) = ids[ids.count / 2]
        for _ in 0..<runs {
            let skillStart = Measure.now()
            _ = SkillNLU(skillID: reloadedID, model: reloadedModel)
            skillAlone.append(Measure.now() - skillStart)
            let routingStart = Measure.now()
            _ = index!.routingModel(inserting: reloadedID, reloadedModel)
            routingAlone.append(Measure.now() - routingStart)
            var one = index!
            let start = Measure.now()
            one.insert(SkillNLU(skillID: reloadedID, model: reloadedModel))
            after.append(Measure.now() - start)
            let base = index!
            let begin = Measure.now()
            let routing = Slot<RoutingModel?>(), nlu = Slot<SkillNLU>()
            DispatchQueue.concurrentPerform(iterations: 2) { job in
                if job == 0 { routing.value = base.routingModel(inserting: reloadedID, reloadedModel) } else { nlu.value = SkillNLU(skillID: reloadedID, model: reloadedModel) }
            }
            var other = base
            other.insert(nlu.value!, routing: routing.value ?? nil)
            beside.append(Measure.now() - begin)
        }
        let (hit, hitTrainings) = loadedFromCache(ids, runs: runs)
        // Each sentence parsed as the host does (the skills asked about a long one side by
        // side) and, the baseline, by one skill after another, alternately.
        var oneAtATime = index!
        oneAtATime.parsesSideBySide = false
        let ways = [index!, oneAtATime]
        var times: [[Double]] = [[], []]
        for round in 0..<3 {
            for (i, text) in texts.enumerated() {
                // Which goes first alternates: the second finds the sentence's data in cache.
                for way in (round + i) % 2 == 0 ? [0, 1] : [1, 0] {
                    let begin = Measure.now()
                    _ = ways[way].parse(Utterance(text))
                    times[way].append((Measure.now() - begin) * 1000)
                }
            }
        }
        let (parses, inTurn) = (times[0], times[1])
        print(String(format: "training %d skills and the routing model across them, median of %d: %.2f s side by side, %.2f s one after another (ratio %.2f; goal <= 5 s at full)",
            models.count, runs, Measure.median(sideBySide), Measure.median(oneByOne), Measure.median(sideBySide) / Measure.median(oneByOne)))
        print(String(format: "loaded from the cache, median of %d: %.2f s, %d trainings (goal: 0 trainings)", runs, hit, hitTrainings))
        print(String(format: "one skill of %d reloaded (%@), its NLU and the routing model trained, median of %d: %.2f s side by side, %.2f s one after the other (ratio %.2f)",
            models.count, reloadedID.rawValue, runs, Measure.median(beside), Measure.median(after), Measure.median(beside) / Measure.median(after)))
        print(String(format: "  of which, alone: the skill's NLU %.2f s, the routing model %.2f s", Measure.median(skillAlone), Measure.median(routingAlone)))
        print(String(format: "parse through the index, %d skills, %d parses: median %.3f ms, p99 %.3f ms; the skills asked one after another: median %.3f ms, p99 %.3f ms (p99 ratio %.2f)",
            models.count, parses.count, Measure.percentile(parses, 0.5), Measure.percentile(parses, 0.99),
            Measure.percentile(inTurn, 0.5), Measure.percentile(inTurn, 0.99), Measure.percentile(parses, 0.99) / Measure.percentile(inTurn, 0.99)))
        // The slowest sentences, by their fastest of the three parses (the VM's pauses aside).
        let fastest = texts.indices.map { i in (texts[i], (0..<3).map { parses[$0 * texts.count + i] }.min()!) }
        print(String(format: "  each sentence's fastest parse: median %.3f ms, mean %.3f ms", Measure.median(fastest.map(\.1)), fastest.map(\.1).reduce(0, +) / Double(fastest.count)))
        for (text, time) in fastest.sorted(by: { $0.1 > $1.1 }).prefix(8) {
            print(String(format: "  %.3f ms  %@", time, text))
        }
    }
}

/// What one job of several run side by side makes, read once they have all finished.
private final class Slot<Value>: @unchecked Sendable {
    var value: Value?
}

extension SkillSet {
    /// Every shipped set's skills loaded at once (ids "set.<set>.<skill>"), as a person who
    /// installs many skills has them: each set's sentences given to the name-free path and scored
    /// on the right skill and intent and strict slots, each set's foreign requests on being kept
    /// out. Where two sets have a skill for one purpose (two parking skills, two timers), a
    /// sentence the other one takes counts as wrong, and the errors say so.
    static func together(folders: [(set: String, folder: String)], showErrors: Bool) {
        var ids: [(SkillID, InteractionModel)] = []
        var sentences: [(set: String, sentence: Sentence)] = []
        for (set, folder) in folders {
            for (name, model) in models(in: folder) { ids.append((SkillID("set.\(set).\(name)"), model)) }
            guard let lines = try? String(contentsOfFile: "\(folder)/dev.jsonl", encoding: .utf8) else {
                Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/dev.jsonl")
            }
            for line in lines.split(separator: "\n") {
                guard let annotated = try? AnnotatedUtterance(jsonLine: String(line)),
                    let skill = (try? JSONParser.parse(String(line)))?["skill"]?.string
                else { continue }
                sentences.append((set, Sentence(skill: skill == "none" ? "none" : "\(set).\(skill)", annotated: annotated)))
            }
        }
        let start = Measure.now()
        let (_, index) = SkillIndex.training(ids)
        let training = Measure.now() - start
        var routed = Evaluation()
        var bySet: [String: (right: Int, count: Int, kept: Int, foreign: Int)] = [:]
        var whole = 0
        var errors: [String] = []
        var latencies: [Double] = []
        for (set, sentence) in sentences {
            let utterance = Utterance(sentence.annotated.text)
            let begin = Measure.now()
            let best = index.parse(utterance).first
            latencies.append((Measure.now() - begin) * 1000)
            var tally = bySet[set] ?? (0, 0, 0, 0)
            defer { bySet[set] = tally }
            if sentence.skill == "none" {
                tally.foreign += 1
                if let best {
                    if showErrors { errors.append("  \(sentence.annotated.text)  ->  \(describe(best))  (foreign to every skill)") }
                } else {
                    tally.kept += 1
                }
                continue
            }
            let expected = scored(sentence)
            tally.count += 1
            if best.map(label) == expected.intent { tally.right += 1 }
            if best.map(label) == expected.intent, Set(best.map(slots) ?? []) == Set(expected.slots) { whole += 1 }
            routed.add(expected: expected, intent: best.map(label), slots: best.map(slots) ?? [])
            if showErrors, best.map(label) != expected.intent || Set(best.map(slots) ?? []) != Set(expected.slots) {
                errors.append("  \(sentence.annotated.text)  ->  \(best.map { describe($0) } ?? "nowhere")  (expected \(expected.intent) \(expected.slots.map { "\($0.name)=\($0.value)" }))")
            }
        }
        let pooled = routed.pooled
        let kept = bySet.values.reduce(0) { $0 + $1.kept }, foreign = bySet.values.reduce(0) { $0 + $1.foreign }
        print("\n== every shipped set together: \(ids.count) skills loaded, \(pooled.sentences) sentences, \(foreign) foreign requests")
        print(String(format: "name-free: intent accuracy %.4f, strict slot F1 %.4f, intent and every slot right %.4f; foreign requests kept out %d of %d",
            pooled.intentAccuracy, pooled.f1, Double(whole) / Double(max(pooled.sentences, 1)), kept, foreign))
        print("  " + folders.map { folder in
            let tally = bySet[folder.set] ?? (0, 0, 0, 0)
            return String(format: "%@ %.3f (%d of %d), kept out %d of %d", folder.set, Double(tally.right) / Double(max(tally.count, 1)), tally.right, tally.count, tally.kept, tally.foreign)
        }.joined(separator: "\n  "))
        print(String(format: "training %d skills and the routing model: %.2f s; parse through the index: median %.3f ms, p99 %.3f ms",
            ids.count, training, Measure.percentile(latencies, 0.5), Measure.percentile(latencies, 0.99)))
        if showErrors { print(errors.joined(separator: "\n")) }
    }
}
