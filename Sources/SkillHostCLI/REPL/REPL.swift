import Foundation
import Loader
import SkillHost
import SkillModel

/// The read–eval–print loop: reads utterances, runs each as a turn on the host, and prints
/// one line per turn (or one JSON object with `--json`). Lines starting with ':' are
/// commands. Input and output are injected so tests can script it.
public struct REPL: Sendable {
    public enum Format: Sendable { case text, json }

    public struct Style: Sendable {
        /// Prompts, banner and colour: only for a person at a terminal.
        public var interactive: Bool
        public var color: Bool
        public init(interactive: Bool, color: Bool) {
            self.interactive = interactive
            self.color = color
        }
        public static let plain = Style(interactive: false, color: false)
    }

    let host: HostEngine
    let input: any LineSource
    let output: any TextSink
    let diagnostics: any TextSink
    let format: Format
    let style: Style
    let completion: Completion?
    /// Says each turn's answer aloud or into a file (`--speak`, `--speak-to`), after it is shown.
    let speak: (@Sendable (TurnResult) -> Void)?
    /// Utterances heard from the microphone (`--listen`), each its recogniser's hypotheses:
    /// turns taken between typed lines.
    let heard: AsyncStream<[String]>?

    public init(host: HostEngine, input: any LineSource, output: any TextSink, diagnostics: any TextSink, format: Format = .text, style: Style = .plain, completion: Completion? = nil, speak: (@Sendable (TurnResult) -> Void)? = nil, heard: AsyncStream<[String]>? = nil) {
        self.heard = heard
        self.host = host
        self.input = input
        self.output = output
        self.diagnostics = diagnostics
        self.format = format
        self.style = style
        self.completion = completion
        self.speak = speak
    }

    /// What comes next: a line typed, or an utterance heard.
    private enum Said: Sendable {
        case typed(String)
        case heard([String])
    }

    /// The next typed line, the completion brought up to date first; nil at the end of input.
    private func nextTyped() async -> String? {
        if let completion {
            let entries = await host.registry.entries
            completion.update(skills: entries.map(\.name), invocations: entries.flatMap(\.invocationNames))
        }
        return await input.nextLine(prompt: paint("you> ", code: "2"))
    }

