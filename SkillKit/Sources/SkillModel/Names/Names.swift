/// A skill's reverse-DNS identifier, such as `com.example.helloworld`.
public struct SkillID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: SkillID, rhs: SkillID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the identifier is reverse-DNS: two or more dot-separated labels of letters,
    /// digits, hyphens and underscores, none empty.
    public var isWellFormed: Bool {
        let labels = rawValue.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, rawValue.utf8.count <= 255 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        }
    }
}

/// An intent's name, such as `HelloWorldIntent` or `AMAZON.StopIntent`.
public struct IntentName: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: IntentName, rhs: IntentName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether this is one of Amazon's built-in intents (`AMAZON.…`).
    public var isBuiltIn: Bool { rawValue.hasPrefix("AMAZON.") }

    public static let help: IntentName = "AMAZON.HelpIntent"
    public static let stop: IntentName = "AMAZON.StopIntent"
    public static let cancel: IntentName = "AMAZON.CancelIntent"
    public static let fallback: IntentName = "AMAZON.FallbackIntent"
    public static let yes: IntentName = "AMAZON.YesIntent"
    public static let no: IntentName = "AMAZON.NoIntent"
    public static let navigateHome: IntentName = "AMAZON.NavigateHomeIntent"
}

/// A slot's name within an intent, such as `listName`.
public struct SlotName: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: SlotName, rhs: SlotName) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A slot type's name, custom (`LIST_NAME`) or built in (`AMAZON.NUMBER`).
public struct SlotTypeName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public var isBuiltIn: Bool { rawValue.hasPrefix("AMAZON.") }
}
