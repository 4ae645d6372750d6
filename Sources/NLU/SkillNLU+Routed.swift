import SkillModel

extension SkillNLU {
    /// The sentence read as `intent` of this skill, with the slots its tagger finds, however
    /// the skill's own classifier leans: for the routing model's sure choice of a sentence the
    /// skill's few samples alone would send nowhere, and for the skill's own intent close
    /// behind a guessed built-in. Nil when the skill has no trained path or
    /// no such intent.
    public func reading(_ utterance: Utterance, as name: IntentName, score: Double, today: CivilDate = .today()) -> NLUCandidate? {
        guard let statistical, !utterance.words.isEmpty, let index = intents.firstIndex(where: { $0.name == name }) else { return nil }
        let matches = statistical.gazetteer.matches(utterance.words)
        let tagged = statistical.rerank([StatisticalNLU.Reading(intent: index, probability: 1)], utterance: utterance, matches: matches, considering: 1)
        let intent = intents[index]
        let slots = slots(tagged.first?.slots ?? [], intent: intent, matches: matches, utterance: utterance, today: today)
        return NLUCandidate(skillID: skillID, intent: name, score: score, slots: slots, declaredSlots: intent.slots.map(\.name))
    }

    /// The slots of a reading from what the tagger found: one value per slot, and values the
    /// tagger left outside every slot given to the slots that hold them.
    func slots(_ tagged: [StatisticalNLU.TaggedSlot], intent: IntentDefinition, matches: [Gazetteer.Match], utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        guard let statistical else { return [] }
        let spans = onePerSlot(slotMatches(tagged, intent: intent, utterance: utterance, today: today), intent: intent, utterance: utterance, today: today)
        let moved = nextToListedValues(spans, intent: intent, matches: matches, gazetteer: statistical.gazetteer, utterance: utterance, today: today)
        let joined = datesJoined(moved, intent: intent, utterance: utterance, today: today)
        let unclaimed = unclaimedValues(framedGrammarValues(joined, intent: intent, utterance: utterance, today: today), intent: intent, matches: matches,
                                        gazetteer: statistical.gazetteer, utterance: utterance, today: today)
        let framed = framedNumbers(ledToSiblings(unclaimed, intent: intent, utterance: utterance, today: today), intent: intent, utterance: utterance, today: today)
        return ledNames(endingBeforeTrail(framed, intent: intent, utterance: utterance, today: today), intent: intent, utterance: utterance, today: today)
    }

    /// An empty first-name slot takes the name said right after the one word the samples say
    /// before it alone, when no slot took those words and another slot's value, or the end,
    /// follows: "set up a meeting with priya tomorrow at 3" ("… with {person} on {date} at
    /// {time}") is a meeting with Priya, though the tagger, which knew no "priya", left her out.
    func ledNames(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        let words = utterance.words
        let spans = slots.flatMap(\.values).compactMap { utterance.tokens(of: $0) }
        var slots = slots
        for slot in intent.slots where BuiltInSlotTypes.firstNameTypes.contains(slot.type) && !slots.contains(where: { $0.name == slot.name }) {
            for first in words.indices.dropFirst() where slotsLed(by: words[first - 1], in: intent).map({ intent.slots[$0].name }) == [slot.name] {
                let name = (first...min(words.count - 1, first + 1)).reversed().first { last in
                    !spans.contains { $0.overlaps(first...last) } && Self.isUnlistedName(words[first...last])
                        && (last + 1 == words.count || spans.contains { $0.lowerBound == last + 1 })
                }
                guard let name, let match = slotMatch(slot, first: first, last: name, utterance: utterance, today: today) else { continue }
                slots.append(match)
                break
            }
        }
        return slots
    }

