/// Speech Synthesis Markup Language helpers.
public enum SSML {
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
        var out: [UInt8] = []
        var ssml = ssml
        ssml.withUTF8 { bytes in
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            func emit(_ byte: UInt8) {
                if pendingSpace {
                    let isPunctuation = byte == 0x2C || byte == 0x2E || byte == 0x21 || byte == 0x3F || byte == 0x3B || byte == 0x3A
                    if !out.isEmpty && !isPunctuation { out.append(0x20) }
                    pendingSpace = false
                }
                out.append(byte)
            }
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
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
                    let name = j < bytes.count && bytes[j] == UInt8(ascii: ";") ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j]), as: UTF8.self) : ""
                    let decoded: UInt8? = switch name {
                    case "amp": UInt8(ascii: "&")
                    case "lt": UInt8(ascii: "<")
                    case "gt": UInt8(ascii: ">")
                    case "quot": UInt8(ascii: "\"")
                    case "apos": UInt8(ascii: "'")
                    default: nil
                    }
                    if let decoded {
                        emit(decoded)
                        i = j
                    } else {
                        emit(byte)
                    }
                default:
                    emit(byte)
                }
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
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
}
