import Dialog
import Loader
import NLU
import SkillModel

extension HostEngine {
    /// Takes one utterance through understanding and routing to a skill, and returns what the
    /// user hears. Never throws: whatever fails is named in the result's `error`.
    public func turn(_ text: String) async -> TurnResult {
        let clock = NLUClock()
        var result = await Self.$nluClock.withValue(clock) { await route(text) }
        result.nluDuration = clock.elapsed
        return result
    }

    /// The NLU's work, timed into the turn's `nluDuration`.
    func understanding<T>(_ work: () -> T) -> T {
        guard let clock = Self.nluClock else { return work() }
        let start = ContinuousClock.now
        defer { clock.add(ContinuousClock.now - start) }
        return work()
    }

    /// For `:debug` and the console: why this skill, or none, took the sentence.
    func note(_ result: inout TurnResult, _ route: @autoclosure () -> String) {
        if recording { result.route = route() }
    }

    private func route(_ text: String) async -> TurnResult {
        // A session whose skill was taken out since (a conversation kept by a front end
        // between turns) is over.
        if let session = conversation.session, registry.entry(session.skillID) == nil { conversation.session = nil }
        if let refusal = Utterance.refusal(of: text) {
            // Refused before any work; the session and its dialog stay as they were.
            var result = TurnResult(utterance: Utterance.excerpt(of: text))
            result.error = refusal
            result.speech = "That was too long for me. Please say it in fewer words."
            if let session = conversation.session, let entry = registry.entry(session.skillID) {
                result.skillID = session.skillID
                result.speaker = entry.name
                result.reprompt = session.lastReprompt
            }
            return result
        }
        let utterance = Utterance(text)
        let words = utterance.words
        var result = TurnResult(utterance: text)

        if words.isEmpty {
            // An empty line re-asks the question the skill is waiting on.
            if let session = conversation.session, let entry = registry.entry(session.skillID) {
                result.skillID = session.skillID
                result.speaker = entry.name
                result.speech = session.lastReprompt ?? session.lastSpeech
                result.reprompt = session.lastReprompt
                note(&result, "Nothing was said: \(entry.name), in session, is asked its last question again.")
            }
            return result
        }

        if conversation.session != nil, words == ["exit"] {
            conversation.interrupted = nil
            var ended = await endSession(reason: .userInitiated, utterance: text)
            let speaker = ended.speaker
            note(&ended, "“exit” ends the session: \(speaker) hears a SessionEndedRequest and says nothing.")
            return ended
        }
        conversation.session?.turn += 1

        if let invocation = understanding({ registry.invocations.parse(utterance) }), let entry = registry.entry(invocation.skillID) {
            let left = conversation.session.flatMap { registry.entry($0.skillID) }.map { " (the session with \($0.name) ends first)" } ?? ""
            if conversation.session != nil { _ = await endSession(reason: .userInitiated, utterance: text) }
            openSession(for: entry.id)
            switch invocation.kind {
            case .launch:
                note(&result, "The sentence names \(entry.name) with a launch phrase: it opens\(left).")
                return await send(.launch, to: entry, result: result)
            case .oneShot(let rest):
                let candidates = understanding { entry.nlu.parse(rest) }
                result.candidates = candidates
                note(&result, "The sentence names \(entry.name) (“ask … to …”): the rest, “\(rest.text)”, is \(entry.name)'s alone to read\(left).")
                explain(&result, [entry.nlu.explain(rest)])
                if let best = candidates.first {
                    return await start(best.intentValue, with: entry, result: result, slots: best.slots)
                }
                if entry.nlu.declares(.fallback) {
                    return await send(.intent, intent: Intent(name: .fallback), to: entry, result: result)
                }
                return await send(.launch, to: entry, result: result)
            }
        }

        // A launch phrase that nearly names a skill ("open the pizza order" for "pizza
        // corner") opens it, unless some skill, that one too, is sure of the sentence as one
        // of its intents ("open the coin flipper" is no coin flip at 0.5), with values it knows:
        // "open the baby logger" is no chest "baby logger" that a cave game's "open the
        // {target}" opens.
        if let near = understanding({ registry.invocations.nearMiss(utterance) }), near != conversation.session?.skillID, let entry = registry.entry(near),
            understanding({ registry.index.parse(utterance) }).first.map({ $0.score < Self.sure || $0.slots.contains { !$0.isKnownValue } }) ?? true {
            if conversation.session != nil { _ = await endSession(reason: .userInitiated, utterance: text) }
            openSession(for: entry.id)
            note(&result, "A launch phrase that nearly names \(entry.name) (half its name's words or more, and no other skill's): it opens, since no skill is sure (\(Self.sure)) of the sentence as one of its intents.")
            return await send(.launch, to: entry, result: result)
        }

        if let session = conversation.session, let entry = registry.entry(session.skillID) {
            return resumingInterrupted(after: await turn(utterance, in: session, of: entry, result: result))
        }

        return resumingInterrupted(after: await nameFreeTurn(utterance, result: result))
    }

