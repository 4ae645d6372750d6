import SkillModel

extension SkillNLU {
    /// Values of `intent`'s slots (other than `except`) that the sentence says whole as values
    /// their types list, longest first, each word in one value at most; a span two slots both
    /// list is left out; a slot that takes lists takes every value said, read again as said
    /// from the first to the last ("pepperoni and olives"). For a change of mind said while
    /// the dialog asks for something else: "actually make it small" (size), "change the crust
    /// to stuffed" (crust).
    /// - Parameter alone: a date, time or number said alone, or as one of its slot's samples
    ///   says it ("7:30", "at seven thirty"), is a change too: said at a confirmation, which
    ///   is asked again with the new value.
    /// - Parameter given: the slots that hold a value already. A change of mind said with no
    ///   frame, of a value two slots read, changes the one of them given: "actually make it
    ///   phoenix", the destination given and the origin not, is the destination.
    public func statedValues(_ utterance: Utterance, intent name: IntentName, except: SlotName?, alone: Bool = false, given: Set<SlotName> = [], today: CivilDate = .today()) -> [SlotMatch] {
        guard let intent = intents.first(where: { $0.name == name }) else { return [] }
        let words = utterance.words
        let cuedChange = alone || Self.changesMind(words)
        var taken = [Bool](repeating: false, count: words.count)
        var found: [SlotMatch] = []
        for length in stride(from: min(4, words.count), through: 1, by: -1) {
            for first in 0...(words.count - length) {
                let last = first + length - 1
                // "not the router" names the router to say it is not.
                guard !taken[first...last].contains(true), !Negation.precedes(words, at: first) else { continue }
                let readings = intent.slots.filter { slot in
                    slot.name != except && (slot.multipleValues || !found.contains { $0.name == slot.name }) && wholeValue(of: slot, first: first, last: last, utterance: utterance, today: today)
                }.compactMap { slot in
                    slotMatch(slot, first: first, last: last, utterance: utterance, today: today)
                }
                let listed = readings.filter(\.isListedValue)
                // Read by two ("checking" is an account to take from and to put into): the one
                // whose samples say the words beside it ("no, from checking").
                func framed(_ readings: [SlotMatch]) -> SlotMatch? {
                    if let slot = framingSlot(of: readings.compactMap { intent.slot(named: $0.name) }, in: intent, words: words, first: first, last: last) {
                        return readings.first { $0.name == slot.name }
                    }
                    let changing = readings.filter { given.contains($0.name) }
                    return cuedChange && changing.count == 1 ? changing[0] : nil
                }
                // A built-in list's value ("chicago") only as a change, and framed as its slot's
                // samples say it: "no, from chicago" (two cities are asked; a bare "boston" or
                // "john" says nothing of which).
                let builtInListed = cuedChange ? readings.filter { reading in
                    if case .list? = intent.slot(named: reading.name).map({ BuiltInSlotTypes.kind(of: $0.type) }) { true } else { false }
                } : []
                // One slot alone reading it needs no frame: "wait, make it portland instead".
                let reading = listed.count == 1 ? listed[0] : listed.count > 1 ? framed(listed) : builtInListed.count == 1 ? builtInListed[0] : builtInListed.isEmpty ? nil : framed(builtInListed)
                guard let reading else { continue }
                found.append(reading)
                for i in first...last { taken[i] = true }
            }
        }
        // Values no list names (a number, a date, a city) count where the slot's own words
        // frame them: its samples ("{nights} nights", "for {nights} nights") or its name ("change
        // the city to boston").
        for match in framedValues(utterance, intent: intent, except: except, today: today) {
            guard let span = utterance.tokens(of: match) else { continue }
            // A name framed longer than the listed one found inside it is the name: "her name is
            // luna belle", not "luna".
            if let inside = found.firstIndex(where: { found in
                found.name == match.name && utterance.tokens(of: found).map { span.contains($0.lowerBound) && span.contains($0.upperBound) && $0 != span } == true
            }) {
                found.remove(at: inside)
                for i in span { taken[i] = false }
            }
            guard !found.contains(where: { $0.name == match.name }), !taken[span].contains(true) else { continue }
            found.append(match)
            for i in span { taken[i] = true }
        }
        // Words that name a slot given a value after them name it, and are no value of another
        // slot: "change the pickup to thursday" moves the pickup day, and "pickup", which a car
        // hire's car classes list too, is no change of car.
        let stated = found
        found.removeAll { value in
            guard value.isListedValue, let span = utterance.tokens(of: value) else { return false }
            let said = Array(words[span])
            return stated.contains { other in
                guard other.name != value.name, let otherSpan = utterance.tokens(of: other), span.upperBound < otherSpan.lowerBound else { return false }
                let name = Self.nameWords(other.name.rawValue)
                return name.count >= said.count && (0...(name.count - said.count)).contains { Array(name[$0..<($0 + said.count)]) == said }
            }
        }
        // A number or date said right beside a value found, where a sample puts its slot beside
        // that one's ("{dose} {unit}"): "wait, it's 400 milligrams" changes the dose too.
        for match in besideValues(utterance, intent: intent, found: found, taken: taken, except: except, today: today) {
            guard let span = utterance.tokens(of: match), !taken[span].contains(true) else { continue }
            found.append(match)
            for i in span { taken[i] = true }
        }
        // A value said after the one word the intent's samples say before its slot alone, with
        // nothing else: "at ten thirty" ("… at {time}"), "with maria" ("book a {service} with
        // {stylist}"), asked what day.
        if found.isEmpty, let led = ledValue(utterance, intent: intent, except: except, today: today) { found.append(led) }
        // A date, time or number said after words that change one's mind ("no, make it
        // saturday", "can you move it to nine pm"), which one slot alone reads.
        if found.isEmpty { found += cuedValues(utterance, intent: intent, except: except, alone: alone, today: today) }
        var result: [SlotMatch] = []
        for match in found where !result.contains(where: { $0.name == match.name }) {
            let same = found.filter { $0.name == match.name }.sorted { $0.start < $1.start }
            // Values a change of the list says apart ("take out the kitchen and add the garage")
            // are each as found, not one list read from the first to the last.
            if same.count > 1, let first = utterance.tokens(of: same[0]), let last = utterance.tokens(of: same[same.count - 1]),
                words[first.upperBound...last.lowerBound].contains(where: Self.listChangeWords.contains) {
                result.append(SlotMatch.list(match.name, of: same, in: utterance))
                continue
            }
            guard same.count > 1, let slot = intent.slot(named: match.name),
                let first = same.compactMap({ utterance.tokens(of: $0)?.lowerBound }).min(),
                let last = same.compactMap({ utterance.tokens(of: $0)?.upperBound }).max(),
                let whole = slotMatch(slot, first: first, last: last, utterance: utterance, today: today)
            else {
                result.append(match)
                continue
            }
            result.append(whole)
        }
        return result
    }

