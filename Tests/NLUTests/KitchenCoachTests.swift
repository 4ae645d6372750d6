@testable import NLU
import SkillModel
import Testing

/// A recipe coach, written as its developer would: a recipe started by its dish, amounts and
/// substitutes by ingredient, a timer, steps by number and the built-in Next, Previous and
/// Repeat.
@Suite struct KitchenCoachTests {
    static let coach = SkillNLU(skillID: "kitchen", model: try! InteractionModel(parsing: #"""
        {"interactionModel":{"languageModel":{"invocationName":"kitchen coach","intents":[
          {"name":"AMAZON.HelpIntent","samples":[]},{"name":"AMAZON.StopIntent","samples":[]},{"name":"AMAZON.CancelIntent","samples":[]},{"name":"AMAZON.FallbackIntent","samples":[]},{"name":"AMAZON.NavigateHomeIntent","samples":[]},{"name":"AMAZON.NextIntent","samples":[]},{"name":"AMAZON.PreviousIntent","samples":[]},{"name":"AMAZON.RepeatIntent","samples":[]},{"name":"AMAZON.StartOverIntent","samples":[]},{"name":"AMAZON.PauseIntent","samples":[]},{"name":"AMAZON.ResumeIntent","samples":[]},{"name":"AMAZON.YesIntent","samples":[]},{"name":"AMAZON.NoIntent","samples":[]},
          {"name":"StartRecipeIntent","slots":[{"name":"dish","type":"DISH"}],"samples":["let's make {dish}","i want to cook {dish}","start the {dish} recipe","how do i make {dish}","walk me through {dish}","show me how to make {dish}","i'd like to bake {dish}"]},
          {"name":"IngredientAmountIntent","slots":[{"name":"ingredient","type":"INGREDIENT"}],"samples":["how much {ingredient} do i need","how much {ingredient}","how many {ingredient}","what amount of {ingredient}","how much {ingredient} goes in"]},
          {"name":"ListIngredientsIntent","samples":["what do i need","what are the ingredients","list the ingredients","what ingredients do i need","read me the ingredients"]},
          {"name":"StepTimerIntent","slots":[{"name":"duration","type":"AMAZON.DURATION"}],"samples":["set a timer for {duration}","start a {duration} timer","remind me in {duration}","timer for {duration}"]},
          {"name":"GoToStepIntent","slots":[{"name":"step","type":"AMAZON.NUMBER"}],"samples":["go to step {step}","skip to step {step}","what's step {step}","read step {step}","step {step}"]},
          {"name":"SubstituteIntent","slots":[{"name":"ingredient","type":"INGREDIENT"}],"samples":["what can i use instead of {ingredient}","i don't have {ingredient}","substitute for {ingredient}","can i replace the {ingredient}","i'm out of {ingredient}"]},
          {"name":"TemperatureIntent","samples":["what temperature","how hot should the oven be","what should i preheat the oven to","oven temperature"]}],
         "types":[
          {"name":"DISH","values":[{"name":{"value":"banana bread"}},{"name":{"value":"pancakes"}},{"name":{"value":"chocolate chip cookies"}},{"name":{"value":"lasagna","synonyms":["lasagne"]}},{"name":{"value":"guacamole"}},{"name":{"value":"chili","synonyms":["chilli"]}},{"name":{"value":"pizza dough"}},{"name":{"value":"apple pie"}},{"name":{"value":"mac and cheese","synonyms":["macaroni and cheese"]}}]},
          {"name":"INGREDIENT","values":[{"name":{"value":"flour"}},{"name":{"value":"sugar"}},{"name":{"value":"brown sugar","synonyms":[]}},{"name":{"value":"butter"}},{"name":{"value":"eggs","synonyms":["egg"]}},{"name":{"value":"milk","synonyms":[]}},{"name":{"value":"baking soda","synonyms":[]}},{"name":{"value":"baking powder","synonyms":[]}},{"name":{"value":"salt"}},{"name":{"value":"vanilla","synonyms":["vanilla extract"]}},{"name":{"value":"bananas","synonyms":["banana"]}},{"name":{"value":"chocolate chips","synonyms":[]}},{"name":{"value":"garlic"}},{"name":{"value":"onion"}},{"name":{"value":"avocados","synonyms":["avocado"]}},{"name":{"value":"lime juice","synonyms":["lime"]}},{"name":{"value":"cheese"}},{"name":{"value":"tomatoes"}}]}]}}}
        """#))

    /// A reading that took an everyday word for a value counts less, and gives way to the next
    /// one it then falls below: "what temperature do i bake it at" is the oven's temperature,
    /// not a recipe started for the dish "it".
    @Test(arguments: [("what temperature do i bake it at", "TemperatureIntent"), ("how hot should the oven be", "TemperatureIntent"),
                      ("what's the next step", "AMAZON.NextIntent"), ("how much flour", "IngredientAmountIntent")])
    func aJunkReadingGivesWayToTheNext(text: String, intent: String) throws {
        let best = try #require(Self.coach.parse(Utterance(text)).first)
        #expect(best.intent.rawValue == intent, "\(best)")
    }
}
