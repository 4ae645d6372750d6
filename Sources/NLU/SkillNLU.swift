import SkillModel

/// One skill's compiled understanding, built once when the skill loads and then shared,
/// immutable, between turns: a deterministic matcher for in-grammar sentences and a trained
/// classifier and tagger for the rest.
public final class SkillNLU: Sendable {
    public let skillID: SkillID
    public let model: InteractionModel
    let intents: [IntentDefinition]
    let matcher: SampleMatcher
    let statistical: StatisticalNLU?
    let typeMatchers: [SlotTypeMatcher.Key: SlotTypeMatcher]
    private let sampleCounts: [Int]
    /// Samples per intent of the skill's own (not built-in) intents, on average.
    let samplesPerIntent: Double
    /// Built-in intents the model does not declare that an intent of its own hears
    /// (`builtInsSaidByOwnIntents`).
    private let heardBuiltIns: [(builtIn: IntentName, heard: IntentName)]
    /// The samples with no slot, as words, by their first word: a sentence that says one of
    /// them whole, with only function words and request verbs around it, is its intent.
    private let slotless: [String: [(intent: Int, words: [String])]]
    /// The words the model's samples open with ("find", "play", "show"), but articles: a
    /// sentence's first word among them is a command, not the start of a name.
    let commandWords: Set<String>
    /// The meaningful words the model's samples say outside their slots ("order", "crust",
    /// "track"): a value made only of them is the sentence's carrier phrase, not a value.
    let carrierWords: Set<String>
    /// Of the meaningful words the samples say outside their slots, the share said once: Good–
    /// Turing's estimate of how often a new sentence of the skill says a word none of them does.
    let unseenRate: Double
    /// Per intent and slot, a matcher over the slot's elicitation samples and the ways people
    /// answer a question with a bare value ("8", "it's eight", "the grocery one"), made when
    /// the slot is first asked for: a skill asks for few of its slots, and a load from the
    /// cache would spend most of its time making them all.
    private let elicitationMatchers = Locked<[IntentSlot: SampleMatcher]>([:])
    /// Per intent and slot, whether a sample says a negation right before the slot ("{topping}"
    /// after "no" or "without"), worked out the first time a sentence with a negation fills it.
    let negationBeforeSlots = Locked<[IntentSlot: Bool]>([:])
    /// Per intent, whether a sample says "off", worked out the first time a sentence saying
    /// "off" is read as the intent (`withoutValuesSwitchedOff`).
    let samplesSayOff = Locked<[IntentName: Bool]>([:])
    /// Per intent, the words each of its samples (or a built-in's phrases) says outside its
    /// slots, worked out the first time a short sentence is weighed against it
    /// (`saidByOneSampleFirst`).
    let sampleWordSets = Locked<[IntentName: [(words: Set<String>, slotted: Bool)]]>([:])
    /// Per intent, the stems of the meaningful words its samples say outside their slots,
    /// worked out the first time a sentence says one of its slotless samples with a word more
    /// (`saysOwnWordOnly`): walking the samples on every such parse cost "cancel all alarms"
    /// 1.4 ms of HWU64's 18 skills.
    let sampleStems = Locked<[Int: Set<String>]>([:])
    /// Per intent, the words its samples say just before each slot ("to" of "plan a trip to
    /// {toCity}"): which slot a value after such a word fills (`slotsLed(by:in:)`).
    let leadWords: [IntentName: [SlotName: Set<String>]]
    /// Per intent, the slots one of its samples opens with ("{number} is my guess").
    let openingSlots: [IntentName: Set<SlotName>]
    /// The words the samples say right after each slot ("sets" of "{sets} sets of {reps}").
    let trailWords: [IntentName: [SlotName: Set<String>]]
    /// Per intent, the word at least half its samples with a slot say right after it ("list" of
    /// "add {item} to my {list} list"): the samples frame it outside the value.
    let framingTrails: [IntentName: [SlotName: String]]
    /// Per intent, the distinct sets of slot names its samples say (`saidAlone`):
    /// asking each sample's text for them on every parse was a fourteenth of HWU64's parse time.
    let sampleSlotSets: [IntentName: [Set<String>]]
    static let fewSamples = 20
    /// The skill's own intents every sample of which has a slot ("add player {Player}", "{Player}
    /// wants to play"): a reading of one that fills none names nothing it serves.
    let slotBound: Set<IntentName>

    /// Compiles `model`. Built-in intents the model declares get their standard phrases.
    /// - Parameter cache: where trained models are kept by content hash; with a hit, nothing
    ///   is trained.
    public init(skillID: SkillID, model: InteractionModel, cache: NLUCache? = nil) {
        self.skillID = skillID
        self.model = model
        intents = model.intents
        var extra: [IntentName: [String]] = [:]
        // A phrase of a built-in intent that one of the skill's own intents lists as a sample
        // is that intent's ("what are my options" listing sounds, not help), as in Alexa.
        let ownSamples = Set(model.intents.filter { !$0.name.isBuiltIn }.flatMap(\.samples).map { Tokenizer.tokens($0).map(\.text) })
        func phrasesNotOwn(_ builtIn: IntentName) -> [String] {
            (BuiltInIntents.phrases[builtIn] ?? []).filter { !ownSamples.contains(Tokenizer.tokens($0).map(\.text)) }
        }
        for intent in model.intents { extra[intent.name] = phrasesNotOwn(intent.name) }
        let heardBuiltIns = Self.builtInsSaidByOwnIntents(model)
        for (builtIn, heard) in heardBuiltIns { extra[heard, default: []] += phrasesNotOwn(builtIn) }
        self.heardBuiltIns = heardBuiltIns
        // And each sample with a phrasal verb's particle on the other side of its object, when
        // the object names a thing of a short list, not a title ("look up the {object_name}
        // {object_type}": Snips at 70 per intent, intent accuracy 0.9496 -> 0.9464 with such).
        let categories = Set(model.types.filter(SlotTypeMatcher.isCategory).map(\.name))
        for intent in model.intents where !intent.name.isBuiltIn {
            extra[intent.name, default: []] += intent.samples.compactMap(ParticleShift.variant).filter { variant in
                let slots = SampleTemplate.parts(of: variant).compactMap { part -> SlotDefinition? in
                    guard case .slot(let name) = part else { return nil }
                    return intent.slots.first { $0.name.rawValue == name }
                }
                return !ownSamples.contains(Tokenizer.tokens(variant).map(\.text)) && slots.count <= 1 && slots.allSatisfy { categories.contains($0.type) }
            }
        }
        // And each sample without a destination that names only the skill's own place: "add
        // {item}" of "add {item} to my packing list", matched with listed values and short
        // unlisted ones only ("add sunscreen" was 0.28 the addition, 0.23 the packing; "add a
        // hat" noise; "put the washer on delicates" is no item) and not learned (learned too,
        // they moved HWU64's readings of skills they do not touch: full-size intent accuracy
        // 0.8971 -> 0.8964; learned by the routing model alone, 0.8964 too, the evening set
        // 0.7368 -> 0.7237, ported 0.8936 -> 0.8830).
        let matchedOnly = UnsaidDestination.variants(of: model)
        var typeMatchers: [SlotTypeMatcher.Key: SlotTypeMatcher] = [:]
        for intent in model.intents {
            for slot in intent.slots where typeMatchers[SlotTypeMatcher.Key(slot)] == nil {
                typeMatchers[SlotTypeMatcher.Key(slot)] = SlotTypeMatcher(slot, model: model)
            }
        }
        self.typeMatchers = typeMatchers
        matcher = SampleMatcher(
            intents: model.intents.map { ($0.slots, $0.samples + extra[$0.name, default: []]) }, model: model,
            unlisted: model.intents.map { $0.samples.count < Self.fewSamples }, listedOnly: model.intents.map(Self.guesses), placeUnsaid: model.intents.map { matchedOnly[$0.name, default: []] }, types: typeMatchers)
        sampleCounts = model.intents.map(\.samples.count)
        slotBound = Set(model.intents.filter { !$0.name.isBuiltIn && !$0.samples.isEmpty && $0.samples.allSatisfy { $0.contains("{") } }.map(\.name))
        let ownCounts = model.intents.filter { !$0.name.isBuiltIn }.map(\.samples.count)
        samplesPerIntent = ownCounts.isEmpty ? 0 : Double(ownCounts.reduce(0, +)) / Double(ownCounts.count)
        var slotless: [String: [(intent: Int, words: [String])]] = [:]
        for (index, intent) in model.intents.enumerated() where !intent.name.isBuiltIn {
            for sample in intent.samples where !sample.contains("{") {
                let words = Contractions.expanded(Tokenizer.tokens(sample).map(\.text))
                // Function words alone ("where am i") only as two or more, said whole with at most
                // an adverb or a filler (`saidSample`).
                guard let first = words.first, words.count >= 2 || words.contains(where: { !StopWords.all.contains($0) }) else { continue }
                slotless[first, default: []].append((index, words))
            }
        }
        self.slotless = slotless
        commandWords = Set(model.intents.flatMap(\.samples).compactMap { sample in
            guard case .text(let text)? = SampleTemplate.parts(of: sample).first else { return nil }
            return Tokenizer.tokens(text).first.map(\.text)
        }).subtracting(SlotTypeMatcher.determiners)
        let sampleWords = model.intents.flatMap(\.samples).flatMap(SampleTemplate.meaningfulWords(of:))
        carrierWords = Set(sampleWords)
        unseenRate = Self.unseenRate(sampleWords)
        var leadWords: [IntentName: [SlotName: Set<String>]] = [:]
        var trailWords: [IntentName: [SlotName: Set<String>]] = [:]
        var framingTrails: [IntentName: [SlotName: String]] = [:]
        for intent in model.intents {
            for slot in intent.slots {
                leadWords[intent.name, default: [:]][slot.name] = Self.leadWords(of: slot.name, in: intent)
                let trails = Self.trails(of: slot.name, in: intent)
                trailWords[intent.name, default: [:]][slot.name] = Set(trails.compactMap { $0 })
                framingTrails[intent.name, default: [:]][slot.name] = Self.framingTrail(trails)
            }
        }
        self.leadWords = leadWords
        openingSlots = Dictionary(model.intents.map { intent in
            (intent.name, Set(intent.samples.compactMap { sample -> SlotName? in
                guard case .slot(let name)? = SampleTemplate.parts(of: sample).first else { return nil }
                return SlotName(name)
            }))
        }, uniquingKeysWith: { first, _ in first })
        self.trailWords = trailWords
        self.framingTrails = framingTrails
        sampleSlotSets = Dictionary(model.intents.map { intent in
            (intent.name, Array(Set(intent.samples.map { Set(SampleTemplate.slotReferences(in: $0)) })))
        }, uniquingKeysWith: { first, _ in first })
        let trainable = model.intents.contains { !($0.samples + extra[$0.name, default: []]).isEmpty }
        statistical = trainable ? Self.trained(model: model, extra: extra, cache: cache) : nil
    }

    /// The trained path from the cache, or trained now (and cached).
    private static func trained(model: InteractionModel, extra: [IntentName: [String]], cache: NLUCache?) -> StatisticalNLU {
        let train = { StatisticalNLU(model: model, intents: model.intents, extraSamples: extra, seed: seed(for: model)) }
        guard let cache else { return train() }
        return cache.value(NLUCache.key(for: model), decode: { payload in
            var reader = BinaryReader(payload)
            guard let loaded = try? StatisticalNLU(decoding: &reader, model: model, intents: model.intents, extraSamples: extra), reader.isAtEnd else { return nil }
            return loaded
        }, train: train, encode: { statistical in
            var writer = BinaryWriter()
            statistical.encode(into: &writer)
            return writer.bytes
        })
    }

    /// A seed from the model's content, so a model always trains the same way.
    static func seed(for model: InteractionModel) -> UInt64 {
        var hash = StableHash("model")
        hash.combine(model.invocationName)
        for intent in model.intents {
            hash.combine(intent.name.rawValue)
            for sample in intent.samples { hash.combine(sample) }
        }
        return hash.value
    }

    /// A sample that is one slot alone is an answer ("{Capital}" of a quiz): said as people
    /// say a guess too ("is it austin", "i think it's sacramento", "maybe texas"), which the
    /// matcher reads as that sample with a value the type lists or reads: "it's too bright" is
    /// no guess.
    static func guesses(_ intent: IntentDefinition) -> [String] {
        intent.samples.filter { sample in
            let parts = SampleTemplate.parts(of: sample).filter { part in
                if case .text(let text) = part { return text.contains { !$0.isWhitespace } }
                return true
            }
            if parts.count == 1, case .slot = parts[0] { return true }
            return false
        }.flatMap { (sample: String) -> [String] in
            let led: [String] = guessLeads.flatMap { (lead: String) -> [String] in [lead + sample, lead + "the " + sample] }
            return led + [sample + " i think", sample + " maybe"]
        }
    }

    static let guessLeads = ["is it ", "it's ", "it is ", "i think it's ", "i think it is ", "i think ", "maybe ", "maybe it's ", "i guess ", "i'd say ",
                             "my answer is ", "the answer is ", "is the answer ", "how about ", "i'll go with ", "let's say ",
                             "my guess is ", "i'm guessing ", "i'm going to guess ", "i'll guess ", "i'll say ", "i say ", "could it be ", "is it maybe "]

    /// How people answer "which one?" with a bare value: the words before and after the
    /// value, in the ways of saying it, each also with "please", and with the hedges and
    /// fillers people put around a bare answer ("um, maybe eight", "the grocery one please").
    /// (All combinations would make each slot's matcher ten times bigger for little.)
    static let answerPatterns: [(before: String, after: String)] = {
        let ways = [("", ""), ("it's ", ""), ("it is ", ""), ("for ", ""), ("it's for ", ""), ("it is for ", ""), ("the ", ""), ("the ", " one"), ("a ", " one"), ("make it ", ""), ("i said ", ""), ("that would be ", ""),
                    ("let's say ", ""), ("how about ", ""), ("i'd say ", ""), ("i want ", ""), ("i'd like ", ""), ("i would like ", ""),
                    ("i'll have ", ""), ("i'll take ", ""), ("give me ", ""), ("just ", ""), ("only ", ""), ("", " of them"),
                    // A change of mind, asked to confirm ("A medium latte, is that right?").
                    ("actually ", ""), ("actually make it ", ""), ("no make it ", ""), ("no ", ""), ("change it to ", ""), ("make that ", ""),
                    ("go with ", ""), ("let's go with ", ""), ("switch to ", ""), ("use ", ""), ("use the ", ""), ("use my ", ""),
                    ("let's do ", ""), ("let's get ", ""), ("let's have ", ""), ("we'll have ", ""), ("we'll take ", ""), ("i'll do ", ""),
                    ("i'll get ", ""), ("can i get ", ""), ("can i have ", ""), ("could i get ", ""), ("i'll go with ", "")]
        // A hedge on an amount ("about forty five minutes", "around noon") is the amount.
        let before = ["", "well ", "maybe ", "i think ", "i guess ", "probably ", "ok ", "oh ",
                      "about ", "around ", "roughly ", "approximately ", "almost ", "nearly ", "like ", "maybe about ", "just about "]
        let after = answerTails.map { $0.isEmpty ? "" : " " + $0 }
        return ways + ways.map { ($0.0, $0.1 + " please") } + before.flatMap { lead in after.map { (lead, $0) } }
    }()

