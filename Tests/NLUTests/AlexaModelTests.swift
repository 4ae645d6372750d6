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
        #expect(Self.model.dialog?["intents"]?.array?.count == 1)
        #expect(Self.model.prompts?.array?.count == 3)
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

    @Test func anElicitationSampleAnswersTheQuestion() throws {
        let best = try #require(Self.nlu.parse(Utterance("a little one"), eliciting: .init(intent: "OrderPizzaIntent", slot: "size")).first)
        #expect(best.slots.first?.resolution?.values.first?.id == "S")
    }
}
