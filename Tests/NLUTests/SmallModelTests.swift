@testable import NLU
import SkillModel
import Testing

/// A small model in the style of Alexa's Pet Match sample: few samples, samples made of
/// nothing but slots ("{size} {pet}"), and a built-in type (AMAZON.Animal) extended with values
/// of its own. Few samples mean the samples' own boundaries are trusted, but not past what the
/// sentence says.
@Suite struct SmallModelTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"pet match","intents":[
          {"name":"PetMatchIntent","slots":[{"name":"pet","type":"AMAZON.Animal"},{"name":"size","type":"sizeType"},
             {"name":"energy","type":"energyType"},{"name":"article","type":"articleType"},{"name":"I_Want","type":"IWantType"}],
           "samples":["{I_Want} {article} {pet}","{size} {pet}","for a {pet}","{I_Want} {article} {size} {pet}","{energy} {pet}",
                      "{I_Want} {article} {energy} {pet}","find a pet","match me"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"sizeType","values":[{"name":{"value":"large","synonyms":["huge","big"]}},{"name":{"value":"small","synonyms":["little"]}}]},
                  {"name":"energyType","values":[{"name":{"value":"low","synonyms":["lazy"]}},{"name":{"value":"high","synonyms":["energetic"]}}]},
                  {"name":"articleType","values":[{"name":{"value":"a"}},{"name":{"value":"an"}}]},
                  {"name":"IWantType","values":[{"name":{"value":"I want"}},{"name":{"value":"I prefer"}}]},
                  {"name":"AMAZON.Animal","values":[{"id":"MYTH","name":{"value":"mythical creature","synonyms":["unicorn","dragon"]}}]}]}}}
        """#)
    static let nlu = SkillNLU(skillID: "pets", model: model)

    @Test(arguments: ["what time is it", "turn on the lights", "set a timer for ten minutes"])
    func aSampleOfOnlySlotsDoesNotTakeEverything(text: String) {
        // "{size} {pet}" matches any two or more words with unlisted values.
        #expect(Self.nlu.parse(Utterance(text)).first?.intent == .fallback)
    }

    @Test func anUnlistedValueDoesNotSwallowAnotherSlotsValue() throws {
        // "{size} {pet}" would read size "match" and pet "me with a large dog".
        let best = try #require(Self.nlu.parse(Utterance("match me with a large dog")).first)
        #expect(best.intent == "PetMatchIntent")
        #expect(best.slots.first { $0.name == "size" }?.value == "large")
    }

    @Test func anAnswerIsReadAsTheAskedSlotButNonsenseIsNot() throws {
        let asking = SkillNLU.Elicitation(intent: "PetMatchIntent", slot: "size")
        let answer = try #require(Self.nlu.parse(Utterance("the little one"), eliciting: asking).first)
        #expect(answer.slots.first { $0.name == "size" }?.resolution?.values.first?.name == "small")
        // An unlisted bare answer is still an answer; a sentence spread one word a slot is not.
        #expect(Self.nlu.parse(Utterance("purple"), eliciting: asking).first?.slots.first?.value == "purple")
        #expect(Self.nlu.parse(Utterance("what time is it"), eliciting: asking).first?.intent == .fallback)
    }

    /// "one" stands for the pet: it is no value of another slot.
    @Test(arguments: ["a small one", "i want a big one"])
    func theWordOneIsNoValue(text: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "PetMatchIntent")
        #expect(best.slots.contains { $0.name == "size" })
        #expect(!best.slots.contains { $0.value == "one" }, "\(best.slots)")
    }

    @Test func valuesAddedToABuiltInTypeResolve() throws {
        let best = try #require(Self.nlu.parse(Utterance("I want a unicorn")).first)
        #expect(best.score == 1)
        let pet = try #require(best.slots.first { $0.name == "pet" })
        #expect(pet.resolution?.status == .successMatch)
        #expect(pet.resolution?.values == [ResolvedValue(name: "mythical creature", id: "MYTH")])
        #expect(pet.resolution?.authority == "amzn1.er-authority.echo-sdk.pets.AMAZON.Animal")
    }

    @Test func theBuiltInTypesOwnValuesStillCountButDoNotResolve() throws {
        let best = try #require(Self.nlu.parse(Utterance("I want a puppy")).first)
        #expect(best.score == 1)
        let pet = try #require(best.slots.first { $0.name == "pet" })
        #expect(pet.value == "puppy")
        #expect(pet.resolution?.status == .successNoMatch)
    }
}

/// Alexa's first-skill sample ("Cake Walk"): built-in types only, samples that open with a
/// slot ("{month} {day}").
@Suite struct BuiltInTypesOnlyModelTests {
    static let nlu = SkillNLU(skillID: "cake", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"cake walk","intents":[
          {"name":"CaptureBirthdayIntent","slots":[{"name":"month","type":"AMAZON.Month"},{"name":"day","type":"AMAZON.Ordinal"},
             {"name":"year","type":"AMAZON.FOUR_DIGIT_NUMBER"}],
           "samples":["I was born in {month} {year}","I was born on {month} {day} {year}","I was born on {month} {day}","{month} {year}",
                      "{month} {day} {year}","{month} {day}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],"types":[]}}}
        """#))

    @Test(arguments: [
        ("I was born on november seventh nineteen eighty three", ["month": "november", "day": "7", "year": "1983"]),
        ("my birthday is march 3rd", ["month": "march", "day": "3"]),
        ("I was born in 1990", ["year": "1990"]),
        ("it is july fourth two thousand one", ["month": "july", "day": "4", "year": "2001"]),
    ])
    func aMonthIsOnlyAMonth(text: String, slots: [String: String]) throws {
        // "{month} {day}" once read month "my birthday is march": AMAZON.Month takes months only.
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "CaptureBirthdayIntent")
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) }) == slots)
    }
}

