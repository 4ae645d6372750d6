import Foundation
import Glibc
import SkillModel

/// Lines from a terminal, edited with `LineEditing` in raw mode, with history kept in
/// `HistoryFile`. Text written while a line is being edited (`printAbove`) appears above the
/// prompt, which is then drawn again.
public final class TerminalLines: LineSource, @unchecked Sendable {
    // @unchecked: the editing state is behind `state`'s Mutex; the descriptors are fixed.
    private struct State {
        var editing: LineEditing
        var prompt = ""
        var active = false
    }

    private let state: Locked<State>
    private let historyPath: String
    private let output = FileDescriptorSink.standardOutput

    public init(historyPath: String = HistoryFile.path(), completer: @escaping LineEditing.Completer) {
        self.historyPath = historyPath
        state = Locked(State(editing: LineEditing(history: HistoryFile.load(historyPath), completer: completer)))
    }

    public func nextLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: self.readLine(prompt: prompt)) }
        }
    }

    /// Writes `text` above the line being edited, or just writes it when none is.
    public func printAbove(_ text: String, to sink: any TextSink) {
        state.withLock { state in
            guard state.active else {
                sink.write(text)
                return
            }
            output.write("\r\u{1B}[K")
            sink.write(text)
            output.write(render(state))
        }
    }

    private func render(_ state: State) -> String {
        let back = state.editing.line.count - state.editing.cursor
        return "\r" + state.prompt + state.editing.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : "")
    }

    private func readLine(prompt: String) -> String? {
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return Swift.readLine() }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &original) }

        // Lines typed ahead or pasted arrived with the last one: they are this one's input first.
        var typedAhead = state.withLock { state in
            state.editing.reset()
            state.prompt = prompt
            state.active = true
            output.write(render(state))
            return state.editing.takeTypedAhead()
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let bytes: [UInt8]
            if !typedAhead.isEmpty {
                bytes = typedAhead
                typedAhead = []
            } else {
                let count = read(0, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    state.withLock { $0.active = false }
                    output.write("\r\n")
                    return nil
                }
                bytes = Array(buffer[0..<count])
            }
            let outcome = state.withLock { state -> LineEditing.Outcome in
                let outcome = state.editing.feed(bytes)
                switch outcome {
                case .editing: output.write(render(state))
                case .clearScreen: output.write("\u{1B}[H\u{1B}[2J" + render(state))
                case .list(let candidates):
                    output.write("\r\n" + candidates.joined(separator: "  ") + "\r\n" + render(state))
                case .done(let line):
                    state.active = false
                    state.editing.remember(line)
                    // Drawn whole: a line pasted arrives with its end in one read, never drawn
                    // while it was being edited, and would leave a bare prompt on the screen.
                    output.write("\r" + state.prompt + line + "\u{1B}[K\r\n")
                case .endOfInput:
                    state.active = false
                    output.write("\r\n")
                }
                return outcome
            }
            switch outcome {
            case .done(let line):
                if let entry = state.withLock({ $0.editing.history.last }), entry == String(line.reversed().drop { $0 == " " }.reversed()) {
                    HistoryFile.append(entry, to: historyPath)
                }
                return line
            case .endOfInput:
                return nil
            default:
                continue
            }
        }
    }
}

/// A sink whose text appears above the line being edited at the terminal.
public struct AboveTheLine: TextSink {
    let terminal: TerminalLines
    let sink: any TextSink

    public init(terminal: TerminalLines, sink: any TextSink) {
        self.terminal = terminal
        self.sink = sink
    }

    public func write(_ text: String) { terminal.printAbove(text, to: sink) }
}
