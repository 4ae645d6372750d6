import Foundation
import HTTPTypes
import Loader
import NIOCore
import NIOHTTPTypes
import SkillHost
import SkillModel

/// What the Alexa endpoint answers one request with: a status and a JSON body (the skill's
/// response envelope, or `{"error": …}`).
struct AlexaAnswer: Sendable {
    let status: HTTPResponse.Status
    let body: [UInt8]

    static func error(_ status: HTTPResponse.Status, _ message: String) -> AlexaAnswer {
        AlexaAnswer(status: status, body: JSONWriter.bytes(["error": .string(message)]))
    }
}

extension SkillServer {
    /// An Alexa request envelope, to the skill the path names (`skill`) or the envelope's
    /// application id is for, answered with the skill's response envelope unchanged; `answer`
    /// hears it once, on whichever thread finished the work.
    ///
    /// Without signature checks to wait on, the skill is found from the host's published
    /// registry and an in-process skill is called on the caller's own thread (the connection's
    /// event loop, for `AlexaFastPath`): no task, no hop onto the host. Checks, isolated skills
    /// and skills that once took long go through a task.
    func answerAlexa(_ bytes: [UInt8], certificateURL: String?, signature: String?, skill name: String?, answer: @escaping @Sendable (AlexaAnswer) -> Void) {
        let envelope: RequestEnvelope
        do {
            envelope = try bytes.withUnsafeBufferPointer { buffer throws(ModelError) in try RequestEnvelope(parsing: buffer) }
        } catch {
            return answer(.error(.badRequest, "not an Alexa request envelope: \(error)"))
        }
        let target: EnvelopeTarget
        if let name {
            target = .named(name)
        } else {
            guard let applicationID = envelope.applicationID else {
                return answer(.error(.badRequest, "the request names no application id (context.System.application.applicationId)"))
            }
            target = .applicationID(applicationID)
        }
        let requestType = envelope.request.json["type"]?.string ?? "-"
        guard let verifier else { return call(bytes, target: target, requestType: requestType, answer: answer) }
        let timestamp = envelope.request.json["timestamp"]?.string
        Task {
            do throws(AlexaRequestVerifier.Failure) {
                try await verifier.verify(body: bytes, certificateURL: certificateURL, signature: signature, timestamp: timestamp)
            } catch {
                ServerMetrics.alexaRefused()
                logger.warning("alexa request refused", metadata: ["reason": "\(error.reason)"])
                return answer(.error(.badRequest, "request verification failed: \(error.reason)"))
            }
            call(bytes, target: target, requestType: requestType, answer: answer)
        }
    }

    private func call(_ bytes: [UInt8], target: EnvelopeTarget, requestType: String, answer: @escaping @Sendable (AlexaAnswer) -> Void) {
        guard let entry = host.currentRegistry.entry(for: target) else {
            let loaded = loadedNames()
            switch target {
            case .named(let name): return answer(.error(.notFound, "no skill \(name); loaded: \(loaded)"))
            case .applicationID(let applicationID):
                return answer(.error(.notFound, "no skill answers application id \(applicationID) (a skill declares it in its manifest's alexaSkillIds); loaded: \(loaded)"))
            }
        }
        let start = ContinuousClock.now
        let logger = logger
        let finish: @Sendable (Result<[UInt8], SkillCallError>) -> Void = { outcome in
            let elapsed = ContinuousClock.now - start
            if elapsed > Self.longCall { SlowSkills.note(entry) }
            switch outcome {
            case .success(let response):
                ServerMetrics.alexa(skill: entry.id.rawValue, ok: true, total: elapsed)
                logger.info("alexa", metadata: ["skill": "\(entry.id)", "request": "\(requestType)", "ms": "\(Self.milliseconds(since: start))"])
                answer(AlexaAnswer(status: .ok, body: response))
            case .failure(let error):
                ServerMetrics.alexa(skill: entry.id.rawValue, ok: false, total: elapsed)
                logger.error("alexa", metadata: ["skill": "\(entry.id)", "request": "\(requestType)", "error": "\(error.message)"])
                answer(.error(.internalServerError, error.description))
            }
        }
        if let loaded = entry.skill as? LoadedSkill, !SlowSkills.contains(entry) {
            loaded.handle(bytes, deadline: host.turnDeadline, finish: finish)
            return
        }
        let host = host
        Task {
            do throws(SkillCallError) {
                finish(.success(try await entry.skill.handle(bytes, deadline: host.turnDeadline)))
            } catch where error.isRetirement {
                // Reloaded since the skill was found: the new generation takes the request.
                guard let current = host.currentRegistry.entry(entry.id), current.skill.generation != entry.skill.generation else { return finish(.failure(error)) }
                do throws(SkillCallError) {
                    finish(.success(try await current.skill.handle(bytes, deadline: host.turnDeadline)))
                } catch {
                    finish(.failure(error))
                }
            } catch {
                finish(.failure(error))
            }
        }
    }