    /// The turn's answer, and the question of a dialog another skill's request interrupted
    /// when that skill's session has ended with it: "It's sunny in Denver. Back to Pill
    /// Reminder: what time should I remind you?", the interrupted skill's session open again
    /// with every slot given so far. Not after "stop" or "cancel" said as such, which drop it;
    /// "thanks", which the other skill took for Stop, ends only its session.
    private func resumingInterrupted(after result: TurnResult) -> TurnResult {
        guard let interrupted = conversation.interrupted else { return result }
        if let intent = result.intent, intent == .stop || intent == .cancel,
            BuiltInIntents.phrase(Utterance(result.utterance).words, among: [.stop, .cancel]) != nil {
            conversation.interrupted = nil
            return result
        }
        guard conversation.session == nil, let entry = registry.entry(interrupted.skillID),
            let question = interrupted.question ?? DialogEngine(model: entry.skill.model.dialog).prompt(for: interrupted.dialog.question, in: interrupted.dialog.intent, pick: pick())
        else { return result }
        var result = result
        openSession(for: entry.id)
        conversation.session?.dialog = interrupted.dialog
        conversation.session?.lastSpeech = question
        conversation.session?.lastReprompt = question
        let back = "Back to \(entry.name): \(question)"
        result.speech = result.speech.isEmpty ? back : result.speech + " " + back
        result.reprompt = question
        result.question = interrupted.dialog.question
        result.endSession = false
        let route = result.route.map { $0 + " " } ?? ""
        note(&result, route + "\(entry.name)'s dialog, interrupted, goes on: \(Self.describe(interrupted.dialog.question)) is asked again, every slot kept.")
        return result
    }

    /// A sentence the skill in session understands nothing of that answers the question of a
    /// dialog another skill's request interrupted: that dialog goes on, and the session in
    /// its way ends.
    private func answeringInterrupted(_ utterance: Utterance, result: TurnResult) async -> TurnResult? {
        guard let interrupted = conversation.interrupted, interrupted.skillID != conversation.session?.skillID, let entry = registry.entry(interrupted.skillID) else { return nil }
        let (previous, sessions) = (conversation.session, conversation.sessions)
        openSession(for: entry.id)
        conversation.session?.dialog = interrupted.dialog
        conversation.session?.lastReprompt = interrupted.question
        guard var answered = await answer(interrupted.dialog, utterance: utterance, entry: entry, result: result) else {
            (conversation.session, conversation.sessions) = (previous, sessions)
            conversation.interrupted = interrupted
            return nil
        }
        // The session in the way ends, as any session another skill's takes over does.
        if let previous {
            let resumed = conversation.session
            conversation.session = previous
            _ = await endSession(reason: .userInitiated, utterance: utterance.text)
            conversation.session = resumed
        }
        note(&answered, "The skill in session understood nothing of the sentence, and it answers \(Self.describe(interrupted.dialog.question)) of \(entry.name)'s dialog, which another skill's request interrupted: the dialog goes on, every slot kept.")
        return answered
    }

    /// A turn with no session and no skill named: the answer to "which skill did you mean?",
    /// else the best reading across every skill, leaving out the built-in intents, which only
    /// make sense to the skill in session; else the host answers.
    private func nameFreeTurn(_ utterance: Utterance, result: TurnResult) async -> TurnResult {
        var result = result
        let words = utterance.words
        if let choice = conversation.choice, let chosen = await choose(choice, words: words, result: result) { return chosen }
        if InvocationParser.isBareLaunch(words) {
            result.speech = hostHelp(intro: "Open which skill?")
            note(&result, "A launch phrase that names no skill: skillhost lists the skills you can open.")
            return result
        }
        let candidates = understanding { registry.index.parse(utterance) }
        result.candidates = candidates
        explain(&result, registry.index.explain(utterance))
        if Self.greetings.contains(words.joined(separator: " ")), (candidates.first?.score ?? 0) < Self.greetingBelow {
            // A greeting no skill reads as its own ("hello" is HelloWorld's; "good morning" is
            // no list item, though ListOMat guesses 0.12) is the host's.
            result.speech = hostHelp(intro: "Hi.")
            note(&result, "A greeting no skill reads as its own (under \(Self.greetingBelow)): skillhost answers it.")
            return result
        }
        if let asked = await arbitrate(candidates, result: result) { return asked }
        if let best = candidates.first, let entry = registry.entry(best.skillID) {
            openSession(for: entry.id)
            note(&result, "No skill named and none in session: the best reading across every skill takes it, \(entry.name)'s \(best.intent) at \(Self.score(best.score))" + runnerUp(candidates, after: best) + ".")
            return await start(best.intentValue, with: entry, result: result, slots: best.slots)
        }
        // "help" or "stop" with no skill in session is said to the host.
        switch BuiltInIntents.phrase(words, among: [.help, .stop, .cancel]) {
        case .help?:
            result.speech = hostHelp(intro: registry.entries.count == 1 ? "There is one skill." : "There are \(registry.entries.count) skills.")
            note(&result, "“help” with no skill in session is skillhost's: it lists the skills you can open.")
        case .some:
            result.speech = "Okay."
            note(&result, "“stop” with no skill in session is skillhost's: there is nothing to stop.")
        case nil:
            result.speech = hostHelp(intro: "Sorry, I don't know that one.")
            note(&result, "No skill named, none in session, and no skill's reading is sure enough (\(SkillIndex.floor) on its own, \(SkillIndex.routedFloor) weighed across skills): skillhost answers. Each skill's account below says why it passed.")
        }
        return result
    }

