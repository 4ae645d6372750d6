// ListOMat's Alexa interaction model: the lists-and-notes domain of SiriKit (create a list,
// search for a list, add tasks, set a task's status) as Alexa intents.
let listOMatInteractionModel = #"""
{
  "interactionModel": {
    "languageModel": {
      "invocationName": "list o mat",
      "intents": [
        {"name": "CreateListIntent",
         "slots": [{"name": "listName", "type": "LIST_NAME", "samples": ["{listName}", "call it {listName}", "the {listName} list", "name it {listName}"]}],
         "samples": ["make a new list called {listName}", "create a list called {listName}", "create a new list named {listName}",
                     "create a {listName} list", "make a {listName} list", "start a new list called {listName}", "new list called {listName}",
                     "new {listName} list", "add a list called {listName}", "create a new list", "make a new list", "start a list", "i need a new list"]},
        {"name": "ShowListIntent",
         "slots": [{"name": "listName", "type": "LIST_NAME", "samples": ["{listName}", "the {listName} list", "the {listName} one", "my {listName} list"]}],
         "samples": ["show me the {listName} list", "show the {listName} list", "show me my {listName} list", "what's on the {listName} list",
                     "what's on my {listName} list", "what is on my {listName} list", "read the {listName} list", "read me my {listName} list",
                     "open the {listName} list", "what do i have on the {listName} list", "show me a list", "show me a list please", "read me a list",
                     "show {listName}", "show me {listName}", "what's on {listName}", "is there anything on my {listName} list"]},
        {"name": "ListListsIntent",
         "samples": ["what lists do i have", "show me all my lists", "show me my lists", "list my lists", "which lists do i have", "what are my lists",
                     "which lists have i got", "show me everything", "how many lists do i have", "what lists are there"]},
        {"name": "AddItemsIntent",
         "slots": [
           {"name": "items", "type": "ITEM", "multipleValues": {"enabled": true}, "samples": ["{items}", "add {items}", "put {items} on it"]},
           {"name": "listName", "type": "LIST_NAME", "samples": ["{listName}", "the {listName} list", "to the {listName} list", "the {listName} one"]},
           {"name": "when", "type": "AMAZON.DATE"}],
         "samples": ["add {items} to the {listName} list for {when}", "remind me to buy {items} {when}", "add {items} to my {listName} list for {when}",
                     "add {items} to the {listName} list", "add {items} to my {listName} list", "put {items} on the {listName} list",
                     "put {items} on my {listName} list", "add {items} to {listName}", "add {items} to the list", "add {items}",
                     "put {items} on my list", "i need {items} from the {listName}", "remind me to buy {items}", "add something to a list",
                     "add to my {listName} list"]},
        {"name": "CheckItemIntent",
         "slots": [
           {"name": "item", "type": "ITEM", "samples": ["{item}", "the {item}"]},
           {"name": "listName", "type": "LIST_NAME", "samples": ["{listName}", "the {listName} list", "on the {listName} list", "the {listName} one"]}],
         "samples": ["check off {item} on the {listName} list", "check off {item} from my {listName} list", "check off {item}", "check {item} off",
                     "mark {item} as done", "mark {item} done on the {listName} list", "cross {item} off the {listName} list", "cross off {item}",
                     "i got the {item}", "i got {item}", "tick off {item}", "{item} is done", "remove {item} from the {listName} list",
                     "remove {item} from my list", "take {item} off the {listName} list", "take {item} off my list", "delete {item} from the {listName} list",
                     "we have {item} now"]},
        {"name": "DeleteListIntent",
         "slots": [{"name": "listName", "type": "LIST_NAME", "samples": ["{listName}", "the {listName} list", "the {listName} one"]}],
         "samples": ["delete the {listName} list", "delete my {listName} list", "remove the {listName} list", "get rid of the {listName} list",
                     "throw away my {listName} list", "delete a list", "i don't need the {listName} list anymore", "delete {listName}"]},
        {"name": "AMAZON.HelpIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.CancelIntent", "samples": []},
        {"name": "AMAZON.NavigateHomeIntent", "samples": []},
        {"name": "AMAZON.FallbackIntent", "samples": []}
      ],
      "types": [
        {"name": "LIST_NAME", "values": [
          {"name": {"value": "grocery store"}}, {"name": {"value": "hardware store"}}, {"name": {"value": "groceries"}},
          {"name": {"value": "shopping"}}, {"name": {"value": "to do", "synonyms": ["todo", "to-do"]}}, {"name": {"value": "packing"}},
          {"name": {"value": "christmas gifts"}}, {"name": {"value": "books to read"}}, {"name": {"value": "chores"}},
          {"name": {"value": "work"}}, {"name": {"value": "weekend"}}, {"name": {"value": "birthday party"}}, {"name": {"value": "camping trip"}},
          {"name": {"value": "pharmacy"}}, {"name": {"value": "movies to watch"}}, {"name": {"value": "garden"}}, {"name": {"value": "store"}},
          {"name": {"value": "grocery"}}, {"name": {"value": "hardware"}}]},
        {"name": "ITEM", "values": [
          {"name": {"value": "milk"}}, {"name": {"value": "eggs"}}, {"name": {"value": "bread"}}, {"name": {"value": "rice"}},
          {"name": {"value": "onions"}}, {"name": {"value": "olives"}}, {"name": {"value": "apples"}}, {"name": {"value": "bananas"}},
          {"name": {"value": "coffee"}}, {"name": {"value": "butter"}}, {"name": {"value": "cheese"}}, {"name": {"value": "tomatoes"}},
          {"name": {"value": "pasta"}}, {"name": {"value": "nails"}}, {"name": {"value": "screws"}}, {"name": {"value": "a hammer"}},
          {"name": {"value": "paint"}}, {"name": {"value": "light bulbs"}}, {"name": {"value": "batteries"}}, {"name": {"value": "soap"}},
          {"name": {"value": "toothpaste"}}, {"name": {"value": "paper towels"}}, {"name": {"value": "chicken"}}, {"name": {"value": "beans"}},
          {"name": {"value": "flour"}}, {"name": {"value": "sugar"}}, {"name": {"value": "lettuce"}}, {"name": {"value": "carrots"}},
          {"name": {"value": "potatoes"}}, {"name": {"value": "garlic"}}, {"name": {"value": "sunscreen"}}, {"name": {"value": "a tent"}},
          {"name": {"value": "call mom"}}, {"name": {"value": "pay rent"}}, {"name": {"value": "wash the car"}}]}
      ]
    },
    "dialog": {
      "delegationStrategy": "SKILL_RESPONSE",
      "intents": []
    },
    "prompts": []
  }
}
"""#
