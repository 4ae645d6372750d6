/// FNV-1a, 64-bit, of some bytes: a hash that is the same in every process (Swift's `Hasher`
/// is seeded per run), for names and versions that must not change between runs. Not for
/// anything an adversary chooses to collide.
public enum FNV1a {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
