// A libFuzzer target for the NLU's parse: any text a user might send (within the host's
// length limit), read by a skill's model and by the index across skills. Compiled into the NLU
// module by scripts/fuzz.sh (not part of the package build). It must answer every input without
// crashing, hanging or reading out of bounds, with slot spans inside the text.
import Foundation
import SkillModel

/// Two real models side by side: a pizza order with a dialog model and the Snips-style test
/// model with built-in types, from the test fixtures.
private let skills: [SkillNLU] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return ["Tests/NLUTests/Fixtures/pizza-en-US.json", "Tests/SkillHostTests/Fixtures/anniversary-en-US.json"].enumerated().map { i, path in
        let text = try! String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return SkillNLU(skillID: SkillID("fuzz.\(i)"), model: try! InteractionModel(parsing: text))
    }
}()
private let index = SkillIndex(skills)

/// A model with a dialog's slot samples over built-in types (a city, a date, a number): what
/// a sentence said mid-dialog is read by, as the answer to each slot and as a change of mind.
private let hotel: SkillNLU = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let text = try! String(contentsOf: root.appendingPathComponent("Tests/SkillHostTests/Fixtures/hotel-en-US.json"), encoding: .utf8)
    return SkillNLU(skillID: "fuzz.hotel", model: try! InteractionModel(parsing: text))
}()
private let booking = hotel.model.intents.first { $0.name == "BookRoomIntent" }!

@_cdecl("LLVMFuzzerTestOneInput")
public func nluFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard Utterance.refusal(of: text) == nil else { return 0 }
    let utterance = Utterance(text)
    let length = text.unicodeScalars.count
    var slots = (index.parse(utterance) + skills[0].parse(utterance)).flatMap(\.slots)
    for slot in booking.slots {
        slots += hotel.parse(utterance, eliciting: .init(intent: booking.name, slot: slot.name)).flatMap(\.slots)
        slots += hotel.statedValues(utterance, intent: booking.name, except: slot.name)
    }
    for slot in slots where slot.start < 0 || slot.end > length || slot.start > slot.end {
        fatalError("slot \(slot.name) spans \(slot.start)..<\(slot.end) in a text of \(length) code points")
    }
    _ = index.explain(utterance)
    return 0
}
