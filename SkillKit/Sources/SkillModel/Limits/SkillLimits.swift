/// How much a skill may hand the host in one piece. Past these, what it sent is refused by
/// name and the host carries on: a skill's bug (or malice) costs its own turn, never the
/// host's memory or another skill's turn. Alexa's own limits are smaller where it has them;
/// these leave room for skills written for this host.
public enum SkillLimits {
    /// A response envelope's bytes. (Alexa refuses a custom skill's response over 120 KB.)
    public static let responseBytes = 1 << 20
    /// An error message a skill reports for a turn; longer ones are cut.
    public static let errorMessageBytes = 4 << 10
    /// One log line; longer ones are cut, saying how much was cut.
    public static let logLineBytes = 16 << 10
    /// One storage request (the document inside it is held to the store's own limit).
    public static let storageRequestBytes = 16 << 20

    /// `bytes` as text, cut to `limit` bytes at a character's edge, saying how much was cut.
    public static func cut(_ bytes: UnsafeBufferPointer<UInt8>, to limit: Int) -> String {
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = limit
        // Back up to the start of a UTF-8 sequence, so no character is split.
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self) + "… (\(bytes.count - end) more bytes cut)"
    }
}
