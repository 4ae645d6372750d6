import Foundation
@testable import NLU
import SkillModel
import Testing

/// A city library's holds, renewals and hours, a restaurant's table booking and a cab, written
/// as new users would (the SkillHost tests' fixtures), and what talking to them showed.
@Suite struct LibraryAndTableTests {
    /// The NLU of the SkillHost tests' fixture `NAME-en-US.json`.
    static func fixture(_ name: String) throws -> SkillNLU {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../SkillHostTests/Fixtures/\(name)-en-US.json").standardized
        return SkillNLU(skillID: SkillID(name), model: try InteractionModel(parsing: String(contentsOf: file, encoding: .utf8)))
    }

    static let library = try! fixture("library")

    static func slots(_ text: String) throws -> [String: String] {
        let best = try #require(library.parse(Utterance(text)).first)
        return Dictionary(best.slots.map { ($0.name.rawValue, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// "{title} by {author}" said with a branch after it: the title ends at "by". "stand by me"
    /// names nobody after "by", "killing by numbers" one everyday word: one title each.
    @Test func aTitleEndsAtByBeforeItsAuthor() throws {
        #expect(try Self.slots("hold educated by tara westover at oak park") == ["title": "educated", "author": "tara westover", "branch": "oak park"])
        #expect(try Self.slots("put a hold on stand by me") == ["title": "stand by me"])
        #expect(try Self.slots("reserve killing by numbers") == ["title": "killing by numbers"])
    }

    /// "all my books", "everything" name no title; "All My Sons", capitalised, does.
    @Test func everyOneOfAKindIsNoTitle() throws {
        #expect(try Self.slots("renew all my books please") == [:])
        #expect(try Self.slots("renew all of my loans") == [:])
        #expect(try Self.slots("renew All My Sons") == ["title": "All My Sons"])
    }

    /// "the latest", "the new one" say which of an author's books, and name no title: the
    /// author is the one named; "The New One", capitalised, is a title.
    @Test func whichOneOfASeriesIsNoTitle() throws {
        #expect(try Self.slots("hold the latest book by stephen king") == ["author": "stephen king"])
        #expect(try Self.slots("reserve the new one by colleen hoover") == ["author": "colleen hoover"])
        #expect(try Self.slots("reserve The New One") == ["title": "The New One"])
    }

    /// A table booked "for two at 7 for dinner" is at 19:00, not at a restaurant "7 for
    /// dinner" ("book a table for {partySize} at {restaurant}" swallowed a time the intent has
    /// an empty slot for).
    @Test func aTimeIsNoRestaurant() throws {
        let table = try Self.fixture("table")
        let best = try #require(table.parse(Utterance("book a table for two at 7 for dinner")).first)
        #expect(best.slots.map(\.name.rawValue).sorted() == ["partySize", "time"], "\(best.slots)")
        #expect(best.slots.first { $0.name == "time" }?.value == "19:00")
    }

    /// "get me an uber" goes nowhere "uber": the cab's samples lead the destination with "to",
    /// and "an uber" sits where "a taxi" does. "to the airport" still goes there.
    @Test func aValueNoSampleLeadsIsNone() throws {
        let cab = try Self.fixture("cab")
        #expect(try #require(cab.parse(Utterance("get me an uber")).first).slots.isEmpty)
        #expect(try #require(cab.parse(Utterance("get me a taxi to the airport")).first).slots.first?.value == "the airport")
    }
}
