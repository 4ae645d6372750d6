import Dispatch
import SkillModel

/// Every loaded skill's understanding behind one index, for sentences that name no skill.
///
/// A routing model over every skill's intents (`RoutingModel`) says which skills the sentence
/// is likely for, and an inverted index from meaningful words to the skills that use them
/// (weighted by how rare the word is among skills) adds those that share its rarest words;
/// only those parse the sentence, so many skills cost little more than a few. Adding,
/// replacing or removing one skill trains the routing model again (or loads it from the
/// cache), but compiles no other skill again.
public struct SkillIndex: Sendable {
    private(set) var skills: [SkillID: SkillNLU] = [:]
    private var postings: [String: Set<SkillID>] = [:]
    private var words: [SkillID: Set<String>] = [:]
    /// Each skill's meaningful words as stems ("restaurants" meets "restaurant").
    private var stems: [SkillID: Set<String>] = [:]
    /// Each skill's carrier words (what its samples say outside slots) as stems.
    private var carriers: [SkillID: Set<String>] = [:]
    /// The meaningful words of each skill's listed values and synonyms, as stems.
    private var listed: [SkillID: Set<String>] = [:]
    /// The words of each skill's invocation name that name it ("capital" of "capital quiz"),
    /// as stems.
    private var names: [SkillID: Set<String>] = [:]
    /// One classifier over every skill's intents, trained again when the skills change.
    private var router: RoutingModel?
    /// Whether the skills asked about a long sentence parse it side by side (`readings(of:)`);
    /// off, one after the other, as the speed benchmark's baseline.
    public var parsesSideBySide = true

    /// Where the routing model is kept by the content of the skills it was trained on.
    private let cache: NLUCache?

    public init(_ skills: [SkillNLU] = [], cache: NLUCache? = nil) {
        self.cache = cache
        for skill in skills { add(skill) }
        router = RoutingModel(self.skills.values.map(RoutingModel.Skill.init), cache: cache)
    }

    /// The skills' NLUs trained (or loaded from `cache`) side by side, in the order given, and
    /// behind one index with the routing model across them, trained beside them: it learns from
    /// the models alone, not from what the skills learnt. Each comes out the same whichever
    /// finishes first. (HWU64's 18 skills at full size on two cores: `skillhost-nlu-bench
    /// --only speed`.)
    public static func training(_ models: [(skillID: SkillID, model: InteractionModel)], cache: NLUCache? = nil) -> (nlus: [SkillNLU], index: SkillIndex) {
        let trained = Locked<[Int: SkillNLU]>([:])
        let router = Locked<RoutingModel?>(nil)
        // The routing model first: it is the longest job.
        DispatchQueue.concurrentPerform(iterations: models.count + 1) { job in
            if job == 0 {
                let model = RoutingModel(routingSkills(models), cache: cache)
                router.withLock { $0 = model }
            } else {
                let (skillID, model) = models[job - 1]
                let nlu = SkillNLU(skillID: skillID, model: model, cache: cache)
                trained.withLock { $0[job - 1] = nlu }
            }
        }
        let nlus = trained.withLock { trained in models.indices.map { trained[$0]! } }
        var index = SkillIndex(cache: cache)
        for nlu in nlus { index.add(nlu) }
        index.router = router.withLock { $0 }
        return (nlus, index)
    }

    /// The skills as the routing model learns them: one per id, the last given, as `add` keeps.
    private static func routingSkills(_ models: [(skillID: SkillID, model: InteractionModel)]) -> [RoutingModel.Skill] {
        var byID: [SkillID: InteractionModel] = [:]
        for (skillID, model) in models { byID[skillID] = model }
        return byID.map { RoutingModel.Skill($0.key, $0.value) }
    }

    public var count: Int { skills.count }

    public func nlu(_ id: SkillID) -> SkillNLU? { skills[id] }

    /// Adds a skill, replacing any with the same id, and takes out `dropping` (a skill whose
    /// library now holds another id). The routing model is `routing` when it was trained for
    /// the skills the index then has (`routingModel(inserting:_:dropping:)`), else trained
    /// (or loaded from the cache) now.
    public mutating func insert(_ nlu: SkillNLU, dropping: SkillID? = nil, routing: RoutingModel? = nil) {
        if let dropping, dropping != nlu.skillID { drop(dropping) }
        add(nlu)
        let wanted = skills.values.map(RoutingModel.Skill.init)
        if let routing, routing.key == RoutingModel.key(wanted) {
            router = routing
        } else {
            router = RoutingModel(wanted, cache: cache)
        }
    }

    /// The routing model the index needs once `model` is in place of `skillID`'s skill (and
    /// `dropping` is out), trained now: it learns from the models alone, so a reload trains it
    /// beside the skill's own NLU and hands both to `insert(_:dropping:routing:)`, instead of
    /// training it after. (HWU64, 18 skills at full size, one reloaded, on two cores: 1.41 s
    /// side by side, 1.36 s after, of which the routing model alone 1.20 s and the skill 0.14 s,
    /// each already using both cores most of the time; `skillhost-nlu-bench --only speed`. A
    /// library that now holds another id trains one routing model instead of two.)
    public func routingModel(inserting skillID: SkillID, _ model: InteractionModel, dropping: SkillID? = nil) -> RoutingModel? {
        let others = skills.filter { $0.key != skillID && $0.key != dropping }.map { RoutingModel.Skill($0.key, $0.value.model) }
        return RoutingModel(others + [RoutingModel.Skill(skillID, model)], cache: cache)
    }

