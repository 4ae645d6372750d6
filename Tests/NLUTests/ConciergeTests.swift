@testable import NLU
import SkillModel
import Testing

/// A hotel's front desk, written as a hotel's developer would: a checkout intent whose type
/// holds the one phrase "check out", room items brought up on request with a count, and the
/// hotel's facilities asked about by a sample that is mostly the facility.
@Suite struct ConciergeTests {
    static let today = CivilDate(year: 2026, month: 11, day: 27)

    static let desk = SkillNLU(skillID: "desk", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"front desk","intents":[
          {"name":"CheckoutIntent","slots":[{"name":"checkout","type":"CHECKOUT"}],
           "samples":["{checkout}","i want to {checkout}","could i {checkout}","can we {checkout} now","we'd like to {checkout}"]},
          {"name":"BringItemIntent","slots":[{"name":"item","type":"ROOM_ITEM"},{"name":"count","type":"AMAZON.NUMBER"}],
           "samples":["can i get {item}","can i get {count} {item}","please bring {item} to my room","i need more {item}","send up {count} {item}"]},
          {"name":"FacilityIntent","slots":[{"name":"facility","type":"FACILITY"}],
           "samples":["tell me about the {facility}","where is the {facility}","{facility}","is there a {facility}"]},
          {"name":"WakeUpCallIntent","slots":[{"name":"time","type":"AMAZON.TIME"},{"name":"day","type":"AMAZON.DATE"},{"name":"note","type":"NOTE"}],
           "samples":["wake me up at {time}","wake me up {day} at {time}","i need a {note}","i need a {note} at {time}","set a {note} for {day}"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"CHECKOUT","values":[{"name":{"value":"check out","synonyms":["checkout"]}}]},
                  {"name":"ROOM_ITEM","values":[{"name":{"value":"towels"}},{"name":{"value":"pillows"}},{"name":{"value":"toothbrush"}},{"name":{"value":"blanket"}}]},
                  {"name":"FACILITY","values":[{"name":{"value":"pool"}},{"name":{"value":"gym"}},{"name":{"value":"spa"}},{"name":{"value":"business center"}}]},
                  {"name":"NOTE","values":[{"name":{"value":"wake up call"}},{"name":{"value":"reminder"}}]}]}}}
        """#))

    /// "could i {checkout}" matches "could i get a toothbrush" word for word, with a checkout
    /// nobody lists that holds a room item another intent's type lists: that item's intent.
    @Test func aValueHoldingAnotherTypesListedValueIsThatIntents() throws {
        let best = try #require(Self.desk.parse(Utterance("could i get a toothbrush"), today: Self.today).first)
        #expect(best.intent == "BringItemIntent")
        #expect(best.slots.first { $0.name == "item" }?.value == "toothbrush")
    }

    /// A listed value with an adverb after it is the listed value.
    @Test(arguments: ["is there a spa here", "where is the spa again"])
    func anAdverbAfterAListedValueIsNotTheValue(text: String) throws {
        let best = try #require(Self.desk.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.first { $0.name == "facility" }?.value == "spa")
    }

    /// "i need a {note}" does not take the day or time said after an unlisted note: the empty
    /// slot for it does.
    @Test(arguments: [("i need a taxi tomorrow", "day", "tomorrow"), ("i need a taxi tonight", "time", "tonight"), ("i need a reminder tomorrow", "day", "tomorrow")])
    func aTimeAtTheEndOfAnUnlistedValueIsTheTimeSlots(text: String, slot: String, when: String) throws {
        let best = try #require(Self.desk.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.first { $0.name == "note" }?.spoken == String(text.dropFirst("i need a ".count).prefix { $0 != " " }))
        #expect(best.slots.first { $0.name.rawValue == slot }?.spoken == when)
    }

    /// Asked how many, "the blue one" names a thing, not a count; "just one" counts.
    @Test(arguments: [("the blue one", nil), ("that one", nil), ("just one", "1"), ("one please", "1")])
    func oneAfterADeterminerIsNoCount(text: String, count: String?) {
        let asking = SkillNLU.Elicitation(intent: "BringItemIntent", slot: "count")
        let best = Self.desk.parse(Utterance(text), eliciting: asking, today: Self.today).first
        #expect((best?.intent == "BringItemIntent" ? best?.slots.first { $0.name == "count" }?.value : nil) == count)
    }
}
