/// FNV-1a, 64-bit: a feature's hash that is the same in every process (Swift's `Hasher` is
/// seeded per process, which would make training depend on the run).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init(_ prefix: StaticString) {
        combine(prefix)
    }

    mutating func combine(_ text: StaticString) {
        let buffer = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for byte in buffer { mix(byte) }
        mix(0xFF)
    }

    mutating func combine(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0xFF)
    }

    mutating func combine(_ text: Substring) {
        for byte in text.utf8 { mix(byte) }
        mix(0xFF)
    }

    mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { mix(byte) }
        mix(0xFF)
    }

    mutating func combine(_ number: Int) {
        var n = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: n))
            n >>= 8
        }
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    static func of(_ prefix: StaticString, _ text: String) -> UInt64 {
        var hash = StableHash(prefix)
        hash.combine(text)
        return hash.value
    }
}
