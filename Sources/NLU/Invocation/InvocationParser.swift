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

    /// The invocation in `utterance`, or nil when it names no skill.
    public func parse(_ utterance: Utterance) -> Invocation? {
        let words = utterance.words
        for verbs in [Self.launchVerbs, Self.askVerbs] {
            for verb in verbs where words.starts(with: verb) {
                guard let (name, used) = matchName(words, from: verb.count) else { continue }
                let rest = verb.count + used
                if rest == words.count { return Invocation(skillID: name.skillID, kind: .launch) }
                var restStart = rest
                if Self.connectors.contains(words[rest]) && !Self.keepConnectors.contains(words[rest]) { restStart += 1 }
                guard restStart < words.count else { return Invocation(skillID: name.skillID, kind: .launch) }
                return Invocation(skillID: name.skillID, kind: .oneShot(utterance.dropping(first: restStart)))
            }
        }
        return nil
    }

    /// A phonetic key of letters run together: the first letter, then the consonants without
    /// h, w and y, doubled ones once ("listomat", "list oh mat" and "lista mat" → "lstmt").
    static func soundKey(_ text: String) -> String {
        var key = ""
        for (index, character) in text.lowercased().replacingOccurrences(of: "ph", with: "f").enumerated() where character.isLetter {
            if index > 0, "aeiouhwy".contains(character) { continue }
            if key.last != character { key.append(character) }
        }
        return key
    }

    /// A skill name at `start`: its words in order, the same letters run together
    /// ("helloworld", "list o mat" for "listomat"), or, for a name of five sounds or more,
    /// words that sound like it ("list oh mat").
    private func matchName(_ words: [String], from start: Int) -> (Name, Int)? {
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