    /// What may follow a bare answer: the `answerPatterns`' endings.
    static let answerTails = ["", "please", "i think", "i guess", "thanks", "thank you", "maybe", "or so"]

    /// A slot's answer samples with words before the value joined to those with words after it:
    /// "for {people}" and "{people} people" give "for {people} people".
    static func joinedAnswers(_ slot: SlotDefinition) -> [String] {
        let value = SampleTemplate.Part.slot(slot.name.rawValue)
        var leads: [String] = []
        var tails: [String] = []
        for sample in slot.samples {
            let parts = SampleTemplate.parts(of: sample)
            guard parts.count == 2 else { continue }
            if case .text(let lead) = parts[0], parts[1] == value { leads.append(lead) }
            if case .text(let tail) = parts[1], parts[0] == value { tails.append(tail) }
        }
        return Array(leads.flatMap { lead in tails.map { lead + "{\(slot.name)}" + $0 } }.prefix(64))
    }

    /// A slot's answer samples that say words around the value, after the words people open an
    /// answer with: "it's under maria" for "under {name}", "actually for six" for "for {people}".
    static func ledAnswers(_ slot: SlotDefinition) -> [String] {
        let worded = slot.samples.filter { SampleTemplate.parts(of: $0).count > 1 }
        return Array(worded.flatMap { sample in answerLeads.map { $0 + sample } }.prefix(96))
    }

    /// A slot's value said with the words the intent's samples put right around it, as a noun
    /// phrase: "my checking account" asked which account ("from my {from} account"), "a large
    /// pizza" asked which size ("i want a {size} pizza"), "from my savings account", "use my
    /// savings account". The words before only if they end in a determiner, the word after only
    /// if it is a meaningful word, not a preposition opening another phrase ("{plant} in the
    /// {room}").
    static func framedAnswers(_ slot: SlotDefinition, in intent: IntentDefinition) -> [String] {
        let value = SampleTemplate.Part.slot(slot.name.rawValue)
        var framed: [String] = []
        for sample in intent.samples {
            let parts = SampleTemplate.parts(of: sample)
            for k in parts.indices where parts[k] == value {
                var leads = ["the"]
                var tail: String?
                if k > 0, case .text(let text) = parts[k - 1] {
                    let words = Tokenizer.tokens(text).map(\.text)
                    if let last = words.last, SlotTypeMatcher.determiners.contains(last) {
                        leads = [last] + (words.count > 1 ? [words[words.count - 2] + " " + last] : [])
                    }
                }
                if k + 1 < parts.count, case .text(let text) = parts[k + 1], let word = Tokenizer.tokens(text).first?.text,
                    !StopWords.all.contains(word), word.allSatisfy(\.isLetter) { tail = word }
                guard let tail else { continue }
                framed += ["{\(slot.name)} \(tail)", "use \(leads[0]) {\(slot.name)} \(tail)"] + leads.map { "\($0) {\(slot.name)} \(tail)" }
            }
        }
        return Self.firstDistinct(framed)
    }

    /// Free text asked for, said after the words the intent's samples put before it, another
    /// slot there said as a pronoun: "tell her dinner is at 7", asked what the text should
    /// say ("tell {name} {message}"), says "dinner is at 7"; so does "saying dinner is at 7"
    /// ("send a message to {name} saying {message}").
    static func ledFreeTextAnswers(_ slot: SlotDefinition, in intent: IntentDefinition) -> [String] {
        guard BuiltInSlotTypes.kind(of: slot.type) == .searchQuery else { return [] }
        let value = SampleTemplate.Part.slot(slot.name.rawValue)
        var led: [String] = []
        for sample in intent.samples {
            let parts = SampleTemplate.parts(of: sample)
            guard let k = parts.firstIndex(of: value), k > 0, k == parts.count - 1 else { continue }
            let lead = parts[..<k]
            // The words right before it, when they say something ("saying").
            if case .text(let text) = parts[k - 1], Tokenizer.tokens(text).contains(where: { !StopWords.all.contains($0.text) }) {
                led.append(text.split(separator: " ").joined(separator: " ") + " {\(slot.name)}")
            }
            guard lead.contains(where: { if case .slot = $0 { true } else { false } }) else { continue }
            for pronoun in ["him", "her", "them"] {
                let said = lead.map { part in
                    switch part {
                    case .text(let text): text
                    case .slot: " \(pronoun) "
                    }
                }
                led.append(said.joined().split(separator: " ").joined(separator: " ") + " {\(slot.name)}")
            }
        }
        return Self.firstDistinct(led)
    }

    /// How people give a name asked for, a first name's slot: "she's called mittens", "we call
    /// him buddy", "his name is max", "max is her name", "i'm ada".
    static func namingAnswers(_ slot: SlotDefinition) -> [String] {
        guard BuiltInSlotTypes.firstNameTypes.contains(slot.type) else { return [] }
        let value = "{\(slot.name)}"
        return namingLeads.map { $0 + value } + ["his", "her", "its", "their", "my"].map { "\(value) is \($0) name" }
    }

    static let namingLeads: [String] = ["he", "she", "it", "they"].flatMap { subject in ["\(subject) is called ", "\(subject)'s called ", "\(subject) is named ", "\(subject)'s named "] }
        + ["him", "her", "it", "them"].flatMap { object in ["we call \(object) ", "i call \(object) ", "call \(object) "] }
        + ["his", "her", "its", "their", "my"].flatMap { owner in ["\(owner) name is ", "\(owner) name's "] }
        + ["it's called ", "the name is ", "the name's ", "name's ", "i'm ", "i am ", "call me ", "they call me "]

    /// The first 24 different samples of `samples`, in order: made answers a slot's matcher adds.
    static func firstDistinct(_ samples: [String]) -> [String] {
        var seen: Set<String> = []
        return Array(samples.filter { seen.insert($0).inserted }.prefix(24))
    }

    /// The words that open an answer said with the slot's own words around it.
    static let answerLeads = ["it's ", "that's ", "make it ", "actually ", "actually make it ", "no ", "no make it ", "i said "]

    /// What the dialog is asking for: the intent under way and the slot it elicits.
    public struct Elicitation: Sendable, Equatable {
        public let intent: IntentName
        public let slot: SlotName
        public init(intent: IntentName, slot: SlotName) {
            self.intent = intent
            self.slot = slot
        }
    }

    /// Parses an answer to a question about `elicitation.slot`: the slot's elicitation samples
    /// and bare answers are read first ("8", "eight", "the grocery one"), then the built-in
    /// intents that leave the question (stop, cancel, help), then everything else.
    public func parse(_ utterance: Utterance, eliciting elicitation: Elicitation, today: CivilDate = .today()) -> [NLUCandidate] {
        if let repaired = repairedAnswer(utterance, eliciting: elicitation, today: today) { return repaired }
        var answered = answers(utterance, eliciting: elicitation, today: today).map {
            withoutDegreeWords(withoutSubjects(timesOfDay($0, utterance: utterance, today: today, answering: true), utterance: utterance, today: today), utterance: utterance)
        }
        if let settled = settledAnswer(utterance, eliciting: elicitation, answered: answered, today: today) { answered = settled }
        if let meant = meantValue(utterance, eliciting: elicitation, answered: answered, today: today) { return [meant] + answered }
        if let value = valueForAnotherIntent(utterance, eliciting: elicitation, answered: answered, today: today) { return [value] + answered }
        return answered
    }

    /// Asked for a value, a reading of another of the skill's own intents, short of a sample
    /// said whole, whose one value is of the asked slot's type, answers the question when the
    /// sentence says none of that intent's own words the asked intent's samples do not: "we
    /// read circe this month", asked which book to rate, is the book, not a suggestion to read
    /// it ("we should read {title}"; the rating's "the book we read" says "read" too, and
    /// "this month" only says when). "call off friday", asked a walk's day, still cancels.
    private func valueForAnotherIntent(_ utterance: Utterance, eliciting elicitation: Elicitation, answered: [NLUCandidate], today: CivilDate) -> NLUCandidate? {
        guard let best = answered.first, best.intent != elicitation.intent, !best.intent.isBuiltIn, best.score < Self.saidSampleScore, best.slots.count == 1,
            let value = best.slots.first, value.list.isEmpty, let statistical,
            let other = intents.firstIndex(where: { $0.name == best.intent }), let otherSlot = intents[other].slot(named: value.name),
            let asking = intents.firstIndex(where: { $0.name == elicitation.intent }), let asked = intents[asking].slot(named: elicitation.slot),
            asked.type == otherSlot.type, let span = utterance.tokens(of: value)
        else { return nil }
        let words = utterance.words
        let slotWords = Set(asked.samples.flatMap { Tokenizer.tokens($0).map(\.text) })
        // Words of a date or time said ("this month") ask for nothing. (`saysWhen` knows a word
        // that says when alone; "month" says it only with "this".)
        let inATime = { (index: Int) in
            SlotTypeMatcher.isTime([words[index]]) || (index > 0 && SlotTypeMatcher.isTime([words[index - 1], words[index]]))
                || (index + 1 < words.count && SlotTypeMatcher.isTime([words[index], words[index + 1]]))
        }
        let othersOwn = words.indices.contains { index in
            !span.contains(index) && !StopWords.all.contains(words[index]) && statistical.says(words[index], intent: other)
                && !statistical.says(words[index], intent: asking) && !slotWords.contains(words[index]) && !inATime(index)
        }
        guard !othersOwn, let moved = slotMatch(asked, first: span.lowerBound, last: span.upperBound, utterance: utterance, today: today) else { return nil }
        return NLUCandidate(skillID: skillID, intent: intents[asking].name, score: best.score, slots: [moved], declaredSlots: intents[asking].slots.map(\.name))
    }

    /// An answer the speaker corrects as they say it is what follows the correction: "a large
    /// no wait a medium", "friday i mean saturday", "sorry i meant sunday", "not friday but
    /// saturday", "not large, medium". Taken when the words after it answer with a value the
    /// slot's type lists or reads (not free text, whose words are all the answer); the value
    /// keeps its place in what was said.
    private func repairedAnswer(_ utterance: Utterance, eliciting elicitation: Elicitation, today: CivilDate) -> [NLUCandidate]? {
        guard let cut = Self.repairCut(utterance), let intent = intents.first(where: { $0.name == elicitation.intent }),
            let slot = intent.slot(named: elicitation.slot), let type = typeMatchers[SlotTypeMatcher.Key(slot)]
        else { return nil }
        if case .freeText = type.kind { return nil }
        // Everything up to the correction blanked out, so every value keeps its offsets.
        let rest = utterance.blanked(through: cut)
        let read = answers(rest, eliciting: elicitation, today: today)
        guard let best = read.first, best.intent == elicitation.intent, best.slots.contains(where: { $0.name == elicitation.slot && $0.isKnownValue }) else { return nil }
        return read.map { dayPartAsTime($0, utterance: rest, today: today) }
    }

    /// An answer opened by words that only settle on it ("ok let's do the black keys", "alright,
    /// the floor"), read without them when that reads the asked slot better: a value where the
    /// whole read none the type knows, or, of free text, the shorter value ("the black keys",
    /// not "let's do the black keys", the bare "{artist}" taking every word). Not words that
    /// open values too ("well done", "right now", "so long").
    private func settledAnswer(_ utterance: Utterance, eliciting elicitation: Elicitation, answered: [NLUCandidate], today: CivilDate) -> [NLUCandidate]? {
        let words = utterance.words
        guard let opening = words.firstIndex(where: { !Self.settlingWords.contains($0) }), opening > 0 else { return nil }
        func asked(_ readings: [NLUCandidate]) -> SlotMatch? {
            readings.first.flatMap { $0.intent == elicitation.intent ? $0.slots.first { $0.name == elicitation.slot } : nil }
        }
        let rest = utterance.blanked(through: opening - 1)
        let read = answers(rest, eliciting: elicitation, today: today).map {
            withoutSubjects(timesOfDay($0, utterance: rest, today: today, answering: true), utterance: rest, today: today)
        }
        guard let settled = asked(read) else { return nil }
        guard let whole = asked(answered) else { return read }
        if whole.isKnownValue { return nil }
        return settled.isKnownValue || (whole.start < settled.start && settled.end <= whole.end) ? read : nil
    }

    /// Words that settle on an answer before giving it.
    static let settlingWords: Set<String> = ["ok", "okay", "alright", "oh", "yeah", "yes", "sure", "hmm"]

    /// The last token of a correction the answer makes of itself, or nil: the words that take
    /// back what came before ("no wait", "i mean", "sorry", "or rather", "actually" after a
    /// word), or the "but" or comma after an opening "not".
    static func repairCut(_ utterance: Utterance) -> Int? {
        let words = utterance.words
        guard words.count > 1 else { return nil }
        if words[0] == "not" {
            if let but = words.firstIndex(of: "but"), but + 1 < words.count { return but }
            let scalars = Array(utterance.text.unicodeScalars)
            for i in 1..<(words.count - 1) where utterance.tokens[i].end < scalars.count && scalars[utterance.tokens[i].end] == "," { return i }
        }
        var cut: Int?
        for i in words.indices.dropLast() {
            if repairPairs.contains(words[i] + " " + words[i + 1]), i + 2 < words.count {
                cut = i + 1
            } else if words[i] == "sorry" || (i > 0 && repairWords.contains(words[i])) {
                cut = i
            }
        }
        return cut
    }

    static let repairPairs: Set<String> = ["no wait", "wait no", "i mean", "i meant", "or rather", "no sorry", "sorry no"]
    static let repairWords: Set<String> = ["rather", "actually", "oops"]

