/*
 * A C skill for loader and host tests, compiled by the tests with different -D switches
 * into real .so files: one switch per way a library can be wrong.
 *
 *   SKILL_ID="\"com.test.x\""  the skill id (default com.test.fixture)
 *   INVOCATION="\"x\""         the invocation name (default "fixture")
 *   EXPORT_VERSION=2           export skillhost_create_skill_v2 instead of v1
 *   NO_FACTORY                 export no factory at all
 *   FACTORY_NULL               the factory returns NULL
 *   TABLE_ABI=2                the table says ABI version 2
 *   TABLE_SMALL                the table's struct_size is too small
 *   BAD_MANIFEST               manifest_json is not JSON
 *   MANIFEST_ID_MISMATCH       skill_id differs from the manifest's id
 *   BAD_MODEL                  the model lacks an invocation name
 *   UNRESOLVED                 calls a function nothing defines
 *   SKILL_FAILS                handle reports SH_STATUS_ERROR
 *   BAD_RESPONSE               handle returns text that is not JSON
 *   DONE_TWICE                 handle calls done twice
 *   NEVER_DONE                 handle returns without ever calling done (a hung skill)
 *   REPLY="\"text\""           what the skill says (default "fixture answer")
 *   SKILL_NAME="\"Name\""      the manifest's display name (default "Fixture")
 *   ALLOCATE_ON_ECHO=n         on echo, allocates and touches n MB (and aborts if it cannot)
 *   BACKGROUND_LOG             each request starts a thread that logs 300 ms later, between turns
 *   SLEEP_ON_ECHO=ms           on echo, sleeps ms milliseconds before answering
 *   MARK_ON_ECHO="\"path\""    on echo, first makes the file at path (a test sees the turn begun)
 *   SLOW_FACTORY=n             the factory sleeps n seconds before it returns
 *   PRINT_ON_HANDLE            prints to standard output on every request
 *   STORE_CONTAINER="\"x\""    the container STORAGE stores in (default "private")
 *   BIG_RESPONSE=n             answers echo with a speech of n bytes
 *   BIG_LOG=n                  logs a line of n bytes on every request
 *   RAW_FRAME_ON_ECHO=n        on echo, writes a response frame header claiming n bytes (and
 *                              10 of them) straight to the runner's frame pipe, then hangs:
 *                              a hostile skill in a runner process
 *   END_SESSION                every answer ends the session (a fact skill)
 *   ELICIT                     EchoIntent without a thing asks for it (Dialog.ElicitSlot);
 *                              with one it says "you said THING (dialogState)"
 */
#define _DEFAULT_SOURCE /* usleep */
#include "skillhost_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <pthread.h>

#ifndef SKILL_ID
#define SKILL_ID "com.test.fixture"
#endif
#ifndef INVOCATION
#define INVOCATION "fixture"
#endif
#ifndef REPLY
#define REPLY "fixture answer"
#endif
#ifndef SKILL_NAME
#define SKILL_NAME "Fixture"
#endif
#ifndef ECHO_PREFIX
#define ECHO_PREFIX "you said"
#endif

#ifdef BAD_MANIFEST
static const char manifest[] = "{\"id\": \"" SKILL_ID "\", \"name\": ";
#elif defined(MANIFEST_ID_MISMATCH)
static const char manifest[] = "{\"id\":\"com.test.someone.else\",\"name\":\"Fixture\",\"version\":\"1.0\"}";
#elif defined(ALEXA_SKILL_ID)
static const char manifest[] = "{\"id\":\"" SKILL_ID "\",\"name\":\"" SKILL_NAME "\",\"version\":\"1.0\",\"alexaSkillIds\":[\"" ALEXA_SKILL_ID "\"]}";
#elif defined(APP_GROUP)
static const char manifest[] = "{\"id\":\"" SKILL_ID "\",\"name\":\"Fixture\",\"version\":\"1.0\",\"appGroups\":[\"" APP_GROUP "\"]}";
#else
static const char manifest[] = "{\"id\":\"" SKILL_ID "\",\"name\":\"" SKILL_NAME "\",\"version\":\"1.0\"}";
#endif

#ifdef BAD_MODEL
static const char model[] = "{\"interactionModel\":{\"languageModel\":{\"intents\":[]}}}";
#else
static const char model[] =
    "{\"interactionModel\":{\"languageModel\":{\"invocationName\":\"" INVOCATION "\",\"intents\":["
    "{\"name\":\"EchoIntent\",\"slots\":[{\"name\":\"thing\",\"type\":\"AMAZON.SearchQuery\"}],"
    "\"samples\":[\"echo {thing}\",\"echo\",\"repeat after me\"]},"
    "{\"name\":\"AMAZON.StopIntent\",\"samples\":[]}]}}}";
#endif

#ifdef UNRESOLVED
extern int skillhost_test_function_nobody_defines(void);
#endif

struct sh_skill {
    sh_skill_table table;
    const sh_host_services *host;
};

