import NLU
import SkillModel
import Testing

/// A capitals quiz as people write one: any city is an answer, and an intent for not knowing
/// ("i don't know", "no idea"), which people say in words of their own.
@Suite struct QuizTests {
    static let nlu = SkillNLU(skillID: "quiz", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"capital quiz","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},
          {"name":"AMAZON.RepeatIntent","samples":[]},{"name":"AMAZON.NoIntent","samples":[]},
          {"name":"AnswerIntent","slots":[{"name":"city","type":"AMAZON.City"}],"samples":["{city}","is it {city}","i think it's {city}","the answer is {city}"]},
          {"name":"SkipIntent","samples":["skip","skip this one","next question","pass"]},
          {"name":"ScoreIntent","samples":["what's my score","how am i doing"]},
          {"name":"DontKnowIntent","samples":["i don't know","no idea","i give up","tell me the answer"]}],
         "types":[]}}}
        """#))

    /// Not knowing, said in other words than the samples', is the intent for it.
    @Test(arguments: ["i have no clue", "beats me", "not sure", "i'm not sure", "i really don't know", "dunno"])
    func notKnowingInOtherWords(text: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "DontKnowIntent")
        #expect(best.slots.isEmpty)
    }

    /// An answer hedged with it is still the answer, and a hint asked for is no "don't know".
    @Test func aHedgedAnswerIsTheAnswer() throws {
        let hedged = try #require(Self.nlu.parse(Utterance("i'm not sure it's paris")).first)
        #expect(hedged.intent == "AnswerIntent")
        #expect(hedged.slots.first?.value == "paris")
        #expect(Self.nlu.parse(Utterance("give me a clue")).first?.intent != "DontKnowIntent")
    }
}

/// An intent that says "i don't know" among other things ("skip", "next word") hears not
/// knowing said in other words: its sample, its contraction expanded ("i do not know"), still
/// says so.
@Suite struct NotKnowingTests {
    static let nlu = SkillNLU(skillID: "lingo", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"lingo cards","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},
          {"name":"TranslateIntent","slots":[{"name":"phrase","type":"AMAZON.SearchQuery"},{"name":"language","type":"LANGUAGE"}],
           "samples":["how do you say {phrase} in {language}","translate {phrase} into {language}"]},
          {"name":"QuizIntent","slots":[{"name":"language","type":"LANGUAGE"}],"samples":["quiz me","quiz me on {language}","let's practice {language}"]},
          {"name":"AnswerIntent","slots":[{"name":"answer","type":"AMAZON.SearchQuery"}],"samples":["is it {answer}","the answer is {answer}","it means {answer}"]},
          {"name":"SkipIntent","samples":["skip","i don't know","pass","next word","give me a different one"]}],
         "types":[{"name":"LANGUAGE","values":[{"name":{"value":"spanish"}},{"name":{"value":"french"}}]}]}}}
        """#))

    @Test(arguments: ["i have no idea", "beats me", "i'm not sure", "no clue"])
    func notKnowingInOtherWords(text: String) throws {
        #expect(Self.nlu.parse(Utterance(text)).first?.intent == "SkipIntent")
    }
}

/// A word saying which one of a series before a listed name is not the name: "the newest
/// planet money episode" plays planet money.
@Suite struct SeriesWordTests {
    static let nlu = SkillNLU(skillID: "podcast", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"pod player","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},
          {"name":"PlayPodcastIntent","slots":[{"name":"podcast","type":"PODCAST"}],"samples":["play {podcast}","put on {podcast}","i want to listen to {podcast}"]},
          {"name":"SubscribeIntent","slots":[{"name":"podcast","type":"PODCAST"}],"samples":["subscribe to {podcast}","follow {podcast}"]}],
         "types":[{"name":"PODCAST","values":[{"name":{"value":"planet money"}},{"name":{"value":"radiolab"}},{"name":{"value":"serial"}}]}]}}}
        """#))

    @Test(arguments: [("play the newest planet money episode", "planet money"), ("play the latest radiolab", "radiolab"), ("put on last serial", "serial")])
    func theSeriesWordIsNotTheName(text: String, podcast: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "PlayPodcastIntent")
        #expect(best.slots.first { $0.name == "podcast" }?.value == podcast)
    }

    /// "New" before a kind the type lists, with the thing it is a kind of after it, says which
    /// one ("i need a new sci fi book" was the genre "new sci fi"); said of the thing itself
    /// ("add new potatoes"), it is part of what was said.
    @Test func newBeforeAKindIsNoPartOfIt() throws {
        let books = try FamilyTests.shipped("ported", "readinglist")
        let book = try #require(books.parse(Utterance("i need a new sci fi book")).first)
        #expect(book.intent == "RecommendIntent" && book.slots.first { $0.name == "genre" }?.value == "sci fi", "\(book)")
        let groceries = SkillNLU(skillID: "groceries", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"grocery list","intents":[
              {"name":"AddIntent","slots":[{"name":"item","type":"ITEM"}],"samples":["add {item}","add {item} to the list","we need {item}"]}],
             "types":[{"name":"ITEM","values":[{"name":{"value":"potatoes"}},{"name":{"value":"milk"}},{"name":{"value":"eggs"}}]}]}}}
            """#))
        let potatoes = try #require(groceries.parse(Utterance("add new potatoes")).first)
        #expect(potatoes.slots.first { $0.name == "item" }?.value == "new potatoes", "\(potatoes)")
    }
}