    /// A turn in the open session: "repeat", the answer to the dialog's question, the skill's
    /// own reading, another skill's far surer one, the fallback.
    private func turn(_ utterance: Utterance, in session: Conversation.OpenSession, of entry: SkillRegistry.Entry, result: TurnResult) async -> TurnResult {
        var result = result
        if !entry.nlu.declares("AMAZON.RepeatIntent"), BuiltInIntents.isRepeatPhrase(utterance.words), !session.lastSpeech.isEmpty,
            entry.nlu.ownIntent(hearing: "AMAZON.RepeatIntent") == nil {
            // Alexa answers "repeat" itself, from the last response, for a skill that
            // does not handle AMAZON.RepeatIntent (nor says "say that again" to an intent of
            // its own); a question under way stays asked.
            result.skillID = entry.id
            result.speaker = entry.name
            result.speech = session.lastSpeech
            result.reprompt = session.lastReprompt
            note(&result, "“repeat” to \(entry.name), in session, which has no AMAZON.RepeatIntent: skillhost repeats its last answer.")
            return result
        }
        if recording {
            let start = ContinuousClock.now
            result.otherReadings = registry.index.parse(utterance).filter { $0.skillID != entry.id }
            result.inspectionDuration += ContinuousClock.now - start
        }
        if let pending = session.dialog {
            // "start over" in the middle of a dialog, to a skill that does not handle
            // AMAZON.StartOverIntent: the intent begins again with no slots, not "start over"
            // as the value asked for.
            let startOver: IntentName = "AMAZON.StartOverIntent"
            if !entry.nlu.declares(startOver), BuiltInIntents.phrase(utterance.words, among: [startOver]) != nil {
                conversation.session?.dialog = nil
                note(&result, "“start over” to \(entry.name) mid-dialog: \(pending.intent.name) begins again with nothing filled.")
                return await start(Intent(name: pending.intent.name), with: entry, result: result, slots: [])
            }
            if var answered = await answer(pending, utterance: utterance, entry: entry, result: result) {
                note(&answered, "\(entry.name) has the session and is waiting on \(Self.describe(pending.question)): the sentence is read as the answer first, and was one.")
                return answered
            }
            // Not an answer to the question: the dialog is left, and the utterance is
            // read as anything else said in the session.
            conversation.session?.dialog = nil
        }
        var candidates = understanding { entry.nlu.parse(utterance) }
        // A session never ends on a guess: "actually make it small", said while a time was
        // asked, read 0.011 sure as Stop, ended the session and lost the order. Stop and
        // Cancel are heard from their phrases (sure), never from the classifier's lean.
        // The skill's own intent left first is read with its slots, which only the first
        // reading had: "actually cancel my 2 pm" is the meeting's cancelling at 2 pm.
        if let best = candidates.first, best.intent == .stop || best.intent == .cancel, best.score < Self.sureEnoughToEnd {
            candidates.removeAll { $0.intent.isBuiltIn }
            if let own = candidates.first, own.slots.isEmpty, let reading = understanding({ entry.nlu.reading(utterance, as: own.intent, score: own.score) }) {
                candidates[0] = reading
            }
            // What is left behind the guess is no surer for it: a weak reading whose values
            // are all words its types do not list is the sentence not understood. "i'm done
            // cooking", to a recipe guide in session, leaned 0.41 to Stop and 0.15 to "i'm out
            // of {ingredient}" with the ingredient "cooking".
            if let own = candidates.first, Self.guessesValues(own) {
                candidates = []
            }
        }
        // Nor does a guessed Help or Yes beat the skill's own intent when it is close behind:
        // "what kind of toppings can i get" leaned 0.23 to Help and 0.11 to the menu (a
        // third of a guess is close). Unless the skill's reading only guesses values too: "i
        // don't care", to a recipe guide, leaned 0.36 to No and 0.29 to "i don't have any
        // {ingredient}" with the ingredient "care".
        if let best = candidates.first, best.intent.isBuiltIn, best.intent != .fallback, best.score < Self.sureEnoughToEnd,
            let own = candidates.first(where: { !$0.intent.isBuiltIn }), own.score * 3 >= best.score,
            let reading = understanding({ entry.nlu.reading(utterance, as: own.intent, score: own.score) }), !Self.guessesValues(reading) {
            candidates = [reading] + candidates.filter { $0.intent != own.intent }
        }
        // Nor when the skill's own intent reads a value in the sentence, which no yes, no or
        // help says: "by 6 pm please", after a trip was planned, leaned 0.41 to Yes on
        // "please"; read as the trip it is the arrival time.
        if let best = candidates.first, best.intent.isBuiltIn, best.intent != .fallback, best.score < Self.sureEnoughToEnd,
            let own = candidates.first(where: { !$0.intent.isBuiltIn }),
            let reading = understanding({ entry.nlu.reading(utterance, as: own.intent, score: own.score) }),
            reading.slots.contains(where: \.isKnownValue) {
            candidates = [reading] + candidates.filter { $0.intent != own.intent }
        }
        // The intent under way again, whose answer to the question (any slot still empty, or a
        // sure change) was taken above if it had one: not a new start that forgets every slot
        // given so far ("for a week", asked how many nights, read as a check-in date a week
        // from now, started the booking over with that date alone), but a sentence not
        // understood, and the question asked again. So is another intent guessed (under 0.5):
        // "i want to order", asked for a size, leaned 0.22 to tracking the order; and so is
        // the fallback, however sure, whose handler would start the order over.
        // Said surely ("book a table" while the booking asks how many people), it is the
        // request restated: the question is asked again, without a "sorry".
        var restated = false
        if let pending = session.dialog, let best = candidates.first,
            best.intent == .fallback || best.intent == pending.intent.name || best.score < Self.sureEnoughToEnd {
            restated = best.intent == pending.intent.name && best.score >= Self.sure
            candidates = []
        }
        if session.dialog == nil, candidates.first.map({ $0.intent == .fallback }) ?? true, let answered = await answeringInterrupted(utterance, result: result) {
            return answered
        }
        if let (other, otherEntry) = handOver(from: entry, own: candidates, asking: session.dialog != nil, utterance: utterance) {
            _ = await endSession(reason: .userInitiated, utterance: utterance.text)
            // A dialog under way waits for the other skill to be done (`resumingInterrupted`).
            if let pending = session.dialog { conversation.interrupted = Conversation.InterruptedDialog(skillID: entry.id, dialog: pending, question: session.lastReprompt) }
            openSession(for: otherEntry.id)
            let own = candidates.first.map { $0.intent == .fallback ? "only its fallback" : "\($0.intent) at \(Self.score($0.score))" } ?? "nothing"
            let surely = other.score >= Self.handOverFarAhead.score ? "surely" : "as surely as a sentence with no skill in session needs, and it asked nothing"
            note(&result, "\(entry.name) had the session but hardly understood it (\(own), under \(Self.handOverBelow)), and \(otherEntry.name) reads it \(surely) (\(other.intent) at \(Self.score(other.score))): \(otherEntry.name) takes it and its session begins"
                + (conversation.interrupted?.skillID == entry.id ? "; \(entry.name)'s question waits until \(otherEntry.name) is done." : "."))
            result.candidates = [other] + candidates
            return await start(other.intentValue, with: otherEntry, result: result, slots: other.slots)
        }
        result.candidates = candidates
        explain(&result, [entry.nlu.explain(utterance)])
        if let best = candidates.first {
            note(&result, "\(entry.name) has the session: it hears every sentence first and reads this one as \(best.intent) at \(Self.score(best.score)). Another skill takes a sentence in a session only when the skill in session hardly understands it (under \(Self.handOverBelow)) and the other is sure (\(Self.sure)); say “exit” to leave, or name the other skill.")
            var intent = best.intentValue
            // "book it", after "is there a pilates class on monday": the values the skill was
            // last given, or the dialog under way holds, fill this intent's empty slots of the
            // same name and type.
            let referred = Self.referredSlots(utterance, into: intent, from: session.dialog?.intent ?? session.lastIntent, model: entry.skill.model)
            for slot in referred { intent[slot: slot.name] = slot }
            if !referred.isEmpty {
                note(&result, "\(entry.name) has the session and reads the sentence as \(best.intent) at \(Self.score(best.score)); it refers back (\(utterance.words.first(where: SkillNLU.referringWords.contains) ?? "")), so \(referred.map(\.name.rawValue).joined(separator: ", ")) come from the intent before.")
            }
            let answered = await start(intent, with: entry, result: result, slots: best.slots)
            // "help" in the middle of a dialog, a yes or no that answers no question asked, or
            // another of the skill's intents ("what time do you close", asked what time to book):
            // the skill says what it says, and unless it asks something of its own or ends the
            // session, the question under way is still waiting for its answer, with every slot
            // given so far (Alexa would forget the dialog, and "five pm" after it would be
            // nothing). Stop and Cancel leave it.
            if best.intent != .stop, best.intent != .cancel, let pending = session.dialog, conversation.session?.skillID == entry.id, conversation.session?.dialog == nil {
                conversation.session?.dialog = pending
                var answered = answered
                answered.question = pending.question
                return answered
            }
            return answered
        }
        // Nothing understood: a question under way stays asked, with every slot given so far
        // (even for a skill with a fallback intent, whose handler would start over); with no
        // question under way, the fallback intent hears it.
        if session.dialog == nil, entry.nlu.declares(.fallback) {
            note(&result, "\(entry.name) has the session and understands nothing in the sentence surely enough, and no other skill is sure of it (\(Self.sure)): its fallback intent hears it.")
            return await send(.intent, intent: Intent(name: .fallback), to: entry, result: result)
        }
        conversation.session?.dialog = session.dialog
        result.question = session.dialog?.question
        result.skillID = entry.id
        result.speaker = entry.name
        // The question as last asked; after an answer of the skill's that asked nothing ("help"
        // mid-dialog), the model's prompt for it.
        let question = session.lastReprompt ?? session.dialog.flatMap { pending in
            DialogEngine(model: entry.skill.model.dialog).prompt(for: pending.question, in: pending.intent, pick: pick())
        }
        conversation.session?.lastReprompt = question
        result.reprompt = question
        if restated, let question, let pending = session.dialog {
            result.speech = question
            note(&result, "\(entry.name) has the session and reads the sentence surely as \(pending.intent.name), the intent under way: the request restated with nothing new, and \(Self.describe(pending.question)) is asked again, every slot kept.")
            return result
        }
        if let pending = session.dialog, let asked = askingUnit(utterance, pending: pending, entry: entry, result: result) { return asked }
        conversation.session?.dialog?.unitlessCount = nil
        result.speech = "Sorry, \(entry.name) didn't understand that." + (question.map { " \($0)" } ?? "")
        note(&result, "\(entry.name) has the session and understands nothing in the sentence surely enough" + (session.dialog.map { ", nor is it the answer to \(Self.describe($0.question)): the question is asked again, every slot kept" } ?? ", and has no fallback intent") + ".")
        return result
    }

