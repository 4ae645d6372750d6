/*
 * skillhost_abi.h — the one contract between the skillhost host and a skill library.
 *
 * A skill is a shared library (.so) that exports exactly one symbol the host looks for:
 *
 *     const sh_skill_table *skillhost_create_skill_v1(const sh_host_services *host);
 *
 * The ABI version is part of the symbol's name. A host that speaks version N looks up
 * `skillhost_create_skill_vN` and refuses a library that does not export it. Every struct
 * carries its own size and ABI version and only ever grows by appending fields, so a reader
 * must check `struct_size` before touching a field added after version 1.
 *
 * Only C types and UTF-8 bytes cross this boundary. Request and response payloads are the
 * Alexa custom-skill request and response envelopes, as JSON text.
 *
 * Ownership
 *   - Everything a skill returns (the table, its strings, response buffers) is allocated and
 *     freed by the skill. The host gives response buffers back through `free_response`;
 *     the table and its strings stay valid until `destroy` returns.
 *   - Everything the host passes in (request bytes, the services table, log messages) is
 *     owned by the host. Request bytes are valid only until `handle` returns; copy them to
 *     keep them. The services table and its function pointers stay valid for the life of
 *     the process.
 *
 * Threading
 *   - The factory is called once per load, on an arbitrary thread.
 *   - `handle` may be called from any thread and concurrently, for different sessions. A skill
 *     keeps no state between turns: everything a dialog needs travels in the envelope.
 *   - `handle` must call `done` exactly once, from any thread, before or after `handle`
 *     returns. It must not block waiting for the host.
 *   - `destroy` is called at most once, after every `done` has been called. The host never
 *     unloads the library image: a retired skill's code and data stay mapped.
 *
 * Host services
 *   Each function in sh_host_services is already bound to the calling skill's identity and
 *   generation: there is no context argument to pass, forget or forge. Once the host retires
 *   a generation (reload, unload, shutdown) its services become no-ops that report
 *   SH_STATUS_RETIRED where they return a status.
 */
#ifndef SKILLHOST_ABI_H
#define SKILLHOST_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header. The factory symbol carries it in its name. */
#define SKILLHOST_ABI_VERSION 1u

/** The factory symbol for SKILLHOST_ABI_VERSION 1. */
#define SKILLHOST_FACTORY_SYMBOL "skillhost_create_skill_v1"

/** Status codes passed to `sh_done_fn` and returned by host services. */
typedef enum sh_status {
    SH_STATUS_OK = 0,       /* the bytes are a response envelope (JSON) */
    SH_STATUS_ERROR = 1,    /* the bytes are a UTF-8 message saying what failed */
    SH_STATUS_RETIRED = 2   /* host service called by a retired generation; nothing was done */
} sh_status;

/** Log levels for `sh_host_services.log`. */
typedef enum sh_log_level {
    SH_LOG_DEBUG = 0,
    SH_LOG_INFO = 1,
    SH_LOG_WARNING = 2,
    SH_LOG_ERROR = 3
} sh_log_level;

/**
 * Writes one log line attributed to the calling skill and generation.
 * `message` is UTF-8, `length` bytes, not necessarily NUL-terminated; the host copies it.
 * Safe to call from any thread at any time; a no-op after the generation is retired.
 */
typedef void (*sh_log_fn)(int32_t level, const char *message, size_t length);

/**
 * Receives bytes the host hands back. `bytes` is valid only during the call: copy what you
 * keep. `bytes` may be NULL when `length` is 0.
 */
typedef void (*sh_bytes_fn)(void *context, const char *bytes, size_t length);

/**
 * One storage request: a JSON object, `length` bytes of UTF-8. The host answers by calling
 * `reply(reply_context, bytes, length)` exactly once before returning, and returns the status:
 *   SH_STATUS_OK       the reply is a JSON object (below)
 *   SH_STATUS_ERROR    the reply is a UTF-8 message naming what failed
 *   SH_STATUS_RETIRED  the generation is retired; reply is called with no bytes
 *
 * "container" is "private" (the skill's own container) or an app group the manifest declares
 * ("group.com.example.shared"); anything else is refused. Keys are one printable name (no '/',
 * no control characters, not starting with '.', at most 200 bytes).
 *
 *   {"op":"get","container":C,"key":K}          -> {"found":true,"value":V,"version":S} | {"found":false}
 *   {"op":"put","container":C,"key":K,"value":V} -> {"written":true,"version":S}
 *       with "ifVersion":S  or "ifAbsent":true   -> or {"written":false,"current":<a get reply>}
 *   {"op":"delete","container":C,"key":K}        -> {"deleted":true|false}
 *   {"op":"list","container":C}                  -> {"keys":[K, ...]}
 *
 * A put is atomic and durable when it returns; a conditional put is how a skill does a
 * read-modify-write no other writer (thread, process, the `skillhost storage` command) can
 * interleave with. Blocking (it may wait for the disk); safe from any thread.
 */
typedef int32_t (*sh_storage_fn)(const char *request, size_t length, sh_bytes_fn reply, void *reply_context);

