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

/// A change of mind said while the dialog asks for something else, about a slot whose type lists
/// nothing: a number, a date or a city is heard where the slot's own words frame it.
@Suite struct FramedValuesTests {
    static let hotel = SkillNLU(skillID: "hotel", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"stay finder","intents":[
          {"name":"BookRoomIntent","slots":[
             {"name":"city","type":"AMAZON.US_CITY","samples":["{city}","in {city}"]},
             {"name":"checkIn","type":"AMAZON.DATE","samples":["{checkIn}","on {checkIn}","checking in {checkIn}"]},
             {"name":"nights","type":"AMAZON.NUMBER","samples":["{nights}","{nights} nights","for {nights} nights"]},
             {"name":"guests","type":"AMAZON.NUMBER","samples":["{guests}","{guests} people","for {guests} guests"]},
             {"name":"roomType","type":"ROOM_TYPE","samples":["{roomType}","a {roomType} room"]}],
           "samples":["book a room","i need a hotel","find me a hotel in {city}","book a {roomType} room in {city}","i need a room in {city} for {nights} nights",
                      "book a hotel in {city} on {checkIn}","reserve a {roomType} for {nights} nights","get me a room for {checkIn}","i want to stay in {city}"]},
          {"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[{"name":"ROOM_TYPE","values":[{"name":{"value":"single"}},{"name":{"value":"double"}},{"name":{"value":"suite"}}]}]}}}
        """#))
    static let today = CivilDate(year: 2026, month: 11, day: 25)

    static func stated(_ text: String, except: SlotName?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: hotel.statedValues(Utterance(text), intent: "BookRoomIntent", except: except, today: today).map { ($0.name.rawValue, $0.value) })
    }

    @Test(arguments: [("actually make it four nights", ["nights": "4"]), ("make that three people", ["guests": "3"]),
                      ("no wait, change the city to boston", ["city": "boston"]), ("the check in should be friday", ["checkIn": "2026-11-27"]),
                      ("actually a double room for 3 nights", ["roomType": "double", "nights": "3"])])
    func aValueFramedByItsSlotsWordsIsThatSlots(text: String, expected: [String: String]) {
        #expect(Self.stated(text, except: "roomType").merging(Self.stated(text, except: nil)) { a, _ in a } == expected)
    }

    /// A number or a city alone says nothing of which slot it is for; nor do words too few to
    /// hold the frame and a value.
    @Test(arguments: ["four", "make it four", "boston", "help", "nights", ""])
    func aBareValueOrAFrameAloneIsNone(text: String) {
        #expect(Self.stated(text, except: "roomType").isEmpty)
    }

    /// More than was asked for (the city), in one sentence: the tagger's "friday" as the room
    /// type is the check-in date, and its "the fifth" is the whole date said.
    @Test(arguments: [("boston next friday for three nights", "2026-11-27"), ("boston on the fifth of january twenty twenty eight for three nights", "2028-01-05")])
    func aDateIsTheWholeDateAndNoRoomType(text: String, date: String) throws {
        let asking = SkillNLU.Elicitation(intent: "BookRoomIntent", slot: "city")
        let best = try #require(Self.hotel.parse(Utterance(text), eliciting: asking, today: Self.today).first)
        let slots = Dictionary(uniqueKeysWithValues: best.slots.map { ($0.name.rawValue, $0.value) })
        #expect(slots["checkIn"] == date)
        #expect(slots["roomType"] == nil)
        #expect(slots["city"] == "boston")
    }

    /// A question asked instead of an answer, or no answer ("i don't know yet"), is no value of a
    /// listed type, however the answer patterns read it ("{roomType}" takes any words); a short
    /// unlisted answer still is.
    @Test(arguments: [("wait, what rooms do you have", nil), ("can i change the city to boston", nil), ("is there a view", nil), ("i don't know yet", nil), ("not sure", nil), ("penthouse", "penthouse")])
    func aQuestionIsNoAnswer(text: String, room: String?) {
        let asking = SkillNLU.Elicitation(intent: "BookRoomIntent", slot: "roomType")
        let best = Self.hotel.parse(Utterance(text), eliciting: asking, today: Self.today).first
        #expect(best?.slots.first { $0.name == "roomType" }?.value == room)
        #expect(SkillNLU.isQuestion(Utterance(text).words) || SkillNLU.saysNoAnswer(Utterance(text).words) == (room == nil))
    }
}
