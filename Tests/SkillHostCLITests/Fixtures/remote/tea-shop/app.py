# A tea order on the Alexa Skills Kit SDK for Python, served with flask-ask-sdk: the dialog
# model elicits and confirms the slots (Dialog.Delegate until COMPLETED), the handler reads
# them with the SDK's helpers, counts the session's orders in session attributes and remembers
# the user's last tea in persistent attributes, kept by the SDK's own S3 adapter (boto3 finds
# the bucket where AWS_ENDPOINT_URL_S3 says: Amazon S3, or skillhost).
import os

from ask_sdk_core.dispatch_components import AbstractExceptionHandler, AbstractRequestHandler
from ask_sdk_core.skill_builder import CustomSkillBuilder
from ask_sdk_core.utils import get_dialog_state, get_slot, get_slot_value, is_intent_name, is_request_type
from ask_sdk_model import DialogState
from ask_sdk_model.dialog import DelegateDirective
from ask_sdk_model.slu.entityresolution import StatusCode
from ask_sdk_s3.adapter import S3Adapter
from flask import Flask
from flask_ask_sdk.skill_adapter import SkillAdapter


def resolved(handler_input, name):
    """The slot's canonical value when entity resolution matched, else what was said."""
    slot = get_slot(handler_input, name)
    if slot is None or slot.value is None:
        return None
    resolutions = slot.resolutions
    if resolutions and resolutions.resolutions_per_authority:
        for authority in resolutions.resolutions_per_authority:
            if authority.status.code == StatusCode.ER_SUCCESS_MATCH:
                return authority.values[0].value.name
    return slot.value


class LaunchHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("LaunchRequest")(handler_input)

    def handle(self, handler_input):
        handler_input.attributes_manager.session_attributes["orders"] = 0
        last = handler_input.attributes_manager.persistent_attributes.get("last")
        if last:
            speech = "Welcome back to the tea shop. Last time you had a {} tea. What would you like?".format(last)
        else:
            speech = "Welcome to the tea shop. What would you like?"
        return handler_input.response_builder.speak(speech).ask("What tea would you like?").response


class OrderTeaInProgressHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return (is_intent_name("OrderTeaIntent")(handler_input)
                and get_dialog_state(handler_input) != DialogState.COMPLETED)

    def handle(self, handler_input):
        return handler_input.response_builder.add_directive(DelegateDirective()).response


class OrderTeaCompletedHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return (is_intent_name("OrderTeaIntent")(handler_input)
                and get_dialog_state(handler_input) == DialogState.COMPLETED)

    def handle(self, handler_input):
        intent = handler_input.request_envelope.request.intent
        session = handler_input.attributes_manager.session_attributes
        if intent.confirmation_status.value == "DENIED":
            speech = "Alright, no tea then. What would you like?"
            return handler_input.response_builder.speak(speech).ask(speech).response
        size = resolved(handler_input, "size")
        kind = resolved(handler_input, "kind")
        session["orders"] = session.get("orders", 0) + 1
        persistent = handler_input.attributes_manager.persistent_attributes
        persistent["last"] = "{} {}".format(size, kind)
        persistent["total"] = persistent.get("total", 0) + 1
        handler_input.attributes_manager.save_persistent_attributes()
        count = session["orders"]
        speech = "Your {} {} tea is on its way. That makes {} order{} today. Anything else?".format(
            size, kind, count, "" if count == 1 else "s")
        return handler_input.response_builder.speak(speech).ask("Anything else?").response


class HelpHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("AMAZON.HelpIntent")(handler_input)

    def handle(self, handler_input):
        speech = "Say the tea you want, like a large green tea."
        return handler_input.response_builder.speak(speech).ask(speech).response


class StopHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return (is_intent_name("AMAZON.StopIntent")(handler_input)
                or is_intent_name("AMAZON.CancelIntent")(handler_input)
                or is_intent_name("AMAZON.NoIntent")(handler_input))

    def handle(self, handler_input):
        count = handler_input.attributes_manager.session_attributes.get("orders", 0)
        speech = "Enjoy your tea. {} order{} in all. Goodbye!".format(count, "" if count == 1 else "s")
        return handler_input.response_builder.speak(speech).set_should_end_session(True).response


class FallbackHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("AMAZON.FallbackIntent")(handler_input)

    def handle(self, handler_input):
        speech = "The tea shop only pours tea. What tea would you like?"
        return handler_input.response_builder.speak(speech).ask(speech).response


class SessionEndedHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("SessionEndedRequest")(handler_input)

    def handle(self, handler_input):
        return handler_input.response_builder.response


class ErrorHandler(AbstractExceptionHandler):
    def can_handle(self, handler_input, exception):
        return True

    def handle(self, handler_input, exception):
        print("error:", exception)
        speech = "Sorry, something went wrong in the tea shop."
        return handler_input.response_builder.speak(speech).ask(speech).response


sb = CustomSkillBuilder(persistence_adapter=S3Adapter(bucket_name="tea-shop"))
for handler in (LaunchHandler(), OrderTeaInProgressHandler(), OrderTeaCompletedHandler(), HelpHandler(),
                StopHandler(), FallbackHandler(), SessionEndedHandler()):
    sb.add_request_handler(handler)
sb.add_exception_handler(ErrorHandler())

app = Flask(__name__)
app.config["ASK_SDK_VERIFY_SIGNATURE"] = False
SkillAdapter(skill=sb.create(), skill_id="amzn1.ask.skill.tea-shop", app=app).register(app=app, route="/")

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "5000")))
