@testable import NLU
import SkillModel
import Testing

/// A sleep-sounds player, written as its developer would: a sound from a short list with a
/// duration, a sleep timer, a volume said as a direction, a list of the sounds, and the
/// audio player's built-in intents.
@Suite struct SleepSoundsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 27)

    static let player = SkillNLU(skillID: "sleep", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"sleep sounds","intents":[
          {"name":"PlaySoundIntent","slots":[{"name":"sound","type":"SOUND"},{"name":"duration","type":"AMAZON.DURATION"}],
           "samples":["play {sound}","play some {sound}","play {sound} sounds","play the {sound} sound","i want to hear {sound}","put on {sound}",
                      "play {sound} for {duration}","help me sleep with {sound}","start {sound}","play something","start playing"]},
          {"name":"SleepTimerIntent","slots":[{"name":"duration","type":"AMAZON.DURATION"}],
           "samples":["set a sleep timer for {duration}","stop playing in {duration}","turn off in {duration}","set a sleep timer"]},
          {"name":"ListSoundsIntent","samples":["what sounds do you have","what can i listen to","list the sounds","what are my options"]},
          {"name":"VolumeIntent","slots":[{"name":"level","type":"AMAZON.NUMBER"},{"name":"direction","type":"DIRECTION"}],
           "samples":["set the volume to {level}","volume {level}","turn it {direction}","turn the volume {direction}","make it {direction}","a little {direction}"]},
          {"name":"AMAZON.PauseIntent","samples":[]},{"name":"AMAZON.ResumeIntent","samples":[]},{"name":"AMAZON.HelpIntent","samples":[]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"SOUND","values":[{"name":{"value":"rain","synonyms":["rainfall","rain on a roof"]}},{"name":{"value":"ocean waves","synonyms":["ocean","waves"]}},
                                            {"name":{"value":"thunderstorm","synonyms":["thunder","storm"]}},{"name":{"value":"fireplace","synonyms":["crackling fire"]}},
                                            {"name":{"value":"white noise"}}]},
                  {"name":"DIRECTION","values":[{"name":{"value":"up","synonyms":["louder","higher"]}},{"name":{"value":"down","synonyms":["quieter","softer","lower"]}}]}]}}}
        """#))

    /// Words of degree after a sample said whole do not make it another sentence: the listed
    /// value is the slot's, as in "turn it up".
    @Test(arguments: [("turn it up a little", "up"), ("turn the volume up a bit", "up"), ("turn it down a lot", "down"), ("make it louder for me", "louder")])
    func wordsOfDegreeAfterASampleLeaveItsValue(text: String, direction: String) throws {
        let best = try #require(Self.player.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "VolumeIntent")
        #expect(best.slots.first { $0.name == "direction" }?.value == direction)
    }

    /// "the storm one" names the storm.
    @Test func oneAfterAListedValueIsNotTheValue() throws {
        let best = try #require(Self.player.parse(Utterance("play the storm one"), today: Self.today).first)
        #expect(best.slots.first { $0.name == "sound" }?.value == "storm")
    }

    /// The skill's own sample outranks a built-in intent's phrase that says the same words.
    @Test func anOwnSampleOutranksABuiltInPhrase() throws {
        let best = try #require(Self.player.parse(Utterance("what are my options"), today: Self.today).first)
        #expect(best.intent == "ListSoundsIntent")
        #expect(Self.player.parse(Utterance("help"), today: Self.today).first?.intent == "AMAZON.HelpIntent")
    }

    /// "keep playing" resumes; it does not start another sound.
    @Test func keepPlayingResumes() throws {
        #expect(Self.player.parse(Utterance("keep playing"), today: Self.today).first?.intent == "AMAZON.ResumeIntent")
    }

    /// "something" is no sound, though the type lists everyday words ("rain"): the skill
    /// chooses or asks.
    @Test(arguments: ["i can't sleep put on something", "put on some stuff", "play anything"])
    func aPlaceholderIsNoSound(text: String) throws {
        let best = try #require(Self.player.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "PlaySoundIntent")
        #expect(best.slots.isEmpty, "\(best.slots)")
    }

    /// Nor is a contraction: "i can't sleep" plays no sound "can't".
    @Test(arguments: ["i can't sleep", "i won't sleep", "i can't sleep with rain"])
    func aContractionIsNoSound(text: String) throws {
        let player = SkillNLU(skillID: "sounds", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"sleep sounds","intents":[
              {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},{"name":"AMAZON.PauseIntent","samples":[]},{"name":"AMAZON.ResumeIntent","samples":[]},{"name":"AMAZON.LoopOnIntent","samples":[]},{"name":"AMAZON.LoopOffIntent","samples":[]},{"name":"AMAZON.NextIntent","samples":[]},{"name":"AMAZON.ShuffleOnIntent","samples":[]},
              {"name":"PlaySoundIntent","slots":[{"name":"Sound","type":"SOUND"},{"name":"Duration","type":"AMAZON.DURATION"}],"samples":["play {Sound}","play {Sound} sounds","i want to hear {Sound}","play {Sound} for {Duration}","help me sleep with {Sound}","put on some {Sound}","play the sound of {Sound}"]},
              {"name":"SleepTimerIntent","slots":[{"name":"Duration","type":"AMAZON.DURATION"}],"samples":["stop playing in {Duration}","set a sleep timer for {Duration}","turn off after {Duration}","stop after {Duration}","sleep timer {Duration}"]},
              {"name":"ListSoundsIntent","samples":["what sounds do you have","list the sounds","what can i listen to","which sounds are there"]}],
             "types":[{"name":"SOUND","values":[{"name":{"value":"rain","synonyms":["rainfall","rainstorm"]}},{"name":{"value":"ocean waves","synonyms":["waves","ocean","the sea"]}},{"name":{"value":"thunderstorm"}},{"name":{"value":"white noise","synonyms":["static"]}},{"name":{"value":"fan","synonyms":["box fan"]}},{"name":{"value":"forest","synonyms":["birds"]}},{"name":{"value":"fireplace","synonyms":["crackling fire","fire"]}},{"name":{"value":"brown noise"}},{"name":{"value":"creek","synonyms":["stream","babbling brook"]}}]}]}}}
            """#))
        let best = try #require(player.parse(Utterance(text), today: Self.today).first)
        #expect(!best.slots.contains { ["can't", "won't"].contains($0.value) }, "\(best.slots)")
    }

    /// Asked which sound, a question is no sound; a sound, said however, is.
    @Test(arguments: [("hmm what do you have", nil), ("what would you recommend", nil), ("which ones are there", nil), ("what sounds", nil), ("which kinds", nil),
                      ("rain please", "rain"), ("the crackling fire", "crackling fire")])
    func aQuestionIsNoCategorysValue(text: String, sound: String?) {
        let asking = SkillNLU.Elicitation(intent: "PlaySoundIntent", slot: "sound")
        let best = Self.player.parse(Utterance(text), eliciting: asking, today: Self.today).first
        #expect((best?.intent == "PlaySoundIntent" ? best?.slots.first { $0.name == "sound" }?.value : nil) == sound)
    }
}