static char *copy(const char *text, size_t *length) {
    *length = strlen(text);
    char *buffer = malloc(*length + 1);
    memcpy(buffer, text, *length + 1);
    return buffer;
}

#ifdef STORAGE
/* What a storage call replied, with double quotes turned into single ones so it can be spoken. */
struct reply {
    char text[512];
};

static void receive(void *context, const char *bytes, size_t length) {
    struct reply *reply = context;
    size_t n = length < sizeof reply->text - 1 ? length : sizeof reply->text - 1;
    for (size_t i = 0; i < n; i++) reply->text[i] = bytes[i] == '"' ? '\'' : bytes[i];
    reply->text[n] = 0;
}

#ifndef STORE_CONTAINER
#define STORE_CONTAINER "private"
#endif
static const char put_request[] = "{\"op\":\"put\",\"container\":\"" STORE_CONTAINER "\",\"key\":\"c\",\"value\":1}";
static int32_t factory_status = -1;
static struct reply factory_reply;

static int32_t store(const sh_host_services *host, struct reply *reply) {
    if (host->struct_size < offsetof(sh_host_services, storage) + sizeof host->storage || !host->storage) return -1;
    return host->storage(put_request, sizeof put_request - 1, receive, reply);
}
#endif

static void handle_text(sh_skill *skill, const char *request, sh_done_fn done, void *context);

#ifdef BACKGROUND_LOG
/* What a skill's timer or worker thread does: call the host when no turn is under way. */
static void *log_later(void *argument) {
    const sh_host_services *host = argument;
    usleep(300 * 1000);
    static const char line[] = "logged from a background thread";
    host->log(SH_LOG_WARNING, line, sizeof line - 1);
    return NULL;
}
#endif

/* The request is `length` bytes, not a C string: the fixture reads it with strstr, so it
   works on a NUL-terminated copy. */
static void handle(sh_skill *skill, const char *bytes, size_t length, sh_done_fn done, void *context) {
    char *request = malloc(length + 1);
    memcpy(request, bytes, length);
    request[length] = 0;
    handle_text(skill, request, done, context);
    free(request);
}

