/// What people ask voice assistants that most skills do not do: timers and alarms, the smart
/// home, calls and messages, sums, facts, lists, calendars, news, sport, small talk. A skill's
/// "none of these" class learns from them (the ones that share no carrier word with the skill),
/// as Alexa's fallback model learns from out-of-domain requests; random common words alone
/// taught it too little about well-formed requests. Shipped with the project, so training needs
/// nothing from outside. (The benchmark scores rejection on a separate list of such requests.)
enum OtherDomains {
    static let sentences: [String] = [
        // Timers, alarms, clocks.
        "start a timer for five minutes", "set a timer for an hour", "how much time is left on my timer",
        "cancel the timer", "stop the alarm", "snooze", "set an alarm for seven thirty", "wake me up at six",
        "turn off my alarm", "what alarms do i have", "start a stopwatch", "what's the time in tokyo",
        "what day is it today", "what's today's date", "how many days until christmas", "when is daylight saving time",
        // Smart home.
        "turn on the lights", "switch off the bedroom light", "dim the lights to fifty percent", "make the lights blue",
        "turn up the heat", "set the temperature to seventy two", "is the front door locked", "unlock the back door",
        "close the blinds", "turn on the fan", "start the dishwasher", "is the oven on", "turn on the tv",
        "switch to channel five", "turn off everything", "arm the security system", "show me the front door camera",
        "turn the air conditioning off", "set the living room to eighty degrees", "close the garage",
        // Phone, calls, messages.
        "call mom", "call dad on his cell", "dial five five five one two one two", "text john i'm running late",
        "send an email to my boss", "read my messages", "do i have any new emails", "answer the call", "hang up",
        "drop in on the kitchen", "call the nearest pharmacy", "video call grandma", "who called me",
        // Arithmetic, conversions, spelling, definitions, translation.
        "what's five times seven", "what is a hundred divided by four", "what's fifteen percent of eighty",
        "how many feet are in a mile", "convert thirty celsius to fahrenheit", "how many grams in a pound",
        "how many teaspoons in a tablespoon", "how do you spell rhythm", "what does ubiquitous mean",
        "what's the definition of irony", "translate thank you into french", "how do you say goodbye in german",
        "what's the plural of cactus", "what rhymes with orange", "what's twelve squared",
        // Facts and trivia.
        "who wrote the declaration of independence", "when did world war two end", "what is the tallest building in the world",
        "how deep is the pacific ocean", "who painted the mona lisa", "what is the largest planet",
        "how many bones are in the human body", "who discovered penicillin", "what language do they speak in brazil",
        "how long do elephants live", "what is the boiling point of water", "why is the sky blue",
        "how many people live in canada", "who is the richest person in the world", "what is photosynthesis",
        "how old is the universe", "when was the eiffel tower built", "what is the currency of japan",
        "how far away is mars", "who was the first person on the moon", "what's the chemical symbol for gold",
        "how fast can a cheetah run", "where is the great barrier reef", "who is the ceo of tesla",
        // Shopping and lists.
        "put milk on the shopping list", "what's on my grocery list", "remove bread from my list", "clear my to do list",
        "reorder paper towels", "track my package", "where is my order", "buy more dog food", "add batteries to my cart",
        "what deals are there today", "how much does an iphone cost",
        // Calendar and reminders.
        "what's on my calendar tomorrow", "schedule a meeting with sarah at three", "move my two o'clock to four",
        "when is my next appointment", "remind me to call the bank at noon", "remind me to take my pills",
        "what are my reminders", "delete my reminder", "add a dentist appointment on monday", "am i free on friday",
        // News, sport, finance, traffic, navigation.
        "what's in the news", "give me the headlines", "play the news briefing", "what's the latest on the election",
        "did the yankees win", "when do the packers play next", "what's the premier league table", "who's winning the game",
        "how is the dow doing", "what's the price of bitcoin", "how are my stocks", "what's the exchange rate for euros",
        "how long is my drive to work", "is there traffic on the highway", "how do i get to the nearest gas station",
        "where's the closest atm", "directions to the airport", "how far is it to chicago", "book me a ride home",
        // Devices and settings.
        "volume up", "louder", "turn it down", "mute", "pair my bluetooth headphones", "connect to my speaker",
        "what's the wifi password", "restart", "charge my phone", "turn on do not disturb", "what's my battery level",
        "change your voice", "change the language to spanish", "update your software", "take a screenshot",
        "open the camera", "show my pictures from last summer", "where did i leave my keys", "find my tablet",
        // Small talk.
        "hello", "hi there", "good night", "how's it going", "what's up", "who are you", "what's your name",
        "are you a robot", "do you like me", "tell me something funny", "sing me a song", "tell me a story",
        "what can you do", "you're awesome", "that's wrong", "i'm bored", "i'm hungry", "i'm tired", "never mind that",
        "say something", "beatbox", "do you dream", "what's your favorite color", "knock knock", "happy birthday",
        "how old are you", "where do you live", "are you listening", "good job", "sorry",
        // Cooking, health, misc.
        "how long do i boil an egg", "what's a substitute for butter", "how many cups in a quart",
        "what's a good recipe for dinner", "how many steps did i take today", "start a workout", "log my weight",
        "how do i tie a tie", "how do i get a stain out of a shirt", "give me a random number", "pick a card",
        "what's a good name for a dog", "ask me a riddle", "let's play trivia", "meditate with me", "breathe with me",
        "how do i reset my password", "what's the lottery jackpot", "what's my horoscope", "what's the moon phase tonight",
    ]
}
