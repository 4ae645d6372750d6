import SkillModel

/// The values a skill alone lists, as features of the routing model: a sentence that names
/// one ("a large pepperoni", "the pool") leans to the skill whose slot types list it, even
/// where the words around it are every skill's ("what about the pool", "i'd like the
/// pepperoni").
///
/// Each value and synonym of a custom type that a skill's intents use counts when exactly one
/// loaded skill lists it, it is no stop word, and no other skill's samples say it outside their
/// slots: "light" listed by a smart home but said by a reading lamp's "turn on the reading
/// light" tells nothing. The routing model learns the feature from the sentences each skill's
/// model generates, which say its values in its slots. With many samples per intent, the
/// samples' own words say enough and the feature only pulls sentences toward skills whose
/// values they happen to mention, so the routing model uses it only when the intents have
/// few (`RoutingModel.usesListedValues`).
///
/// A skill's own classifier reads the values one of its intents alone lists the same way, with
/// the same limit ("my lamp doesn't work", where a return's reason lists "doesn't work", was
/// called out of domain for the unknown "lamp"; "my shoes are too small" was read as a return
/// 0.13 sure, under what a sentence that names no skill needs) — only of types whose values
/// have synonyms, closed sets their author lists the ways of saying. A few titles of an open
/// set taught the classifier that the intent's sentences name one, and one naming another
/// ("rate To Live and Die in L.A. a four") was then out of domain. A number says nothing: a
/// choice between "one" and "two" must not take "what's two plus two". (Dev splits: no
/// HWU64 or Snips type lists synonyms, unchanged; the shipped sets unchanged but for one
/// sentence of the errands set's absent skills no longer rejected, 91 of 106.) Types of short
/// category values without synonyms counted too, measured and not landed: HWU64 at 10 per
/// intent 0.6878 -> 0.6864, every shipped set unchanged.
struct ListedValueFeatures: Sendable {
    /// A listed phrase (normalised words, joined by spaces) → the feature of the one skill
    /// that lists it.
    private let owners: [String: UInt64]
    /// The most words a counted phrase has.
    private let longest: Int

    /// How many times a named value's feature is added. A classifier learns a feature once
    /// per sentence, so this weighs it only when a sentence is read: the sentences a skill's
    /// model generates always say its own words around its values, which leave the value
    /// little to learn, while a person's sentence often says other words around it. (Dev
    /// splits, intent right with no skill named, by weight 1 (three features learnt apart) /
    /// 3: the new user's skills 0.8182 / 0.8312, HWU64 at 10 per intent 0.6843 / 0.6892, a
    /// scenario's sentences with its skill absent rejected 967 / 954 of 1,438; the ported
    /// skills 0.8830 both.)
    static let weight = 3
    /// Values of more words than this are not looked for, nor samples' phrases of more.
    static let longestPhrase = 4

    /// The values one skill alone lists, for the routing model. (Each skill's own carrier
    /// words, said by no other skill's samples, counted the same way, measured and not landed:
    /// intent accuracy up a sentence in five sets of the eight and down one in one, but fewer
    /// requests no skill serves kept out in four, 5 in all, and HWU64 at 10 per intent an
    /// absent skill's sentences kept out 956 -> 918 of 1,438.)
    init(_ skills: [(skillID: SkillID, model: InteractionModel)]) {
        self.init(owners: skills.map { skillID, model in
            (skillID.rawValue, Self.listedPhrases(model, intents: model.intents), Self.phrases(of: model.intents))
        })
    }

    /// The values one intent of a skill alone lists, for the skill's own classifier: "my
    /// shoes are too small" names a reason only the return intent's slot lists.
    init(intentsOf model: InteractionModel, intents: [IntentDefinition]) {
        self.init(owners: intents.map { intent in
            ("intent " + intent.name.rawValue, Self.listedPhrases(model, intents: [intent], closedSetsOnly: true), Self.phrases(of: [intent]))
        })
    }

    /// Each owner's listed phrases and the phrases its samples say outside their slots: a
    /// phrase counts for the one owner that lists it when no other owner's samples say it.
    private init(owners all: [(name: String, listed: Set<String>, said: Set<String>)]) {
        var listers: [String: Set<String>] = [:]
        for owner in all {
            for phrase in owner.listed { listers[phrase, default: []].insert(owner.name) }
        }
        var owners: [String: UInt64] = [:]
        var longest = 0
        for (phrase, names) in listers where names.count == 1 {
            let name = names.first!
            guard !all.contains(where: { $0.name != name && $0.said.contains(phrase) }) else { continue }
            var feature = StableHash("listed-value")
            feature.combine(name)
            owners[phrase] = feature.value
            longest = max(longest, phrase.split(separator: " ").count)
        }
        self.owners = owners
        self.longest = longest
    }

    /// The values and synonyms of the custom types the intents' slots use (normalised words
    /// joined by spaces), of at most `longestPhrase` words, no lone stop word; with
    /// `closedSetsOnly`, only of types whose values have synonyms, and no number.
    private static func listedPhrases(_ model: InteractionModel, intents: [IntentDefinition], closedSetsOnly: Bool = false) -> Set<String> {
        let used = Set(intents.flatMap { $0.slots.map(\.type) }.filter { !$0.isBuiltIn })
        var phrases: Set<String> = []
        for type in model.types where used.contains(type.name) && (!closedSetsOnly || type.values.contains { !$0.synonyms.isEmpty }) {
            for value in type.values {
                for phrase in [value.value] + value.synonyms {
                    let words = Tokenizer.tokens(phrase).map(\.text)
                    guard !words.isEmpty, words.count <= Self.longestPhrase else { continue }
                    if words.count == 1, StopWords.all.contains(words[0]) { continue }
                    if closedSetsOnly, NumberWords.value(of: words) != nil { continue }
                    phrases.insert(words.joined(separator: " "))
                }
            }
        }
        return phrases
    }

    /// The features of the listed values the words say: each skill's once, however many of
    /// its values they say.
    func features(_ words: [String]) -> [UInt64] {
        guard !owners.isEmpty else { return [] }
        var found: [UInt64] = []
        Self.forEachPhrase(of: words, upTo: longest) { phrase in
            if let feature = owners[phrase], !found.contains(feature) { found.append(feature) }
        }
        return found.flatMap { repeatElement($0, count: Self.weight) }
    }

    /// Every phrase of up to `longestPhrase` words the intents' samples say outside their slots.
    private static func phrases(of intents: [IntentDefinition]) -> Set<String> {
        var phrases: Set<String> = []
        for intent in intents {
            for sample in intent.samples {
                for case .text(let text) in SampleTemplate.parts(of: sample) {
                    forEachPhrase(of: Tokenizer.tokens(text).map(\.text), upTo: longestPhrase) { phrases.insert($0) }
                }
            }
        }
        return phrases
    }

    /// Each run of one to `longest` consecutive words, joined by spaces.
    private static func forEachPhrase(of words: [String], upTo longest: Int, _ body: (String) -> Void) {
        guard longest > 0 else { return }
        for start in words.indices {
            for length in 1...min(longest, words.count - start) {
                body(words[start..<(start + length)].joined(separator: " "))
            }
        }
    }
}