    private mutating func add(_ nlu: SkillNLU) {
        drop(nlu.skillID)
        skills[nlu.skillID] = nlu
        let content = nlu.contentWords
        words[nlu.skillID] = content
        stems[nlu.skillID] = Set(content.map(Stem.of))
        carriers[nlu.skillID] = Set(nlu.carrierWords.map(Stem.of))
        listed[nlu.skillID] = Set(nlu.model.types.flatMap { type in
            type.values.flatMap { value in ([value.value] + value.synonyms).flatMap { Tokenizer.tokens($0).map(\.text) } }
        }.filter { !StopWords.all.contains($0) }.map(Stem.of))
        names[nlu.skillID] = Set(Tokenizer.tokens(nlu.model.invocationName).map(\.text).filter { !StopWords.all.contains($0) && !Self.genericNameWords.contains($0) }.map(Stem.of))
        for word in content { postings[word, default: []].insert(nlu.skillID) }
    }

    public mutating func remove(_ id: SkillID) {
        guard skills[id] != nil else { return }
        drop(id)
        router = RoutingModel(skills.values.map(RoutingModel.Skill.init), cache: cache)
    }

    private mutating func drop(_ id: SkillID) {
        guard skills.removeValue(forKey: id) != nil else { return }
        stems[id] = nil
        carriers[id] = nil
        listed[id] = nil
        names[id] = nil
        for word in words.removeValue(forKey: id) ?? [] {
            postings[word]?.remove(id)
            if postings[word]?.isEmpty == true { postings[word] = nil }
        }
    }

    /// The routing model's best reading alone: skill, intent and probability (nil: none of these).
    public func route(_ utterance: Utterance) -> (skill: SkillID, intent: IntentName, probability: Double)? {
        routing(utterance)?.best
    }

    /// The skills most likely to understand the sentence, best first: the sum over its
    /// meaningful words of how rare each is among skills.
    public func shortlist(_ utterance: Utterance, limit: Int) -> [SkillID] {
        var scores: [SkillID: Double] = [:]
        let total = Double(max(skills.count, 1))
        for word in Set(utterance.words) where !StopWords.all.contains(word) {
            guard let users = postings[word] else { continue }
            let weight = log(1 + total / Double(users.count))
            for id in users { scores[id, default: 0] += weight }
        }
        return scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map(\.key)
    }

    /// The least score a reading needs to open a skill the sentence does not name. In session a
    /// skill hears its own readings however unsure (its fallback handles the rest); a sentence
    /// that names no skill must not open one on a guess ("coin operated laundry near me" read
    /// 0.017 sure as a coin flip). (`skillhost-nlu-bench`, dev split, 70 per intent: 0.1 turns
    /// away 0.2% of right readings and 1 of the 14 out-of-domain sentences the model takes;
    /// 0.2 turns away 2.9% and 7.)
    public static let floor = 0.1

    /// How much the routing model's probability of a reading's intent counts against the
    /// skill's own score, as the weight of a weighted geometric mean. (HWU64 dev split, 18
    /// skills: intent accuracy at full size 0.738 without it, 0.855 at 0.3, 0.861 at 0.5,
    /// 0.865 at 0.7 and 0.85; at 10 per intent 0.510, 0.565, 0.580, 0.581, 0.585. Again with
    /// everything since, intent accuracy / an absent skill's sentences rejected, at 10 per
    /// intent and full size: 0.6 0.6808 / 0.671 and 0.8957 / 0.405; 0.7 0.6878 / 0.665 and
    /// 0.8964 / 0.428; 0.8 0.6885 / 0.656 and 0.8943 / 0.449. Asking 4 skills instead of
    /// `routeLimit`'s 3, or those the routing model gives 0.03 instead of `unlikely`, changed
    /// accuracy at neither size and kept out one sentence fewer at most.)
    static let routeWeight = 0.7
    /// Skills asked by the routing model's choice, and by the words they share with the
    /// sentence. (HWU64 dev split: 3 and 2 right as often as 5 and 0, with fewer parses; the
    /// word shortlist catches a skill the routing model misses for a rare word.)
    static let routeLimit = 3
    static let shortLimit = 2
    /// A skill the routing model gives less than this is not asked (unless preferred, or named
    /// by a word of its name): no reading of it could rank over `routedFloor` (the rank of a
    /// reading whose own score is at most 1 and names three listed values is under 0.15 below
    /// a probability of 0.054), and parsing it was most of a parse's time with many skills.
    static let unlikely = 0.05
    /// How sure the routing model must be of an intent to read the sentence as that intent
    /// when every skill asked sends it nowhere: a skill of few samples rejects many of its own
    /// sentences (HWU64 dev split, 10 per intent: 161 of 1,438 sent nowhere; at 0.5, 149, and
    /// intent accuracy 0.586 -> 0.592; at 0.3, 0.600 but 5 points fewer sentences of an absent
    /// skill rejected).
    static let routedAlone = 0.5
    /// The least rank a reading needs, its own score weighed with the routing model's: a
    /// skill sure of a sentence the routing model finds unlikely for it is guessing, as when
    /// the skill the sentence is for is not loaded. (HWU64 dev split, 18 skills, every third
    /// scenario's skill left out in turn: its sentences rejected at full size 0.126 with no
    /// such floor, 0.172 at 0.05, 0.288 at 0.1, 0.607 at 0.2; intent accuracy with every
    /// skill loaded 0.8665, 0.8665, 0.8651, 0.8533; at 10 per intent rejected 0.51, 0.59,
    /// 0.72, 0.85 and accuracy 0.592, 0.590, 0.566, 0.506. Since the nearest sample weighs
    /// less in models whose samples are not templated, scores run higher: at 0.1, 0.15 and
    /// 0.2, rejected at full size 0.19, 0.35, 0.49 and accuracy 0.868, 0.867, 0.863; at 10 per
    /// intent 0.63, 0.72, 0.78 and 0.595, 0.574, 0.542. With word vectors, at 0.15, 0.2, 0.25
    /// and 0.3: full size accuracy 0.883, 0.878, 0.876, 0.870 and rejected 0.23, 0.33, 0.44,
    /// 0.52; at 10 per intent 0.675, 0.667, 0.656, 0.636 and 0.61, 0.67, 0.72, 0.75; the ten
    /// assistant skills, few samples each, 0.93, 0.91, 0.87 at the first three.)
    public static let routedFloor = 0.15

