#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dialog
import NLU
import SkillModel

/// The dialog model run by the host, as Alexa runs it: an intent with auto delegation is
/// elicited, validated and confirmed here and reaches the skill once, COMPLETED; an intent
/// under SKILL_RESPONSE reaches the skill every turn (STARTED, then IN_PROGRESS), and the host
/// takes a step of the dialog model when the skill answers Dialog.Delegate.
extension HostEngine {
    /// A newly understood intent: into its dialog, or straight to the skill.
    func start(_ intent: Intent, with entry: SkillRegistry.Entry, result: TurnResult, slots: [SlotMatch]) async -> TurnResult {
        var result = result
        result.slots = slots.map { ($0.name, $0.spoken) }
        let engine = DialogEngine(model: entry.skill.model.dialog)
        if engine.delegatesAutomatically(intent.name) {
            return await step(intent, engine: engine, entry: entry, result: result)
        }
        return await send(.intent, intent: intent, dialogState: engine.hasDialog(intent.name) ? .started : nil, to: entry, result: result)
    }

    /// The user's words as the answer to the pending question; nil when they are not one
    /// (another intent, or neither yes nor no to a confirmation).
    func answer(_ pending: Conversation.PendingDialog, utterance: Utterance, entry: SkillRegistry.Entry, result: TurnResult) async -> TurnResult? {
        var result = result
        var intent = pending.intent
        // The answer to "the pickup date or the return date?": the value said before goes to
        // the slot named, and the dialog goes on. Anything else is taken as said to the
        // question still asked.
        let chosen = pending.choosing.flatMap { choice in
            understanding({ entry.nlu.chosenSlot(utterance, among: choice.slots, intent: intent.name) }).flatMap { chosen in
                understanding({ entry.nlu.undecidedChange(Utterance(choice.utterance), intent: intent.name, alone: true, given: Set(choice.slots)) }).first { $0.name == chosen }
            }
        }
        if let chosen {
            Self.take([chosen], into: &intent, model: entry.skill.model, result: &result)
        } else if BuiltInIntents.saysSwap(utterance.words), let pair = Self.swappablePair(in: intent, model: entry.skill.model) {
            // "i had it backwards": the two values of one type change places.
            func moved(_ slot: Slot?, to name: SlotName) -> Slot? {
                slot.map { var slot = $0; slot.name = name; slot.confirmationStatus = .none; return slot }
            }
            (intent[slot: pair.0], intent[slot: pair.1]) = (moved(intent[slot: pair.1], to: pair.0), moved(intent[slot: pair.0], to: pair.1))
            intent.confirmationStatus = .none
            result.slots = [pair.0, pair.1].compactMap { name in intent[slot: name]?.values.first.map { (name, $0.value) } }
        } else if let choice = pending.choosing, BuiltInIntents.confirmation(utterance.words) != nil,
            let asked = askWhich(of: Utterance(choice.utterance), pending: pending, alone: true, entry: entry, result: result) {
            // "yes" to "the origin or the destination?" confirms nothing: the choice is asked again.
            return asked
        } else {
            switch pending.question {
            case .elicitSlot(let slot):
                // "what crusts do you have?", asked which crust: the values the type lists,
                // unless the skill has an intent of its own for the question.
                if BuiltInIntents.asksForOptions(utterance.words), let offered = Self.options(for: slot, of: intent, model: entry.skill.model, said: utterance.words),
                    !(understanding({ entry.nlu.parse(utterance) }).first.map { !$0.intent.isBuiltIn && $0.score >= Self.sure } ?? false) {
                    var result = result
                    let question = conversation.session?.lastReprompt ?? conversation.session?.lastSpeech ?? ""
                    result.speech = "You can say \(offered). \(question)".trimmingCharacters(in: .whitespaces)
                    result.reprompt = question.isEmpty ? result.speech : question
                    return applyQuestion(pending.question, intent: intent, askedByModel: pending.askedByModel, entry: entry, result: result)
                }
                if let spoken = spokenAnswer(utterance, to: slot, pending: pending, entry: entry) {
                    Self.take([spoken], into: &intent, model: entry.skill.model, result: &result)
                    break
                }
                // A bare number asked how long, with no unit to count it by, is no other slot's
                // value: "40", asked how long each interval is, changed the workout's 5 rounds
                // to 40. Which unit is asked, the number kept.
                if let asked = askingUnit(utterance, pending: pending, entry: entry, result: result) { return asked }
                // Several values at once ("50, 75 and 100" asked for the second number) fill the
                // elicited slot and the empty ones of its type after it, in the model's order.
                if let run = understanding({ entry.nlu.run(utterance, intent: intent.name, slots: [slot] + Self.emptySlots(after: slot, in: intent, model: entry.skill.model)) }) {
                    Self.take(run, into: &intent, model: entry.skill.model, result: &result)
                    break
                }
                // The bare answer ("8", "eight", "the grocery one") is read as the elicited slot.
                let candidates = understanding { entry.nlu.parse(utterance, eliciting: .init(intent: intent.name, slot: slot)) }
                result.candidates = candidates
                // One value the asked slot's type lists, said amid a few other words, where the
                // answer read none: "it arrived with a cracked screen", asked why, is "cracked"
                // (damaged); "it's a 2015 honda civic" stays as said, resolved to "honda" —
                // unless another skill reads the sentence surely.
                let read = candidates.first.flatMap { $0.intent == intent.name ? $0.slots.first { $0.name == slot } : nil }
                if read?.isListedValue != true, let contained = understanding({ entry.nlu.containedAnswer(utterance, intent: intent.name, slot: slot, read: read) }),
                    !(understanding({ registry.index.parse(utterance) }).contains { $0.skillID != entry.id && $0.score >= Self.sure }) {
                    Self.take([contained], into: &intent, model: entry.skill.model, result: &result)
                    break
                }
                // A value two given slots hold alike, said instead of the answer ("monday", asked
                // the car's size, with a pick-up and a return day given): which one is asked.
                if let best = candidates.first, best.intent == intent.name, !best.slots.isEmpty,
                    best.slots.allSatisfy({ $0.name != slot && Self.givenSlots(intent).contains($0.name) }),
                    let asked = askWhich(of: utterance, pending: pending, alone: true, entry: entry, result: result) {
                    return asked
                }
                // A reading that leaves the asked slot empty changes no slot already given unless the
                // words state it: "for a week", asked how many nights, read 0.53 sure as a check-in
                // "a week" from now, is no new check-in date.
                // Nor does one that fills it change another slot's value by a guess: "9 am and 9 pm",
                // asked when to take a 500 mg pill, read 0.32 sure with a dose "9", keeps the dose;
                // "8 pm, and make it 3 pills" states it.
                let heard = candidates.first.map { (best: NLUCandidate) -> [SlotMatch] in
                    guard best.score < 0.9 else { return best.slots }
                    let given = Self.givenSlots(intent).subtracting([slot])
                    let stated = best.slots.contains(where: { $0.name == slot }) && best.slots.contains(where: { given.contains($0.name) })
                        ? understanding({ entry.nlu.statedValues(utterance, intent: intent.name, except: slot) }).map(\.name) : []
                    // Nor is a value no list holds, for a slot not asked, read under even odds, an
                    // answer: "book a cleaning for the kitchen", asked when a car comes back, is no
                    // car of size "cleaning" ("book a {carSize} in {city}").
                    let asked = best.slots.contains { $0.name == slot }
                    return best.slots.filter { value in
                        (!given.contains(value.name) || stated.contains(value.name)) && (asked || best.score >= 0.5 || value.isKnownValue)
                    }
                } ?? []
                guard let best = candidates.first, best.intent == intent.name, !heard.isEmpty else {
                    // A change of mind about another slot ("actually make it small" asked for a
                    // time, "change the crust to stuffed" asked for toppings, which no sample
                    // says: the fallback), unless the sentence is surely something else: that slot
                    // changes, and the dialog goes on.
                    // So is a date, time or number said alone that another slot reads: "6:30", asked
                    // how many spots, of a class booked for the evening.
                    var stated = understanding { entry.nlu.statedValues(utterance, intent: intent.name, except: slot, given: Self.givenSlots(intent)) }
                    if stated.isEmpty {
                        stated = understanding { entry.nlu.statedValues(utterance, intent: intent.name, except: slot, alone: true, given: Self.givenSlots(intent)) }
                            .filter { entry.nlu.readsByGrammar($0.name, of: intent.name) }
                    }
                    // The asked slot's own value, framed as its samples say it, may come with the
                    // change: "make it 2 spots and change the time to 6".
                    if !stated.isEmpty, let own = understanding({ entry.nlu.statedValues(utterance, intent: intent.name, except: nil, given: Self.givenSlots(intent)) })
                        .first(where: { $0.name == slot }) {
                        stated.append(own)
                    }
                    let unsure = candidates.first.map({ $0.intent == intent.name || $0.intent == .fallback || $0.score < 0.5 }) ?? true
                    if stated.isEmpty, unsure, let asked = askWhich(of: utterance, pending: pending, alone: false, entry: entry, result: result) { return asked }
                    // The one number, date or time said amid other words, in no question, which
                    // no other skill reads as likely as not: "my wife will drive, she's 34", asked
                    // how old the driver is ("what are the vet's hours on sunday", asked when a
                    // car comes back, is the vet's).
                    if stated.isEmpty, unsure, !SkillNLU.isQuestion(utterance.words), let lone = understanding({ entry.nlu.loneValue(utterance, intent: intent.name, slot: slot) }),
                        !(understanding({ registry.index.parse(utterance) }).contains { $0.skillID != entry.id && $0.score >= Self.sureEnoughToEnd }) {
                        Self.take([lone], into: &intent, model: entry.skill.model, result: &result)
                        break
                    }
                    guard !stated.isEmpty, unsure else { return nil }
                    Self.take(stated, into: &intent, model: entry.skill.model, result: &result, said: utterance)
                    break
                }
                // A sentence for another skill is no answer: read as the intent under way without
                // a value the asked slot's type knows, it says words this skill never says, and
                // another skill reads it surely ("book a table for two at seven tonight", asked what
                // day a meeting is, took "seven tonight" as the meeting's time; "remind me to take
                // my vitamin d at 8 pm", asked which crust, ordered a pizza with that crust).
                // A short answer that is mostly the value ("gluten free", "the gluten free one")
                // stays the answer, unless another skill is all but certain of it (0.99) as words
                // of its own, no value, and the value is no word of this skill's: "flip a coin",
                // asked which list to add to, is the coin flip's, not a list called "flip a coin"
                // ("gluten free", asked which crust, stays the crust beside a diet skill's "{diet}").
                let bare = best.slots.first { $0.name == slot }.map { value in
                    let said = value.spoken.split(separator: " ").count
                    return said <= 3 && utterance.words.count <= said + 2
                } ?? false
                // Free text asked for is whatever is said: "book a table for two at harbor grill",
                // asked for a to-do list's task, is the task, though a reservations skill reads it
                // surely (a task, a note, a message is often another skill's request).
                let askedFreeText = Self.takesFreeText(slot, of: intent, model: entry.skill.model)
                // Except a change of mind about another slot: "wait, make it eleven", asked for
                // the address, changes the time and the address is asked again.
                if askedFreeText, case let changed = understanding({ entry.nlu.changeOfMind(utterance, intent: intent.name, except: slot, given: Self.givenSlots(intent)) }), !changed.isEmpty {
                    Self.take(changed, into: &intent, model: entry.skill.model, result: &result, said: utterance)
                    break
                }
                // Nor is a reading under even odds that fills the asked slot beside words it
                // never says, which another skill reads far more surely: "book a cleaning for
                // friday", asked when a rental car is picked up, read 0.41 with the day (and 0.88
                // by the cleaning skill), is the cleaning skill's request.
                let guessing = best.score < Self.handOverBelow && !bare
                // Nor is a short answer that is another skill's command, said in its words: a
                // value no list of this skill's holds, the sentence routed to that skill alone
                // (never to this one), read as one of its intents with no value, and opened by
                // the word that opens that intent's samples: "rate a movie", asked which stop,
                // is the movie skill's request, not a stop called "rate a movie".
                if !askedFreeText, !best.slots.contains(where: { $0.name == slot && $0.isKnownValue }) || guessing,
                    registry.index.saysWordsUnknown(to: entry.id, in: utterance),
                    case let routed = understanding({ registry.index.parse(utterance) }),
                    let other = routed.first(where: { $0.skillID != entry.id }),
                    case let command = bare && other.slots.isEmpty && utterance.words.count > 1 && other.score >= SkillIndex.floor
                        && !best.slots.contains(where: { $0.name == slot && $0.isListedValue })
                        && !routed.contains(where: { $0.skillID == entry.id })
                        && Self.opensSample(utterance.words[0], of: other, in: registry),
                    other.score >= Self.sure || guessing && other.score >= Self.handOverFarAhead.score && other.score - best.score >= Self.handOverLead || command,
                    !bare || other.score >= Self.certain && other.slots.isEmpty && utterance.words.count > 1 || command {
                    return nil
                }
                // A day inside the period given, said beside the answer, says which day: "sunday
                // morning", asked the time of a class booked for the weekend, is Sunday.
                let narrowed = Self.givenSlots(intent).subtracting(heard.map(\.name)).compactMap { name in
                    understanding({ entry.nlu.loneValue(utterance, intent: intent.name, slot: name) }).flatMap { day in
                        Self.narrows(day, intent[slot: name]) && !heard.contains(where: { $0.start < day.end && day.start < $0.end }) ? day : nil
                    }
                }
                Self.take(heard + narrowed, into: &intent, model: entry.skill.model, result: &result)
            case .confirmSlot(let slot):
                // A change of mind about another slot ("wait, make it eleven", "also the
                // windows", asked to confirm the address) changes that one; the address is
                // asked to be confirmed again.
                let changed = understanding { entry.nlu.changeOfMind(utterance, intent: intent.name, except: slot, given: Self.givenSlots(intent)) }
                if !changed.isEmpty {
                    Self.take(changed, into: &intent, model: entry.skill.model, result: &result, said: utterance)
                    break
                }
                let yes = BuiltInIntents.confirmation(utterance.words)
                let candidates = yes == true ? [] : understanding({ entry.nlu.parse(utterance, eliciting: .init(intent: intent.name, slot: slot)) })
                let heard = candidates.first.flatMap { $0.intent == intent.name && !$0.slots.isEmpty ? $0 : nil }
                // "make it a large" instead of yes or no, and "no, make it small" (a denial with a
                // value the type knows) are the new value; so is free text said after a no that
                // says more than the no ("no, it's 71 oak avenue"; not "no, that's wrong").
                let freeText = Self.takesFreeText(slot, of: intent, model: entry.skill.model)
                if let heard, yes == nil || heard.slots.contains(where: { $0.name == slot && ($0.isKnownValue || freeText && BuiltInIntents.saysMoreThanDenial($0.spoken)) }) {
                    result.candidates = candidates
                    Self.take(heard.slots, into: &intent, model: entry.skill.model, result: &result)
                } else if let yes {
                    intent[slot: slot]?.confirmationStatus = yes ? .confirmed : .denied
                } else {
                    return nil
                }
            case .confirmIntent:
                let offered = conversation.session.map { BuiltInIntents.echoesOffer(utterance.words, question: $0.lastSpeech) } ?? false
                let yes = offered ? true : BuiltInIntents.confirmation(utterance.words)
                // A change of mind instead of yes ("actually make it small", "no, make it a
                // cappuccino", "small please"): the values the sentence says change, and the intent
                // is asked to be confirmed again with them, not denied or started over.
                // So is a yes with a change ("yes but make it nine pm"): a value that differs from the
                // one given; a yes that says a value again ("yes, the thin crust") is a yes.
                let qualified = yes == true && !offered && !BuiltInIntents.isBareConfirmation(utterance.words)
                // A sentence the skill reads surely as another of its intents, with no word of a
                // change, changes nothing: "how much is in my checking", asked to confirm a
                // transfer to savings, asks the balance.
                let asksOther = yes == nil && !SkillNLU.changesMind(utterance.words)
                    && understanding({ entry.nlu.parse(utterance) }).first.map { $0.intent != intent.name && !$0.intent.isBuiltIn && $0.score >= Self.sure } == true
                let stated = yes == true && !qualified || asksOther ? [] : understanding({ entry.nlu.statedValues(utterance, intent: intent.name, except: nil, alone: true, given: Self.givenSlots(intent)) })
                    .filter { match in !qualified || intent[slot: match.name]?.values.map(\.value) != match.spokenValues.map(\.value) }
                if !stated.isEmpty {
                    Self.take(stated, into: &intent, model: entry.skill.model, result: &result, said: utterance)
                    break
                }
                // "me and my sister", asked to confirm a class for one: two spots.
                if yes == nil, let count = understanding({ entry.nlu.peopleCount(utterance, intent: intent.name) }) {
                    Self.take([count], into: &intent, model: entry.skill.model, result: &result)
                    break
                }
                if yes != true, let asked = askWhich(of: utterance, pending: pending, alone: true, entry: entry, result: result) { return asked }
                // Neither yes nor no, and read surely as the intent being confirmed with a value its
                // type does not list ("make it three times a day", "actually every other day"): the
                // value the user would have given in the first place.
                // But a value no list holds replaces one the list resolved only when the words say
                // a change: "extra hot please", asked to confirm a large oat latte, is no drink
                // "extra hot" ("{drink} please").
                let changing = SkillNLU.changesMind(utterance.words)
                if yes == nil, let best = understanding({ entry.nlu.parse(utterance) }).first, best.intent == intent.name, best.score >= 0.5,
                    case let changes = best.slots.filter({ changing || $0.isKnownValue || intent[slot: $0.name]?.values.first?.resolvedValue == nil }), !changes.isEmpty {
                    result.candidates = [best]
                    Self.take(changes, into: &intent, model: entry.skill.model, result: &result, said: utterance)
                    break
                }
                guard let yes else { return nil }
                intent.confirmationStatus = yes ? .confirmed : .denied
            }
        }
        if let latest = pending.hoursAfterNoon, !BuiltInSlotTypes.saysHalfOfDay(utterance.words) {
            Self.readAfterNoon(&intent, was: pending.intent, latest: latest, model: entry.skill.model)
        }
        let engine = DialogEngine(model: entry.skill.model.dialog)
        if pending.askedByModel, engine.delegatesAutomatically(intent.name) {
            return await step(intent, engine: engine, entry: entry, result: result)
        }
        return await send(.intent, intent: intent, dialogState: .inProgress, to: entry, result: result)
    }

