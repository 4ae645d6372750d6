// The skill's Alexa interaction model (en-US), exactly as the Alexa developer console exports it.
let helloWorldInteractionModel = #"""
{
  "interactionModel": {
    "languageModel": {
      "invocationName": "hello world",
      "intents": [
        { "name": "AMAZON.CancelIntent", "samples": [] },
        { "name": "AMAZON.HelpIntent", "samples": [] },
        { "name": "AMAZON.StopIntent", "samples": [] },
        {
          "name": "HelloWorldIntent",
          "slots": [],
          "samples": ["hello", "how are you", "say hi world", "say hi", "hi", "say hello world", "say hello"]
        },
        { "name": "AMAZON.NavigateHomeIntent", "samples": [] },
        { "name": "AMAZON.FallbackIntent", "samples": [] }
      ],
      "types": []
    }
  }
}
"""#