    /// The slots of `earlier` that fill `intent`'s empty ones of the same name and type, when
    /// the sentence refers back ("book it", "what cities is she playing in") to another intent
    /// of the same skill. Slots the sentence filled stay as said.
    static func referredSlots(_ utterance: Utterance, into intent: Intent, from earlier: Intent?, model: InteractionModel) -> [Slot] {
        guard let earlier, earlier.name != intent.name, !intent.name.isBuiltIn, utterance.words.contains(where: SkillNLU.referringWords.contains),
            let definition = model.intent(named: intent.name), let before = model.intent(named: earlier.name)
        else { return [] }
        return definition.slots.compactMap { slot in
            guard intent[slot: slot.name]?.values.isEmpty ?? true, before.slots.contains(where: { $0.name == slot.name && $0.type == slot.type }),
                let given = earlier[slot: slot.name], !given.values.isEmpty
            else { return nil }
            var carried = given
            carried.confirmationStatus = .none
            return carried
        }
    }

    /// Whether a reading is a guess from its values: under `sureEnoughToEnd`, with values, every
    /// one words its type does not list ("i'm out of {ingredient}" with the ingredient "cooking").
    static func guessesValues(_ reading: NLUCandidate) -> Bool {
        reading.score < sureEnoughToEnd && !reading.slots.isEmpty && reading.slots.allSatisfy { $0.resolution != nil && !$0.isKnownValue }
    }