    /// A call that took longer than this sends the skill's later requests through a task, off
    /// the connections' threads: a skill that takes its time (or hangs until its deadline)
    /// holds no event loop.
    static let longCall = Duration.milliseconds(50)
}

/// In-process skills (each generation's library) that once took long over a request.
enum SlowSkills {
    private static let seen = Locked<Set<ObjectIdentifier>>([])

    private static func key(_ entry: SkillRegistry.Entry) -> ObjectIdentifier { ObjectIdentifier(entry.skill) }

    static func note(_ entry: SkillRegistry.Entry) {
        _ = seen.withLock { $0.insert(key(entry)) }
    }

    static func contains(_ entry: SkillRegistry.Entry) -> Bool {
        seen.withLock { $0.contains(key(entry)) }
    }
}

/// The Alexa endpoint on the connection itself: `POST /alexa` and `POST /alexa/SKILL` answered
/// in the channel pipeline, before Hummingbird's router, with no task per request (the
/// router's path costs about half the requests a loopback client can make here). Every other
/// request, and an Alexa request that comes while one the router has is still unanswered on
/// the same connection, goes on to the router as before, so responses keep the order of their
/// requests. Requests pipelined behind one of its own wait until it has been answered.
///
/// It also keeps the connection's idle timeout (the router's own would not see these
/// requests) and holds a graceful shutdown's quiesce until its request is answered.
final class AlexaFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Taking {
        case nothing
        /// One of ours, its body arriving.
        case reading(certificateURL: String?, signature: String?, skill: String?, close: Bool, body: ByteBuffer)
        /// One of ours, being answered.
        case answering
        /// A body over the limit was refused; the connection closes.
        case closing
    }

    private let server: SkillServer
    private let bodyLimit: Int
    private let idleTimeout: TimeAmount
    private var taking = Taking.nothing
    /// Requests given to the router whose responses have not ended yet.
    private var passedOn = 0
    /// What came while one of ours was being answered, in order.
    private var held: [NIOAny] = []
    private var quiescing = false
    private var idle: Scheduled<Void>?
    private var lastActive = NIODeadline.now()

    init(server: SkillServer, bodyLimit: Int, idleTimeout: TimeAmount) {
        self.server = server
        self.bodyLimit = bodyLimit
        self.idleTimeout = idleTimeout
    }

    /// The skill an Alexa path names: nil for `/alexa`, the decoded name for `/alexa/NAME`;
    /// no answer at all for a path of another route.
    static func target(_ path: String) -> String?? {
        let route = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if route == "/alexa" { return .some(nil) }
        guard route.hasPrefix("/alexa/") else { return nil }
        let name = route.dropFirst("/alexa/".count)
        guard !name.isEmpty, !name.contains("/"), let decoded = String(name).removingPercentEncoding else { return nil }
        return .some(decoded)
    }

    func handlerAdded(context: ChannelHandlerContext) { scheduleIdle(context, in: idleTimeout) }

    func handlerRemoved(context: ChannelHandlerContext) {
        idle?.cancel()
        idle = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        idle?.cancel()
        idle = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActive = .now()
        switch taking {
        case .answering:
            held.append(data)
            // A client that keeps sending while its answer is made is not buffered without end.
            if held.count > 1024 {
                server.logger.warning("connection closed: over 1024 request parts pipelined while an Alexa request was answered")
                context.close(promise: nil)
            }
            return
        case .closing:
            return
        case .reading(let certificateURL, let signature, let skill, let close, var body):
            switch unwrapInboundIn(data) {
            case .head:
                return  // cannot happen: a head before the last one's end
            case .body(let part):
                guard body.readableBytes + part.readableBytes <= bodyLimit else {
                    taking = .closing
                    respond(context, .error(.contentTooLarge, "the body is over the limit of \(bodyLimit) bytes"), close: true)
                    return
                }
                taking = .nothing  // no copy of the body while it grows
                body.writeImmutableBuffer(part)
                taking = .reading(certificateURL: certificateURL, signature: signature, skill: skill, close: close, body: body)
            case .end:
                taking = .answering
                let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                let eventLoop = context.eventLoop
                server.answerAlexa(Array(body.readableBytesView), certificateURL: certificateURL, signature: signature, skill: skill) { answer in
                    if eventLoop.inEventLoop {
                        let (handler, context) = loop.value
                        handler.respond(context, answer, close: close)
                    } else {
                        eventLoop.execute {
                            let (handler, context) = loop.value
                            handler.respond(context, answer, close: close)
                        }
                    }
                }
            }
            return
        case .nothing:
            break
        }
        let part = unwrapInboundIn(data)
        if case .head(let head) = part {
            if passedOn == 0, head.method == .post, head.headerFields[.expect] == nil, let path = head.path, let skill = Self.target(path) {
                let close = head.headerFields[.connection]?.lowercased().contains("close") == true
                taking = .reading(
                    certificateURL: head.headerFields[SkillServer.certificateURLField], signature: head.headerFields[SkillServer.signatureField],
                    skill: skill, close: close, body: context.channel.allocator.buffer(capacity: 1024))
                return
            }
            passedOn += 1
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { passedOn = max(0, passedOn - 1) }
        lastActive = .now()
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A graceful shutdown closes idle connections: not while one of ours is under way, which
        // closes the connection once answered instead.
        if event is ChannelShouldQuiesceEvent, !isIdle {
            quiescing = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private var isIdle: Bool {
        if case .nothing = taking { return true }
        return false
    }

    private func respond(_ context: ChannelHandlerContext, _ answer: AlexaAnswer, close: Bool) {
        guard context.channel.isActive else { return }
        var fields: HTTPFields = [.contentType: "application/json", .contentLength: String(answer.body.count), .server: "skillhost"]
        if close || quiescing { fields[.connection] = "close" }
        var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
        buffer.writeBytes(answer.body)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(buffer)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        lastActive = .now()
        if close || quiescing {
            taking = .closing
            context.close(promise: nil)
            return
        }
        if case .closing = taking {
            context.close(promise: nil)
            return
        }
        taking = .nothing
        // What was pipelined behind it, in order (another of ours among it is held again).
        let waiting = held
        held = []
        for (index, data) in waiting.enumerated() {
            if case .answering = taking {
                held.append(contentsOf: waiting[index...])
                break
            }
            channelRead(context: context, data: data)
        }
    }

    /// Closes the connection once `idleTimeout` has passed with nothing read or written and no
    /// request under way (the router's own idle timeout does not see these requests, so it is
    /// off). One timer a connection, looking at the time of the last activity when it fires.
    private func scheduleIdle(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idle = context.eventLoop.scheduleTask(in: delay) {
            let (handler, context) = loop.value
            let quiet = NIODeadline.now() - handler.lastActive
            guard quiet >= handler.idleTimeout, handler.isIdle, handler.passedOn == 0 else {
                return handler.scheduleIdle(context, in: max(.milliseconds(10), handler.idleTimeout - quiet))
            }
            handler.idle = nil
            context.close(promise: nil)
        }
    }
}
