import Foundation
import Glibc
import SkillModel

/// A plain HTTP/1.1 client over a loopback socket, one request per connection: enough to talk
/// to `skillhost serve` in tests as any client would, bytes and all, without a client library.
public enum HTTPClient {
    public struct Response: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public enum Failure: Error { case connect(Int32), closedEarly, malformed(String) }

    /// Sends one request to 127.0.0.1:`port` and reads the whole response (the connection is
    /// closed after it).
    public static func request(_ method: String, port: Int, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:], timeout: Double = 60) async throws -> Response {
        // On a thread of its own: blocking in the cooperative pool (two threads here) would
        // starve the server under test, whose handlers need that pool too.
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingRequest(method, port: port, path, body: body, headers: headers, timeout: timeout) })
            }
        }
    }

    /// The same request sent `count` times at once: every connection is made from a thread of
    /// its own, all started together, so they overlap however busy the test process is.
    public static func concurrently(_ count: Int, _ method: String, port: Int, _ path: String, json: String) async -> [Result<Response, any Error>] {
        let body = Array(json.utf8)
        return await withCheckedContinuation { continuation in
            let results = Locked<[Result<Response, any Error>]>([])
            for _ in 0..<count {
                Thread.detachNewThread {
                    let result = Result { try blockingRequest(method, port: port, path, body: body, headers: ["Content-Type": "application/json"], timeout: 60) }
                    let all = results.withLock { $0.append(result); return $0 }
                    if all.count == count { continuation.resume(returning: all) }
                }
            }
        }
    }

    public static func request(_ method: String, port: Int, _ path: String, json: String, headers: [String: String] = [:]) async throws -> Response {
        try await request(method, port: port, path, body: Array(json.utf8), headers: headers.merging(["Content-Type": "application/json"]) { $1 })
    }

    private static func blockingRequest(_ method: String, port: Int, _ path: String, body: [UInt8]?, headers: [String: String], timeout: Double) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        let (received, _) = try exchange(port: port, Array((head + "\r\n").utf8) + (body ?? []), timeout: timeout, until: isWhole)
        return try parse(received)
    }

    /// Whether `bytes` hold a whole response by its Content-Length (chromedriver answers
    /// `Connection: close` and then keeps the connection open).
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return bytes.count - end.upperBound >= length
    }

    /// Sends `bytes` as they are (whatever they say) to 127.0.0.1:`port`, then reads until the
    /// server closes the connection or `timeout` passes; what came, and whether the server
    /// closed it. For clients that misbehave: a header never finished, a body never sent.
    public static func raw(port: Int, _ bytes: [UInt8], timeout: Double) async throws -> (received: [UInt8], closed: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try exchange(port: port, bytes, timeout: timeout) }) }
        }
    }

    /// - Parameter until: stops reading once what came satisfies it, without waiting for the close.
    private static func exchange(port: Int, _ bytes: [UInt8], timeout: Double, until whole: ([UInt8]) -> Bool = { _ in false }) throws -> (received: [UInt8], closed: Bool) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure.connect(errno) }
        defer { close(socket) }
        var wait = timeval(tv_sec: Int(timeout * TestSupport.patience), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.connect(errno) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before it has read everything.
            if count <= 0 { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return (received, errno == ECONNRESET) }  // reset, or timed out still open
            if count == 0 { return (received, true) }
            received += buffer[..<count]
            if whole(received) { return (received, false) }
        }
    }

    public static func parse(_ bytes: [UInt8]) throws -> Response {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure.closedEarly }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure.malformed(lines[0]) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try unchunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func unchunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Failure.malformed("chunk size \(sizeText)") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { throw Failure.closedEarly }
            out += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return out
    }
}
