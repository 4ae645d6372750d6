import SkillModel

/// Amazon's built-in intents and the phrases that reach them without any samples, so a model
/// that declares `AMAZON.StopIntent` with `"samples": []` understands "stop" and "shut up".
/// A model's own samples for a built-in intent are added to these.
public enum BuiltInIntents {
    public static let phrases: [IntentName: [String]] = [
        "AMAZON.HelpIntent": ["help", "help me", "what can i do", "what can i say", "what can you do", "how does this work", "i need help", "can you help me", "what are my options", "options", "what are the rules", "i don't understand", "i'm confused", "instructions"],
        "AMAZON.StopIntent": ["stop", "shut up", "be quiet", "quiet", "stop it", "that's enough", "enough", "off", "halt", "quit", "i want to stop", "i'm done", "i am done",
                               "bye", "goodbye", "good bye", "bye bye", "thanks bye", "thank you bye", "thanks goodbye", "thank you goodbye", "ok bye", "okay bye",
                               "bye for now", "that's all", "that is all", "that's all thanks", "that's all thank you", "thanks that's all", "i'm finished", "we're done", "all done"],
        "AMAZON.CancelIntent": ["cancel", "never mind", "nevermind", "forget it", "cancel that", "cancel it"],
        "AMAZON.YesIntent": ["yes", "yeah", "yep", "yup", "sure", "ok", "okay", "correct", "yes please", "that's right", "right", "of course", "absolutely", "yeah sure", "sure thing", "definitely", "you bet", "go ahead", "do it", "please do", "sounds good", "that's correct", "yes that's right", "yeah that's right",
                               "perfect", "alright", "all right", "uh huh", "mhm", "great", "that works", "works for me", "sounds great", "sounds perfect", "that's fine", "fine", "go for it", "let's do it", "yes it is", "that's it", "confirm", "confirmed"],
        "AMAZON.NoIntent": ["no", "nope", "nah", "no thanks", "no thank you", "not really", "incorrect", "wrong", "that's wrong", "no way", "absolutely not", "definitely not", "of course not", "i don't think so", "not at all", "no that's wrong",
                              "not quite", "that's not right", "not right", "no it isn't", "don't", "please don't", "don't do it"],
        "AMAZON.RepeatIntent": ["repeat", "repeat that", "say that again", "what did you say", "come again", "pardon", "repeat the question",
                                "repeat the last question", "can you repeat that", "can you repeat the question", "say it again", "say again",
                                "repeat please", "one more time", "what was the question", "i didn't catch that", "i didn't hear you",
                                "huh", "sorry what", "what was that", "sorry", "sorry come again", "excuse me", "pardon me"],
        "AMAZON.StartOverIntent": ["start over", "restart", "start again", "begin again", "from the beginning", "let's start over", "let's start again",
                                    "start from scratch", "play again", "let's play again"],
        "AMAZON.NavigateHomeIntent": ["go home", "go to home", "navigate home", "home", "main menu", "go to the main menu", "back to the main menu",
                                      "home screen"],
        "AMAZON.NextIntent": ["next", "skip", "next one", "skip this", "skip this one", "skip it", "play the next one", "next song", "next track",
                              "what's next", "next step", "the next step", "what's the next step", "go to the next step", "next please", "move on", "go on",
                              "next item"],
        "AMAZON.PreviousIntent": ["previous", "go back", "back", "previous one", "previous song", "previous track", "play the previous one",
                                  "previous step", "the previous step", "last step", "go back a step", "what was the previous step", "go to the previous step",
                                  "back up", "previous item"],
        "AMAZON.PauseIntent": ["pause", "pause that", "hold on", "wait", "wait a second", "wait a minute", "hang on", "one moment"],
        "AMAZON.ResumeIntent": ["resume", "continue", "keep going", "carry on", "keep playing", "continue playing", "resume playing", "unpause"],
        "AMAZON.MoreIntent": ["more", "tell me more"],
        "AMAZON.ScrollDownIntent": ["scroll down"],
        "AMAZON.ScrollUpIntent": ["scroll up"],
        "AMAZON.ScrollLeftIntent": ["scroll left"],
        "AMAZON.ScrollRightIntent": ["scroll right"],
        "AMAZON.PageUpIntent": ["page up", "previous page", "go up a page"],
        "AMAZON.PageDownIntent": ["page down", "next page", "go down a page"],
        "AMAZON.NavigateSettingsIntent": ["settings", "go to settings", "open settings", "show settings", "show me the settings"],
        // An audio skill must declare these four (Alexa's AudioPlayer interface).
        "AMAZON.LoopOnIntent": ["loop", "loop on", "loop this", "loop it", "turn on loop", "turn loop on", "loop this one", "put this on repeat", "put it on repeat",
                                "repeat on", "turn on repeat", "keep repeating this", "play this on a loop", "play it on a loop", "on a loop"],
        "AMAZON.LoopOffIntent": ["loop off", "turn off loop", "turn loop off", "stop looping", "stop the loop", "stop repeating", "repeat off", "turn off repeat",
                                 "no more repeat", "don't repeat"],
        "AMAZON.ShuffleOnIntent": ["shuffle", "shuffle on", "turn on shuffle", "turn shuffle on", "shuffle these", "shuffle it", "mix it up", "play in random order",
                                   "play them in any order"],
        "AMAZON.ShuffleOffIntent": ["shuffle off", "turn off shuffle", "turn shuffle off", "stop shuffling", "no shuffle", "play in order", "play them in order"],
    ]

