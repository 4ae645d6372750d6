import Foundation
import NLU
import SkillModel
import Testing
import TestSupport

/// The routing model across skills: which skill a sentence that names none is for.
@Suite struct RoutingModelTests {
    static func model(_ json: String) -> InteractionModel {
        do {
            return try InteractionModel(parsing: json)
        } catch {
            preconditionFailure("fixture model: \(error)")
        }
    }

    static let timer = SkillNLU(skillID: "com.example.timer", model: model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"kitchen timer","intents":[
          {"name":"SetTimerIntent","slots":[{"name":"duration","type":"AMAZON.DURATION"}],
           "samples":["set a timer for {duration}","start a {duration} timer","time {duration} for me","timer for {duration}","count down {duration}"]},
          {"name":"TimeLeftIntent","samples":["how much time is left","how long is left on my timer","when does the timer go off","check my timer"]},
          {"name":"CancelTimerIntent","samples":["cancel the timer","stop my timer","delete the timer","turn the timer off"]},
          {"name":"AMAZON.StopIntent","samples":[]}]}}}
        """#))

    static let lights = SkillNLU(skillID: "com.example.lights", model: model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"house lights","intents":[
          {"name":"LightsOnIntent","slots":[{"name":"room","type":"Room"}],
           "samples":["turn on the {room} lights","switch on the light in the {room}","lights on","make the {room} bright","turn the {room} light on"]},
          {"name":"LightsOffIntent","slots":[{"name":"room","type":"Room"}],
           "samples":["turn off the {room} lights","switch the light off in the {room}","lights off","make it dark in the {room}","kill the lights"]},
          {"name":"DimIntent","slots":[{"name":"room","type":"Room"},{"name":"level","type":"AMAZON.NUMBER"}],
           "samples":["dim the {room} lights","dim the lights to {level} percent","set the {room} lights to {level} percent","lower the lights"]}],
         "types":[{"name":"Room","values":[{"name":{"value":"kitchen"}},{"name":{"value":"bedroom"}},{"name":{"value":"living room"}},{"name":{"value":"hall"}}]}]}}}
        """#))

    static let pizza = SkillNLU(skillID: "com.example.pizza", model: model(#"""
        {"interactionModel":{"languageModel":{"invocationName":"pizza corner","intents":[
          {"name":"OrderPizzaIntent","slots":[{"name":"size","type":"Size"},{"name":"topping","type":"Topping"},{"name":"crust","type":"Crust"}],
           "samples":["order a {size} pizza","i want a {size} {topping} pizza","get me a {topping} pizza with {crust} crust","order a pizza",
                      "i'd like a {crust} crust pizza","can i get a {size} pizza with {topping}"]},
          {"name":"TrackOrderIntent","samples":["where is my pizza","track my order","how long until my pizza arrives","is my order on the way"]}],
         "types":[{"name":"Size","values":[{"name":{"value":"small"}},{"name":{"value":"medium"}},{"name":{"value":"large"}}]},
                  {"name":"Topping","values":[{"name":{"value":"pepperoni"}},{"name":{"value":"mushroom"}},{"name":{"value":"ham"}},{"name":{"value":"olives"}}]},
                  {"name":"Crust","values":[{"name":{"value":"thin"}},{"name":{"value":"stuffed"}},{"name":{"value":"deep dish"}}]}]}}}
        """#))

    @Test(arguments: [
        ("turn off the kitchen lights please", "com.example.lights", "LightsOffIntent"),
        ("how much longer on the timer", "com.example.timer", "TimeLeftIntent"),
        ("set the bedroom lights to 30 percent", "com.example.lights", "DimIntent"),
        ("turn the timer off", "com.example.timer", "CancelTimerIntent"),
        ("i want a large pepperoni pizza", "com.example.pizza", "OrderPizzaIntent"),
        ("is my pizza on the way", "com.example.pizza", "TrackOrderIntent"),
    ])
    func aSentenceReachesItsSkillThoughAnotherSharesItsWords(text: String, skill: String, intent: String) throws {
        let index = SkillIndex([Self.timer, Self.lights, Self.pizza])
        let best = try #require(index.parse(Utterance(text)).first, "\(text)")
        #expect(best.skillID == SkillID(skill), "\(text)")
        #expect(best.intent == IntentName(intent), "\(text)")
    }

    @Test func aSentenceForASkillNotLoadedIsTakenByNone() {
        let index = SkillIndex([Self.timer, Self.lights])
        for text in ["order a large pepperoni pizza with thin crust", "where is my pizza"] {
            #expect(index.parse(Utterance(text)).isEmpty, "\(text): \(index.parse(Utterance(text)).map { "\($0.skillID) \($0.intent) \($0.score)" })")
        }
    }

    @Test func addingASkillTrainsTheRoutingAgain() throws {
        var index = SkillIndex([Self.timer, Self.lights])
        #expect(index.route(Utterance("i want a medium mushroom pizza"))?.skill != "com.example.pizza")
        index.insert(Self.pizza)
        #expect(index.route(Utterance("i want a medium mushroom pizza"))?.skill == "com.example.pizza")
        index.remove("com.example.pizza")
        #expect(index.route(Utterance("i want a medium mushroom pizza"))?.skill != "com.example.pizza")
    }

    /// A reload trains the routing model beside the skill's NLU and hands it over: the index
    /// uses it when it was trained for the skills it ends up with, and trains another when not.
    @Test func aRoutingModelTrainedBesideTheSkillIsUsedWhenItFits() throws {
        let cache = NLUCache(directory: try TestSupport.temporaryFolder("routing-beside"))
        var index = SkillIndex([Self.timer, Self.lights], cache: cache)
        let routing = index.routingModel(inserting: Self.pizza.skillID, Self.pizza.model)
        let before = cache.stats
        index.insert(Self.pizza, routing: routing)
        #expect(cache.stats == before, "the routing model given was used: none trained or read")
        #expect(index.route(Utterance("i want a medium mushroom pizza"))?.skill == "com.example.pizza")

        // Handed to an index whose skills differ (the timer taken out meanwhile): not used.
        var changed = SkillIndex([Self.lights], cache: cache)
        let misses = cache.stats.misses
        changed.insert(Self.pizza, routing: routing)
        #expect(cache.stats.misses == misses + 1, "a routing model for other skills is trained again")
        #expect(changed.route(Utterance("check my timer"))?.skill != "com.example.timer")

        // A skill whose library now holds another id: the old one goes, in the same training.
        let replaced = index.routingModel(inserting: Self.pizza.skillID, Self.pizza.model, dropping: Self.timer.skillID)
        let stats = cache.stats
        index.insert(Self.pizza, dropping: Self.timer.skillID, routing: replaced)
        #expect(cache.stats == stats)
        #expect(index.count == 2)
        #expect(index.nlu(Self.timer.skillID) == nil)
    }

    @Test func theCacheKeepsTheRoutingModel() throws {
        let cache = NLUCache(directory: try TestSupport.temporaryFolder("routing-cache"))
        let first = SkillIndex([Self.timer, Self.lights, Self.pizza], cache: cache)
        let misses = cache.stats.misses
        let second = SkillIndex([Self.timer, Self.lights, Self.pizza], cache: cache)
        #expect(cache.stats.misses == misses, "a second index over the same skills trains nothing")
        #expect(cache.stats.hits >= 1)
        for text in ["dim the hall lights", "check my timer", "track my order"] {
            #expect(first.route(Utterance(text))?.intent == second.route(Utterance(text))?.intent)
            #expect(first.route(Utterance(text))?.probability == second.route(Utterance(text))?.probability)
        }
        // Other skills: another model, trained and kept beside the first.
        _ = SkillIndex([Self.timer, Self.lights], cache: cache)
        #expect(cache.stats.misses == misses + 1)
    }
}