    /// What the words answer, asked for `slot`, as people answer besides the bare value
    /// (SkillNLU+DialogAnswers), the first that reads: "sorry, i meant tuesday" corrects the
    /// slot the turn before filled; "yes" is a value the type lists; "for a week" ends a span
    /// begun on a day given; "until the fifteenth" counts the nights of a stay; "in 30
    /// minutes" is a time from now; "me and my two kids" counts three; "3", asked "How many
    /// hours?", is three hours, and "10", asked how long to rest after 30 seconds of work, ten
    /// seconds; "for a week", asked how many nights, is 7. Nil when none reads.
    private func spokenAnswer(_ utterance: Utterance, to slot: SlotName, pending: Conversation.PendingDialog, entry: SkillRegistry.Entry) -> SlotMatch? {
        let (intent, nlu, model) = (pending.intent, entry.nlu, entry.skill.model)
        let question = conversation.session?.lastSpeech ?? ""
        let now = Self.clock().minute
        return understanding {
            if let count = pending.unitlessCount, let unit = nlu.unitAfterCount(utterance, count: Utterance(count).words, intent: intent.name, slot: slot) {
                return unit
            }
            if let answered = pending.answered, answered != slot, BuiltInIntents.correctsLastAnswer(utterance.words),
                let corrected = nlu.loneValue(utterance, intent: intent.name, slot: answered)
                    ?? nlu.statedValues(utterance, intent: intent.name, except: slot, alone: true, given: [answered]).first(where: { $0.name == answered }) {
                return corrected
            }
            if let listed = nlu.listedAnswer(utterance, intent: intent.name, slot: slot) { return listed }
            if let start = Self.spanStart(before: slot, in: intent, model: model), let end = nlu.dateAfter(utterance, slot: slot, intent: intent.name, start: start) {
                return end
            }
            if let start = Self.lastDate(in: intent, model: model), let count = nlu.countUntil(utterance, intent: intent.name, slot: slot, question: question, start: start)
                ?? nlu.durationUntil(utterance, intent: intent.name, slot: slot, start: start) {
                return count
            }
            return nlu.timeFromNow(utterance, intent: intent.name, slot: slot, now: now)
                ?? nlu.peopleCount(utterance, intent: intent.name, slot: slot)
                ?? nlu.durationAnswer(utterance, intent: intent.name, slot: slot, question: question)
                ?? Self.otherDuration(besides: slot, in: intent, model: model).flatMap { nlu.durationAnswer(utterance, intent: intent.name, slot: slot, like: $0) }
                ?? nlu.countOfLength(utterance, intent: intent.name, slot: slot, question: question)
        }
    }

