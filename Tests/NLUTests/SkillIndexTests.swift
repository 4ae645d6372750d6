import NLU
import SkillModel
import Testing

@Suite struct SkillIndexTests {
    static func skill(_ id: String, _ intents: [(String, [String])]) -> SkillNLU {
        let model = InteractionModel(invocationName: id, intents: intents.map { IntentDefinition(name: IntentName($0.0), samples: $0.1) } + [IntentDefinition(name: "AMAZON.StopIntent")])
        return SkillNLU(skillID: SkillID("com.example.\(id)"), model: model)
    }

    static let weather = skill("weather", [("GetWeather", ["what is the weather", "will it rain tomorrow", "weather forecast", "is it sunny"])])
    static let coins = skill("coins", [("FlipCoin", ["flip a coin", "toss a coin", "heads or tails"])])
    static let lists = skill("lists", [("ShowList", ["show my shopping list", "what is on my list", "read my list"])])

    @Test func asksOnlyTheSkillsThatShareMeaningfulWords() {
        let index = SkillIndex([Self.weather, Self.coins, Self.lists])
        #expect(index.shortlist(Utterance("please toss a coin for me"), limit: 3) == ["com.example.coins"])
        #expect(index.shortlist(Utterance("is it going to rain"), limit: 3) == ["com.example.weather"])
        #expect(index.shortlist(Utterance("the of and"), limit: 3).isEmpty)
    }

    @Test func parsesAcrossSkillsLeavingOutBuiltIns() throws {
        let index = SkillIndex([Self.weather, Self.coins, Self.lists])
        let best = try #require(index.parse(Utterance("flip a coin")).first)
        #expect(best.skillID == "com.example.coins")
        #expect(best.intent == "FlipCoin")
        #expect(index.parse(Utterance("stop")).isEmpty)
    }

