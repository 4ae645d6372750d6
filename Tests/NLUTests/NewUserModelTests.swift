import Foundation
import NLU
import SkillModel
import Testing

// Found by writing skills as a new user would (a table reservation, a help desk, a smart home:
// the fixtures table-en-US.json, helpdesk-en-US.json, home-en-US.json) and talking to them.

/// Answers to a dialog's question that say more than the value: people echo the question
/// ("What name should the table be under?" — "put it under maria please") and open with the
/// slot's own words ("it's under maria" for the sample "under {guestName}").
@Suite struct EchoedAnswerTests {
    static let text = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SkillHostTests/Fixtures/table-en-US.json"), encoding: .utf8)) ?? ""
    static let nlu = SkillNLU(skillID: "com.example.table", model: try! InteractionModel(parsing: text))
    static let name = SkillNLU.Elicitation(intent: "ReserveTableIntent", slot: "guestName")

    static func answer(_ sentence: String, _ elicitation: SkillNLU.Elicitation = name) -> NLUCandidate? {
        nlu.parse(Utterance(sentence), eliciting: elicitation).first
    }

    @Test(arguments: [
        ("it's under maria", "maria"), ("make it under jose", "jose"), ("put it under maria please", "maria"),
        ("it's under the name maria", "maria"), ("the table should be under maria", "maria"),
        // An unlisted name is the name as said; the census's names are listed.
        ("maria lopez", "maria lopez"), ("it's maria lopez", "maria lopez"), ("jose", "jose"),
    ])
    func theNameIsTheValueAlone(sentence: String, value: String) throws {
        let best = try #require(Self.answer(sentence))
        #expect(best.intent == "ReserveTableIntent")
        #expect(best.slots.map(\.name) == ["guestName"])
        #expect(best.slots.first?.spoken == value, "\(best.slots)")
    }

    @Test(arguments: [("cancel my reservation", "CancelReservationIntent"), ("what time does harbor grill close", "OpeningHoursIntent")])
    func aRequestOfItsOwnIsNoAnswer(sentence: String, intent: String) throws {
        #expect(Self.answer(sentence)?.intent.rawValue == intent)
    }

    /// A sentence the intent reads with the slot is read so, not echoed: "there will be five
    /// of us" is the party size by its sample. (The anniversary model's "the 4th of june", asked
    /// which day, is the day and the month: ModelStandInTests.)
    @Test func aSentenceTheIntentReadsWithTheSlotIsNotEchoed() throws {
        let best = try #require(Self.answer("there will be five of us", .init(intent: "ReserveTableIntent", slot: "partySize")))
        #expect(best.slots.first { $0.name == "partySize" }?.value == "5")
    }

    /// A number said with words of no sample, contractions spelled out.
    @Test func aNumberAmidOtherWords() throws {
        let best = try #require(Self.answer("we're a group of seven", .init(intent: "ReserveTableIntent", slot: "partySize")))
        #expect(best.slots.first { $0.name == "partySize" }?.value == "7")
    }
}

/// A change of mind at the confirmation, in words no sample frames the value with: the value
/// one slot alone reads, or the one whose samples say the words beside it.
@Suite struct ChangeOfMindTests {
    static func stated(_ sentence: String) -> [String] {
        EchoedAnswerTests.nlu.statedValues(Utterance(sentence), intent: "ReserveTableIntent", except: nil, today: CivilDate(year: 2026, month: 11, day: 26))
            .map { "\($0.name)=\($0.value)" }
    }

    @Test(arguments: [
        ("no, make it saturday", ["date=2026-11-28"]), ("how about nine pm instead", ["time=21:00"]),
        ("can you move it to eight thirty", ["time=08:30"]),
        // "six" is a number and a time: "of us" and "for" are the party size's words.
        ("actually we'll be six of us", ["partySize=6"]), ("no, make it for eight", ["partySize=8"]),
    ])
    func theChangedValue(sentence: String, expected: [String]) {
        #expect(Self.stated(sentence) == expected)
    }

    @Test(arguments: ["actually make it six", "saturday", "no, make it saturday at nine pm and for six of us on a boat"])
    func noChangeOnAGuess(sentence: String) {
        #expect(Self.stated(sentence).isEmpty)
    }
}

