/// `{name}` placeholders in prompts and response templates.
public enum Placeholders {
    /// `template` with each `{name}` replaced by `value(name)` (the name trimmed of spaces).
    public static func fill(_ template: String, _ value: (String) -> String) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += value(String(rest[rest.index(after: open)..<close]).trimmingWhitespace())
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The names of the `{name}` placeholders in `template`, in order.
    public static func names(in template: String) -> [String] {
        var names: [String] = []
        _ = fill(template) { name in
            names.append(name)
            return ""
        }
        return names
    }
}
