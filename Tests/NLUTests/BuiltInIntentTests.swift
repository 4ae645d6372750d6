import NLU
import SkillModel
import Testing

/// Built-in intents understand their usual phrases; out-of-domain sentences go nowhere.
@Suite struct BuiltInIntentTests {
    static let model = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"recipes","intents":[
          {"name":"FindRecipe","slots":[{"name":"dish","type":"DISH"}],"samples":["find a recipe for {dish}","how do i cook {dish}","recipe for {dish}"]},
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},
          {"name":"AMAZON.YesIntent","samples":[]},{"name":"AMAZON.NoIntent","samples":[]},{"name":"AMAZON.RepeatIntent","samples":[]},
          {"name":"AMAZON.StartOverIntent","samples":["from the top"]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},
          {"name":"AMAZON.NextIntent","samples":[]},{"name":"AMAZON.PreviousIntent","samples":[]},{"name":"AMAZON.PauseIntent","samples":[]},
          {"name":"AMAZON.ResumeIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"DISH","values":[{"id":"LASAGNA","name":{"value":"lasagna","synonyms":["lasagne"]}},{"name":{"value":"pad thai"}}]}]}}}
        """#)
    static let nlu = SkillNLU(skillID: "com.example.recipes", model: model)

    @Test(arguments: [
        ("help", "AMAZON.HelpIntent"), ("what can I say", "AMAZON.HelpIntent"), ("stop", "AMAZON.StopIntent"),
        ("shut up", "AMAZON.StopIntent"), ("cancel", "AMAZON.CancelIntent"), ("never mind", "AMAZON.CancelIntent"),
        ("yes", "AMAZON.YesIntent"), ("yeah", "AMAZON.YesIntent"), ("no", "AMAZON.NoIntent"), ("nope", "AMAZON.NoIntent"),
        ("yeah that is right", "AMAZON.YesIntent"), ("absolutely not", "AMAZON.NoIntent"), ("I do not think so", "AMAZON.NoIntent"),
        ("repeat that", "AMAZON.RepeatIntent"), ("start over", "AMAZON.StartOverIntent"), ("from the top", "AMAZON.StartOverIntent"),
        ("go home", "AMAZON.NavigateHomeIntent"), ("next", "AMAZON.NextIntent"), ("go back", "AMAZON.PreviousIntent"),
        ("pause", "AMAZON.PauseIntent"), ("resume", "AMAZON.ResumeIntent"), ("goodbye", "AMAZON.StopIntent"),
        ("main menu", "AMAZON.NavigateHomeIntent"), ("wait a second", "AMAZON.PauseIntent"), ("let's start again", "AMAZON.StartOverIntent"),
        ("skip this one", "AMAZON.NextIntent"), ("repeat the question", "AMAZON.RepeatIntent"), ("i didn't catch that", "AMAZON.RepeatIntent"),
        // Steps of a recipe or a guide.
        ("what's the next step", "AMAZON.NextIntent"), ("ok what's next", "AMAZON.NextIntent"), ("go back a step", "AMAZON.PreviousIntent"),
        // A game over: playing again is starting over, not hearing the last answer again.
        ("play again", "AMAZON.StartOverIntent"), ("i want to play again", "AMAZON.StartOverIntent"),
    ])
    func builtInPhrases(text: String, intent: String) {
        #expect(Self.nlu.parse(Utterance(text)).first?.intent.rawValue == intent)
    }

    /// The audio player's intents (which an audio skill must declare) and the screen's, with no
    /// samples, hear their phrases.
    @Test(arguments: [
        ("loop this", "AMAZON.LoopOnIntent"), ("put this on repeat", "AMAZON.LoopOnIntent"), ("stop looping", "AMAZON.LoopOffIntent"),
        ("shuffle", "AMAZON.ShuffleOnIntent"), ("turn off shuffle", "AMAZON.ShuffleOffIntent"), ("next page", "AMAZON.PageDownIntent"),
        ("repeat that", "AMAZON.RepeatIntent"), ("next", "AMAZON.NextIntent"),
    ])
    func playerPhrases(text: String, intent: String) throws {
        let player = SkillNLU(skillID: "player", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"rain sounds","intents":[
              {"name":"PlayIntent","slots":[{"name":"sound","type":"SOUND"}],"samples":["play {sound}","play some {sound}"]},
              {"name":"AMAZON.LoopOnIntent","samples":[]},{"name":"AMAZON.LoopOffIntent","samples":[]},{"name":"AMAZON.ShuffleOnIntent","samples":[]},
              {"name":"AMAZON.ShuffleOffIntent","samples":[]},{"name":"AMAZON.PageDownIntent","samples":[]},{"name":"AMAZON.RepeatIntent","samples":[]},
              {"name":"AMAZON.NextIntent","samples":[]},{"name":"AMAZON.PauseIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}],
             "types":[{"name":"SOUND","values":[{"name":{"value":"rain"}},{"name":{"value":"ocean waves"}}]}]}}}
            """#))
        #expect(player.parse(Utterance(text)).first?.intent.rawValue == intent)
    }

    @Test(arguments: [
        ("find a recipe for lasagne", Optional("lasagna"), Optional("LASAGNA"), ResolutionStatus.successMatch),
        ("recipe for Pad Thai", "pad thai", "pad thai", .successMatch),
        ("how do i cook beef wellington", nil, nil, .successNoMatch),
    ])
    func entityResolution(text: String, name: String?, id: String?, status: ResolutionStatus) throws {
        let best = try #require(Self.nlu.parse(Utterance(text)).first)
        #expect(best.intent == "FindRecipe")
        let resolution = try #require(best.slots.first?.resolution)
        #expect(resolution.authority == "amzn1.er-authority.echo-sdk.com.example.recipes.DISH")
        #expect(resolution.status == status)
        #expect(resolution.values.first?.name == name)
        #expect(resolution.values.first?.id == id)
    }

