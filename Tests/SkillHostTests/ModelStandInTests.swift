import Foundation
import Loader
import SkillHost
import SkillModel
import Testing
import TestSupport

/// An Alexa-format model with a dialog model and no skill behind it (`--model`): the host runs
/// its NLU and dialog model, and the stand-in answers with what a skill would receive.
@Suite struct ModelStandInTests {
    static let anniversary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/anniversary-en-US.json").path
    /// A car service booking as a new user writes one: service, date, time and make required,
    /// the date validated, the booking confirmed; and the garage's hours.
    static let garage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/garage-en-US.json").path
    /// A city transit guide and a movie watchlist, as a new user writes them.
    static let transit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/citytransit-en-US.json").path
    static let watchlist = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/watchlist-en-US.json").path

    static func host(models: [String], folders: [String] = [], seed: UInt64 = 1) throws -> HostEngine {
        var options = HostOptions(skillFolders: folders, dataRoot: try TestSupport.temporaryFolder("model-data"), dialogSeed: seed)
        options.models = models
        return try HostEngine(options: options)
    }

    @Test func autoDelegationRunsEveryRequiredSlotValidationAndTheConfirmation() async throws {
        let host = try Self.host(models: [Self.anniversary])
        await host.setRecordsEnvelopes(true)
        let turns = await DialogManagerTests.talk(host, [
            "open anniversary keeper", "remember our anniversary", "the 34th", "the 4th", "smarch", "june", "1910", "2030", "nineteen ninety nine", "yes",
        ])
        #expect(turns.map(\.speech) == [
            "Anniversary Keeper is a model with no skill behind it: say what it understands, and hear what the skill would get.",
            "On which day?",
            "No month has that day. Which day?",
            "Day 4 of which month?",
            "I only know the twelve months. Which one?",
            "And the year?",
            "That is a long marriage. Which year really?",
            "That has not happened yet. Which year?",
            "june 4, 1999. Shall I keep it?",
            #"RememberAnniversaryIntent, COMPLETED, CONFIRMED: day "4"; month "june" (june, id 06); year "1999"."#,
        ])
        #expect(turns[1...8].allSatisfy { $0.requestType == nil }, "under ALWAYS the skill hears nothing until the dialog is done")
        #expect(turns[3].question == .elicitSlot("month"))
        #expect(turns[8].question == .confirmIntent)
        #expect(turns[9].dialogState == .completed)
        let request = try #require(turns[9].requestJSON)
        #expect(request.contains(#""status":{"code":"ER_SUCCESS_MATCH"}"#))
        #expect(request.contains(#""confirmationStatus":"CONFIRMED""#))
    }

    @Test func aSentenceWithEverySlotGoesStraightToConfirmationAndADenialReachesTheSkill() async throws {
        let host = try Self.host(models: [Self.anniversary])
        let turns = await DialogManagerTests.talk(host, ["ask anniversary keeper we got married on september 12th 2001", "no"])
        #expect(turns.map(\.speech) == [
            "september 12, 2001. Shall I keep it?",
            #"RememberAnniversaryIntent, COMPLETED, DENIED: day "12"; month "september" (september, id 09); year "2001"."#,
        ])
    }

    @Test func underSkillResponseTheStandInDelegatesEveryTurn() async throws {
        let host = try Self.host(models: [Self.anniversary])
        let turns = await DialogManagerTests.talk(host, ["open anniversary keeper", "forget an anniversary", "2001", "yes", "stop"])
        #expect(turns.map(\.speech) == [
            "Anniversary Keeper is a model with no skill behind it: say what it understands, and hear what the skill would get.",
            "Forget the anniversary from which year?",
            "The one from 2001, right?",
            #"ForgetAnniversaryIntent, COMPLETED: year "2001" CONFIRMED."#,
            "AMAZON.StopIntent.",
        ])
        #expect(turns[1].dialogState == .started)
        #expect(turns[2].dialogState == .inProgress)
        #expect(turns[1...3].allSatisfy { $0.requestType == "IntentRequest" })
        #expect(turns[4].endSession)
    }

    @Test func aMalformedModelIsRefusedByNameAndTheOthersServe() async throws {
        let folder = try TestSupport.temporaryFolder("models")
        let broken = folder + "/broken.json"
        try #"{"interactionModel":{"languageModel":{"invocationName":"broken","intents":[{"name":"A","samples":["go {where}"]}]}}}"#
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let missing = folder + "/missing.json"
        let host = try Self.host(models: [broken, missing, Self.anniversary])
        #expect(host.refusals.map(\.path) == [broken, missing])
        #expect(host.refusals[0].reason.contains("$.interactionModel.languageModel.intents[0].samples[0]"))
        #expect(await host.turn("open anniversary keeper").skillID == "local.model.anniversary-keeper")
    }

    @Test func savingTheModelReloadsIt() async throws {
        let folder = try TestSupport.temporaryFolder("models")
        let copy = folder + "/anniversary.json"
        try FileManager.default.copyItem(atPath: Self.anniversary, toPath: copy)
        let events = EventLog<HostEvent>()
        var options = HostOptions(skillFolders: [], dataRoot: try TestSupport.temporaryFolder("model-data"), events: { events.append($0) })
        options.models = [copy]
        let host = try HostEngine(options: options)
        await host.startWatching()
        #expect(events.all.map(\.origin) == [copy], "the model file is watched")
        #expect(await host.turn("remember our anniversary").speech == "On which day?")
        try "unrelated".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8) // other files are ignored
        let edited = try String(contentsOfFile: copy, encoding: .utf8).replacingOccurrences(of: "And the year?", with: "Which year was it?")
        try edited.write(toFile: copy, atomically: true, encoding: .utf8)
        #expect(await events.wait { $0.kind == .reloaded }?.generation == 2)
        #expect(await host.turn("the 4th of june").speech == "Which year was it?")
        #expect(events.all.allSatisfy { $0.kind != .refused }, "\(events.all)")
        await host.shutdown()
    }

    @Test func reloadReadsTheModelAgainAndKeepsTheDialog() async throws {
        let folder = try TestSupport.temporaryFolder("models")
        let copy = folder + "/anniversary.json"
        try FileManager.default.copyItem(atPath: Self.anniversary, toPath: copy)
        let host = try Self.host(models: [copy])
        #expect(await host.turn("remember our anniversary").speech == "On which day?")
        let edited = try String(contentsOfFile: copy, encoding: .utf8).replacingOccurrences(of: "And the year?", with: "Which year was it?")
        try edited.write(toFile: copy, atomically: true, encoding: .utf8)
        let events = await host.reload(skill: "anniversary keeper")
        #expect(events.map(\.kind) == [.reloaded])
        #expect(await host.registry.entries.first?.skill.generation == 2)
        #expect(await host.turn("the 4th of june").speech == "Which year was it?", "the dialog under way goes on with the new prompts")
    }

    /// A built-in intent guessed on nothing does not beat the skill's own intent close behind
    /// it: in session, "what kind of toppings can i get" leans a little to Help.
    @Test func aGuessedHelpDoesNotBeatTheSkillsOwnIntent() async throws {
        let folder = try TestSupport.temporaryFolder("guessed-help")
        let path = folder + "/pizza-en-US.json"
        try #"""
            {"interactionModel":{"languageModel":{"invocationName":"pizza corner","intents":[
              {"name":"OrderPizzaIntent","slots":[{"name":"size","type":"PIZZA_SIZE"}],"samples":["order a pizza","order a {size} pizza","i want a {size} pizza"]},
              {"name":"TrackOrderIntent","samples":["where is my pizza","track my order","when will my order arrive"]},
              {"name":"MenuIntent","samples":["what's on the menu","what toppings do you have","read me the menu"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]}],
             "types":[{"name":"PIZZA_SIZE","values":[{"name":{"value":"small"}},{"name":{"value":"large"}}]}]}}}
            """#.write(toFile: path, atomically: true, encoding: .utf8)
        let host = try Self.host(models: [path])
        _ = await host.turn("open pizza corner")
        let menu = await host.turn("what kind of toppings can i get")
        #expect(menu.intent == "MenuIntent", "\(menu.speech) \(String(describing: menu.candidates.map(\.intent)))")
        #expect(await host.turn("help").intent == "AMAZON.HelpIntent", "a sure Help is Help")
    }

    /// Nor does a guessed Yes beat the skill's own intent reading a value in the sentence: "by
    /// 6 pm please", after a trip was planned, leans to Yes on "please" alone; it is the trip's
    /// arrival time. A yes said alone stays a yes.
    @Test func aGuessedYesDoesNotBeatTheSkillsOwnIntentReadingAValue() async throws {
        let turns = await DialogManagerTests.talk(try Self.host(models: [Self.transit]), ["plan a trip to the airport", "by 6 pm please"])
        #expect(turns[0].speech.hasPrefix("PlanTripIntent, COMPLETED"), "\(turns[0].speech)")
        #expect(turns[1].intent == "PlanTripIntent", "\(turns[1].speech) \(String(describing: turns[1].candidates.map(\.intent)))")
        #expect(turns[1].speech == "Where are you going?")
        let yes = await DialogManagerTests.talk(try Self.host(models: [Self.transit]), ["plan a trip to the airport", "yes please"])
        #expect(yes[1].intent == "AMAZON.YesIntent", "\(yes[1].speech)")
    }

    /// Another skill's command, said as the answer to a question for a value no list holds,
    /// is no value: "rate a movie", asked which stop to save, is the movie skill's words, not a
    /// stop called "rate a movie"; the question is asked again, and a stop name it lists
    /// nothing like is still the answer.
    @Test func anotherSkillsCommandIsNoUnlistedAnswer() async throws {
        let host = try Self.host(models: [Self.transit, Self.watchlist])
        let turns = await DialogManagerTests.talk(host, ["open city transit", "save a stop as home", "rate a movie", "juniper lane"])
        #expect(turns[1].speech == "Which stop?")
        #expect(!turns[2].speech.contains("rate a movie"), "\(turns[2].speech)")
        #expect(turns[2].speech.hasSuffix("Which stop?"), "\(turns[2].speech)")
        #expect(turns[3].speech.hasPrefix("SaveStopIntent, COMPLETED: stop \"juniper lane\""), "\(turns[3].speech)")
    }

    /// Another of the skill's intents asked mid-dialog is answered, and the question under way
    /// still waits: "five pm" after "what time do you close" is the booking's time (Alexa would
    /// have forgotten the booking, and "five pm" would have been nothing).
    @Test func anotherIntentMidDialogLeavesTheQuestionWaiting() async throws {
        let host = try Self.host(models: [Self.garage])
        let turns = await DialogManagerTests.talk(host, ["open main street garage", "book an oil change for friday", "what time do you close", "five pm", "a subaru", "yes"])
        #expect(turns.dropFirst().prefix(3).map(\.speech) == ["What time?", "HoursIntent: day empty.", "And what make is the car?"])
        #expect(turns[2].question == .elicitSlot("time"), "the question still waits")
        #expect(turns[4].speech.hasPrefix("Booking oil change for your subaru on ") && turns[4].speech.hasSuffix(" at 17:00. Shall I?"), "\(turns[4].speech)")
        #expect(turns[5].speech.hasPrefix("BookServiceIntent, COMPLETED, CONFIRMED"))
        // Two of them in a row, and the question still waits.
        let other = try Self.host(models: [Self.garage])
        let twice = await DialogManagerTests.talk(other, ["open main street garage", "book an oil change for friday", "what time do you close", "check my appointment", "five pm"])
        #expect(twice[3].speech == "CheckAppointmentIntent.")
        #expect(twice[4].speech == "And what make is the car?")
    }

    /// A time given in a later turn is read with the part of the day given before, and the
    /// other way round, as one sentence saying both would be.
    @Test func aTimeIsReadWithThePartOfTheDayGivenBefore() async throws {
        let host = try Self.host(models: [Self.garage])
        let turns = await DialogManagerTests.talk(host, ["book an oil change for my honda", "tomorrow afternoon", "how about 3"])
        #expect(turns[1].speech.hasSuffix(" at AF. Shall I?"), "\(turns[1].speech)")
        #expect(turns[2].speech.hasSuffix(" at 15:00. Shall I?"), "\(turns[2].speech)")
        let other = try Self.host(models: [Self.garage])
        let later = await DialogManagerTests.talk(other, ["book an oil change for my honda tomorrow", "7", "actually in the evening", "no make it 8 am", "3 in the morning"])
        #expect(later.dropFirst().map { $0.speech.components(separatedBy: " at ").last ?? "" } == ["07:00. Shall I?", "19:00. Shall I?", "08:00. Shall I?", "03:00. Shall I?"])
        // Asked which day, "7 tonight" is today at 19:00.
        let tonight = try Self.host(models: [Self.garage])
        let today = await DialogManagerTests.talk(tonight, ["book an oil change for my honda", "how about 7 tonight"])
        #expect(today[0].speech == "Which day suits you?")
        #expect(today[1].speech.hasSuffix(" at 19:00. Shall I?"), "\(today[1].speech)")
    }

    /// Asked when a span of time ended, a bare hour is the first such hour after its start.
    @Test func anEndAskedForIsAfterTheStart() async throws {
        let naps = try TestSupport.modelFile("naps", #"""
            {"interactionModel":{"languageModel":{"invocationName":"baby log","intents":[
              {"name":"LogSleepIntent","slots":[{"name":"start","type":"AMAZON.TIME"},{"name":"end","type":"AMAZON.TIME"}],
               "samples":["log a nap from {start} to {end}","she fell asleep at {start}","log a nap"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],"types":[]},
             "dialog":{"delegationStrategy":"ALWAYS","intents":[{"name":"LogSleepIntent","confirmationRequired":true,"prompts":{"confirmation":"Confirm.Nap"},"slots":[
               {"name":"start","type":"AMAZON.TIME","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Start"}},
               {"name":"end","type":"AMAZON.TIME","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.End"}}]}]},
             "prompts":[{"id":"Elicit.Start","variations":[{"type":"PlainText","value":"When did the nap start?"}]},
                        {"id":"Elicit.End","variations":[{"type":"PlainText","value":"When did the baby wake up?"}]},
                        {"id":"Confirm.Nap","variations":[{"type":"PlainText","value":"A nap from {start} to {end}. Shall I log it?"}]}]}}
            """#)
        let host = try Self.host(models: [naps])
        let turns = await DialogManagerTests.talk(host, ["log a nap", "1 pm", "3"])
        #expect(turns.map(\.speech) == ["When did the nap start?", "When did the baby wake up?", "A nap from 13:00 to 15:00. Shall I log it?"])
        let overnight = await DialogManagerTests.talk(try Self.host(models: [naps]), ["she fell asleep at 10 pm", "6"])
        #expect(overnight.last?.speech == "A nap from 22:00 to 06:00. Shall I log it?")
        // Asked the end, the start said again as a verb ("it started at") changes the start.
        let corrected = await DialogManagerTests.talk(try Self.host(models: [naps]), ["log a nap", "noon", "no wait it started at 12:30", "2"])
        #expect(corrected.map(\.speech) == ["When did the nap start?", "When did the baby wake up?", "When did the baby wake up?", "A nap from 12:30 to 14:00. Shall I log it?"])
    }

    /// A party planner whose foods take several values: "actually add cupcakes too", asked to
    /// confirm, adds to the foods given, "take out the hot dogs" takes away; "for a
    /// retirement", asked the occasion, is the retirement.
    @Test func aSlotOfSeveralValuesGainsWhatIsAdded() async throws {
        let party = try TestSupport.modelFile("party", #"""
            {"interactionModel":{"languageModel":{"invocationName":"party planner","intents":[{"name":"AMAZON.HelpIntent","samples":[]
            },{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]
            },{"name":"AMAZON.NavigateHomeIntent","samples":[]},{"name":"AMAZON.YesIntent","samples":[]},{"name":"AMAZON.NoIntent","samples":[]
            },{"name":"PlanPartyIntent","slots":[{"name":"occasion","type":"OCCASION"},{"name":"date","type":"AMAZON.DATE"
            },{"name":"guests","type":"AMAZON.NUMBER"},{"name":"foods","type":"FOOD","multipleValues":{"enabled":true}
            },{"name":"host","type":"AMAZON.FirstName"}],"samples":["plan a {occasion} party","plan a party for {date}","i'm throwing a {occasion} party on {date}","plan a party","we're having {guests} people over on {date}","serve {foods}","plan a {occasion} for {guests} people"]
            },{"name":"AddFoodIntent","slots":[{"name":"foods","type":"FOOD","multipleValues":{"enabled":true}}],"samples":["add {foods} to the menu","we should have {foods}","put {foods} on the menu"]}],"types":[{"name":"OCCASION","values":[{"name":{"value":"birthday"}
            },{"name":{"value":"graduation"}},{"name":{"value":"baby shower"}},{"name":{"value":"retirement"}},{"name":{"value":"anniversary"}
            },{"name":{"value":"halloween"}},{"name":{"value":"holiday"}}]},{"name":"FOOD","values":[{"name":{"value":"pizza"}},{"name":{"value":"tacos"}
            },{"name":{"value":"cake"}},{"name":{"value":"cupcakes"}},{"name":{"value":"salad"}},{"name":{"value":"chips and salsa"}},{"name":{"value":"burgers"}
            },{"name":{"value":"hot dogs"}},{"name":{"value":"lemonade"}},{"name":{"value":"punch"}
            },{"name":{"value":"fruit"}}]}]},"dialog":{"delegationStrategy":"ALWAYS","intents":[{"name":"PlanPartyIntent","confirmationRequired":true,"prompts":{"confirmation":"Confirm.Party"},"slots":[{"name":"occasion","type":"OCCASION","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Occasion"}
            },{"name":"date","type":"AMAZON.DATE","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Date"}
            },{"name":"guests","type":"AMAZON.NUMBER","elicitationRequired":true,"confirmationRequired":true,"prompts":{"elicitation":"Elicit.Guests","confirmation":"Confirm.Guests"},"validations":[{"type":"isGreaterThan","prompt":"Invalid.Guests","value":"0"
            },{"type":"isLessThan","prompt":"Invalid.Guests","value":"200"}]
            },{"name":"foods","type":"FOOD","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Foods"}
            },{"name":"host","type":"AMAZON.FirstName","elicitationRequired":false,"confirmationRequired":false,"prompts":{}}]}]},"prompts":[{"id":"Elicit.Occasion","variations":[{"type":"PlainText","value":"What's the occasion?"}]
            },{"id":"Elicit.Date","variations":[{"type":"PlainText","value":"When is it?"}]
            },{"id":"Elicit.Guests","variations":[{"type":"PlainText","value":"How many guests?"}]
            },{"id":"Confirm.Guests","variations":[{"type":"PlainText","value":"{guests} guests, right?"}]
            },{"id":"Invalid.Guests","variations":[{"type":"PlainText","value":"That's a lot. How many guests, really?"}]
            },{"id":"Elicit.Foods","variations":[{"type":"PlainText","value":"What food will you serve?"}]
            },{"id":"Confirm.Party","variations":[{"type":"PlainText","value":"A {occasion} party on {date} for {guests} with {foods}. Sound good?"}]}]}}
            """#)
        let host = try Self.host(models: [party])
        let turns = await DialogManagerTests.talk(host, ["plan a party", "for a retirement", "next saturday", "30", "yes", "pizza, salad and lemonade", "actually add cupcakes too"])
        #expect(turns[2].speech == "How many guests?", "\(turns[1].speech)")
        #expect(turns[5].speech.hasPrefix("A retirement party on "), "\(turns[5].speech)")
        #expect(turns[5].speech.hasSuffix(" for 30 with pizza, salad, lemonade. Sound good?"), "\(turns[5].speech)")
        #expect(turns[6].speech.hasSuffix(" for 30 with pizza, salad, lemonade, cupcakes. Sound good?"), "\(turns[6].speech)")
        // Taken out, they are gone; all of them taken out, the foods are asked for again ("the
        // chips and salsa" is one listed value after its article).
        let fewer = await DialogManagerTests.talk(try Self.host(models: [party]), [
            "plan a birthday party for next friday", "40", "yes", "burgers, hot dogs and chips and salsa", "take out the hot dogs", "remove the burgers and the chips and salsa",
        ])
        #expect(fewer[4].speech.hasSuffix(" for 40 with burgers, chips and salsa. Sound good?"), "\(fewer[4].speech)")
        #expect(fewer[5].speech == "What food will you serve?", "\(fewer[5].speech)")
        // Said instead, the foods are replaced.
        let other = await DialogManagerTests.talk(try Self.host(models: [party]), ["plan a retirement party", "next saturday", "30", "yes", "pizza and salad", "no make it tacos instead"])
        #expect(other.last?.speech.hasSuffix(" for 30 with tacos. Sound good?") == true, "\(other.last?.speech ?? "")")
    }

    /// Asked when a span of days ends, a day that would fall before its start is the first such
    /// day after it: a car picked up on december 28th comes back on january 3rd.
    @Test func aReturnDayAskedForIsAfterThePickup() async throws {
        let rental = try TestSupport.modelFile("rental", #"""
            {"interactionModel":{"languageModel":{"invocationName":"car rental","intents":[
              {"name":"RentCarIntent","slots":[{"name":"pickupDate","type":"AMAZON.DATE"},{"name":"returnDate","type":"AMAZON.DATE"}],
               "samples":["rent a car","i need a car from {pickupDate} to {returnDate}","rent a car on {pickupDate}"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],"types":[]},
             "dialog":{"delegationStrategy":"ALWAYS","intents":[{"name":"RentCarIntent","confirmationRequired":true,"prompts":{"confirmation":"Confirm.Rent"},"slots":[
               {"name":"pickupDate","type":"AMAZON.DATE","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Pickup"}},
               {"name":"returnDate","type":"AMAZON.DATE","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Return"}}]}]},
             "prompts":[{"id":"Elicit.Pickup","variations":[{"type":"PlainText","value":"When will you pick it up?"}]},
                        {"id":"Elicit.Return","variations":[{"type":"PlainText","value":"And when will you return it?"}]},
                        {"id":"Confirm.Rent","variations":[{"type":"PlainText","value":"From {pickupDate} to {returnDate}. Shall I book it?"}]}]}}
            """#)
        let turns = await DialogManagerTests.talk(try Self.host(models: [rental]), ["rent a car", "december 28th", "the 3rd"])
        // "From 2026-12-28 to 2027-01-03. Shall I book it?": year, month and day of each.
        let days = turns[2].speech.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters).split(separator: "-").compactMap { Int($0) } }.filter { $0.count == 3 }
        #expect(days.count == 2, "\(turns[2].speech)")
        if days.count == 2 {
            #expect(days[0].dropFirst() == [12, 28])
            #expect(days[1] == [days[0][0] + 1, 1, 3], "\(turns[2].speech)")
        }
    }

    /// A medication reminder: an answer for the time changes no dose by a guess ("9 am and 9
    /// pm" is no dose "9"); at the confirmation a number said beside a unit changes the dose
    /// ("wait it's 400 milligrams"), and a value the type does not list is the new value ("make
    /// it three times a day").
    @Test func aDoseChangesOnlyWhenItIsSaid() async throws {
        let meds = try TestSupport.modelFile("meds", #"""
            {"interactionModel":{"languageModel":{"invocationName":"pill pal","intents":[
              {"name":"AddMedicationIntent","slots":[{"name":"medication","type":"MEDICATION"},{"name":"dose","type":"AMAZON.NUMBER"},{"name":"unit","type":"DOSE_UNIT"},
                {"name":"frequency","type":"FREQUENCY"},{"name":"time","type":"AMAZON.TIME"}],
               "samples":["add a medication","remind me to take {medication} at {time}","i need to take {dose} {unit} of {medication} {frequency}","i take {medication} {frequency} at {time}","{dose} {unit}","{frequency}"]},
              {"name":"TookMedicationIntent","slots":[{"name":"medication","type":"MEDICATION"}],"samples":["i took my {medication}","mark {medication} as taken"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],"types":[
              {"name":"MEDICATION","values":[{"name":{"value":"ibuprofen","synonyms":["advil"]}},{"name":{"value":"metformin"}},{"name":{"value":"insulin"}}]},
              {"name":"DOSE_UNIT","values":[{"name":{"value":"milligrams","synonyms":["mg"]}},{"name":{"value":"pills","synonyms":["pill"]}}]},
              {"name":"FREQUENCY","values":[{"name":{"value":"once a day","synonyms":["daily"]}},{"name":{"value":"twice a day","synonyms":["two times a day"]}},{"name":{"value":"every night"}}]}]},
             "dialog":{"delegationStrategy":"ALWAYS","intents":[{"name":"AddMedicationIntent","confirmationRequired":true,"prompts":{"confirmation":"Confirm.Add"},"slots":[
               {"name":"medication","type":"MEDICATION","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Medication"}},
               {"name":"dose","type":"AMAZON.NUMBER","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Dose"}},
               {"name":"unit","type":"DOSE_UNIT","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Unit"}},
               {"name":"frequency","type":"FREQUENCY","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Frequency"}},
               {"name":"time","type":"AMAZON.TIME","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Time"}}]}]},
             "prompts":[{"id":"Elicit.Medication","variations":[{"type":"PlainText","value":"Which medication?"}]},
                        {"id":"Elicit.Dose","variations":[{"type":"PlainText","value":"How many?"}]},
                        {"id":"Elicit.Unit","variations":[{"type":"PlainText","value":"Milligrams or pills?"}]},
                        {"id":"Elicit.Frequency","variations":[{"type":"PlainText","value":"How often?"}]},
                        {"id":"Elicit.Time","variations":[{"type":"PlainText","value":"At what time?"}]},
                        {"id":"Confirm.Add","variations":[{"type":"PlainText","value":"{dose} {unit} of {medication} {frequency} at {time}. Right?"}]}]}}
            """#)
        let turns = await DialogManagerTests.talk(try Self.host(models: [meds]), [
            "i need to take 500 mg of metformin twice a day", "9 am and 9 pm", "wait it's 400 milligrams", "make it three times a day",
        ])
        #expect(turns.map(\.speech) == [
            "At what time?", "500 mg of metformin twice a day at 21:00. Right?", "400 milligrams of metformin twice a day at 21:00. Right?",
            "400 milligrams of metformin three times a day at 21:00. Right?",
        ])
    }

    /// Answers as people give them: a date months ahead is a date (and the validation says
    /// why it is refused), and a car with its year is the car, not a year for the date.
    @Test func answersAsPeopleGiveThem() async throws {
        let host = try Self.host(models: [Self.garage])
        let turns = await DialogManagerTests.talk(host, ["book a tire rotation", "in three months", "a week from friday", "noon", "it's a 2015 honda civic"])
        #expect(turns.prefix(4).map(\.speech) == ["Which day suits you?", "We book up to two months ahead. Which day?", "What time?", "And what make is the car?"])
        #expect(turns[4].speech.hasPrefix("Booking tire rotation for your 2015 honda civic on "), "\(turns[4].speech)")
        // Another slot's values said instead are those slots', and the make is asked again.
        let other = try Self.host(models: [Self.garage])
        let stated = await DialogManagerTests.talk(other, ["book a tire rotation for my honda", "tomorrow", "noon", "no, friday at 5 pm"])
        #expect(stated[3].speech.hasSuffix(" at 17:00. Shall I?"), "\(stated[3].speech)")
    }

    /// A change of mind about the one city given, said while the date is asked, changes it:
    /// "actually make it phoenix", with Denver the destination and no origin, is the
    /// destination (it was a stray sentence, handed to whatever skill read a city alone).
    @Test func aCityChangedWhileTheDateIsAsked() async throws {
        let flights = try TestSupport.modelFile("flights", #"""
            {"interactionModel":{"languageModel":{"invocationName":"flight booker","intents":[
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},
              {"name":"BookFlightIntent","slots":[{"name":"fromCity","type":"AMAZON.US_CITY"},{"name":"toCity","type":"AMAZON.US_CITY"},{"name":"date","type":"AMAZON.DATE"}],
               "samples":["book a flight to {toCity}","book a flight from {fromCity} to {toCity}","i need a flight to {toCity} on {date}","i want to book a flight"]}],"types":[]},
             "dialog":{"delegationStrategy":"ALWAYS","intents":[{"name":"BookFlightIntent","confirmationRequired":true,"prompts":{"confirmation":"Confirm.Book"},"slots":[
               {"name":"toCity","type":"AMAZON.US_CITY","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.To"}},
               {"name":"date","type":"AMAZON.DATE","elicitationRequired":true,"confirmationRequired":false,"prompts":{"elicitation":"Elicit.Date"}},
               {"name":"fromCity","type":"AMAZON.US_CITY","elicitationRequired":false,"confirmationRequired":false,"prompts":{}}]}]},
             "prompts":[{"id":"Elicit.To","variations":[{"type":"PlainText","value":"Where to?"}]},{"id":"Elicit.Date","variations":[{"type":"PlainText","value":"What day?"}]},
               {"id":"Confirm.Book","variations":[{"type":"PlainText","value":"A flight to {toCity} on {date}. Shall I book it?"}]}]}}
            """#)
        let host = try Self.host(models: [flights])
        let turns = await DialogManagerTests.talk(host, ["i want to book a flight", "to denver", "actually make it phoenix", "december 3rd 2026"])
        #expect(turns.map(\.speech) == ["Where to?", "What day?", "What day?", "A flight to phoenix on 2026-12-03. Shall I book it?"])
    }

    /// A short answer is the answer, unless it is another skill's sample word for word and no
    /// word of this skill's: "quiz me", asked which make the car is, is the language skill's.
    @Test func anotherSkillsSampleIsNoShortAnswer() async throws {
        let translate = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/translate-en-US.json").path
        let host = try Self.host(models: [Self.garage, translate])
        let turns = await DialogManagerTests.talk(host, ["book an oil change for friday at 9", "quiz me"])
        #expect(turns[0].speech == "And what make is the car?")
        #expect(turns[1].speaker == "Word Wise", "\(turns[1].speaker): \(turns[1].speech)")
        let other = try Self.host(models: [Self.garage, translate])
        let answered = await DialogManagerTests.talk(other, ["book an oil change for friday at 9", "a tesla"])
        #expect(answered[1].speech.hasPrefix("Booking oil change for your tesla on "), "\(answered[1].speech)")
    }
}
