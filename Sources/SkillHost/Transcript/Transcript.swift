import Foundation
import NLU
import SkillModel

/// A conversation written down: what the user said and what should come back. The format is
/// plain text, meant to be read and edited by hand:
///
/// ```
/// # Lines starting with # are comments; blank lines are ignored.
/// you> open list o mat
/// ListOMat> Welcome to List-o-Mat. You have no lists yet.
///   reprompt: You can show a list, add items to a list, or check an item off.
/// you> show me the store list
/// ListOMat> Which list: Grocery Store or Hardware Store?
///   intent: ShowListIntent listName="store"
///   asks: ElicitSlot listName
/// you> stop
/// ListOMat> Goodbye!
///   session: ends
/// ```
///
/// Each `you>` line is one turn. The line after it says who answers (a skill's name, or
/// `skillhost`) and the speech. Indented lines check more: `reprompt:` (or `reprompt: none`),
/// `intent:` with the slots heard (`name="value"`), `asks:` the dialog's question
/// (`ElicitSlot slot`, `ConfirmSlot slot`, `ConfirmIntent`, or `nothing`), `session: ends` or
/// `session: open`. What a turn leaves out is not checked, so a transcript can check as little
/// as the speech. `:record FILE` in the REPL writes every line; `skillhost replay FILE` checks.
///
/// A date that depends on the day the transcript is played ("yesterday", "next friday") is
/// written `{today}`, `{today-1}` or `{today+7}` in the expected lines: each is the day in
/// AMAZON.DATE's form ("2026-12-06") that the host reads for the turn, in UTC. `:record`
/// writes the dates it hears as they are; make a relative one relative by hand.
public struct Transcript: Sendable, Equatable {
    public struct Turn: Sendable, Equatable {
        public var utterance: String
        public var line: Int
        public var speaker: String?
        public var speech: String?
        public var reprompt: String??
        public var intent: String?
        public var asks: String?
        public var sessionEnds: Bool?
    }

    public var turns: [Turn]

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(turns: [Turn]) { self.turns = turns }

    public init(parsing text: String) throws(ParseError) {
        var turns: [Turn] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasPrefix("you>") {
                turns.append(Turn(utterance: String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces), line: number))
                continue
            }
            guard !turns.isEmpty else { throw ParseError(line: number, message: "expected a \"you>\" line first, found \"\(trimmed)\"") }
            if line.first == " " || line.first == "\t" {
                guard let colon = trimmed.firstIndex(of: ":") else { throw ParseError(line: number, message: "expected \"key: value\" (reprompt, intent, asks, session), found \"\(trimmed)\"") }
                let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
                let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch key {
                case "reprompt": turns[turns.count - 1].reprompt = .some(value == "none" ? nil : value)
                case "intent": turns[turns.count - 1].intent = value
                case "asks": turns[turns.count - 1].asks = value
                case "session":
                    guard value == "ends" || value == "open" else { throw ParseError(line: number, message: "session is \"ends\" or \"open\", not \"\(value)\"") }
                    turns[turns.count - 1].sessionEnds = value == "ends"
                default: throw ParseError(line: number, message: "unknown key \"\(key)\" (expected reprompt, intent, asks or session)")
                }
                continue
            }
            guard let marker = line.range(of: ">") else { throw ParseError(line: number, message: "expected \"Speaker> speech\", found \"\(trimmed)\"") }
            guard turns[turns.count - 1].speaker == nil else { throw ParseError(line: number, message: "a second answer for the turn on line \(turns[turns.count - 1].line)") }
            turns[turns.count - 1].speaker = String(line[..<marker.lowerBound])
            turns[turns.count - 1].speech = String(line[marker.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        self.turns = turns
    }

    /// A turn as it happened, every line written.
    public static func record(_ result: TurnResult) -> String {
        let turn = Turn(result)
        var text = "you> \(result.utterance)\n"
        text += "\(turn.speaker ?? "")>" + ((turn.speech ?? "").isEmpty ? "" : " \(turn.speech!)") + "\n"
        if let reprompt = turn.reprompt ?? nil { text += "  reprompt: \(reprompt)\n" }
        if let intent = turn.intent { text += "  intent: \(intent)\n" }
        if let asks = turn.asks, asks != "nothing" { text += "  asks: \(asks)\n" }
        if turn.sessionEnds == true { text += "  session: ends\n" }
        return text
    }

    /// The differences between what the transcript expects of a turn and what happened,
    /// one readable line each; empty when the turn matches.
    public static func differences(_ expected: Turn, _ result: TurnResult, today: CivilDate = .today()) -> [String] {
        let expected = expected.dated(today)
        let actual = Turn(result)
        var out: [String] = []
        func check(_ what: String, _ want: String?, _ got: String?) {
            guard let want, want != got else { return }
            out.append("  \(what)\n    expected: \(want)\n    actual:   \(got ?? "(none)")")
        }
        check("speaker", expected.speaker, actual.speaker)
        check("speech", expected.speech, actual.speech)
        if let want = expected.reprompt { check("reprompt", want ?? "none", (actual.reprompt ?? nil) ?? "none") }
        check("intent", expected.intent, actual.intent)
        check("asks", expected.asks, actual.asks ?? "nothing")
        if let want = expected.sessionEnds { check("session", want ? "ends" : "open", actual.sessionEnds == true ? "ends" : "open") }
        if let error = result.error, !out.isEmpty { out.append("  error: \(error)") }
        return out
    }
}

extension Transcript.Turn {
    public init(utterance: String, line: Int) {
        self.utterance = utterance
        self.line = line
    }

