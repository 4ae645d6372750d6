import Foundation
import NLU
import SkillHost
import SkillModel
import Testing
import TestSupport

/// Many conversations on one host, each kept by its front end (as the server keeps them):
/// their turns interleave, even run at once, and each goes on exactly where it was.
@Suite struct ConversationsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func host(_ models: [String] = ["anniversary", "pizza"]) throws -> HostEngine {
        var options = HostOptions(skillFolders: [], dataRoot: try TestSupport.temporaryFolder("conversations-data"))
        options.models = models.map { fixtures.appendingPathComponent("\($0)-en-US.json").path }
        return try HostEngine(options: options)
    }

    /// A new conversation on `host` after `lines`, each said in turn.
    static func conversation(on host: HostEngine, after lines: [String]) async -> Conversation {
        var conversation = host.newConversation()
        for line in lines { conversation = await host.turn(line, in: conversation).1 }
        return conversation
    }

    @Test func interleavedConversationsEachGoOnWhereTheyWere() async throws {
        let host = try Self.host()
        var pizza = host.newConversation(userID: "amzn1.ask.account.pizza-eater")
        var anniversary = host.newConversation()
        func say(_ text: String, _ conversation: inout Conversation) async -> TurnResult {
            let (result, after) = await host.turn(text, in: conversation)
            conversation = after
            return result
        }
        #expect(await say("open pizza corner", &pizza).skillID == "local.model.pizza-corner")
        #expect(await say("remember our anniversary", &anniversary).speech == "On which day?")
        #expect(await say("order a pizza", &pizza).speech == "What size?")
        #expect(await say("the 4th", &anniversary).speech == "Which month?")
        #expect(pizza.sessionOwner?.rawValue == "local.model.pizza-corner")
        #expect(anniversary.sessionOwner?.rawValue == "local.model.anniversary-keeper")
        #expect(await host.sessionOwner == nil, "the host's own conversation is untouched")

        await host.setRecordsEnvelopes(true)
        #expect(await say("large", &pizza).speech == "Which crust?")
        #expect(await say("june", &anniversary).speech == "And the year?")

        // Ending one conversation tells its skill; the other goes on.
        let (ended, after) = await host.end(pizza)
        #expect(ended.requestType == "SessionEndedRequest")
        #expect(ended.requestJSON?.contains(#""userId":"amzn1.ask.account.pizza-eater""#) == true, "the request carries its conversation's user")
        #expect(after.sessionOwner == nil)
        #expect(await say("nineteen ninety nine", &anniversary).speech == "june 4, 1999. Shall I keep it?")
    }

    @Test func turnsOfManyConversationsRunAtOnce() async throws {
        let host = try Self.host()
        let answers = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<20 {
                group.addTask {
                    var conversation = host.newConversation()
                    var heard: [String] = []
                    for text in ["remember our anniversary", "the 4th", "june", "nineteen ninety nine"] {
                        let (result, after) = await host.turn(text, in: conversation)
                        conversation = after
                        heard.append(result.speech)
                    }
                    return heard
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 20)
        #expect(Set(answers) == [["On which day?", "Which month?", "And the year?", "june 4, 1999. Shall I keep it?"]])
    }

    /// A conversation written out between turns and read back goes on exactly, on another host
    /// with the same skills: the question under way, the slots given, the prompts' words.
    @Test func aStoredConversationGoesOnOnAnotherHost() async throws {
        let first = try Self.host(), second = try Self.host()
        var conversation = first.newConversation(userID: "amzn1.ask.account.traveller")
        for line in ["remember our anniversary", "the 4th"] { conversation = await first.turn(line, in: conversation).1 }
        let stored = JSONWriter.string(conversation.jsonValue)
        let back = try Conversation(json: try JSONParser.parse(stored))
        #expect(JSONWriter.string(back.jsonValue) == stored, "the stored form reads back to itself")
        #expect(back.userID == "amzn1.ask.account.traveller")

        let (month, afterMonth) = await second.turn("june", in: back)
        #expect(month.speech == "And the year?")
        let (year, _) = await second.turn("nineteen ninety nine", in: afterMonth)
        #expect(year.speech == "june 4, 1999. Shall I keep it?")
        // The same turns on the first host say the same.
        #expect(await first.turn("june", in: conversation).0.speech == "And the year?")
    }

    @Test func aMalformedStoredConversationIsRefusedByPath() throws {
        #expect(throws: ModelError.self) { try Conversation(json: ["userId": "u"]) }
        do {
            _ = try Conversation(json: ["userId": "u", "deviceId": "d", "session": ["skill": "x", "sessionId": "s", "seed": "many"]])
            Issue.record("a seed that is no number was read")
        } catch {
            #expect(error.description.contains("$.session.seed"))
        }
    }

    /// A change that could be either of two dates, said while the age is asked, is asked about
    /// ("Do you mean the pickup date or the return date?"); the question waits in the stored
    /// conversation, and the answer on another host changes that date and asks the age again.
    @Test func aQuestionOfWhichSlotIsKeptInTheStoredConversation() async throws {
        let first = try Self.host(["rent"]), second = try Self.host(["rent"])
        let conversation = await Self.conversation(on: first, after: ["open easy rentals", "book a compact in boston from december twentieth twenty twenty seven to december twenty third twenty twenty seven"])
        let (which, asked) = await first.turn("wait make it the twenty second", in: conversation)
        #expect(which.speech == "Do you mean the pickup date or the return date?")
        let stored = JSONWriter.string(asked.jsonValue)
        #expect(stored.contains(#""choosing""#))
        let back = try Conversation(json: try JSONParser.parse(stored))
        #expect(JSONWriter.string(back.jsonValue) == stored)
        let (age, afterAge) = await second.turn("the return date", in: back)
        #expect(age.speech == "How old is the driver?")
        let (confirm, _) = await second.turn("thirty", in: afterAge)
        #expect(confirm.speech == "A compact in boston from 2027-12-20 to 2027-12-22. Shall I reserve it?")
    }

    /// Asked when a car comes back, a question with one day in it is no answer; a day said
    /// instead of the size asked, with both days given, is asked about.
    @Test func aQuestionIsNoAnswerAndADayEitherSlotHoldsIsAskedAbout() async throws {
        let host = try Self.host(["rent", "vet"])
        var conversation = host.newConversation()
        func say(_ text: String) async -> TurnResult {
            let (result, after) = await host.turn(text, in: conversation)
            conversation = after
            return result
        }
        #expect(await say("i need a rental car in boston").speech == "When do you want to pick it up?")
        #expect(await say("december twentieth twenty twenty seven").speech == "And when will you bring it back?")
        let question = await say("what are the vet's hours on sunday")
        #expect(question.speech != "What size of car: economy, compact, midsize, full size, SUV, minivan or convertible?", "\(question.slots)")
        #expect(await say("december twenty third twenty twenty seven").speech.hasPrefix("What size of car"))
        #expect(await say("december twenty second twenty twenty seven").speech == "Do you mean the pickup date or the return date?")
        #expect(await say("the return date").speech.hasPrefix("What size of car"))
        #expect(await say("a minivan").speech == "How old is the driver?")
        #expect(await say("40").speech == "A minivan in boston from 2027-12-20 to 2027-12-22. Shall I reserve it?")
    }

    /// Asked how many nights, the day the stay ends counts them from the check-in day.
    @Test func theDayAStayEndsAnswersHowManyNights() async throws {
        let host = try Self.host(["hotel"])
        let conversation = await Self.conversation(on: host, after: ["open stay finder", "i need a hotel in portland", "checking in on december twelfth twenty twenty seven"])
        let (nights, after) = await host.turn("until the fifteenth", in: conversation)
        #expect(nights.speech == "Single, double or suite?")
        #expect(await host.turn("suite", in: after).0.speech == "A suite in portland from 2027-12-12 for 3 nights. Shall I book it?")
    }

    /// Asked which crust, "what crusts do you have" hears the crusts the model lists and the
    /// question again; "in 30 minutes", asked for a time, is half an hour from now.
    @Test func theChoicesAreSaidAndAWaitIsATime() async throws {
        let host = try Self.host()
        let conversation = await Self.conversation(on: host, after: ["open pizza corner", "a large pizza"])
        let (options, after) = await host.turn("what crusts do you have", in: conversation)
        #expect(options.speech == "You can say thin, stuffed or deep dish. Which crust?")
        let (time, afterCrust) = await host.turn("deep dish", in: after)
        #expect(time.speech == "For what time?")
        let (done, _) = await host.turn("in 30 minutes", in: afterCrust)
        #expect(done.speech.hasPrefix("OrderPizzaIntent") || done.speech.contains("Shall I"), "\(done.speech)")
        #expect(done.slots.first?.0 == "time")
    }

    /// Asked when a car comes back, "oh and book a cleaning for the kitchen" is the cleaning
    /// skill's (not a car of size "cleaning", a guess at 0.18), and the rental's question waits.
    @Test func anotherSkillsRequestIsNoGuessAtAnEmptySlot() async throws {
        let host = try Self.host(["rent", "cleaning", "table", "hotel"])
        let conversation = await Self.conversation(on: host, after: ["i need a rental car in boston", "december twentieth twenty twenty seven"])
        let (cleaning, _) = await host.turn("oh and book a cleaning for the kitchen", in: conversation)
        #expect(cleaning.skillID?.rawValue == "local.model.spick-and-span")
        #expect(cleaning.speech == "What day?")
    }

    /// "sorry, i meant …" right after an answer corrects that answer, not the question now
    /// asked; the correction survives the stored conversation.
    @Test func aCorrectionTakesBackTheLastAnswer() async throws {
        let host = try Self.host(["rent"])
        var conversation = await Self.conversation(on: host, after: ["open easy rentals", "i want to rent a car", "boston"])
        let back = try Conversation(json: try JSONParser.parse(JSONWriter.string(conversation.jsonValue)))
        let (city, afterCity) = await host.turn("oops i meant austin", in: back)
        #expect(city.speech == "When do you want to pick it up?")
        #expect(city.slots.first?.name == "city")
        conversation = afterCity
        for line in ["december twentieth twenty twenty seven", "sorry i mean december twenty first twenty twenty seven", "december twenty third twenty twenty seven", "suv"] {
            conversation = await host.turn(line, in: conversation).1
        }
        #expect(await host.turn("30", in: conversation).0.speech == "A suv in austin from 2027-12-21 to 2027-12-23. Shall I reserve it?")
    }

    /// "i had it backwards" swaps the two values of one type; the trip is confirmed again.
    @Test func backwardsSwapsTheTwoValuesOfOneType() async throws {
        let host = try Self.host(["trip"])
        let conversation = await Self.conversation(on: host, after: ["open trip planner", "i want to travel from seattle to portland on december twentieth twenty twenty seven", "hiking"])
        let (swapped, _) = await host.turn("wait i had it backwards", in: conversation)
        #expect(swapped.speech == "From portland to seattle on 2027-12-20 to go hiking. Right?")
    }

    /// Asked to confirm a large oat latte, "extra hot please" is no drink "extra hot" (the
    /// samples' "{drink} please"): the latte stays, and a yes orders it.
    @Test func anUnlistedGuessReplacesNoListedValueAtTheConfirmation() async throws {
        let host = try Self.host(["coffee"])
        let conversation = await Self.conversation(on: host, after: ["open coffee shop", "an oat latte", "large", "extra hot please"])
        let (done, _) = await host.turn("yes", in: conversation)
        #expect(done.speech.contains(#"drink "latte""#), "\(done.speech)")
    }

    /// Asked to confirm a transfer to savings, "how much is in my checking" asks the balance
    /// (the skill's own intent, sure), not a transfer to checking; "ok" then confirms it as it was.
    @Test func anotherIntentOfTheSkillIsNoChangeAtTheConfirmation() async throws {
        let host = try Self.host(["bank"])
        let conversation = await Self.conversation(on: host, after: ["open penny bank", "transfer 50 dollars from checking to savings"])
        let (balance, after) = await host.turn("hmm how much is in my checking", in: conversation)
        #expect(balance.intent == "CheckBalanceIntent")
        let (done, _) = await host.turn("ok", in: after)
        #expect(done.speech.contains(#"toAccount "savings""#), "\(done.speech)")
    }

    /// "actually no mushrooms", asked to confirm pepperoni and mushrooms, takes the mushrooms off.
    @Test func aDenialBeforeAValueTakesItOffTheList() async throws {
        let host = try Self.host(["pizzeria"])
        let conversation = await Self.conversation(on: host, after: ["open pizzeria", "i'd like a large pizza with pepperoni and mushrooms", "thin", "7 pm"])
        let (changed, _) = await host.turn("actually no mushrooms", in: conversation)
        #expect(changed.speech == "A large thin pizza with pepperoni at 19:00. Shall I place it?")
    }

    /// A class booked for this weekend, "sunday morning" asked what time is the Sunday of it
    /// (the day said beside the answer narrows the weekend) in the morning.
    @Test func aDayInsideTheGivenPeriodNarrowsIt() async throws {
        let host = try Self.host(["gym"])
        let conversation = await Self.conversation(on: host, after: ["open fit club", "i want to do some cycling this weekend"])
        let (asked, after) = await host.turn("sunday morning", in: conversation)
        let today = CivilDate.today()
        let sunday = today.adding(days: 7 - today.weekday)
        #expect(asked.speech == "How many spots should I hold?")
        #expect(asked.slots.contains { $0.name == "day" && $0.value == "sunday" }, "\(asked.slots)")
        let (done, _) = await host.turn("two", in: after)
        #expect(done.speech == "cycling on \(sunday) at MO for 2. Shall I book it?")
    }

    /// "6:30", asked how many spots, is no number of spots but the time only the time slot
    /// reads: the evening class is at 18:30, and the spots are asked again.
    @Test func aTimeSaidAloneChangesTheTimeWhileSpotsAreAsked() async throws {
        let host = try Self.host(["gym"])
        let conversation = await Self.conversation(on: host, after: ["open fit club", "book yoga for december fourth twenty twenty seven in the evening", "6:30"])
        let (done, _) = await host.turn("2", in: conversation)
        #expect(done.speech == "yoga on 2027-12-04 at 18:30 for 2. Shall I book it?")
    }

    /// "me and my sister", asked to confirm a class for one, is two spots; "crossfit", a
    /// class the gym does not run, is refused, though "fit" is in the synonym "boxfit".
    @Test func peopleCountedAtTheConfirmationAndAnUnlistedClassRefused() async throws {
        let host = try Self.host(["gym"])
        let conversation = await Self.conversation(on: host, after: ["open fit club", "book yoga on december fourth twenty twenty seven at 6 pm", "1"])
        let (changed, _) = await host.turn("me and my sister", in: conversation)
        #expect(changed.speech == "yoga on 2027-12-04 at 18:00 for 2. Shall I book it?")
        let (refused, _) = await host.turn("crossfit", in: await Self.conversation(on: host, after: ["open fit club", "book a class"]))
        #expect(refused.speech.hasPrefix("We don't run that one."), "\(refused.speech)")
    }

    /// Asked how many spots, "make it 2 spots and change the time to 6" takes both: two
    /// spots, and 6 of the evening for a class given at 5:45 pm.
    @Test func theAskedValueComesWithAChangeOfAnother() async throws {
        let host = try Self.host(["gym"])
        let conversation = await Self.conversation(on: host, after: ["open fit club", "book hiit on december fourth twenty twenty seven", "5:45 pm"])
        let (done, _) = await host.turn("make it 2 spots and change the time to 6", in: conversation)
        #expect(done.speech == "hiit on 2027-12-04 at 18:00 for 2. Shall I book it?")
    }

    /// A cab: "i'm outside the library on 3rd avenue" is where to be picked up, "we're going
    /// to the mall" where to go; "me and my luggage" is one passenger; "pick me up from the gym
    /// instead" changes the pick-up to "the gym".
    @Test func anAddressSaysWhereAndLuggageIsNoOne() async throws {
        let host = try Self.host(["cab"])
        let conversation = await Self.conversation(on: host, after: ["open quick cab", "i need a cab", "i'm outside the library on 3rd avenue", "we're going to the mall", "7 pm"])
        let (counted, after) = await host.turn("it's just me and my luggage", in: conversation)
        #expect(counted.speech == "Standard, XL, luxury or green?")
        let (asked, confirming) = await host.turn("green", in: after)
        #expect(asked.speech == "A green from outside the library on 3rd avenue to the mall at 19:00 for 1. Shall I send it?")
        let (changed, _) = await host.turn("wait, pick me up from the gym instead", in: confirming)
        #expect(changed.speech == "A green from the gym to the mall at 19:00 for 1. Shall I send it?")
    }

    /// A return: an order number said digit by digit is one number; "it arrived with a cracked
    /// screen", asked why, holds the one listed reason "cracked" and resolves to "damaged" (the
    /// words said kept), which the validation accepts.
    @Test func digitsAreOneNumberAndAReasonAmidWordsResolves() async throws {
        let host = try Self.host(["returns"])
        let conversation = await Self.conversation(on: host, after: [
            "open easy returns", "i want to return something", "four five seven eight one two", "it arrived with a cracked screen", "store credit",
            "december fourth twenty twenty seven",
        ])
        let (done, _) = await host.turn("yes", in: conversation)
        #expect(done.speech.contains(#"orderNumber "457812""#), "\(done.speech)")
        #expect(done.speech.contains(#"reason "it arrived with a cracked screen" (damaged, id damaged)"#), "\(done.speech)")
    }

    /// "the 6 pm yoga" is a class at 18:00, not six spots in a class "pm yoga"; "at the 7 pm
    /// seating" is a table at 19:00, not at "the 7".
    @Test func aNumberBeforePmIsATimeNotACount() async throws {
        let host = try Self.host(["gym", "table"])
        let conversation = await Self.conversation(on: host, after: ["open fit club", "book the 6 pm yoga on december fourth twenty twenty seven"])
        let (done, _) = await host.turn("2", in: conversation)
        #expect(done.speech == "yoga on 2027-12-04 at 18:00 for 2. Shall I book it?")
        let (table, _) = await host.turn("book a table for 4 at the 7 pm seating at harbor grill on friday", in: host.newConversation())
        #expect(table.candidates.first?.slots.first { $0.name == "time" }?.value == "19:00", "\(table.candidates)")
    }

    /// "home", asked where to be picked up, is the place; asked when, it is still the built-in
    /// AMAZON.NavigateHomeIntent.
    @Test func homeAskedWhereIsAPlace() async throws {
        let host = try Self.host(["cab"])
        let (asked, after) = await host.turn("home", in: await Self.conversation(on: host, after: ["open quick cab", "i need a cab"]))
        #expect(asked.speech == "Where are you going?")
        #expect(asked.slots.contains { $0.name == "pickup" && $0.value == "home" }, "\(asked.slots)")
        let (going, when) = await host.turn("the office", in: after)
        #expect(going.speech == "When do you need it?")
        #expect(await host.turn("home", in: when).0.intent == "AMAZON.NavigateHomeIntent")
    }

    /// Asked floor, lower bowl or balcony, "whatever's cheapest" and "the upper one" say a word
    /// only the balcony's synonyms say ("cheap seats", "upper deck"): the balcony, the word
    /// said kept. "any seats" says "seats", which the samples frame every section with: no
    /// section.
    @Test func aWordOnlyOneValueSaysAnswersForIt() async throws {
        let host = try Self.host(["tickets"])
        let asked = await Self.conversation(on: host, after: ["open show tickets", "get me 2 tickets for adele in denver on december fourth twenty twenty seven"])
        let (cheapest, confirming) = await host.turn("whatever is cheapest", in: asked)
        #expect(cheapest.speech == "2 tickets for adele in denver on 2027-12-04, cheapest seats. Shall I buy them?")
        let (bought, _) = await host.turn("yes", in: confirming)
        #expect(bought.speech.contains(#"section "cheapest" (balcony, id balcony)"#), "\(bought.speech)")
        let (upper, _) = await host.turn("the upper one", in: asked)
        #expect(upper.speech == "2 tickets for adele in denver on 2027-12-04, upper seats. Shall I buy them?")
        let (any, _) = await host.turn("any seats", in: asked)
        #expect(any.speech.hasSuffix("Floor, lower bowl or balcony?"), "\(any.speech)")
    }

    /// "tickets for my wife and me to see adele" are for no artist "my wife": the artist is
    /// the one said after "see", and the two people count the tickets; "i can't go to the show on friday anymore", by "i can't make
    /// it to the {artist} show", names no artist "show on friday".
    @Test func whoTicketsAreForAndAnEmptyFrameNameNoArtist() async throws {
        let host = try Self.host(["tickets"])
        let (buy, _) = await host.turn("i need tickets for my wife and me to see adele on march 3rd", in: await Self.conversation(on: host, after: ["open show tickets"]))
        #expect(buy.intent == "BuyTicketsIntent")
        #expect(buy.slots.first { $0.name == "artist" }?.value == "adele", "\(buy.slots)")
        #expect(buy.slots.first { $0.name == "count" }?.value == "my wife and me", "\(buy.slots)")
        let (refund, _) = await host.turn("i can't go to the show on friday anymore", in: await Self.conversation(on: host, after: ["open show tickets"]))
        #expect(refund.intent == "RefundTicketsIntent")
        #expect(!refund.slots.contains { $0.name == "artist" }, "\(refund.slots)")
    }

    /// Asked who to see, "ok let's do the black keys" is "the black keys": the words that only
    /// settle on the answer are no part of it.
    @Test func wordsThatSettleOnAnAnswerAreNoPartOfIt() async throws {
        let host = try Self.host(["tickets"])
        let (asked, _) = await host.turn("ok let's do the black keys", in: await Self.conversation(on: host, after: ["open show tickets", "buy tickets"]))
        #expect(asked.speech == "Which city?")
        #expect(asked.slots.contains { $0.name == "artist" && $0.value == "the black keys" }, "\(asked.slots)")
    }

    /// "book it", after "is there pilates on monday", books pilates on monday: a sentence that
    /// refers back takes the values the skill was last given for its empty slots of the same
    /// name and type, on another host too (the conversation's stored form keeps them). "book a
    /// class" refers to nothing and asks which class.
    @Test func aSentenceThatRefersBackTakesTheValuesGivenBefore() async throws {
        let host = try Self.host(["gym"])
        let asked = await Self.conversation(on: host, after: ["open fit club", "is there pilates on monday"])
        let stored = try Conversation(json: asked.jsonValue)
        let (booking, _) = await (try Self.host(["gym"])).turn("book it", in: stored)
        #expect(booking.speech == "What time?")
        #expect(booking.intent == "BookClassIntent")
        let (fresh, _) = await host.turn("book a class", in: asked)
        #expect(fresh.speech == "Which class would you like?")
        // "it on friday", by "sign me up for {classType}", is no class: friday is the day, and
        // the class is the one asked about before.
        let (spin, _) = await host.turn("sign me up for it on friday", in: await Self.conversation(on: host, after: ["open fit club", "when is spin"]))
        #expect(spin.speech == "What time?")
        #expect(spin.slots.contains { $0.name == "day" && $0.value == "friday" }, "\(spin.slots)")
        // Mid-dialog, another intent that refers back ("she") takes the dialog's values.
        let tickets = try Self.host(["tickets"])
        let (shows, _) = await tickets.turn("what cities is she playing in", in: await Self.conversation(on: tickets, after: ["open show tickets", "i want tickets to see billie eilish"]))
        #expect(shows.speech == #"FindShowsIntent: artist "billie eilish"; city empty; date empty."#)
    }

    /// A table booked "tomorrow for dinner", then "8" asked the time, is at 20:00; the same at
    /// breakfast, or "8 am", stays 08:00. The dinner said is kept with the
    /// dialog in its stored form.
    @Test func dinnerSaidEarlierPutsABareHourAfterNoon() async throws {
        let host = try Self.host(["table"])
        let asked = await Self.conversation(on: host, after: ["open table talk", "table for 2 at sushi kato on december fourth twenty twenty seven for dinner"])
        let (named, naming) = await host.turn("8", in: try Conversation(json: asked.jsonValue))
        #expect(named.speech == "What name should the table be under?")
        let (confirm, _) = await host.turn("lee", in: naming)
        #expect(confirm.speech == "A table for 2 at sushi kato on 2027-12-04 at 20:00, under lee. Shall I book it?")
        let breakfast = await Self.conversation(on: host, after: ["open table talk", "table for 2 at sushi kato on december fourth twenty twenty seven for breakfast", "8"])
        #expect(await host.turn("lee", in: breakfast).0.speech == "A table for 2 at sushi kato on 2027-12-04 at 08:00, under lee. Shall I book it?")
        let early = await Self.conversation(on: host, after: ["open table talk", "table for 2 at sushi kato on december fourth twenty twenty seven for dinner", "8 am"])
        #expect(await host.turn("lee", in: early).0.speech == "A table for 2 at sushi kato on 2027-12-04 at 08:00, under lee. Shall I book it?")
    }

    /// "twelve", asked "For how long?", is a count of no unit: the host asks which unit,
    /// keeping the dialog and the count (in the stored form too), and "weeks" is then twelve
    /// weeks; a number with its unit, or "a fortnight", needs no such question.
    @Test func aBareNumberForADurationAsksItsUnit() async throws {
        let host = try Self.host(["gym"])
        let freezing = await Self.conversation(on: host, after: ["open fit club", "freeze my membership from december fourth twenty twenty seven"])
        let (unit, asked) = await host.turn("twelve", in: freezing)
        #expect(unit.speech == "Twelve what: seconds, minutes, hours, days, weeks or months?")
        let (done, _) = await host.turn("weeks", in: try Conversation(json: asked.jsonValue))
        #expect(done.speech == "Freeze your membership for P12W from 2027-12-04?")
        for answer in ["a fortnight", "for two weeks"] {
            #expect(await host.turn(answer, in: freezing).0.speech == "Freeze your membership for P2W from 2027-12-04?", "\(answer)")
        }
    }

    /// The day a span ends, said for a duration asked after the day it begins, is the length
    /// from that day: "until the end of january" from december 4th is 58 days, "till february
    /// fourth" two months.
    @Test func anEndDayForADurationIsTheLengthFromTheStart() async throws {
        let host = try Self.host(["gym"])
        let freezing = await Self.conversation(on: host, after: ["open fit club", "freeze my membership from december fourth twenty twenty seven"])
        #expect(await host.turn("until the end of january", in: freezing).0.speech == "Freeze your membership for P58D from 2027-12-04?")
        #expect(await host.turn("till february fourth", in: freezing).0.speech == "Freeze your membership for P2M from 2027-12-04?")
    }
}
