/// Feature hash → dense index, as an open-addressing table keyed by the hash's own bits
/// (already well mixed), which is several times faster than `Dictionary` with its SipHash.
struct FeatureIndex: Sendable {
    private var keys: [UInt64]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// 0 marks an empty slot, so a feature hashing to 0 is stored as 1.
    @inline(__always)
    private static func key(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    /// The feature's index, or nil if training never saw it.
    @inline(__always)
    func index(of hash: UInt64) -> Int32? {
        let key = Self.key(hash)
        var slot = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The feature's index, adding it with the next index if it is new.
    mutating func insert(_ hash: UInt64) -> (index: Int32, isNew: Bool) {
        if (count + 1) * 2 > keys.count { grow() }
        let key = Self.key(hash)
        var slot = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while true {
            let found = keys[slot]
            if found == key { return (values[slot], false) }
            if found == 0 {
                keys[slot] = key
                values[slot] = Int32(count)
                count += 1
                return (values[slot], true)
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [Int32](repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            var slot = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.write(keys)
        writer.write(values)
        writer.write(count)
    }

    init(decoding reader: inout BinaryReader) throws(BinaryReader.Truncated) {
        keys = try reader.readUInt64s()
        values = try reader.readInt32s()
        count = try reader.readInt()
        guard !keys.isEmpty, keys.count == values.count, keys.count & (keys.count - 1) == 0, count < keys.count else { throw BinaryReader.Truncated() }
        mask = keys.count - 1
    }
}