    /// Values of slots whose types list nothing or are built-in (numbers, dates, cities) said
    /// inside the words that frame them for that slot: around the value in one of the slot's
    /// samples ("{nights} nights", "for {nights} nights", "in {city}"), or after the slot's name
    /// ("change the city to boston", "make the check in date friday"). One value a slot, the
    /// longest; a span two slots both frame is left out.
    func framedValues(_ utterance: Utterance, intent: IntentDefinition, except: SlotName?, today: CivilDate) -> [SlotMatch] {
        let words = utterance.words
        var claims: [(slot: SlotDefinition, first: Int, last: Int)] = []
        for slot in intent.slots where slot.name != except && !(typeMatchers[SlotTypeMatcher.Key(slot)]?.resolves ?? false) {
            var best: (first: Int, last: Int)?
            let naming = BuiltInSlotTypes.firstNameTypes.contains(slot.type)
            for frame in Self.frames(of: slot) where frame.lead.count + frame.tail.count < words.count {
                for first in frame.lead.count..<words.count {
                    guard words[(first - frame.lead.count)..<first].elementsEqual(frame.lead) else { continue }
                    for last in first..<min(words.count, first + longestStated(slot)) {
                        guard last + 1 + frame.tail.count <= words.count, words[(last + 1)..<(last + 1 + frame.tail.count)].elementsEqual(frame.tail),
                            wholeValue(of: slot, first: first, last: last, utterance: utterance, today: today)
                                || (naming && frame.tail.isEmpty && last == words.count - 1 && Self.isUnlistedName(words[first...last]))
                        else { continue }
                        if best.map({ last - first > $0.last - $0.first }) ?? true { best = (first, last) }
                    }
                }
            }
            if let best { claims.append((slot, best.first, best.last)) }
        }
        return claims.filter { claim in
            !claims.contains { $0.slot.name != claim.slot.name && $0.first <= claim.last && claim.first <= $0.last }
        }.compactMap { slotMatch($0.slot, first: $0.first, last: $0.last, utterance: utterance, today: today) }
    }

