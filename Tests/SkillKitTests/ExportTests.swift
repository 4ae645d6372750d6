import SkillKit
import Testing

/// The C table SkillKit exports, driven in-process the way the host drives it: handlers that
/// really suspend still answer through `done`, exactly once, and errors come back as errors.
struct SlowHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .launch }
    func handle(_ input: HandlerInput) async throws -> Response {
        try await Task.sleep(for: .milliseconds(20))
        return input.responseBuilder.speak("slow hello").getResponse()
    }
}

enum SlowSkill: ExportedSkill {
    static let manifest = SkillManifest(id: "com.test.slow", name: "Slow", version: "1.0")
    static let interactionModel = #"{"interactionModel":{"languageModel":{"invocationName":"slow","intents":[]}}}"#
    static func makeSkill() -> Skill { SkillBuilders.custom().addRequestHandlers(SlowHandler()).create() }
}

/// Answers received through the C callback, by context token.
private let answers = Locked<[Int: (status: Int32, text: String, calls: Int)]>([:])

private let record: sh_done_fn = { context, status, bytes, length in
    let token = Int(bitPattern: context)
    let text = bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    answers.withLock { table in
        let calls = (table[token]?.calls ?? 0) + 1
        table[token] = (status, text, calls)
    }
    free(UnsafeMutableRawPointer(mutating: bytes))
}

@Suite struct ExportTests {
    private func call(_ table: UnsafePointer<sh_skill_table>, _ request: String, token: Int) async throws -> (status: Int32, text: String, calls: Int) {
        var request = request
        request.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                table.pointee.handle(table.pointee.instance, $0.baseAddress, $0.count, record, UnsafeMutableRawPointer(bitPattern: token))
            }
        }
        for _ in 0..<200 {
            if let answer = answers.withLock({ $0[token] }) { return answer }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw SkillError.outOfSession("no answer")
    }

    @Test func aSuspendingHandlerAnswersOnceThroughDone() async throws {
        let table = try #require(SlowSkill.export(nil))
        #expect(table.pointee.struct_size == UInt32(MemoryLayout<sh_skill_table>.size))
        #expect(table.pointee.abi_version == SKILLHOST_ABI_VERSION)
        #expect(String(cString: table.pointee.skill_id) == "com.test.slow")
        let answer = try await call(table, #"{"session":{"attributes":{}},"request":{"type":"LaunchRequest"}}"#, token: 1)
        #expect(answer.status == Int32(SH_STATUS_OK.rawValue))
        #expect(answer.text.contains("slow hello"))
        try await Task.sleep(for: .milliseconds(30))
        #expect(answers.withLock { $0[1]?.calls } == 1)
        table.pointee.destroy(table.pointee.instance)
    }

    @Test func badRequestsAndUnhandledRequestsComeBackAsErrors() async throws {
        let table = try #require(SlowSkill.export(nil))
        let garbage = try await call(table, "{not json", token: 2)
        #expect(garbage.status == Int32(SH_STATUS_ERROR.rawValue))
        #expect(garbage.text.contains("invalid request envelope"))
        let unhandled = try await call(table, #"{"request":{"type":"IntentRequest","intent":{"name":"Nope"}}}"#, token: 3)
        #expect(unhandled.status == Int32(SH_STATUS_ERROR.rawValue))
        #expect(unhandled.text.contains("no request handler accepted IntentRequest for intent 'Nope'; asked SlowHandler"))
    }
}

#if canImport(Glibc)
import Glibc
import SkillModel
#endif
