// A libFuzzer target for what skillhost reads from outside: JSON, request and response
// envelopes, manifests, storage requests, interaction models and SSML. Compiled as a
// fuzzer of its own by scripts/fuzz.sh (not part of the package build). The first byte of an
// input picks the reader, the rest is what it reads; every reader must refuse bad input with
// an error, never crash, hang or read out of bounds.
import SkillModel

@_cdecl("LLVMFuzzerTestOneInput")
public func skillModelFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let body = UnsafeBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 7 {
    case 0:
        if let value = try? JSONParser.parse(bytes: body) {
            // What is read must write back to JSON that reads as the same value.
            let written = JSONWriter.bytes(value)
            guard let again = try? JSONParser.parse(written), again == value else { fatalError("JSON round trip changed the value") }
        }
    case 1: _ = try? RequestEnvelope(parsing: body)
    case 2: _ = try? ResponseEnvelope(parsing: body)
    case 3: _ = try? SkillManifest(parsing: String(decoding: body, as: UTF8.self))
    case 4: _ = try? StorageRequest(parsing: body)
    case 5: _ = try? InteractionModel(parsing: String(decoding: body, as: UTF8.self))
    default:
        let text = String(decoding: body, as: UTF8.self)
        _ = SSML.problem(in: text)
        _ = SSML.plainText(text)
        _ = SSML.escape(text)
    }
    return 0
}
