import SkillModel
import Testing

@Suite struct JSONTests {
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":"x"}"#,
        #"[]"#, #"{}"#, #""plain""#, #"-0.5e-3"#, #"12345678901234567890"#,
        #"{"esc":"quote \" backslash \\ slash / newline \n tab \t unicode é ✓ 😀 \u0001"}"#,
    ])
    func roundTripsExactly(text: String) throws {
        let value = try JSONParser.parse(text)
        let again = try JSONParser.parse(JSONWriter.string(value))
        #expect(again == value)
    }

    @Test func keepsNumbersAsWrittenAndKeysInOrder() throws {
        let text = #"{"z":12345678901234567890,"a":1.50,"m":-0}"#
        #expect(JSONWriter.string(try JSONParser.parse(text)) == text)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""caf\u00e9 \ud83d\ude00 \"q\"""#)
        #expect(value.string == "café 😀 \"q\"")
    }

    @Test(arguments: [
        ("", "expected a value"),
        ("{", "end of text"),
        (#"{"a" 1}"#, "expected ':'"),
        (#"{"a":1,}"#, "expected a member name"),
        ("[1 2]", "expected ',' or ']'"),
        ("01", "leading zero"),
        (#""abc"#, "unterminated string"),
        (#""\x""#, "invalid escape"),
        (#""\ud800""#, "unpaired surrogate"),
        ("tru", "literal"),
        ("1 2", "after the JSON value"),
        ("\"a\u{01}\"", "control character"),
    ])
    func refusesMalformedTextSayingWhere(text: String, expected: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.contains("line 1"))
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONParser.parse(fine)) != nil)
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func lastDuplicateKeyWins() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value["a"]?.int == 3)
        #expect(value.object?.count == 2)
    }

    @Test func objectsCompareWithoutOrder() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":2}"#) == JSONParser.parse(#"{"b":2,"a":1}"#))
    }
}