/**
 * Receives the answer to one service API call (`sh_host_services.call_api`), exactly once, from
 * any thread. status SH_STATUS_OK: `bytes` is {"status": <HTTP status>, "body": <the API's JSON
 * answer, or null when it had none>}; SH_STATUS_ERROR: a UTF-8 message saying why the call
 * could not be made; SH_STATUS_RETIRED: the generation is retired, nothing was sent. `bytes`
 * is valid only during the call.
 */
typedef void (*sh_reply_fn)(void *context, int32_t status, const char *bytes, size_t length);

/**
 * One call to Alexa's service APIs, which the host serves at every request's
 * `context.System.apiEndpoint` — the same endpoints a remote skill's SDK calls over HTTPS:
 *
 *   {"method": "POST", "path": "/v1/alerts/reminders", "token": "<the request's apiAccessToken>",
 *    "body": {...}}                                   ("body" absent for GET and DELETE)
 *
 * The token decides what the call may do, as it does for Alexa (the skill, user, device and the
 * permissions granted); a token issued to another skill is refused. Returns at once; the host
 * calls `reply(reply_context, ...)` exactly once, later, from another thread — never from
 * inside `call_api`. Safe from any thread; never blocks.
 */
typedef void (*sh_call_api_fn)(const char *request, size_t length, sh_reply_fn reply, void *reply_context);

/**
 * Services the host offers a skill. Owned by the host, valid for the life of the process.
 * New services are appended; check `struct_size` before using a field added after v1.
 */
typedef struct sh_host_services {
    uint32_t struct_size;   /* sizeof(sh_host_services) as the host compiled it */
    uint32_t abi_version;   /* SKILLHOST_ABI_VERSION of the host */
    sh_log_fn log;
    /* Appended: present when struct_size >= offsetof(sh_host_services, storage) + sizeof(void *). */
    sh_storage_fn storage;
    /* Appended: present when struct_size >= offsetof(sh_host_services, call_api) + sizeof(void *). */
    sh_call_api_fn call_api;
} sh_host_services;

/** A skill's private state, opaque to the host. */
typedef struct sh_skill sh_skill;

/**
 * Receives the outcome of one `handle` call. Called exactly once per `handle`.
 * status SH_STATUS_OK: `bytes` is the response envelope as JSON.
 * status SH_STATUS_ERROR: `bytes` is a UTF-8 message naming what failed.
 * `bytes` belongs to the skill; the host calls `free_response(instance, bytes)` once when it
 * is done with it (which may be before `done` returns). `bytes` may be NULL when `length` is 0.
 */
typedef void (*sh_done_fn)(void *done_context, int32_t status, const char *bytes, size_t length);

/**
 * The table a skill's factory returns. Owned by the skill; valid until `destroy` returns.
 * All strings are NUL-terminated UTF-8.
 */
typedef struct sh_skill_table {
    uint32_t struct_size;   /* sizeof(sh_skill_table) as the skill compiled it */
    uint32_t abi_version;   /* SKILLHOST_ABI_VERSION the skill was compiled against */
    sh_skill *instance;     /* passed back to every call below */

    /** Reverse-DNS identifier, e.g. "com.example.helloworld". Must equal the manifest's "id". */
    const char *skill_id;

    /**
     * The manifest, a JSON object:
     * {"id": "...", "name": "...", "version": "1.0.0", "invocationNames": ["..."],
     *  "locales": ["en-US"], "appGroups": ["group.com.example.shared"]}
     * "invocationNames" and "appGroups" may be empty; "locales" defaults to ["en-US"].
     */
    const char *manifest_json;

    /** The Alexa interaction model JSON ({"interactionModel": {"languageModel": ...}}). */
    const char *interaction_model_json;

    /** Handles one request envelope (JSON, `request_length` bytes). See the threading notes. */
    void (*handle)(sh_skill *instance, const char *request, size_t request_length,
                   sh_done_fn done, void *done_context);

    /** Frees a buffer the skill passed to `done`. */
    void (*free_response)(sh_skill *instance, const char *bytes);

    /** Releases the instance. The table and its strings are invalid afterwards. */
    void (*destroy)(sh_skill *instance);
} sh_skill_table;

/** The factory every skill exports. Returns NULL when the skill cannot start. */
const sh_skill_table *skillhost_create_skill_v1(const sh_host_services *host);

/* The layout of version 1 is frozen. Appending fields is allowed; changing these is not. */
#if defined(__x86_64__) || defined(__aarch64__)
_Static_assert(offsetof(sh_host_services, log) == 8, "sh_host_services v1 layout changed");
_Static_assert(offsetof(sh_host_services, storage) == 16, "sh_host_services layout changed");
_Static_assert(offsetof(sh_host_services, call_api) == 24, "sh_host_services layout changed");
_Static_assert(sizeof(sh_host_services) == 32, "sh_host_services layout changed");
_Static_assert(offsetof(sh_skill_table, instance) == 8, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, skill_id) == 16, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, manifest_json) == 24, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, interaction_model_json) == 32, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, handle) == 40, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, free_response) == 48, "sh_skill_table v1 layout changed");
_Static_assert(offsetof(sh_skill_table, destroy) == 56, "sh_skill_table v1 layout changed");
_Static_assert(sizeof(sh_skill_table) == 64, "sh_skill_table v1 layout changed");
#endif

#ifdef __cplusplus
}
#endif

#endif /* SKILLHOST_ABI_H */
