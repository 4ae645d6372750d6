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

    /// Function words before a listed chore are no part of it, though the listed "take out the
    /// trash" says "the": no chore opens with it.
    @Test func wordsBeforeAChoreAreNoPartOfIt() throws {
        let best = try #require(Self.chart.parse(Utterance("emma is done with the vacuum"), today: Self.today).first)
        #expect(best.intent == "DoneIntent")
        #expect(best.slots.first { $0.name == "Chore" }?.value == "vacuum", "\(best)")
    }
}

/// Beside a crafting helper that lists "bed", the chore chart's longer "make the bed" wins.
@Suite struct LongerListedValueTests {
    static let crafting = SkillNLU(skillID: "crafting", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"craft helper","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},
          {"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},
          {"name":"RecipeIntent","slots":[{"name":"Item","type":"CRAFT_ITEM"}],
           "samples":["how do i make a {Item}","how can i craft {Item}","what's the recipe for {Item}","how do you make {Item}","recipe for a {Item}","{Item}"]}],
         "types":[{"name":"CRAFT_ITEM","values":[{"name":{"value":"crafting table"}},{"name":{"value":"bed"}},{"name":{"value":"torch"}},
                  {"name":{"value":"diamond sword"}},{"name":{"value":"chest"}},{"name":{"value":"bow"}},{"name":{"value":"furnace"}},
                  {"name":{"value":"iron pickaxe"}},{"name":{"value":"boat"}},{"name":{"value":"ladder"}}]}]}}}
        """#))

    /// A value one skill lists inside a longer one another lists is the longer one's: "lily
    /// should make the bed" is a chore, not a bed to craft.
    @Test func aLongerListedValueWins() throws {
        let index = SkillIndex([Self.crafting, ChoreChartTests.chart])
        let best = try #require(index.parse(Utterance("lily should make the bed"), today: ChoreChartTests.today).first)
        #expect(best.skillID == "chores")
        #expect(best.slots.first { $0.name == "Chore" }?.value == "make the bed")
        #expect(index.parse(Utterance("how do i make a bed"), today: ChoreChartTests.today).first?.skillID == "crafting")
    }
}

/// A daily quote with quotes by author, written as its developer would.
@Suite struct DailyQuoteTests {
    static let quotes = SkillNLU(skillID: "quotes", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"daily quote","intents":[{"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},{"name":"QuoteIntent","slots":[],"samples":["give me a quote","inspire me","quote of the day","tell me something inspiring","i need motivation"]},{"name":"AuthorQuoteIntent","slots":[{"name":"Author","type":"AUTHOR"}],"samples":["tell me a quote by {Author}","what did {Author} say","give me a {Author} quote","quote from {Author}"]}],"types":[{"name":"AUTHOR","values":[{"name":{"value":"albert einstein","synonyms":["einstein"]}},{"name":{"value":"maya angelou","synonyms":["angelou"]}},{"name":{"value":"mark twain","synonyms":["twain"]}},{"name":{"value":"oscar wilde","synonyms":["wilde"]}},{"name":{"value":"confucius"}},{"name":{"value":"winston churchill","synonyms":["churchill"]}}]}]}}}
        """#))

    /// "today's" is no author: a day said with its possessive is checked as a day is.
    @Test func aDaysPossessiveIsNoName() throws {
        let best = try #require(Self.quotes.parse(Utterance("what's today's quote"), today: ChoreChartTests.today).first)
        #expect(best.slots.isEmpty)
    }
}