    /// A change whose value two slots given hold alike ("no, make it the twenty fourth", a car
    /// picked up on the 20th and brought back on the 23rd): asks which one is meant ("Do you
    /// mean the pickup date or the return date?"), the dialog's question still waiting behind
    /// it. Nil when the sentence is no such change.
    private func askWhich(of utterance: Utterance, pending: Conversation.PendingDialog, alone: Bool, entry: SkillRegistry.Entry, result: TurnResult) -> TurnResult? {
        let intent = pending.intent
        let values = understanding { entry.nlu.undecidedChange(utterance, intent: intent.name, alone: alone, given: Self.givenSlots(intent)) }
        guard values.count > 1 else { return nil }
        let names = values.map { "the " + SkillNLU.spokenName(of: $0.name) }
        var result = result
        result.speech = "Do you mean " + names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] + "?"
        result.reprompt = result.speech
        result = applyQuestion(pending.question, intent: intent, askedByModel: pending.askedByModel, entry: entry, result: result)
        conversation.session?.dialog?.choosing = Conversation.SlotChoice(utterance: utterance.text, slots: values.map(\.name))
        return result
    }

    /// The day a span begins, for a date slot declared after it: the one value of the last
    /// date slot before `slot` in the model ("pickupDate" before "returnDate").
    static func spanStart(before slot: SlotName, in intent: Intent, model: InteractionModel) -> String? {
        guard let slots = model.intent(named: intent.name)?.slots, let index = slots.firstIndex(where: { $0.name == slot }),
            BuiltInSlotTypes.kind(of: slots[index].type) == .date,
            let begun = slots[..<index].last(where: { BuiltInSlotTypes.kind(of: $0.type) == .date }),
            let values = intent[slot: begun.name]?.values, values.count == 1
        else { return nil }
        return values[0].value
    }

    /// The one value of the intent's other duration slots that holds one, when exactly one
    /// does: the work interval's 30 seconds, asked how long to rest.
    static func otherDuration(besides slot: SlotName, in intent: Intent, model: InteractionModel) -> String? {
        let lengths = (model.intent(named: intent.name)?.slots ?? []).filter { $0.name != slot && BuiltInSlotTypes.kind(of: $0.type) == .duration }
            .compactMap { intent[slot: $0.name]?.values }.filter { !$0.isEmpty }
        guard lengths.count == 1, lengths[0].count == 1 else { return nil }
        return lengths[0][0].value
    }

    /// The one value of the intent's date slot that holds one, when exactly one does: the day
    /// a stay begins.
    static func lastDate(in intent: Intent, model: InteractionModel) -> String? {
        let dates = (model.intent(named: intent.name)?.slots ?? []).filter { BuiltInSlotTypes.kind(of: $0.type) == .date }.compactMap { intent[slot: $0.name]?.values }
        guard dates.filter({ !$0.isEmpty }).count == 1, let values = dates.first(where: { !$0.isEmpty }), values.count == 1 else { return nil }
        return values[0].value
    }

    /// The values a slot's custom type lists, said as a choice ("thin, stuffed or deep dish"),
    /// when there are at most ten and the words name none of them; nil otherwise.
    static func options(for slot: SlotName, of intent: Intent, model: InteractionModel, said words: [String]) -> String? {
        guard let type = model.intent(named: intent.name)?.slot(named: slot)?.type, let values = model.type(named: type)?.values,
            (2...10).contains(values.count)
        else { return nil }
        let sentence = " " + words.joined(separator: " ") + " "
        let names = values.flatMap { [$0.value] + $0.synonyms }.map { " " + Tokenizer.normalize($0) + " " }
        guard !names.contains(where: { sentence.contains($0) }) else { return nil }
        let listed = values.map(\.value)
        return listed.dropLast().joined(separator: ", ") + " or " + listed[listed.count - 1]
    }

    /// The two slots of one type that both hold a value, when the intent has exactly one such
    /// pair: a trip's origin and destination.
    static func swappablePair(in intent: Intent, model: InteractionModel) -> (SlotName, SlotName)? {
        let given = (model.intent(named: intent.name)?.slots ?? []).filter { intent[slot: $0.name]?.values.isEmpty == false }
        let pairs = given.indices.flatMap { i in given.indices.filter { $0 > i && given[$0].type == given[i].type }.map { (given[i].name, given[$0].name) } }
        return pairs.count == 1 ? pairs[0] : nil
    }

    /// Whether `word` is the first word of a sample of the intent another skill read: "rate",
    /// of "rate {movie} {stars} stars".
    static func opensSample(_ word: String, of reading: NLUCandidate, in registry: SkillRegistry) -> Bool {
        guard let intent = registry.entry(reading.skillID)?.skill.model.intent(named: reading.intent) else { return false }
        return intent.samples.contains { sample in
            guard case .text(let text) = SampleTemplate.parts(of: sample).first else { return false }
            return Tokenizer.tokens(text).first?.text == word
        }
    }

    /// Whether the slot takes free text (AMAZON.SearchQuery): whatever is said.
    static func takesFreeText(_ slot: SlotName, of intent: Intent, model: InteractionModel) -> Bool {
        model.intent(named: intent.name)?.slot(named: slot).map { BuiltInSlotTypes.kind(of: $0.type) == .searchQuery } ?? false
    }

    /// Whether the value is one day of the period the slot holds: Sunday of a weekend, the
    /// 12th of December.
    static func narrows(_ value: SlotMatch, _ slot: Slot?) -> Bool {
        guard let period = slot?.values.first?.value, slot?.values.count == 1, let day = CivilDate(iso: value.value) else { return false }
        return day.falls(within: period)
    }

    /// The intent's slots that hold a value.
    static func givenSlots(_ intent: Intent) -> Set<SlotName> {
        Set(intent.slots.filter { !$0.values.isEmpty }.map(\.name))
    }

    /// The intent's empty slots declared after `slot` with the same type, in the model's order.
    static func emptySlots(after slot: SlotName, in intent: Intent, model: InteractionModel) -> [SlotName] {
        guard let slots = model.intents.first(where: { $0.name == intent.name })?.slots,
            let index = slots.firstIndex(where: { $0.name == slot })
        else { return [] }
        return slots[(index + 1)...].filter { $0.type == slots[index].type && (intent[slot: $0.name]?.values.isEmpty ?? true) }.map(\.name)
    }

    /// Lays newly heard slot values over the intent and shows them in the turn's result; a
    /// changed value is no longer confirmed, and neither is an intent whose values changed.
    /// A slot of several values that held some keeps them and gains the new ones when the words
    /// add ("actually add cupcakes too", asked to confirm a party with pizza and salad: pizza,
    /// salad and cupcakes), and loses the ones said when they take away ("take out the hot
    /// dogs"); emptied, it is asked for again.
    /// Each value follows the nearest change said before it: "take out the kitchen and add the
    /// garage" takes one away and adds the other; "take out the kitchen, just the bathroom"
    /// leaves the bathroom.
    private static func take(_ slots: [SlotMatch], into intent: inout Intent, model: InteractionModel, result: inout TurnResult, said utterance: Utterance? = nil) {
        let change = utterance.flatMap { Self.listChange($0.words) }
        for match in slots {
            var slot = intent[slot: match.name] ?? Slot(name: match.name)
            let multiple = model.intent(named: intent.name)?.slot(named: match.name)?.multipleValues == true
            // The change said right before each value's last word, where the sentence says one
            // (a value read from a list may hold it: "add the garage").
            let cues = match.values.map { value in
                utterance.flatMap { said in Self.lastListCue(Array(said.words[..<(said.tokens.lastIndex { $0.start < value.end } ?? said.words.count)])) }
            }
            if multiple, !slot.values.isEmpty, change != nil || cues.contains(where: { $0 != nil }) {
                var values = slot.values
                for (value, cue) in zip(match.spokenValues, cues) {
                    switch cue ?? change {
                    case .adding?: if !values.contains(where: { $0.value == value.value }) { values.append(value) }
                    case .removing?: values.removeAll { Self.sameValue($0, value) }
                    case nil: break
                    }
                }
                // Said to replace ("just the bathroom"): the values said, less those taken out.
                if change == nil {
                    let kept = zip(match.spokenValues, cues).filter { $0.1 != .removing }.map(\.0)
                    if !kept.isEmpty { values = kept }
                }
                slot.fill(values)
                slot.confirmationStatus = .none
                intent[slot: match.name] = slot
                continue
            }
            slot.fill(Self.readWithIntent(match, after: slot, in: intent, model: model).map { [SpokenValue($0)] } ?? match.spokenValues)
            slot.confirmationStatus = .none
            intent[slot: match.name] = slot
        }
        if !slots.isEmpty { intent.confirmationStatus = .none }
        result.slots = slots.map { ($0.name, $0.spoken) }
    }

    /// How the words change a slot of several values, rather than replace what it holds.
    enum ListChange { case adding, removing }

    /// Adding to what was given ("add cupcakes too", "also chips", "plus lemonade"), taking away
    /// from it ("take out the hot dogs", "remove the salad", "without pickles"), or neither
    /// (nil: "make it tacos instead" replaces).
    static func listChange(_ words: [String]) -> ListChange? {
        guard !words.contains(where: replacingWords.union(["change"]).contains) else { return nil }
        if words.contains(where: removingWords.contains) || removingPairs.contains(where: { pair in words.indices.contains { words[$0...].starts(with: pair) } }) {
            return .removing
        }
        return words.contains(where: addingWords.union(["too"]).contains) ? .adding : nil
    }

    /// Words that add to what a list holds, take from it, or replace it; and pairs that take from it.
    static let addingWords: Set<String> = ["add", "also", "plus"]
    static let removingWords: Set<String> = ["remove", "without", "drop", "minus", "delete"]
    static let replacingWords: Set<String> = ["instead", "only", "just", "replace"]
    static let removingPairs: [[String]] = [["take", "out"], ["leave", "out"], ["take", "off"], ["get", "rid"], ["no", "more"]]

    /// The last change of a list said in `words`, the words before a value: "take out the
    /// kitchen and add the" adds, "take out the" takes away; nil when they say neither.
    static func lastListCue(_ words: [String]) -> ListChange? {
        // A denial right before the value, past an article: "actually no mushrooms", "not the
        // olives".
        let beforeValue = words.lastIndex { !["the", "any", "more"].contains($0) }
        if let beforeValue, ["no", "not"].contains(words[beforeValue]) { return .removing }
        for index in words.indices.reversed() {
            if addingWords.contains(words[index]) { return .adding }
            if removingWords.contains(words[index]) || index + 1 < words.count && removingPairs.contains([words[index], words[index + 1]]) { return .removing }
            // A replacement said after the last change starts afresh: "…, just the".
            if replacingWords.contains(words[index]) { return nil }
        }
        return nil
    }

    /// A bare hour up to `latest` heard for a time slot that was empty, in a dialog whose
    /// earlier sentences put such hours after noon: "8", asked the time of a table booked
    /// "tomorrow for dinner", is 20:00. (Not for a sentence that says "am", "pm" or the
    /// morning: `BuiltInSlotTypes.saysHalfOfDay`.)
    static func readAfterNoon(_ intent: inout Intent, was before: Intent, latest: Int, model: InteractionModel) {
        for definition in model.intent(named: intent.name)?.slots ?? [] where BuiltInSlotTypes.kind(of: definition.type) == .time {
            guard before[slot: definition.name]?.values.isEmpty ?? true, var slot = intent[slot: definition.name], slot.values.count == 1,
                let moved = BuiltInSlotTypes.afterNoon(slot.values[0].value, latest: latest)
            else { continue }
            slot.fill([SpokenValue(moved)])
            intent[slot: definition.name] = slot
        }
    }

    /// The same value, said the same or resolved to the same listed value.
    static func sameValue(_ a: SpokenValue, _ b: SpokenValue) -> Bool {
        a.value == b.value || a.resolvedValue.map { resolved in b.resolvedValue?.name == resolved.name } == true
    }

    /// A time or a day heard in a later turn, read with what the intent holds: a time with the
    /// part of the day the slot held ("tomorrow afternoon", then "3": 15:00); for an empty slot,
    /// as the end of a span begun by a slot of its kind declared before it (asked when a nap
    /// ended that began at 1 pm, "3": 15:00; asked when a car comes back that is picked up on
    /// friday, "monday": the monday after; so is a day that changes the end: "no, make it the
    /// 28th" of a car picked up on december 20th next year). Nil when the value stands as heard.
    private static func readWithIntent(_ match: SlotMatch, after slot: Slot, in intent: Intent, model: InteractionModel) -> String? {
        guard match.list.isEmpty, let slots = model.intent(named: intent.name)?.slots,
            let index = slots.firstIndex(where: { $0.name == match.name })
        else { return nil }
        // A day, asked for after the day a span begins ("monday", asked when a car comes back
        // that is picked up on friday): the first such day after it.
        if BuiltInSlotTypes.kind(of: slots[index].type) == .date, slot.values.count <= 1,
            let begun = slots[..<index].last(where: { BuiltInSlotTypes.kind(of: $0.type) == .date && intent[slot: $0.name]?.values.count == 1 }),
            let earlier = intent[slot: begun.name]?.values.first {
            return BuiltInSlotTypes.date(match.value, spoken: match.spoken, following: earlier.value)
        }
        guard BuiltInSlotTypes.kind(of: slots[index].type) == .time else { return nil }
        if slot.values.count == 1, let held = slot.values.first { return BuiltInSlotTypes.time(match.value, spoken: match.spoken, after: held.value) }
        guard slot.values.isEmpty,
            let begun = slots[..<index].last(where: { BuiltInSlotTypes.kind(of: $0.type) == .time && intent[slot: $0.name]?.values.count == 1 }),
            let earlier = intent[slot: begun.name]?.values.first
        else { return nil }
        return BuiltInSlotTypes.time(match.value, spoken: match.spoken, following: earlier.value)
    }

    /// The skill answered Dialog.Delegate: the dialog model takes the next step.
    func delegate(_ intent: Intent, after state: DialogState?, entry: SkillRegistry.Entry, result: TurnResult) async -> TurnResult {
        let engine = DialogEngine(model: entry.skill.model.dialog)
        guard state != .completed else {
            return await fail(result, entry: entry, type: "INVALID_RESPONSE", message: "\(entry.id) answered a COMPLETED dialog with Dialog.Delegate: there is nothing left to delegate")
        }
        guard engine.hasDialog(intent.name) else {
            return await fail(result, entry: entry, type: "INVALID_RESPONSE", message: "\(entry.id) answered with Dialog.Delegate for \(intent.name), which has no dialog model (no required, confirmed or validated slot)")
        }
        return await step(intent, engine: engine, entry: entry, result: result)
    }

    /// One step of the dialog model: ask its question, or hand the skill the finished intent.
    private func step(_ intent: Intent, engine: DialogEngine, entry: SkillRegistry.Entry, result: TurnResult) async -> TurnResult {
        guard let step = engine.next(intent, pick: pick(), now: Self.clock()) else {
            return await send(.intent, intent: intent, to: entry, result: result)
        }
        switch step.action {
        case .ask(let question, let speech):
            var result = result
            result.speech = speech
            result.reprompt = speech
            return applyQuestion(question, intent: step.intent, askedByModel: true, entry: entry, result: result)
        case .complete:
            return await send(.intent, intent: step.intent, dialogState: .completed, to: entry, result: result)
        }
    }

    /// Waits on `question`: the session remembers the intent and what was asked. A skill's
    /// directive without speech is spoken with the model's prompt for it.
    func applyQuestion(_ question: DialogQuestion, intent: Intent, askedByModel: Bool, entry: SkillRegistry.Entry, result: TurnResult) -> TurnResult {
        var result = result
        result.skillID = entry.id
        result.speaker = entry.name
        result.intent = result.intent ?? intent.name
        result.question = question
        if result.speech.isEmpty, let prompt = DialogEngine(model: entry.skill.model.dialog).prompt(for: question, in: intent, pick: pick()) {
            result.speech = prompt
        }
        if result.reprompt == nil { result.reprompt = result.speech }
        // Dinner said earlier in the dialog still puts a bare hour after noon.
        let earlier = conversation.session?.dialog.flatMap { $0.intent.name == intent.name ? $0.hoursAfterNoon : nil }
        conversation.session?.dialog = Conversation.PendingDialog(intent: intent, question: question, askedByModel: askedByModel,
                                                                  answered: result.slots.count == 1 ? result.slots[0].name : nil,
                                                                  hoursAfterNoon: SkillNLU.hoursAfterNoon(in: Utterance(result.utterance).words) ?? earlier)
        conversation.session?.lastSpeech = result.speech
        conversation.session?.lastReprompt = result.reprompt
        return result
    }

    /// A bare number for a duration asked with no unit ("twelve", asked "For how long?"): which
    /// unit is asked, and the count kept for the unit said next. Nil when the sentence is no
    /// such number.
    func askingUnit(_ utterance: Utterance, pending: Conversation.PendingDialog, entry: SkillRegistry.Entry, result: TurnResult) -> TurnResult? {
        guard case .elicitSlot(let slot) = pending.question,
            let (words, _) = understanding({ entry.nlu.unitlessCount(utterance, intent: pending.intent.name, slot: slot) })
        else { return nil }
        let count = words.joined(separator: " ")
        var result = result
        result.speech = count.prefix(1).uppercased() + count.dropFirst() + " what: seconds, minutes, hours, days, weeks or months?"
        result.reprompt = result.speech
        let hoursAfterNoon = conversation.session?.dialog?.hoursAfterNoon
        result = applyQuestion(pending.question, intent: pending.intent, askedByModel: pending.askedByModel, entry: entry, result: result)
        conversation.session?.dialog?.unitlessCount = count
        conversation.session?.dialog?.hoursAfterNoon = hoursAfterNoon
        note(&result, "\(entry.name) is asking \(Self.describe(pending.question)), a duration, and the sentence is a number with no unit: which unit is asked, the number kept.")
        return result
    }

    /// The number that picks this turn's prompt variations: the session's seed and turn.
    func pick() -> UInt64 {
        guard let session = conversation.session else { return 0 }
        return promptPick(seed: session.seed, turn: session.turn)
    }

    /// Today and now, in local time, for validations of dates and times.
    static func clock() -> DialogClock {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return DialogClock(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday), minute: Int(parts.tm_hour) * 60 + Int(parts.tm_min))
    }
}
