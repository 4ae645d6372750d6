import SkillModel

/// Finds what is wrong with an interaction model, all at once, each finding with its JSON
/// path: what Alexa's build refuses (errors) and what makes understanding worse (warnings).
public enum ModelLinter {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public enum Severity: String, Sendable { case error, warning }
        public let severity: Severity
        public let path: String
        public let message: String
        public var description: String { "\(severity.rawValue): \(path): \(message)" }
    }

    public static func check(_ text: String) -> [Finding] {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            return [Finding(severity: .error, path: "$", message: error.description)]
        }
        var findings: [Finding] = []
        func error(_ path: String, _ message: String) { findings.append(Finding(severity: .error, path: path, message: message)) }
        func warning(_ path: String, _ message: String) { findings.append(Finding(severity: .warning, path: path, message: message)) }

        let base = "$.interactionModel.languageModel"
        guard let language = root["interactionModel"]?["languageModel"]?.object else {
            error(base, "missing (expected an object)")
            return findings
        }
        let invocation = language["invocationName"]?.string ?? ""
        if invocation.isEmpty {
            error("\(base).invocationName", "missing or empty")
        } else if !invocation.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0 == " " || $0 == "'" || $0 == "\u{2019}" || $0 == "." }) {
            // skillhost takes it; Alexa would not, and a port should go both ways.
            warning("\(base).invocationName", "'\(invocation)': Alexa takes only lower-case letters, spaces, apostrophes and periods (numbers spelled out)")
        }

        var typeNames = Set<String>()
        for (i, type) in (language["types"]?.array ?? []).enumerated() {
            let path = "\(base).types[\(i)]"
            guard let name = type["name"]?.string else { error("\(path).name", "missing"); continue }
            if !typeNames.insert(name).inserted { error("\(path).name", "slot type '\(name)' is defined twice") }
            if !name.hasPrefix("AMAZON."), !isAlexaName(name) {
                warning("\(path).name", "slot type '\(name)': Alexa takes only letters and underscores in a custom type's name")
            }
            let values = type["values"]?.array ?? []
            if values.isEmpty { warning("\(path).values", "slot type '\(name)' has no values") }
            var seen = [String: Int]()
            for (v, value) in values.enumerated() {
                guard let text = value["name"]?["value"]?.string else { error("\(path).values[\(v)].name.value", "missing"); continue }
                let key = Tokenizer.normalize(text)
                if key.isEmpty { error("\(path).values[\(v)].name.value", "empty: a value needs a word") }
                for (y, synonym) in (value["name"]?["synonyms"]?.array ?? []).enumerated() where Tokenizer.normalize(synonym.string ?? "").isEmpty {
                    warning("\(path).values[\(v)].name.synonyms[\(y)]", "empty synonym of '\(text)'")
                }
                if let first = seen[key] { warning("\(path).values[\(v)]", "'\(text)' repeats value \(first)") } else { seen[key] = v }
            }
            // A synonym that is also another value: the value wins, so the synonym never resolves.
            for (v, value) in values.enumerated() {
                let text = value["name"]?["value"]?.string ?? ""
                for (y, synonym) in (value["name"]?["synonyms"]?.array ?? []).enumerated() {
                    let key = Tokenizer.normalize(synonym.string ?? "")
                    if !key.isEmpty, let other = seen[key], other != v {
                        warning("\(path).values[\(v)].name.synonyms[\(y)]", "'\(synonym.string ?? "")', a synonym of '\(text)', is also value \(other); it resolves to that value")
                    }
                }
            }
        }
        var usedTypes = Set<String>()

        var sampleOwner: [String: (intent: String, path: String)] = [:]
        var intentNames = Set<String>()
        guard let intents = language["intents"]?.array else {
            error("\(base).intents", "missing (expected an array)")
            return findings
        }
        for (i, intent) in intents.enumerated() {
            let path = "\(base).intents[\(i)]"
            guard let name = intent["name"]?.string, !name.isEmpty else { error("\(path).name", "missing or empty"); continue }
            if !intentNames.insert(name).inserted { error("\(path).name", "intent '\(name)' is defined twice") }
            if !name.hasPrefix("AMAZON."), !isAlexaName(name) {
                warning("\(path).name", "intent '\(name)': Alexa takes only letters and underscores in an intent's name")
            }
            var slotNames = Set<String>()
            var searchQuerySlots = Set<String>()
            for (s, slot) in (intent["slots"]?.array ?? []).enumerated() {
                guard let slotName = slot["name"]?.string else { error("\(path).slots[\(s)].name", "missing"); continue }
                if !slotNames.insert(slotName).inserted { error("\(path).slots[\(s)].name", "slot '\(slotName)' is declared twice in intent '\(name)'") }
                if !isAlexaName(slotName) { warning("\(path).slots[\(s)].name", "slot '\(slotName)': Alexa takes only letters and underscores in a slot's name") }
                if let type = slot["type"]?.string { usedTypes.insert(type) }
                if slot["type"]?.string == "AMAZON.SearchQuery" { searchQuerySlots.insert(slotName) }
                if let type = slot["type"]?.string {
                    if !type.hasPrefix("AMAZON.") && !typeNames.contains(type) {
                        error("\(path).slots[\(s)].type", "slot '\(slotName)' uses slot type '\(type)', which the model does not define")
                    }
                } else {
                    error("\(path).slots[\(s)].type", "missing")
                }
            }
            let samples = intent["samples"]?.array ?? []
            if samples.isEmpty && !name.hasPrefix("AMAZON.") { warning("\(path).samples", "intent '\(name)' has no samples") }
            for (s, sampleValue) in samples.enumerated() {
                let samplePath = "\(path).samples[\(s)]"
                guard let sample = sampleValue.string else { error(samplePath, "expected a string"); continue }
                if sample.filter({ $0 == "{" }).count != sample.filter({ $0 == "}" }).count {
                    error(samplePath, "unbalanced braces in \"\(sample)\"")
                }
                let key = Tokenizer.normalize(sample.replacingBraces())
                if key.isEmpty { error(samplePath, "empty sample") }
                let parts = SampleTemplate.parts(of: sample)
                let words = parts.compactMap { part -> String? in if case .text(let text) = part { text } else { nil } }.joined(separator: " ")
                if words.contains(where: \.isNumber) {
                    warning(samplePath, "\"\(sample)\" has digits; Alexa wants numbers spelled out in samples (\"two\", not \"2\")")
                } else if let symbol = words.first(where: { "!@#$%^&*()=+[]<>/\\|~`\";:".contains($0) }) {
                    warning(samplePath, "\"\(sample)\" has '\(symbol)'; Alexa takes only words, spaces, apostrophes, periods and hyphens in samples")
                }
                if parts.count == 1, case .slot(let only) = parts[0], searchQuerySlots.contains(only) {
                    error(samplePath, "\"\(sample)\" is an AMAZON.SearchQuery slot alone; it needs a carrier phrase (\"search for {\(only)}\")")
                }
                var named = Set<String>()
                for part in parts {
                    guard case .slot(let slot) = part else { continue }
                    if !slotNames.contains(slot) {
                        // A misspelling of a declared slot says which it meant.
                        let meant = slotNames.sorted().first { InvocationParser.editDistance($0.lowercased(), slot.lowercased()) <= (slot.count >= 4 ? 2 : 1) }
                        error(samplePath, "\"\(sample)\" names slot '{\(slot)}', which intent '\(name)' does not declare" + (meant.map { "; did you mean '{\($0)}'?" } ?? ""))
                    }
                    if !named.insert(slot).inserted { error(samplePath, "\"\(sample)\" names slot '{\(slot)}' twice; a sample may use a slot once") }
                }
                if let owner = sampleOwner[key] {
                    if owner.intent != name {
                        // An utterance conflict: Alexa's console warns and builds (models Amazon
                        // ships have them); a sentence said so goes to one of the two.
                        warning(samplePath, "\"\(sample)\" is also a sample of intent '\(owner.intent)' (\(owner.path)); a sentence said so goes to one of them")
                    } else {
                        warning(samplePath, "\"\(sample)\" repeats \(owner.path)")
                    }
                } else {
                    sampleOwner[key] = (name, samplePath)
                }
            }
        }
        for (i, type) in (language["types"]?.array ?? []).enumerated() {
            if let name = type["name"]?.string, !usedTypes.contains(name) {
                warning("\(base).types[\(i)]", "slot type '\(name)' is used by no slot")
            }
        }
        return findings
    }

    /// Whether Alexa takes the name of an intent, slot or custom slot type: letters and
    /// underscores, opening with a letter.
    static func isAlexaName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { ($0.isASCII && $0.isLetter) || $0 == "_" }
    }
}

extension String {
    /// Braces kept as words, so "{a} x" and "{b} x" stay different samples for the linter.
    fileprivate func replacingBraces() -> String {
        var out = ""
        for character in self {
            switch character {
            case "{": out += " slot_"
            case "}": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