    /// Words that ask for the question again ("sorry what", "pardon", "come again").
    static let askingAgain: Set<String> = ["sorry", "pardon", "excuse", "huh", "come", "again", "repeat", "say"]

    /// Whether the words only hold the floor or step back ("wait", "hold on a second", "let me
    /// think", "go back"), after any fillers: no answer to anything asked.
    static func isStalling(_ words: [String]) -> Bool {
        var rest = words[...]
        while let first = rest.first, stallingFillers.contains(first) { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return false }
        return stallingPhrases.contains { phrase in
            rest.starts(with: phrase) && rest.dropFirst(phrase.count).allSatisfy { stallingTails.contains($0) }
        }
    }

    static let stallingPhrases: [[String]] = [
        ["wait"], ["hold", "on"], ["hang", "on"], ["one", "moment"], ["one", "sec"], ["one", "second"], ["give", "me", "a"], ["let", "me", "think"],
        ["let", "me", "see"], ["let", "me", "check"], ["go", "back"], ["good", "question"], ["i", "need", "to", "think"],
    ]
    /// (Hesitations, "um" and "hmm", are gone from the words already: `Tokenizer`.)
    static let stallingFillers: Set<String> = ["so", "ok", "okay", "oh", "well", "actually", "hey", "and", "but", "just"]
    static let stallingTails: Set<String> = ["a", "sec", "second", "minute", "moment", "bit", "please", "about", "it", "that", "now"]

    /// One slot of one intent, as the key of what is worked out for it when first needed.
    struct IntentSlot: Hashable {
        let intent: IntentName
        let slot: SlotName
    }

    /// The matcher of answers to a question for `slot` of `intent` (nil when the intent has no
    /// such slot), made at the first question and kept.
    private func elicitationMatcher(_ intent: IntentDefinition, slot name: SlotName) -> SampleMatcher? {
        let key = IntentSlot(intent: intent.name, slot: name)
        if let made = elicitationMatchers.withLock({ $0[key] }) { return made }
        guard let slot = intent.slot(named: name) else { return nil }
        let samples = slot.samples + Self.joinedAnswers(slot) + Self.ledAnswers(slot) + Self.framedAnswers(slot, in: intent) + Self.ledFreeTextAnswers(slot, in: intent)
            + Self.answerPatterns.map { $0.before + "{\(slot.name)}" + $0.after } + Self.namingAnswers(slot)
        let matcher = SampleMatcher(intents: [(intent.slots, samples)], model: model, types: typeMatchers)
        elicitationMatchers.withLock { $0[key] = matcher }
        return matcher
    }

    private func answers(_ utterance: Utterance, eliciting elicitation: Elicitation, today: CivilDate) -> [NLUCandidate] {
        let general = parse(utterance, today: today, answering: true)
        guard let intentIndex = intents.firstIndex(where: { $0.name == elicitation.intent }),
            let matcher = elicitationMatcher(intents[intentIndex], slot: elicitation.slot)
        else { return general }
        // A sure built-in is what was said, but "home", asked where to be picked up (free text,
        // an address), is the place, not AMAZON.NavigateHomeIntent.
        let homeIsAPlace = general.first?.intent == "AMAZON.NavigateHomeIntent" && utterance.words == ["home"] && readsFreeText(elicitation.slot, of: elicitation.intent)
        if let best = general.first, best.intent.isBuiltIn, best.score >= 1, !homeIsAPlace { return general }
        let answers = matcher.matches(utterance, today: today).filter { match in
            // The elicited slot must be among what the answer fills, and a sample of slots
            // alone says nothing of where unlisted values end: "{I_Want} {article} {size}
            // {pet}" would read "what time is it" one word a slot.
            match.captures.contains { $0.slot == elicitation.slot }
                && (match.literalWords > 0 || match.captures.filter { $0.reading.fit < 1 }.count < 2)
        }
        // Else, or rather than an unlisted value holding words no value of the type says ("put
        // it under maria" for "{name} please"), the one value the answer says amid echoes of the
        // question — unless the sentence is surely something else.
        let echoed: (match: SampleMatcher.Match, alongside: [SlotMatch])? = intents[intentIndex].slots.first { $0.name == elicitation.slot }.flatMap { slot in
            let intent = intents[intentIndex]
            let loose = answers.first.map { looseAnswer($0, slot: slot, of: intent, utterance: utterance, matcher: matcher) } ?? true
            guard loose, general.first.map({ best in
                best.intent == elicitation.intent ? !best.slots.contains { $0.name == elicitation.slot } : best.intent == .fallback || best.score < 0.5
            }) ?? true else { return nil }
            return echoedAnswer(utterance, slot: slot, of: intent, intentIndex: intentIndex, matcher: matcher, today: today)
        }
        guard let answer = echoed?.match ?? answers.first else { return general }
        // A yes or a no is no value of a type that lists its values: "yes", asked which crust,
        // is a sentence not understood (the question is asked again), not a "yes" crust.
        if answer.captures.contains(where: { capture in
            capture.reading.fit < 1 && matcher.types[capture.type].isListed
                && (BuiltInIntents.isBareConfirmation(utterance.words) || BuiltInIntents.isBareConfirmation(Array(utterance.words[capture.firstToken...capture.lastToken])))
        }) {
            return general
        }
        // Nor is a question, longer than the type's values: "wait, what crusts do you have" or
        // "can i change the time to 8" asked which crust is no crust; nor, however short, a
        // place or a name of a built-in list ("what did i say", asked which city), or a
        // category word ("what do you have", asked which sound) — names and titles may ask
        // ("who framed roger rabbit").
        if Self.isQuestion(utterance.words), answer.captures.contains(where: { capture in
            let type = matcher.types[capture.type]
            guard capture.reading.fit < 1, type.isListed else { return false }
            if case .list = type.kind { return true }
            return type.listsCategories || type.isWordier(capture.lastToken - capture.firstToken + 1)
        }) {
            return general
        }
        // Nor are words that name nothing: "sorry what" or "pardon", asked which account, ask
        // for the question again; a type of short category words has no value made of function
        // words alone.
        if answer.captures.contains(where: { capture in
            capture.reading.fit < 1 && matcher.types[capture.type].listsCategories
                && utterance.words[capture.firstToken...capture.lastToken].allSatisfy { StopWords.all.contains($0) || Self.askingAgain.contains($0) }
        }) {
            return general
        }
        // Nor is holding the floor: "wait", "hold on" or "let me think", asked which crust,
        // name no crust (the question is asked again).
        if Self.isStalling(utterance.words), answer.captures.contains(where: { $0.reading.fit < 1 }) {
            return general
        }
        // Nor, for a built-in list (cities, countries, first names), everyday words it does
        // not list: "go back", "wait" or "let me think", asked which city, name no city.
        if answer.captures.contains(where: { capture in
            guard capture.reading.fit < 1, case .list = matcher.types[capture.type].kind else { return false }
            return utterance.words[capture.firstToken...capture.lastToken].allSatisfy { Self.everydayWords.contains($0) || Self.askingAgain.contains($0) }
        }) {
            return general
        }
        // A value the type does not list that holds the model's carrier words is a request, not
        // an answer: "i want to order" or "i want to track my order" asked for a size.
        if answer.captures.contains(where: { capture in
            capture.reading.fit < 1 && matcher.types[capture.type].isListed
                && utterance.words[capture.firstToken...capture.lastToken].contains { !StopWords.all.contains($0) && carrierWords.contains($0) }
        }) {
            return general
        }
        // Nor, for a built-in list, words that are only the words the asked slot's own samples
        // say around it: "the airport", asked which city, for "at the {city} airport".
        if let asked = intents[intentIndex].slot(named: elicitation.slot), answer.captures.contains(where: { capture in
            guard capture.reading.fit < 1, case .list = matcher.types[capture.type].kind else { return false }
            let framing = Set(Self.sampleFrames(asked.samples, of: asked).flatMap { $0.lead + $0.tail })
            let said = utterance.words[capture.firstToken...capture.lastToken]
            return said.contains(where: framing.contains) && said.allSatisfy { StopWords.all.contains($0) || framing.contains($0) }
        }) {
            return general
        }
        // Nor, for a custom type, a part of the day or a day said in words, no number, it does
        // not list: "in the morning", asked which habit, is when, not what ("two", asked how
        // many, is still two; a date said in full is still heard as a change).
        if answer.captures.contains(where: { capture in
            guard capture.reading.fit < 1, case .custom = matcher.types[capture.type].kind else { return false }
            let said = Array(utterance.words[capture.firstToken...capture.lastToken])
            guard !said.contains(where: { NumberWords.value(of: [$0]) != nil || BuiltInSlotTypes.ordinal([$0]) != nil }) else { return false }
            return BuiltInSlotTypes.read(.time, words: said, today: today) != nil || BuiltInSlotTypes.read(.date, words: said, today: today) != nil
        }) {
            return general
        }
        // Nor is saying there is no answer yet: "i don't know yet", asked what to do there, is
        // no activity.
        if Self.saysNoAnswer(utterance.words), answer.captures.contains(where: { $0.reading.fit < 1 }) {
            return general
        }
        if !answer.captures.allSatisfy({ $0.reading.fit >= 1 }), let other = general.first {
            // The whole sentence read surely as the intent, the slot with a value its type
            // knows ("what's on the books to read list" asked which list): that reading, not
            // the sentence as one unlisted name.
            if other.intent == elicitation.intent, other.score >= 0.9,
                other.slots.contains(where: { $0.name == elicitation.slot && $0.isKnownValue }) {
                return general
            }
            // An answer with an unlisted value gives way to a sure reading of something else,
            // and to a sentence out of the skill's domain longer than the values the type lists
            // ("what time is it" asked for a size; "purple" is still an answer).
            // Not for free text (AMAZON.SearchQuery), which takes any sentence: "it keeps
            // jamming when i print double sided", asked what is wrong, is the answer.
            // A list is as wordy as its longest value: "priya and tom", asked who to invite.
            let wordier = answer.captures.contains { capture in
                let type = matcher.types[capture.type]
                if case .freeText = type.kind, capture.slot == elicitation.slot { return false }
                return capture.reading.fit < 1 && type.isWordier(utterance.words[capture.firstToken...capture.lastToken], pauseAfter: utterance.pause(after:))
            }
            if other.intent != elicitation.intent, !homeIsAPlace, other.intent == .fallback ? other.score >= 0.5 && wordier : other.score >= 0.9 { return general }
            // Nor is a sentence that opens as the model's commands do ("read me the hardware
            // list" asked which list to add to) when another of its intents reads it.
            if other.intent != elicitation.intent, other.intent != .fallback, other.score >= 0.3, answer.literalWords == 0,
                let opening = utterance.words.first, commandWords.contains(opening) { return general }
            // Nor is it an answer when it holds what another slot of the intent takes: "a
            // latte" or "at 5" asked for a size is a drink or a time, not a size. Said alone
            // ("large" asked for a drink), it fills that slot, as Alexa's dialog lets a user
            // answer more than was asked.
            let intent = intents[intentIndex]
            // (Free text says what it says: "the wifi drops every few minutes", asked what is
            // wrong, is that, though it names the product; "my laptop" is the product.)
            if let capture = answer.captures.first(where: { capture in
                if case .freeText = matcher.types[capture.type].kind, capture.lastToken - capture.firstToken >= 2 { return false }
                return capture.reading.fit < 1 && holdsOtherSlotsValue(capture, of: intent, utterance: utterance, today: today)
            }) {
                // Of two slots of one type, the one the samples say the word before it for:
                // "change it to denver" asked for an activity is the arrival, not the departure.
                let owners = intent.slots.filter { $0.name != capture.slot && wholeValue(of: $0, first: capture.firstToken, last: capture.lastToken, utterance: utterance, today: today) }
                let before = capture.firstToken > 0 ? utterance.words[capture.firstToken - 1] : ""
                let ofSharedType = { (slot: SlotDefinition) in intent.slots.contains { $0.name != slot.name && $0.type == slot.type } }
                if let slot = owners.first(where: { ofSharedType($0) && leadWords[intent.name]?[$0.name]?.contains(before) == true }) ?? owners.first,
                    let match = slotMatch(slot, first: capture.firstToken, last: capture.lastToken, utterance: utterance, today: today) {
                    return [NLUCandidate(skillID: skillID, intent: intent.name, score: 0.9, slots: [match], declaredSlots: intent.slots.map(\.name))]
                        + general.filter { $0.intent != intent.name }
                }
                return general
            }
        }
        // A name keeps its article where the type's listed names have one: "the name of the
        // wind" answered to "which book?" is that title (the type lists "the hobbit"), though
        // the answer pattern "the {slot}" reads "the grocery one" as "grocery", and "a pizza"
        // asked for a drink is "pizza". Only at the end of the answer (or before "please", "i
        // think"…), where a descriptor ("the blue one") is not.
        // Free text keeps every word said: "the screen is cracked" is not "screen is cracked".
        let captures = answer.captures.map { capture -> SampleMatcher.Capture in
            let type = matcher.types[capture.type]
            // A built-in list's value inside words that only place it: "somewhere in austin",
            // asked which city, is austin.
            if capture.reading.fit < 1, case .list = type.kind, let listed = Self.listedInside(utterance.words, capture.firstToken...capture.lastToken, type: type),
                let reading = type.read(words: utterance.words[listed], today: today) {
                return SampleMatcher.Capture(slot: capture.slot, type: capture.type, firstToken: listed.lowerBound, lastToken: listed.upperBound, reading: reading)
            }
            let freeText = if case .freeText = type.kind { true } else { false }
            guard capture.reading.fit < 1, type.listsArticles || freeText, capture.firstToken > 0,
                (freeText ? SlotTypeMatcher.determiners : SlotTypeMatcher.articles).contains(utterance.words[capture.firstToken - 1]),
                freeText || Self.answerTails.contains(utterance.words[(capture.lastToken + 1)...].joined(separator: " ")),
                let reading = type.read(words: utterance.words[(capture.firstToken - 1)...capture.lastToken], today: today), reading.fit < 1
            else { return capture }
            return SampleMatcher.Capture(slot: capture.slot, type: capture.type, firstToken: capture.firstToken - 1, lastToken: capture.lastToken, reading: reading)
        }
        let remapped = SampleMatcher.Match(intent: intentIndex, captures: captures, score: answer.score, literalWords: answer.literalWords)
        var read = candidate(from: remapped, utterance: utterance, today: today, source: matcher)
        if let alongside = echoed?.alongside, !alongside.isEmpty {
            read = NLUCandidate(skillID: read.skillID, intent: read.intent, score: read.score, slots: read.slots + alongside.filter { value in !read.slots.contains { $0.name == value.name } },
                                declaredSlots: read.declaredSlots)
        }
        return [read] + general.filter { $0.intent != elicitation.intent }
    }