/// A text adventure, written as its developer would: things to take, use and throw, people
/// to talk to and fight.
@Suite struct AdventureTests {
    static let today = CivilDate(year: 2026, month: 11, day: 27)

    static let cave = SkillNLU(skillID: "cave", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"dark cave","intents":[
          {"name":"TakeIntent","slots":[{"name":"item","type":"ITEM"}],"samples":["take the {item}","pick up the {item}","grab the {item}"]},
          {"name":"DropIntent","slots":[{"name":"item","type":"ITEM"}],"samples":["drop the {item}","throw away the {item}","get rid of the {item}"]},
          {"name":"AttackIntent","slots":[{"name":"character","type":"CHARACTER"},{"name":"item","type":"ITEM"}],
           "samples":["attack the {character}","hit the {character} with the {item}","throw the {item} at the {character}"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"ITEM","values":[{"name":{"value":"sword"}},{"name":{"value":"torch"}},{"name":{"value":"apple"}}]},
                  {"name":"CHARACTER","values":[{"name":{"value":"troll"}},{"name":{"value":"old man"}}]}]}}}
        """#))

    /// A pronoun after a listed value stands for someone already named: "at him" is no part
    /// of the sword.
    @Test(arguments: ["throw the sword at him", "take the torch with me"])
    func aPronounAfterAListedValueIsNotTheValue(text: String) throws {
        let best = try #require(Self.cave.parse(Utterance(text), today: Self.today).first)
        #expect(["sword", "torch"].contains(best.slots.first { $0.name == "item" }?.value))
    }

    /// A listed value said where the samples put the slot is the value, not an unlisted word
    /// after it: "go up the stairs" goes up, "b as in boy" answers b.
    @Test(arguments: [("go up the stairs", "up"), ("head north through the tunnel", "north"), ("b as in boy", "b"), ("the answer is c as in cat", "c")])
    func aListedValueWhereTheSampleSaysItIsTheValue(text: String, value: String) throws {
        let game = SkillNLU(skillID: "game", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"cave quiz","intents":[
              {"name":"GoIntent","slots":[{"name":"direction","type":"DIRECTION"}],"samples":["go {direction}","head {direction}","walk {direction}","{direction}","go to the {direction}"]},
              {"name":"AnswerIntent","slots":[{"name":"letter","type":"LETTER"}],"samples":["{letter}","the answer is {letter}","i think it's {letter}","option {letter}","my answer is {letter}"]},
              {"name":"LookIntent","samples":["look around","where am i"]},
              {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[{"name":"DIRECTION","values":[{"name":{"value":"north"}},{"name":{"value":"south"}},{"name":{"value":"up"}},{"name":{"value":"down"}}]},
                      {"name":"LETTER","values":[{"name":{"value":"a"}},{"name":{"value":"b"}},{"name":{"value":"c"}},{"name":{"value":"d"}}]}]}}}
            """#))
        let best = try #require(game.parse(Utterance(text), today: Self.today).first)
        #expect(best.slots.map(\.value) == [value], "\(best.slots)")
    }

    /// A sample of function words alone ("where am i") said with an adverb or a filler is the
    /// sample; said with more, it is not.
    @Test(arguments: [("where am i now", "LookIntent"), ("ok where am i", "LookIntent"), ("where am i going", nil)])
    func aPlainSampleWithAnAdverb(text: String, intent: String?) throws {
        let game = SkillNLU(skillID: "game", model: try InteractionModel(parsing: #"""
            {"interactionModel":{"languageModel":{"invocationName":"cave quest","intents":[
              {"name":"GoIntent","slots":[{"name":"direction","type":"DIRECTION"}],"samples":["go {direction}","head {direction}","walk {direction}"]},
              {"name":"LookIntent","samples":["look around","where am i","describe the room"]},
              {"name":"InventoryIntent","samples":["what's in my pack","check my inventory","what am i carrying"]},
              {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
             "types":[{"name":"DIRECTION","values":[{"name":{"value":"north"}},{"name":{"value":"south"}}]}]}}}
            """#))
        let best = try #require(game.parse(Utterance(text), today: Self.today).first)
        if let intent {
            #expect(best.intent.rawValue == intent)
        } else {
            #expect(best.intent == .fallback || best.score < 0.5, "\(best)")
        }
    }
}