    /// How sure a reading of Stop or Cancel must be to end the session: an exact phrase is 1.
    static let sureEnoughToEnd = 0.5
    /// A reading this sure is the skill's for certain: it takes a sentence from the skill in
    /// session (`handOver`) and keeps a near-missed name from opening a skill.
    static let sure = 0.9
    /// A reading this sure is a sample of the skill's, all but word for word: even a short
    /// answer to another skill's question that says it is this skill's request.
    static let certain = 0.99
    /// A skill in session whose best reading is under this hardly understands the sentence,
    /// and another skill's sure reading (this much ahead) takes it.
    static let handOverBelow = 0.5
    static let handOverLead = 0.4
    /// Or a reading this sure, this far ahead: "i need a haircut on march fifth at three pm",
    /// said to a cinema in session, read 0.33 as tickets for a movie "a haircut" and 0.88 as
    /// the salon's booking.
    static let handOverFarAhead = (score: 0.75, lead: 0.5)
    /// A greeting no skill reads at least this surely is skillhost's to answer.
    static let greetingBelow = 0.2

    /// Another skill for a sentence the skill in session hardly understands (its best reading
    /// under 0.5, the fallback counting as nothing) and another skill reads surely (0.9 or more,
    /// and 0.4 ahead; or 0.75 and 0.5 ahead): "add balloons to my party list" said to a party planner in session goes
    /// to the lists skill, whose session then begins, as if the user had named it. Beyond
    /// Alexa, which keeps every sentence in the session until the user leaves it; a skill's
    /// own sure readings, and sure built-ins ("stop", "yes"), always stay with it.
    /// A reading under 0.75 whose values its types know none of, of a sentence with words the
    /// skill never says, is a guess too: "order a pizza", said to a pills skill in session, read
    /// 0.58 as a refill of the medication "pizza". A skill in session asking nothing that
    /// understands nothing of the sentence gives way to a less sure reading
    /// (`handOverFromNothing`).
    private func handOver(from entry: SkillRegistry.Entry, own: [NLUCandidate], asking: Bool, utterance: Utterance) -> (NLUCandidate, SkillRegistry.Entry)? {
        let guessed = own.first.map { best in
            best.score < Self.handOverFarAhead.score && !best.slots.isEmpty && !best.slots.contains(where: \.isKnownValue)
        } ?? false
        let other = understanding({ registry.index.parse(utterance) }).first(where: { $0.skillID != entry.id })
        // Nor, however sure, is a reading whose values are ones their types list nothing like,
        // where another skill says the sentence as a sample of its own, all but word for word:
        // "cancel my ride", said to a gym in session, is no class "ride" (0.83) but the cab's.
        let outsaid = other.map { other in
            other.score >= Self.certain && other.slots.allSatisfy(\.isKnownValue)
                && own.first.map { !$0.slots.isEmpty && $0.slots.allSatisfy { $0.resolution?.status == .successNoMatch } } == true
        } ?? false
        // Nor is a guess with no value at all, said with words the skill never says, where
        // another skill says it as its sample: "order a pizza", said to a pill reminder in
        // session, is no refill (0.58) but the pizza's order.
        let bare = own.first.map { best in best.score < Self.handOverFarAhead.score && best.slots.isEmpty && !best.intent.isBuiltIn } ?? false
        let unknown = (guessed || bare) && registry.index.saysWordsUnknown(to: entry.id, in: utterance)
        let ownScore = own.first.map { $0.intent == .fallback || outsaid || unknown && (guessed || (other?.score ?? 0) >= Self.certain) ? 0 : $0.score } ?? 0
        // Nor does a reading that guesses a value take a sentence the skill in session read with
        // values it knows: "turn off the sound in 30 minutes", said to a sleep-sounds player, is
        // its sleep timer (0.47, 30 minutes), not a smart home's device "sound" (0.94).
        let ownKnowsItsValues = own.first.map { $0.intent != .fallback && !$0.slots.isEmpty && $0.slots.allSatisfy(\.isKnownValue) } ?? false
        guard ownScore < Self.handOverBelow, let other,
            !(ownKnowsItsValues && other.slots.contains { !$0.isKnownValue }),
            other.score >= Self.sure && other.score - ownScore >= Self.handOverLead
                || other.score >= Self.handOverFarAhead.score && other.score - ownScore >= Self.handOverFarAhead.lead
                || !asking && ownScore == 0 && (other.score >= Self.handOverFromNothing || other.score >= Self.handOverFromNothingNamed && Self.namesItsValues(other)),
            let otherEntry = registry.entry(other.skillID)
        else { return nil }
        return (other, otherEntry)
    }

