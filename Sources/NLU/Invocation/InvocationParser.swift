import SkillModel

/// Recognises the phrases that name a skill: "open hello world", "ask list o mat to add milk",
/// "use number race to …".
public struct InvocationParser: Sendable {
    /// What an invocation asks for.
    public enum Kind: Sendable, Equatable {
        /// Open the skill (LaunchRequest).
        case launch
        /// Run the rest of the sentence as an intent of that skill.
        case oneShot(Utterance)
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.launch, .launch): true
            case (.oneShot(let a), .oneShot(let b)): a.text == b.text
            default: false
            }
        }
    }

    public struct Invocation: Sendable {
        public let skillID: SkillID
        public let kind: Kind
    }

    private struct Name: Sendable {
        let words: [String]
        let compact: String
        /// How the name sounds, roughly: "list o mat", "listomat" and "list oh mat" share one.
        let sound: String
        let skillID: SkillID
    }

    private let names: [Name]

    static let launchVerbs: [[String]] = [["open"], ["launch"], ["start"], ["begin"], ["load"], ["run"], ["talk", "to"], ["play"], ["hey"], ["hi"]]
    static let askVerbs: [[String]] = [["ask"], ["tell"], ["use"]]
    static let connectors: Set<String> = ["to", "for", "about", "whether", "if", "that", "and", "what", "how"]
    static let keepConnectors: Set<String> = ["what", "how"]

    /// - Parameter names: each skill's invocation names.
    public init(names: [(SkillID, [String])]) {
        var compiled: [Name] = []
        for (skillID, invocationNames) in names {
            for name in invocationNames {
                let words = Tokenizer.tokens(name).map(\.text)
                guard !words.isEmpty else { continue }
                compiled.append(Name(words: words, compact: words.joined(), sound: Self.soundKey(words.joined()), skillID: skillID))
            }
        }
        // Longer names first, so "hello world two" is not read as "hello world".
        self.names = compiled.sorted { $0.words.count > $1.words.count }
    }

    /// Whether the sentence is a launch verb alone ("open", "talk to"): a skill left unnamed.
    public static func isBareLaunch(_ words: [String]) -> Bool {
        launchVerbs.contains(words) && ![["play"], ["hey"], ["hi"]].contains(words)
    }

    /// What people say before a launch phrase: "please", "can you", "i want to", "i'd like
    /// to" ("i want to talk to help desk", "can you open table talk").
    static let openers: [[String]] = [
        ["please"], ["alexa"], ["hey", "alexa"], ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["can", "i"], ["could", "i"],
        ["may", "i"], ["i", "want", "to"], ["i", "wanna"], ["i'd", "like", "to"], ["i", "would", "like", "to"], ["i", "need", "to"],
        ["let", "me"], ["let's"], ["let", "us"], ["go", "ahead", "and"], ["just"],
    ]

    /// How many words of openers the sentence starts with.
    static func openerLength(_ words: [String]) -> Int {
        var start = 0
        while let opener = openers.first(where: { words[start...].starts(with: $0) && words.count > start + $0.count }) { start += opener.count }
        return start
    }

    /// The invocation in `utterance`, or nil when it names no skill.
    public func parse(_ utterance: Utterance) -> Invocation? {
        let start = Self.openerLength(utterance.words)
        let words = Array(utterance.words[start...])
        for verbs in [Self.launchVerbs, Self.askVerbs] {
            for verb in verbs where words.starts(with: verb) {
                guard let (name, used) = matchName(words, from: verb.count) else { continue }
                let rest = verb.count + used
                if rest == words.count { return Invocation(skillID: name.skillID, kind: .launch) }
                var restStart = rest
                if Self.connectors.contains(words[rest]) && !Self.keepConnectors.contains(words[rest]) { restStart += 1 }
                guard restStart < words.count else { return Invocation(skillID: name.skillID, kind: .launch) }
                return Invocation(skillID: name.skillID, kind: .oneShot(utterance.dropping(first: start + restStart)))
            }
        }
        return nil
    }

    /// The skill a launch phrase nearly names, when it names none: "open the pizza order" for
    /// "pizza corner", "launch capitals quiz" for "capital quiz". At least half the name's
    /// words (by spelling, a letter apart, or the plural) and half the words said, and one
    /// skill alone. Nil when an invocation is exact (see `parse`) or nothing comes near.
    public func nearMiss(_ utterance: Utterance) -> SkillID? {
        let words = Array(utterance.words[Self.openerLength(utterance.words)...])
        guard let verb = Self.launchVerbs.first(where: { words.starts(with: $0) && words.count > $0.count }), parse(utterance) == nil else { return nil }
        // Function words name nothing: "play some jazz" does not nearly say "home control".
        var said = Array(words.dropFirst(verb.count)).filter { !Self.filler.contains($0) && !StopWords.all.contains($0) }
        if let last = said.last, ["skill", "app", "game"].contains(last), said.count > 1 { said.removeLast() }
        guard !said.isEmpty else { return nil }
        var best: (skill: SkillID, score: Double)?
        var tied = false
        for name in names {
            let named = name.words.filter { !Self.filler.contains($0) }
            guard !named.isEmpty, said.count <= named.count + 2 else { continue }
            let matched = named.filter { word in said.contains { Self.nearlySame($0, word) } }.count
            let score = Double(matched) / Double(max(named.count, said.count))
            guard matched > 0, score >= 0.5 else { continue }
            if let current = best, current.skill != name.skillID, abs(current.score - score) < 1e-9 { tied = true }
            if best == nil || score > best!.score + 1e-9 {
                best = (name.skillID, score)
                tied = false
            }
        }
        return tied ? nil : best?.skill
    }

    /// Words a launch phrase puts around a name: articles and possessives.
    static let filler: Set<String> = ["the", "a", "an", "my", "our", "your", "up"]

    /// The same word, said a little differently: a letter apart (for words of four letters or
    /// more) or in the plural.
    static func nearlySame(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if a.count >= 4, b.count >= 4, editDistance(a, b) <= 1 { return true }
        return a + "s" == b || b + "s" == a || a + "es" == b || b + "es" == a
    }

    /// A phonetic key of letters run together: the first letter, then the consonants without
    /// h, w and y, doubled ones once ("listomat", "list oh mat" and "lista mat" → "lstmt").
    static func soundKey(_ text: String) -> String {
        var key = ""
        let letters = Array(text.lowercased().replacingOccurrences(of: "ph", with: "f").replacingOccurrences(of: "ck", with: "k"))
        for (index, letter) in letters.enumerated() where letter.isLetter {
            if index > 0, "aeiouhwy".contains(letter) { continue }
            // Letters said alike are one sound: a soft c and a z are an s ("race", "raise",
            // "rays" as a recogniser may hear them), a hard c and a q a k.
            var character = letter
            if character == "c" { character = index + 1 < letters.count && "eiy".contains(letters[index + 1]) ? "s" : "k" }
            if character == "z" { character = "s" }
            if character == "q" { character = "k" }
            if key.last != character { key.append(character) }
        }
        return key
    }

    /// A skill name at `start`: its words in order, the same letters run together
    /// ("helloworld", "list o mat" for "listomat"), or, for a name of five sounds or more,
    /// words that sound like it ("list oh mat").
    private func matchName(_ words: [String], from start: Int) -> (Name, Int)? {
        if let found = matchName(words, at: start) { return found }
        // "talk to the helpdesk": an article before a name that has none.
        guard start + 1 < words.count, ["the", "my"].contains(words[start]), let (name, used) = matchName(words, at: start + 1), name.words.first != words[start] else { return nil }
        return (name, used + 1)
    }

    private func matchName(_ words: [String], at start: Int) -> (Name, Int)? {
        for name in names where words.count - start >= name.words.count {
            if Array(words[start..<start + name.words.count]) == name.words { return (name, name.words.count) }
        }
        for name in names {
            var joined = ""
            var index = start
            while index < words.count, joined.count < name.compact.count {
                joined += words[index]
                index += 1
                if joined == name.compact { return (name, index - start) }
            }
        }
        for name in names where name.sound.count >= 5 {
            var joined = ""
            for index in start..<min(words.count, start + name.words.count + 2) {
                joined += words[index]
                if Self.soundKey(joined) == name.sound, Self.editDistance(joined, name.compact) <= max(2, name.compact.count / 4) {
                    return (name, index - start + 1)
                }
            }
        }
        return nil
    }

    /// Letters to insert, delete or change to turn one into the other. Sounding alike is not
    /// enough on its own: "last meat" has List-o-Mat's consonants, but three letters from it.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