    /// The longest value `type` lists inside `span`, when every other word of it is a function
    /// word, a hedge or a word standing for a place or a thing ("somewhere in austin").
    static func listedInside(_ words: [String], _ span: ClosedRange<Int>, type: SlotTypeMatcher) -> ClosedRange<Int>? {
        guard span.count > 1 else { return nil }
        var best: ClosedRange<Int>?
        for first in span {
            for last in first...span.upperBound where best.map({ last - first > $0.count - 1 }) ?? true {
                guard (first...last) != span, type.isListedValue(words[first...last]),
                    span.allSatisfy({ (first...last).contains($0) || StopWords.all.contains(words[$0]) || vagueWords.contains(words[$0]) })
                else { continue }
                best = first...last
            }
        }
        return best
    }

    /// Words that stand for a value without naming one, or hedge it.
    static let vagueWords: Set<String> = placeholders.union(["somewhere", "anywhere", "someplace", "maybe", "probably", "perhaps", "like", "around", "near"])

    /// Whether the words say the speaker has no answer: "i don't know", "not sure yet", "no
    /// idea", "dunno", "haven't decided".
    static func saysNoAnswer(_ words: [String]) -> Bool {
        if words.contains(where: { ["dunno", "undecided"].contains($0) }) { return true }
        return zip(words, words.dropFirst()).contains { pair in noAnswerPairs.contains([pair.0, pair.1]) }
    }

    static let noAnswerPairs: Set<[String]> = [["don't", "know"], ["dont", "know"], ["not", "know"], ["not", "sure"], ["no", "idea"], ["no", "clue"], ["beats", "me"],
                                               ["haven't", "decided"], ["not", "decided"], ["can't", "decide"], ["cannot", "decide"]]

    /// Whether the words ask something: an auxiliary before a pronoun among the first words
    /// ("can i …", "what crusts do you have", "is there …"), a question word before an
    /// auxiliary ("what is …", "how does …") or after the word asked about ("how long are …",
    /// "which crust is …"), or "what" or "which" and a word or two ("what size"), after any
    /// fillers ("wait", "so").
    public static func isQuestion(_ words: [String]) -> Bool {
        let start = words.firstIndex { !questionFillers.contains($0) } ?? words.count
        let opening = Array(words[start...].prefix(5))
        guard let first = opening.first else { return false }
        if questionContractions.contains(first) { return true }
        if questionWords.contains(first), opening.count > 1, auxiliaries.contains(opening[1]) { return true }
        // "how long are", "how much does", "what size is": the word asked about, then the verb.
        if ["how", "what", "which"].contains(first), opening.count > 2, auxiliaries.contains(opening[2]) { return true }
        // "what size", "which kinds": what or which and a word or two, asking what there is.
        if ["what", "which"].contains(first), (2...3).contains(words.count - start) { return true }
        return zip(opening, opening.dropFirst()).contains { auxiliaries.contains($0) && subjects.contains($1) }
    }

    static let questionFillers: Set<String> = ["wait", "so", "ok", "okay", "oh", "well", "actually", "hey", "sorry", "and", "but"]
    static let questionWords: Set<String> = ["what", "which", "where", "when", "why", "how", "who"]
    static let questionContractions: Set<String> = ["what's", "where's", "how's", "who's", "when's", "why's"]
    static let auxiliaries: Set<String> = ["can", "could", "may", "will", "would", "should", "do", "does", "did", "is", "are", "was", "were", "have", "has"]
    static let subjects: Set<String> = ["i", "you", "we", "it", "there", "they", "he", "she", "this", "that"]

    /// Whether an unlisted capture holds a value another slot of the intent reads: listed, or
    /// a number, date or time its grammar reads.
    private func holdsOtherSlotsValue(_ capture: SampleMatcher.Capture, of intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> Bool {
        let others = intent.slots.filter { $0.name != capture.slot }.compactMap { typeMatchers[SlotTypeMatcher.Key($0)] }
        // A number beside a value the asked type lists is part of it: "a 2015 honda civic",
        // asked which make, holds no year for the booking's date.
        let span = capture.firstToken...capture.lastToken
        let holdsOwnValue = intent.slots.first { $0.name == capture.slot }.flatMap { typeMatchers[SlotTypeMatcher.Key($0)] }.map { own in
            own.isListed && span.contains { first in (first...min(capture.lastToken, first + 3)).contains { own.isListedValue(utterance.words[first...$0]) } }
        } ?? false
        for first in span {
            for last in first...min(capture.lastToken, first + 3) {
                let words = utterance.words[first...last]
                if holdsOwnValue, words.count == 1, NumberWords.value(of: Array(words)) != nil { continue }
                if others.contains(where: { Self.isValue($0.read(words: words, today: today), words: words) }) { return true }
            }
        }
        return false
    }

    /// Whether the slot's type reads these words whole as a listed value or a grammar value.
    func wholeValue(of slot: SlotDefinition, first: Int, last: Int, utterance: Utterance, today: CivilDate) -> Bool {
        Self.isValue(typeMatchers[SlotTypeMatcher.Key(slot)]?.read(words: utterance.words[first...last], today: today), words: utterance.words[first...last])
    }

    /// Whether a reading is a value its type knows: listed by the model, read by a grammar, or
    /// a built-in list's ("denver" said while an activity is asked is the trip's city), unless
    /// that is one everyday word ("may", "will").
    static func isValue(_ reading: SlotTypeMatcher.Reading?, words: ArraySlice<String>) -> Bool {
        guard let reading else { return false }
        return reading.isKnownValue || (reading.resolved != nil && (words.count > 1 || words.first.map { !everydayWords.contains($0) } ?? false))
    }

    /// The words that carry meaning in this model (samples, values, built-in phrases), for the
    /// index that picks which skills to ask about a sentence.
    public var contentWords: Set<String> {
        var words = statistical?.vocabulary.subtracting(StopWords.all) ?? []
        for intent in intents {
            for sample in intent.samples + (BuiltInIntents.phrases[intent.name] ?? []) {
                words.formUnion(SampleTemplate.meaningfulWords(of: sample))
            }
        }
        return words
    }

    /// Whether the model declares `intent`.
    public func declares(_ intent: IntentName) -> Bool { intents.contains { $0.name == intent } }

    /// How much the sentence's form counts against reading it as `intent` (a question for an
    /// intent that only tells, a word said the other way from its samples:
    /// `StatisticalNLU.formFactor`); nil for an intent the skill does not declare or a model with
    /// nothing to learn from.
    func formFactor(_ intent: IntentName, form: StatisticalNLU.Form) -> Double? {
        guard let statistical, let index = intents.firstIndex(where: { $0.name == intent }) else { return nil }
        return statistical.formFactor(index, form: form)
    }

    /// The skill's own intent that hears a built-in intent's phrases, the model not declaring
    /// it (`builtInsSaidByOwnIntents`): a recipe skill's RepeatStepIntent for "what did you say".
    public func ownIntent(hearing builtIn: IntentName) -> IntentName? {
        heardBuiltIns.first { $0.builtIn == builtIn }?.heard
    }

    /// Parses one utterance: the intents it may mean, best first, the best with its slots.
    /// Empty when the sentence is out of the skill's domain.
    /// - Parameter today: the day relative dates ("tomorrow") count from.
    public func parse(_ utterance: Utterance, today: CivilDate = .today()) -> [NLUCandidate] {
        parse(utterance, today: today, answering: false)
    }

    /// `parse`, for a sentence said as a request or, `answering`, in answer to a question.
    func parse(_ utterance: Utterance, today: CivilDate, answering: Bool) -> [NLUCandidate] {
        // Every step after the readings reworks the slots a reading has: one with none (all
        // but the first, mostly) is left as it is, but for a place counted in it.
        let read = withoutValuesSwitchedOff(withoutDeniedValues(ledToAnotherIntent(readings(utterance, today: today), utterance: utterance, today: today), utterance: utterance), utterance: utterance).map { reading in
            guard !reading.slots.isEmpty else { return placesCounted(reading, utterance: utterance, today: today) }
            var reading = hoursNotCounts(reading, utterance: utterance, today: today)
            reading = withoutTrailingTimes(reading, utterance: utterance, today: today)
            reading = withoutFramesAsValues(reading, utterance: utterance)
            reading = splitAtFrames(reading, utterance: utterance, today: today)
            reading = withoutNamelessValues(reading, utterance: utterance, today: today)
            reading = withoutCountedNames(reading, utterance: utterance)
            reading = withoutTimeParts(reading, utterance: utterance, answering: answering)
            reading = withoutStrayTimes(reading, utterance: utterance, answering: answering)
            reading = withoutUnledValues(reading, utterance: utterance, answering: answering)
            reading = withoutCarrierQueries(reading, utterance: utterance, answering: answering)
            reading = listedInstead(reading, utterance: utterance, today: today)
            reading = timesOfDay(reading, utterance: utterance, today: today, answering: answering)
            reading = placesCounted(reading, utterance: utterance, today: today)
            reading = unitsCarried(reading, utterance: utterance, today: today)
            return inOrderSaid(pastDates(reading, utterance: utterance, today: today))
        }
        return saidByOneSampleFirst(countedPlaceFirst(read, utterance: utterance), utterance: utterance)
    }

    /// A day said without its year in a sentence about the past is the last such day, not the
    /// next: "how much did i spend in november", asked in december, is last november (Alexa
    /// reads the next one); "what did i pay on friday" last friday; "was the 3rd" this month's.
    /// Not a day said with what puts it ahead ("next", "tomorrow", "in three days"), nor one
    /// an event is for ("did i book a table for friday": the booking was, the table is to come),
    /// nor past tense said for politeness ("i was hoping to book friday").
    func pastDates(_ candidate: NLUCandidate, utterance: Utterance, today: CivilDate) -> NLUCandidate {
        let words = utterance.words
        guard words.indices.contains(where: { index in
            Self.pastTenseWords.contains(words[index])
                && !(["was", "were"].contains(words[index]) && index + 1 < words.count && words[index + 1].hasSuffix("ing"))
        }), let intent = intents.first(where: { $0.name == candidate.intent })
        else { return candidate }
        var slots = candidate.slots
        for (index, value) in slots.enumerated() {
            guard value.list.isEmpty, let slot = intent.slot(named: value.name), BuiltInSlotTypes.kind(of: slot.type) == .date,
                let span = utterance.tokens(of: value), Self.isAhead(value.value, of: today),
                !words[span].contains(where: Self.aheadWords.contains), span.lowerBound == 0 || !Self.forWords.contains(words[span.lowerBound - 1])
            else { continue }
            // The same words read from a week, a month and a year back: the first that is not
            // ahead of today is the last such day.
            for back in [today.adding(days: -7), today.adding(months: -1), today.adding(months: -12)] {
                guard let earlier = slotMatch(slot, first: span.lowerBound, last: span.upperBound, utterance: utterance, today: back),
                    earlier.isKnownValue, earlier.value != value.value, !Self.isAhead(earlier.value, of: today)
                else { continue }
                slots[index] = value.revalued(earlier.value)
                break
            }
        }
        return slots == candidate.slots ? candidate : candidate.with(slots: slots)
    }

    /// Words that put what a sentence says in the past.
    static let pastTenseWords: Set<String> = [
        "did", "didn't", "was", "wasn't", "were", "weren't", "had", "spent", "paid", "bought", "went", "ate", "drank", "happened", "earned", "owed",
    ]
    /// Words of a day said that put it ahead of today, whatever the tense.
    static let aheadWords: Set<String> = ["next", "coming", "upcoming", "tomorrow", "tomorrow's", "in", "from", "after", "later"]
    /// Words before a day that make it the day something is for, not when it happened.
    static let forWords: Set<String> = ["for", "until", "till", "til", "by"]

    /// Whether an AMAZON.DATE value of a day or a month lies after today (other forms: no).
    static func isAhead(_ value: String, of today: CivilDate) -> Bool {
        if let day = CivilDate(iso: value) { return day > today }
        let parts = value.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return false }
        return year * 12 + month > today.year * 12 + today.month
    }

    /// The reading's slots in the order the sentence says them, whichever step found each:
    /// "four of us in business class" is passengers, then cabin.
    func inOrderSaid(_ candidate: NLUCandidate) -> NLUCandidate {
        let slots = candidate.slots.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        return slots == candidate.slots ? candidate : candidate.with(slots: slots)
    }

    /// A reading's date and time as said together: a part of the day the date holds is the
    /// time's (`dayPartAsTime`), today's part of the day said with a time is the date's
    /// (`todayFromTime`), an hour said before it the time's (`hourBeforeToday`), and a bare hour
    /// said with the evening is after noon (`eveningHours`), and two times or two days said in
    /// turn are a span (`timeSpans`, `dateSpans`).
    func timesOfDay(_ candidate: NLUCandidate, utterance: Utterance, today: CivilDate, answering: Bool = false) -> NLUCandidate {
        let dated = todayFromTime(dayPartAsTime(candidate, utterance: utterance, today: today), utterance: utterance, today: today, answering: answering)
        return dateSpans(timeSpans(eveningHours(hourBeforeToday(dated, utterance: utterance, today: today), utterance: utterance)), utterance: utterance)
    }

    /// Two days of one reading, in the order said, read as a span of days: a later one that
    /// would fall before the earlier is the first such day after it. "from friday to monday"
    /// ends on the monday after the friday (read alone, "monday" is the next monday from
    /// today, before it), "from december 28th to the 3rd" on january 3rd, "from december 30th
    /// to january 2nd" in the next year.
    func dateSpans(_ candidate: NLUCandidate, utterance: Utterance) -> NLUCandidate {
        var slots = candidate.slots
        for (earlier, later) in saidInTurn(.date, of: candidate) {
            guard let end = BuiltInSlotTypes.date(slots[later].value, spoken: slots[later].spoken, following: slots[earlier].value) else { continue }
            slots[later] = slots[later].revalued(end)
        }
        return slots == candidate.slots ? candidate : candidate.with(slots: slots)
    }