/// Alexa's High-Low game sample: one intent of four samples around a number.
@Suite struct NumberGameModelTests {
    static let nlu = SkillNLU(skillID: "highlow", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"high low game","intents":[
          {"name":"NumberGuessIntent","samples":["{number}","is it {number}","how about {number}","could be {number}"],
           "slots":[{"name":"number","type":"AMAZON.NUMBER"}]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.YesIntent","samples":[]},
          {"name":"AMAZON.NoIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}]}}}
        """#))

    @Test(arguments: [("I guess 13", "13"), ("let me try 99", "99"), ("maybe twenty seven", "27")])
    func aGuessInOtherWordsIsAGuess(text: String, number: String) throws {
        // No sample says "guess" or 13, but the game is about numbers.
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "NumberGuessIntent")
        #expect(best.slots.first?.value == number)
    }

    @Test(arguments: [("what are the rules", "AMAZON.HelpIntent"), ("I want to stop", "AMAZON.StopIntent"), ("yeah sure", "AMAZON.YesIntent"),
                      ("what is the weather like", "AMAZON.FallbackIntent"), ("play some jazz", "AMAZON.FallbackIntent")])
    func everydayPhrases(text: String, intent: String) {
        #expect(Self.nlu.parse(Utterance(text)).first?.intent.rawValue == intent)
    }
}

/// Alexa's Decision Tree sample: samples of slots alone ("{I_Am} {article} {personality}"), two
/// slots of one type, and long synonyms ("don't care about money").
@Suite struct SynonymPhraseModelTests {
    static let nlu = SkillNLU(skillID: "career", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"decision tree","intents":[
          {"name":"RecommendationIntent","slots":[{"name":"salaryImportance","type":"salaryImportanceType"},
             {"name":"personality","type":"personalityType"},{"name":"preferredSpecies","type":"preferredSpeciesType"},
             {"name":"I_Like","type":"iSubjectType"},{"name":"I_Want","type":"iSubjectType"},{"name":"article","type":"articleType"},
             {"name":"I_Am","type":"IAmType"}],
           "samples":["recommend a job","{I_Like} {preferredSpecies}","{I_Am} {article} {personality}","{I_Want} to be {salaryImportance}",
                      "to recommend a job","start my career"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"articleType","values":[{"name":{"value":"a"}},{"name":{"value":"an"}}]},
                  {"name":"IAmType","values":[{"name":{"value":"I am"}}]},
                  {"name":"iSubjectType","values":[{"id":"true","name":{"value":"positive","synonyms":["I like","I love","I want"]}},
                                                   {"id":"false","name":{"value":"negative","synonyms":["I don't like","I hate"]}}]},
                  {"name":"personalityType","values":[{"name":{"value":"extrovert","synonyms":["social butterfly"]}},{"name":{"value":"introvert"}}]},
                  {"name":"preferredSpeciesType","values":[{"name":{"value":"animals","synonyms":["dogs","cats"]}},{"name":{"value":"people","synonyms":["kids"]}}]},
                  {"name":"salaryImportanceType","values":[{"name":{"value":"unimportant","synonyms":["don't care about money","money is evil"]}},
                                                           {"name":{"value":"very","synonyms":["filthy rich"]}}]}]}}}
        """#))

    @Test func aSampleOfSlotsAloneDoesNotInventValues() throws {
        // "{I_Am} {article} {personality}" would read I_Am "recommend", personality "job for me".
        let best = try #require(Self.nlu.parse(Utterance("recommend a job for me")).first)
        #expect(best.intent == "RecommendationIntent")
        #expect(!best.slots.contains { $0.name == "I_Am" || $0.name == "personality" })
    }

    @Test func aSpanCutShortOfAListedValueGrowsToIt() throws {
        let best = try #require(Self.nlu.parse(Utterance("I don't care about money")).first)
        let salary = try #require(best.slots.first { $0.name == "salaryImportance" })
        #expect(salary.spoken == "don't care about money")
        #expect(salary.resolution?.values.first?.name == "unimportant")
    }

    @Test func listedValuesOfTwoSlotsOfOneType() throws {
        let best = try #require(Self.nlu.parse(Utterance("I hate dogs")).first)
        #expect(best.score == 1)
        #expect(best.slots.first { $0.name == "I_Like" }?.resolution?.values.first?.id == "false")
    }
}

/// A lists skill in the style of the second seed's List-o-Mat.
@Suite struct ListsModelTests {
    static let nlu = SkillNLU(skillID: "lists", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"list o mat","intents":[
          {"name":"ShowListIntent","slots":[{"name":"listName","type":"LIST_NAME"}],"samples":["show me the {listName} list","what's on the {listName} list"]},
          {"name":"AddItemsIntent","slots":[{"name":"items","type":"ITEM","multipleValues":{"enabled":true}},{"name":"listName","type":"LIST_NAME"}],
           "samples":["add {items} to the {listName} list","add {items}"]},
          {"name":"CheckItemIntent","slots":[{"name":"item","type":"ITEM"}],"samples":["check off {item}","cross off {item}"]},
          {"name":"AMAZON.HelpIntent","samples":[]}],
         "types":[{"name":"LIST_NAME","values":[{"id":"GROCERY","name":{"value":"grocery store","synonyms":["grocery"]}}]},
                  {"name":"ITEM","values":[{"name":{"value":"rice"}},{"name":{"value":"onions"}},{"name":{"value":"olives"}}]}]}}}
        """#))

    @Test(arguments: ["what is on the grocery list", "what's on the grocery list"])
    func aContractionMatchesItsWordsSpelledOut(text: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "ShowListIntent")
        #expect(best.score == 1)
    }

    /// "when's", "why's", "they've" and the like are matched as their words too.
    @Test(arguments: ["when's the next bears game", "when is the next bears game"])
    func aWhenContractionMatchesItsWords(text: String) throws {
        let games = SkillNLU(skillID: "games", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"score board","intents":[
              {"name":"NextGameIntent","slots":[{"name":"team","type":"TEAM"}],"samples":["when is the next {team} game","who do the {team} play next"]},
              {"name":"ScoreIntent","slots":[{"name":"team","type":"TEAM"}],"samples":["what was the score of the {team} game","who won the {team} game"]}],
             "types":[{"name":"TEAM","values":[{"name":{"value":"bears"}},{"name":{"value":"cubs"}}]}]}}}
            """#))
        let best = try #require(games.parse(Utterance(text)).first)
        #expect(best.intent == "NextGameIntent")
        #expect(best.score == 1)
    }

    @Test func aListedValueSaidWithItsArticleIsThatValue() throws {
        let best = try #require(Self.nlu.parse(Utterance("check off the rice")).first)
        #expect(best.score == 1)
        let item = try #require(best.slots.first)
        #expect(item.spoken == "rice")
        #expect(item.resolution?.status == .successMatch)
        // "add {items} to the {listName} list" does not take "my grocery list" whole.
        let add = try #require(Self.nlu.parse(Utterance("add rice to my grocery list")).first)
        #expect(add.slots.first { $0.name == "listName" }?.resolution?.values.first?.id == "GROCERY")
        let list = try #require(Self.nlu.parse(Utterance("add the rice and some olives")).first?.slots.first)
        #expect(list.list.map(\.spoken) == ["rice", "olives"])
    }

    @Test func theSeedsListOfItems() throws {
        let best = try #require(Self.nlu.parse(Utterance("add rice, onions and olives to the grocery list")).first)
        #expect(best.intent == "AddItemsIntent")
        #expect(best.slots.first { $0.name == "items" }?.list.map(\.spoken) == ["rice", "onions", "olives"])
        #expect(best.slots.first { $0.name == "listName" }?.resolution?.values.first?.id == "GROCERY")
    }
}

/// A booking skill of built-in types: numbers, dates, times.
@Suite struct BookingModelTests {
    static let nlu = SkillNLU(skillID: "booking", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"table booker","intents":[
          {"name":"BookTableIntent","slots":[{"name":"people","type":"AMAZON.NUMBER"},{"name":"date","type":"AMAZON.DATE"},{"name":"time","type":"AMAZON.TIME"}],
           "samples":["book a table for {people}","book a table for {people} at {time}","book a table for {people} on {date} at {time}",
                      "I need a table for {people} people {date}","table for {people}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}]}}}
        """#))
    static let today = CivilDate(year: 2026, month: 11, day: 22)

    @Test(arguments: [("seven", "7"), ("I think 7", "7"), ("make it five please", "5"), ("um, eight", "8"), ("hmm maybe six", "6")])
    func hedgedAnswersToAQuestion(text: String, people: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), eliciting: .init(intent: "BookTableIntent", slot: "people"), today: Self.today).first)
        #expect(best.intent == "BookTableIntent")
        #expect(best.slots.first { $0.name == "people" }?.value == people)
    }

    @Test(arguments: [("I need a table for 2 people on the first of january", "the first of january", "2027-01-01"),
                      ("I need a table for 2 people this evening", "this evening", "2026-11-22")])
    func datesAsPeopleSayThem(text: String, spoken: String, value: String) throws {
        let date = try #require(Self.nlu.parse(Utterance(text), today: Self.today).first?.slots.first { $0.name == "date" })
        #expect(date.spoken == spoken)
        #expect(date.value == value)
    }

    @Test func aSpanHoldingTwoValuesIsSplitByTheirTypes() throws {
        // The tagger reads "four tomorrow" as the number of people, which no number reads.
        let best = try #require(Self.nlu.parse(Utterance("book a table for four tomorrow at 7"), today: Self.today).first)
        #expect(best.intent == "BookTableIntent")
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) }) == ["people": "4", "date": "2026-11-23", "time": "07:00"])
        // A statistical reading stays below an exact match of a sample.
        #expect(best.score < 1)
    }
}

/// A search skill: carrier phrases around AMAZON.SearchQuery.
@Suite struct SearchQueryModelTests {
    static let nlu = SkillNLU(skillID: "wiki", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"wiki search","intents":[
          {"name":"SearchIntent","slots":[{"name":"query","type":"AMAZON.SearchQuery"}],
           "samples":["search for {query}","look up {query}","tell me about {query}","what is {query}","who is {query}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}]}}}
        """#))

    @Test(arguments: [("who was napoleon", "napoleon"), ("what are rainbows", "rainbows"), ("who were the beatles", "the beatles"),
                      ("what's a quasar", "a quasar")])
    func aCarrierPhraseTakesAnyQuery(text: String, query: String) throws {
        // Words the model never says do not make "who was …" out of domain: the slot takes anything.
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "SearchIntent")
        #expect(best.slots.first?.value == query)
    }

    @Test(arguments: ["set a timer", "play music", "turn off the lights"])
    func otherRequestsStillFallBack(text: String) {
        #expect(Self.nlu.parse(Utterance(text)).first?.intent == .fallback)
    }
}

/// Names and titles the types do not list, said with the words people put around them.
@Suite struct TitlesModelTests {
    static let nlu = SkillNLU(skillID: "music", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"music box","intents":[
          {"name":"AddSongIntent","slots":[{"name":"song","type":"SongTitle"},{"name":"playlist","type":"PlaylistName"}],
           "samples":["add {song} to {playlist}","add {song} to my {playlist} playlist","put {song} on {playlist}",
                      "put {song} on the {playlist} playlist","add the song {song} to {playlist}","include {song} in {playlist}"]},
          {"name":"RateBookIntent","slots":[{"name":"title","type":"BookTitle"},{"name":"rating","type":"AMAZON.NUMBER"},{"name":"kind","type":"BookKind"}],
           "samples":["rate {title} {rating} stars","give {title} {rating} points","i give {title} {rating} stars","give the {title} {rating} points",
                      "{title} deserves {rating} stars","rate {title} a {rating}","my rating for {title} is {rating}","rate this {kind} {rating} stars"]},
          {"name":"PlayArtistIntent","slots":[{"name":"artist","type":"Artist"}],
           "samples":["play songs by {artist}","play {artist} music","play some {artist}","i want to hear {artist}","play the latest {artist} album"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],
         "types":[{"name":"Artist","values":[{"name":{"value":"adele"}},{"name":{"value":"queen"}},{"name":{"value":"miles davis"}}]},
                  {"name":"SongTitle","values":[{"name":{"value":"yellow submarine"}},{"name":{"value":"hey jude"}},{"name":{"value":"imagine"}}]},
                  {"name":"PlaylistName","values":[{"name":{"value":"road trip"}},{"name":{"value":"workout"}},{"name":{"value":"party mix"}}]},
                  {"name":"BookTitle","values":[{"name":{"value":"moby dick"}},{"name":{"value":"war and peace"}},{"name":{"value":"dune"}}]},
                  {"name":"BookKind","values":[{"name":{"value":"book"}},{"name":{"value":"novel"}},{"name":{"value":"saga"}}]}]}}}
        """#))

    @Test(arguments: [
        // The name is what follows a naming word.
        ("add Paint It Black to my playlist called Sunday Morning", "playlist", "Sunday Morning"),
        ("put Stairway to Heaven on my list titled Classic Rock", "playlist", "Classic Rock"),
        // An article before a number is no part of it: "a four" is 4, not 5.
        ("rate To Live and Die in L.A. a four", "rating", "4"),
        // A capitalised edge word belongs to the title; a title longer than any listed one is whole.
        ("rate To Live and Die in L.A. a four", "title", "To Live and Die in L.A."),
        ("rate the guernsey literary and potato peel pie society 5 stars", "title", "the guernsey literary and potato peel pie society"),
        // A name ends before its possessive.
        ("play Björk's music", "artist", "Björk"),
        ("play the latest Nina Simone’s album", "artist", "Nina Simone"),
        // A name opening with another slot's listed value: that slot's value, then the name.
        ("give the saga Copper Justice 4 points", "kind", "saga"),
        ("give the saga Copper Justice 4 points", "title", "Copper Justice"),
    ])
    func aNameWithoutTheWordsAroundIt(text: String, slot: String, value: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name.rawValue == slot }?.value == value)
    }
}

/// An order skill: listed values said as people say them.
@Suite struct CoffeeModelTests {
    static let nlu = SkillNLU(skillID: "coffee", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"coffee shop","intents":[
          {"name":"OrderIntent","slots":[{"name":"drink","type":"DrinkType"},{"name":"size","type":"SizeType"},{"name":"quantity","type":"AMAZON.NUMBER"}],
           "samples":["order a {drink}","i want a {size} {drink}","get me {quantity} {drink}","can i have a {size} {drink} please",
                      "order {quantity} {size} {drink}","i'd like a {drink}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"DrinkType","values":[{"id":"LATTE","name":{"value":"latte"}},{"id":"ESP","name":{"value":"espresso","synonyms":["shot of espresso"]}},
                                                {"id":"FLATW","name":{"value":"flat white"}},{"id":"TEA","name":{"value":"cup of tea"}}]},
                  {"name":"SizeType","values":[{"id":"L","name":{"value":"large","synonyms":["venti"]}},{"id":"S","name":{"value":"small"}}]}]}}}
        """#))

    @Test(arguments: [("get me two lattes", "LATTE"), ("order 3 shots of espresso", "ESP"), ("order two large flat whites", "FLATW"),
                      ("get me 2 cups of tea", "TEA")])
    func aValueSaidInThePluralResolves(text: String, id: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "OrderIntent")
        let drink = try #require(best.slots.first { $0.name == "drink" })
        #expect(drink.resolution?.status == .successMatch)
        #expect(drink.resolution?.values.first?.id == id)
    }

    /// Answers to "which size?", "which drink?", "how many?" as people give them.
    @Test(arguments: [
        ("size", "purple", "size", "purple"), ("size", "a latte", "drink", "latte"), ("size", "two", "quantity", "2"),
        ("drink", "I'd like a flat white", "drink", "flat white"), ("drink", "large", "size", "large"),
        ("quantity", "three of them", "quantity", "3"), ("quantity", "just one", "quantity", "1"),
    ])
    func answersFillTheSlotThatTakesThem(asked: String, text: String, slot: String, value: String) throws {
        let answer = try #require(Self.nlu.parse(Utterance(text), eliciting: .init(intent: "OrderIntent", slot: SlotName(asked))).first)
        #expect(answer.slots.first { $0.name.rawValue == slot }?.value == value)
        #expect(answer.slots.first { $0.name.rawValue == asked && asked != slot } == nil)
    }

    @Test func aQuestionIsNoAnswer() {
        #expect(Self.nlu.parse(Utterance("what time is it"), eliciting: .init(intent: "OrderIntent", slot: "size")).first?.intent == .fallback)
    }

    @Test func aSampleDoesNotTakeACountIntoAName() {
        // "i'd like a {drink}" would read the whole rest as one unlisted drink; the intent counts
        // drinks, so "four" is no part of a drink's name.
        let best = Self.nlu.parse(Utterance("I would like a table at a french bistro for four")).first
        #expect(best?.slots.first { $0.name == "drink" }?.spoken != "table at a french bistro for four")
        #expect((best?.score ?? 0) < 0.9)
    }

    @Test(arguments: [("lattes", "latte"), ("flat whites", "flat white"), ("shots of espresso", "shot of espresso"), ("berries", "berry"),
                      ("boxes", "box"), ("days", "day")])
    func plurals(plural: String, value: String) {
        #expect(Inflections.plurals(of: value).contains(plural))
    }

    @Test(arguments: [("groceries", "grocery"), ("movies", "movie"), ("restaurants", "restaurant"), ("dishes", "dish"), ("spring rolls", "spring roll")])
    func singulars(plural: String, value: String) {
        #expect(Inflections.singulars(of: plural).contains(value))
    }

    @Test(arguments: ["glass", "bus", "tennis", "gas"])
    func wordsThatOnlyLookPluralHaveNoSingular(word: String) {
        #expect(Inflections.singulars(of: word).isEmpty)
    }

    @Test(arguments: [("66", ["sixty", "six"]), ("5th", ["fifth"]), ("21st", ["twenty", "first"]), ("7", ["seven"]), ("100th", ["hundredth"])])
    func figuresSpelledOut(figures: String, words: [String]) {
        #expect(NumberWords.spelledOut(figures) == words)
    }

    @Test(arguments: [("meditate", "meditated"), ("jogging", "jogged"), ("run", "ran"), ("running", "ran"), ("swimming", "swam"), ("riding", "rode"),
                      ("write", "wrote"), ("sleep", "slept")])
    func pastForms(value: String, past: String) {
        #expect(Inflections.verbForms(of: value).contains(past))
    }
}

/// A weather skill: a place the model does not list, with a date after it.
@Suite struct WeatherModelTests {
    static let nlu = SkillNLU(skillID: "weather", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"weather man","intents":[
          {"name":"ForecastIntent","slots":[{"name":"city","type":"CityName"},{"name":"day","type":"AMAZON.DATE"}],
           "samples":["what is the weather in {city}","weather for {city} {day}","will it rain in {city}","how hot is it in {city} {day}",
                      "forecast for {city}","what is the weather {day}","is it going to be sunny {day} in {city}"]},
          {"name":"AMAZON.HelpIntent","samples":[]}],
         "types":[{"name":"CityName","values":[{"name":{"value":"london"}},{"name":{"value":"berlin"}},{"name":{"value":"tokyo"}}]}]}}}
        """#))
    static let today = CivilDate(year: 2026, month: 11, day: 22)

    @Test(arguments: [("what is the weather in Paris tomorrow", "Paris", "2026-11-23"), ("will it rain in Springfield next friday", "Springfield", "2026-11-27"),
                      ("forecast for The Day After Tomorrow", "The Day After Tomorrow", nil)])
    func aDateAfterAnUnlistedPlaceIsTheDate(text: String, city: String, day: String?) throws {
        let best = try #require(Self.nlu.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.first { $0.name == "city" }?.value == city)
        #expect(best.slots.first { $0.name == "day" }?.value == day)
    }
}

/// A recipe skill in the style of Alexa's Sauce Boss sample, whose dialog validates the item
/// with hasEntityResolutionMatch: values said with a word more, or spelled, still resolve.
@Suite struct RecipeModelTests {
    static let nlu = SkillNLU(skillID: "sauces", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"sauce boss","intents":[
          {"name":"RecipeIntent","slots":[{"name":"Item","type":"LIST_OF_ITEMS","samples":["I want {Item} sauce","how about {Item}","{Item}"]}],
           "samples":["how do I make {Item}","how do I make a {Item}","recipe for {Item}","how to make {Item} sauce","what's in {Item}"]},
          {"name":"AMAZON.HelpIntent","samples":[]}],
         "types":[{"name":"LIST_OF_ITEMS","values":[{"name":{"value":"ranch"}},{"name":{"value":"thousand island"}},{"name":{"value":"cranberry"}},
                  {"name":{"value":"pesto"}},{"name":{"value":"barbecue","synonyms":["b. b. q."]}}]}]}}}
        """#))

