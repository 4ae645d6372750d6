import Foundation
import Glibc

/// A loopback port free a moment ago, for a listener that must name its port before it binds
/// (one remembered for clients started before the host, a server started by a test).
public enum LoopbackPort {
    /// Binds port 0 on 127.0.0.1, reads back the port given, lets it go.
    /// - Throws: `LoopbackPort.Failure` naming the system's reason.
    public static func free() throws(Failure) -> Int {
        try bind(0)
    }

    /// A free port below the kernel's ephemeral range, for a server that listens on the same
    /// port again after a restart: a port from that range may meanwhile be taken as the local
    /// end of any outgoing connection (a client reconnecting to the stopped server).
    public static func freeOutsideEphemeralRange() throws(Failure) -> Int {
        let range = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
        let lowest = range.flatMap { $0.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } }.flatMap { $0 > 2048 ? $0 : nil } ?? 32768
        for _ in 0..<200 {
            if let port = try? bind(Int.random(in: max(1024, lowest - 12000)..<lowest)) { return port }
        }
        return try free()
    }

    /// Binds `port` (0: any) on 127.0.0.1 and lets it go; the port bound.
    private static func bind(_ port: Int) throws(Failure) -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket for finding a free port: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free loopback port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
