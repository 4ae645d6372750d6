import Foundation
@testable import NLU
import SkillModel
import Testing

/// Days said without their year in sentences about the past, to an expense tracker (a model
/// written as a new user would): the last such day, not the next.
@Suite struct PastDatesTests {
    static let spending = try! LibraryAndTableTests.fixture("spending")
    /// Saturday, December 5th 2026.
    static let today = CivilDate(year: 2026, month: 12, day: 5)

    static func slots(_ text: String) throws -> [String: String] {
        let best = try #require(spending.parse(Utterance(text), today: today).first)
        return Dictionary(best.slots.map { ($0.name.rawValue, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: [
        ("how much have i spent on eating out in november", "2026-11"),
        ("how much did i spend on coffee in march", "2026-03"),
        ("what did i spend on december 25", "2025-12-25"),
        ("what did i spend on the 3rd", "2026-12-03"),
        ("how much did i spend on groceries on monday", "2026-11-30"),
        // A day the type reads, said whole where a category could stand, is the day.
        ("what did i spend on friday", "2026-12-04"),
    ])
    func aDaySaidInThePastIsTheLastOne(text: String, period: String) throws {
        #expect(try Self.slots(text)["period"] == period, "\(text)")
    }

    /// A day ahead by its words, or said of the future, stays ahead; so does one something is
    /// for ("what did i plan to spend for friday": the planning was, the spending is to come),
    /// and one said with past tense for politeness.
    @Test(arguments: [
        ("how much will i spend in january", "2027-01"),
        ("what did i spend next friday", "2026-12-11"),
        ("what did i plan to spend for friday", "2026-12-11"),
        ("i was hoping to check friday", "2026-12-11"),
    ])
    func aDayAheadStaysAhead(text: String, period: String) throws {
        #expect(try Self.slots(text)["period"] == period, "\(text)")
    }

    /// "i spent 20 on tuesday" logs an expense of 20 last tuesday: the summary's tagger took
    /// "20 on tuesday" for its day ("how much have i spent {period}"), which no day reads, and
    /// the log's "tuesday" where a category stands ("on {category}") is its empty date.
    @Test func anAmountAndADayAreAnExpense() throws {
        let best = try #require(Self.spending.parse(Utterance("i spent 20 on tuesday"), today: Self.today).first)
        #expect(best.intent == "LogExpenseIntent", "\(best)")
        #expect(best.slots.map { "\($0.name)=\($0.value)" } == ["amount=20", "date=2026-12-01"])
    }
}
