/// Speech Synthesis Markup Language helpers.
public enum SSML {
    /// Wraps text in `<speak>` unless it already is; text outside tags is kept as given.
    public static func wrap(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("<speak>") || trimmed.hasPrefix("<speak ") { return trimmed }
        return "<speak>\(text)</speak>"
    }

    /// The words of an SSML document: tags removed, the five XML entities decoded, runs of
    /// white space folded to one space.
    public static func plainText(_ ssml: String) -> String {
        var out = ""
        var inTag = false
        var entity: String?
        for character in ssml {
            if inTag {
                if character == ">" { inTag = false; out.append(" ") }
                continue
            }
            if var pending = entity {
                if character == ";" {
                    switch pending {
                    case "amp": out.append("&")
                    case "lt": out.append("<")
                    case "gt": out.append(">")
                    case "quot": out.append("\"")
                    case "apos": out.append("'")
                    default: out.append("&\(pending);")
                    }
                    entity = nil
                } else if pending.count < 8, character.isLetter {
                    pending.append(character)
                    entity = pending
                } else {
                    out.append("&\(pending)")
                    out.append(character)
                    entity = nil
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case "&": entity = ""
            default: out.append(character)
            }
        }
        if let entity { out.append("&\(entity)") }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingPunctuationSpacing()
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Removes the space a removed tag leaves before punctuation ("Hello <break/>." → "Hello.").
    fileprivate func replacingPunctuationSpacing() -> String {
        var out = ""
        for character in self {
            if ",.!?;:".contains(character), out.hasSuffix(" ") { out.removeLast() }
            out.append(character)
        }
        return out
    }
}