    /// Values of slots whose types list nothing (a number, a date) said right before or after a
    /// value already found, where one of the intent's samples puts the two slots side by side
    /// with no word between ("{dose} {unit}"): the longest span that slot reads whole.
    func besideValues(_ utterance: Utterance, intent: IntentDefinition, found: [SlotMatch], taken: [Bool], except: SlotName?, today: CivilDate) -> [SlotMatch] {
        var pairs: Set<[String]> = []
        for sample in intent.samples + intent.slots.flatMap(\.samples) {
            let parts = SampleTemplate.parts(of: sample).filter { part in
                if case .text(let text) = part { !Tokenizer.tokens(text).isEmpty } else { true }
            }
            for (a, b) in zip(parts, parts.dropFirst()) {
                if case .slot(let first) = a, case .slot(let second) = b, first != second { pairs.insert([first, second]) }
            }
        }
        guard !pairs.isEmpty else { return [] }
        let words = utterance.words
        var result: [SlotMatch] = []
        for match in found {
            guard let span = utterance.tokens(of: match) else { continue }
            for slot in intent.slots where slot.name != except && slot.name != match.name && !found.contains(where: { $0.name == slot.name })
                && !result.contains(where: { $0.name == slot.name }) && !(typeMatchers[SlotTypeMatcher.Key(slot)]?.resolves ?? false) {
                let before = pairs.contains([slot.name.rawValue, match.name.rawValue])
                let after = pairs.contains([match.name.rawValue, slot.name.rawValue])
                var spans: [ClosedRange<Int>] = []
                for length in stride(from: longestStated(slot), through: 1, by: -1) {
                    if before, span.lowerBound - length >= 0 { spans.append((span.lowerBound - length)...(span.lowerBound - 1)) }
                    if after, span.upperBound + length < words.count { spans.append((span.upperBound + 1)...(span.upperBound + length)) }
                }
                guard let best = spans.first(where: { candidate in
                    !taken[candidate].contains(true) && wholeValue(of: slot, first: candidate.lowerBound, last: candidate.upperBound, utterance: utterance, today: today)
                }), let reading = slotMatch(slot, first: best.lowerBound, last: best.upperBound, utterance: utterance, today: today) else { continue }
                result.append(reading)
            }
        }
        return result
    }

