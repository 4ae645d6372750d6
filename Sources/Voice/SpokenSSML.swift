import Foundation

/// A skill's SSML as espeak-ng can say it: what espeak-ng renders itself kept (`<speak>`,
/// `<break>`, `<prosody>`, `<emphasis>`, `<p>`, `<s>`), what it does not said the way Alexa would
/// (`<say-as>` digits, characters, ordinals, dates, telephone numbers; `<sub>` by its alias), and
/// the rest (`<audio>`, `<amazon:…>`, `<voice>`, `<lang>`, `<phoneme>`, `<w>`, `<mark>`) left out
/// with their words kept: never read out as markup. Every piece of text is written escaped, so a
/// value a skill echoed back is spoken, not interpreted.
public enum SpokenSSML {
    /// espeak-ng's SSML for `ssml` (Alexa's), or for plain text when `ssml` is not markup.
    public static func forSpeech(_ ssml: String) -> String {
        var out = "<speak>"
        var open: [String] = []          // the tags kept, innermost last, to close in order
        var dropped: [String] = []       // tags whose element is not spoken at all (their text is dropped)
        var sayAs: [(format: String, attributes: [String: String], text: String)] = []
        var substitutes: [String] = []   // <sub alias>: the alias is spoken instead of the text
        for token in Tokens(ssml) {
            switch token {
            case .text(let text):
                if !dropped.isEmpty || !substitutes.isEmpty { continue }
                if !sayAs.isEmpty {
                    sayAs[sayAs.count - 1].text += text
                    continue
                }
                out += escape(text)
            case .open(let name, let attributes, let selfClosing):
                switch name {
                case "speak":
                    continue
                case "break":
                    var kept = "<break"
                    if let time = attributes["time"], Self.isDuration(time) { kept += " time=\"\(time)\"" }
                    if let strength = attributes["strength"], Self.strengths.contains(strength) { kept += " strength=\"\(strength)\"" }
                    out += kept + "/>"
                    if !selfClosing { dropped.append(name) }
                case "prosody", "emphasis", "p", "s":
                    var kept = "<\(name)"
                    for key in ["rate", "pitch", "volume", "level"] {
                        guard let value = attributes[key], let spoken = Self.prosodyValue(key, value) else { continue }
                        kept += " \(key)=\"\(spoken)\""
                    }
                    if selfClosing { out += kept + "/>" } else {
                        out += kept + ">"
                        open.append(name)
                    }
                case "say-as":
                    if !selfClosing { sayAs.append((attributes["interpret-as"] ?? "", attributes, "")) }
                case "sub":
                    guard !selfClosing else { continue }
                    out += escape(attributes["alias"] ?? "")
                    substitutes.append(name)
                case "audio", "mark":
                    // Alexa's sound files are not fetched: a short pause marks where one was.
                    if name == "audio" { out += "<break time=\"300ms\"/>" }
                    if !selfClosing, name == "mark" { dropped.append(name) }
                default:
                    // amazon:effect, amazon:emotion, amazon:domain, voice, lang, phoneme, w…:
                    // their words are spoken in the chosen voice, the tag itself is not.
                    continue
                }
            case .close(let name):
                if let last = dropped.last, last == name { dropped.removeLast(); continue }
                if name == "sub", !substitutes.isEmpty { substitutes.removeLast(); continue }
                if name == "say-as", let said = sayAs.popLast() {
                    let words = Self.sayAs(said.format, said.attributes, said.text)
                    if sayAs.isEmpty { out += escape(words) } else { sayAs[sayAs.count - 1].text += words }
                    continue
                }
                if let index = open.lastIndex(of: name) {
                    // Closed in order, whatever the skill's nesting.
                    while open.count > index { out += "</\(open.removeLast())>" }
                }
            }
        }
        while let name = open.popLast() { out += "</\(name)>" }
        return out + "</speak>"
    }

    static let strengths: Set<String> = ["none", "x-weak", "weak", "medium", "strong", "x-strong"]

    /// "500ms", "2s", "1.5s": what `<break time>` may say (Alexa allows up to 10 s).
    static func isDuration(_ value: String) -> Bool {
        let number: Substring
        if value.hasSuffix("ms") { number = value.dropLast(2) } else if value.hasSuffix("s") { number = value.dropLast() } else { return false }
        guard let amount = Double(number), amount >= 0 else { return false }
        return value.hasSuffix("ms") ? amount <= 10_000 : amount <= 10
    }

    /// A prosody or emphasis value espeak-ng understands, from Alexa's: the named steps and
    /// percentages pass; decibels ("+6dB") become the percentage they mean.
    static func prosodyValue(_ key: String, _ value: String) -> String? {
        let named: Set<String> = ["x-slow", "slow", "medium", "fast", "x-fast", "x-low", "low", "high", "x-high", "silent", "x-soft", "soft", "loud", "x-loud", "default", "strong", "moderate", "reduced", "none"]
        if named.contains(value) { return value }
        if value.hasSuffix("%"), Double(value.dropLast().replacingOccurrences(of: "+", with: "")) != nil { return value }
        if key == "volume", value.lowercased().hasSuffix("db"), let decibels = Double(value.dropLast(2).replacingOccurrences(of: "+", with: "")) {
            let percent = Int((pow(10, decibels / 20) * 100).rounded())
            return "\(min(400, max(0, percent)))%"
        }
        return nil
    }