    /// The skills worth asking about the sentence: the routing model's likeliest, then those
    /// sharing its rarest words.
    func asked(_ utterance: Utterance, routing: RoutingModel.Routing?) -> [SkillID] {
        var asked = routing?.skills(limit: Self.routeLimit).map(\.skill) ?? []
        for id in shortlist(utterance, limit: routing == nil ? Self.routeLimit : Self.shortLimit) where !asked.contains(id) { asked.append(id) }
        return asked
    }

    /// The routing model's reading of the sentence, nil when no skill has intents of its own.
    func routing(_ utterance: Utterance) -> RoutingModel.Routing? {
        router?.route(utterance)
    }

    /// Readings across skills, best first, leaving out the built-in intents (which only make
    /// sense to a skill in session) and readings under `floor`. The skills asked are the
    /// routing model's likeliest and those sharing the sentence's rarest words; `preferring`
    /// is asked even when they leave it out, and wins ties. Each reading is ranked by the
    /// weighted geometric mean of the routing model's probability of its intent (weight
    /// `routeWeight`) and its own score, adjusted as follows. When every skill asked sends
    /// the sentence nowhere, or every reading is ranked under `routedFloor` (and so left out),
    /// the routing model's choice alone stands if it is `routedAlone` sure: "turn off the
    /// lights", matched word for word by a smart-plug sample, is the lights' intent of the same
    /// skill. (HWU64 dev split, the second case: at full size 0.8804 -> 0.8825, an absent
    /// skill's sentences rejected unchanged; at 10 per intent 0.666 -> 0.675, rejected 0.616 ->
    /// 0.605.) Between skills, a value a skill lists is evidence the sentence is its
    /// own: each slot that resolves to one counts 0.04 (three at most) toward the order, so
    /// "add rice to my grocery list" goes to the lists skill that lists rice and grocery, not
    /// to a music skill's "add … to my … playlist" that is about as sure. A meaningful word
    /// outside the reading's slots that the skill never says counts against it (a factor of
    /// 0.7 each): each skill's own scores are sure of its own intents, so a coffee skill can
    /// be as sure of "book a table for two at an italian restaurant" (a drink "table") as a
    /// restaurant skill is, though it knows none of "book", "italian" or "restaurant". A reading
    /// that fills no slot of an intent whose samples all have one, where the sentence says such a
    /// word, counts a quarter (`emptyFactor`): "play some jazz" adds no player. And a listed
    /// value inside a longer one another skill's reading lists counts half (`coverage`).
    public func parse(_ utterance: Utterance, preferring: SkillID? = nil, today: CivilDate = .today()) -> [NLUCandidate] {
        let routing = routing(utterance)
        // The sentence's meaningful words, by where they start, as stems, and its form: once
        // for all readings.
        let meaningful = Self.meaningful(utterance)
        let form = StatisticalNLU.Form(utterance.words)
        var asked = asked(utterance, routing: routing)
        if let preferring, skills[preferring] != nil, !asked.contains(preferring) { asked.append(preferring) }
        // Left out here but not by `explain`, which says why each such skill could not pass.
        if let routing {
            let named = namedSkill(meaningful)
            asked.removeAll { $0 != preferring && $0 != named && routing.skill($0) < Self.unlikely }
        }
        // Each skill tags the slots of its first reading only (`emptyFactor`).
        var tagged: Set<String> = []
        var candidates: [NLUCandidate] = []
        var commanded: Set<SkillID> = []
        for (id, readings) in zip(asked, readings(of: asked, utterance, today: today)) {
            // A skill that hears a built-in surely ("stop the washer", its stop said first) has
            // no request of its own in the sentence to open with, nor does the routing model
            // find it one.
            if let first = readings.first, first.intent.isBuiltIn, first.score >= SkillNLU.saidSampleScore {
                commanded.insert(id)
                continue
            }
            if let first = readings.first { tagged.insert(Self.key(first)) }
            candidates += readings.filter { !$0.intent.isBuiltIn && $0.score >= Self.floor }
        }
        if candidates.isEmpty, let best = routing?.best, !commanded.contains(best.skill), alone(best, form: form) >= Self.routedAlone, knowsAWord(of: meaningful, best.skill, probability: best.probability),
            let reading = skills[best.skill]?.reading(utterance, as: best.intent, score: best.probability, today: today) {
            candidates = [reading]
        }
        // Which readings are sure enough is weighed without rivals' words; the order with them.
        let rivals = Set(candidates.map(\.skillID))
        let rivalValues = listedWords(of: candidates, meaningful: meaningful)
        let ranked: [(candidate: NLUCandidate, rank: Double)] = candidates.filter { candidate in
            routing == nil || rank(candidate, routing: routing, meaningful: meaningful, form: form, tagged: tagged.contains(Self.key(candidate))) >= Self.routedFloor
        }.map { candidate in
            let rank = rank(candidate, routing: routing, meaningful: meaningful, form: form, rivals: rivals, rivalValues: rivalValues, tagged: tagged.contains(Self.key(candidate)))
            return (candidate, rank * coverage(candidate, by: candidates))
        }
        let kept = ranked.sorted { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank > rhs.rank }
            let (l, r) = (lhs.candidate, rhs.candidate)
            if (l.skillID == preferring) != (r.skillID == preferring) { return l.skillID == preferring }
            if l.skillID != r.skillID { return l.skillID < r.skillID }
            return l.intent < r.intent
        }.map(\.candidate)
        if let first = kept.first, let tagged = withSlots(first, among: candidates, utterance: utterance, today: today) {
            return [tagged] + kept.dropFirst()
        }
        if kept.isEmpty, let named = namedReading(utterance, meaningful: meaningful, readings: candidates) { return [named] }
        if kept.isEmpty, let best = routing?.best, !commanded.contains(best.skill), alone(best, form: form) >= Self.routedAlone, knowsAWord(of: meaningful, best.skill, probability: best.probability),
            !candidates.contains(where: { $0.skillID == best.skill && $0.intent == best.intent }),
            let reading = skills[best.skill]?.reading(utterance, as: best.intent, score: best.probability, today: today), !swallows(reading, meaningful: meaningful) {
            return [reading]
        }
        return kept
    }

    /// Sentences of at least this many words are parsed by the skills asked side by side: each
    /// skill's parse grows with the sentence, and one asked of four skills was most of the
    /// slowest parses' time (`skillhost-nlu-bench --only speed`). Measured on HWU64's dev
    /// sentences, each parsed both ways alternately five times on two cores, by length: from
    /// three words up, side by side cut the slowest tenth (p90 0.52 against 0.58 ms at three
    /// words, 0.76 against 0.85 at seven) with medians equal; from this length on, p99 over
    /// all 1.25-1.33 ms against 1.31-1.43 from eight words (two runs), medians 0.305-0.325 ms
    /// either way.
    static let sideBySideWords = 4

    /// Each asked skill's readings of the sentence, in the order asked; side by side for a long
    /// sentence (`sideBySideWords`), each skill's the same either way.
    private func readings(of asked: [SkillID], _ utterance: Utterance, today: CivilDate) -> [[NLUCandidate]] {
        guard parsesSideBySide, asked.count > 1, utterance.words.count >= Self.sideBySideWords else {
            return asked.map { skills[$0]?.parse(utterance, today: today) ?? [] }
        }
        let parsed = Locked<[Int: [NLUCandidate]]>([:])
        DispatchQueue.concurrentPerform(iterations: asked.count) { i in
            let readings = skills[asked[i]]?.parse(utterance, today: today) ?? []
            parsed.withLock { $0[i] = readings }
        }
        return parsed.withLock { parsed in asked.indices.map { parsed[$0] ?? [] } }
    }

    /// A skill tags the slots of its likeliest reading only; when the weighing across skills
    /// puts another of its readings first, that one is tagged now: "is the balcony too sunny
    /// for a fern" went to a plant skill's care tips (its second reading) with no plant.
    private func withSlots(_ winner: NLUCandidate, among candidates: [NLUCandidate], utterance: Utterance, today: CivilDate) -> NLUCandidate? {
        guard winner.slots.isEmpty, !winner.declaredSlots.isEmpty,
            let top = candidates.first(where: { $0.skillID == winner.skillID }), top.intent != winner.intent,
            let tagged = skills[winner.skillID]?.reading(utterance, as: winner.intent, score: winner.score, today: today), !tagged.slots.isEmpty
        else { return nil }
        return tagged
    }

    /// The routing model's probability of its likeliest intent, less where the sentence's form
    /// goes against that intent (`SkillNLU.formFactor`), as a reading's rank counts it: "is the
    /// wash almost finished", which no skill reads, no longer starts the washer (0.50 sure alone)
    /// for a question. (Evening set, name-free: strict slot F1 0.9362 -> 0.9462, intent accuracy
    /// unchanged; the assistant set's sentences rejected with their skill absent 89 -> 90 of 99;
    /// every other figure, HWU64 and Snips too, unchanged.)
    private func alone(_ best: (skill: SkillID, intent: IntentName, probability: Double), form: StatisticalNLU.Form) -> Double {
        best.probability * (skills[best.skill]?.formFactor(best.intent, form: form) ?? 1)
    }

    /// How sure the routing model must be to open a skill alone for words the skill never says.
    /// (Dev splits, a scenario's sentences with its skill absent rejected, without the rule /
    /// at 0.75 / 0.85 / with no exception: HWU64 at 10 per intent 903 / 929 / 934 / 935 of
    /// 1,438, full 595 / 596 / 597 / 597; intent accuracy at 10 per intent 0.6982 / 0.6968 /
    /// 0.6961 / 0.6947, full unchanged; ported 74 -> 77 of 94 and assistant 87 -> 89 of 99
    /// rejected at each, their accuracy unchanged.)
    static let routedSure = 0.85

    /// Whether the skill's model says one of the sentence's meaningful words, or the sentence
    /// has none, or the routing model is `routedSure` of it: its choice alone does not open a
    /// skill for words it never says ("capricorn", 0.72 for a city guide's bare "{city}" with no
    /// horoscope loaded).
    private func knowsAWord(of meaningful: [(start: Int, stem: String)], _ skill: SkillID, probability: Double) -> Bool {
        meaningful.isEmpty || meaningful.contains { stems[skill]?.contains($0.stem) == true } || probability >= Self.routedSure
    }

    /// Words of invocation names that name no skill in particular.
    static let genericNameWords: Set<String> = ["helper", "skill", "app", "game", "assistant", "buddy", "bot"]

    /// A sentence nothing took that says a word of one skill's name without its invocation
    /// phrase ("i want to play the capitals game" with "capital quiz" loaded): that skill's own
    /// reading, which the routing model found unlikely. Not when the skill itself sends the
    /// sentence nowhere ("coin operated laundry near me" to a skill named "coins"). (HWU64 dev
    /// split, whose skills are named "alarm helper" and the like: at 10 per intent 0.574 ->
    /// 0.581, with an absent skill's sentences rejected 0.715 -> 0.710; at full size unchanged.
    /// Taking the routing model's likeliest intent of the skill when it gives it 0.05 gained
    /// 0.007 more, but opened the coin skill for the laundry.)
    private func namedReading(_ utterance: Utterance, meaningful: [(start: Int, stem: String)], readings: [NLUCandidate]) -> NLUCandidate? {
        guard let named = namedSkill(meaningful) else { return nil }
        return readings.first { $0.skillID == named }
    }

    /// The one skill a word of whose name the sentence says, if one does.
    private func namedSkill(_ meaningful: [(start: Int, stem: String)]) -> SkillID? {
        let said = Set(meaningful.map(\.stem))
        var named: SkillID?
        for (id, words) in names where !words.isDisjoint(with: said) {
            guard named == nil else { return nil }
            named = id
        }
        return named
    }

    /// Whether the sentence says a meaningful word (not a number) the skill's model never says:
    /// "table" in "book a table for two at seven tonight" to a meeting scheduler.
    public func saysWordsUnknown(to skill: SkillID, in utterance: Utterance) -> Bool {
        guard let known = stems[skill] else { return false }
        return Self.meaningful(utterance).contains { !known.contains($0.stem) && NumberWords.value(of: [$0.stem]) == nil }
    }

    /// The sentence's meaningful words, by where they start, as stems.
    static func meaningful(_ utterance: Utterance) -> [(start: Int, stem: String)] {
        zip(utterance.tokens, utterance.words).filter { !StopWords.all.contains($0.1) }.map { (start: $0.0.start, stem: Stem.of($0.1)) }
    }

    /// A reading's rank across skills (see `parse`): its own score, less for words its skill
    /// never says and more for listed values, weighed with the routing model's probability
    /// (less where the sentence's form goes against the intent);
    /// less again for words its skill never says that `rivals`, skills with readings of the
    /// sentence, say around their slots or, in `rivalValues`, as values they list (`elsewhereFactor`).
    func rank(_ candidate: NLUCandidate, routing: RoutingModel.Routing?, meaningful: [(start: Int, stem: String)], form: StatisticalNLU.Form, rivals: Set<SkillID> = [], rivalValues: [SkillID: Set<String>] = [:], tagged: Bool) -> Double {
        let unexplained = unexplainedWords(meaningful, candidate)
        let foreign = unexplained.count
        let own = candidate.score * pow(0.7, Double(foreign)) + 0.04 * Double(min(candidate.listedValues, 3))
        guard let routing else { return own }
        // In the order, the skill's own classifier tells its intents apart as far as it learnt
        // from more samples than the routing model's share of them (`ownShare`).
        var probability = routing.intent(candidate.intent, of: candidate.skillID)
        if !rivals.isEmpty, let skill = skills[candidate.skillID] {
            let share = Self.ownShare(samplesPerIntent: skill.samplesPerIntent)
            probability = pow(routing.skill(candidate.skillID), share) * pow(probability, 1 - share)
        }
        // What the sentence's form says against the intent, the routing model cannot see: it
        // counts against the routing model's probability as it does against the skill's own.
        // (Name-free: the evening set 0.7105 -> 0.7237, "i'll need my hiking boots" no longer
        // the packing list's "i don't need {item}"; HWU64 at 10 per intent 0.6885 -> 0.6898, an
        // absent skill's sentences rejected 960 -> 962 of 1,438, weekend 77 -> 78 of 92; every
        // other figure, Snips and HWU64 at full size too, unchanged. At its square root, HWU64
        // at 10 per intent alone moved.)
        if let skill = skills[candidate.skillID], let factor = skill.formFactor(candidate.intent, form: form) { probability *= factor }
        var routed = Self.discounted(probability, foreignWords: foreign, unseenRate: skills[candidate.skillID]?.unseenRate ?? 1)
        let elsewhere = unexplained.filter { stem in
            rivals.contains { $0 != candidate.skillID && (carriers[$0]?.contains(stem) == true || rivalValues[$0]?.contains(stem) == true) }
        }.count
        if elsewhere > 0, routed < 1 {
            let odds = routed / (1 - routed) * pow(Self.elsewhereFactor, Double(min(elsewhere, 2)))
            routed = odds / (1 + odds)
        }
        var rank = pow(routed + 0.01, Self.routeWeight) * pow(own, 1 - Self.routeWeight)
        if tagged, candidate.slots.isEmpty, foreign > 0, skills[candidate.skillID]?.slotBound.contains(candidate.intent) == true {
            rank *= Self.emptyFactor
        }
        if foreign >= 2, !candidate.slots.isEmpty, let skill = skills[candidate.skillID],
            candidate.slots.allSatisfy({ !$0.isListedValue && skill.readsByGrammar($0.name, of: candidate.intent) }),
            !meaningful.contains(where: { word in
                stems[candidate.skillID]?.contains(word.stem) == true && NumberWords.value(of: [word.stem]) == nil
                    && !candidate.slots.contains { ($0.start..<$0.end).contains(word.start) }
            }) {
            rank *= Self.numbersOnlyFactor
        }
        if saysNothingButFreeText(candidate, meaningful: meaningful) { rank *= Self.freeTextOnlyFactor }
        return swallows(candidate, meaningful: meaningful) ? rank * Self.swallowedFactor : rank
    }

    /// Whether every value of the reading is free text and holds every meaningful word of the
    /// sentence: nothing outside the values says what the skill is asked, only its sample's
    /// stop words do. A trash guide's "can {thing} go in the compost" took "can you renew the
    /// hunger games", its "is {thing} recyclable" "is a late check out possible", with the
    /// library and the front desk absent. "where does a pizza box go" keeps its "go" outside.
    private func saysNothingButFreeText(_ candidate: NLUCandidate, meaningful: [(start: Int, stem: String)]) -> Bool {
        guard !candidate.slots.isEmpty, !meaningful.isEmpty, let skill = skills[candidate.skillID],
            candidate.slots.allSatisfy({ skill.readsFreeText($0.name, of: candidate.intent) })
        else { return false }
        return meaningful.allSatisfy { word in candidate.slots.contains { ($0.start..<$0.end).contains(word.start) } }
    }

    /// How much a reading counts whose free-text values hold every meaningful word of the
    /// sentence (`saysNothingButFreeText`). (Dev splits: a scenario's sentences with its skill
    /// absent rejected, daily errands 77 -> 81 of 100, at 0.25 and 0.5 alike; every other
    /// figure of every set, HWU64 and Snips included, unchanged.)
    static let freeTextOnlyFactor = 0.25

    /// How far, ordering readings, the routing model's probability of a reading is its skill's
    /// rather than its intent's: the skill's own classifier, trained on the skill's samples
    /// alone, tells its intents apart better than the routing model, trained on a share of
    /// every skill's sentences, once it has many samples to learn from; with few, the routing
    /// model's reading of the intent helps. (HWU64 dev split, by share at full size / 10 per
    /// intent: 0 (the intent's) 0.8901 / 0.6885, 0.5 0.8922 / 0.6871, 1 0.8957 / 0.6843; by
    /// samples per intent / 50, up to 1: 0.8957 / 0.6885, strict slot F1 0.7390 -> 0.7422 /
    /// 0.5482 -> 0.5493. The assistant and ported sets, of
    /// few samples, unchanged by any.) Whether a reading is sure enough is weighed by its intent.
    /// (Measured and not kept, session 65: at least 1 for every skill, the new user's skills
    /// 0.8052 -> 0.8312 and strict slot F1 0.9367 -> 0.9560, the evening set 0.7237 -> 0.7368
    /// ("add sunscreen" the packing list's AddItem, not "{item} is packed"), but HWU64 at 10
    /// per intent 0.6898 -> 0.6857: there the skill's own order errs where the routing model's
    /// is right ("turn up radio volume" the audio skill's volume_down, whose samples say the
    /// device and "volume" more than volume_up's).)
    static func ownShare(samplesPerIntent: Double) -> Double { min(1, samplesPerIntent / 50) }

    /// How much a reading counts whose unlisted value swallows the sentence and names what
    /// another skill lists (`swallows`).
    static let swallowedFactor = 0.1

    /// How much a reading counts that fills no slot of an intent every sample of which has one,
    /// from a sentence saying a meaningful word its skill never says: the word stands where the
    /// value would, and is none. "play some jazz" with a score keeper loaded, whose "{Player}
    /// wants to play" gives it 0.81 in the routing model, is no player added. Only a skill's
    /// first reading, the one it tagged (`parse`). (Dev splits, by factor 1 / 0.5 / 0.25:
    /// requests none of the skills serves kept out, newuser 16 / 16 / 17 of 18, assistant 18 /
    /// 18 / 19 of 20, ported 18 / 19 / 19 of 22; a scenario's sentences with its skill absent
    /// rejected, HWU64 at 10 per intent 946 / 950 / 958 of 1,438, full 615 throughout; intent
    /// accuracy at 10 per intent 0.6878 / 0.6864 / 0.6864, full 0.8957 throughout, the three
    /// small sets unchanged. Applied to every reading, untagged ones too, at 0.25: "does basil
    /// need full sun" lost its light intent, read second and so untagged.)
    static let emptyFactor = 0.25

    /// How much a reading counts whose values are all numbers, dates or times, from a sentence
    /// saying two meaningful words or more its skill never says and none it says: "my weight
    /// is 180 pounds today" is no guess of 180 in a number game, "i ran 5 miles this morning"
    /// no table for five ("what's my star sign if my birthday is june fifth" says "sign").
    /// (Dev splits, at 0.25 and 0.2 alike: a scenario's sentences with its skill absent
    /// rejected, ported 76 -> 78 of 94, newuser 69 -> 70 of 77; HWU64 at both sizes, Snips, the
    /// assistant set and every intent accuracy unchanged. Without the words it says exempt, the
    /// ported set lost the star sign.)
    static let numbersOnlyFactor = 0.2

    /// Whether a value the reading's skill lists lies inside a longer one another skill's reading
    /// lists: "bed" of a crafting helper inside a chore chart's "make the bed". The longer one
    /// must be listed as said, not a phrase that merely holds a listed value: a hotel menu's
    /// "a large pizza" (which resolves to its "pizza") covers no pizza shop's size "large".
    /// Such a reading counts `coveredFactor`; one whose built-in list value (a first name, a
    /// city) is no value that list holds, taken only because the samples put a slot there, and
    /// lies inside another skill's listed value counts `unlistedCoveredFactor`. Otherwise 1.
    func coverage(_ candidate: NLUCandidate, by readings: [NLUCandidate]) -> Double {
        let others = readings.filter { $0.skillID != candidate.skillID }.flatMap { reading in
            reading.slots.flatMap(\.values).filter { skills[reading.skillID]?.saysListedValue($0, intent: reading.intent) == true }
        }
        guard !others.isEmpty else { return 1 }
        let values = candidate.slots.flatMap(\.values)
        if values.contains(where: { value in
            value.isListedValue && others.contains { other in other.start <= value.start && value.end <= other.end && other.end - other.start > value.end - value.start }
        }) {
            return Self.coveredFactor
        }
        if values.contains(where: { value in
            skills[candidate.skillID]?.isUnlistedBuiltInListValue(value, intent: candidate.intent) == true
                && others.contains { other in other.start <= value.start && value.end <= other.end }
        }) {
            return Self.unlistedCoveredFactor
        }
        return 1
    }

    /// How much a reading counts, ordering readings, whose listed value lies inside a longer one
    /// another skill's reading lists (`coverage`): the longer match explains more of the
    /// sentence, as the longest match of a gazetteer does. Whether a reading is sure enough is
    /// weighed without it. (Dev splits: newuser strict slot F1 0.8961 -> 0.9161, the chore
    /// reading now first, wrong skill 1 -> 0; HWU64 at both sizes, assistant and ported identical.)
    static let coveredFactor = 0.5

    /// How much a reading counts, ordering readings, whose built-in list value is none that
    /// list holds and lies inside (or is) a value another skill's reading lists: "put lasagna
    /// down for sunday" is a meal planner's dish "lasagna", not a carpool's driver "lasagna"
    /// (its samples say "put {driver} down for {day}"). (Dev splits: family intent 0.8202 ->
    /// 0.8315, strict slot F1 0.9231 -> 0.9341; every other set, HWU64 at both sizes and all
    /// sets together unchanged or better.)
    static let unlistedCoveredFactor = 0.25

    /// Per skill, the meaningful words its readings say as values its types list, as said:
    /// the words those readings explain beside their carrier words.
    private func listedWords(of readings: [NLUCandidate], meaningful: [(start: Int, stem: String)]) -> [SkillID: Set<String>] {
        var words: [SkillID: Set<String>] = [:]
        for reading in readings {
            for value in reading.slots.flatMap(\.values) where skills[reading.skillID]?.saysListedValue(value, intent: reading.intent) == true {
                for word in meaningful where (value.start..<value.end).contains(word.start) { words[reading.skillID, default: []].insert(word.stem) }
            }
        }
        return words
    }

    /// A reading's skill and intent, to know it again.
    static func key(_ candidate: NLUCandidate) -> String { candidate.skillID.rawValue + "\u{1}" + candidate.intent.rawValue }

    /// Whether a value the reading's type does not list swallows most of the sentence's
    /// meaningful words, is longer than any value its type lists by two words or more, and
    /// holds a word another loaded skill lists as a value: "my laptop won't turn on" read by a
    /// smart home's "{device} on" as the device "my laptop won't turn", with a help desk that
    /// lists laptops loaded. A catch-all sample took a request for the other skill. (Not a
    /// title that names a person another skill lists: "play biography of jackie kennedy".)
    private func swallows(_ candidate: NLUCandidate, meaningful: [(start: Int, stem: String)]) -> Bool {
        candidate.slots.contains { value in
            guard !value.isKnownValue, skills[candidate.skillID]?.isWordier(value, intent: candidate.intent) == true else { return false }
            let inside = meaningful.filter { (value.start..<value.end).contains($0.start) }
            return inside.count * 2 >= meaningful.count && inside.contains { word in
                // Numbers, days, places are everyone's values: "wgrr one hundred and three point
                // five" is a station, "windy on saturday in denver" weather.
                NumberWords.value(of: [word.stem]) == nil && Lexicon.classes(of: word.stem).isEmpty && Lexicon.places[word.stem] == nil
                    && stems[candidate.skillID]?.contains(word.stem) != true
                    && listed.contains { $0.key != candidate.skillID && $0.value.contains(word.stem) }
            }
        }
    }

    /// The routing model's probability of a reading, given that the sentence says `foreignWords`
    /// meaningful words its skill never says. The routing model cannot tell: a word no skill
    /// says has no weight in it, so the sentence of a skill that is not loaded ("cancel all
    /// alarms" with no alarm skill) goes to the likeliest of those that are. Each such word
    /// (two at most) multiplies the odds by how much likelier it is in a sentence of the skill
    /// than elsewhere: the skill's `unseenRate` times four, at least 0.2 and at most 1. A skill
    /// of many samples that never says a word is unlikely to hear it; one of ten samples an intent
    /// hears new words all the time, and loses nothing by them. (HWU64 dev split, 18 skills:
    /// a scenario's sentences with its skill absent rejected at full size 0.227 -> 0.408,
    /// intent accuracy 0.8825 unchanged; at 10 per intent 0.605 -> 0.606 and 0.6745
    /// unchanged; with a factor of three times the rate, 0.469 and 0.8804. One factor of 0.7
    /// for every skill instead: 0.434 and 0.8797 at full size, but 0.6335 at 10 per intent.
    /// Excusing words whose vectors lie near a word the skill says did worse at both sizes.)
    /// How much likelier a reading's intent is, as odds, for each meaningful word (two at most)
    /// that its skill never says and another skill with a reading of the sentence does say
    /// around its slots: "i'm going to guess 42", which the routing model gives a trip planner
    /// 0.91 for "i'm going to", says "guess" of the number game's "i guess {number}". It orders
    /// the readings; whether one is sure enough (`routedFloor`) is weighed without it. (Dev
    /// splits, by factor 1 / 0.5 / 0.3 / 0.1: ported skills 0.830 / 0.851 / 0.851 / 0.851;
    /// HWU64 at 10 per intent 0.6982 / 0.6982 / 0.6975 / 0.6996, full size 0.8880 / 0.8887 /
    /// 0.8894 / 0.8908; the assistant set unchanged. Applied to the floor too, at 0.3: HWU64
    /// 0.690 and 0.874, more sentences sent nowhere.) A word another reading says as a value its
    /// skill lists counts the same way: "what time does breakfast start" leaves a home's scene
    /// "what time" with "breakfast" unexplained, which the hotel's reading lists. (Dev splits:
    /// HWU64 full 0.8957 -> 0.8971, at 10 per intent 0.6892 -> 0.6885; every shipped set
    /// together 0.8367 -> 0.8385; each set alone unchanged.)
    static let elsewhereFactor = 0.1

    static func discounted(_ probability: Double, foreignWords: Int, unseenRate: Double) -> Double {
        guard foreignWords > 0, probability < 1 else { return probability }
        let factor = min(1, max(0.2, 4 * unseenRate))
        let odds = probability / (1 - probability) * pow(factor, Double(min(foreignWords, 2)))
        return odds / (1 + odds)
    }

    /// Meaningful words of the sentence its skill's model never says: outside the candidate's
    /// slots, and inside a value its type does not list when another skill says the word around
    /// its slots ("i need a clue" read as a grocery item "a clue", where a quiz says "can i
    /// have a clue").
    /// The meaningful words of the sentence the reading's skill never says outside a value
    /// (stems): "concerts" in "what concerts are on tonight", read by a cinema's "what movies
    /// are on {date}".
    public func unexplainedWords(_ candidate: NLUCandidate, in utterance: Utterance) -> [String] {
        unexplainedWords(Self.meaningful(utterance), candidate)
    }

    private func unexplainedWords(_ meaningful: [(start: Int, stem: String)], _ candidate: NLUCandidate) -> [String] {
        guard let known = stems[candidate.skillID] else { return [] }
        let values = candidate.slots.flatMap(\.values)
        return meaningful.filter { word in
            guard !known.contains(word.stem) else { return false }
            guard let value = values.first(where: { ($0.start..<$0.end).contains(word.start) }) else { return true }
            return !value.isKnownValue && carriers.contains { $0.key != candidate.skillID && $0.value.contains(word.stem) }
        }.map(\.stem)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