    /// What people say to say hello: skillhost answers one no skill reads as its own.
    public static let greetings: Set<String> = ["hi", "hey", "hello", "hi there", "hey there", "hello there", "good morning", "good afternoon", "good evening", "yo"]

    private static let repeatPhrases = Set(phrases["AMAZON.RepeatIntent", default: []])

    /// Whether the normalised words ask to hear the last response again.
    public static func isRepeatPhrase(_ words: [String]) -> Bool {
        repeatPhrases.contains(words.joined(separator: " "))
    }

    /// The built-in intent the normalised words say exactly ("help", "what can you do",
    /// "stop", "never mind"), among `intents`; nil when they say none of them.
    public static func phrase(_ words: [String], among intents: [IntentName]) -> IntentName? {
        let phrase = words.joined(separator: " ")
        return intents.first { phrases[$0]?.contains(phrase) == true }
    }
}

extension BuiltInIntents {
    private static let yesPhrases = Set(phrases["AMAZON.YesIntent", default: []])
    private static let noPhrases = Set(phrases["AMAZON.NoIntent", default: []])
    private static let yesWords: Set<String> = ["yes", "yeah", "yep", "yup", "sure", "ok", "okay", "correct", "right", "absolutely", "definitely", "exactly", "indeed", "affirmative"]
    private static let noWords: Set<String> = ["no", "nope", "nah", "incorrect", "wrong", "negative"]

    /// Whether the normalised words are a yes or a no and nothing else ("yes", "no thanks"),
    /// not a sentence that opens with one ("yes, thin crust").
    public static func isBareConfirmation(_ words: [String]) -> Bool {
        let phrase = words.joined(separator: " ")
        return yesPhrases.contains(phrase) || noPhrases.contains(phrase)
            || words.count == 1 && (yesWords.contains(phrase) || noWords.contains(phrase))
    }

    /// Whether the words say again what a yes-or-no question offers to do: "book it", asked
    /// "… Shall I book it?", "please order it" asked "Should I order it?" — a yes.
    public static func echoesOffer(_ words: [String], question: String) -> Bool {
        let asked = Tokenizer.tokens(question).map(\.text)
        let said = words.filter { !["please", "yes", "yeah", "just", "go", "ahead", "and"].contains($0) }
        guard said.count >= 2, said.count <= 4, ["it", "that", "them", "this"].contains(said.last ?? "") else { return false }
        for (i, word) in asked.enumerated() where ["i", "we"].contains(word) && i > 0 && ["shall", "should", "can", "may"].contains(asked[i - 1]) {
            if asked[(i + 1)...].starts(with: said) { return true }
        }
        return false
    }

    /// Whether the words take back what was just said: "sorry, i meant tuesday", "oops, i mean
    /// boston", "no wait, …".
    public static func correctsLastAnswer(_ words: [String]) -> Bool {
        words.first == "oops" || words.starts(with: ["no", "wait"]) || words.starts(with: ["wait", "no"])
            || zip(words, words.dropFirst()).contains { $0.0 == "i" && ["mean", "meant"].contains($0.1) }
    }

    /// Whether the words say two values are the wrong way round: "i had it backwards", "the
    /// other way around", "swap them".
    public static func saysSwap(_ words: [String]) -> Bool {
        words.contains("backwards") || words.contains("backward") || words.contains("reversed")
            || [["other", "way", "around"], ["other", "way", "round"], ["swap", "them"], ["switch", "them"], ["swap", "those"], ["switch", "those"], ["reverse", "it"], ["reverse", "them"]]
            .contains { phrase in words.indices.contains { words[$0...].starts(with: phrase) } }
    }

    /// Whether the words ask what one may choose: "what crusts do you have", "what are my
    /// options", "which ones are there", "what can i choose from".
    public static func asksForOptions(_ words: [String]) -> Bool {
        guard !words.isEmpty, words.count <= 9 else { return false }
        if words.contains(where: { ["options", "choices", "option", "choice"].contains($0) }) { return true }
        guard let first = words.first, ["what", "which", "what's", "whats"].contains(first) else { return false }
        let asking: Set<String> = ["have", "there", "available", "offer", "got", "kinds", "types", "sorts", "kind", "type", "sort", "choose", "pick", "get"]
        return words.dropFirst().contains(where: asking.contains)
    }

    /// Whether words said after a no say something besides it: "71 oak avenue", not "that's
    /// wrong", "not right" or "thanks".
    public static func saysMoreThanDenial(_ text: String) -> Bool {
        let denial: Set<String> = ["wrong", "incorrect", "right", "correct", "not", "mistake", "thanks", "thank", "wait", "sorry", "nope", "no", "that's", "isn't", "it's", "is"]
        return Tokenizer.tokens(text).map(\.text).contains { !denial.contains($0) && !yesWords.contains($0) && !noWords.contains($0) && !StopWords.all.contains($0) }
    }

    /// The answer to a yes/no question: true for "yes", "yeah that's right", "sure, go ahead";
    /// false for "no", "nope, wrong one"; nil when the words are neither.
    public static func confirmation(_ words: [String]) -> Bool? {
        let phrase = words.joined(separator: " ")
        if yesPhrases.contains(phrase) { return true }
        if noPhrases.contains(phrase) { return false }
        guard let first = words.first else { return nil }
        if noWords.contains(first) { return false }
        if yesWords.contains(first) { return true }
        return nil
    }
}
