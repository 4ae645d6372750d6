import Glibc
import SkillModel

/// One message between the host and a skill's runner process, over a pipe:
/// a 17-byte header (payload length u32, kind u8, id u64, status i32; little-endian) and the
/// payload bytes.
public struct Frame: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        /// Runner → host, once: the skill loaded. Payload: {"manifest": "...", "model": "..."}.
        case hello = 1
        /// Runner → host, once, instead of hello: the library was refused. Status: nothing;
        /// payload: {"code": "...", "reason": "..."}.
        case refused = 2
        /// Host → runner: a request envelope; `id` names the turn.
        case request = 3
        /// Runner → host: the answer to turn `id`; status SH_STATUS_OK or SH_STATUS_ERROR.
        case response = 4
        /// Runner → host: a log line; status is the level.
        case log = 5
        /// Runner → host: a storage request (skillhost_abi.h); the runner waits for the reply.
        case storage = 6
        /// Host → runner: the reply to storage request (or service API call) `id`.
        case storageReply = 7
        /// Runner → host: a service API call (skillhost_abi.h's `call_api`); a thread of the
        /// runner waits for the reply, a `storageReply` with the same id.
        case api = 8
    }

    public var kind: Kind
    public var id: UInt64 = 0
    public var status: Int32 = 0
    public var payload: [UInt8] = []

    public init(_ kind: Kind, id: UInt64 = 0, status: Int32 = 0, payload: [UInt8] = []) {
        self.kind = kind
        self.id = id
        self.status = status
        self.payload = payload
    }

    static let headerSize = 17
    /// A frame larger than this is a broken peer, not a message.
    static let maximumPayload = 64 << 20

    var bytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(Self.headerSize + payload.count)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { out += $0 }
        out.append(kind.rawValue)
        withUnsafeBytes(of: id.littleEndian) { out += $0 }
        withUnsafeBytes(of: status.littleEndian) { out += $0 }
        out += payload
        return out
    }
}

/// Writes frames to a descriptor, one whole frame at a time from any thread.
public final class FrameWriter: Sendable {
    private let descriptor: Int32
    private let lock = PlainLock()

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// False when the other end has gone.
    @discardableResult
    public func send(_ frame: Frame) -> Bool {
        let bytes = frame.bytes
        return lock.withLock {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }
}

/// Whether `descriptor` has bytes to read (or has closed) within `timeout`, rounded up to a
/// millisecond.
func waitReadable(_ descriptor: Int32, timeout: Duration) -> Bool {
    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    let (seconds, attoseconds) = max(timeout, .zero).components
    let milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    while true {
        let ready = poll(&fds, 1, milliseconds)
        if ready < 0, errno == EINTR { continue }
        return ready > 0
    }
}

/// Reads frames from a descriptor, blocking; used by one thread at a time.
public final class FrameReader: @unchecked Sendable {
    // @unchecked: one reader at a time (the handshake, then the reader thread it hands over to).
    private let descriptor: Int32
    private let spin: Duration
    /// Bytes read, unread ones at `start..<end`; grown to hold the frame being read, so a big
    /// frame costs one allocation, not one per read.
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0

    /// What reading the next frame gave.
    public enum Outcome: Sendable, Equatable {
        case frame(Frame)
        /// The other end closed the pipe.
        case end
        /// The bytes are no frame: what is wrong with them. The peer is broken (or hostile),
        /// and nothing it sends after can be trusted to start at a frame's edge.
        case malformed(String)
        /// The deadline passed before the whole frame came.
        case timedOut
    }

    /// - Parameter spin: how long to keep looking for data before sleeping until it comes;
    ///   data that arrives meanwhile is read without a wake-up's delay.
    public init(descriptor: Int32, spin: Duration = .zero) {
        self.descriptor = descriptor
        self.spin = spin
    }

    /// Whether a frame's first byte arrives within `timeout` (or is already buffered).
    public func waitForData(timeout: Duration) -> Bool {
        end > start || poll(timeout: timeout)
    }

    /// Whether the descriptor has bytes to read (or has closed) within `timeout`, looking
    /// without sleeping for the first `spin` of it.
    private func poll(timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let spinUntil = clock.now + min(spin, timeout)
        while clock.now < spinUntil {
            if waitReadable(descriptor, timeout: .zero) { return true }
        }
        return waitReadable(descriptor, timeout: timeout)
    }

    /// The next frame, or nil at end of input or on bytes that are no frame.
    public func next() -> Frame? {
        if case .frame(let frame) = read(until: nil) { return frame }
        return nil
    }

    /// The next frame, waiting for its bytes at most until `deadline` (nil: as long as it takes).
    public func read(until deadline: ContinuousClock.Instant?) -> Outcome {
        if let failure = fill(Frame.headerSize, until: deadline) { return failure }
        let length = buffer.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self))) }
        guard length <= Frame.maximumPayload else {
            return .malformed("a frame of \(length) bytes, over the limit of \(Frame.maximumPayload >> 20) MiB")
        }
        guard let kind = Frame.Kind(rawValue: buffer[start + 4]) else {
            return .malformed("a frame of unknown kind \(buffer[start + 4])")
        }
        let id = buffer.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start + 5, as: UInt64.self)) }
        let status = buffer.withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(fromByteOffset: start + 13, as: Int32.self)) }
        if let failure = fill(Frame.headerSize + length, until: deadline) { return failure }
        let payload = Array(buffer[(start + Frame.headerSize)..<(start + Frame.headerSize + length)])
        start += Frame.headerSize + length
        if start == end {
            (start, end) = (0, 0)
            // A big frame's room is given back rather than kept for the runner's life.
            if buffer.count > Self.keptRoom { buffer = [] }
        }
        return .frame(Frame(kind, id: id, status: status, payload: payload))
    }

    /// Room kept between frames; reads take up to this much at a time.
    private static let keptRoom = 1 << 20

    /// Makes at least `count` unread bytes available; nil when they are, else why not.
    private func fill(_ count: Int, until deadline: ContinuousClock.Instant?) -> Outcome? {
        while end - start < count {
            if start + count > buffer.count {
                if start > 0 {
                    let unread = end - start
                    buffer.withUnsafeMutableBytes { bytes in
                        bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: unread)
                    }
                    (start, end) = (0, unread)
                }
                if count > buffer.count {
                    buffer.append(contentsOf: repeatElement(0, count: max(count, min(Self.keptRoom, 65536 + count)) - buffer.count))
                }
            }
            if let deadline {
                guard poll(timeout: ContinuousClock.now.duration(to: deadline)) else { return .timedOut }
            } else if spin > .zero {
                _ = poll(timeout: .seconds(1 << 30))
            }
            let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + end, $0.count - end) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return .end }
            end += read
        }
        return nil
    }
}