    @Test(arguments: [("how do I make ranch dressing", "ranch dressing", "ranch"), ("how do I make thousand island dressing", "thousand island", "thousand island"),
                      ("recipe for bbq", "bbq", "barbecue"), ("how do I make BBQ", "BBQ", "barbecue")])
    func aValueWithAWordMoreOrSpelledResolves(text: String, spoken: String, resolved: String) throws {
        let item = try #require(Self.nlu.parse(Utterance(text)).first?.slots.first { $0.name == "Item" })
        #expect(item.spoken == spoken)
        #expect(item.resolution?.status == .successMatch)
        #expect(item.resolution?.values.first?.name == resolved)
    }

    @Test func anAnswerHoldingTwoValuesResolvesToNeither() throws {
        let asking = SkillNLU.Elicitation(intent: "RecipeIntent", slot: "Item")
        let cranberries = try #require(Self.nlu.parse(Utterance("something with cranberries"), eliciting: asking).first?.slots.first)
        #expect(cranberries.resolution?.values.first?.name == "cranberry")
        let two = try #require(Self.nlu.parse(Utterance("pesto or ranch"), eliciting: asking).first?.slots.first)
        #expect(two.resolution?.status == .successNoMatch)
    }
}

/// A pizza order as a new user writes it: a carrier word is no slot value, and another slot's
/// value said where a sample has this slot leaves this slot empty.
@Suite struct CarrierWordTests {
    static let nlu = SkillNLU(skillID: "test.pizza", model: try! InteractionModel(parsing: """
        {"interactionModel":{"languageModel":{"invocationName":"pizza corner","intents":[
          {"name":"OrderPizzaIntent","slots":[{"name":"size","type":"PIZZA_SIZE"},{"name":"crust","type":"CRUST"},{"name":"toppings","type":"TOPPING","multipleValues":{"enabled":true}}],
           "samples":["order a pizza","order a {size} pizza","i'd like a {size} pizza with {toppings}","get me a {crust} crust pizza","order a {size} {crust} crust pizza"]},
          {"name":"TrackOrderIntent","samples":["where is my pizza","track my order"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.HelpIntent","samples":[]}],
         "types":[{"name":"PIZZA_SIZE","values":[{"name":{"value":"small"}},{"name":{"value":"medium"}},{"name":{"value":"large"}}]},
                  {"name":"CRUST","values":[{"name":{"value":"thin"}},{"name":{"value":"thick"}},{"name":{"value":"stuffed"}}]},
                  {"name":"TOPPING","values":[{"name":{"value":"pepperoni"}},{"name":{"value":"mushrooms"}},{"name":{"value":"olives"}}]}]}}}
        """))