    /// The values date, time or number slots read whole, said in a sentence that changes one's
    /// mind (`changesMind`), each read by no other slot of the intent (a "six" is a number and
    /// a time) and each slot's only one ("no, friday at 5 pm" is a date and a time); every
    /// other word a function word, a word of the change ("make", "move", "instead") or at most
    /// one more. With `alone`, also one value said alone or framed as one of the slot's own
    /// samples frames it ("at {time}"), or alone when the slot has no samples.
    func cuedValues(_ utterance: Utterance, intent: IntentDefinition, except: SlotName?, alone: Bool = false, today: CivilDate) -> [SlotMatch] {
        let words = utterance.words
        guard words.count <= 12 + PhoneNumberWords.longest else { return [] }
        let slots = intent.slots.filter { $0.name != except && readsByGrammar($0) }
        guard !slots.isEmpty else { return [] }
        var found: [(slot: SlotDefinition, span: ClosedRange<Int>)] = []
        var readings: [(span: ClosedRange<Int>, readers: [SlotDefinition])] = []
        for first in words.indices {
            for last in first..<min(words.count, first + Self.longestGrammarValue) {
                var readers = intent.slots.filter { wholeValue(of: $0, first: first, last: last, utterance: utterance, today: today) }
                // Read by two ("six": a number and a time), the one whose samples say the words
                // before or after it ("{partySize} of us", "for {partySize}").
                if readers.count > 1, let framed = framingSlot(of: readers, in: intent, words: words, first: first, last: last) { readers = [framed] }
                // Words a time and a number both read, said in pairs ("eight thirty": 08:30, or
                // 830 as a price is said), are the time.
                let times = readers.filter { BuiltInSlotTypes.kind(of: $0.type) == .time }
                if last > first, times.count == 1, readers.allSatisfy({ [.time, .number].contains(BuiltInSlotTypes.kind(of: $0.type)) }) { readers = times }
                if !readers.isEmpty { readings.append((first...last, readers)) }
            }
        }
        // Words two slots read as one value are not split for a third: "make it the twenty
        // fourth", of a pick-up and a return date, is no driver aged twenty.
        let undecided = readings.filter { $0.readers.count > 1 }.map(\.span)
        for (span, readers) in readings where !undecided.contains(where: { $0 != span && $0.contains(span.lowerBound) && $0.contains(span.upperBound) }) {
            let (first, last) = (span.lowerBound, span.upperBound)
            guard readers.count == 1, let slot = readers.first, slots.contains(where: { $0.name == slot.name }) else { continue }
            guard let index = found.firstIndex(where: { $0.span.overlaps(first...last) }) else {
                // Two values apart for one slot say nothing of which is meant.
                if found.contains(where: { $0.slot.name == slot.name }) { return [] }
                found.append((slot, first...last))
                continue
            }
            // The longer value holds the shorter: "five five five oh one oh oh" is a
            // telephone number, not the time "five".
            let known = found[index]
            if last - first >= known.span.count, known.slot.name == slot.name || first <= known.span.lowerBound && known.span.upperBound <= last {
                found[index] = (slot, first...last)
            }
        }
        guard !found.isEmpty else { return [] }
        let framedAlone = alone && found.count == 1 && found.allSatisfy { slot, span in
            slot.samples.isEmpty && span.count == words.count
                || Self.sampleFrames(slot.samples, of: slot).contains { words[..<span.lowerBound].elementsEqual($0.lead) && words[(span.upperBound + 1)...].elementsEqual($0.tail) }
        }
        let said = Contractions.expanded(words.indices.filter { i in !found.contains { $0.span.contains(i) } }.map { words[$0] })
        guard framedAlone || Self.changesMind(words), said.filter({ !StopWords.all.contains($0) && !Self.changeWords.contains($0) }).count <= 1 else { return [] }
        return found.compactMap { slotMatch($0.slot, first: $0.span.lowerBound, last: $0.span.upperBound, utterance: utterance, today: today) }
    }