    @Test(arguments: ["what is the capital of france", "turn on the living room lights", "asdf qwerty zxcv", "the", "call my mother",
                      "what is two plus two", "send a message to bob", "how far is the moon"])
    func outOfDomainSentencesGoToFallback(text: String) {
        let readings = Self.nlu.parse(Utterance(text))
        #expect(readings.map(\.intent) == ["AMAZON.FallbackIntent"], "\(text) should be out of domain")
        #expect(readings.first.map { $0.score < 1 } == true)
    }

    /// The requests from other domains that teach the none class never teach a skill that its
    /// own words mean "none": a timer skill still hears timer requests.
    @Test func otherDomainsLeaveASkillsOwnWordsAlone() throws {
        let timers = try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"kitchen timer","intents":[
              {"name":"SetTimer","slots":[{"name":"length","type":"AMAZON.DURATION"}],"samples":["set a timer for {length}","start a {length} timer","time {length}"]},
              {"name":"CancelTimer","samples":["cancel my timer","stop the timer"]},
              {"name":"AMAZON.FallbackIntent","samples":[]}]}}}
            """#)
        let nlu = SkillNLU(skillID: "com.example.timers", model: timers)
        for text in ["start a timer for five minutes", "set a timer for an hour", "please set a timer for ten minutes"] {
            #expect(nlu.parse(Utterance(text)).first?.intent == "SetTimer", "\(text)")
        }
        #expect(nlu.parse(Utterance("cancel the timer")).first?.intent == "CancelTimer")
        #expect(nlu.parse(Utterance("what is the capital of france")).first?.intent == .fallback)
    }

    @Test func withoutFallbackOutOfDomainSentencesGoNowhere() {
        var model = Self.model
        model.intents.removeAll { $0.name == "AMAZON.FallbackIntent" }
        let nlu = SkillNLU(skillID: "com.example.recipes", model: model)
        #expect(nlu.parse(Utterance("what is the capital of france")).isEmpty)
    }

    @Test func higherSensitivitySendsMoreToFallback() {
        var strict = Self.model
        strict.fallbackIntentSensitivity = .high
        let lenient = SkillNLU(skillID: "com.example.recipes", model: Self.model)
        let high = SkillNLU(skillID: "com.example.recipes", model: strict)
        let sentences = ["could you maybe find me some food ideas", "cook something", "recipe stuff", "lasagna please", "i want recipes"]
        let acceptedLow = sentences.filter { !lenient.parse(Utterance($0)).isEmpty }.count
        let acceptedHigh = sentences.filter { !high.parse(Utterance($0)).isEmpty }.count
        #expect(acceptedHigh <= acceptedLow)
    }

    @Test(arguments: [("perfect", true), ("alright", true), ("uh huh", true), ("that works", true), ("not quite", false), ("that's not right", false), ("yes, thin crust", true)])
    func yesAndNoAsPeopleSayThem(sentence: String, yes: Bool) {
        #expect(BuiltInIntents.confirmation(Utterance(sentence).words) == yes)
    }

    /// Saying again what the question offers to do is a yes: "book it", asked "Shall I book it?".
    @Test func echoingTheOfferIsAYes() {
        let question = "A table for 2 at harbor grill on 2027-03-05 at 19:00, under mike. Shall I book it?"
        #expect(BuiltInIntents.echoesOffer(Utterance("book it").words, question: question))
        #expect(BuiltInIntents.echoesOffer(Utterance("yes please book it").words, question: question))
        #expect(!BuiltInIntents.echoesOffer(Utterance("cancel it").words, question: question))
        #expect(!BuiltInIntents.echoesOffer(Utterance("book").words, question: question))
        #expect(!BuiltInIntents.echoesOffer(Utterance("book it").words, question: "Which restaurant? I can book it."))
    }

    /// A built-in intent the model does not declare, one of whose phrases an intent of its own
    /// says as a sample: that intent hears the built-in's other phrases too.
    @Test func anIntentOfItsOwnHearsTheBuiltInsPhrases() throws {
        let model = try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"kitchen steps","intents":[
              {"name":"NextStepIntent","samples":["next step","what's next","continue"]},
              {"name":"RepeatStepIntent","samples":["repeat that step","say that again","what was that step"]},
              {"name":"MoodIntent","samples":["great","i feel fine"]},
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]}]}}}
            """#)
        let nlu = SkillNLU(skillID: "com.example.steps", model: model)
        for said in ["what did you say", "come again", "repeat that", "i didn't catch that"] {
            #expect(nlu.parse(Utterance(said)).first?.intent == "RepeatStepIntent", "\(said)")
        }
        #expect(nlu.ownIntent(hearing: "AMAZON.RepeatIntent") == "RepeatStepIntent")
        // A phrase of one word says too little: "continue" is no resume intent, "great" no yes.
        #expect(nlu.ownIntent(hearing: "AMAZON.ResumeIntent") == nil)
        #expect(nlu.ownIntent(hearing: "AMAZON.YesIntent") == nil)
        #expect(Self.nlu.ownIntent(hearing: "AMAZON.RepeatIntent") == nil)
    }
}