    /// A listed value whose last word is the one most of the intent's samples say right after
    /// its slot (`framingTrails`), when the words before it are a listed value too, ends before
    /// that word: the samples frame it outside. "add juice to my grocery list", where the type
    /// lists "grocery" and "grocery list" and the samples say "to my {list} list", names the
    /// list "grocery", as the samples' own sentences would. (HWU64 dev split, strict slot F1 at
    /// full size 0.7499 -> 0.7606, every other figure of every set unchanged; with any word a
    /// sample says after the slot, 0.7570, and at 10 per intent 0.5561 -> 0.5509: "wemo plug
    /// socket" cut to "wemo plug" for one "{device} socket".)
    func endingBeforeTrail(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, value) in slots.enumerated() where value.isKnownValue && value.list.isEmpty {
            guard let slot = intent.slot(named: value.name), let span = utterance.tokens(of: value), span.count >= 2,
                framingTrails[intent.name]?[slot.name] == utterance.words[span.upperBound],
                let shorter = slotMatch(slot, first: span.lowerBound, last: span.upperBound - 1, utterance: utterance, today: today), shorter.isKnownValue
            else { continue }
            slots[index] = shorter
        }
        return slots
    }

    /// Of two slots of one type, a value goes to the one the samples say its leading word
    /// before, when the tagger gave it to the other and that one is empty: "transfer 50 dollars
    /// from savings" is the account taken from ("from {from} to {to}"), though a value at the
    /// end of a transfer is most often the one put into. The leading word is the one before
    /// the value, past a determiner ("from my savings").
    func ledToSiblings(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, value) in slots.enumerated() {
            guard let slot = intent.slot(named: value.name), let span = utterance.tokens(of: value), span.lowerBound > 0 else { continue }
            let siblings = intent.slots.filter { other in other.type == slot.type && other.name != slot.name && !slots.contains { $0.name == other.name } }
            guard !siblings.isEmpty else { continue }
            var before = span.lowerBound - 1
            if before > 0, SlotTypeMatcher.determiners.contains(utterance.words[before]) { before -= 1 }
            let lead = utterance.words[before]
            guard leadWords[intent.name]?[slot.name]?.contains(lead) != true else { continue }
            let leads = slotsLed(by: lead, in: intent)
            var led = leads.map { intent.slots[$0] }.filter { other in siblings.contains { $0.name == other.name } }
            // Led by no word of either, a value said alone goes where the samples put one said
            // alone: "reserve a car at the phoenix airport tomorrow" picks it up tomorrow, as
            // "i need a rental car for {pickup}" does, where only "from {pickup} until
            // {dropoff}" says a return day.
            if led.isEmpty, leads.isEmpty {
                led = siblings.filter { saidAlone($0, apartFrom: slot, in: intent) && !saidAlone(slot, apartFrom: $0, in: intent) }
            }
            guard led.count == 1, let moved = slotMatch(led[0], first: span.lowerBound, last: span.upperBound, utterance: utterance, today: today) else { continue }
            slots[index] = moved
        }
        return slots
    }

    /// Whether a sample of the intent says `slot` without `other`.
    private func saidAlone(_ slot: SlotDefinition, apartFrom other: SlotDefinition, in intent: IntentDefinition) -> Bool {
        sampleSlotSets[intent.name]?.contains { $0.contains(slot.name.rawValue) && !$0.contains(other.name.rawValue) } == true
    }

    /// A value an empty grammar slot reads goes to the slot whose samples say the words beside
    /// it: "book a table for two" is "a table for {partySize}", not "book {restaurant} for
    /// {time}", whichever the tagger or the sample chose. A value a listing type does not list
    /// goes to the grammar slot unless its own samples frame it better: "book a table for two at
    /// seven" has the time seven, not a restaurant "seven" ("at {restaurant}", "at {time}").
    func framedGrammarValues(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, match) in slots.enumerated() where match.list.isEmpty {
            guard let slot = intent.slot(named: match.name), let span = utterance.tokens(of: match) else { continue }
            let grammar = readsByGrammar(slot)
            if !grammar, !match.isKnownValue, let split = framedTail(match, slot: slot, span: span, slots: slots, intent: intent, utterance: utterance, today: today) {
                slots.remove(at: index)
                return framedGrammarValues(slots + split, intent: intent, utterance: utterance, today: today)
            }
            guard grammar || (!match.isKnownValue && typeMatchers[SlotTypeMatcher.Key(slot)]?.isListed == true) else { continue }
            let rivals = intent.slots.filter { other in
                other.name != slot.name && readsByGrammar(other) && !slots.contains { $0.name == other.name }
                    && typeMatchers[SlotTypeMatcher.Key(other)]?.read(words: utterance.words[span], today: today)?.normalized != nil
            }
            guard !rivals.isEmpty else {
                if grammar, let split = splitByFrames(match, slot: slot, span: span, slots: slots, intent: intent, utterance: utterance, today: today) {
                    slots.remove(at: index)
                    return framedGrammarValues(slots + split, intent: intent, utterance: utterance, today: today)
                }
                continue
            }
            let framed = framingSlot(of: [slot] + rivals, in: intent, words: utterance.words, first: span.lowerBound, last: span.upperBound)
                ?? (grammar || rivals.count > 1 ? nil : rivals[0])
            guard let framed, framed.name != slot.name, let moved = slotMatch(framed, first: span.lowerBound, last: span.upperBound, utterance: utterance, today: today) else { continue }
            slots[index] = moved
        }
        return slots
    }

    /// A grammar value that opens with another empty grammar slot's value, framed as that
    /// slot's samples say it, is two: "a table for two tonight" is the party size two ("a table
    /// for {partySize}") and tonight, not the time "two tonight". The rest goes to its own slot
    /// if it reads it, else to an empty grammar slot that does.
    func splitByFrames(_ match: SlotMatch, slot: SlotDefinition, span: ClosedRange<Int>, slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance,
                       today: CivilDate) -> [SlotMatch]? {
        guard span.count > 1 else { return nil }
        let empty = intent.slots.filter { other in other.name != slot.name && readsByGrammar(other) && !slots.contains { $0.name == other.name } }
        for cut in span.lowerBound..<span.upperBound {
            let head = span.lowerBound...cut
            let readers = empty.filter { typeMatchers[SlotTypeMatcher.Key($0)]?.read(words: utterance.words[head], today: today)?.normalized != nil }
            guard !readers.isEmpty, let framed = framingSlot(of: [slot] + readers, in: intent, words: utterance.words, first: head.lowerBound, last: head.upperBound),
                framed.name != slot.name, let first = slotMatch(framed, first: head.lowerBound, last: head.upperBound, utterance: utterance, today: today)
            else { continue }
            let rest = [slot] + empty.filter { $0.name != framed.name }
            guard let second = rest.lazy.compactMap({ self.slotMatch($0, first: cut + 1, last: span.upperBound, utterance: utterance, today: today) }).first(where: \.isKnownValue)
            else { continue }
            return [first, second]
        }
        return nil
    }

    /// A name or free text that ends in another empty slot's value, framed as that slot's
    /// samples say it, is two: "two tickets for dune at 7 pm" is the movie "dune" and the
    /// showtime 7 pm ("at {showtime}"), "translate good night to mandarin chinese" the phrase
    /// "good night" and the language ("to {language}"). "night at the museum" stays a title:
    /// "the museum" is no time. The tail's value is one its type knows: read by a grammar, or
    /// said in a built-in list's own words.
    func framedTail(_ match: SlotMatch, slot: SlotDefinition, span: ClosedRange<Int>, slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance,
                    today: CivilDate) -> [SlotMatch]? {
        guard span.count >= 3 else { return nil }
        let empty = intent.slots.filter { other in other.name != slot.name && !slots.contains { $0.name == other.name } }
        guard !empty.isEmpty else { return nil }
        for cut in (span.lowerBound + 1)..<span.upperBound {
            let tail = (cut + 1)...span.upperBound
            for other in empty {
                guard let type = typeMatchers[SlotTypeMatcher.Key(other)], let reading = type.read(words: utterance.words[tail], today: today) else { continue }
                // Not a model's own listed value: "i can't log in to my email" is what is wrong,
                // though it names the product. (Taking those too cost HWU64's strict slot F1 at
                // full size 0.7355 -> 0.7331.)
                let known = switch type.kind {
                case .list: reading.fit >= 0.9
                case .grammar: reading.isKnownValue
                case .custom, .freeText: false
                }
                guard known, Self.sampleFrames(other.samples + intent.samples, of: other).contains(where: { $0.lead.last == utterance.words[cut] }),
                    let value = slotMatch(other, first: tail.lowerBound, last: tail.upperBound, utterance: utterance, today: today),
                    let head = slotMatch(slot, first: span.lowerBound, last: cut - 1, utterance: utterance, today: today)
                else { continue }
                return [head, value]
            }
        }
        return framedEnd(slot: slot, span: span, empty: empty, intent: intent, utterance: utterance, today: today)
    }

    /// The other way round: a name or free text that ends in another empty slot's value and the
    /// words its samples say after it, said right after a value as they say it, is two: "rate
    /// dune four stars" is the book "dune" and four ("{title} {stars} stars").
    private func framedEnd(slot: SlotDefinition, span: ClosedRange<Int>, empty: [SlotDefinition], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch]? {
        let words = utterance.words
        for other in empty {
            guard let type = typeMatchers[SlotTypeMatcher.Key(other)], case .grammar = type.kind else { continue }
            for frame in Self.sampleFrames(other.samples + intent.samples, of: other) where frame.lead.isEmpty && !frame.tail.isEmpty && frame.tail.count < span.count - 1 {
                let end = span.upperBound - frame.tail.count
                guard Array(words[(end + 1)...span.upperBound]) == frame.tail else { continue }
                for cut in (span.lowerBound + 1)...end {
                    guard type.read(words: words[cut...end], today: today)?.isKnownValue == true,
                        let value = slotMatch(other, first: cut, last: end, utterance: utterance, today: today),
                        let head = slotMatch(slot, first: span.lowerBound, last: cut - 1, utterance: utterance, today: today)
                    else { continue }
                    return [head, value]
                }
            }
        }
        return nil
    }

    /// A word the type does not list, tagged beside a value it does list that no slot took, gives
    /// the slot to that value: "suggest a good mystery" tagged like "suggest a {genre} book" is
    /// the genre "mystery", not "good".
    func nextToListedValues(_ slots: [SlotMatch], intent: IntentDefinition, matches: [Gazetteer.Match], gazetteer: Gazetteer, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, match) in slots.enumerated() where match.resolution?.status == .successNoMatch && match.list.isEmpty {
            guard let slot = intent.slot(named: match.name), let span = utterance.tokens(of: match) else { continue }
            let free = matches.filter { listed in
                gazetteer.types[listed.type] == slot.type && (listed.start == span.upperBound + 1 || listed.end == span.lowerBound)
                    && !slots.contains { other in utterance.tokens(of: other).map { $0.overlaps(listed.start..<listed.end) } ?? false }
            }
            guard free.count == 1, let listed = slotMatch(slot, first: free[0].start, last: free[0].end - 1, utterance: utterance, today: today) else { continue }
            slots[index] = listed
        }
        return slots
    }

    /// An unlisted name just before a date or time that reads, with it, as one longer date or
    /// time is part of it: "weather for july fourth nineteen ninety" tagged city "july fourth"
    /// and date "nineteen ninety" is the date 1990-07-04, and no city.
    func datesJoined(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, match) in slots.enumerated() {
            guard let slot = intent.slot(named: match.name), readsByGrammar(slot), let span = utterance.tokens(of: match),
                let before = slots.firstIndex(where: { $0.name != match.name && !$0.isKnownValue && utterance.tokens(of: $0)?.upperBound == span.lowerBound - 1 }),
                let first = utterance.tokens(of: slots[before])?.lowerBound,
                let joined = slotMatch(slot, first: first, last: span.upperBound, utterance: utterance, today: today), joined.isKnownValue
            else { continue }
            slots[index] = joined
            slots.remove(at: before)
            return datesJoined(slots, intent: intent, utterance: utterance, today: today)
        }
        return valuesCarriedOn(slots, intent: intent, utterance: utterance, today: today)
    }

    /// A date the words after it carry on ("march fifth" then "twenty twenty seven"), which the
    /// tagger left out or gave a number, a time or an unlisted name: the date takes them. "a
    /// flight on march fifth twenty twenty seven for two" had twenty passengers, and "yoga on
    /// december fourth twenty twenty seven" was at 20:27 (a year is the date's only when the day
    /// with it is one of 1900 to 2199). So does a number the words no slot holds carry on:
    /// "three" then "quarters" of a cup.
    func valuesCarriedOn(_ slots: [SlotMatch], intent: IntentDefinition, utterance: Utterance, today: CivilDate) -> [SlotMatch] {
        var slots = slots
        for (index, match) in slots.enumerated() {
            guard let slot = intent.slot(named: match.name), let kind = BuiltInSlotTypes.kind(of: slot.type), kind == .date || kind == .number,
                let span = utterance.tokens(of: match)
            else { continue }
            let others = slots.enumerated().filter { $0.offset != index }.compactMap { other in utterance.tokens(of: other.element).map { (other.offset, $0, other.element) } }
            // Words after the date that no slot holds, or that a number or an unlisted value
            // holds; after a number, words no slot holds ("three" then "quarters").
            let held = { (word: Int) in
                others.contains { other in
                    other.1.contains(word)
                        && (kind == .number || other.2.isKnownValue && !(intent.slot(named: other.2.name).map { [.number, .time].contains(BuiltInSlotTypes.kind(of: $0.type)) } ?? false))
                }
            }
            func isDayOfAYear(_ value: String) -> Bool {
                CivilDate(iso: value).map { (1900...2199).contains($0.year) } ?? false
            }
            let swallowsTime = { (end: Int) in
                others.contains { other in
                    other.1.overlaps(span.upperBound + 1...end) && intent.slot(named: other.2.name).map { BuiltInSlotTypes.kind(of: $0.type) == .time } == true
                }
            }
            var last = span.upperBound
            while last + 1 < utterance.words.count, last - span.upperBound < 4, !held(last + 1) { last += 1 }
            guard last > span.upperBound,
                let end = stride(from: last, to: span.upperBound, by: -1).first(where: { end in
                    slotMatch(slot, first: span.lowerBound, last: end, utterance: utterance, today: today).map { joined in
                        joined.isKnownValue && (!swallowsTime(end) || isDayOfAYear(joined.value))
                    } == true
                }),
                let joined = slotMatch(slot, first: span.lowerBound, last: end, utterance: utterance, today: today)
            else { continue }
            slots[index] = joined
            let swallowed = Set(others.filter { $0.1.overlaps(span.lowerBound...end) }.map(\.0))
            return slots.enumerated().filter { !swallowed.contains($0.offset) }.map(\.element)
        }
        return slots
    }
}
