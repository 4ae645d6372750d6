/// Text a skill wrote, made safe to print at a terminal: control characters (escape sequences
/// that move the cursor, clear the screen or retitle the window; a newline that would fake a
/// host line) and the marks that reorder text on screen are shown escaped, as `\u{1B}`, so the
/// user sees what was sent instead of its effect.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0 and C1 controls and DEL (a tab is kept), line and paragraph separators, and the
    /// bidirectional overrides and isolates.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
