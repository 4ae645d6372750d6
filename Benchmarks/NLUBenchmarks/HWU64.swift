import Foundation
import NLU
import SkillModel
import BenchmarkSupport

/// HWU64 as 18 skills (../shared/nlu-benchmark/hwu64/): every scenario's model loaded at once,
/// each dev sentence given to the host's name-free path (`SkillIndex.parse`), and scored on
/// reaching the right skill and intent, on its slots (name and exact span), given to its own
/// skill alone, and — with its own skill left out — on being sent nowhere.
enum HWU64 {
    struct Sentence {
        let skill: String
        let annotated: AnnotatedUtterance
    }

    static func run(data: String, size: String, quick: Bool) {
        let folder = "\(data)/hwu64/\(size)"
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/models") else {
            Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/models (give --data DIR)")
        }
        let names = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        var models: [(name: String, model: InteractionModel)] = []
        for name in names {
            guard let text = try? String(contentsOfFile: "\(folder)/models/\(name).json", encoding: .utf8) else {
                Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/models/\(name).json")
            }
            do {
                models.append((name, try InteractionModel(parsing: text)))
            } catch {
                Measure.fail("skillhost-nlu-bench", "\(folder)/models/\(name).json: \(error)")
            }
        }
        guard let lines = try? String(contentsOfFile: "\(folder)/dev.jsonl", encoding: .utf8) else {
            Measure.fail("skillhost-nlu-bench", "cannot read \(folder)/dev.jsonl")
        }
        let sentences: [Sentence] = lines.split(separator: "\n").compactMap { line in
            guard let annotated = try? AnnotatedUtterance(jsonLine: String(line)),
                let skill = (try? JSONParser.parse(String(line)))?["skill"]?.string
            else { return nil }
            return Sentence(skill: skill, annotated: annotated)
        }

        let start = Measure.now()
        let skills = models.map { SkillNLU(skillID: SkillID("hwu64.\($0.name)"), model: $0.model) }
        let training = Measure.now() - start
        let routingStart = Measure.now()
        let index = SkillIndex(skills)
        let routingTraining = Measure.now() - routingStart
        // Loading again from a cache the first load filled: nothing should train.
        let cacheFolder = NSTemporaryDirectory() + "skillhost-nlu-bench-hwu64-\(getpid())"
        let cache = NLUCache(directory: cacheFolder)
        _ = SkillIndex(models.map { SkillNLU(skillID: SkillID("hwu64.\($0.name)"), model: $0.model, cache: cache) }, cache: cache)
        let missesBefore = cache.stats.misses
        let hitStart = Measure.now()
        _ = SkillIndex(models.map { SkillNLU(skillID: SkillID("hwu64.\($0.name)"), model: $0.model, cache: cache) }, cache: cache)
        let hit = Measure.now() - hitStart
        let hitTrainings = cache.stats.misses - missesBefore
        try? FileManager.default.removeItem(atPath: cacheFolder)

        var routed = Evaluation()
        var alone = Evaluation()
        var latencies: [Double] = []
        var wrongSkill = 0
        var nowhere = 0
        var routerRight = 0
        var routerSkillRight = 0
        for sentence in sentences {
            let expected = scored(sentence)
            let utterance = Utterance(sentence.annotated.text)
            let begin = Measure.now()
            let best = index.parse(utterance).first
            latencies.append(Measure.now() - begin)
            if let best, best.skillID.rawValue != "hwu64.\(sentence.skill)" { wrongSkill += 1 }
            if best == nil { nowhere += 1 }
            if let route = index.route(utterance), route.skill.rawValue == "hwu64.\(sentence.skill)" {
                routerSkillRight += 1
                if route.intent.rawValue == sentence.annotated.intent { routerRight += 1 }
            }
            routed.add(expected: expected, intent: best.map(label), slots: best.map(slots) ?? [])
            let own = skills[names.firstIndex(of: sentence.skill)!].parse(utterance).first
            alone.add(expected: expected, intent: own.map(label), slots: own.map(slots) ?? [])
        }
        let pooled = routed.pooled
        print("\n== HWU64 \(size): \(models.count) skills loaded, \(sentences.count) dev sentences")
        print(String(format: "name-free, all skills loaded: intent accuracy %.4f, strict slot F1 %.4f (P %.4f, R %.4f); wrong skill %d, sent nowhere %d",
            pooled.intentAccuracy, pooled.f1, pooled.precision, pooled.recall, wrongSkill, nowhere))
        print(String(format: "routing model alone: skill %.4f, skill and intent %.4f", Double(routerSkillRight) / Double(sentences.count), Double(routerRight) / Double(sentences.count)))
        print(String(format: "each sentence to its own skill alone: intent accuracy %.4f, strict slot F1 %.4f",
            alone.pooled.intentAccuracy, alone.pooled.f1))
        let ms = latencies.map { $0 * 1000 }
        print(String(format: "training %d skills: %.2f s, and the routing model across them %.2f s (goal: all <= 5 s at full); from the cache: %.2f s, %d trainings (goal 0)",
            skills.count, training, routingTraining, hit, hitTrainings))
        print(String(format: "parse through the index, %d skills: median %.3f ms, p99 %.3f ms", skills.count, Measure.percentile(ms, 0.5), Measure.percentile(ms, 0.99)))
        // Twenty skills and more: the Snips benchmark's model and the dialog fixture beside them.
        let extra = ["\(data)/snips-70.json", URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/../../Tests/SkillHostTests/Fixtures/anniversary-en-US.json"]
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
        for (i, name) in names.enumerated() where !quick || i % 3 == 0 {
            let without = SkillIndex(skills.enumerated().filter { $0.offset != i }.map(\.element))
            let own = sentences.filter { $0.skill == name }
            let out = own.filter { without.parse(Utterance($0.annotated.text)).isEmpty }.count
            kept += out
            total += own.count
            perScenario.append("\(name) \(out)/\(own.count)")
        }
        print(String(format: "a scenario's sentences with its skill absent, rejected: %d of %d (%.3f)%@", kept, total, Double(kept) / Double(max(total, 1)),
            quick ? " (every third scenario)" : ""))
        print("  " + perScenario.joined(separator: ", "))
    }

    /// The annotation with the intent named after its skill, and a second slot of one name
    /// ("{date_two}" in the model) scored as the first.
    static func scored(_ sentence: Sentence) -> AnnotatedUtterance {
        AnnotatedUtterance(text: sentence.annotated.text, intent: "\(sentence.skill).\(sentence.annotated.intent)", slots: sentence.annotated.slots)
    }

    static func label(_ candidate: NLUCandidate) -> String {
        let skill = candidate.skillID.rawValue.hasPrefix("hwu64.") ? String(candidate.skillID.rawValue.dropFirst(6)) : candidate.skillID.rawValue
        return "\(skill).\(candidate.intent.rawValue)"
    }

    static func slots(_ candidate: NLUCandidate) -> [AnnotatedUtterance.Slot] {
        candidate.slots.map { slot in
            var name = slot.name.rawValue
            if name.hasSuffix("_two") { name = String(name.dropLast(4)) }
            return AnnotatedUtterance.Slot(name: name, value: slot.spoken, start: slot.start, end: slot.end)
        }
    }
}
