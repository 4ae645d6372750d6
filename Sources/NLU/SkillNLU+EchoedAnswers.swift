import SkillModel

extension SkillNLU {
    /// An answer to a question about `slot` that no answer sample matches, read as the one value
    /// of the slot's type it says, when every other word is a function word, a word of the
    /// question or of the slot's samples — people echo the question ("put it under maria", asked
    /// "What name should the table be under?"; "it's under the name maria") — and at most one
    /// word more. The value must be one the type knows: listed, or read by its grammar (a
    /// number, a date), and not one everyday word a name list holds ("will", "may"). Nil when
    /// there is none, or two different ones. Values of the intent's other slots said beside it
    /// (`statedValues`) come `alongside`, as more than was asked.
    func echoedAnswer(_ utterance: Utterance, slot: SlotDefinition, of intent: IntentDefinition, intentIndex: Int, matcher: SampleMatcher, today: CivilDate)
        -> (match: SampleMatcher.Match, alongside: [SlotMatch])? {
        let words = utterance.words
        guard words.count > 1, words.count <= Self.longestEchoedAnswer,
            let typeIndex = matcher.types.firstIndex(where: { $0.type == slot.type && $0.takesLists == slot.multipleValues })
        else { return nil }
        let type = matcher.types[typeIndex]
        var found: (span: ClosedRange<Int>, reading: SlotTypeMatcher.Reading)?
        for first in words.indices {
            for last in first..<min(words.count, first + 8) {
                let span = words[first...last]
                guard let reading = type.read(words: span, today: today), reading.fit >= 1, Self.isValue(reading, words: span),
                    !Self.isPronounOne(words, at: first...last) else { continue }
                guard let known = found else {
                    found = (first...last, reading)
                    continue
                }
                if known.span.overlaps(first...last) {
                    if last - first > known.span.count - 1 { found = (first...last, reading) }
                } else if reading.resolved?.id != known.reading.resolved?.id || reading.normalized != known.reading.normalized {
                    return nil
                }
            }
        }
        // "it's not very urgent" is no "urgent".
        guard let (span, reading) = found, !words[..<span.lowerBound].contains(where: Negation.words.contains) else { return nil }
        // Framed as another slot of its type says it: "no, from chicago", asked where to, is
        // the origin, not the destination.
        let siblings = intent.slots.filter { $0.name != slot.name && $0.type == slot.type }
        if !siblings.isEmpty, let framed = framingSlot(of: [slot] + siblings, in: intent, words: words, first: span.lowerBound, last: span.upperBound),
            framed.name != slot.name {
            return nil
        }
        // More than was asked: other slots' values said beside it, with their samples' words
        // ("four of us in business class", asked how many passengers: "{cabin} class").
        var alongside = statedValues(utterance, intent: intent.name, except: slot.name, today: today).filter { value in
            utterance.tokens(of: value).map { !$0.overlaps(span) } ?? false
        }
        alongside += ledValues(utterance, of: intent, except: [slot.name] + alongside.map(\.name),
                               outside: [span] + alongside.compactMap { utterance.tokens(of: $0) }, today: today)
        let aside = Set(alongside.flatMap { utterance.tokens(of: $0).map(Array.init) ?? [] })
        var echoed = echoWords(of: slot, in: intent)
        for value in alongside {
            if let other = intent.slot(named: value.name) { echoed.formUnion(echoWords(of: other, in: intent)) }
        }
        // Contractions spelled out: "we're a group of seven" says "we are".
        let said = Contractions.expanded(words.indices.filter { !span.contains($0) && !aside.contains($0) }.map { words[$0] })
        let others = said.filter { !StopWords.all.contains($0) && !echoed.contains($0) }
        guard others.count <= 1 else { return nil }
        let capture = SampleMatcher.Capture(slot: slot.name, type: typeIndex, firstToken: span.lowerBound, lastToken: span.upperBound, reading: reading)
        return (SampleMatcher.Match(intent: intentIndex, captures: [capture], score: 0.9, literalWords: words.count - span.count), alongside)
    }

    /// Values of the intent's date, time, duration and number slots said after the word the
    /// intent's samples say before that slot, and that slot's alone: "at ten thirty" beside
    /// the day asked for ("schedule a meeting on {date} at {time}"). Outside the `outside`
    /// spans, the longest run from each lead word, one value per slot.
    func ledValues(_ utterance: Utterance, of intent: IntentDefinition, except: [SlotName], outside: [ClosedRange<Int>], today: CivilDate) -> [SlotMatch] {
        let words = utterance.words
        let slots = intent.slots.filter { !except.contains($0.name) && readsByGrammar($0) }
        var found: [SlotMatch] = []
        var taken = outside
        for slot in slots {
            // A lead word another slot is led in by too says nothing of which it is.
            for first in words.indices.dropFirst() where slotsLed(by: words[first - 1], in: intent).map({ intent.slots[$0].name }) == [slot.name] {
                let last = (first..<min(words.count, first + Self.longestGrammarValue)).reversed().first { last in
                    !taken.contains { $0.overlaps(first...last) } && wholeValue(of: slot, first: first, last: last, utterance: utterance, today: today)
                }
                guard let last, let match = slotMatch(slot, first: first, last: last, utterance: utterance, today: today) else { continue }
                found.append(match)
                taken.append(first...last)
                break
            }
        }
        return found
    }

    /// Whether an answer sample's match takes an unlisted value holding a function word or a
    /// word of the question that no listed value of its type says: "put it under maria" or
    /// "the name maria", where "maria" alone is the name. The "and" of a list is none, for a
    /// slot of multiple values: "chips and milk", asked which foods, are both.
    func looseAnswer(_ answer: SampleMatcher.Match, slot: SlotDefinition, of intent: IntentDefinition, utterance: Utterance, matcher: SampleMatcher) -> Bool {
        let echoed = echoWords(of: slot, in: intent)
        return answer.captures.contains { capture in
            let type = matcher.types[capture.type]
            guard capture.slot == slot.name, capture.reading.fit < 1, type.isListed else { return false }
            return utterance.words[capture.firstToken...capture.lastToken].contains { word in
                (echoed.contains(word) || StopWords.all.contains(word)) && !SlotTypeMatcher.determiners.contains(word) && !type.listsWord(word)
                    && !(type.takesLists && Self.conjunctions.contains(word))
            }
        }
    }

    /// Whether the span is "one" standing for a thing, not a count: "the blue one", "that
    /// one", "a bigger one" (a determiner at most one word before it). "just one" and "one
    /// please" count.
    static func isPronounOne(_ words: [String], at span: ClosedRange<Int>) -> Bool {
        guard span.count == 1, words[span.lowerBound] == "one" else { return false }
        return words[max(0, span.lowerBound - 2)..<span.lowerBound].contains { SlotTypeMatcher.determiners.contains($0) || $0 == "which" }
    }

    /// Answers longer than this are sentences of their own.
    static let longestEchoedAnswer = 10

    /// The words of the slot's samples and of the questions that elicit it, and those people
    /// open an answer with.
    private func echoWords(of slot: SlotDefinition, in intent: IntentDefinition) -> Set<String> {
        var texts = slot.samples + Self.answerLeads
        if let id = model.dialog.intent(named: intent.name)?.slots.first(where: { $0.name == slot.name })?.elicitationPrompt {
            texts += model.dialog.prompts[id] ?? []
        }
        return Set(texts.flatMap { text in
            SampleTemplate.parts(of: text).flatMap { part -> [String] in
                if case .text(let words) = part { Tokenizer.tokens(words).map(\.text) } else { [] }
            }
        })
    }
}
