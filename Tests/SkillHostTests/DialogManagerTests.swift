import Foundation
import SkillHost
import SkillModel
import Testing
import TestSupport

/// The dialog model run by the host against a real skill library (DialogProbe), turn by turn:
/// what the user hears, and exactly what the skill receives.
@Suite struct DialogManagerTests {
    static func host(seed: UInt64 = 0) throws -> HostEngine {
        let folder = try TestSupport.folderWithProducts(["DialogProbe"])
        return try HostEngine(options: HostOptions(skillFolders: [folder], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("dialog-data"), dialogSeed: seed))
    }

    static func talk(_ host: HostEngine, _ lines: [String]) async -> [TurnResult] {
        var results: [TurnResult] = []
        for line in lines { results.append(await host.turn(line)) }
        return results
    }

    /// "a coffee", which the model's own samples say with no slot ("i'd like a coffee"), names no
    /// drink: the dialog asks which, rather than refusing a drink called coffee.
    @Test func aWordTheSamplesSayNamesNoDrink() async throws {
        let turns = await Self.talk(try Self.host(), ["open dialog probe", "i want a coffee"])
        #expect(turns[1].speech == "Which drink would you like?")
        #expect(turns[1].question == .elicitSlot("drink"))
    }

    @Test func autoDelegationElicitsValidatesConfirmsAndSendsOneCompletedRequest() async throws {
        let host = try Self.host()
        await host.setRecordsEnvelopes(true)
        let turns = await Self.talk(host, ["open dialog probe", "i want a cola", "a chai please", "huge", "large", "yes", "yes"])
        #expect(turns.map(\.speech) == [
            "Dialog probe.",
            "Sorry, we don't have cola. We have latte, mocha or tea.",
            "What size chai?",
            "That cup doesn't exist. Small, medium or large?",
            "A large chai, is that right?",
            "A large chai. Shall I order it?",
            "Heard OrderIntent COMPLETED intent CONFIRMED, drink=chai, size=large CONFIRMED.",
        ])
        // The skill hears nothing while the host runs the dialog.
        #expect(turns[1...5].allSatisfy { $0.requestType == nil })
        #expect(turns[2].question == .elicitSlot("size"))
        #expect(turns[4].question == .confirmSlot("size"))
        #expect(turns[5].question == .confirmIntent)
        #expect(turns[6].dialogState == .completed)
        #expect(turns[6].requestJSON?.contains(#""new":false"#) == true)
        #expect(turns[6].requestJSON?.contains(#""id":"TEA""#) == true, "the synonym chai resolves to tea")
    }

    @Test func aDeniedSlotIsAskedAgainAndADeniedIntentReachesTheSkill() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["dialog probe order a large mocha", "no", "small", "yeah", "no thanks"])
        #expect(turns.map(\.speech) == [
            "A large mocha, is that right?",
            "What size mocha?",
            "A small mocha, is that right?",
            "A small mocha. Shall I order it?",
            "Heard OrderIntent COMPLETED intent DENIED, drink=mocha, size=small CONFIRMED.",
        ])
    }

    @Test func anOptionalSlotIsValidatedOnceSaid() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["open dialog probe", "order 12 latte", "small", "yes", "2", "yes"])
        #expect(turns[1].speech == "What size latte?", "slots are taken in the dialog model's order")
        #expect(turns[2].speech == "A small latte, is that right?")
        #expect(turns[3].speech == "I can make one to nine at a time. How many?")
        #expect(turns[4].speech == "A small latte. Shall I order it?")
        #expect(turns[5].speech == "Heard OrderIntent COMPLETED intent CONFIRMED, count=2, drink=latte, size=small CONFIRMED.")
    }

    @Test func skillResponseDelegationSendsEveryTurnWithItsDialogState() async throws {
        let host = try Self.host()
        await host.setRecordsEnvelopes(true)
        let turns = await Self.talk(host, ["open dialog probe", "book a table", "for 40 people", "four", "tomorrow"])
        #expect(turns[1].speech == "For how many people?")
        #expect(turns[1].requestJSON?.contains(#""dialogState":"STARTED""#) == true)
        #expect(turns[2].speech == "We seat one to twelve people. How many?")
        #expect(turns[2].requestJSON?.contains(#""dialogState":"IN_PROGRESS""#) == true, "the skill sees the value before the dialog model refuses it")
        #expect(turns[3].speech == "Which day?")
        #expect(turns[4].speech.hasPrefix("Booked. BookTableIntent COMPLETED intent NONE, day="))
        #expect(turns[4].speech.hasSuffix("people=4."))
    }

    @Test func theSkillsOwnDirectivesAreHonoured() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["open dialog probe", "rate my visit", "five", "no", "3", "yes", "yes"])
        #expect(turns.map(\.speech) == [
            "Dialog probe.",
            "How many stars, one to five?",  // ElicitSlot without speech: the model's prompt
            "5 stars, right?",
            "Then how many?",
            "3 stars, right?",
            "Send a rating of 3?",
            "Rated. RateIntent IN_PROGRESS intent CONFIRMED, stars=3 CONFIRMED.",
        ])
        #expect(turns[5].question == .confirmIntent)
    }

    @Test func somethingElseLeavesTheDialogAndAnEmptyLineAsksAgain() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["open dialog probe", "order a drink", "", "help"])
        #expect(turns[1].speech == turns[2].speech, "an empty line re-asks the question")
        #expect(turns[3].speech == "Heard AMAZON.HelpIntent no dialogState intent NONE.")
    }

    @Test func repeatSaysTheQuestionAgainAndTheDialogGoesOn() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["open dialog probe", "order a drink", "repeat that", "a latte"])
        #expect(turns[2].speech == turns[1].speech)
        #expect(turns[2].requestType == nil, "the host answers repeat itself")
        #expect(turns[3].slots.map(\.value) == ["latte"], "the question is still the one asked")
        #expect(turns[3].question == .elicitSlot("size"))
    }

    @Test func aCorrectionWhileConfirmingIsTheNewValue() async throws {
        let host = try Self.host()
        let turns = await Self.talk(host, ["open dialog probe", "order a latte", "medium", "actually make it large", "no, make it small", "no", "medium"])
        #expect(turns.dropFirst(2).map(\.speech) == [
            "A medium latte, is that right?",
            "A large latte, is that right?",
            "A small latte, is that right?",
            "What size latte?",
            "A medium latte, is that right?",
        ])
        #expect(turns[3].slots.map(\.value) == ["large"])
    }

    @Test func promptVariationsAreTheSameForTheSameSeed() async throws {
        func drinkPrompts(seed: UInt64) async throws -> [String] {
            let host = try Self.host(seed: seed)
            var prompts: [String] = []
            for _ in 0..<6 {
                prompts.append(await host.turn("dialog probe order a drink").speech)
                _ = await host.turn("exit")
            }
            return prompts
        }
        let first = try await drinkPrompts(seed: 7)
        #expect(try await drinkPrompts(seed: 7) == first)
        #expect(Set(first) == ["What would you like to drink?", "Which drink would you like?"])
    }
}
