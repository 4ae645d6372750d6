# A skill on the Alexa SDK for Python that uses Alexa's service APIs through the SDK's own
# service clients (the settings, the customer's profile and device address, a progressive
# response, reminders), served with flask-ask-sdk. It asks for permissions in skill.json and answers a
# refusal with an AskForPermissionsConsent card, as Amazon's guides show.
import datetime
import os
import time

from ask_sdk_core.api_client import DefaultApiClient
from ask_sdk_core.dispatch_components import AbstractExceptionHandler, AbstractRequestHandler
from ask_sdk_core.skill_builder import CustomSkillBuilder
from ask_sdk_core.utils import get_device_id, is_intent_name, is_request_type
from ask_sdk_model.services import ServiceException
from ask_sdk_model.services.directive import Header, SendDirectiveRequest, SpeakDirective
from ask_sdk_model.services.reminder_management import (
    AlertInfo, PushNotification, PushNotificationStatus, ReminderRequest, SpokenInfo, SpokenText, Trigger, TriggerType)
from ask_sdk_model.ui import AskForPermissionsConsentCard
from flask import Flask
from flask_ask_sdk.skill_adapter import SkillAdapter

GIVEN_NAME = "alexa::profile:given_name:read"
POSTAL_CODE = "read::alexa:device:all:address:country_and_postal_code"
REMINDERS = "alexa::alerts:reminders:skill:readwrite"


def ask_for(handler_input, permission, speech):
    return (handler_input.response_builder.speak(speech)
            .set_card(AskForPermissionsConsentCard(permissions=[permission])).response)


class LaunchHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("LaunchRequest")(handler_input)

    def handle(self, handler_input):
        speech = "Concierge here. Ask me to greet you, for your time zone, or where you are."
        return handler_input.response_builder.speak(speech).ask(speech).response


class TimeZoneHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("TimeZoneIntent")(handler_input)

    def handle(self, handler_input):
        ups = handler_input.service_client_factory.get_ups_service()
        zone = ups.get_system_time_zone(get_device_id(handler_input))
        units = ups.get_system_distance_units(get_device_id(handler_input))
        speech = "Your time zone is {}, and distances are {}.".format(zone, units.value.lower())
        return handler_input.response_builder.speak(speech).ask("Anything else?").response


class GreetHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("GreetIntent")(handler_input)

    def handle(self, handler_input):
        request_id = handler_input.request_envelope.request.request_id
        handler_input.service_client_factory.get_directive_service().enqueue(
            SendDirectiveRequest(header=Header(request_id=request_id),
                                 directive=SpeakDirective(speech="<speak>One moment, let me look you up.</speak>")))
        time.sleep(0.2)
        try:
            name = handler_input.service_client_factory.get_ups_service().get_profile_given_name()
        except ServiceException as error:
            if error.status_code == 403:
                speech = "I need your permission to use your first name. I sent a card to the Alexa app."
                return (handler_input.response_builder.speak(speech)
                        .set_card(AskForPermissionsConsentCard(permissions=[GIVEN_NAME])).response)
            raise
        if name is None:
            return handler_input.response_builder.speak("Hello! I don't know your name yet.").ask("Anything else?").response
        return handler_input.response_builder.speak("Hello, {}!".format(name)).ask("Anything else?").response


class WhereHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("WhereIntent")(handler_input)

    def handle(self, handler_input):
        permissions = handler_input.request_envelope.context.system.user.permissions
        if not (permissions and permissions.consent_token):
            speech = "Please let me use your postal code in the Alexa app."
            return (handler_input.response_builder.speak(speech)
                    .set_card(AskForPermissionsConsentCard(permissions=[POSTAL_CODE])).response)
        client = handler_input.service_client_factory.get_device_address_service()
        try:
            address = client.get_country_and_postal_code(get_device_id(handler_input))
        except ServiceException as error:
            if error.status_code == 403:
                speech = "Please let me use your postal code in the Alexa app."
                return (handler_input.response_builder.speak(speech)
                        .set_card(AskForPermissionsConsentCard(permissions=[POSTAL_CODE])).response)
            raise
        if address is None or address.postal_code is None:
            return handler_input.response_builder.speak("Your device has no address set.").response
        speech = "You are in postal code {} in {}.".format(address.postal_code, address.country_code)
        return handler_input.response_builder.speak(speech).ask("Anything else?").response


class RemindHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("RemindIntent")(handler_input)

    def handle(self, handler_input):
        slots = handler_input.request_envelope.request.intent.slots
        chore = slots["chore"].value
        seconds = int(slots["seconds"].value)
        client = handler_input.service_client_factory.get_reminder_management_service()
        try:
            client.create_reminder(ReminderRequest(
                request_time=datetime.datetime.now().isoformat(),
                trigger=Trigger(object_type=TriggerType.SCHEDULED_RELATIVE, offset_in_seconds=seconds),
                alert_info=AlertInfo(spoken_info=SpokenInfo(content=[SpokenText(locale="en-US", text=chore)])),
                push_notification=PushNotification(status=PushNotificationStatus.ENABLED)))
        except ServiceException as error:
            if error.status_code == 401:
                return ask_for(handler_input, REMINDERS, "Please let me set reminders in the Alexa app.")
            raise
        speech = "OK, I will remind you to {} in {} seconds.".format(chore, seconds)
        return handler_input.response_builder.speak(speech).ask("Anything else?").response


class StopHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("AMAZON.StopIntent")(handler_input) or is_intent_name("AMAZON.CancelIntent")(handler_input)

    def handle(self, handler_input):
        return handler_input.response_builder.speak("Goodbye.").set_should_end_session(True).response


class SessionEndedHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("SessionEndedRequest")(handler_input)

    def handle(self, handler_input):
        return handler_input.response_builder.response


class ErrorHandler(AbstractExceptionHandler):
    def can_handle(self, handler_input, exception):
        return True

    def handle(self, handler_input, exception):
        print("error:", repr(exception))
        return handler_input.response_builder.speak("Sorry, the concierge had a problem: {}".format(exception)).response


sb = CustomSkillBuilder(api_client=DefaultApiClient())
for handler in (LaunchHandler(), TimeZoneHandler(), GreetHandler(), WhereHandler(), RemindHandler(),
                StopHandler(), SessionEndedHandler()):
    sb.add_request_handler(handler)
sb.add_exception_handler(ErrorHandler())

app = Flask(__name__)
app.config["ASK_SDK_VERIFY_SIGNATURE"] = False
SkillAdapter(skill=sb.create(), skill_id="amzn1.ask.skill.concierge", app=app).register(app=app, route="/")

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "5000")))