    /// How sure another skill must be of a sentence the skill in session understands nothing
    /// of (no reading, or only its fallback) while it asks nothing: "find flights to miami",
    /// said after the weather, read 0.60 by the flight finder and nothing by the weather
    /// skill, went to the weather skill's fallback. The reading has already passed what a
    /// sentence needs to open a skill with none in session (`SkillIndex.floor` and
    /// `routedFloor`); a question under way keeps the sentence unless another skill is sure.
    /// "what's on sale today", said after a knock-knock joke, is the shopping skill's deals
    /// at 0.40 (at 0.5 the joke skill's fallback heard it); a sentence that barely opens a
    /// skill (0.15 to 0.35) is still the fallback's of a game in session. So is a reading of
    /// the skill in session that only guesses a value from words it never says: "my wifi isn't
    /// working", said in a language quiz, is the help desk's (0.61, the wifi it lists), not the
    /// answer "working" (0.16).
    static let handOverFromNothing = 0.35
    /// Or this sure, when each of its values is one its types list: "how much flour for
    /// pancakes", said with a premium facts skill in session, is the recipe guide's (0.30, the
    /// ingredient "flour"), not the facts' fallback.
    static let handOverFromNothingNamed = 0.2

    /// Whether a reading has values and every one is a value its type lists.
    static func namesItsValues(_ reading: NLUCandidate) -> Bool {
        !reading.slots.isEmpty && reading.slots.allSatisfy { $0.values.allSatisfy(\.isListedValue) }
    }