    /// The reading's slots of `kind` (single values), in the order said, two by two: each
    /// with the one said next.
    func saidInTurn(_ kind: BuiltInSlotTypes.Kind, of candidate: NLUCandidate) -> Zip2Sequence<[Int], ArraySlice<Int>> {
        let intent = intents.first { $0.name == candidate.intent }
        let said = candidate.slots.indices.filter { index in
            candidate.slots[index].list.isEmpty && intent?.slot(named: candidate.slots[index].name).map { BuiltInSlotTypes.kind(of: $0.type) == kind } == true
        }.sorted { candidate.slots[$0].start < candidate.slots[$1].start }
        return zip(said, said.dropFirst())
    }

    /// Two times of one reading, in the order said, read as a span of time: a bare hour after
    /// the other ends after it ("from noon to 2" is 12:00 to 14:00, "move my 3 pm to 4" 16:00),
    /// and a bare hour before one said after noon begins after noon too ("from 1 to 3 pm" is
    /// 13:00 to 15:00). Read alone, "2" and "1" are 02:00 and 01:00.
    func timeSpans(_ candidate: NLUCandidate) -> NLUCandidate {
        var slots = candidate.slots
        for (earlier, later) in saidInTurn(.time, of: candidate) {
            if let value = BuiltInSlotTypes.time(slots[earlier].value, spoken: slots[earlier].spoken, preceding: slots[later].value) {
                slots[earlier] = slots[earlier].revalued(value)
            } else if let value = BuiltInSlotTypes.time(slots[later].value, spoken: slots[later].spoken, following: slots[earlier].value) {
                slots[later] = slots[later].revalued(value)
            }
        }
        return slots == candidate.slots ? candidate : candidate.with(slots: slots)
    }

    /// A time said with today's part of the day ("at 7 tonight", "at 4 this afternoon") in an
    /// intent whose date slot it leaves empty: the day is the date's, today, as "tonight" said
    /// alone is, and the time keeps its hour (19:00). Before, "book it for 7 tonight" was asked
    /// which day. In an answer, only when the time is the answer ("how about 7 tonight"): "book
    /// a table for two at seven tonight", asked what day a meeting is, is another skill's
    /// request, not the meeting's day.
    func todayFromTime(_ candidate: NLUCandidate, utterance: Utterance, today: CivilDate, answering: Bool) -> NLUCandidate {
        guard let (intent, date) = emptySlot(.date, of: candidate) else { return candidate }
        let words = utterance.words
        for (index, value) in candidate.slots.enumerated() {
            guard value.list.isEmpty, let slot = intent.slot(named: value.name), BuiltInSlotTypes.kind(of: slot.type) == .time,
                let span = utterance.tokens(of: value), span.count > 1, !answering || words.count <= span.count + 2
            else { continue }
            let last = span.upperBound
            let dayWords = words[last] == "tonight" ? 1 : span.count > 2 && words[last - 1] == "this" && Self.dayParts.contains(words[last]) ? 2 : 0
            let firstDay = last - dayWords + 1
            guard dayWords > 0, let day = slotMatch(date, first: firstDay, last: last, utterance: utterance, today: today), day.isKnownValue,
                let hour = slotMatch(slot, first: span.lowerBound, last: firstDay - 1, utterance: utterance, today: today), hour.isKnownValue
            else { continue }
            var slots = candidate.slots
            slots[index] = SlotMatch(name: value.name, value: value.value, spoken: hour.spoken, start: hour.start, end: hour.end, resolution: value.resolution, list: [])
            slots.insert(day, at: index + 1)
            return candidate.with(slots: slots)
        }
        return candidate
    }

    /// A bare hour said with the evening, the night or the afternoon elsewhere in the sentence
    /// is after noon: "remind me tonight at 8" is 20:00, as "at 8 tonight" is (read alone, "8"
    /// is 08:00); "this afternoon at 3" is 15:00; so is one said with dinner or "after work"
    /// ("dinner tomorrow at 8" 20:00), and one up to 5 said with lunch ("lunch at 1" 13:00).
    /// Not when the morning or breakfast is said too, nor an hour said with "am" or "pm", which
    /// its grammar read.
    func eveningHours(_ candidate: NLUCandidate, utterance: Utterance) -> NLUCandidate {
        let words = utterance.words
        guard let latest = Self.hoursAfterNoon(in: words), let intent = intents.first(where: { $0.name == candidate.intent }) else { return candidate }
        var slots = candidate.slots
        for (index, value) in slots.enumerated() {
            guard value.list.isEmpty, let slot = intent.slot(named: value.name), BuiltInSlotTypes.kind(of: slot.type) == .time, let span = utterance.tokens(of: value),
                !words[span].contains(where: { Self.laterDayParts.contains($0) || Self.meridiems.contains($0) })
            else { continue }
            guard let (hour, minute) = TimeWords.written(value.value), (1...latest).contains(hour) else { continue }
            slots[index] = value.revalued(TimeWords.value(hour: hour + 12, minute: minute))
        }
        guard slots != candidate.slots else { return candidate }
        return candidate.with(slots: slots)
    }

    /// The other way round: the date holds today's part of the day ("tonight", "this evening")
    /// and the hour said just before it no slot holds, the intent's time slot empty ("how about
    /// 7 tonight", asked which day): the hour is the time's (after noon, by `eveningHours`).
    func hourBeforeToday(_ candidate: NLUCandidate, utterance: Utterance, today: CivilDate) -> NLUCandidate {
        guard let (intent, time) = emptySlot(.time, of: candidate) else { return candidate }
        let words = utterance.words
        for (index, value) in candidate.slots.enumerated() {
            guard value.list.isEmpty, let slot = intent.slot(named: value.name), BuiltInSlotTypes.kind(of: slot.type) == .date, let span = utterance.tokens(of: value),
                span.count == 1 && words[span.lowerBound] == "tonight" || span.count == 2 && words[span.lowerBound] == "this" && Self.dayParts.contains(words[span.upperBound])
            else { continue }
            let end = span.lowerBound - 1
            let held = { (i: Int) in candidate.slots.contains { other in utterance.tokens(of: other)?.contains(i) ?? false } }
            // The longest reading of up to three words before the date ("half past seven", "7").
            guard let hour = (max(0, end - 2)...max(0, end)).lazy.compactMap({ first -> SlotMatch? in
                guard end >= 0, words[first] != "at", !(first...end).contains(where: held) else { return nil }
                return self.slotMatch(time, first: first, last: end, utterance: utterance, today: today).flatMap { $0.isKnownValue ? $0 : nil }
            }).first
            else { continue }
            var slots = candidate.slots
            slots.insert(hour, at: index)
            return candidate.with(slots: slots)
        }
        return candidate
    }

    /// The reading's intent and its first slot of `kind` the reading leaves empty.
    func emptySlot(_ kind: BuiltInSlotTypes.Kind, of candidate: NLUCandidate) -> (IntentDefinition, SlotDefinition)? {
        guard let intent = intents.first(where: { $0.name == candidate.intent }),
            let slot = intent.slots.first(where: { slot in BuiltInSlotTypes.kind(of: slot.type) == kind && !candidate.slots.contains { $0.name == slot.name } })
        else { return nil }
        return (intent, slot)
    }

    /// Words that say which one of a series, before a name: "the latest radiolab".
    static let recencyWords: Set<String> = ["newest", "latest", "recent", "previous", "last", "next", "current"]

    /// Parts of the day after noon (`eveningHours`).
    /// The latest bare hour that the words put after noon: 11 when they say the evening, the
    /// night, the afternoon, dinner or "after work"; 5 when they say lunch; nil when they say
    /// none of these, or the morning or breakfast too.
    public static func hoursAfterNoon(in words: [String]) -> Int? {
        guard !words.contains(where: morningWords.contains) else { return nil }
        if words.contains(where: { laterDayParts.contains($0) || eveningMeals.contains($0) })
            || zip(words, words.dropFirst()).contains(where: { $0 == "after" && ["work", "school"].contains($1) }) {
            return 11
        }
        return words.contains(where: middayMeals.contains) ? 5 : nil
    }

    static let laterDayParts: Set<String> = ["tonight", "evening", "night", "afternoon"]
    static let eveningMeals: Set<String> = ["dinner", "supper"]
    static let middayMeals: Set<String> = ["lunch", "lunchtime"]
    static let morningWords: Set<String> = ["morning", "breakfast", "brunch"]
    /// Words that say which half of the day an hour is in.
    static let meridiems: Set<String> = ["am", "pm", "a.m.", "p.m.", "a.m", "p.m"]

    /// A date said with a part of the day ("tomorrow afternoon", "monday night", "the 3rd in
    /// the morning") in an intent whose time slot it leaves empty: the day is the date's, the
    /// part of the day the time's, as Alexa fills them ("can someone come out {date} at
    /// {time}": date tomorrow, time AF).
    func dayPartAsTime(_ candidate: NLUCandidate, utterance: Utterance, today: CivilDate) -> NLUCandidate {
        guard let (intent, time) = emptySlot(.time, of: candidate) else { return candidate }
        let words = utterance.words
        for (index, value) in candidate.slots.enumerated() {
            guard let slot = intent.slot(named: value.name), BuiltInSlotTypes.kind(of: slot.type) == .date, value.list.isEmpty,
                let span = utterance.tokens(of: value)
            else { continue }
            var slots = candidate.slots
            if span.count > 1, Self.dayParts.contains(words[span.upperBound]),
                let day = slotMatch(slot, first: span.lowerBound, last: span.upperBound - 1, utterance: utterance, today: today), day.isKnownValue,
                let part = slotMatch(time, first: span.upperBound, last: span.upperBound, utterance: utterance, today: today), part.isKnownValue {
                slots[index] = day
                slots.insert(part, at: index + 1)
            } else if let at = Self.dayPartAfter(span.upperBound, in: words),
                !candidate.slots.contains(where: { other in utterance.tokens(of: other).map { $0.upperBound >= span.upperBound + 1 && $0.lowerBound <= at } ?? false }),
                let part = slotMatch(time, first: at, last: at, utterance: utterance, today: today), part.isKnownValue {
                // "the 3rd in the morning", "friday at night": words no slot holds.
                slots.insert(part, at: index + 1)
            } else {
                continue
            }
            return candidate.with(slots: slots)
        }
        return candidate
    }

    /// Where a part of the day said right after token `last` is: "in the morning", "at night",
    /// or the part alone ("saturday morning" where the date read "saturday").
    static func dayPartAfter(_ last: Int, in words: [String]) -> Int? {
        let rest = words.dropFirst(last + 1).prefix(3)
        if let part = rest.first, dayParts.contains(part) { return last + 1 }
        if rest.count >= 3, rest.first == "in", rest.dropFirst().first == "the", let part = rest.last, dayParts.contains(part) { return last + 3 }
        if rest.count >= 2, rest.first == "at", rest.dropFirst().first == "night" { return last + 2 }
        return nil
    }

    static let dayParts: Set<String> = ["morning", "afternoon", "evening", "night"]

