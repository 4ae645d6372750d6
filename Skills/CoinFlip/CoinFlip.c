/*
 * CoinFlip: a skill written in plain C against skillhost_abi.h alone, to prove the ABI is
 * language-neutral. Build it outside this package with nothing but a C compiler:
 *
 *     cc -std=c11 -shared -fPIC -I SkillKit/Sources/CSkillABI/include Skills/CoinFlip/CoinFlip.c \
 *        -o MySkills/libCoinFlip.so
 *
 * It reads just enough of the request envelope to find the request type and intent name; a
 * real C skill would use a JSON library.
 */
#include "skillhost_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char manifest[] =
    "{\"id\":\"com.skillhost.examples.coinflip\",\"name\":\"CoinFlip\",\"version\":\"1.0.0\","
    "\"invocationNames\":[],\"locales\":[\"en-US\"],\"appGroups\":[]}";

static const char model[] =
    "{\"interactionModel\":{\"languageModel\":{\"invocationName\":\"coin flip\",\"intents\":["
    "{\"name\":\"FlipCoinIntent\",\"slots\":[],\"samples\":[\"flip a coin\",\"flip\",\"toss a coin\","
    "\"flip it\",\"heads or tails\",\"again\",\"flip again\"]},"
    "{\"name\":\"AMAZON.HelpIntent\",\"samples\":[]},"
    "{\"name\":\"AMAZON.StopIntent\",\"samples\":[]},"
    "{\"name\":\"AMAZON.CancelIntent\",\"samples\":[]}"
    "],\"types\":[]}}}";

struct sh_skill {
    sh_skill_table table;
    const sh_host_services *host;
};

/* Copies the string value of the first `"key": "value"` after `from` into out; 0 if absent. */
static int find_string(const char *json, size_t length, const char *from, const char *key, char *out, size_t out_size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *end = json + length;
    const char *p = from ? from : json;
    size_t pattern_length = strlen(pattern);
    for (; p + pattern_length <= end; p++) {
        if (memcmp(p, pattern, pattern_length) != 0) continue;
        const char *q = p + pattern_length;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) q++;
        if (q >= end || *q != ':') continue;
        q++;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) q++;
        if (q >= end || *q != '"') continue;
        q++;
        size_t n = 0;
        while (q < end && *q != '"' && n + 1 < out_size) out[n++] = *q++;
        out[n] = 0;
        return 1;
    }
    return 0;
}

static const char *find_key(const char *json, size_t length, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    size_t pattern_length = strlen(pattern);
    for (const char *p = json; p + pattern_length <= json + length; p++)
        if (memcmp(p, pattern, pattern_length) == 0) return p;
    return NULL;
}

/* The number after `"key":` at or after `from`, or 0. */
static unsigned find_number(const char *json, size_t length, const char *from, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    size_t pattern_length = strlen(pattern);
    for (const char *p = from; p && p + pattern_length <= json + length; p++) {
        if (memcmp(p, pattern, pattern_length) != 0) continue;
        const char *q = p + pattern_length;
        while (q < json + length && (*q == ' ' || *q == ':')) q++;
        unsigned value = 0;
        while (q < json + length && *q >= '0' && *q <= '9') value = value * 10 + (unsigned)(*q++ - '0');
        return value;
    }
    return 0;
}

static void respond(sh_done_fn done, void *context, const char *speech, int end_session, unsigned flips) {
    const char *format =
        "{\"version\":\"1.0\",\"sessionAttributes\":{\"flips\":%u},\"response\":{"
        "\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"%s\"},"
        "\"reprompt\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"Say flip a coin, or stop.\"}},"
        "\"shouldEndSession\":%s}}";
    int length = snprintf(NULL, 0, format, flips, speech, end_session ? "true" : "false");
    char *buffer = malloc((size_t)length + 1);
    if (!buffer) {
        static const char message[] = "out of memory";
        done(context, SH_STATUS_ERROR, message, sizeof message - 1);
        return;
    }
    snprintf(buffer, (size_t)length + 1, format, flips, speech, end_session ? "true" : "false");
    done(context, SH_STATUS_OK, buffer, (size_t)length);
}

static void handle(sh_skill *skill, const char *request, size_t length, sh_done_fn done, void *context) {
    char type[64] = "", intent[128] = "";
    const char *request_member = find_key(request, length, "request");
    find_string(request, length, request_member, "type", type, sizeof type);
    const char *intent_member = find_key(request, length, "intent");
    if (intent_member) find_string(request, length, intent_member, "name", intent, sizeof intent);
    /* Skills keep no state between turns: the count travels in the session attributes. */
    unsigned flips = find_number(request, length, find_key(request, length, "attributes"), "flips");

    if (strcmp(type, "LaunchRequest") == 0) {
        respond(done, context, "Welcome to Coin Flip. Say flip a coin.", 0, flips);
    } else if (strcmp(type, "IntentRequest") == 0 && strcmp(intent, "FlipCoinIntent") == 0) {
        flips += 1;
        if (skill->host->log) {
            static const char line[] = "flipped a coin";
            skill->host->log(SH_LOG_DEBUG, line, sizeof line - 1);
        }
        respond(done, context, flips % 2 ? "Heads." : "Tails.", 0, flips);
    } else if (strcmp(type, "IntentRequest") == 0 && strcmp(intent, "AMAZON.HelpIntent") == 0) {
        respond(done, context, "I flip coins. Say flip a coin.", 0, flips);
    } else if (strcmp(type, "IntentRequest") == 0 &&
               (strcmp(intent, "AMAZON.StopIntent") == 0 || strcmp(intent, "AMAZON.CancelIntent") == 0)) {
        respond(done, context, "Bye.", 1, flips);
    } else if (strcmp(type, "SessionEndedRequest") == 0) {
        static const char empty[] = "{\"version\":\"1.0\",\"response\":{}}";
        char *buffer = malloc(sizeof empty);
        if (buffer) memcpy(buffer, empty, sizeof empty);
        done(context, buffer ? SH_STATUS_OK : SH_STATUS_ERROR, buffer, buffer ? sizeof empty - 1 : 0);
    } else {
        respond(done, context, "Sorry, I can only flip coins.", 0, flips);
    }
}

static void free_response(sh_skill *skill, const char *bytes) {
    (void)skill;
    free((void *)bytes);
}

static void destroy(sh_skill *skill) { free(skill); }

const sh_skill_table *skillhost_create_skill_v1(const sh_host_services *host) {
    if (!host || host->struct_size < sizeof(sh_host_services)) return NULL;
    sh_skill *skill = calloc(1, sizeof *skill);
    if (!skill) return NULL;
    skill->host = host;
    skill->table = (sh_skill_table){
        .struct_size = sizeof(sh_skill_table),
        .abi_version = SKILLHOST_ABI_VERSION,
        .instance = skill,
        .skill_id = "com.skillhost.examples.coinflip",
        .manifest_json = manifest,
        .interaction_model_json = model,
        .handle = handle,
        .free_response = free_response,
        .destroy = destroy,
    };
    return &skill->table;
}