    /// The value of the one slot whose word the sentence opens with, as the intent's samples say
    /// it before that slot and before no other ("at {time}", "with {stylist}"), read whole from
    /// the next word to the end: a value the type knows (a number, a date, a listed or a
    /// built-in list's name; for a first name, any name: "under smith"), not one everyday word. Not a word said before two slots: "for a
    /// week", asked how many nights, is no check-in date of "get me a room for {checkIn}" when
    /// "for {nights} nights" says it too.
    func ledValue(_ utterance: Utterance, intent: IntentDefinition, except: SlotName?, today: CivilDate) -> SlotMatch? {
        let words = utterance.words
        guard words.count > 1, words.count <= 1 + Self.longestGrammarValue else { return nil }
        let led = slotsLed(by: words[0], in: intent)
        guard led.count == 1, let slot = led.first.map({ intent.slots[$0] }), slot.name != except,
            wholeValue(of: slot, first: 1, last: words.count - 1, utterance: utterance, today: today)
                || BuiltInSlotTypes.firstNameTypes.contains(slot.type) && Self.isUnlistedName(words[1...])
        else { return nil }
        return slotMatch(slot, first: 1, last: words.count - 1, utterance: utterance, today: today)
    }

    /// The most words a value of `slot` said in a sentence is looked for in: four, or a telephone
    /// number said digit by digit.
    func longestStated(_ slot: SlotDefinition) -> Int {
        if case .grammar(.phoneNumber)? = typeMatchers[SlotTypeMatcher.Key(slot)]?.kind { PhoneNumberWords.longest + 1 } else { 4 }
    }

    /// Of several slots that read `words[first...last]` as a value, the one whose samples say
    /// more of the words right before and after it (its own samples first, then the intent's),
    /// a determiner beside the value aside: "no, from checking" is "from {fromAccount}", not "to
    /// {toAccount}"; "put it in my savings" is "put it in {toAccount}". Nil when no slot's
    /// samples say a word beside it, or two say as many.
    func framingSlot(of slots: [SlotDefinition], in intent: IntentDefinition, words: [String], first: Int, last: Int) -> SlotDefinition? {
        let determiners = SlotTypeMatcher.determiners
        var before = Array(words[..<first])
        if let word = before.last, determiners.contains(word) { before.removeLast() }
        var after = Array(words[(last + 1)...])
        if let word = after.first, determiners.contains(word) { after.removeFirst() }
        func said(_ frames: [(lead: [String], tail: [String])]) -> Int {
            var best = 0
            for frame in frames {
                var lead = frame.lead[...]
                if let word = lead.last, determiners.contains(word) { lead = lead.dropLast() }
                var tail = frame.tail[...]
                if let word = tail.first, determiners.contains(word) { tail = tail.dropFirst() }
                let leading = zip(lead.reversed(), before.reversed()).prefix { $0 == $1 }.count
                let trailing = zip(tail, after).prefix { $0 == $1 }.count
                best = max(best, leading + trailing)
            }
            return best
        }
        // The slot's own samples (its answers) first; the intent's decide a tie.
        for frames in [{ (slot: SlotDefinition) in Self.sampleFrames(slot.samples, of: slot) }, { Self.sampleFrames(intent.samples, of: $0) }] {
            let ranked = slots.map { (slot: $0, said: said(frames($0))) }.sorted { $0.said > $1.said }
            guard let top = ranked.first, top.said > 0 else { continue }
            if ranked.dropFirst().allSatisfy({ $0.said < top.said }) { return top.slot }
            return nil
        }
        return nil
    }

    /// The words around a slot in each of `samples` that says it: (lead, tail), the text next
    /// to it on either side (empty beside another slot or an edge).
    static func sampleFrames(_ samples: [String], of slot: SlotDefinition) -> [(lead: [String], tail: [String])] {
        let value = SampleTemplate.Part.slot(slot.name.rawValue)
        return samples.compactMap { sample in
            let parts = SampleTemplate.parts(of: sample)
            guard let at = parts.firstIndex(of: value) else { return nil }
            func words(_ part: SampleTemplate.Part?) -> [String] {
                guard case .text(let text)? = part else { return [] }
                return Tokenizer.tokens(text).map(\.text)
            }
            return (words(at > 0 ? parts[at - 1] : nil), words(at + 1 < parts.count ? parts[at + 1] : nil))
        }
    }

