// NumberRace's Alexa interaction model: SolveGameIntent with the target and six numbers, as the
// third seed's SolveGameIntent has them.
let numberRaceInteractionModel = #"""
{
 "interactionModel": {
  "languageModel": {
   "invocationName": "number race",
   "intents": [
    {
     "name": "SolveGameIntent",
     "slots": [
      {
       "name": "target",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{target}",
        "the target is {target}",
        "it's {target}",
        "make {target}",
        "target {target}"
       ]
      },
      {
       "name": "number1",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number1}",
        "it's {number1}",
        "the first number is {number1}",
        "first number {number1}"
       ]
      },
      {
       "name": "number2",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number2}",
        "it's {number2}",
        "the second number is {number2}",
        "second number {number2}"
       ]
      },
      {
       "name": "number3",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number3}",
        "it's {number3}",
        "the third number is {number3}",
        "third number {number3}"
       ]
      },
      {
       "name": "number4",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number4}",
        "it's {number4}",
        "the fourth number is {number4}",
        "fourth number {number4}"
       ]
      },
      {
       "name": "number5",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number5}",
        "it's {number5}",
        "the fifth number is {number5}",
        "fifth number {number5}"
       ]
      },
      {
       "name": "number6",
       "type": "AMAZON.NUMBER",
       "samples": [
        "{number6}",
        "it's {number6}",
        "the sixth number is {number6}",
        "sixth number {number6}"
       ]
      }
     ],
     "samples": [
      "solve a game",
      "solve a puzzle",
      "solve the game",
      "help me solve a game",
      "help me with a game",
      "i need help with a number race",
      "new game",
      "start a game",
      "play a game",
      "solve a numbers game",
      "find a solution",
      "find {target}",
      "solve for {target}",
      "the target is {target}",
      "make {target}",
      "get to {target}",
      "how do i make {target}",
      "another game",
      "let's do another",
      "one more game",
      "let's play again",
      "solve another one",
      "solve {target} with {number1} {number2} {number3} {number4} {number5} {number6}",
      "solve {target} with {number1} {number2} {number3} {number4} {number5} and {number6}",
      "solve for {target} with {number1} {number2} {number3} {number4} {number5} {number6}",
      "solve for {target} with {number1} {number2} {number3} {number4} {number5} and {number6}",
      "make {target} from {number1} {number2} {number3} {number4} {number5} and {number6}",
      "the numbers are {number1} {number2} {number3} {number4} {number5} and {number6}",
      "make {target} with {number1} {number2} {number3} {number4} {number5} and {number6}",
      "make {target} from {number1} {number2} {number3} {number4} {number5} {number6}",
      "target {target} numbers {number1} {number2} {number3} {number4} {number5} {number6}",
      "the numbers are {number1} {number2} {number3} {number4} {number5} {number6}",
      "numbers {number1} {number2} {number3} {number4} {number5} {number6} target {target}",
      "the numbers are {number1} {number2} {number3} {number4} {number5} {number6} and the target is {target}"
     ]
    },
    {
     "name": "AMAZON.HelpIntent",
     "samples": []
    },
    {
     "name": "AMAZON.StopIntent",
     "samples": []
    },
    {
     "name": "AMAZON.CancelIntent",
     "samples": []
    },
    {
     "name": "AMAZON.StartOverIntent",
     "samples": []
    },
    {
     "name": "AMAZON.FallbackIntent",
     "samples": []
    }
   ],
   "types": []
  },
  "dialog": {
   "delegationStrategy": "SKILL_RESPONSE",
   "intents": []
  },
  "prompts": []
 }
}
"""#