    /// For `:debug`: why no reading, or only the fallback, came of the sentence, skill by skill;
    /// on a turn the console inspects, every skill's account whatever came of it (what each
    /// read, or why it passed), so a person can see why one skill won over another.
    private func explain(_ result: inout TurnResult, _ explanations: @autoclosure () -> [NLUExplanation]) {
        guard recording, Self.inspecting || (result.candidates.first.map({ $0.intent == .fallback }) ?? true) else { return }
        let start = ContinuousClock.now
        result.explanations = explanations()
        result.inspectionDuration += ContinuousClock.now - start
    }

    /// A score as the console and `:debug` print it.
    static func score(_ value: Double) -> String { String(format: "%.2f", value) }

    /// "; next, ListOMat's AddItemsIntent at 0.31" — the best reading of another skill.
    func runnerUp(_ candidates: [NLUCandidate], after best: NLUCandidate) -> String {
        guard let next = candidates.first(where: { $0.skillID != best.skillID }) else { return "; no other skill's reading is sure enough to count (each skill's account says why)" }
        return "; next, \(registry.entry(next.skillID)?.name ?? next.skillID.rawValue)'s \(next.intent) at \(Self.score(next.score))"
    }

    /// "its question for listName", "the confirmation of the whole intent".
    static func describe(_ question: DialogQuestion) -> String {
        switch question {
        case .elicitSlot(let slot): "its question for \(slot)"
        case .confirmSlot(let slot): "a yes or no to confirm \(slot)"
        case .confirmIntent: "a yes or no to confirm the whole request"
        }
    }

    /// A greeting no skill took, answered in kind.
    static let greetings = BuiltInIntents.greetings

    /// What the host says when no skill takes the utterance.
    private func hostHelp(intro: String) -> String {
        let names = registry.entries.map { "open \($0.skill.model.invocationName)" }
        guard !names.isEmpty else { return "No skills are loaded. Put a skill library in the skills folder." }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        return "\(intro) You can say \(list)."
    }

    func openSession(for skillID: SkillID) {
        if conversation.interrupted?.skillID == skillID { conversation.interrupted = nil }
        conversation.sessions += 1
        let seed = promptPick(seed: options.dialogSeed, turn: conversation.sessions)
        conversation.session = Conversation.OpenSession(skillID: skillID, sessionID: requests.nextID("session"), seed: seed, isNew: true, attributes: JSONObject(), lastSpeech: "", lastReprompt: nil)
    }

    /// Ends the open session with a SessionEndedRequest; the skill's answer is not spoken.
    func endSession(reason: SessionEndedReason, error: SessionEndedError? = nil, utterance: String) async -> TurnResult {
        var result = TurnResult(utterance: utterance)
        guard let session = conversation.session, let entry = registry.entry(session.skillID) else { return result }
        conversation.session = nil
        result.skillID = entry.id
        result.speaker = entry.name
        result.requestType = RequestType.sessionEnded.rawValue
        result.endSession = true
        let bytes = requests.envelope(.sessionEnded, reason: reason, error: error, session: session, skill: entry.skill.manifest, conversation: conversation)
        if recording { result.requestJSON = String(decoding: bytes, as: UTF8.self) }
        let start = ContinuousClock.now
        // What the skill stores as its session ends (a game saved, a list kept) is seen too.
        let watching = recording
        if watching { storageWatch.start(entry.id) }
        do {
            let response = try await entry.skill.handle(bytes, deadline: turnDeadline)
            if recording { result.responseJSON = String(decoding: response, as: UTF8.self) }
        } catch {
            result.error = error.description
        }
        result.skillDuration += ContinuousClock.now - start
        if watching { result.storage += storageWatch.stop(entry.id) }
        return result
    }