static void handle_text(sh_skill *skill, const char *request, sh_done_fn done, void *context) {
    (void)request;
    size_t n;
#ifdef UNRESOLVED
    if (skillhost_test_function_nobody_defines()) return;
#endif
#ifdef PRINT_ON_HANDLE
    printf("the skill printed this on standard output\n");
    fflush(stdout);
#endif
    if (skill->host->log) {
        static const char line[] = "fixture handled a request";
        skill->host->log(SH_LOG_INFO, line, sizeof line - 1);
    }
#if defined(CRASH_ON_ECHO)
    if (strstr(request, "EchoIntent")) {
        volatile int *nowhere = NULL;
        *nowhere = 42; /* SIGSEGV, as a buggy skill would */
    }
#elif defined(HANG_ON_ECHO)
    if (strstr(request, "EchoIntent")) {
        for (;;) pause(); /* stuck for good, inside handle */
    }
#elif defined(EXIT_ON_ECHO)
    if (strstr(request, "EchoIntent")) exit(3);
#elif defined(RAW_FRAME_ON_ECHO)
    if (strstr(request, "EchoIntent")) {
        for (int fd = 3; fd < 256; fd++) {
            struct stat info;
            if (fstat(fd, &info) != 0 || !S_ISFIFO(info.st_mode) || (fcntl(fd, F_GETFL) & O_ACCMODE) != O_WRONLY) continue;
            unsigned char frame[27] = {0};
            uint32_t claimed = (uint32_t)(RAW_FRAME_ON_ECHO);
            memcpy(frame, &claimed, 4);
            frame[4] = 4; /* a response */
            ssize_t written = write(fd, frame, sizeof frame);
            (void)written;
        }
        for (;;) pause();
    }
#endif
#if defined(BACKGROUND_LOG)
    {
        pthread_t thread;
        if (pthread_create(&thread, NULL, log_later, (void *)skill->host) == 0) pthread_detach(thread);
    }
#endif
#if defined(MARK_ON_ECHO)
    if (strstr(request, "EchoIntent")) {
        int mark = open(MARK_ON_ECHO, O_WRONLY | O_CREAT, 0600);
        if (mark >= 0) close(mark);
    }
#endif
#if defined(SLEEP_ON_ECHO)
    if (strstr(request, "EchoIntent")) usleep((useconds_t)(SLEEP_ON_ECHO) * 1000);
#endif
#if defined(ALLOCATE_ON_ECHO)
    if (strstr(request, "EchoIntent")) {
        size_t size = (size_t)(ALLOCATE_ON_ECHO) << 20;
        char *block = malloc(size);
        if (!block) abort();
        memset(block, 1, size);
        free(block);
    }
#endif
#if defined(BIG_LOG)
    if (skill->host->log) {
        size_t size = (size_t)(BIG_LOG);
        char *line = malloc(size);
        memset(line, 'l', size);
        skill->host->log(SH_LOG_INFO, line, size);
        free(line);
    }
#endif
#if defined(BIG_RESPONSE)
    if (strstr(request, "EchoIntent")) {
        static const char head[] = "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"";
        static const char tail[] = "\"},\"shouldEndSession\":false}}";
        size_t size = (size_t)(BIG_RESPONSE);
        char *text = malloc(sizeof head + size + sizeof tail);
        memcpy(text, head, sizeof head - 1);
        memset(text + sizeof head - 1, 'x', size);
        memcpy(text + sizeof head - 1 + size, tail, sizeof tail);
        done(context, SH_STATUS_OK, text, sizeof head - 1 + size + sizeof tail - 1);
        return;
    }
#endif
#if defined(NEVER_DONE)
    (void)n;
    (void)done;
    (void)context;
    (void)copy;
#elif defined(STORAGE)
    struct reply reply = {{0}};
    int32_t status = store(skill->host, &reply);
    char response[2048];
    snprintf(response, sizeof response,
             "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":"
             "\"status %d reply %s; in the factory: status %d reply %s\"},\"shouldEndSession\":false}}",
             (int)status, reply.text, (int)factory_status, factory_reply.text);
    char *text = copy(response, &n);
    done(context, SH_STATUS_OK, text, n);
#elif defined(SKILL_FAILS)
    char *message = copy("fixture failed on purpose", &n);
    done(context, SH_STATUS_ERROR, message, n);
#elif defined(BAD_RESPONSE)
    char *text = copy("this is not JSON", &n);
    done(context, SH_STATUS_OK, text, n);
#elif defined(ELICIT)
    if (strstr(request, "EchoIntent")) {
        char response[1024];
        const char *thing = strstr(request, "\"thing\":{");
        const char *value = thing ? strstr(thing, "\"value\":\"") : NULL;
        const char *state = strstr(request, "\"dialogState\":\"IN_PROGRESS\"") ? "IN_PROGRESS" : "none";
        if (value && value < strstr(thing, "}")) {
            value += 9;
            int length = (int)(strchr(value, '"') - value);
            snprintf(response, sizeof response,
                     "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"" ECHO_PREFIX " %.*s (%s)\"},"
                     "\"shouldEndSession\":false}}", length, value, state);
        } else {
            snprintf(response, sizeof response,
                     "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"What thing?\"},"
                     "\"directives\":[{\"type\":\"Dialog.ElicitSlot\",\"slotToElicit\":\"thing\"}],\"shouldEndSession\":false}}");
        }
        char *text = copy(response, &n);
        done(context, SH_STATUS_OK, text, n);
        return;
    }
    char *text = copy("{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"Say echo.\"},\"shouldEndSession\":false}}", &n);
    done(context, SH_STATUS_OK, text, n);
#else
#ifdef END_SESSION
    int ended = 1;
#else
    int ended = strstr(request, "SessionEndedRequest") != NULL || strstr(request, "AMAZON.StopIntent") != NULL;
#endif
    char response[512];
    snprintf(response, sizeof response,
             "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"%s\"},"
             "\"shouldEndSession\":%s},\"unknownExtension\":{\"kept\":true}}",
             REPLY, ended ? "true" : "false");
    char *text = copy(response, &n);
    done(context, SH_STATUS_OK, text, n);
#ifdef DONE_TWICE
    char *again = copy(response, &n);
    done(context, SH_STATUS_OK, again, n);
#endif
#endif
}

static void free_response(sh_skill *skill, const char *bytes) {
    (void)skill;
    free((void *)bytes);
}

static void destroy(sh_skill *skill) { free(skill); }

static const sh_skill_table *create(const sh_host_services *host) {
#ifdef SLOW_FACTORY
    sleep(SLOW_FACTORY);
#endif
#ifdef FACTORY_NULL
    (void)host;
    return NULL;
#else
    sh_skill *skill = calloc(1, sizeof *skill);
    skill->host = host;
#ifdef STORAGE
    factory_status = store(host, &factory_reply);
#endif
    skill->table = (sh_skill_table){
#ifdef TABLE_SMALL
        .struct_size = 24,
#else
        .struct_size = sizeof(sh_skill_table),
#endif
#ifdef TABLE_ABI
        .abi_version = TABLE_ABI,
#else
        .abi_version = SKILLHOST_ABI_VERSION,
#endif
        .instance = skill,
#ifdef MANIFEST_ID_MISMATCH
        .skill_id = SKILL_ID,
#else
        .skill_id = SKILL_ID,
#endif
        .manifest_json = manifest,
        .interaction_model_json = model,
        .handle = handle,
        .free_response = free_response,
        .destroy = destroy,
    };
    return &skill->table;
#endif
}

#if defined(NO_FACTORY)
const void *not_a_factory(void) { return (const void *)create; }
#elif defined(EXPORT_VERSION) && EXPORT_VERSION == 2
const sh_skill_table *skillhost_create_skill_v2(const sh_host_services *host) { return create(host); }
#else
const sh_skill_table *skillhost_create_skill_v1(const sh_host_services *host) { return create(host); }
#endif