    private func readings(_ utterance: Utterance, today: CivilDate) -> [NLUCandidate] {
        let exact = matcher.matches(utterance, today: today)
        func exactCandidates() -> [NLUCandidate] { exact.map { candidate(from: $0, utterance: utterance, today: today) } }
        // A sample matched with listed values: in grammar. So is a sample's carrier phrase with
        // free text after it ("who was {query}" for "who was napoleon"): that slot takes
        // anything by design, so words the model never says do not make it out of domain; and
        // a built-in list's value said in its own words ("mandarin chinese").
        if let best = exact.first, best.isInGrammar || (best.literalWords > 0 && best.captures.allSatisfy { $0.reading.fit >= 1 || isFreeText($0) || isListWords($0) }),
            !valuesSayAnotherIntent(best, utterance: utterance) {
            return exactCandidates()
        }
        // So is a sample said with a person's name its type does not list, where the type lists
        // people: "is it marie curie" to a quiz whose answers are "albert einstein" and
        // "william shakespeare" answers, whatever of its words the model never says.
        if let best = exact.first, best.captures.allSatisfy({ $0.reading.fit >= 1 || namesPerson($0, utterance: utterance, framed: best.literalWords > 0) }),
            !valuesSayAnotherIntent(best, utterance: utterance) {
            return exactCandidates()
        }
        guard let statistical, !utterance.words.isEmpty else { return exactCandidates() }
        if let said = saidSample(utterance) ?? noAnswerIntent(utterance) {
            let intent = intents[said]
            return [NLUCandidate(skillID: skillID, intent: intent.name, score: Self.saidSampleScore, slots: [], declaredSlots: intent.slots.map(\.name))]
        }
        let (readings, none) = statistical.classify(utterance)
        let matches = statistical.gazetteer.matches(utterance.words)
        guard let top = readings.first, Self.rejection(top: top.probability, none: none, sensitivity: model.fallbackIntentSensitivity,
            namesValue: namesOwnValue(matches, utterance: utterance), overlaps: sharesWords(utterance, statistical)) == nil
        else {
            // A sample said word for word but for a short value its type does not list, between
            // two of the sample's words or more, is no sentence out of the domain: "is it blue"
            // or "the answer is the mitochondria" answer a quiz whose samples say "is it
            // {answer}", though no word of them is the model's. (HWU64 at 10 per intent, a
            // scenario's sentences with its skill absent, rejected 962 -> 961 of 1,438: "give me
            // a current traffic report" is news' "give me a {topic} report"; every other figure
            // unchanged. Taken ahead of the statistical reading, not only here, it cost HWU64's
            // slot F1 at 10 per intent 0.5567 -> 0.5540.)
            if let best = exact.first, best.captures.allSatisfy({ $0.reading.fit >= 1 || isFramedShortValue($0, utterance: utterance, literalWords: best.literalWords) }),
                !valuesSayAnotherIntent(best, utterance: utterance) {
                return exactCandidates()
            }
            return fallback(none: none)
        }
        if let best = exact.first, sampleCounts[best.intent] < Self.fewSamples, best.literalWords > 0, !valuesSayAnotherIntent(best, utterance: utterance),
            !best.captures.contains(where: { capture in
                capture.reading.fit < 1 && intents[best.intent].slot(named: capture.slot).map { isUnlikeListedValues(capture.firstToken...capture.lastToken, of: $0, utterance: utterance) } == true
            }),
            !swallowsValues(best, matches: matches, gazetteer: statistical.gazetteer, utterance: utterance, today: today) {
            // Unlisted values in an intent with few samples: a tagger trained on a handful of
            // sentences guesses boundaries worse than the sample states them. Not a sample of
            // slots alone, whose boundaries state nothing: "{I_Am} {article} {personality}"
            // read "recommend a job for me" as I_Am "recommend" and personality "job for me".
            return exactCandidates()
        }
        // A built-in the classifier leans to, from no phrase of its own, yields to the skill's
        // own intents when the sentence names something of theirs the built-in never says.
        // (Each sentence to its own skill alone: the assistant set 0.9394 -> 0.9495; every other
        // figure unchanged.)
        let yields = { (intent: Int) in
            self.intents[intent].name.isBuiltIn && self.namesOwnThing(utterance, notSaidBy: self.intents[intent].name, matches: matches, statistical: statistical)
        }
        let builtInYields = readings.first.map { yields($0.intent) } ?? false
        let ordered = builtInYields ? readings.filter { !intents[$0.intent].name.isBuiltIn } + readings.filter { intents[$0.intent].name.isBuiltIn } : readings
        var reranked = statistical.rerank(ordered, utterance: utterance, matches: matches)
        // So does one the re-reading puts first.
        let yielded = builtInYields || reranked.first.map({ yields($0.reading.intent) }) == true
        if yielded {
            reranked = reranked.filter { !intents[$0.reading.intent].name.isBuiltIn } + reranked.filter { intents[$0.reading.intent].name.isBuiltIn }
        }
        // A model that declares the fallback intent has it take what no reading is even as sure
        // of as a skill must be to be asked at all ("what is two plus two", read as Help at 0.09).
        if declares(.fallback), let best = reranked.first, best.reading.probability < SkillIndex.floor { return fallback(none: none) }
        // A reading that took an everyday word for a value its type lists nothing like ("i want
        // to make a bed", a dish "a bed") is less sure of its intent too, and the readings are
        // ordered again: "what temperature do i bake it at", re-read 0.19 as starting a recipe
        // with the dish "it", 0.18 as the oven's temperature, is the temperature.
        // Not a placeholder or the model's own words ("add a book to my reading list"): a
        // request that names no value.
        // (Below an exact match of a sample, 1: the re-reading's nearest-sample term can take a
        // statistical reading a little past 1.)
        // Only for an intent of few samples, whose tagger guesses values most: at Snips' 70 and
        // HWU64's full size the order by re-reading alone is as good (Snips full intent
        // accuracy 0.9821 -> 0.9814 ordered again; HWU64 at 10 per intent slot F1 0.5559 ->
        // 0.5562, its skills alone 0.7469 -> 0.7476, the assistant set's 0.9293 -> 0.9394).
        // The others are weighed only when the first took such a value (the order cannot change
        // otherwise), which keeps the parse as fast.
        let firstJunk = reranked.first.map { takesJunk($0.slots, intent: intents[$0.reading.intent], utterance: utterance) } ?? false
        let reorders = firstJunk && reranked.first.map { sampleCounts[$0.reading.intent] < Self.fewSamples } ?? false
        let weighed: [(rank: Int, entry: (reading: StatisticalNLU.Reading, slots: [StatisticalNLU.TaggedSlot]), probability: Double)] = reranked.enumerated().map { rank, entry in
            let junk = rank == 0 ? firstJunk : reorders && takesJunk(entry.slots, intent: intents[entry.reading.intent], utterance: utterance)
            return (rank, entry, min(entry.reading.probability, 0.99) * (junk ? Self.junkFactor : 1))
        }.sorted { first, second in
            // Ordered again by how sure, but a built-in that yielded stays behind.
            let (firstBuiltIn, secondBuiltIn) = (intents[first.entry.reading.intent].name.isBuiltIn, intents[second.entry.reading.intent].name.isBuiltIn)
            if yielded, firstBuiltIn != secondBuiltIn { return secondBuiltIn }
            return reorders && first.probability != second.probability ? first.probability > second.probability : first.rank < second.rank
        }
        var candidates: [NLUCandidate] = []
        for (order, (_, entry, probability)) in weighed.enumerated() {
            let intent = intents[entry.reading.intent]
            var slots = order == 0 ? self.slots(entry.slots, intent: intent, matches: matches, utterance: utterance, today: today) : []
            if order == 0, let frame = exact.first(where: { $0.intent == entry.reading.intent && $0.literalWords > 0 }) {
                slots = keepingWordsSaid(slots, frame: frame, intent: intent, matches: matches, utterance: utterance, today: today)
                slots = keepingEverydayValue(slots, frame: frame, intent: intent, utterance: utterance, today: today)
                slots = keepingFramedList(slots, frame: frame, intent: intent, utterance: utterance, today: today)
            }
            candidates.append(NLUCandidate(skillID: skillID, intent: intent.name, score: probability, slots: slots, declaredSlots: intent.slots.map(\.name)))
        }
        for reading in ordered.dropFirst(reranked.count) where reading.probability >= 0.01 {
            let intent = intents[reading.intent]
            candidates.append(NLUCandidate(skillID: skillID, intent: intent.name, score: reading.probability, slots: [], declaredSlots: intent.slots.map(\.name)))
        }
        return commanding(candidates, utterance: utterance, statistical: statistical, today: today)
    }

    /// Words that command a built-in by its name, said first: "stop the washer", "cancel the
    /// dryer", "please pause the story".
    static let builtInCommands: [String: IntentName] = [
        "stop": .stop, "quit": .stop, "cancel": .cancel, "pause": "AMAZON.PauseIntent", "resume": resume,
    ]
    static let resume: IntentName = "AMAZON.ResumeIntent"

    /// `candidates` with the built-in the sentence opens by commanding first, heard as surely as
    /// a sample said whole, when the skill declares it, no sample of the skill's own intents
    /// says the command, and its likeliest own reading fills no slot with a value (a word its
    /// samples do not say, or one its type reads): "stop the washer", to a laundry helper that
    /// can start a wash and never stops one, was its StartCycleIntent ("start the washer" is
    /// one word away), and the washer started where the session should have ended. A reading
    /// that holds a value is the skill's own request in its own words ("cancel dinner plans for
    /// friday", a meal plan cleared for friday). A built-in the skill does not declare is its
    /// fallback's, when it declares that: it cannot do what is asked ("pause the washer" was
    /// the start too). Not resuming, which a skill may well do by starting ("resume my
    /// workout").
    func commanding(_ candidates: [NLUCandidate], utterance: Utterance, statistical: StatisticalNLU, today: CivilDate) -> [NLUCandidate] {
        guard let command = Self.commandSaidFirst(utterance.words), let builtIn = Self.builtInCommands[command],
            let first = candidates.first, !first.intent.isBuiltIn || first.intent == builtIn,
            let index = intents.firstIndex(where: { $0.name == builtIn }) ?? (builtIn == Self.resume ? nil : intents.firstIndex(where: { $0.name == .fallback })),
            !intents.indices.contains(where: { !intents[$0].name.isBuiltIn && statistical.says(command, intent: $0) })
        else { return candidates }
        // The skill's own reading with its slots: only the first reading has them.
        if let at = candidates.firstIndex(where: { !$0.intent.isBuiltIn }), let own = at == 0 ? first : reading(utterance, as: candidates[at].intent, score: candidates[at].score, today: today),
            own.slots.contains(where: { $0.isKnownValue || Tokenizer.tokens($0.spoken).contains { !carrierWords.contains($0.text) && !StopWords.all.contains($0.text) } }) {
            return candidates
        }
        let heard = intents[index].name
        let score = max(candidates.first { $0.intent == heard }?.score ?? 0, Self.saidSampleScore)
        return [NLUCandidate(skillID: skillID, intent: heard, score: score, slots: [], declaredSlots: intents[index].slots.map(\.name))]
            + candidates.filter { $0.intent != heard }
    }

    /// The sentence's first word past openers ("ok", "now", "please") and a request of the
    /// listener ("can you", "could you"), with words after it; nil for a word alone.
    static func commandSaidFirst(_ words: [String]) -> String? {
        var start = 0
        while start < words.count, SampleMatcher.openers.contains(words[start]) || words[start] == "please" { start += 1 }
        if let courtesy = SampleMatcher.courtesyOpenings.first(where: { words[start...].starts(with: $0) }) { start += courtesy.count }
        if start < words.count, words[start] == "please" { start += 1 }
        return start + 1 < words.count ? words[start] : nil
    }

    /// Whether the sentence names something of the skill's own and says nothing only
    /// `builtIn` says: a meaningful word its phrases never say that the skill's samples say or
    /// its slots list (a first name, an item), and no meaningful word of the built-in's that the
    /// skill's samples do not say too. "i want to talk to sarah" names someone to call,
    /// whatever "i want to stop" makes of "i want to"; "how long until my clothes are done" asks
    /// what a laundry helper's "how long is left on the washer" asks, its "done" said by "when
    /// will the laundry be done" as by "i'm done"; "stop the washer" is still a stop.
    func namesOwnThing(_ utterance: Utterance, notSaidBy builtIn: IntentName, matches: [Gazetteer.Match], statistical: StatisticalNLU) -> Bool {
        let phrases = (BuiltInIntents.phrases[builtIn] ?? []) + (intents.first { $0.name == builtIn }?.samples ?? [])
        let phraseWords = phrases.map { Tokenizer.tokens($0).map(\.text) }
        let builtInWords = Set(phraseWords.joined())
        let meaningful = utterance.words.indices.filter { !StopWords.all.contains(utterance.words[$0]) }
        let ownTypes = Set(intents.filter { !$0.name.isBuiltIn }.flatMap { $0.slots.map(\.type) })
        let named = Set(matches.filter { ownTypes.contains(statistical.gazetteer.types[$0.type]) }.flatMap { Array($0.start..<$0.end) })
        // A word of the built-in's phrases said beside a thing of the skill's own that no
        // everyday sentence says, where no phrase of the built-in is said whole, is the
        // skill's: "metformin done", to a pill reminder, took the pills ("i'm done" stops).
        let namesRareValue = named.contains { !Self.everydayWords.contains(utterance.words[$0]) }
        let saysPhrase = namesRareValue && phraseWords.contains { said in
            !said.isEmpty && utterance.words.indices.contains { utterance.words[$0...].starts(with: said) }
        }
        if meaningful.contains(where: { builtInWords.contains(utterance.words[$0]) && !carrierWords.contains(utterance.words[$0]) }), !namesRareValue || saysPhrase { return false }
        return meaningful.contains { index in
            let word = utterance.words[index]
            return !builtInWords.contains(word) && (carrierWords.contains(word) || (named.contains(index) && !Self.everydayWords.contains(word)))
        }
    }

    /// Built-in intents the model does not declare, each with the one intent of its own that
    /// says one of the built-in's phrases as a sample ("say that again" of a recipe skill's
    /// RepeatStepIntent): that intent hears the built-in's other phrases too ("what did you
    /// say", "come again"). A phrase of one word other than the built-in's first ("great",
    /// "continue") says too little; so does an intent of many samples of which such phrases are
    /// few (a small-talk intent that lists "what can you do" among a hundred questions is no
    /// help intent: a quarter at least); and none is chosen when two intents say the phrases.
    static func builtInsSaidByOwnIntents(_ model: InteractionModel) -> [(builtIn: IntentName, heard: IntentName)] {
        let declared = Set(model.intents.map(\.name))
        let own = model.intents.filter { !$0.name.isBuiltIn }.map { intent in
            (name: intent.name, count: intent.samples.count, slotless: intent.samples.filter { !$0.contains("{") }.map { Tokenizer.tokens($0).map(\.text) })
        }
        return BuiltInIntents.phrases.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { builtIn in
            guard !declared.contains(builtIn), let phrases = BuiltInIntents.phrases[builtIn] else { return nil }
            let telling = Set(phrases.map { Tokenizer.tokens($0).map(\.text) }.enumerated().filter { $0.offset == 0 || $0.element.count > 1 }.map(\.element))
            let sayers = own.filter { $0.slotless.contains(where: telling.contains) }
            guard sayers.count == 1, sayers[0].slotless.filter(telling.contains).count * 4 >= sayers[0].count else { return nil }
            return (builtIn, sayers[0].name)
        }
    }

    /// How sure a sentence is of the intent whose slotless sample it says whole (`saidSample`).
    static let saidSampleScore = 0.9

    /// Words said beside a sample of function words alone that ask nothing more.
    static let asidesToPlainSamples: Set<String> = SkillNLU.trailingAdverbs.union(["please", "exactly", "right", "so", "ok", "okay", "um", "uh", "hey", "well", "and", "but"])

    /// Words a request may say around what it asks for: "show me my badges", "list my
    /// achievements".
    static let requestWords: Set<String> = ["show", "list", "see", "view", "check", "display", "read", "tell"]

    /// The intent one of whose slotless samples the sentence says whole, every other word a
    /// function word or a request verb, and at most four of them: "show me my badges" says
    /// "badges", "what badges do i have" too. Nil when none, or the samples of two intents.
    func saidSample(_ utterance: Utterance) -> Int? {
        let words = Contractions.expanded(utterance.words)
        guard words.count <= 12 else { return nil }
        var found: Int?
        for start in words.indices {
            for (intent, sample) in slotless[words[start]] ?? [] where start + sample.count <= words.count && words[start..<(start + sample.count)].elementsEqual(sample) {
                let others = words.indices.filter { $0 < start || $0 >= start + sample.count }
                // One word more that the intent's own samples say, and no value of its slots:
                // "where's my car parked" says "where's my car" of the intent whose "where did i
                // park" says it ("today's local events" says a date).
                let extra = others.filter { !StopWords.all.contains(words[$0]) && !Self.requestWords.contains(words[$0]) }
                guard others.count <= 4, extra.isEmpty || extra.count == 1 && saysOwnWordOnly(words[extra[0]], intent: intent) else { continue }
                // A sample of function words alone ("where am i") is said only with an adverb or
                // a filler beside it ("where am i now", "ok where am i"): "where am i going"
                // and "what do i have to do" say other things.
                if sample.allSatisfy(StopWords.all.contains), others.count > 2 || !others.allSatisfy({ Self.asidesToPlainSamples.contains(words[$0]) }) { continue }
                if let known = found, known != intent { return nil }
                found = intent
            }
        }
        return found
    }

    /// Whether a word the intent's samples say outside their slots (as a stem) is no value of its
    /// slots: a word no slot type lists, and no number, date or time. Asked only of a sentence
    /// that says a slotless sample whole, so the samples' stems are worked out for an intent
    /// when first asked (`sampleStems`), not for every intent at load.
    private func saysOwnWordOnly(_ word: String, intent: Int) -> Bool {
        guard NumberWords.value(of: [word]) == nil, !SlotTypeMatcher.isTime([word]),
            !intents[intent].slots.contains(where: { slot in typeMatchers[SlotTypeMatcher.Key(slot)]?.listsWord(word) ?? false })
        else { return false }
        let stems = sampleStems.withLock { $0[intent] } ?? {
            let stems = Set(intents[intent].samples.flatMap(SampleTemplate.meaningfulWords(of:)).map(Stem.of))
            sampleStems.withLock { $0[intent] = stems }
            return stems
        }()
        return stems.contains(Stem.of(word))
    }