    @Test func listedValuesCountAsEvidenceOfTheSkill() throws {
        let groceries = SkillNLU(skillID: "com.example.groceries", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"groceries","intents":[
              {"name":"AddItem","slots":[{"name":"items","type":"ITEM","multipleValues":{"enabled":true}}],"samples":["add {items}","put {items} on the list"]}],
             "types":[{"name":"ITEM","values":[{"name":{"value":"rice"}},{"name":{"value":"milk"}}]}]}}}
            """#))
        let best = try #require(SkillIndex([Self.lists, groceries]).parse(Utterance("add rice and milk")).first)
        #expect(best.skillID == "com.example.groceries")
        #expect(best.listedValues == 2)
    }

    @Test func wordsASkillNeverSaysCountAgainstItsReading() throws {
        // The coffee skill is about as sure of its own reading (a drink "table"), but it knows
        // none of "table", "indian", "place" or "tonight".
        let coffee = SkillNLU(skillID: "com.example.coffee", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"coffee shop","intents":[
              {"name":"OrderIntent","slots":[{"name":"drink","type":"DrinkType"},{"name":"size","type":"SizeType"},{"name":"quantity","type":"AMAZON.NUMBER"},{"name":"pickup","type":"AMAZON.TIME"}],
               "samples":["order a {drink}","i want a {size} {drink}","get me {quantity} {drink}","can i have a {size} {drink} please","order {quantity} {size} {drink}",
                          "i'd like a {drink}","a {size} {drink} for pickup at {pickup}","order a {drink} for {pickup}"]}],
             "types":[{"name":"DrinkType","values":[{"name":{"value":"latte"}},{"name":{"value":"cappuccino"}},{"name":{"value":"americano"}},{"name":{"value":"espresso"}},
                                                    {"name":{"value":"mocha"}},{"name":{"value":"flat white"}}]},
                      {"name":"SizeType","values":[{"name":{"value":"small"}},{"name":{"value":"medium"}},{"name":{"value":"large"}}]}]}}}
            """#))
        let tables = SkillNLU(skillID: "com.example.tables", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"table finder","intents":[
              {"name":"BookTableIntent","slots":[{"name":"people","type":"AMAZON.NUMBER"},{"name":"cuisine","type":"Cuisine"},{"name":"date","type":"AMAZON.DATE"}],
               "samples":["book a table for {people}","reserve a table for {people} people {date}","find me a {cuisine} restaurant",
                          "i need a table at a {cuisine} place for {people}","get a reservation {date}"]}],
             "types":[{"name":"Cuisine","values":[{"name":{"value":"thai"}},{"name":{"value":"mexican"}},{"name":{"value":"sushi"}}]}]}}}
            """#))
        let index = SkillIndex([coffee, tables])
        let best = try #require(index.parse(Utterance("we want a table for six at an indian place tonight")).first)
        #expect(best.skillID == "com.example.tables")
        #expect(index.parse(Utterance("can i have a large latte please")).first?.skillID == "com.example.coffee")
    }

    /// A word no loaded skill says is no skill's, however sure the routing model is of the
    /// skill whose bare "{city}" sample taught it that one word is a city.
    @Test func aSentenceOfWordsNoSkillSaysOpensNone() throws {
        let guide = SkillNLU(skillID: "com.example.guide", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"city guide","intents":[
              {"name":"CityInfoIntent","slots":[{"name":"city","type":"AMAZON.US_CITY"}],"samples":["tell me about {city}","what's {city} like","{city}"]},
              {"name":"AMAZON.FallbackIntent","samples":[]}]}}}
            """#))
        let index = SkillIndex([guide, Self.weather, Self.coins])
        #expect(index.parse(Utterance("capricorn")).isEmpty)
        #expect(index.parse(Utterance("seattle")).first?.intent == "CityInfoIntent")
    }

    @Test func replacingOrRemovingOneSkillLeavesTheOthers() {
        var index = SkillIndex([Self.weather, Self.coins])
        #expect(index.parse(Utterance("toss a coin")).first?.skillID == "com.example.coins")
        index.insert(Self.skill("coins", [("RollDie", ["roll a die", "roll the dice"])]))
        #expect(index.count == 2)
        #expect(index.parse(Utterance("roll the dice")).first?.intent == "RollDie")
        #expect(index.shortlist(Utterance("toss a coin"), limit: 3).isEmpty)
        index.remove("com.example.coins")
        #expect(index.parse(Utterance("roll the dice")).isEmpty)
        #expect(index.parse(Utterance("what is the weather")).first?.skillID == "com.example.weather")
    }
}

/// A sentence that says a skill's name, without "open" or "ask", reaches that skill.
@Suite struct NamedSkillTests {
    @Test func aSentenceSayingASkillsNameReachesIt() throws {
        let quiz = SkillNLU(skillID: "com.example.quiz", model: InteractionModel(invocationName: "capital quiz", intents: [
            IntentDefinition(name: "StartQuiz", samples: ["start the quiz", "let's play", "new game", "quiz me"]),
            IntentDefinition(name: "Score", samples: ["what's my score", "how am i doing"]),
        ]))
        let index = SkillIndex([quiz, SkillIndexTests.weather, SkillIndexTests.coins, SkillIndexTests.lists])
        let best = try #require(index.parse(Utterance("i want to play the capitals game")).first)
        #expect(best.skillID == "com.example.quiz")
        #expect(index.parse(Utterance("call my mom about dinner")).isEmpty, "a name nobody said opens nothing")
    }
}

@Suite struct ExplanationTests {
    @Test func explainsEverySkillWhenNothingTakesTheSentence() throws {
        let index = SkillIndex([SkillIndexTests.weather, SkillIndexTests.coins, SkillIndexTests.lists])
        let utterance = Utterance("coin operated laundry near me")
        #expect(index.parse(utterance).isEmpty)
        let explanations = index.explain(utterance)
        // Three skills: the routing model has each asked, so each says why it passed.
        #expect(Set(explanations.map(\.skillID)) == ["com.example.coins", "com.example.lists", "com.example.weather"])
        #expect(explanations.allSatisfy { $0.verdict != .notAsked && $0.verdict != .passedOver })
        let coins = try #require(explanations.first { $0.skillID == "com.example.coins" })
        #expect(coins.verdict != .notAsked)
        if case .understood = coins.verdict { Issue.record("a sentence nothing took cannot be understood: \(coins)") }
        #expect(coins.closestSample?.intent == "FlipCoin")
        #expect(coins.closestSample?.sample == "flip a coin")
        #expect(!coins.considered.isEmpty)
        #expect(coins.description.contains("closest sample \"flip a coin\" (FlipCoin)"))
    }