    /// Typed lines and heard utterances as they come, in one stream that ends with the typing.
    /// The next line is read once `ready` says the last one's turn is shown, so the prompt
    /// comes after the answer.
    private func said() -> (AsyncStream<Said>, ready: AsyncStream<Void>.Continuation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Said.self)
        let (ready, readyIn) = AsyncStream.makeStream(of: Void.self)
        let typing = Task {
            var shown = ready.makeAsyncIterator()
            while let line = await nextTyped() {
                continuation.yield(.typed(line))
                guard await shown.next() != nil else { break }
            }
            continuation.finish()
        }
        let listening = heard.map { heard in Task { for await hypotheses in heard { continuation.yield(.heard(hypotheses)) } } }
        continuation.onTermination = { _ in
            typing.cancel()
            listening?.cancel()
            readyIn.finish()
        }
        return (stream, readyIn)
    }

    /// Runs until end of input or `:quit`, then ends any open session.
    public func run() async {
        await printBanner()
        var debug = false
        var recording: FileHandle?
        defer { try? recording?.close() }
        let merged = heard == nil ? nil : said()
        var said = merged?.0.makeAsyncIterator()
        var typedTaken = false
        while true {
            let line: String
            var hypotheses: [String]?
            if said != nil {
                // The typed line before, whatever came of it, is done: the next may be read.
                if typedTaken { merged?.ready.yield() }
                guard let next = await said?.next() else { break }
                switch next {
                case .typed(let typed):
                    line = typed
                    typedTaken = true
                case .heard(let heard):
                    line = heard.first ?? ""
                    hypotheses = heard
                    typedTaken = false
                }
            } else {
                guard let typed = await nextTyped() else { break }
                line = typed
            }
            // Not Foundation's trimming: on every line it cost more than a tenth of a piped turn.
            let trimmed = line.trimmingWhitespace()
            if hypotheses == nil, trimmed.hasPrefix(":") {
                switch await command(trimmed, debug: &debug, recording: &recording) {
                case .continue: continue
                case .quit: await host.shutdown(); return
                }
            }
            let result: TurnResult
            if let hypotheses {
                result = await host.turn(hearing: hypotheses)
                if format == .text { output.write(paint("you (heard)> ", code: "2") + TerminalText.escaped(result.utterance) + "\n") }
            } else {
                result = await host.turn(line)
            }
            if trimmed.isEmpty && result.skillID == nil { continue }
            show(result, debug: debug)
            speak?(result)
            if let handle = recording {
                do { try handle.write(contentsOf: Data(Transcript.record(result).utf8)) } catch {
                    diagnostics.write("recording stopped: \(error.localizedDescription)\n")
                    try? handle.close()
                    recording = nil
                }
            }
        }
        await host.shutdown()
    }

    private enum Next { case `continue`, quit }

    /// `word` as a shell reads it back: quoted when it holds anything but plain path characters.
    static func shellWord(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./:=+,@%".unicodeScalars.contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private func command(_ line: String, debug: inout Bool, recording: inout FileHandle?) async -> Next {
        let words = line.dropFirst().split(separator: " ").map(String.init)
        switch words.first ?? "" {
        case "quit", "q", "exit":
            return .quit
        // At a terminal the answer is the output; from a pipe, standard output keeps one line
        // per turn and nothing else.
        case "help", "h", "?":
            (style.interactive ? output : diagnostics).write(Self.helpText)
        case "skills":
            (style.interactive ? output : diagnostics).write(await skillsText())
        case "reload":
            // What happens is told through the host's events, like a reload the watcher started.
            _ = await host.reload(skill: words.count > 1 ? words.dropFirst().joined(separator: " ") : nil)
        case "record":
            try? recording?.close()
            recording = nil
            guard words.count > 1, words[1] != "off" else {
                diagnostics.write("recording off\n")
                break
            }
            let path = words.dropFirst().joined(separator: " ")
            let replay = (["skillhost", "replay", path] + host.skillSourceArguments).map(Self.shellWord).joined(separator: " ")
            guard FileManager.default.createFile(atPath: path, contents: Data("# Recorded by skillhost; replay with: \(replay)\n".utf8)),
                let handle = FileHandle(forWritingAtPath: path)
            else {
                diagnostics.write("cannot record to \(path): it cannot be created\n")
                break
            }
            handle.seekToEndOfFile()
            recording = handle
            diagnostics.write("recording to \(path); :record off stops\n")
            let stored = Self.storedDocuments(in: host.dataRoot)
            if stored > 0, !host.storesInDatabase {
                diagnostics.write("warning: the data root \(host.dataRoot) already holds \(stored) skill document\(stored == 1 ? "" : "s"); skillhost replay starts from an empty one, so turns that read them may not replay. Record with --data set to an empty folder for a transcript that does.\n")
            }
        case "grant", "revoke", "permissions":
            diagnostics.write(await permissionsCommand(words))
        case "debug":
            debug.toggle()
            await host.setRecordsEnvelopes(debug)
            diagnostics.write(debug ? "debug on: each turn shows its readings and envelopes\n" : "debug off\n")
        default:
            diagnostics.write("unknown command \(line); :help lists the commands\n")
        }
        return .continue
    }

    /// `:grant SKILL [PERMISSION… | all]`, `:revoke SKILL [PERMISSION…]`, `:permissions`.
    func permissionsCommand(_ words: [String]) async -> String {
        guard let services = host.services else { return "this host serves no service APIs, so there is nothing to grant\n" }
        let verb = words.first ?? ""
        if verb == "permissions" || words.count < 2 {
            guard verb == "permissions" else { return "usage: :\(verb) SKILL [PERMISSION…]\n" }
            var text = ""
            for entry in await host.registry.entries where !entry.skill.manifest.permissions.isEmpty {
                let granted = services.grants.granted(to: entry.id)
                let list = entry.skill.manifest.permissions.map { "\($0) (\(granted.contains($0) ? "granted" : "not granted"))" }
                text += "\(entry.name) (\(entry.id)) asks for \(list.joined(separator: ", "))\n"
            }
            return text.isEmpty ? "no loaded skill asks for permissions\n" : text + "grants are kept in \(services.grants.file)\n"
        }
        // The skill's name may be several words: the longest start of the rest that names one.
        let rest = Array(words.dropFirst())
        var found: (SkillRegistry.Entry, [String])?
        for count in stride(from: rest.count, through: 1, by: -1) {
            if let entry = await host.skill(named: rest.prefix(count).joined(separator: " ")) {
                found = (entry, Array(rest.dropFirst(count)))
                break
            }
        }
        guard let (entry, named) = found else { return "no loaded skill is called '\(rest.joined(separator: " "))'; :skills lists them\n" }
        let asked = entry.skill.manifest.permissions
        let all = named.isEmpty || named == ["all"]
        let permissions = all ? asked : named
        if let unasked = permissions.first(where: { !asked.contains($0) }) {
            return "\(entry.name) does not ask for \(unasked)" + (asked.isEmpty ? " (its manifest asks for none)\n" : "; it asks for \(asked.joined(separator: ", "))\n")
        }
        do {
            if verb == "grant" {
                guard !permissions.isEmpty else { return "\(entry.name) asks for no permissions\n" }
                try services.grants.grant(permissions, to: entry.id)
                return "granted \(entry.name) \(permissions.joined(separator: ", "))\n"
            }
            try services.grants.revoke(all ? nil : permissions, from: entry.id)
            return "revoked \(all ? "every permission" : permissions.joined(separator: ", ")) from \(entry.name)\n"
        } catch {
            return "cannot change the grants in \(services.grants.file): \(error.localizedDescription)\n"
        }
    }

    /// How many documents skills have stored under a data root's files (at most 1000 counted).
    static func storedDocuments(in dataRoot: String) -> Int {
        var count = 0
        for kind in ["skills", "groups"] {
            guard let walker = FileManager.default.enumerator(atPath: dataRoot + "/" + kind) else { continue }
            while count < 1000, let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".json") { count += 1 }
            }
        }
        return count
    }

    static let helpText = """
        Type what you would say to a voice assistant, for example "open hello world".
        Commands:
          :help     this text
          :skills   the loaded skills (generation, source) and refused libraries
          :reload [skill]  load a skill again (rebuilding a source folder); all without a name
          :debug    toggle showing each turn's readings, envelopes and why nothing matched
          :grant SKILL [PERMISSION… | all]  grant a skill permissions its manifest asks for (all when none named), as the Alexa app does
          :revoke SKILL [PERMISSION…]  take them back (all when none named); :permissions lists what each skill asks for and has
          :record FILE  write each turn from now on to FILE as a transcript (skillhost replay FILE checks it); :record off stops
          :quit     end the session and leave (end of input does the same)

        """

    func skillsText() async -> String {
        var text = ""
        let registry = await host.registry
        for entry in registry.entries {
            let skill = entry.skill
            var source = entry.origin == skill.path ? "from \(skill.path)" : "built from \(entry.origin) (\(skill.path))"
            if let remote = skill as? RemoteSkill {
                source = "from \(skill.path), answering at \(remote.endpoint.absoluteString)"
            } else if skill.isIsolated {
                source += ", isolated in a runner process"
            }
            if !skill.manifest.permissions.isEmpty { source += "; asks for \(skill.manifest.permissions.joined(separator: ", "))" }
            let version = skill is ModelStandIn ? "a model with no skill behind it" : "v\(skill.manifest.version)"
            text += "\(skill.manifest.name) (\(skill.id)) \(version), generation \(skill.generation), invocation \"\(skill.model.invocationName)\", \(skill.model.intents.count) intents, \(source)\n"
        }
        if registry.entries.isEmpty { text += "no skills loaded\n" }
        for refusal in host.refusals { text += "refused \(refusal)\n" }
        return text
    }

    private func printBanner() async {
        let sink = style.interactive ? output : diagnostics
        if style.interactive {
            let entries = await host.registry.entries
            let names = entries.map(\.name).joined(separator: ", ")
            sink.write(paint("skillhost", code: "1") + " — \(entries.count) skill\(entries.count == 1 ? "" : "s") loaded: \(names.isEmpty ? "none" : names)\n")
            sink.write("Say \"open\" and a skill's name. :help lists commands, :quit leaves.\n")
        }
        for refusal in host.refusals {
            diagnostics.write(paint("refused", code: "33") + " \(refusal)\n")
        }
    }

    private func show(_ result: TurnResult, debug: Bool) {
        if debug { diagnostics.write(debugText(result)) }
        switch format {
        case .json:
            output.write(JSONWriter.string(result.jsonValue) + "\n")
        case .text:
            // Nothing is spoken when a session ends on "exit"; a person at a terminal still sees
            // what happened. A pipe keeps the plain line.
            // From a pipe, a session ended in silence ("exit") prints no empty answer line.
            if result.speech.isEmpty && result.endSession && !style.interactive && result.error == nil { return }
            let silent = result.speech.isEmpty && result.endSession && style.interactive ? " " + paint("(session ended)", code: "2") : ""
            // Whatever a skill wrote is shown, never obeyed (`TerminalText`).
            let speech = TerminalText.escaped(result.speech)
            // Progressive responses came first, while the skill worked on its answer.
            for early in result.progressive {
                output.write(paint("\(TerminalText.escaped(result.speaker))>", code: "36") + " " + TerminalText.escaped(SSML.plainText(early)) + " " + paint("(progressive)", code: "2") + "\n")
            }
            output.write(paint("\(TerminalText.escaped(result.speaker))>", code: "36") + (speech.isEmpty ? "" : " \(speech)") + silent + "\n")
            if let error = result.error { diagnostics.write(paint("error:", code: "31") + " \(TerminalText.escaped(error))\n") }
            if !result.permissionsAsked.isEmpty {
                let name = TerminalText.escaped(result.speaker)
                diagnostics.write(paint("permission:", code: "33") + " \(name) asks for \(result.permissionsAsked.joined(separator: ", ")); :grant \(name.lowercased()) allows it\n")
            }
        }
    }

    private func debugText(_ result: TurnResult) -> String {
        var text = ""
        if let route = result.route { text += "  route: \(route)\n" }
        if result.candidates.isEmpty, result.requestType != RequestType.launch.rawValue {
            text += "  readings: none\n"
        }
        let notAsked = result.explanations.filter { $0.verdict == .notAsked }.map(\.skillID.rawValue)
        for explanation in result.explanations where explanation.verdict != .notAsked {
            text += "  why \(explanation.skillID): \(explanation)\n"
        }
        if !notAsked.isEmpty {
            text += "  why not asked (no meaningful word in common): \(notAsked.joined(separator: ", "))\n"
        }
        for candidate in result.candidates.prefix(5) {
            let slots = candidate.slots.map { "\($0.name)=\"\($0.spoken)\"" }.joined(separator: " ")
            text += "  reading \(candidate.skillID) \(candidate.intent) score \(String(format: "%.3f", candidate.score)) \(slots)\n"
        }
        if let request = result.requestJSON { text += "  request  \(request)\n" }
        if let response = result.responseJSON { text += "  response \(response)\n" }
        return text
    }

    private func paint(_ text: String, code: String) -> String {
        style.color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
