import SkillModel
import Testing

/// Randomised, but seeded: the same cases every run. Skills send the host JSON, so the parser
/// must take any bytes without crashing, and must read back whatever the writer writes.
@Suite struct JSONRandomTests {
    static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
        let scalars: [String] = ["", "a", "é", "😀", "\"", "\\", "\n", "\u{1}", "tab\there", "ünï cødé", "}{][,:"]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(Int.random(in: -1_000_000...1_000_000, using: &random)))
        case 3: return .string((0..<Int.random(in: 0...4, using: &random)).map { _ in scalars.randomElement(using: &random)! }.joined())
        case 4: return .number(JSONNumber(Double.random(in: -1e6...1e6, using: &random)))
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var object = JSONObject()
            for i in 0..<Int.random(in: 0...4, using: &random) { object["k\(i)\(scalars.randomElement(using: &random)!)"] = value(depth: depth + 1, using: &random) }
            return .object(object)
        }
    }

    @Test func whatTheWriterWritesTheParserReadsBack() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let original = Self.value(depth: 0, using: &random)
            let text = JSONWriter.string(original)
            #expect(try JSONParser.parse(text) == original, "\(text)")
        }
    }

    @Test func anyBytesParseOrFailWithAReason() {
        var random = SplitMix64(seed: 7)
        let seeds = [#"{"version":"1.0","response":{"outputSpeech":{"type":"SSML","ssml":"<speak>Hi</speak>"}}}"#, #"[1,2,{"a":[true,null,"x"]}]"#]
        var failures = 0
        for i in 0..<5_000 {
            var bytes = Array(seeds[i % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            do {
                let value = try JSONParser.parse(bytes)
                #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
            } catch {
                failures += 1
                #expect(!error.description.isEmpty && error.line >= 1)
            }
        }
        #expect(failures > 0)
    }
}