    @Test(arguments: [
        ("order a thick crust pizza", ["crust": "thick"]),
        ("i want to order pizza", [:]),
        ("i would like a pepperoni pizza", ["toppings": "pepperoni"]),
    ])
    func slotsHoldValuesNotCarrierWords(text: String, slots: [String: String]) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "OrderPizzaIntent")
        #expect(Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) }) == slots)
    }
}

/// A listed value said with when ("tonight"), where the intent has no slot for when: the value
/// is what the list holds, not the time with it.
@Suite struct ValueWithATimeTests {
    static let nlu = SkillNLU(skillID: "test.recipes", model: try! InteractionModel(parsing: """
        {"interactionModel":{"languageModel":{"invocationName":"recipe finder","intents":[
          {"name":"FindRecipeIntent","slots":[{"name":"dish","type":"DISH"}],"samples":["how do i make {dish}","find a recipe for {dish}","i want to cook {dish}"]},
          {"name":"NextStepIntent","samples":["next step","what's next"]},
          {"name":"AMAZON.StopIntent","samples":[]}],
         "types":[{"name":"DISH","values":[{"name":{"value":"chicken curry"}},{"name":{"value":"lasagna"}},{"name":{"value":"the day after tomorrow soup"}}]}]}}}
        """))

    @Test func aListedValueTheTaggerMissedFillsItsSlot() throws {
        let timer = SkillNLU(skillID: "test.timer", model: try InteractionModel(parsing: """
            {"interactionModel":{"languageModel":{"invocationName":"kitchen timer","intents":[
              {"name":"SetTimerIntent","slots":[{"name":"duration","type":"AMAZON.DURATION"},{"name":"name","type":"TIMER_NAME"}],"samples":["set a timer for {duration}","set a {name} timer for {duration}"]},
              {"name":"TimeLeftIntent","slots":[{"name":"name","type":"TIMER_NAME"}],"samples":["how much time is left","how long is left on the {name} timer","check my timer"]}],
             "types":[{"name":"TIMER_NAME","values":[{"name":{"value":"pasta"}},{"name":{"value":"rice"}},{"name":{"value":"laundry"}}]}]}}}
            """))
        let best = try #require(timer.parse(Utterance("how long until the rice is done")).first)
        #expect(best.intent == "TimeLeftIntent")
        #expect(best.slots.map(\.value) == ["rice"])
    }

