import Foundation

/// The editing of one line at a terminal, as a state machine over the bytes a terminal sends:
/// cursor movement, deletion, history (up/down) and tab completion. No terminal here, so it
/// is tested by feeding it keys; `TerminalLines` puts it on a real terminal.
public struct LineEditing: Sendable {
    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// Keep reading; redraw the line.
        case editing
        /// The line is done (Enter).
        case done(String)
        /// End of input (Ctrl-D on an empty line).
        case endOfInput
        /// Several completions: show them, then redraw.
        case list([String])
        /// Clear the screen and redraw (Ctrl-L).
        case clearScreen
    }

    /// What can complete the text before the cursor: where (a character offset) the phrase
    /// being completed starts, and the phrases it may become.
    public typealias Completer = @Sendable (_ beforeCursor: String) -> (start: Int, candidates: [String])

    public private(set) var line: [Character] = []
    public private(set) var cursor = 0
    public private(set) var history: [String]
    private var historyIndex: Int
    /// The line being written when history browsing started, to come back to.
    private var draft: [Character] = []
    private var pending: [UInt8] = []
    /// Bytes that came after a finished line in the same read (typed ahead, or pasted): the
    /// next lines', fed again before the terminal is read.
    private var typedAhead: [UInt8] = []
    private var lastWasTab = false
    private let completer: Completer

    public init(history: [String] = [], completer: @escaping Completer = { _ in (0, []) }) {
        self.history = history
        historyIndex = history.count
        self.completer = completer
    }

    public var text: String { String(line) }

    /// Starts a new line (history stays).
    public mutating func reset() {
        line = []
        cursor = 0
        historyIndex = history.count
        draft = []
        pending = []
        lastWasTab = false
    }

    /// Adds a line to the history (not blank ones, and not the same line twice in a row).
    public mutating func remember(_ entry: String) {
        let entry = String(entry.reversed().drop { $0 == " " }.reversed())
        guard !entry.trimmingCharacters(in: .whitespaces).isEmpty, history.last != entry else { return }
        history.append(entry)
    }

    /// Feeds bytes from the terminal; returns the outcome of the last complete key.
    public mutating func feed(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome.editing
        for (i, byte) in bytes.enumerated() {
            pending.append(byte)
            guard let key = Self.key(in: pending) else {
                if pending.count > 8 { pending = [] }  // an escape sequence we do not know
                continue
            }
            pending = []
            outcome = apply(key)
            switch outcome {
            case .done, .endOfInput:
                // What follows is the next lines'; a line feed after a carriage return is the
                // same end of line (pasted text), not an empty line of its own.
                var rest = bytes[(i + 1)...]
                if byte == 0x0D, rest.first == 0x0A { rest = rest.dropFirst() }
                typedAhead = Array(rest) + typedAhead
                return outcome
            default: continue
            }
        }
        return outcome
    }

    /// The bytes typed or pasted after the last finished line, taken to be fed next.
    public mutating func takeTypedAhead() -> [UInt8] {
        defer { typedAhead = [] }
        return typedAhead
    }

    enum Key: Equatable {
        case text(Character)
        case enter, backspace, delete, left, right, home, end, up, down, tab
        case killToStart, killToEnd, deleteWord, endOfInput, interrupt, clearScreen, ignored
    }

    /// The key a complete byte sequence makes, or nil while more bytes are needed.
    static func key(in bytes: [UInt8]) -> Key? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x09: return .tab
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .killToStart
        case 0x0B: return .killToEnd
        case 0x17: return .deleteWord
        case 0x04: return .endOfInput
        case 0x03: return .interrupt
        case 0x0C: return .clearScreen
        case 0x1B:
            guard bytes.count >= 2 else { return nil }
            guard bytes[1] == 0x5B || bytes[1] == 0x4F else { return .ignored }
            guard bytes.count >= 3 else { return nil }
            switch bytes[2] {
            case 0x41: return .up
            case 0x42: return .down
            case 0x43: return .right
            case 0x44: return .left
            case 0x48: return .home
            case 0x46: return .end
            case 0x30...0x39:
                // ESC [ n ~ (n may have several digits, or parameters after ';').
                guard let last = bytes.last, last == 0x7E || (0x40...0x7E).contains(last), bytes.count > 3 else { return nil }
                guard last == 0x7E else { return .ignored }
                switch String(decoding: bytes[2..<(bytes.count - 1)], as: UTF8.self) {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                default: return .ignored
                }
            default: return .ignored
            }
        case 0x00..<0x20: return .ignored
        default:
            // UTF-8: wait for the whole scalar.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            guard let text = String(bytes: bytes.prefix(length), encoding: .utf8), let character = text.first else { return .ignored }
            return .text(character)
        }
    }

    private mutating func apply(_ key: Key) -> Outcome {
        let wasTab = lastWasTab
        lastWasTab = key == .tab
        switch key {
        case .text(let character):
            line.insert(character, at: cursor)
            cursor += 1
        case .enter:
            return .done(text)
        case .backspace:
            guard cursor > 0 else { break }
            line.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < line.count else { break }
            line.remove(at: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(line.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = line.count
        case .up:
            guard historyIndex > 0 else { break }
            if historyIndex == history.count { draft = line }
            historyIndex -= 1
            line = Array(history[historyIndex])
            cursor = line.count
        case .down:
            guard historyIndex < history.count else { break }
            historyIndex += 1
            line = historyIndex == history.count ? draft : Array(history[historyIndex])
            cursor = line.count
        case .killToStart:
            line.removeSubrange(0..<cursor)
            cursor = 0
        case .killToEnd:
            line.removeSubrange(cursor...)
        case .deleteWord:
            var start = cursor
            while start > 0, line[start - 1] == " " { start -= 1 }
            while start > 0, line[start - 1] != " " { start -= 1 }
            line.removeSubrange(start..<cursor)
            cursor = start
        case .endOfInput:
            if line.isEmpty { return .endOfInput }
            if cursor < line.count { line.remove(at: cursor) }
        case .interrupt:
            line = []
            cursor = 0
            historyIndex = history.count
        case .clearScreen:
            return .clearScreen
        case .tab:
            return complete(listing: wasTab)
        case .ignored:
            break
        }
        return .editing
    }

    /// Completes the phrase before the cursor: fully when one candidate fits, to the longest
    /// common prefix when several do; a second Tab lists them.
    private mutating func complete(listing: Bool) -> Outcome {
        let before = String(line[0..<cursor])
        let (start, offered) = completer(before)
        let offset = min(max(0, start), before.count)
        let word = String(line[offset..<cursor])
        let candidates = offered.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        guard !candidates.isEmpty else { return .editing }
        var common = candidates[0]
        for candidate in candidates.dropFirst() {
            common = String(zip(common, candidate).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
        }
        let completion = candidates.count == 1 ? candidates[0] + " " : common
        if completion.count > word.count {
            line.replaceSubrange(offset..<cursor, with: Array(completion))
            cursor = offset + completion.count
            return .editing
        }
        return listing && candidates.count > 1 ? .list(candidates.sorted()) : .editing
    }
}
