import Foundation
import NLU
import SkillModel
import Testing

/// An Alexa skill's en-US.json as the developer console exports it — dialog model, prompts,
/// multiple-value slots, value suppliers, slot elicitation samples — loads as is.
@Suite struct AlexaModelTests {
    static let text = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pizza-en-US.json"), encoding: .utf8)) ?? ""
    static let model = try! InteractionModel(parsing: text)
    static let nlu = SkillNLU(skillID: "com.example.pizza", model: model)

    @Test func loadsAndLintsClean() {
        #expect(Self.model.invocationName == "pizza shop")
        #expect(Self.model.fallbackIntentSensitivity == .medium)
        #expect(Self.model.dialog.intents.count == 1)
        #expect(Self.model.dialog.prompts.count == 3)
        #expect(ModelLinter.check(Self.text).isEmpty)
    }

    @Test(arguments: [
        ("order a large pizza", ["size": "large"]),
        ("get me two family size pizzas", ["count": "2", "size": "family size"]),
        ("order 3 pizzas with mushrooms for seven pm", ["count": "3", "toppings": "mushrooms", "when": "19:00"]),
        ("can i get a medium pizza please", ["size": "medium"]),
    ])
    func understandsOrders(text: String, slots: [String: String]) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "OrderPizzaIntent")
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) }) == slots)
    }

    @Test func synonymsResolveToTheirCanonicalValue() throws {
        let best = try #require(Self.nlu.parse(Utterance("i want a big pizza with pepperoni")).first)
        let size = try #require(best.slots.first { $0.name == "size" })
        #expect(size.resolution?.values == [ResolvedValue(name: "large", id: "L")])
    }

    /// A slot with multipleValues enabled hears a list as Alexa sends it: each value with its
    /// own span and resolution.
    @Test(arguments: [
        ("i want a large pizza with pepperoni and mushroom", ["pepperoni:PEP", "mushroom:MUSH"]),
        ("i want a large pizza with pepperoni, black olives, and mushrooms", ["pepperoni:PEP", "black olives:OLV", "mushrooms:MUSH"]),
        ("i want a large pizza with olives & pepperoni", ["olives:OLV", "pepperoni:PEP"]),
        ("i want a large pizza with pepperoni black olives", ["pepperoni:PEP", "black olives:OLV"]),
        ("order 2 pizzas with pepperoni and pineapple for noon", ["pepperoni:PEP", "pineapple:-"]),
    ])
    func aMultipleValueSlotHearsAList(text: String, values: [String]) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "OrderPizzaIntent")
        let toppings = try #require(best.slots.first { $0.name == "toppings" })
        #expect(toppings.list.map { "\($0.spoken):\($0.resolution?.values.first?.id ?? "-")" } == values)
        for value in toppings.list {
            #expect(Array(text.unicodeScalars)[value.start..<value.end].map(String.init).joined() == value.spoken)
        }
        let slot = try #require(best.intentValue[slot: "toppings"])
        #expect(slot.value == nil)
        #expect(slot.json["slotValue"]?["type"]?.string == "List")
        #expect(slot.values.map(\.value) == values.map { String($0.split(separator: ":")[0]) })
    }

    @Test func aListSaidInPiecesIsOneList() throws {
        // The tagger gives toppings two spans; a request carries a slot once.
        let best = try #require(Self.nlu.parse(Utterance("give me olives on a medium pizza and also pepperoni")).first)
        let toppings = best.slots.filter { $0.name == "toppings" }
        #expect(toppings.count == 1)
        #expect(toppings.first?.list.map(\.spoken) == ["olives", "pepperoni"])
        #expect(best.slots.map(\.name.rawValue).sorted() == ["size", "toppings"])
    }

    /// What was said is kept: a listed value inside a longer item ("green peppers" holds no
    /// listed "peppers" here, "spicy sausage" and "olives") never replaces the words said.
    @Test(arguments: [
        ("i want a large pizza with olives and spicy sausage", ["olives", "spicy sausage"]),
        ("i want a large pizza with pepperoni and roasted garlic", ["pepperoni", "roasted garlic"]),
    ])
    func aListKeepsEveryWordSaid(text: String, values: [String]) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        let toppings = try #require(best.slots.first { $0.name == "toppings" })
        #expect(toppings.list.map(\.spoken) == values)
    }

    @Test func oneValueOfAMultipleValueSlotIsASimpleValue() throws {
        let best = try #require(Self.nlu.parse(Utterance("i want a small pizza with olives")).first)
        let toppings = try #require(best.slots.first { $0.name == "toppings" })
        #expect(toppings.list.isEmpty)
        let slot = try #require(best.intentValue[slot: "toppings"])
        #expect(slot.value == "olives")
        #expect(slot.json["slotValue"]?["type"]?.string == "Simple")
        #expect(slot.values.first?.resolvedValue?.id == "OLV")
    }

    /// A list said on its own: no value opens with "and" ("pepperoni and olives" was tagged
    /// "and olives"), and the value before the conjunction is in the list.
    @Test func aListSaidAloneIsEveryValue() throws {
        let best = try #require(Self.nlu.parse(Utterance("pepperoni and olives")).first)
        let toppings = try #require(best.slots.first { $0.name == "toppings" })
        #expect(toppings.list.map(\.spoken) == ["pepperoni", "olives"])
    }

    /// A list stated while another slot is asked changes the list, every value of it.
    @Test func aListStatedInPassingIsEveryValue() throws {
        let stated = Self.nlu.statedValues(Utterance("actually pepperoni and olives"), intent: "OrderPizzaIntent", except: "when")
        #expect(stated.map(\.name.rawValue) == ["toppings"])
        #expect(stated.first?.list.map(\.spoken) == ["pepperoni", "olives"])
    }

    /// A yes or a no is no value of a type that lists its values.
    @Test(arguments: ["yes", "no", "sure", "no thanks"])
    func aBareYesIsNoAnswerForAListedSlot(text: String) throws {
        let readings = Self.nlu.parse(Utterance(text), eliciting: .init(intent: "OrderPizzaIntent", slot: "size"))
        #expect(!readings.contains { $0.slots.contains { $0.name == "size" } }, "\(readings)")
    }

    @Test func anElicitationSampleAnswersTheQuestion() throws {
        let best = try #require(Self.nlu.parse(Utterance("a little one"), eliciting: .init(intent: "OrderPizzaIntent", slot: "size")).first)
        #expect(best.slots.first?.resolution?.values.first?.id == "S")
    }
}
