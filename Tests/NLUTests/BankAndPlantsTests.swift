@testable import NLU
import SkillModel
import Testing

/// A bank (balances, transfers between accounts, bills, spending, a lost card) and a plant-care
/// skill, written as their developers would, talked to alone and side by side: answers said as
/// people say them mid-dialog, typed as people type, and a reading the weighing across skills
/// prefers that is not its skill's likeliest.
@Suite struct BankAndPlantsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 27)

    static let bank = SkillNLU(skillID: "bank", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"my bank","intents":[
          {"name":"BalanceIntent","slots":[{"name":"account","type":"ACCOUNT"}],
           "samples":["what's my balance","what is my {account} balance","how much money do i have","how much is in my {account}",
                      "check my {account} account","balance of my {account} account","do i have enough money in {account}"]},
          {"name":"TransferIntent","slots":[{"name":"amount","type":"AMAZON.NUMBER"},{"name":"from","type":"ACCOUNT"},{"name":"to","type":"ACCOUNT"}],
           "samples":["transfer {amount} dollars from {from} to {to}","move {amount} dollars to {to}","move money from {from} to {to}",
                      "send {amount} dollars from my {from} account to my {to} account","transfer money","put {amount} dollars into {to}"]},
          {"name":"PayBillIntent","slots":[{"name":"biller","type":"BILLER"},{"name":"amount","type":"AMAZON.NUMBER"},
                                      {"name":"date","type":"AMAZON.DATE"}],
           "samples":["pay my {biller} bill","pay the {biller} bill {date}","pay {amount} dollars to {biller}",
                      "schedule a payment to {biller} on {date}","pay my bills"]},
          {"name":"SpendingIntent","slots":[{"name":"category","type":"CATEGORY"},{"name":"period","type":"AMAZON.DATE"}],
           "samples":["how much did i spend on {category}","how much did i spend {period}","what did i spend on {category} {period}",
                      "show my spending","what are my biggest expenses {period}"]},
          {"name":"RecentTransactionsIntent","slots":[{"name":"account","type":"ACCOUNT"}],
           "samples":["what are my recent transactions","show my last transactions on {account}","what was my last purchase","list recent charges"]},
          {"name":"LockCardIntent","slots":[{"name":"card","type":"CARD"}],
           "samples":["lock my {card} card","freeze my {card}","i lost my {card} card","my card was stolen","block my card"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},
                                      {"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.YesIntent","samples":[]},
                                      {"name":"AMAZON.NoIntent","samples":[]}],
         "types":[{"name":"ACCOUNT","values":[{"name":{"value":"checking","synonyms":["current account","everyday"]}},
                                      {"name":{"value":"savings","synonyms":["saving"]}},
                                      {"name":{"value":"credit card","synonyms":["visa","credit"]}}]},
                  {"name":"BILLER","values":[{"name":{"value":"electricity","synonyms":["electric","power"]}},{"name":{"value":"water"}},
                                      {"name":{"value":"phone","synonyms":["mobile"]}},{"name":{"value":"internet"}},{"name":{"value":"rent"}}]},
                  {"name":"CATEGORY","values":[{"name":{"value":"groceries","synonyms":["food"]}},
                                      {"name":{"value":"restaurants","synonyms":["eating out","dining"]}},
                                      {"name":{"value":"gas","synonyms":["fuel"]}},{"name":{"value":"shopping"}},{"name":{"value":"entertainment"}},
                                      {"name":{"value":"travel"}}]},
                  {"name":"CARD","values":[{"name":{"value":"debit","synonyms":["bank card"]}},{"name":{"value":"credit","synonyms":["visa"]}}]}]}}}
        """#))

    static let plants = SkillNLU(skillID: "plants", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"plant pal","intents":[
          {"name":"AddPlantIntent","slots":[{"name":"plant","type":"PLANT"},{"name":"room","type":"ROOM"}],
           "samples":["add a {plant}","i got a new {plant}","add my {plant} in the {room}","track a {plant}","i have a {plant} in the {room}"]},
          {"name":"WateredIntent","slots":[{"name":"plant","type":"PLANT"},{"name":"date","type":"AMAZON.DATE"}],
           "samples":["i watered the {plant}","i watered my {plant} {date}","the {plant} has been watered","mark the {plant} as watered",
                      "i watered everything","i just watered the plants"]},
          {"name":"NextWateringIntent","slots":[{"name":"plant","type":"PLANT"}],
           "samples":["when should i water the {plant}","does my {plant} need water","which plants need water","what needs watering today",
                      "when is the {plant} due"]},
          {"name":"CareTipsIntent","slots":[{"name":"plant","type":"PLANT"},{"name":"topic","type":"TOPIC"}],
           "samples":["how much {topic} does a {plant} need","how do i care for a {plant}","tips for my {plant}","why is my {plant} turning yellow",
                      "is my {plant} getting enough {topic}"]},
          {"name":"ListPlantsIntent",
           "samples":["what plants do i have","list my plants","which plants am i tracking"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},
                                      {"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"PLANT","values":[{"name":{"value":"monstera"}},{"name":{"value":"snake plant"}},{"name":{"value":"pothos"}},
                                      {"name":{"value":"fiddle leaf fig","synonyms":["fiddle leaf"]}},{"name":{"value":"basil"}},
                                      {"name":{"value":"cactus"}},{"name":{"value":"orchid"}},{"name":{"value":"fern"}}]},
                  {"name":"ROOM","values":[{"name":{"value":"kitchen"}},{"name":{"value":"living room"}},{"name":{"value":"bedroom"}},
                                      {"name":{"value":"bathroom"}},{"name":{"value":"office"}},{"name":{"value":"balcony"}}]},
                  {"name":"TOPIC","values":[{"name":{"value":"light","synonyms":["sun","sunlight"]}},{"name":{"value":"water"}},
                                      {"name":{"value":"fertilizer","synonyms":["food","plant food"]}},{"name":{"value":"humidity"}}]}]}}}
        """#))

    static let both = SkillIndex([bank, plants])

    static func answer(_ text: String, for slot: SlotName) -> NLUCandidate? {
        bank.parse(Utterance(text), eliciting: .init(intent: "TransferIntent", slot: slot), today: today).first
    }

    /// Asked which account, the account said with the words the intent's samples put around it
    /// is the answer, not a question about that account's balance.
    @Test(arguments: [("my checking account", "from", "checking"), ("from my savings account", "from", "savings"),
                      ("use my everyday account", "from", "checking"), ("to my savings account", "to", "savings"), ("the visa", "from", "credit card")])
    func anAccountSaidAsANounPhraseAnswers(text: String, slot: String, account: String) throws {
        let best = try #require(Self.answer(text, for: SlotName(slot)))
        #expect(best.intent == "TransferIntent")
        #expect(best.slots.first { $0.name.rawValue == slot }?.resolution?.values.first?.name == account)
    }

    /// A hesitation says nothing, and "lets" typed without its apostrophe is "let's".
    @Test(arguments: ["um let's say 200", "lets say 200", "uh 200", "200 hmm"])
    func hesitationsAndUnmarkedContractionsLeaveTheAnswer(text: String) throws {
        let best = try #require(Self.answer(text, for: "amount"))
        #expect(best.intent == "TransferIntent")
        #expect(best.slots.first { $0.name == "amount" }?.value == "200")
    }

    /// An answer corrected as it is said is what follows the correction, at its place in what
    /// was said; a correction with nothing the slot reads after it is no answer of its own.
    @Test(arguments: [("checking no wait savings", "savings", 17), ("checking i mean savings", "savings", 16), ("sorry i meant savings", "savings", 14),
                      ("not checking but savings", "savings", 17), ("not checking, savings", "savings", 14), ("the visa or rather checking", "checking", 19)])
    func aCorrectedAnswerIsWhatFollowsTheCorrection(text: String, account: String, start: Int) throws {
        let best = try #require(Self.answer(text, for: "from"))
        #expect(best.intent == "TransferIntent")
        let from = try #require(best.slots.first { $0.name == "from" })
        #expect(from.value == account)
        #expect(from.start == start)
    }

    @Test func aCorrectionWithNothingAfterItIsNoAnswer() {
        #expect(Self.answer("sorry what", for: "from")?.slots.isEmpty != false)
        #expect(SkillNLU.repairCut(Utterance("savings actually")) == nil)
    }

    /// Of the two accounts of a transfer, the one said after "from" is the one taken from,
    /// wherever it stands in the sentence.
    @Test(arguments: [("transfer 50 dollars from savings", "from"), ("move 20 dollars from my checking", "from"), ("transfer 50 dollars to savings", "to"),
                      ("put 20 dollars into savings", "to")])
    func theWordBeforeAnAccountSaysWhichOfTheTwo(text: String, slot: String) throws {
        let best = try #require(Self.bank.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "TransferIntent")
        #expect(best.slots.map(\.name.rawValue).sorted() == ["amount", slot])
    }

    /// A value a type of short category words does not list, meaning nothing like those it
    /// does, is a reading less sure: "i want a sandwich" to a coffee shop; "chai" is a drink.
    @Test func aValueMeaningNothingLikeTheListedOnesIsUnlike() throws {
        let coffee = SkillNLU(skillID: "coffee", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"corner coffee","intents":[
              {"name":"OrderCoffeeIntent","slots":[{"name":"drink","type":"DRINK"}],"samples":["i'd like a {drink}","order a {drink}","{drink} please"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[{"name":"DRINK","values":[{"name":{"value":"latte"}},{"name":{"value":"cappuccino"}},{"name":{"value":"americano"}},
                                              {"name":{"value":"espresso"}},{"name":{"value":"mocha"}},{"name":{"value":"flat white"}},
                                              {"name":{"value":"cold brew"}},{"name":{"value":"hot chocolate"}}]}]}}}
            """#))
        let drink = try #require(coffee.intents.first { $0.name == "OrderCoffeeIntent" }?.slots.first)
        func unlike(_ text: String) -> Bool {
            let utterance = Utterance(text)
            return coffee.isUnlikeListedValues(3...(utterance.words.count - 1), of: drink, utterance: utterance)
        }
        #expect(unlike("i want a sandwich"))
        #expect(unlike("i want a taxi"))
        #expect(!unlike("i want a chai"))
        #expect(!unlike("i want a cortado"))
        #expect(!unlike("i want a latte"))
        // Said in a sample's words, too: the sample's frame alone does not make it sure.
        let sandwich = coffee.parse(Utterance("i'd like a sandwich"), today: Self.today).first
        #expect(sandwich.map { $0.intent != "OrderCoffeeIntent" || $0.score < 0.5 } ?? true)
        #expect((coffee.parse(Utterance("i'd like a chai"), today: Self.today).first?.score ?? 0) >= 0.9)
    }

    /// "uh huh" is still a yes.
    @Test func uhHuhIsStillAYes() {
        #expect(Self.bank.parse(Utterance("uh huh"), today: Self.today).first?.intent == "AMAZON.YesIntent")
    }

    @Test func tokensLeaveOutHesitationsAndSpellContractions() {
        #expect(Tokenizer.tokens("um whats my balance").map(\.text) == ["what's", "my", "balance"])
        #expect(Tokenizer.tokens("i dont know, uh oh").map(\.text) == ["i", "don't", "know", "uh", "oh"])
        #expect(Tokenizer.tokens("its well were ill").map(\.text) == ["its", "well", "were", "ill"])
        let utterance = Utterance("hmm whats my checking balance")
        #expect(utterance.slice(from: 2, through: 2).text == "checking")
    }

    /// The weighing across skills may put a skill's second reading first; it comes with its
    /// slots, as the likeliest does.
    @Test func aReadingPreferredAcrossSkillsHasItsSlots() throws {
        let best = try #require(Self.both.parse(Utterance("is the balcony too sunny for a fern"), today: Self.today).first)
        #expect(best.skillID == "plants")
        #expect(best.slots.first { $0.name == "plant" }?.value == "fern")
    }

    @Test(arguments: [("whats my checking balance", "bank", "BalanceIntent"), ("transfer fifty dollars from checking to savings", "bank", "TransferIntent"),
                      ("i watered the monstera", "plants", "WateredIntent"), ("how much sun does a fiddle leaf fig need", "plants", "CareTipsIntent"),
                      ("someone stole my credit card", "bank", "LockCardIntent")])
    func eachSkillKeepsItsSentences(text: String, skill: String, intent: String) throws {
        let best = try #require(Self.both.parse(Utterance(text), today: Self.today).first)
        #expect(best.skillID.rawValue == skill)
        #expect(best.intent.rawValue == intent)
    }
}