    /// Whatever sends a sentence nowhere, the explanation names it: no skill says it understood
    /// a sentence nothing took, though its reading alone was sure enough ("heads up": the coin
    /// skill leans to FlipCoin, the routing model across skills finds it unlikely).
    @Test(arguments: ["heads up", "toss it over here", "coin operated laundry near me"])
    func noExplanationUnderstandsASentenceNothingTook(text: String) {
        let index = SkillIndex([SkillIndexTests.weather, SkillIndexTests.coins, SkillIndexTests.lists])
        let utterance = Utterance(text)
        #expect(index.parse(utterance).isEmpty)
        for explanation in index.explain(utterance) {
            if case .understood = explanation.verdict { Issue.record("\(text): \(explanation)") }
        }
    }

    @Test func aReadingTheRoutingModelFindsUnlikelyIsNamedSo() throws {
        let index = SkillIndex([SkillIndexTests.weather, SkillIndexTests.coins, SkillIndexTests.lists])
        let coins = try #require(index.explain(Utterance("heads up")).first { $0.skillID == "com.example.coins" })
        guard case .weighedUnder(let intent, let score, let routed, let rank, let floor) = coins.verdict else {
            Issue.record("expected the routed floor, got \(coins)")
            return
        }
        #expect(intent == "FlipCoin")
        #expect(score >= SkillIndex.floor && rank < floor && routed < score)
        #expect(coins.description.contains("the routing model across skills gives it"))
    }

    @Test func namesTheLimitAnOutOfDomainSentenceCrossed() {
        let explanation = SkillIndexTests.lists.explain(Utterance("purple monkey dishwasher over there"))
        switch explanation.verdict {
        case .noise, .unsure, .foreignWords: break
        default: Issue.record("expected an out-of-domain verdict, got \(explanation)")
        }
        #expect(explanation.description.hasPrefix("out of domain: "))
        #expect(explanation.considered.count <= 3)
    }

    @Test func aSentenceTheSkillUnderstandsSaysSo() {
        let explanation = SkillIndexTests.coins.explain(Utterance("flip a coin"))
        #expect(explanation.verdict == .understood("FlipCoin", score: 1))
        #expect(SkillIndexTests.coins.explain(Utterance("stop")).verdict == .builtIn("AMAZON.StopIntent"))
    }

    @Test func skillsPassedOverAreNamedSo() {
        let index = SkillIndex((0..<8).map { SkillIndexTests.skill("lists\($0)", [("ShowList", ["show my shopping list"])]) })
        let explanations = index.explain(Utterance("show my shopping list"))
        // At most three by the routing model and two by shared words are asked.
        #expect(explanations.count == 8)
        #expect(explanations.filter { $0.verdict == .passedOver }.count >= 3)
        #expect(!explanations.contains { $0.verdict == .notAsked })
    }
}

