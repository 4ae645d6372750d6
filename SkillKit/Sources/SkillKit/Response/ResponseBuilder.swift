/// Builds a turn's response, as the Alexa SDK's `responseBuilder`: chain calls, then
/// `getResponse()`.
public final class ResponseBuilder {
    private var response = Response()

    public init() {}

    /// Sets the speech, wrapped in `<speak>` as SSML unless it already is.
    @discardableResult
    public func speak(_ speechOutput: String, playBehavior: String? = nil) -> ResponseBuilder {
        var speech = OutputSpeech.ssml(SSML.wrap(speechOutput))
        if let playBehavior { speech.json["playBehavior"] = .string(playBehavior) }
        response.outputSpeech = speech
        return self
    }

    /// Sets the reprompt, spoken when the user says nothing, and keeps the session open
    /// (`shouldEndSession: false`), as the Alexa SDK does.
    @discardableResult
    public func reprompt(_ repromptSpeechOutput: String, playBehavior: String? = nil) -> ResponseBuilder {
        var speech = OutputSpeech.ssml(SSML.wrap(repromptSpeechOutput))
        if let playBehavior { speech.json["playBehavior"] = .string(playBehavior) }
        response.reprompt = speech
        response.shouldEndSession = false
        return self
    }

    /// Sets the speech from markup written in the code with values put in it escaped:
    /// `speak(escaping: "<emphasis>\\(item)</emphasis> is on your list")` speaks whatever
    /// `item` holds as words, where `speak("…\\(item)…")` would obey markup in it (a slot value
    /// "x <audio src='…'/> y" would play the audio).
    @discardableResult
    public func speak(escaping speechOutput: SSMLTemplate, playBehavior: String? = nil) -> ResponseBuilder {
        speak(speechOutput.markup, playBehavior: playBehavior)
    }

    /// Sets the reprompt as `speak(escaping:)` sets the speech.
    @discardableResult
    public func reprompt(escaping repromptSpeechOutput: SSMLTemplate, playBehavior: String? = nil) -> ResponseBuilder {
        reprompt(repromptSpeechOutput.markup, playBehavior: playBehavior)
    }

    /// The Alexa SDK for Python's name for `reprompt`.
    @discardableResult
    public func ask(_ repromptSpeechOutput: String) -> ResponseBuilder { reprompt(repromptSpeechOutput) }

    @discardableResult
    public func withSimpleCard(_ title: String, _ content: String) -> ResponseBuilder {
        response.card = .simple(title: title, content: content)
        return self
    }

    @discardableResult
    public func withStandardCard(_ title: String, _ text: String, smallImageURL: String? = nil, largeImageURL: String? = nil) -> ResponseBuilder {
        response.card = .standard(title: title, text: text, smallImageURL: smallImageURL, largeImageURL: largeImageURL)
        return self
    }

    /// Sets `shouldEndSession`; nil omits it, which Alexa reads differently from false.
    @discardableResult
    public func withShouldEndSession(_ value: Bool?) -> ResponseBuilder {
        response.shouldEndSession = value
        return self
    }

    /// `Dialog.Delegate`: let the dialog model take the next step.
    @discardableResult
    public func addDelegateDirective(_ updatedIntent: Intent? = nil) -> ResponseBuilder {
        addDialogDirective("Dialog.Delegate", [:], updatedIntent)
    }

    /// `Dialog.ElicitSlot`: ask for `slotToElicit` with this turn's speech.
    @discardableResult
    public func addElicitSlotDirective(_ slotToElicit: SlotName, _ updatedIntent: Intent? = nil) -> ResponseBuilder {
        addDialogDirective("Dialog.ElicitSlot", ["slotToElicit": .string(slotToElicit.rawValue)], updatedIntent)
    }

    /// `Dialog.ConfirmSlot`: ask the user to confirm `slotToConfirm`.
    @discardableResult
    public func addConfirmSlotDirective(_ slotToConfirm: SlotName, _ updatedIntent: Intent? = nil) -> ResponseBuilder {
        addDialogDirective("Dialog.ConfirmSlot", ["slotToConfirm": .string(slotToConfirm.rawValue)], updatedIntent)
    }

    /// `Dialog.ConfirmIntent`: ask the user to confirm the whole intent.
    @discardableResult
    public func addConfirmIntentDirective(_ updatedIntent: Intent? = nil) -> ResponseBuilder {
        addDialogDirective("Dialog.ConfirmIntent", [:], updatedIntent)
    }

    /// Answers a CanFulfillIntentRequest: whether this skill could handle the intent.
    @discardableResult
    public func withCanFulfillIntent(_ answer: CanFulfillIntent) -> ResponseBuilder {
        response.canFulfillIntent = answer
        return self
    }

    /// Adds any directive: a JSON object with a `type`.
    @discardableResult
    public func addDirective(_ directive: JSONObject) -> ResponseBuilder {
        var directives = response.directives
        directives.append(directive)
        response.directives = directives
        return self
    }

    private func addDialogDirective(_ type: String, _ members: JSONObject, _ updatedIntent: Intent?) -> ResponseBuilder {
        var directive: JSONObject = ["type": .string(type)]
        for member in members { directive[member.key] = member.value }
        if let updatedIntent { directive["updatedIntent"] = .object(updatedIntent.json) }
        return addDirective(directive)
    }

    /// The response built so far.
    public func getResponse() -> Response { response }
}

/// SSML written as a string literal, with every value interpolated into it escaped
/// (`SSML.escape`) unless it is an `SSMLTemplate` itself: the literal's tags are markup, what
/// the values hold is spoken as words.
public struct SSMLTemplate: ExpressibleByStringInterpolation, Sendable {
    public let markup: String

    public init(stringLiteral value: String) { markup = value }

    public init(stringInterpolation: StringInterpolation) { markup = stringInterpolation.markup }

    /// Markup the code vouches for, kept as is.
    public init(markup: String) { self.markup = markup }

    public struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""
        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity + 16 * interpolationCount) }
        public mutating func appendLiteral(_ literal: String) { markup += literal }
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { markup += SSML.escape(value.description) }
        public mutating func appendInterpolation(_ value: SSMLTemplate) { markup += value.markup }
    }
}
