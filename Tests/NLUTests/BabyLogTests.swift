@testable import NLU
import SkillModel
import Testing

/// A baby log (a model written as a new user would). Its feeding and diaper intents each have a
/// slot named "kind", of different types: a thing one kind lists is no value of the other, and
/// the samples' shapes keep the two apart.
@Suite struct BabyLogTests {
    static let baby = try! LibraryAndTableTests.fixture("baby")

    @Test(arguments: [
        ("he just had a bottle", "LogFeedingIntent", "bottle"),
        ("she had a poopy diaper", "LogDiaperIntent", "poopy"),
        ("he had a wet one", "LogDiaperIntent", "wet"),
        ("she drank four ounces of formula", "LogFeedingIntent", "formula"),
    ])
    func eachKindIsItsIntents(text: String, intent: String, kind: String) throws {
        let best = try #require(Self.baby.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(text)")
        #expect(best.slots.first { $0.name.rawValue == "kind" }?.value == kind, "\(text)")
    }

    /// A slot's token carries its type only where its name is another intent's slot's of
    /// another type; elsewhere it is its name, as before.
    @Test func aSlotsTokenNamesItsTypeWhereNamesClash() throws {
        let model = Self.baby.model
        let intents = model.intents.filter { !$0.slots.isEmpty }
        let tokens = Dictionary(uniqueKeysWithValues: zip(intents.map(\.name.rawValue), StatisticalNLU.slotTokens(intents)))
        #expect(tokens["LogFeedingIntent"]?.contains("{kind:FEEDING_KIND}") == true)
        #expect(tokens["LogDiaperIntent"]?.contains("{kind:DIAPER_KIND}") == true)
        #expect(tokens["LogDiaperIntent"]?.contains("{time}") == true, "both intents' time is AMAZON.TIME")
    }

    /// A number followed by a unit of time its slot's samples never say after it is a length,
    /// not the amount; a number the samples frame stays.
    @Test func aNumberBeforeAUnitOfTimeIsALength() throws {
        let nursed = try #require(Self.baby.parse(Utterance("i nursed her on the left side for twenty minutes")).first)
        #expect(nursed.intent.rawValue == "LogFeedingIntent")
        #expect(nursed.slots.map(\.name.rawValue) == ["side"])
        let drank = try #require(Self.baby.parse(Utterance("she had four ounces")).first)
        #expect(drank.slots.first { $0.name.rawValue == "amount" }?.value == "4")
    }
}
