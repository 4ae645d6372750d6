/// A little-endian byte writer and reader for the trained-model cache.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }

    mutating func write(_ values: [UInt64]) {
        write(values.count)
        bytes.reserveCapacity(bytes.count + values.count * 8)
        for value in values { write(value) }
    }

    mutating func write(_ values: [Int32]) {
        write(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ values: [Float]) {
        write(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }
}

struct BinaryReader {
    struct Truncated: Error {}

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func readUInt64() throws(Truncated) -> UInt64 {
        guard position + 8 <= bytes.count else { throw Truncated() }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[position + i]) << UInt64(8 * i) }
        position += 8
        return value
    }

    mutating func readInt() throws(Truncated) -> Int { Int(Int64(bitPattern: try readUInt64())) }

    private mutating func count(elementSize: Int) throws(Truncated) -> Int {
        let count = try readInt()
        guard count >= 0, count <= (bytes.count - position) / max(elementSize, 1) else { throw Truncated() }
        return count
    }

    mutating func readUInt64s() throws(Truncated) -> [UInt64] {
        let count = try count(elementSize: 8)
        var values: [UInt64] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readUInt64()) }
        return values
    }

    mutating func readInt32s() throws(Truncated) -> [Int32] { try readPlain(Int32.self) }

    mutating func readFloats() throws(Truncated) -> [Float] { try readPlain(Float.self) }

    /// A counted array of a plain 4- or 8-byte type, copied as it was written.
    private mutating func readPlain<T: BitwiseCopyable>(_: T.Type) throws(Truncated) -> [T] {
        let size = MemoryLayout<T>.stride
        let count = try count(elementSize: size)
        // An empty array is never made by `unsafeUninitializedCapacity`: with no capacity it
        // writes its count into the one shared empty array, which ThreadSanitizer reports as a
        // race when two skills' models are read from the cache side by side (CI, stop 53).
        guard count > 0 else { return [] }
        let start = position
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<(start + count * size)]))
            }
            initialized = count
        }
        position += count * size
        return values
    }

    mutating func readString() throws(Truncated) -> String {
        let count = try count(elementSize: 1)
        let text = String(decoding: bytes[position..<(position + count)], as: UTF8.self)
        position += count
        return text
    }
}
