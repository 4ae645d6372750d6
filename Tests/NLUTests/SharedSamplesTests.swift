@testable import NLU
import SkillModel
import Testing

/// Intents of one skill whose samples open alike ("play {station}", "play a game") or share a
/// slot type ("start {device}", "make coffee with the {device}"): the words a value holds that
/// only another intent says are that intent's evidence, not the first sample's.
@Suite struct SharedSamplesTests {
    static let media = SkillNLU(skillID: "media", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"media center","intents":[
          {"name":"PlayRadioIntent","slots":[{"name":"station","type":"STATION"}],
           "samples":["play {station}","put on {station}","tune in to {station}","play the radio","play {station} radio"]},
          {"name":"PlayGameIntent","slots":[{"name":"game","type":"GAME"}],
           "samples":["let's play a game","play a game with me","start a game","i want to play {game}","start {game}"]},
          {"name":"PlayPodcastIntent","slots":[{"name":"show","type":"SHOW"}],
           "samples":["play the next podcast episode","play the podcast {show}","resume my podcast","play the latest episode of {show}"]},
          {"name":"AMAZON.StopIntent","samples":[]}],
         "types":[{"name":"STATION","values":[{"name":{"value":"kexp"}},{"name":{"value":"jazz fm"}},{"name":{"value":"npr"}}]},
                  {"name":"GAME","values":[{"name":{"value":"trivia"}},{"name":{"value":"chess"}}]},
                  {"name":"SHOW","values":[{"name":{"value":"planet money"}},{"name":{"value":"radiolab"}}]}]}}}
        """#))

    /// "play {station}" matches each of these word for word, with a station nobody lists ("chess"
    /// is a game).
    @Test(arguments: [("play game", "PlayGameIntent"), ("play game with me", "PlayGameIntent"), ("play that podcast please", "PlayPodcastIntent"),
                      ("play the next episode", "PlayPodcastIntent"), ("play chess", "PlayGameIntent"), ("play kexp", "PlayRadioIntent")])
    func aValueSayingAnotherIntentsWordsIsThatIntents(text: String, intent: String) throws {
        let best = try #require(Self.media.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent)
    }

    static let home = try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"home helper","intents":[
          {"name":"StartCleaningIntent","slots":[{"name":"device","type":"DEVICE"}],
           "samples":["start {device}","please start the {device}","run the {device}","start cleaning","vacuum the floor"]},
          {"name":"MakeCoffeeIntent","slots":[{"name":"device","type":"DEVICE"}],
           "samples":["make me a coffee","brew some coffee","make coffee with the {device}","coffee please"]}],
         "types":[{"name":"DEVICE","values":[{"name":{"value":"vacuum"}},{"name":{"value":"robot vacuum"}},{"name":{"value":"coffee pot"}},
                                              {"name":{"value":"coffee maker"}},{"name":{"value":"roomba"}}]}]}}}
        """#)

    /// A shared type's values go to the intents whose words they do not contradict: the
    /// vacuum's sentences are not made with the coffee pot, nor the coffee's with the vacuum;
    /// a value no intent objects to ("roomba") goes to both.
    @Test func generatedSentencesLeaveAValueToTheIntentThatSaysItsWords() {
        let intents = Self.home.intents
        let examples = TrainingSet(model: Self.home, intents: intents, extraSamples: [:], perIntent: 200, seed: 7).examples
        func values(of intent: String) -> Set<String> {
            let index = intents.firstIndex { $0.name.rawValue == intent }!
            return Set(examples.filter { $0.intent == index }.map { example in
                zip(example.words, example.labels).filter { $0.1 != 0 }.map(\.0).joined(separator: " ")
            }.filter { !$0.isEmpty })
        }
        let cleaning = values(of: "StartCleaningIntent")
        let coffee = values(of: "MakeCoffeeIntent")
        #expect(cleaning.contains("roomba") && coffee.contains("roomba"))
        #expect(!cleaning.contains("coffee pot") && !cleaning.contains("coffee maker"))
        #expect(coffee.contains("coffee pot"))
        #expect(!coffee.contains("vacuum") && !coffee.contains("robot vacuum"))
    }
}
