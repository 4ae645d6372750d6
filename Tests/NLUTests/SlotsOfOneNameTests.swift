@testable import NLU
import SkillModel
import Testing

/// A baby log (a model written as a new user would) whose feeding and diaper intents each
/// have a slot named "kind", of different types: a thing one kind lists is no value of the
/// other, and the samples' shapes keep the two apart.
@Suite struct SlotsOfOneNameTests {
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
}
