import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SkillModel
import Synchronization

/// A skill that answers over HTTP(S) (see `RemoteSkillFolder`): each request envelope is
/// POSTed to its endpoint as Alexa sends it, and the response envelope comes back in the
/// body. The host's NLU, router and dialog model serve it as they serve a loaded library; a
/// server that is down, slow, answers an error or something that is not a response envelope
/// makes one failed turn, named, and the next turn tries again.
public final class RemoteSkill: SkillEndpoint, Sendable {
    public let folder: RemoteSkillFolder
    public let generation: Int
    private let retired = Atomic<Bool>(false)

    public var manifest: SkillManifest { folder.manifest }
    public var model: InteractionModel { folder.model }
    /// The folder, as it sits in the skills folder.
    public var path: String { folder.folder }
    /// It runs in a process (and maybe on a machine) of its own.
    public var isIsolated: Bool { true }
    public var endpoint: URL { folder.endpoint }
    public var permissions: [String] { folder.permissions }

    public init(_ folder: RemoteSkillFolder, generation: Int) {
        self.folder = folder
        self.generation = generation
    }

    /// Reads the folder (see `RemoteSkillFolder.read`) as generation `generation`.
    public static func load(_ path: String, generation: Int, locale: String = RemoteSkillFolder.defaultLocale) throws(LoaderError) -> RemoteSkill {
        RemoteSkill(try RemoteSkillFolder.read(path, locale: locale), generation: generation)
    }

    public func retire() { retired.store(true, ordering: .relaxed) }

    /// POSTs the envelope and returns the body of a 200 answer that is a JSON object.
    /// - Parameter deadline: the host's turn deadline; the skill's own `timeoutSeconds` when shorter.
    public func handle(_ request: [UInt8], deadline: Duration) async throws(SkillCallError) -> [UInt8] {
        guard !retired.load(ordering: .relaxed) else {
            throw SkillCallError(skillID: manifest.id, message: "this generation was replaced", isRetirement: true)
        }
        let limit = min(deadline, folder.timeout)
        let address = folder.endpoint.absoluteString
        let result = await Self.post(request, to: address, within: limit)
        switch result {
        case .success(let (status, contentType, body)):
            return try check(status: status, contentType: contentType, body: body, address: address)
        case .failure(let failure):
            throw SkillCallError(skillID: manifest.id, message: failure.describe(address: address, limit: limit))
        }
    }

    private func check(status: HTTPResponseStatus, contentType: String?, body: [UInt8], address: String) throws(SkillCallError) -> [UInt8] {
        func fail(_ message: String) -> SkillCallError { SkillCallError(skillID: manifest.id, message: "\(address) \(message)") }
        guard status == .ok else {
            let text = Self.excerpt(body, contentType: contentType)
            throw fail("answered HTTP \(status.code) \(status.reasonPhrase)" + (text.isEmpty ? "" : ": \(text)"))
        }
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let parsed = try? JSONParser.parse(body)
        guard let object = parsed?.object else {
            let what = type.isEmpty ? "a body that is not JSON" : "\(type), not JSON"
            let text = Self.excerpt(body, contentType: contentType)
            throw fail("answered \(what)" + (text.isEmpty ? "" : ": \(text)"))
        }
        guard object["response"] != nil || object["version"] != nil else {
            throw fail("answered JSON that is not a response envelope (no \"version\" or \"response\")")
        }
        return body
    }

    /// Up to 120 characters of a text body, tags and runs of white space taken out (an HTML
    /// error page reads as its words).
    static func excerpt(_ body: [UInt8], contentType: String?) -> String {
        guard !body.isEmpty, let text = String(bytes: body.prefix(4096), encoding: .utf8) else { return "" }
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true; plain.append(" "); continue }
            if character == ">" { inTag = false; continue }
            if !inTag { plain.append(character.isNewline ? " " : character) }
        }
        let words = plain.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 120 ? String(words.prefix(120)) + "…" : words
    }

    /// Why a request got no answer at all.
    enum Failure: Error {
        case timedOut
        case tooLarge
        case transport(any Error)

        func describe(address: String, limit: Duration) -> String {
            switch self {
            case .timedOut:
                return "\(address) did not answer within \(Self.seconds(limit))"
            case .tooLarge:
                return "\(address) answered more than \(SkillLimits.responseBytes >> 20) MiB, the most a response may be"
            case .transport(let error):
                let text = String(describing: error)
                if text.contains("Connection refused") || text.contains("connectionRefused") || text.contains("ECONNREFUSED") {
                    return "nothing answers at \(address) (connection refused): is the skill's server running?"
                }
                if let http = error as? HTTPClientError {
                    switch http {
                    case .connectTimeout: return "\(address) could not be reached within \(Self.seconds(limit)) (connect timed out)"
                    case .remoteConnectionClosed: return "\(address) closed the connection without answering"
                    default: break
                    }
                }
                if text.contains("NXDOMAIN") || text.contains("Name or service not known") || text.contains("resolution") {
                    return "\(address): the host name does not resolve (\(text))"
                }
                return "\(address) could not be reached: \(text)"
            }
        }

        static func seconds(_ duration: Duration) -> String {
            let ms = Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
            return ms % 1000 == 0 ? "\(ms / 1000) s" : String(format: "%.1f s", Double(ms) / 1000)
        }
    }

    /// One POST with its whole answer read within `limit`: head, then a body of at most
    /// `SkillLimits.responseBytes`.
    static func post(_ bytes: [UInt8], to address: String, within limit: Duration) async -> Result<(HTTPResponseStatus, String?, [UInt8]), Failure> {
        let nanoseconds = Int64(limit.components.seconds) * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        let deadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        return await withTaskGroup(of: Result<(HTTPResponseStatus, String?, [UInt8]), Failure>?.self) { group in
            group.addTask {
                var request = HTTPClientRequest(url: address)
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
                request.headers.add(name: "Accept", value: "application/json")
                request.headers.add(name: "User-Agent", value: "skillhost")
                request.body = .bytes(ByteBuffer(bytes: bytes))
                do {
                    let response = try await HTTPClient.shared.execute(request, deadline: deadline)
                    let body = try await response.body.bytes(upTo: SkillLimits.responseBytes)
                    return .success((response.status, response.headers.first(name: "Content-Type"), body))
                } catch is NIOTooManyBytesError {
                    return .failure(.tooLarge)
                } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .cancelled {
                    return .failure(.timedOut)
                } catch {
                    return Task.isCancelled ? nil : .failure(.transport(error))
                }
            }
            // The body too is read within the limit: a server that sends its head and then
            // nothing still makes a failed turn on time.
            group.addTask {
                try? await Task.sleep(for: limit + .milliseconds(50))
                return Task.isCancelled ? nil : .failure(.timedOut)
            }
            var outcome: Result<(HTTPResponseStatus, String?, [UInt8]), Failure> = .failure(.timedOut)
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }
}
