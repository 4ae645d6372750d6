import Foundation
import SkillHost
import SkillModel
import Testing
import TestSupport

/// The whole host path with real libraries: text → NLU → envelope over the C ABI → response.
@Suite struct HostEngineTests {
    static func host(extra: (String) throws -> Void = { _ in }) throws -> HostEngine {
        let folder = try TestSupport.folderWithProducts(["HelloWorld", "CoinFlip"])
        try extra(folder)
        return try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .milliseconds(300) * TestSupport.patience, nluCache: TestSupport.nluCache))
    }

    @Test func runsTheHelloWorldTranscript() async throws {
        let host = try Self.host()
        #expect(host.refusals.isEmpty)
        let launch = await host.turn("open hello world")
        #expect(launch.skillID == "com.skillhost.examples.helloworld")
        #expect(launch.requestType == "LaunchRequest")
        #expect(launch.speech == "Welcome, you can say Hello or Help. Which would you like to try?")
        #expect(launch.reprompt == launch.speech)
        #expect(!launch.endSession)
        let hello = await host.turn("hello")
        #expect(hello.intent == "HelloWorldIntent")
        #expect(hello.speech == "Hello World!")
        #expect(await host.sessionOwner == "com.skillhost.examples.helloworld")
        let help = await host.turn("help")
        #expect(help.intent == "AMAZON.HelpIntent")
        #expect(help.speech == "You can say hello to me! How can I help?")
        let stop = await host.turn("stop")
        #expect(stop.speech == "Goodbye!")
        #expect(stop.endSession)
        #expect(await host.sessionOwner == nil)
    }

    /// A 10 MB line is refused by name at once; the session it arrived in carries on.
    @Test func anOverlongUtteranceIsRefusedAndTheSessionKept() async throws {
        let host = try Self.host()
        _ = await host.turn("open coin flip")
        #expect(await host.turn("flip a coin").speech == "Heads.")
        let long = await host.turn(String(repeating: "flip a coin ", count: 900_000))
        #expect(long.error == "the utterance is 10800000 characters long, over the limit of 1000; it was not read")
        #expect(long.speech == "That was too long for me. Please say it in fewer words.")
        #expect(!long.endSession)
        #expect(long.skillID == "com.skillhost.examples.coinflip")
        #expect(await host.sessionOwner == "com.skillhost.examples.coinflip")
        #expect(await host.turn("flip again").speech == "Tails.")
    }

    @Test func sessionAttributesTravelThroughTheEnvelope() async throws {
        let host = try Self.host()
        _ = await host.turn("open coin flip")
        #expect(await host.turn("flip a coin").speech == "Heads.")
        #expect(await host.turn("flip again").speech == "Tails.")
        #expect(await host.turn("flip").speech == "Heads.")
    }

    @Test func aOneShotRunsTheIntentDirectly() async throws {
        let host = try Self.host()
        let result = await host.turn("ask hello world to say hello")
        #expect(result.requestType == "IntentRequest")
        #expect(result.speech == "Hello World!")
    }

    @Test func nameFreeUtterancesFindTheSkillThatUnderstandsThem() async throws {
        let host = try Self.host()
        let result = await host.turn("flip a coin")
        #expect(result.skillID == "com.skillhost.examples.coinflip")
        #expect(result.speech == "Heads.")
    }

    @Test func exitEndsTheSessionWithSessionEndedRequest() async throws {
        let host = try Self.host()
        _ = await host.turn("open hello world")
        let exit = await host.turn("exit")
        #expect(exit.requestType == "SessionEndedRequest")
        #expect(exit.endSession)
        #expect(exit.error == nil)
        #expect(await host.sessionOwner == nil)
    }

    @Test func unknownUtterancesInSessionGoToFallback() async throws {
        let host = try Self.host()
        _ = await host.turn("open hello world")
        let result = await host.turn("order a pizza with anchovies")
        #expect(result.intent == "AMAZON.FallbackIntent")
        #expect(result.speech == "Sorry, I don't know about that. Please try again.")
    }

    @Test func anEmptyLineRepeatsTheReprompt() async throws {
        let host = try Self.host()
        _ = await host.turn("open hello world")
        let empty = await host.turn("   ")
        #expect(empty.speech == "Welcome, you can say Hello or Help. Which would you like to try?")
        #expect(empty.requestType == nil)
    }

    @Test func theHostAnswersWhenNoSkillDoes() async throws {
        let host = try Self.host()
        let result = await host.turn("what is the meaning of life")
        #expect(result.skillID == nil)
        #expect(result.speech.contains("open hello world"))
        #expect(result.speech.contains("open coin flip"))
    }

    @Test func aFailingSkillCostsOneTurnAndGetsSessionEndedWithError() async throws {
        let host = try Self.host { folder in
            _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["SKILL_FAILS", "INVOCATION=\"broken thing\""], into: folder, name: "broken")
            _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["BAD_RESPONSE", "SKILL_ID=\"com.test.garbled\"", "INVOCATION=\"garbled thing\""], into: folder, name: "garbled")
            _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["NEVER_DONE", "SKILL_ID=\"com.test.hung\"", "INVOCATION=\"hung thing\""], into: folder, name: "hung")
        }
        let failed = await host.turn("open broken thing")
        #expect(failed.speech == "There was a problem with the requested skill's response.")
        #expect(failed.error?.contains("fixture failed on purpose") == true)
        #expect(failed.endSession)
        let garbled = await host.turn("open garbled thing")
        #expect(garbled.error?.contains("invalid response") == true)
        let hung = await host.turn("open hung thing")
        #expect(hung.error?.contains("did not answer before its deadline") == true)
        #expect(hung.endSession)
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    @Test func refusedLibrariesAreReportedAndTheRestServe() async throws {
        let host = try Self.host { folder in
            try "garbage".write(toFile: "\(folder)/garbage.so", atomically: false, encoding: .utf8)
        }
        #expect(host.refusals.count == 1)
        #expect(host.refusals.first?.code == .notELF)
        #expect(await host.turn("open hello world").speech.hasPrefix("Welcome"))
    }

    @Test func anAnswerToElicitSlotFillsTheSlotOfTheIntentUnderWay() async throws {
        let host = try Self.host { folder in
            _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["ELICIT", "SKILL_ID=\"com.test.elicit\"", "INVOCATION=\"echo chamber\""], into: folder, name: "elicit")
        }
        #expect(await host.turn("open echo chamber").speech == "Say echo.")
        let question = await host.turn("echo")
        #expect(question.speech == "What thing?")
        let answer = await host.turn("a purple banana")
        #expect(answer.intent == "EchoIntent")
        #expect(answer.speech == "you said a purple banana (IN_PROGRESS)")
        #expect(answer.slots.map(\.value) == ["a purple banana"])
    }

    @Test func aSecondSkillWithTheSameInvocationNameIsRefused() async throws {
        let host = try Self.host { folder in
            _ = try TestSupport.compileC(TestSupport.fixtureSkillSource, defines: ["SKILL_ID=\"com.test.imposter\"", "INVOCATION=\"Hello-World\""], into: folder, name: "zz-imposter")
        }
        let refusal = try #require(host.refusals.first)
        #expect(refusal.code == .invocationNameTaken)
        #expect(refusal.reason.contains("com.test.imposter"))
        #expect(refusal.reason.contains("com.skillhost.examples.helloworld"))
        #expect(await host.turn("open hello world").skillID == "com.skillhost.examples.helloworld")
    }

    @Test func manyHostsRunAtOnce() async throws {
        let hosts = try (0..<4).map { _ in try Self.host() }
        await withTaskGroup(of: String.self) { group in
            for host in hosts {
                group.addTask {
                    _ = await host.turn("open coin flip")
                    return await host.turn("flip").speech
                }
            }
            for await speech in group { #expect(speech == "Heads.") }
        }
    }
}
