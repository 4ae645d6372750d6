@testable import NLU
import SkillModel
import Testing

/// A meeting scheduler asking for the day: people answer with the day and the time at once, as
/// its samples say them ("on {date} at {time}"), and name days as "next monday".
@Suite struct MeetingAnswersTests {
    static let today = CivilDate(year: 2026, month: 11, day: 27)

    static let meetings = SkillNLU(skillID: "meetings", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"meeting maker","intents":[
          {"name":"ScheduleMeetingIntent","slots":[{"name":"person","type":"AMAZON.FirstName"},{"name":"date","type":"AMAZON.DATE"},
                                                   {"name":"time","type":"AMAZON.TIME"},{"name":"duration","type":"AMAZON.DURATION"},
                                                   {"name":"topic","type":"AMAZON.SearchQuery"}],
           "samples":["schedule a meeting with {person}","set up a meeting with {person} on {date} at {time}","schedule a meeting {date} at {time}",
                      "book a meeting with {person} {date} at {time}","schedule a {duration} meeting with {person}","set up a call with {person} at {time}",
                      "i need to meet with {person} {date}","create a meeting about {topic}"]},
          {"name":"FreeTimeIntent","slots":[{"name":"date","type":"AMAZON.DATE"},{"name":"time","type":"AMAZON.TIME"}],
           "samples":["am i free {date}","am i free {date} at {time}","when am i free {date}"]},
          {"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]}],
         "types":[]}}}
        """#))

    /// Asked the day, "december seventh twenty twenty seven at ten thirty" is the day and the
    /// time; "ten thirty" is no year 1030.
    @Test(arguments: [("december seventh twenty twenty seven at ten thirty", "2027-12-07", "10:30"), ("december seventh twenty twenty seven at 10:30", "2027-12-07", "10:30"),
                      ("next monday at ten thirty", "2026-11-30", "10:30")])
    func theDayAndTheTimeAnsweredTogether(text: String, date: String, time: String) throws {
        let asking = SkillNLU.Elicitation(intent: "ScheduleMeetingIntent", slot: "date")
        let best = try #require(Self.meetings.parse(Utterance(text), eliciting: asking, today: Self.today).first)
        #expect(best.intent == "ScheduleMeetingIntent")
        #expect(best.slots.first { $0.name == "date" }?.value == date)
        #expect(best.slots.first { $0.name == "time" }.map { $0.value == time || $0.spoken == time } == true)
    }

    /// "next monday" is the date said, not "monday" with a word before it.
    @Test func theWordSayingWhichDayIsTheDates() throws {
        let asking = SkillNLU.Elicitation(intent: "ScheduleMeetingIntent", slot: "date")
        let best = try #require(Self.meetings.parse(Utterance("next monday at ten thirty"), eliciting: asking, today: Self.today).first)
        #expect(best.slots.first { $0.name == "date" }?.spoken == "next monday")
    }

    /// A name after the word the samples say before the person, and never before the topic,
    /// is the person, though the tagger took it for free text; a topic stays a topic.
    @Test(arguments: [("book a meeting with priya", "person", "priya"), ("book a meeting with dr. anand", "person", "dr. anand"),
                      ("create a meeting about hiring", "topic", "hiring")])
    func aNameAfterThePersonsWordIsThePerson(text: String, slot: String, value: String) throws {
        let best = try #require(Self.meetings.parse(Utterance(text), today: Self.today).first)
        #expect(best.intent == "ScheduleMeetingIntent")
        #expect(best.slots.map(\.name.rawValue) == [slot])
        #expect(best.slots.first?.value == value)
    }

    /// Asked what day, "at ten thirty" states the time and "with maria" the person, as the
    /// samples say them ("at {time}", "with {person}"), for the dialog to keep; a bare "ten
    /// thirty" states nothing of which slot it is for.
    @Test func aTimeSaidAfterItsWordIsStated() {
        let stated = Self.meetings.statedValues(Utterance("at ten thirty"), intent: "ScheduleMeetingIntent", except: "date", today: Self.today)
        #expect(stated.map(\.name.rawValue) == ["time"])
        #expect(stated.first?.spoken == "ten thirty")
        #expect(Self.meetings.statedValues(Utterance("ten thirty"), intent: "ScheduleMeetingIntent", except: "date", today: Self.today).isEmpty)
        let person = Self.meetings.statedValues(Utterance("with maria"), intent: "ScheduleMeetingIntent", except: "date", today: Self.today)
        #expect(person.map(\.name.rawValue) == ["person"])
        #expect(person.first?.value == "maria")
    }
}
