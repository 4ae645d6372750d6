import NIOCore

extension AsyncSequence where Element == ByteBuffer {
    /// The bytes of a body received in parts (a request's to a server, a response's to a
    /// client), copied out of each part as it comes, up to `maximum`.
    ///
    /// NIO's own `collect(upTo:)` grows the first part to hold the rest, a buffer the event loop
    /// that received it may have just let go of; ThreadSanitizer, which cannot see the standard
    /// library's reference counts, reported that growth as a race with the event loop (CI, stop
    /// 60). Copying out of the parts writes to none of them, and what the callers want is an
    /// array anyway.
    /// - Throws: `NIOTooManyBytesError` past `maximum`, and what the sequence throws.
    public func bytes(upTo maximum: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await part in self {
            guard bytes.count + part.readableBytes <= maximum else { throw NIOTooManyBytesError(maxBytes: maximum) }
            bytes += part.readableBytesView
        }
        return bytes
    }
}