    /// The words `<say-as interpret-as="format">` means for `text`, as Alexa says them.
    static func sayAs(_ format: String, _ attributes: [String: String], _ text: String) -> String {
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch format {
        case "characters", "spell-out":
            return trimmed.filter { !$0.isWhitespace }.map(String.init).joined(separator: " ")
        case "digits", "telephone":
            return trimmed.filter { $0.isNumber || $0.isLetter }.map(String.init).joined(separator: " ")
        case "ordinal":
            guard let number = Int(trimmed) else { return trimmed }
            let tens = number % 100, ones = number % 10
            let suffix = (11...13).contains(tens) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th"
            return "\(number)\(suffix)"
        case "date":
            return spokenDate(trimmed, format: attributes["format"] ?? "ymd") ?? trimmed
        case "expletive":
            return "bleep"
        default:
            // cardinal, number, unit, time, address, interjection, fraction: the words as written.
            return trimmed
        }
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// "20261126" or "2026-11-26" (format ymd), "????1126" (unknown year): "November 26th 2026".
    static func spokenDate(_ text: String, format: String) -> String? {
        let digits = text.filter { $0.isNumber || $0 == "?" }
        guard digits.count == 8, format == "ymd" || format == "mdy" || format == "dmy" else { return nil }
        let characters = Array(digits)
        func part(_ range: Range<Int>) -> Int? { Int(String(characters[range])) }
        let (year, month, day): (Int?, Int?, Int?) = switch format {
        case "mdy": (part(4..<8), part(0..<2), part(2..<4))
        case "dmy": (part(4..<8), part(2..<4), part(0..<2))
        default: (part(0..<4), part(4..<6), part(6..<8))
        }
        var words: [String] = []
        if let month, (1...12).contains(month) { words.append(months[month - 1]) }
        if let day, (1...31).contains(day) { words.append(sayAs("ordinal", [:], String(day))) }
        if let year { words.append(String(year)) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// By scalar: a "<" with a combining mark after it is escaped too.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// SSML as text and tags, entities decoded in the text.
    enum Token: Equatable {
        case text(String)
        case open(String, [String: String], selfClosing: Bool)
        case close(String)
    }

    /// Read scalar by scalar, not by Character: a "<" followed by a combining mark is one
    /// Character, and still the start of a tag to an XML reader such as espeak-ng's.
    struct Tokens: Sequence, IteratorProtocol {
        typealias Scalars = Substring.UnicodeScalarView
        private var rest: Scalars

        init(_ ssml: String) { rest = ssml[...].unicodeScalars }

        mutating func next() -> Token? {
            while true {
                guard let token = step() else { return nil }
                if let token { return token }
            }
        }

        /// The next token; nil inside for a declaration or comment passed over.
        private mutating func step() -> Token?? {
            guard let first = rest.first else { return .none }
            if first != "<" {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let text = rest[..<end]
                rest = rest[end...]
                return .text(Self.decode(text))
            }
            guard let end = rest.firstIndex(of: ">") else {
                // A lone "<" (not markup): text.
                defer { rest = rest[rest.endIndex...] }
                return .text(Self.string(rest))
            }
            var body = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            if body.first == "/" { return .close(Self.string(body.dropFirst()).trimmingCharacters(in: .whitespaces).lowercased()) }
            if body.first == "?" || body.first == "!" { return .some(nil) }
            let selfClosing = body.last == "/"
            if selfClosing { body = body.dropLast() }
            let name = body.prefix { !$0.properties.isWhitespace }
            return .open(Self.string(name).lowercased(), Self.attributes(body[name.endIndex...]), selfClosing: selfClosing)
        }

        static func string(_ scalars: Scalars) -> String { String(String.UnicodeScalarView(scalars)) }

        static func attributes(_ text: Scalars) -> [String: String] {
            var attributes: [String: String] = [:]
            var rest = text
            while let equals = rest.firstIndex(of: "=") {
                let key = string(rest[..<equals]).trimmingCharacters(in: .whitespaces).lowercased()
                rest = rest[rest.index(after: equals)...].drop { $0.properties.isWhitespace }
                guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: quote) else { break }
                attributes[key] = decode(rest[..<close])
                rest = rest[rest.index(after: close)...]
            }
            return attributes
        }

        static let entities: [(name: String, scalar: Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")]

        static func decode(_ text: Scalars) -> String {
            guard text.contains("&") else { return string(text) }
            var out = String.UnicodeScalarView()
            var rest = text
            while let amp = rest.firstIndex(of: "&") {
                out.append(contentsOf: rest[..<amp])
                let after = rest[amp...]
                if let entity = entities.first(where: { after.starts(with: $0.name.unicodeScalars) }) {
                    out.append(entity.scalar)
                    rest = after.dropFirst(entity.name.unicodeScalars.count)
                } else {
                    out.append("&")
                    rest = after.dropFirst()
                }
            }
            out.append(contentsOf: rest)
            return String(out)
        }
    }
}