    /// The intent whose slotless samples say the speaker has no answer ("i don't know", "no
    /// idea": a quiz's DontKnowIntent), for a short sentence that says so in other words ("i
    /// have no clue", "beats me", "not sure"), which shares no word with those samples. Nil
    /// when no intent, or two, say so.
    func noAnswerIntent(_ utterance: Utterance) -> Int? {
        let words = Contractions.expanded(utterance.words)
        guard words.count <= 6, Self.saysNoAnswer(words) || Self.saysNoAnswer(utterance.words) else { return nil }
        let saying = intents.indices.filter { i in
            !intents[i].name.isBuiltIn && intents[i].samples.contains { sample in
                !sample.contains("{") && Self.saysNoAnswer(Contractions.expanded(Tokenizer.tokens(sample).map(\.text)))
            }
        }
        return saying.count == 1 ? saying[0] : nil
    }

    /// Whether the tagger's slots take an everyday word for a value their types list nothing
    /// like, or a sentence for a list's name (see `readings`).
    private func takesJunk(_ tagged: [StatisticalNLU.TaggedSlot], intent: IntentDefinition, utterance: Utterance) -> Bool {
        let untaggedTimes = intent.slots.indices.contains { i in
            [.date, .time].contains(BuiltInSlotTypes.kind(of: intent.slots[i].type)) && !tagged.contains { $0.slot == i }
        }
        return tagged.contains { tagged in
            let span = tagged.firstToken...tagged.lastToken
            let slot = intent.slots[tagged.slot]
            if isSentenceForList(span, of: slot, utterance: utterance) { return true }
            // A day or a time where the intent's empty date or time slot reads it is that slot's
            // ("i spent 20 on tuesday", "on {category}"; `withoutTrailingTimes` moves it), no junk.
            if untaggedTimes, utterance.isTime(span) { return false }
            guard isEverydayValue(span, of: slot, utterance: utterance) || isUnlikeListedValues(span, of: slot, utterance: utterance) else { return false }
            return !utterance.words[span].contains { Self.placeholders.contains($0) || carrierWords.contains($0) }
        }
    }

    /// How much a reading counts that took an everyday word for a value its type lists nothing
    /// like. (Dev splits: an absent skill's sentences rejected, HWU64 at 10 per intent 896 ->
    /// 902 of 1,438, full 594 -> 596, ported 73 -> 74 of 94, assistant 86 -> 87 of 99; intent
    /// accuracy at 10 per intent 0.6989 -> 0.6982, full unchanged. At 0.3: 903 rejected and
    /// 0.6968; at 0.1, 910 and 0.6898.)
    static let junkFactor = 0.5

    /// Whether a value the match captured says a meaningful word that only the model's other
    /// intents say outside their slots (or that another intent's type lists), while the sample's
    /// own words are all said by other intents too: "please start the coffee pot" matched as
    /// the vacuum's "please start {device}", "play game" as a radio's "play {station}". The sample does not decide the
    /// intent then; the classifiers, which read every word, do. "add a book to my reading list"
    /// stays the adding ("add" is its alone), with no book named. Free text (AMAZON.SearchQuery)
    /// may say anything.
    func valuesSayAnotherIntent(_ match: SampleMatcher.Match, utterance: Utterance) -> Bool {
        guard let statistical else { return false }
        var inside = [Bool](repeating: false, count: utterance.words.count)
        for capture in match.captures {
            for t in capture.firstToken...capture.lastToken { inside[t] = true }
        }
        let meaningful = { (word: String) in !StopWords.all.contains(word) }
        if utterance.words.indices.contains(where: { !inside[$0] && meaningful(utterance.words[$0]) && statistical.isOwnCarrier(utterance.words[$0], of: match.intent) }) {
            return false
        }
        // Free text says anything by design: "how do you say good night in french" says Stop's
        // "good night" inside the phrase to translate, and is still a translation.
        var named = inside
        for capture in match.captures where isFreeText(capture) {
            for t in capture.firstToken...capture.lastToken { named[t] = false }
        }
        if utterance.words.indices.contains(where: { named[$0] && meaningful(utterance.words[$0]) && statistical.isOtherIntentsCarrier(utterance.words[$0], for: match.intent) }) {
            return true
        }
        // Or a value the slot's type does not list that another intent's type lists, whole or
        // inside it: "play chess", a game, read as a station by "play {station}"; "could i get
        // a toothbrush", a room item, read as a checkout by "could i {checkout}".
        let own = Set(intents[match.intent].slots.map(\.type))
        return match.captures.contains { capture in
            guard capture.reading.fit < 1 else { return false }
            let words = utterance.words[capture.firstToken...capture.lastToken]
            return typeMatchers.contains { key, type in
                guard !own.contains(key.type), case .custom = type.kind else { return false }
                return type.isListedValue(words) || type.containedValue(in: words) != nil
            }
        }
    }

    /// Why the trained path calls a sentence out of domain, or nil when it is in: too much like
    /// noise, or no intent sure enough, for the model's fallbackIntentSensitivity (the dev split
    /// chose LOW's limits). This holds for a sample matched with unlisted values too: "{size}
    /// {pet}" matches "what time is it".
    /// `overlaps` is asked last, only when nothing else decides.
    /// A sentence that names one of the model's own listed values (`namesOwnValue`) is no
    /// noise however common its other words: "got ink on my jeans" to a laundry helper that
    /// lists the stain "ink". (Snips at 70 per intent 0.9490 -> 0.9493; each sentence to its own
    /// skill alone, the new user's skills 0.7792 -> 0.7922; HWU64 and the other sets unchanged
    /// but for one sentence of an absent skill's no longer kept out.) Measured and not kept:
    /// exempting too a sentence whose meaningful words' meaning (`WordVectors`) comes 0.6 near
    /// some own sample's of two or more meaningful words: each sentence to its own skill alone,
    /// HWU64 at 10 per intent 0.7517 -> 0.7545 and at full size 0.9423 -> 0.9437, but an absent
    /// skill's sentences rejected 960 -> 957 of 1,438, of 4,800 foreign requests to the 80
    /// shipped skills alone 175 taken instead of 171, and none of the evening set's rejected
    /// paraphrases ("say something funny") heard.
    static func rejection(top: Double, none: Double, sensitivity: FallbackIntentSensitivity, namesValue: @autoclosure () -> Bool = false, overlaps: @autoclosure () -> Bool) -> NLUExplanation.Verdict? {
        if none >= sensitivity.noneLimit, !namesValue() { return .noise(none, limit: sensitivity.noneLimit, sensitivity: sensitivity) }
        let share = top / max(1 - none, 1e-9)
        if share < sensitivity.threshold { return .unsure(share: share, threshold: sensitivity.threshold, sensitivity: sensitivity) }
        // A sentence sharing no meaningful word with the model needs a very sure classifier,
        // or one sure it is no noise and leaning to one intent ("Showtimes for Medal for the
        // General", where no sample says "showtimes"; dev split, 70 per intent: in-domain
        // sentences rejected 55 -> 47, out of domain still 46 of 60).
        if top >= 0.9 || (none < 0.3 && top >= 0.3) || overlaps() { return nil }
        return .foreignWords(best: top)
    }

    /// Whether the sentence says a value one of the model's own types lists (not a built-in
    /// list's), in words no everyday sentence is made of: "ink", "hiking boots", not "blue".
    /// Said in the plural too ("three robins" for the listed "robin").
    func namesOwnValue(_ matches: [Gazetteer.Match], utterance: Utterance) -> Bool {
        let words = utterance.words
        if matches.contains(where: { match in match.type < model.types.count && words[match.start..<match.end].contains { !Self.everydayWords.contains($0) } }) {
            return true
        }
        let custom = typeMatchers.values.filter { if case .custom = $0.kind { $0.isListed } else { false } }
        return words.indices.contains { start in
            (start..<min(words.count, start + 3)).contains { end in
                words[start...end].contains { !Self.everydayWords.contains($0) } && custom.contains { $0.isListedValue(words[start...end]) }
            }
        }
    }

    /// Whether the sentence shares a meaningful word with the model (`StatisticalNLU.overlaps`)
    /// or says a value a built-in list of its slots holds: "i am leaving from boston and going
    /// to denver", asked where a flight leaves from, says none of the flight finder's words
    /// but two of AMAZON.US_CITY's. (The samples' few cities are all the vocabulary knows.)
    func sharesWords(_ utterance: Utterance, _ statistical: StatisticalNLU) -> Bool {
        let words = utterance.words
        return statistical.overlaps(words) || statistical.gazetteer.matches(words).contains { match in
            guard case .list? = BuiltInSlotTypes.kind(of: statistical.gazetteer.types[match.type]) else { return false }
            return words[match.start..<match.end].contains { !StopWords.all.contains($0) }
        }
    }

    /// Whether a captured slot takes any words (AMAZON.SearchQuery and the like).
    func isFreeText(_ capture: SampleMatcher.Capture) -> Bool {
        if case .freeText = matcher.types[capture.type].kind { true } else { false }
    }

    /// Whether an unlisted value of a custom type that lists people ("albert einstein",
    /// "william shakespeare": two values or more opening with a first name) is a person's name:
    /// a first name and at most two words more, none a function word; framed by a sample's
    /// words, a first name alone too ("is it marie").
    func namesPerson(_ capture: SampleMatcher.Capture, utterance: Utterance, framed: Bool) -> Bool {
        let type = matcher.types[capture.type]
        guard case .custom = type.kind, type.listsPeople else { return false }
        let words = utterance.words[capture.firstToken...capture.lastToken]
        guard let first = words.first, BuiltInSlotTypes.isFirstName(first), words.count <= 3, framed || words.count > 1 else { return false }
        return !words.contains(where: StopWords.all.contains)
    }

    /// Whether an unlisted value of a custom type, said within a sample of two words or more
    /// besides it (or of one said without its own place, whose place frames it as well: "add a
    /// hat" to a packing list), is no longer than the type's values (past an article) and says
    /// none of the model's own words nor a function word: "blue" of "is it blue", to a quiz.
    func isFramedShortValue(_ capture: SampleMatcher.Capture, utterance: Utterance, literalWords: Int) -> Bool {
        let said = utterance.words[capture.firstToken...capture.lastToken]
        guard literalWords >= 2 || capture.placeUnsaid, SampleMatcher.isShortValue(said, of: matcher.types[capture.type]) else { return false }
        return !Self.pastDeterminers(said).contains(where: carrierWords.contains)
    }

    /// Whether the capture is a built-in list's unlisted value said in the list's own words.
    func isListWords(_ capture: SampleMatcher.Capture) -> Bool {
        if case .list = matcher.types[capture.type].kind { capture.reading.fit >= 0.9 } else { false }
    }

    /// Whether the intent's slot of that name has a type with a grammar.
    public func readsByGrammar(_ name: SlotName, of intent: IntentName) -> Bool {
        intents.first { $0.name == intent }?.slot(named: name).map(readsByGrammar) ?? false
    }

    /// Whether the slot's type takes free text (AMAZON.SearchQuery and the like).
    func readsFreeText(_ name: SlotName, of intent: IntentName) -> Bool {
        guard let slot = intents.first(where: { $0.name == intent })?.slot(named: name) else { return false }
        if case .freeText = typeMatchers[SlotTypeMatcher.Key(slot)]?.kind { return true }
        return false
    }

    /// Whether the slot's type has a grammar (numbers, dates, times, durations…).
    func readsByGrammar(_ slot: SlotDefinition) -> Bool {
        if case .grammar = typeMatchers[SlotTypeMatcher.Key(slot)]?.kind { true } else { false }
    }

    /// Out of domain: AMAZON.FallbackIntent when the model declares it, else nothing.
    private func fallback(none: Double) -> [NLUCandidate] {
        guard declares(.fallback) else { return [] }
        // Below 1, so a question's answer or an exact built-in phrase still outranks it.
        return [NLUCandidate(skillID: skillID, intent: .fallback, score: min(max(none, 0.5), 0.99), slots: [], declaredSlots: [])]
    }

    /// A candidate from a match of `source` (the main matcher unless given).
    func candidate(from match: SampleMatcher.Match, utterance: Utterance, today: CivilDate, source: SampleMatcher? = nil) -> NLUCandidate {
        let types = (source ?? matcher).types
        let intent = intents[match.intent]
        let captured = Set(match.captures.compactMap { capture in intent.slots.firstIndex { $0.name == capture.slot } })
        var slots: [SlotMatch] = []
        for capture in match.captures {
            let type = types[capture.type]
            // A value split off the capture ("dune" at 7 pm) keeps its place in the sentence.
            let mark = slots.count
            defer { slots[mark...].sort { $0.start < $1.start } }
            // An unlisted value between a sample's words may still hold words that are no part
            // of a name: "add {song} to {playlist}" for "… to my playlist called Sunday Morning";
            // "give the {title} …" for "give the saga Copper Justice …".
            // Not free text given as an answer (`source`): it is what was said, every word.
            let answeredFreely = if source != nil, case .freeText = type.kind { true } else { false }
            if capture.reading.fit < 1, !answeredFreely, let index = intent.slots.firstIndex(where: { $0.name == capture.slot }) {
                let (others, first, last) = refinedName(index, first: capture.firstToken, last: capture.lastToken, intent: intent, type: type, taken: captured,
                                                        utterance: utterance, today: today)
                slots += others
                // What is left once another slot's value is split off may be carrier words:
                // "order a thick crust pizza" read by "order a {size} pizza" has crust "thick"
                // and no size.
                if !others.isEmpty, first <= last, isCarrierPhrase(utterance.words[first...last], type: type) { continue }
                if (first, last) != (capture.firstToken, capture.lastToken), let reading = type.read(words: utterance.words[first...last], today: today) {
                    slots.append(slotMatch(capture.slot, first: first, last: last, reading: reading, type: type, utterance: utterance, today: today))
                    continue
                }
            }
            // "add a book to my reading list" by "add {title} to my reading list" names no book:
            // the slot stays empty, and a dialog asks which.
            if capture.reading.fit < 1, isPlaceholder(utterance.words[capture.firstToken...capture.lastToken], type: type) { continue }
            // "that movie was a three out of five": the thing the slot names, pointed at.
            if capture.reading.isName, let slot = intent.slot(named: capture.slot),
                Self.isReference(utterance.words[capture.firstToken...capture.lastToken], to: slot) { continue }
            slots.append(slotMatch(capture.slot, first: capture.firstToken, last: capture.lastToken, reading: capture.reading, type: type, utterance: utterance, today: today))
        }
        let joined = datesJoined(slots, intent: intent, utterance: utterance, today: today)
        return NLUCandidate(skillID: skillID, intent: intent.name, score: match.score, slots: framedGrammarValues(joined, intent: intent, utterance: utterance, today: today),
                            declaredSlots: intent.slots.map(\.name))
    }

