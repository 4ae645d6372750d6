@testable import NLU
import SkillModel
import Testing

/// A family chore chart, written as its developer would: chores from a short list given to and
/// done by children named by first name.
@Suite struct ChoreChartTests {
    static let today = CivilDate(year: 2026, month: 11, day: 28)

    static let chart = SkillNLU(skillID: "chores", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"chore chart","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},
          {"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},
          {"name":"AddChoreIntent","slots":[{"name":"Chore","type":"CHORE"},{"name":"Person","type":"AMAZON.FirstName"}],
           "samples":["add {Chore} to {Person}'s chores","{Person} needs to {Chore}","give {Person} the {Chore}","assign {Chore} to {Person}"]},
          {"name":"DoneIntent","slots":[{"name":"Chore","type":"CHORE"},{"name":"Person","type":"AMAZON.FirstName"}],
           "samples":["{Person} finished {Chore}","mark {Chore} done","{Person} did the {Chore}","the {Chore} is done"]},
          {"name":"ListChoresIntent","slots":[{"name":"Person","type":"AMAZON.FirstName"}],
           "samples":["what are {Person}'s chores","what chores are left","what does {Person} have to do","read the chore chart"]}],
         "types":[{"name":"CHORE","values":[{"name":{"value":"dishes"}},{"name":{"value":"laundry"}},{"name":{"value":"vacuum"}},
                  {"name":{"value":"take out the trash"}},{"name":{"value":"feed the dog"}},{"name":{"value":"make the bed"}},
                  {"name":{"value":"mow the lawn"}},{"name":{"value":"clean the bathroom"}}]}]}}}
        """#))

    /// A listed chore and what is said of it is the chore: "the dishes are finished" is done
    /// with the dishes, not with "dishes are finished".
    @Test(arguments: [("the dishes are finished", "dishes"), ("the laundry is all done", "laundry")])
    func whatIsSaidOfAChoreIsNoPartOfIt(text: String, chore: String) throws {
        let best = try #require(Self.chart.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "DoneIntent")
        #expect(best.slots.first { $0.name == "Chore" }?.value == chore)
    }
}