@Suite struct PolitenessTests {
    @Test func pleaseIsNotPartOfAnUnlistedValue() throws {
        let lists = SkillNLU(skillID: "com.example.lists", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"my lists","intents":[
              {"name":"AddItemsIntent","slots":[{"name":"items","type":"ITEM","multipleValues":{"enabled":true}},{"name":"listName","type":"LIST"}],
               "samples":["add {items}","add {items} to {listName}","add {items} to the {listName} list","put {items} on my {listName} list","i need {items}"]},
              {"name":"ShowListIntent","slots":[{"name":"listName","type":"LIST"}],"samples":["show {listName}","show me the {listName} list","what's on my {listName} list"]}],
             "types":[{"name":"ITEM","values":[{"name":{"value":"rice"}},{"name":{"value":"onions"}}]},{"name":"LIST","values":[{"name":{"value":"grocery"}}]}]}}}
            """#))
        let best = try #require(lists.parse(Utterance("add milk please")).first)
        #expect(best.intent == "AddItemsIntent")
        #expect(best.slots.map(\.spoken) == ["milk"])
        // An unlisted value of words, courteously asked, is the value as said, not its listed
        // word ("peanut" alone is no item, but the tagger learnt "rice" and "onions" one word long).
        for sentence in ["please add peanut butter", "can you add peanut butter", "add peanut butter please"] {
            let asked = try #require(lists.parse(Utterance(sentence)).first)
            #expect(asked.slots.map(\.spoken) == ["peanut butter"], "\(sentence)")
        }
    }
}

@Suite struct AnswerRunTests {
    static let game = SkillNLU(skillID: "com.example.game", model: InteractionModel(invocationName: "game", intents: [
        IntentDefinition(name: "Solve", slots: ["target", "n1", "n2", "n3", "n4"].map { SlotDefinition(name: SlotName($0), type: "AMAZON.NUMBER") }, samples: ["solve for {target}"]),
    ]))

    @Test func severalValuesFillTheAskedSlotAndTheNextOnes() throws {
        let run = try #require(Self.game.run(Utterance("50, 75 and one hundred"), intent: "Solve", slots: ["n2", "n3", "n4"]))
        #expect(run.map(\.name) == ["n2", "n3", "n4"])
        #expect(run.map(\.value) == ["50", "75", "100"])
    }

    @Test func aRunIsOnlyValuesAndNoMoreThanTheSlots() {
        #expect(Self.game.run(Utterance("50"), intent: "Solve", slots: ["n2", "n3"]) == nil, "one value is a plain answer")
        #expect(Self.game.run(Utterance("1 2 3"), intent: "Solve", slots: ["n3", "n4"]) == nil, "more values than slots")
        #expect(Self.game.run(Utterance("50 and a banana"), intent: "Solve", slots: ["n2", "n3"]) == nil)
    }
}

@Suite struct ElicitationAnswerTests {
    static let lists = SkillNLU(skillID: "com.example.lists", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"my lists","intents":[
          {"name":"ShowListIntent","slots":[{"name":"listName","type":"LIST","samples":["{listName}","the {listName} list"]}],
           "samples":["show me the {listName} list","what's on the {listName} list","what's on my {listName} list"]}],
         "types":[{"name":"LIST","values":[{"name":{"value":"books to read"}},{"name":{"value":"grocery"}}]}]}}}
        """#))

    @Test func aWholeSentenceOfTheIntentBeatsReadingItAsOneName() throws {
        let best = try #require(Self.lists.parse(Utterance("what's on the books to read list"), eliciting: .init(intent: "ShowListIntent", slot: "listName")).first)
        #expect(best.intent == "ShowListIntent")
        #expect(best.slots.map(\.spoken) == ["books to read"])
    }

    @Test func aBareNameIsStillTheAnswer() throws {
        let best = try #require(Self.lists.parse(Utterance("the camping one"), eliciting: .init(intent: "ShowListIntent", slot: "listName")).first)
        #expect(best.slots.map(\.spoken) == ["camping"])
    }
}