    /// Whether unlisted words stand for a value without saying it: the model's carrier words
    /// ("a book", said to a reading list whose samples say "recommend a book"), or such a word
    /// or "something" after everyday words ("a new book"). Only for types that list values.
    func isPlaceholder(_ words: ArraySlice<String>, type: SlotTypeMatcher) -> Bool {
        guard type.isListed, let head = words.last else { return false }
        if isCarrierPhrase(words, type: type) { return true }
        guard carrierWords.contains(head) || Self.placeholders.contains(head) else { return false }
        return words.dropLast().allSatisfy(Self.everydayWords.contains)
    }

    /// Whether a value is longer, in words, than any its slot's type lists, by two or more: a
    /// catch-all sample's slot that swallowed a sentence (of a list, one of its values). False
    /// for a type that lists nothing.
    func isWordier(_ value: SlotMatch, intent: IntentName) -> Bool {
        guard let slot = intents.first(where: { $0.name == intent })?.slot(named: value.name),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)], type.isListed, type.longestEntry > 0
        else { return false }
        return value.values.contains { type.isWordier(Tokenizer.tokens($0.spoken).count) }
    }

    /// Whether the value is one a built-in list type (AMAZON.FirstName, AMAZON.City) does not
    /// hold: taken as said, on no evidence but where the samples put it.
    func isUnlistedBuiltInListValue(_ value: SlotMatch, intent: IntentName) -> Bool {
        guard !value.isKnownValue, let slot = intents.first(where: { $0.name == intent })?.slot(named: value.name),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)], case .list = type.kind
        else { return false }
        return !type.isListedValue(ArraySlice(Tokenizer.tokens(value.spoken).map(\.text)))
    }

    /// Whether the value's words are themselves one its type lists (or a synonym), not a longer
    /// phrase holding one ("a large pizza" resolves to a menu's "pizza" but is not it).
    func saysListedValue(_ value: SlotMatch, intent: IntentName) -> Bool {
        guard value.isListedValue, let slot = intents.first(where: { $0.name == intent })?.slot(named: value.name),
            let type = typeMatchers[SlotTypeMatcher.Key(slot)]
        else { return false }
        return type.isListedValue(ArraySlice(Tokenizer.tokens(value.spoken).map(\.text)))
    }

    /// Words that stand for a thing not named.
    static let placeholders = proForms.union(["something", "anything", "thing", "things", "stuff"])

    /// Whether words a type reads as a name are only function words (adverbs of time and
    /// degree among them: "is my latte ready yet" names no milk "yet"), or only the model's
    /// carrier words when the type lists values (a free-text slot takes anything).
    /// For a built-in list (first names, cities), a possessive is its owner: "the vet's hours"
    /// names no pet "vet" where the samples say "see a vet".
    func isCarrierPhrase(_ words: ArraySlice<String>, type: SlotTypeMatcher) -> Bool {
        let builtInList = if case .list = type.kind { true } else { false }
        // So does a name of a catalog type (AMAZON.Movie), unlike a search query: "what did i
        // put on my watchlist" puts no movie "did i put".
        let names = type.isListed || BuiltInSlotTypes.kind(of: type.type) != .searchQuery
        return words.allSatisfy { word in
            let owner = builtInList ? Contractions.possessor(word) ?? word : word
            return StopWords.all.contains(word) || Self.adverbs.contains(word) || (names && carrierWords.contains(owner))
        }
    }

    /// Adverbs that name nothing, said alone.
    static let adverbs: Set<String> = ["yet", "already", "still", "ever", "also", "even", "anymore", "instead", "anyway", "maybe"]

    /// The share of `words` (said across the samples) said only once, by stem; 1 when none.
    static func unseenRate(_ words: [String]) -> Double {
        var counts: [String: Int] = [:]
        for word in words { counts[Stem.of(word), default: 0] += 1 }
        guard !words.isEmpty else { return 1 }
        return Double(counts.values.filter { $0 == 1 }.count) / Double(words.count)
    }

    /// Units a length of time is counted in.
    static let durationUnits: Set<String> = ["second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days", "week", "weeks"]

    /// Words that stand for a noun said before or understood: never a value on their own.
    static let proForms: Set<String> = ["one", "ones"]

    /// A tagged span read as its slot type; nil when the type refuses it (a number slot that
    /// does not read as a number).
    func slotMatch(_ slot: SlotDefinition, first: Int, last: Int, utterance: Utterance, today: CivilDate) -> SlotMatch? {
        guard let matcher = typeMatchers[SlotTypeMatcher.Key(slot)] else { return nil }
        guard let reading = matcher.read(words: utterance.words[first...last], today: today) else {
            // "a four": the number after its article.
            if first < last, SlotTypeMatcher.articles.contains(utterance.words[first]) { return slotMatch(slot, first: first + 1, last: last, utterance: utterance, today: today) }
            return nil
        }
        // A number said as a length of time is no time of day: "a ride in ten minutes" is not
        // at 10:00, "back in 2 hours" not at 2:00.
        if case .grammar(.time) = matcher.kind, last + 1 < utterance.words.count, Self.durationUnits.contains(utterance.words[last + 1]) { return nil }
        // A span of nothing but function words ("please") is not a value unless listed, nor
        // one of the model's carrier words ("i want to order pizza": "order" is no topping).
        if reading.isName, isCarrierPhrase(utterance.words[first...last], type: matcher) { return nil }
        // Nor is the pronoun "one" ("a small one": a size, and no temperament "one").
        if reading.isName, first == last, Self.proForms.contains(utterance.words[first]) { return nil }
        // Nor is when, said vaguely ("add dune to my watchlist at some point" adds no movie
        // "at some point").
        if reading.isName, Self.vagueTimes.contains(where: { utterance.words[first...last].elementsEqual($0) }) { return nil }
        // Nor is the thing the slot names, pointed at: "that movie was a three out of five"
        // rates the movie being talked about, "add the plant" names no plant.
        if reading.isName, Self.isReference(utterance.words[first...last], to: slot) { return nil }
        return slotMatch(slot.name, first: first, last: last, reading: reading, type: matcher, utterance: utterance, today: today)
    }

    /// Whether the words point at the thing the slot names rather than name one: a
    /// determiner and the slot's or its type's own words ("that movie", "the song name").
    static func isReference(_ words: ArraySlice<String>, to slot: SlotDefinition) -> Bool {
        guard words.count > 1, let first = words.first, SlotTypeMatcher.determiners.contains(first) else { return false }
        let names = namingWords(slot)
        return words.dropFirst().allSatisfy(names.contains)
    }

    /// The words a slot's name and its type's name say it holds ("movie" of AMAZON.Movie,
    /// "song" and "name" of song_name), and their plurals.
    static func namingWords(_ slot: SlotDefinition) -> Set<String> {
        var words: Set<String> = []
        for name in [slot.name.rawValue, String(slot.type.rawValue.split(separator: ".").last ?? "")] {
            var word = ""
            var previousIsLower = false
            for character in name {
                if !character.isLetter || character.isUppercase && previousIsLower {
                    if !word.isEmpty { words.insert(word) }
                    word = ""
                }
                if character.isLetter { word += character.lowercased() }
                previousIsLower = character.isLowercase
            }
            if !word.isEmpty { words.insert(word) }
        }
        return words.union(words.map { $0 + "s" })
    }

    /// The slot as the skill receives it; for a slot with multiple values enabled, the span
    /// split into its values when it holds several.
    func slotMatch(_ name: SlotName, first: Int, last: Int, reading: SlotTypeMatcher.Reading, type: SlotTypeMatcher, utterance: Utterance, today: CivilDate) -> SlotMatch {
        func value(_ first: Int, _ last: Int, _ reading: SlotTypeMatcher.Reading, list: [SlotMatch] = []) -> SlotMatch {
            // "the rice": a listed value after a leading article or possessive is that value;
            // so is one after a word saying which of a series ("the newest planet money
            // episode", "my next appointment": which episode, which appointment). "New" only
            // where the value says what kind of thing follows ("a new sci fi book"): "add new
            // potatoes" adds new potatoes. Not a value listed with the word ("new age").
            if list.isEmpty, reading.resolved == nil, type.isListed, first < last,
                SlotTypeMatcher.determiners.contains(utterance.words[first])
                    || Self.recencyWords.contains(utterance.words[first]) && !utterance.isCapitalised(first)
                    || utterance.words[first] == "new" && !utterance.isCapitalised(first) && last + 1 < utterance.words.count && !StopWords.all.contains(utterance.words[last + 1]),
                let listed = type.read(words: utterance.words[(first + 1)...last], today: today), listed.resolved != nil {
                return value(first + 1, last, listed)
            }
            // "on the first of january": the date is what follows the preposition.
            if list.isEmpty, reading.normalized != nil, first < last, SlotTypeMatcher.prepositions.contains(utterance.words[first]),
                let rest = type.read(words: utterance.words[(first + 1)...last], today: today), rest.normalized == reading.normalized {
                return value(first + 1, last, rest)
            }
            // "delete the 6:30 alarm": a time of the clock is what follows its article (a date
            // keeps it: "the 3rd").
            if list.isEmpty, reading.normalized != nil, first < last, SlotTypeMatcher.articles.contains(utterance.words[first]),
                BuiltInSlotTypes.kind(of: type.type) == .time, utterance.words[first + 1].contains(where: \.isNumber),
                let rest = type.read(words: utterance.words[(first + 1)...last], today: today), rest.normalized == reading.normalized {
                return value(first + 1, last, rest)
            }
            // "how about nine pm": the "about" asks, it hedges nothing.
            if list.isEmpty, reading.normalized != nil, first > 0, first < last, utterance.words[first - 1] == "how", utterance.words[first] == "about",
                let rest = type.read(words: utterance.words[(first + 1)...last], today: today), rest.normalized == reading.normalized {
                return value(first + 1, last, rest)
            }
            var spoken = utterance.slice(from: first, through: last)
            // "what's my mom's number": a listed value said with its possessive is that value.
            if list.isEmpty, reading.resolved == nil, reading.normalized == nil, type.isListed, !type.listsPossessives,
                let owner = Contractions.possessor(utterance.words[last]),
                let listed = type.read(words: ArraySlice(utterance.words[first..<last] + [owner]), today: today), listed.resolved != nil {
                spoken = (String(String.UnicodeScalarView(spoken.text.unicodeScalars.dropLast(2))), spoken.start, spoken.end - 2)
                return SlotMatch(name: name, value: spoken.text, spoken: spoken.text, start: spoken.start, end: spoken.end,
                                 resolution: resolution(for: listed, type: type, words: utterance.words[first...last]), list: list)
            }
            // "Miyavi's music": a name ends before its possessive, unless the type lists
            // possessives ("jannie's" playlists). (Dev split, 70 per intent: artist +33 spans.)
            // A built-in list's too: "mike's score" is mike's (Snips full slot F1 0.9562 ->
            // 0.9566 with the gazetteer's possessive matches; 70 per intent intent accuracy
            // 0.9493 -> 0.9492).
            let word = utterance.words[last]
            if list.isEmpty, reading.isName, !type.listsPossessives, type.isListed, Contractions.possessor(word) != nil {
                spoken = (String(String.UnicodeScalarView(spoken.text.unicodeScalars.dropLast(2))), spoken.start, spoken.end - 2)
            }
            return SlotMatch(
                name: name, value: list.isEmpty ? reading.normalized ?? spoken.text : spoken.text, spoken: spoken.text, start: spoken.start, end: spoken.end,
                resolution: list.isEmpty ? resolution(for: reading, type: type, words: utterance.words[first...last]) : nil, list: list)
        }
        if type.takesLists {
            let parts = ListValues.split(utterance.words[first...last], pauseAfter: utterance.pause(after:), longest: type.longestEntry, isListed: type.isListedValue)
            let readings = parts.compactMap { type.read(words: utterance.words[$0], today: today) }
            // Every part must read as the type ("5 and 6" as numbers), or the span is one value.
            if parts.count > 1, readings.count == parts.count {
                return value(first, last, reading, list: zip(parts, readings).map { value($0.lowerBound, $0.upperBound, $1) })
            }
        }
        return value(first, last, reading)
    }

    /// Entity resolution in Alexa's shape, for custom types with values.
    /// An unlisted value that holds one listed value and at most one other meaningful word
    /// resolves to it ("ranch dressing" to "ranch", "something with cranberries" to
    /// "cranberry"): a skill that validates with hasEntityResolutionMatch would otherwise ask
    /// again for what it was just told. The value itself stays as spoken.
    func resolution(for reading: SlotTypeMatcher.Reading, type: SlotTypeMatcher, words: ArraySlice<String>) -> ResolutionAuthority? {
        guard type.resolves else { return nil }
        let authority = "amzn1.er-authority.echo-sdk.\(skillID).\(type.type)"
        if let entry = reading.resolved ?? (reading.normalized == nil ? type.containedValue(in: words) : nil), entry.isCustom {
            return ResolutionAuthority(authority: authority, status: .successMatch, values: [ResolvedValue(name: entry.name, id: entry.id)])
        }
        return ResolutionAuthority(authority: authority, status: .successNoMatch, values: [])
    }
}

extension FallbackIntentSensitivity {
    /// The most probability the noise class may have before the sentence is out of domain.
    /// (Dev split at LOW: 0.5 rejected 1.6% of in-domain sentences, 0.7 fewer, intent
    /// 0.881 -> 0.885; later 0.9 rejected 0.5% where 0.7 rejected 0.8%, intent 0.926 -> 0.928,
    /// with the out-of-domain tests still passing.)
    var noneLimit: Double {
        switch self {
        case .low: 0.9
        case .medium: 0.5
        case .high: 0.3
        }
    }

    /// The least share the best intent needs among the intents for the sentence to count.
    var threshold: Double {
        switch self {
        case .low: 0
        case .medium: 0.4
        case .high: 0.6
        }
    }
}