    /// Sends one request to the skill in session, applies its response to the session, and
    /// carries out the Dialog directive it holds, if any.
    func send(_ type: RequestType, intent: Intent? = nil, dialogState: DialogState? = nil, to entry: SkillRegistry.Entry, result: TurnResult, slots: [SlotMatch]? = nil) async -> TurnResult {
        var result = result
        guard var session = conversation.session else { return result }
        result.skillID = entry.id
        result.speaker = entry.name
        result.requestType = type.rawValue
        result.intent = intent?.name
        result.dialogState = dialogState
        if let slots { result.slots = slots.map { ($0.name, $0.spoken) } }

        let requestBytes = requests.envelope(type, intent: intent, dialogState: dialogState, session: session, skill: entry.skill.manifest, conversation: conversation)
        let requestID = requests.lastRequestID
        if recording { result.requestJSON = String(decoding: requestBytes, as: UTF8.self) }

        let response: ResponseEnvelope
        let start = ContinuousClock.now
        let watching = recording
        if watching { storageWatch.start(entry.id) }
        do {
            let bytes = try await entry.skill.handle(requestBytes, deadline: turnDeadline)
            result.skillDuration += ContinuousClock.now - start
            if watching { result.storage += storageWatch.stop(entry.id) }
            if recording { result.responseJSON = String(decoding: bytes, as: UTF8.self) }
            do {
                response = try bytes.withUnsafeBufferPointer { buffer throws(ModelError) in try ResponseEnvelope(parsing: buffer) }
            } catch {
                return await fail(result, entry: entry, type: "INVALID_RESPONSE", message: "\(entry.id) returned an invalid response: \(error)")
            }
        } catch {
            result.skillDuration += ContinuousClock.now - start
            if watching { result.storage += storageWatch.stop(entry.id) }
            result.progressive += options.services?.takeProgressive(requestID) ?? []
            // Reloaded since the turn picked this generation: the new one takes the request,
            // and the dialog carries on (the old one never ran it).
            if let current = registry.entry(entry.id), current.skill.generation != entry.skill.generation, error.isRetirement {
                return await send(type, intent: intent, dialogState: dialogState, to: current, result: result, slots: slots)
            }
            return await fail(result, entry: entry, type: "INTERNAL_SERVICE_ERROR", message: error.description)
        }

        let body = response.response
        result.progressive += options.services?.takeProgressive(requestID) ?? []
        if let card = body.card, card.type == "AskForPermissionsConsent" {
            result.permissionsAsked = card.json["permissions"]?.array?.compactMap(\.string) ?? []
        }
        result.speech = body.outputSpeech?.plainText ?? ""
        result.speechSSML = body.outputSpeech?.ssml
        result.reprompt = body.reprompt?.plainText
        // Omitted shouldEndSession keeps the session open, as on a device with a screen:
        // the REPL always has the next line to offer.
        result.endSession = body.shouldEndSession == true
        if result.endSession {
            conversation.session = nil
            return result
        }
        session.isNew = false
        session.attributes = response.sessionAttributes ?? JSONObject()
        session.dialog = nil
        if type == .intent, let intent, intent.slots.contains(where: { !$0.values.isEmpty }) { session.lastIntent = intent }
        conversation.session = session
        let directive = body.directives.last { ($0["type"]?.string ?? "").hasPrefix("Dialog.") && $0["type"]?.string != "Dialog.UpdateDynamicEntities" }
        if let directive, let kind = directive["type"]?.string {
            let updated = directive["updatedIntent"]?.object.map(Intent.init(json:)) ?? intent
            guard let updated else {
                return await fail(result, entry: entry, type: "INVALID_RESPONSE", message: "\(entry.id) answered a \(type) with \(kind), which needs an intent: add updatedIntent")
            }
            if kind == "Dialog.Delegate" {
                return await delegate(updated, after: dialogState, entry: entry, result: result)
            }
            if let question = Self.question(kind, directive) {
                return applyQuestion(question, intent: updated, askedByModel: false, entry: entry, result: result)
            }
        }
        conversation.session?.lastSpeech = result.speech
        conversation.session?.lastReprompt = result.reprompt
        return result
    }

    /// The question a skill's Dialog directive asks.
    private static func question(_ kind: String, _ directive: JSONObject) -> DialogQuestion? {
        switch kind {
        case "Dialog.ElicitSlot": directive["slotToElicit"]?.string.map { .elicitSlot(SlotName($0)) }
        case "Dialog.ConfirmSlot": directive["slotToConfirm"]?.string.map { .confirmSlot(SlotName($0)) }
        case "Dialog.ConfirmIntent": .confirmIntent
        default: nil
        }
    }

    /// A skill failed: the user hears a short apology, the skill gets SessionEndedRequest with
    /// reason ERROR, and the session is over.
    func fail(_ result: TurnResult, entry: SkillRegistry.Entry, type: String, message: String) async -> TurnResult {
        var result = result
        result.speech = "There was a problem with the requested skill's response."
        result.error = message
        result.endSession = true
        let ended = await endSession(reason: .error, error: SessionEndedError(type: type, message: message), utterance: result.utterance)
        if let secondError = ended.error { result.error = message + "; then SessionEndedRequest failed too: \(secondError)" }
        return result
    }
}
