import SkillModel

/// Every loaded skill's understanding behind one index, for sentences that name no skill.
///
/// An inverted index from meaningful words to the skills that use them (weighted by how rare
/// the word is among skills) picks the few skills worth asking; only those parse the
/// sentence, so many skills cost little more than a few. Adding, replacing or removing one
/// skill touches only its own entries: the other skills are not compiled again.
public struct SkillIndex: Sendable {
    private(set) var skills: [SkillID: SkillNLU] = [:]
    private var postings: [String: Set<SkillID>] = [:]
    private var words: [SkillID: Set<String>] = [:]
    /// Each skill's meaningful words as stems ("restaurants" meets "restaurant").
    private var stems: [SkillID: Set<String>] = [:]

    public init(_ skills: [SkillNLU] = []) {
        for skill in skills { insert(skill) }
    }

    public var count: Int { skills.count }

    public func nlu(_ id: SkillID) -> SkillNLU? { skills[id] }

    /// Adds a skill, replacing any with the same id.
    public mutating func insert(_ nlu: SkillNLU) {
        remove(nlu.skillID)
        skills[nlu.skillID] = nlu
        let content = nlu.contentWords
        words[nlu.skillID] = content
        stems[nlu.skillID] = Set(content.map(Stem.of))
        for word in content { postings[word, default: []].insert(nlu.skillID) }
    }

    public mutating func remove(_ id: SkillID) {
        guard skills.removeValue(forKey: id) != nil else { return }
        stems[id] = nil
        for word in words.removeValue(forKey: id) ?? [] {
            postings[word]?.remove(id)
            if postings[word]?.isEmpty == true { postings[word] = nil }
        }
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

    /// Readings across skills, best first, leaving out the built-in intents (which only make
    /// sense to a skill in session) and readings under `floor`. `preferring` is asked even when the shortlist leaves it out,
    /// and wins ties. Between skills, a value a skill lists is evidence the sentence is its
    /// own: each slot that resolves to one counts 0.04 (three at most) toward the order, so
    /// "add rice to my grocery list" goes to the lists skill that lists rice and grocery, not
    /// to a music skill's "add … to my … playlist" that is about as sure. A meaningful word
    /// outside the reading's slots that the skill never says counts against it (a factor of
    /// 0.7 each): each skill's own scores are sure of its own intents, so a coffee skill can
    /// be as sure of "book a table for two at an italian restaurant" (a drink "table") as a
    /// restaurant skill is, though it knows none of "book", "italian" or "restaurant".
    public func parse(_ utterance: Utterance, preferring: SkillID? = nil, limit: Int = 3, today: CivilDate = .today()) -> [NLUCandidate] {
        var asked = shortlist(utterance, limit: limit)
        if let preferring, skills[preferring] != nil, !asked.contains(preferring) { asked.append(preferring) }
        let candidates = asked.flatMap { skills[$0]?.parse(utterance, today: today) ?? [] }.filter { !$0.intent.isBuiltIn && $0.score >= Self.floor }
        // The sentence's meaningful words, by where they start, as stems: once for all readings.
        let meaningful = zip(utterance.tokens, utterance.words).filter { !StopWords.all.contains($0.1) }.map { (start: $0.0.start, stem: Stem.of($0.1)) }
        let ranked: [(candidate: NLUCandidate, rank: Double)] = candidates.map { candidate in
            let foreign = unexplainedWords(meaningful, candidate)
            return (candidate, candidate.score * pow(0.7, Double(foreign)) + 0.04 * Double(min(candidate.listedValues, 3)))
        }
        return ranked.sorted { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank > rhs.rank }
            let (l, r) = (lhs.candidate, rhs.candidate)
            if (l.skillID == preferring) != (r.skillID == preferring) { return l.skillID == preferring }
            if l.skillID != r.skillID { return l.skillID < r.skillID }
            return l.intent < r.intent
        }.map(\.candidate)
    }

    /// Meaningful words of the sentence outside the candidate's slots that its skill's model
    /// never says.
    private func unexplainedWords(_ meaningful: [(start: Int, stem: String)], _ candidate: NLUCandidate) -> Int {
        guard let known = stems[candidate.skillID] else { return 0 }
        let spans = candidate.slots.flatMap(\.values).map { $0.start..<$0.end }
        return meaningful.filter { word in !spans.contains { $0.contains(word.start) } && !known.contains(word.stem) }.count
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
