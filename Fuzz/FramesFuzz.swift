// A libFuzzer target for the frame reader the host reads its runners' pipes with: any bytes a
// broken or hostile runner could write. Compiled into the Loader's Frames.swift by
// scripts/fuzz.sh (not part of the package build). Every input, written to a pipe whose other
// end is then closed, must read as whole frames that are exactly the bytes written, then end
// or be named malformed, never hang, and never read out of bounds.
import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func framesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("pipe: \(errno)") }
    defer { close(ends[0]) }
    _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 1 << 20) // room for the longest input
    var written = 0
    while written < size {
        let count = write(ends[1], data + written, size - written)
        guard count > 0 else { fatalError("write: \(errno)") }
        written += count
    }
    close(ends[1])

    let input = UnsafeBufferPointer(start: data, count: size)
    let reader = FrameReader(descriptor: ends[0])
    var offset = 0
    // Alternate the two ways the host reads: with a deadline (the turn's) and without.
    var deadline: ContinuousClock.Instant? = size % 2 == 0 ? nil : .now + .seconds(5)
    while true {
        switch reader.read(until: deadline) {
        case .frame(let frame):
            let bytes = frame.bytes
            guard offset + bytes.count <= size, input[offset..<(offset + bytes.count)].elementsEqual(bytes) else {
                fatalError("a frame read at \(offset) is not the bytes written there")
            }
            offset += bytes.count
        case .end:
            guard size - offset < Frame.headerSize + header(input, at: offset, size).length else {
                fatalError("the input ended at \(offset) of \(size) with a whole frame unread")
            }
            return 0
        case .malformed:
            let (length, kind) = header(input, at: offset, size)
            guard length > Frame.maximumPayload || Frame.Kind(rawValue: kind) == nil else {
                fatalError("a good header at \(offset) was called malformed")
            }
            return 0
        case .timedOut:
            fatalError("timed out on a closed pipe at \(offset) of \(size)")
        }
        deadline = deadline.map { _ in .now + .seconds(5) }
    }
}

/// The payload length and kind of the header at `offset`, (0, 0) past the end.
private func header(_ input: UnsafeBufferPointer<UInt8>, at offset: Int, _ size: Int) -> (length: Int, kind: UInt8) {
    guard size - offset >= Frame.headerSize else { return (0, 0) }
    let length = (0..<4).reduce(0) { $0 | Int(input[offset + $1]) << (8 * $1) }
    return (length, input[offset + 4])
}
