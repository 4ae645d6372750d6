/// Speech Synthesis Markup Language helpers.
public enum SSML {
    /// `text` with the characters that mean markup in SSML written as entities, so a value a
    /// user said ("x <audio src='…'/> y") is spoken as words, never obeyed.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The tags Alexa's SSML knows.
    public static let tags: Set<String> = [
        "speak", "amazon:domain", "amazon:effect", "amazon:emotion", "amazon:auto-breaths", "amazon:breath",
        "audio", "break", "emphasis", "lang", "p", "phoneme", "prosody", "s", "say-as", "sub", "voice", "w",
    ]

    /// What is wrong with an SSML document, or nil when it is well formed: one `<speak>`
    /// element around everything, tags Alexa knows, each closed in order, attributes quoted,
    /// `&` only as an entity, `<audio>` only from https. (Alexa refuses a response whose SSML
    /// is not; so does the host, saying where.)
    public static func problem(in ssml: String) -> String? {
        if isPlainSpeech(ssml) { return nil }
        let scalars = Array(ssml.unicodeScalars)
        var open: [String] = []
        var i = 0
        var sawSpeak = false
        func at(_ index: Int) -> String { "at character \(index)" }
        while i < scalars.count {
            let c = scalars[i]
            if c == "<" {
                guard let close = scalars[i...].firstIndex(of: ">") else { return "a '<' that starts no tag \(at(i))" }
                let inner = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
                if inner.hasPrefix("/") {
                    let name = String(inner.dropFirst()).trimmingWhitespace()
                    guard let last = open.popLast() else { return "</\(name)> closes nothing \(at(i))" }
                    guard last == name else { return "</\(name)> closes <\(last)> \(at(i))" }
                } else {
                    let selfClosing = inner.hasSuffix("/")
                    let body = selfClosing ? String(inner.dropLast()) : inner
                    guard let (name, attributes) = Self.tag(body) else { return "a malformed tag <\(inner)> \(at(i))" }
                    guard tags.contains(name) else { return "<\(name)> is not an SSML tag Alexa knows \(at(i))" }
                    if name == "speak" {
                        guard open.isEmpty, !sawSpeak else { return "a <speak> inside the document \(at(i))" }
                        sawSpeak = true
                    } else if open.isEmpty {
                        return "<\(name)> outside <speak> \(at(i))"
                    }
                    if name == "audio" {
                        guard let source = attributes["src"], source.lowercased().hasPrefix("https://") else {
                            return "<audio> needs an https src \(at(i))"
                        }
                    }
                    if !selfClosing { open.append(name) }
                }
                i = close + 1
                continue
            }
            if c == "&" {
                guard let semicolon = scalars[i...].prefix(12).firstIndex(of: ";") else { return "a '&' that starts no entity (write &amp;) \(at(i))" }
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<semicolon]))
                let known = ["amp", "lt", "gt", "quot", "apos"].contains(name)
                    || (name.hasPrefix("#x") && name.count > 2 && UInt32(name.dropFirst(2), radix: 16) != nil)
                    || (name.hasPrefix("#") && name.count > 1 && UInt32(name.dropFirst()) != nil)
                guard known else { return "an unknown entity &\(name); \(at(i))" }
                i = semicolon + 1
                continue
            }
            if open.isEmpty, !c.properties.isWhitespace { return "text outside <speak> \(at(i))" }
            i += 1
        }
        if let last = open.last { return "<\(last)> is never closed" }
        if !sawSpeak { return "no <speak> element" }
        return nil
    }

    /// Whether the document is `<speak>` around text with no tag and no entity in it (white
    /// space around it allowed): what most responses are, checked in one pass over the bytes
    /// (the full check took a tenth of a turn).
    private static func isPlainSpeech(_ ssml: String) -> Bool {
        var ssml = ssml
        return ssml.withUTF8 { bytes in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0, end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            let open = Array("<speak>".utf8), close = Array("</speak>".utf8)
            guard end - start >= open.count + close.count,
                  bytes[start..<(start + open.count)].elementsEqual(open),
                  bytes[(end - close.count)..<end].elementsEqual(close) else { return false }
            return !bytes[(start + open.count)..<(end - close.count)].contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
        }
    }

    /// A start tag's name and attributes (`name="value"` or `name='value'`), or nil when it
    /// is not one.
    private static func tag(_ body: String) -> (name: String, attributes: [String: String])? {
        let scalars = Array(body.unicodeScalars)
        func isNameScalar(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c.properties.numericType != nil || c == "-" || c == ":" || c == "_" || c == "." }
        var i = 0
        while i < scalars.count, isNameScalar(scalars[i]) { i += 1 }
        guard i > 0 else { return nil }
        let name = String(String.UnicodeScalarView(scalars[0..<i]))
        var attributes: [String: String] = [:]
        while true {
            let before = i
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
            if i == scalars.count { break }
            guard i > before else { return nil }
            let start = i
            while i < scalars.count, isNameScalar(scalars[i]) { i += 1 }
            guard i > start else { return nil }
            let key = String(String.UnicodeScalarView(scalars[start..<i]))
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
            guard i < scalars.count, scalars[i] == "=" else { return nil }
            i += 1
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
            guard i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" else { return nil }
            let quote = scalars[i]
            i += 1
            let valueStart = i
            while i < scalars.count, scalars[i] != quote {
                if scalars[i] == "<" { return nil }
                i += 1
            }
            guard i < scalars.count else { return nil }
            attributes[key] = String(String.UnicodeScalarView(scalars[valueStart..<i]))
            i += 1
        }
        return (name, attributes)
    }

    /// Wraps text in `<speak>` unless it already is; text outside tags is kept as given.
    public static func wrap(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("<speak>") || trimmed.hasPrefix("<speak ") { return trimmed }
        return "<speak>\(text)</speak>"
    }

    /// The words of an SSML document: tags removed, the five XML entities decoded, runs of
    /// white space folded to one space, no space left before punctuation. One pass over the
    /// UTF-8 bytes: this runs on every turn.
    public static func plainText(_ ssml: String) -> String {
        var ssml = ssml
        return ssml.withUTF8 { bytes in
            // Never longer than the document: written straight into the new string's storage.
            String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingSpace = false
                var i = 0
                while i < bytes.count {
                    let byte = bytes[i]
                    var emitted: UInt8?
                    switch byte {
                    case UInt8(ascii: "<"):
                        // A tag separates words (<break/>), so it counts as white space.
                        while i < bytes.count && bytes[i] != UInt8(ascii: ">") { i += 1 }
                        pendingSpace = true
                    case 0x20, 0x09, 0x0A, 0x0D:
                        pendingSpace = true
                    case UInt8(ascii: "&"):
                        var j = i + 1
                        while j < bytes.count && j - i <= 6 && bytes[j] != UInt8(ascii: ";") { j += 1 }
                        let decoded: UInt8? = j < bytes.count && bytes[j] == UInt8(ascii: ";") ? Self.entity(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j])) : nil
                        if let decoded {
                            emitted = decoded
                            i = j
                        } else {
                            emitted = byte
                        }
                    default:
                        emitted = byte
                    }
                    if let emitted {
                        if pendingSpace {
                            let isPunctuation = emitted == 0x2C || emitted == 0x2E || emitted == 0x21 || emitted == 0x3F || emitted == 0x3B || emitted == 0x3A
                            // A space takes the place of at least one byte left out (white space or a tag).
                            if count > 0 && !isPunctuation {
                                out[count] = 0x20
                                count += 1
                            }
                            pendingSpace = false
                        }
                        out[count] = emitted
                        count += 1
                    }
                    i += 1
                }
                return count
            }
        }
    }

    /// The byte one of XML's five entities stands for (`amp` for `&amp;`), or nil.
    private static func entity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch name.count {
        case 2 where name[1] == UInt8(ascii: "t"):
            return name[0] == UInt8(ascii: "l") ? UInt8(ascii: "<") : name[0] == UInt8(ascii: "g") ? UInt8(ascii: ">") : nil
        case 3 where name.elementsEqual("amp".utf8): return UInt8(ascii: "&")
        case 4 where name.elementsEqual("quot".utf8): return UInt8(ascii: "\"")
        case 4 where name.elementsEqual("apos".utf8): return UInt8(ascii: "'")
        default: return nil
        }
    }
}

extension String {
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
