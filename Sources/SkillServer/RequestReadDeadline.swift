import HTTPTypes
import NIOCore
import NIOHTTPTypes
import SkillModel

/// Bounds how long a request may take to arrive once its header has: past `timeout` without
/// its end, the client gets 408 with a JSON error and the connection is closed (what is left of
/// the request cannot be read). A timer on the connection's event loop per request, nothing on
/// the request's own path. (The time before a header is the server's idle timeout.)
final class RequestReadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let timeout = timeout
            deadline = context.eventLoop.scheduleTask(in: timeout) {
                Self.refuse(loopBound.value, after: timeout)
            }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private static func refuse(_ context: ChannelHandlerContext, after timeout: TimeAmount) {
        let seconds = Double(timeout.nanoseconds) / 1e9
        let body = JSONWriter.bytes(["error": .string("the request did not arrive whole within \(seconds.formatted()) s of its header")])
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        let head = HTTPResponse(status: .requestTimeout, headerFields: [.contentType: "application/json", .contentLength: "\(buffer.readableBytes)", .connection: "close"])
        context.write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPResponsePart.body(buffer)), promise: nil)
        context.writeAndFlush(NIOAny(HTTPResponsePart.end(nil)), promise: nil)
        context.close(promise: nil)
    }
}

extension Double {
    /// "10" for 10.0, "0.5" for 0.5.
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