/// A reading that fills no slot of an intent that always has one names nothing the skill serves.
@Suite struct SlotBoundReadingTests {
    static let scores = SkillNLU(skillID: "scores", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"score keeper","intents":[{"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},{"name":"AddPointsIntent","slots":[{"name":"Points","type":"AMAZON.NUMBER"},{"name":"Player","type":"AMAZON.FirstName"}],"samples":["add {Points} points to {Player}","give {Player} {Points} points","{Player} scored {Points}","{Points} points for {Player}","{Player} gets {Points}"]},{"name":"TellScoresIntent","slots":[],"samples":["what's the score","who is winning","read the scores","tell me the scores","what are the scores"]},{"name":"NewGameIntent","slots":[],"samples":["reset the scores","new game","start a new game","clear the scoreboard"]},{"name":"AddPlayerIntent","slots":[{"name":"Player","type":"AMAZON.FirstName"}],"samples":["add a player named {Player}","add player {Player}","{Player} wants to play","new player {Player}"]}],"types":[]}}}
        """#))
    static let dice = SkillNLU(skillID: "dice", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"dice roller","intents":[
          {"name":"RollDiceIntent","slots":[{"name":"Count","type":"AMAZON.NUMBER"}],"samples":["roll {Count} dice","roll the dice","roll a die"]},
          {"name":"FlipCoinIntent","samples":["flip a coin","heads or tails","toss a coin"]}]}}}
        """#))

    /// "play some jazz" is no player added, though only the score keeper says "play".
    @Test func aWordWhereTheValueWouldBeIsNoValue() {
        let index = SkillIndex([Self.scores, Self.dice])
        #expect(index.parse(Utterance("play some jazz")).isEmpty)
    }

    /// A player named is still added, and a request naming none still reaches its intent.
    @Test(arguments: [("anna wants to play", "AddPlayerIntent"), ("add a player named james", "AddPlayerIntent"), ("who is winning", "TellScoresIntent")])
    func theSkillsOwnRequestsStillReachIt(text: String, intent: String) throws {
        let best = try #require(SkillIndex([Self.scores, Self.dice]).parse(Utterance(text)).first)
        #expect(best.skillID == "scores")
        #expect(best.intent.rawValue == intent)
    }
}

extension SlotBoundReadingTests {
    /// A word of quantity between a number and what it counts leaves the number its slot's:
    /// "tom just got five more points" adds five, by "give {Player} {Points} points".
    @Test(arguments: [("tom just got five more points", "5"), ("give sarah ten extra points", "10")])
    func aNumberBeforeAWordOfQuantityIsCounted(text: String, points: String) throws {
        let best = try #require(Self.scores.parse(Utterance(text)).first)
        #expect(best.intent == "AddPointsIntent")
        #expect(best.slots.first { $0.name == "Points" }?.value == points)
    }
}

extension SlotBoundReadingTests {
    /// A first name said with its possessive is the name: "add three to mike's score" adds to
    /// mike, and the value is "mike".
    @Test(arguments: ["add three to mike's score", "mike's score goes up by three"])
    func aNameWithItsPossessiveIsTheName(text: String) throws {
        let best = try #require(Self.scores.parse(Utterance(text)).first)
        #expect(best.intent == "AddPointsIntent")
        #expect(best.slots.first { $0.name == "Player" }?.value == "mike")
    }
}

/// A reading that holds only a number, from a sentence whose other meaningful words its skill
/// never says, is no request of that skill: a number game hears guesses, not weights.
@Suite struct NumbersOnlyReadingTests {
    static let game = SkillNLU(skillID: "highlow", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"high low game","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},
          {"name":"NumberGuessIntent","slots":[{"name":"number","type":"AMAZON.NUMBER"}],"samples":["{number}","is it {number}","how about {number}","i guess {number}","my guess is {number}","try {number}"]},
          {"name":"StartGameIntent","samples":["start a new game","let's play","new game"]}]}}}
        """#))
    static let dice = SlotBoundReadingTests.dice

    @Test(arguments: ["my weight is 180 pounds today", "my blood pressure is 120 over 80"])
    func aNumberAmongWordsTheSkillNeverSays(text: String) {
        #expect(SkillIndex([Self.game, Self.dice]).parse(Utterance(text)).first?.skillID != "highlow")
    }

    @Test(arguments: ["i guess 50", "is it 75", "42"])
    func aGuessIsStillAGuess(text: String) throws {
        let best = try #require(SkillIndex([Self.game, Self.dice]).parse(Utterance(text)).first)
        #expect(best.intent == "NumberGuessIntent")
    }
}