/// The help desk's answers: a summary in free text is every word said, and a listed value said
/// with a negation is not that value.
@Suite struct FreeTextAndNegationTests {
    static let text = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SkillHostTests/Fixtures/helpdesk-en-US.json"), encoding: .utf8)) ?? ""
    static let nlu = SkillNLU(skillID: "com.example.helpdesk", model: try! InteractionModel(parsing: text))

    static func answer(_ sentence: String, slot: SlotName) -> NLUCandidate? {
        nlu.parse(Utterance(sentence), eliciting: .init(intent: "CreateTicketIntent", slot: slot)).first
    }

    @Test(arguments: ["it keeps jamming when i print double sided", "the screen is cracked", "the wifi drops every few minutes", "i can't log in to my email"])
    func theSummaryIsWhatWasSaid(sentence: String) throws {
        let best = try #require(Self.answer(sentence, slot: "summary"))
        #expect(best.intent == "CreateTicketIntent")
        #expect(best.slots.map(\.name) == ["summary"])
        #expect(best.slots.first?.spoken == sentence)
    }

    @Test(arguments: ["uh not that urgent", "it's not very urgent", "not really urgent"])
    func aNegatedValueResolvesToNone(sentence: String) throws {
        let best = try #require(Self.answer(sentence, slot: "priority"))
        #expect(best.slots.allSatisfy { $0.resolution?.values.first?.name != "high" }, "\(best.slots)")
    }

    @Test func theListedNegationStillResolves() throws {
        let best = try #require(Self.answer("not urgent", slot: "priority"))
        #expect(best.slots.first?.resolution?.values.first?.name == "low")
    }
}

/// Values a one-shot request denies are not ordered: "without olives", "but no onions".
@Suite struct DeniedValuesTests {
    static func toppings(_ sentence: String) -> [String] {
        (AlexaModelTests.nlu.parse(Utterance(sentence)).first?.slots.first { $0.name == "toppings" }?.values.map(\.spoken)) ?? []
    }

    @Test(arguments: [
        ("i want a large pizza with pepperoni and olives but no onions", ["pepperoni", "olives"]),
        ("i want a large pizza with pepperoni, olives, no onions", ["pepperoni", "olives"]),
        ("i want a large pizza with olives", ["olives"]),
    ])
    func onlyTheWantedToppings(sentence: String, expected: [String]) {
        #expect(Self.toppings(sentence) == expected)
    }

    @Test func aDeniedValueAloneLeavesTheSlotEmpty() {
        #expect(Self.toppings("i want a large pizza without olives").isEmpty)
    }
}

/// Rooms a smart-home request leaves out are not the rooms it names: "but not in the bedroom".
@Suite struct DeniedRoomsTests {
    static let text = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/home-en-US.json"), encoding: .utf8)) ?? ""
    static let nlu = SkillNLU(skillID: "com.example.home", model: try! InteractionModel(parsing: text))

    @Test(arguments: [
        ("turn off the lights in the kitchen and the living room", ["kitchen", "living room"]),
        ("turn off the lights but not in the bedroom", []),
        ("turn off the lights in the kitchen, not the office", ["kitchen"]),
    ])
    func theRoomsMeant(sentence: String, rooms: [String]) throws {
        let best = try #require(Self.nlu.parse(Utterance(sentence)).first)
        #expect(best.intent == "TurnOffIntent")
        #expect((best.slots.first { $0.name == "room" }?.values.map { $0.resolution?.values.first?.name ?? $0.value }) ?? [] == rooms)
    }
}

/// A catch-all sample's slot that swallows a request for another skill does not take it: "my
/// laptop won't turn on" is no device "my laptop won't turn" for a smart home's "{device} on"
/// while a help desk that lists laptops is loaded.
@Suite struct SwallowedRequestTests {
    static let index = SkillIndex([DeniedRoomsTests.nlu, FreeTextAndNegationTests.nlu, EchoedAnswerTests.nlu])

    @Test func aSwallowingReadingIsNoReading() {
        let best = Self.index.parse(Utterance("my laptop won't turn on")).first
        #expect(best?.skillID != "com.example.home", "\(String(describing: best))")
    }

    @Test(arguments: [("turn on the ceiling fan", "com.example.home"), ("my printer is broken", "com.example.helpdesk"), ("book a table for two at sushi kato", "com.example.table")])
    func theSkillsOwnRequestsStillReachThem(sentence: String, skill: String) {
        #expect(Self.index.parse(Utterance(sentence)).first?.skillID.rawValue == skill)
    }
}