    /// Everything a turn's result shows, in the transcript's words.
    init(_ result: TurnResult) {
        self.init(utterance: result.utterance, line: 0)
        speaker = result.speaker
        speech = result.speech
        reprompt = .some(result.reprompt)
        if let intent = result.intent {
            let slots = result.slots.map { "\($0.name)=\"\($0.value)\"" }
            self.intent = ([intent.rawValue] + slots).joined(separator: " ")
        }
        asks = result.question.map { question in
            ([String(question.directiveType.dropFirst("Dialog.".count))] + (question.slot.map { [$0.rawValue] } ?? [])).joined(separator: " ")
        } ?? "nothing"
        sessionEnds = result.endSession
    }
}

/// Plays a transcript against a host, turn by turn.
public enum TranscriptReplay {
    /// The failures, each naming its line; empty when every turn matched.
    public static func run(_ transcript: Transcript, on host: HostEngine) async -> [String] {
        await run(transcript, on: host) { await host.turn($0) }
    }

    /// The transcript with each "you>" line said by `say` (typed, or spoken and heard).
    public static func run(_ transcript: Transcript, on host: HostEngine, say: (String) async -> TurnResult) async -> [String] {
        var failures: [String] = []
        for turn in transcript.turns {
            let result = await say(turn.utterance)
            let differences = Transcript.differences(turn, result)
            if !differences.isEmpty {
                let heard = result.heard.isEmpty ? "" : " (heard: \(result.utterance))"
                failures.append("line \(turn.line): you> \(turn.utterance)\(heard)\n" + differences.joined(separator: "\n"))
            }
        }
        await host.shutdown()
        return failures
    }
}

extension Transcript.Turn {
    /// The turn with each `{today}`, `{today-N}` and `{today+N}` in its expected lines written
    /// as the day it names, counted from `today`.
    func dated(_ today: CivilDate) -> Self {
        func days(_ text: String?) -> String? {
            guard let text, text.contains("{today") else { return text }
            var out = ""
            var rest = Substring(text)
            while let open = rest.range(of: "{today"), let close = rest[open.upperBound...].firstIndex(of: "}") {
                let offset = rest[open.upperBound..<close].replacingOccurrences(of: "+", with: "")
                out += rest[..<open.lowerBound]
                if offset.isEmpty || Int(offset) != nil {
                    out += today.adding(days: Int(offset) ?? 0).description
                } else {
                    out += rest[open.lowerBound...close]
                }
                rest = rest[rest.index(after: close)...]
            }
            return out + rest
        }
        var turn = self
        turn.speech = days(speech)
        turn.reprompt = reprompt.map { days($0) }
        turn.intent = days(intent)
        return turn
    }

    /// The turn in the transcript's words: the lines it checks, as a file would hold them.
    public var text: String {
        var text = "you> \(utterance)\n"
        if let speaker { text += "\(speaker)>" + ((speech ?? "").isEmpty ? "" : " \(speech ?? "")") + "\n" }
        if let reprompt { text += "  reprompt: \(reprompt ?? "none")\n" }
        if let intent { text += "  intent: \(intent)\n" }
        if let asks { text += "  asks: \(asks)\n" }
        if let sessionEnds { text += "  session: \(sessionEnds ? "ends" : "open")\n" }
        return text
    }
}

extension TranscriptReplay {
    /// One turn of a transcript played: what it expected, what happened, how they differ.
    public struct Checked: Sendable {
        public let line: Int
        public let utterance: String
        /// The transcript's lines for the turn.
        public let expected: String
        /// What happened, every line written (as `:record` writes it).
        public let actual: String
        /// One readable entry per difference; empty when the turn matched.
        public let differences: [String]
    }

    /// Plays `transcript` in `conversation`, a conversation of its own (a server's), turn by
    /// turn, and ends its session afterwards.
    public static func check(_ transcript: Transcript, on host: HostEngine, in conversation: Conversation) async -> [Checked] {
        var conversation = conversation
        var checked: [Checked] = []
        for turn in transcript.turns {
            let (result, after) = await host.turn(turn.utterance, in: conversation)
            conversation = after
            checked.append(Checked(line: turn.line, utterance: turn.utterance, expected: turn.text, actual: Transcript.record(result), differences: Transcript.differences(turn, result)))
        }
        _ = await host.end(conversation)
        return checked
    }
}