    @Test(arguments: [
        ("i want to cook chicken curry tonight", "chicken curry"), ("find a recipe for lasagna for tomorrow", "lasagna"),
        ("how do i make the day after tomorrow soup", "the day after tomorrow soup"),
    ])
    func theValueIsWhatTheListHolds(text: String, dish: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name == "dish" }?.value == dish)
    }
}

/// A value said as the object of a relative clause: "a recipe that uses spinach".
@Suite struct RelativeClauseValueTests {
    static let nlu = SkillNLU(skillID: "kitchen", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"kitchen helper","intents":[
          {"name":"FindRecipeIntent","slots":[{"name":"dish","type":"Dish"},{"name":"ingredient","type":"AMAZON.Food"}],
           "samples":["how do i make {dish}","find a recipe for {dish}","give me a recipe with {ingredient}","what can i cook with {ingredient}"]},
          {"name":"FindStationIntent","slots":[{"name":"genre","type":"Genre"}],
           "samples":["find a {genre} station","play some {genre}","put on {genre} radio"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],
         "types":[{"name":"Dish","values":[{"name":{"value":"lasagna"}},{"name":{"value":"banana bread"}},{"name":{"value":"chili"}}]},
                  {"name":"Genre","values":[{"name":{"value":"jazz"}},{"name":{"value":"country"}},{"name":{"value":"classical"}}]}]}}}
        """#))

    @Test(arguments: [
        ("give me a recipe that uses spinach", "ingredient", "spinach"),
        ("give me a recipe that has spinach", "ingredient", "spinach"),
        ("a recipe which contains mushrooms", "ingredient", "mushrooms"),
        ("find a station that plays jazz", "genre", "jazz"),
    ])
    func theValueIsTheClausesObject(text: String, slot: String, value: String) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.slots.first { $0.name.rawValue == slot }?.value == value, "\(best.slots)")
    }
}