    /// Whether the words change something said: "no …", "actually", "make it", "change it to",
    /// "move it to", "instead", "how about", "rather", "i meant".
    public static func changesMind(_ words: [String]) -> Bool {
        if words.first == "no" || words.contains(where: { ["actually", "instead", "rather", "meant"].contains($0) }) { return true }
        return zip(words, words.dropFirst()).contains { pair in
            (["make", "change", "move", "switch", "push", "bump"].contains(pair.0) && ["it", "that"].contains(pair.1)) || (pair.0 == "how" && pair.1 == "about")
        }
    }

    /// Words that add to a list or take from it, or replace it.
    static let listChangeWords: Set<String> = ["add", "also", "plus", "remove", "take", "leave", "drop", "without", "minus", "delete", "just", "only", "instead"]

    /// Words that say a change, not what it is.
    static let changeWords: Set<String> = ["no", "actually", "instead", "rather", "make", "change", "move", "switch", "push", "bump", "wait", "sorry", "how", "let's", "let", "us", "go", "with", "better", "later", "earlier", "meant", "mean"]

    /// The words around a slot's value in its samples that say nothing but that slot, and after
    /// its name: (lead, tail), at least one word between them.
    static func frames(of slot: SlotDefinition) -> [(lead: [String], tail: [String])] {
        let alone = slot.samples.filter { sample in SampleTemplate.parts(of: sample).filter { if case .slot = $0 { true } else { false } }.count == 1 }
        // Only words that say which slot this is: not an article or "the … one" alone.
        var frames = sampleFrames(alone, of: slot).filter { frame in (frame.lead + frame.tail).contains { !StopWords.all.contains($0) } }
        // A first name is framed as people name anyone: "no, she's called mittens".
        if BuiltInSlotTypes.firstNameTypes.contains(slot.type) {
            frames += namingLeads.map { (lead: Tokenizer.tokens($0).map(\.text), tail: [String]()) }
        }
        // The name, and its last word when that says something ("the date" of "travelDate"):
        // a word two slots' names end in frames neither (`framedValues`).
        let name = Self.nameWords(slot.name.rawValue)
        var names = [name]
        if name.count > 1, let last = name.last, !StopWords.all.contains(last) { names.append([last]) }
        for name in names {
            for joint in [["to"], ["is"], ["should", "be"], ["for"]] { frames.append((name + joint, [])) }
            if name.count > 1 || !StopWords.all.contains(name.first ?? "") { frames.append((name, [])) }
            // The name said as a verb: "it started at 12:30" for `start`, "we checked in on
            // friday" for `checkIn`.
            if let verb = name.first, verb.count >= 3, !StopWords.all.contains(verb) {
                let past = verb.hasSuffix("e") ? verb + "d" : verb + "ed"
                for said in [past, verb + "s"] {
                    for joint in [["at"], ["on"], ["in"]] { frames.append(([said] + name.dropFirst() + joint, [])) }
                }
            }
        }
        return frames
    }

    /// Whether the words, at the end of a sentence after a naming frame ("her name is"), can be
    /// a name no list holds ("mittens", "luna belle"): one to three words, none a function word
    /// or a number.
    static func isUnlistedName(_ words: ArraySlice<String>) -> Bool {
        words.count <= 3 && words.allSatisfy { word in
            !StopWords.all.contains(word) && !SlotTypeMatcher.personalPronouns.contains(word) && word.allSatisfy(\.isLetter) && NumberWords.value(of: [word]) == nil
        }
    }

    /// What a slot is called, as words: its name's, and its type's when the model names the
    /// type ("favoriteDrink" of "DRINK_KIND": "favorite drink", "drink kind").
    static func namesWords(of slot: SlotDefinition) -> [[String]] {
        var names = [nameWords(slot.name.rawValue)]
        if !slot.type.isBuiltIn { names.append(nameWords(slot.type.rawValue.lowercased())) }
        return names
    }

    /// A slot's name as words: "checkIn" → "check in", "room_type" → "room type".
    static func nameWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || character == "-" || character == " " || (character.isUppercase && !current.isEmpty) {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = character.isLetter || character.isNumber ? String(character) : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
