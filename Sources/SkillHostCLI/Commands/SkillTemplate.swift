import Foundation

/// The files `skillhost new` writes: a skill's own package, in Swift or in C.
struct SkillTemplate {
    let name: String
    /// The SkillKit package's folder, depended on by path.
    let skillKit: String
    /// The skillhost executable the transcript test runs unless SKILLHOST names another.
    let skillhost: String

    /// "PizzaOrder" -> "pizza order".
    var invocationName: String {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty || (character.isNumber && !(words.last!.last!.isNumber)) {
                words.append(String(character).lowercased())
            } else {
                words[words.count - 1].append(Character(String(character).lowercased()))
            }
        }
        return words.joined(separator: " ")
    }

    var skillID: String { "com.example." + name.lowercased() }

    var swiftFiles: [(String, String)] {
        [
            ("Package.swift", swiftPackage),
            ("Sources/\(name)/\(name).swift", swiftSkill),
            ("Sources/\(name)/models/en-US.json", model),
            ("Tests/\(name)Tests/\(name)Tests.swift", swiftTests),
            ("transcripts/\(name).transcript", transcript(remembers: true)),
            (".gitignore", gitignore),
            ("README.md", readme(language: "Swift")),
        ]
    }

    var cFiles: [(String, String)] {
        [
            ("Package.swift", cPackage),
            ("Sources/\(name)/\(name).c", cSkill),
            ("Sources/\(name)/include/\(name).h", cHeader),
            ("Sources/\(name)/models/en-US.json", model),
            ("Tests/\(name)Tests/\(name)Tests.swift", transcriptTestFile(imports: "")),
            ("transcripts/\(name).transcript", transcript(remembers: false)),
            (".gitignore", gitignore),
            ("README.md", readme(language: "C")),
        ]
    }

    private var gitignore: String { ".build/\nPackage.resolved\n.swiftpm/\n" }

    private var swiftPackage: String {
        #"""
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\#(name)",
            products: [
                // The skill: a dynamic library skillhost loads (`skillhost --package .`).
                .library(name: "\#(name)", type: .dynamic, targets: ["\#(name)"]),
            ],
            dependencies: [
                // SkillKit alone: the SDK, not the host.
                .package(path: "\#(skillKit)"),
            ],
            targets: [
                .target(
                    name: "\#(name)",
                    dependencies: [.product(name: "SkillKit", package: "SkillKit")],
                    // The interaction model, built into the library as PackageResources.en_US_json.
                    resources: [.embedInCode("models/en-US.json")]
                ),
                .testTarget(
                    name: "\#(name)Tests",
                    dependencies: ["\#(name)", .product(name: "SkillKitTesting", package: "SkillKit")]
                ),
            ]
        )

        """#
    }

    private var cPackage: String {
        #"""
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\#(name)",
            products: [
                // The skill: a dynamic library skillhost loads (`skillhost --package .`).
                .library(name: "\#(name)", type: .dynamic, targets: ["\#(name)"]),
            ],
            dependencies: [
                // For skillhost_abi.h, the whole contract between host and skill.
                .package(path: "\#(skillKit)"),
            ],
            targets: [
                // models/en-US.json is built into the library with #embed.
                .target(
                    name: "\#(name)",
                    dependencies: [.product(name: "CSkillABI", package: "SkillKit")],
                    exclude: ["models"]
                ),
                .testTarget(name: "\#(name)Tests", dependencies: ["\#(name)"]),
            ]
        )

        """#
    }

    private var model: String {
        #"""
        {
          "interactionModel": {
            "languageModel": {
              "invocationName": "\#(invocationName)",
              "intents": [
                {
                  "name": "HelloIntent",
                  "slots": [],
                  "samples": ["hello", "hi", "say hello", "hello there", "good morning", "greet me"]
                },
                {
                  "name": "RememberNameIntent",
                  "slots": [{ "name": "name", "type": "AMAZON.FirstName" }],
                  "samples": ["my name is {name}", "call me {name}", "i am {name}", "i'm {name}", "remember my name is {name}"]
                },
                { "name": "AMAZON.HelpIntent", "samples": [] },
                { "name": "AMAZON.CancelIntent", "samples": [] },
                { "name": "AMAZON.StopIntent", "samples": [] },
                { "name": "AMAZON.FallbackIntent", "samples": [] }
              ],
              "types": []
            }
          }
        }

        """#
    }

    private var swiftSkill: String {
        #"""
        // \#(name): a skill for skillhost, written with SkillKit (the Alexa Skills Kit's API in
        // Swift). Its interaction model is models/en-US.json beside this file, built into the
        // library; `skillhost --package <this package>` rebuilds and reloads it on every save.
        import SkillKit

        enum \#(name): ExportedSkill {
            static let manifest = SkillManifest(id: "\#(skillID)", name: "\#(name)", version: "1.0.0")
            static let interactionModel = String(decoding: PackageResources.en_US_json, as: UTF8.self)

            static func makeSkill() -> Skill {
                SkillBuilders.custom()
                    .addRequestHandlers(
                        LaunchHandler(),
                        HelloHandler(),
                        RememberNameHandler(),
                        HelpHandler(),
                        StopHandler(),
                        FallbackHandler(),
                        SessionEndedHandler()
                    )
                    .addErrorHandlers(ErrorHandlerLast())
                    .create()
            }
        }

        /// The factory the host looks up in the library.
        @c(skillhost_create_skill_v1)
        public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
            \#(name).export(host)
        }

        struct LaunchHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .launch }

            func handle(_ input: HandlerInput) -> Response {
                let speech = "Welcome to \#(invocationName). You can say hello, or tell me your name."
                return input.responseBuilder.speak(speech).reprompt(speech).getResponse()
            }
        }

        /// Greets the user, by name once it is known (kept in the persistent attributes).
        struct HelloHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.isIntent("HelloIntent") }

            func handle(_ input: HandlerInput) throws -> Response {
                let saved = try input.attributesManager.getPersistentAttributes()
                guard let name = saved["name"]?.string else {
                    let speech = "Hello! I don't know your name yet: say my name is, and your name."
                    return input.responseBuilder.speak(speech).reprompt(speech).getResponse()
                }
                return input.responseBuilder.speak("Hello, \(name)!").reprompt("What else?").getResponse()
            }
        }

        /// Remembers the user's first name for next time.
        struct RememberNameHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.isIntent("RememberNameIntent") }

            func handle(_ input: HandlerInput) throws -> Response {
                guard let said = input.slotValue("name"), !said.isEmpty else {
                    return input.responseBuilder.speak("What's your name?").reprompt("Say my name is, and your name.").getResponse()
                }
                let name = said.prefix(1).uppercased() + said.dropFirst()
                var saved = try input.attributesManager.getPersistentAttributes()
                saved["name"] = .string(name)
                input.attributesManager.setPersistentAttributes(saved)
                try input.attributesManager.savePersistentAttributes()
                return input.responseBuilder.speak("Nice to meet you, \(name). I'll remember that.").reprompt("Say hello.").getResponse()
            }
        }

        struct HelpHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.help) }

            func handle(_ input: HandlerInput) -> Response {
                let speech = "Say hello, or tell me your name by saying my name is, and your name."
                return input.responseBuilder.speak(speech).reprompt(speech).getResponse()
            }
        }

        struct StopHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.cancel, .stop) }

            func handle(_ input: HandlerInput) -> Response {
                input.responseBuilder.speak("Goodbye!").withShouldEndSession(true).getResponse()
            }
        }

        struct FallbackHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.isIntent(.fallback) }

            func handle(_ input: HandlerInput) -> Response {
                let speech = "Sorry, I didn't get that. You can say hello, or tell me your name."
                return input.responseBuilder.speak(speech).reprompt(speech).getResponse()
            }
        }

        struct SessionEndedHandler: RequestHandler {
            func canHandle(_ input: HandlerInput) -> Bool { input.requestType == .sessionEnded }

            func handle(_ input: HandlerInput) -> Response {
                input.host.log(.info, "session ended: \(input.requestEnvelope.request.reason?.rawValue ?? "unknown")")
                return input.responseBuilder.getResponse()
            }
        }

        /// Any error a handler throws: named in the host's log, an apology to the user.
        struct ErrorHandlerLast: ErrorHandler {
            func canHandle(_ input: HandlerInput, error: any Error) -> Bool { true }

            func handle(_ input: HandlerInput, error: any Error) -> Response {
                input.host.log(.error, "\(error)")
                let speech = "Sorry, I had trouble doing what you asked. Please try again."
                return input.responseBuilder.speak(speech).reprompt(speech).getResponse()
            }
        }

        """#
    }

    private var swiftTests: String {
        transcriptTestFile(imports: "@testable import \(name)\nimport SkillKitTesting\n") + #"""

        /// The handlers, run in-process: requests built by intent and slots, no host, no NLU.
        @Suite struct \#(name)HandlerTests {
            @Test func launchWelcomesAndKeepsTheSessionOpen() async throws {
                let alexa = SkillTester(\#(name).self)
                let welcome = try await alexa.launch()
                #expect(welcome.speech.hasPrefix("Welcome"))
                #expect(!welcome.endsSession)
            }

            @Test func rememberedNameIsUsedNextTime() async throws {
                let alexa = SkillTester(\#(name).self)
                #expect(try await alexa.intent("HelloIntent").speech.contains("don't know your name"))
                let remembered = try await alexa.intent("RememberNameIntent", slots: ["name": "ada"])
                #expect(remembered.speech == "Nice to meet you, Ada. I'll remember that.")
                // A new session, as the next day: the name was stored, not kept in the session.
                try await alexa.endSession()
                #expect(try await alexa.intent("HelloIntent").speech == "Hello, Ada!")
            }

            @Test func stopEndsTheSession() async throws {
                let alexa = SkillTester(\#(name).self)
                let goodbye = try await alexa.intent("AMAZON.StopIntent")
                #expect(goodbye.speech == "Goodbye!")
                #expect(goodbye.endsSession)
            }
        }

        """#
    }

    /// A test file that replays every transcript in transcripts/ through skillhost against the
    /// library this `swift test` built.
    private func transcriptTestFile(imports: String) -> String {
        #"""
        import Foundation
        import Testing
        \#(imports)
        /// Every transcript in transcripts/ (record more with `:record FILE` in the REPL), replayed
        /// by skillhost against the library `swift test` built: NLU, dialog and handlers together.
        @Suite struct \#(name)TranscriptTests {
            /// The skillhost that made this package; SKILLHOST names another.
            static let skillhost = ProcessInfo.processInfo.environment["SKILLHOST"] ?? "\#(skillhost)"

            @Test func transcriptsReplay() throws {
                let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                let transcripts = try FileManager.default.contentsOfDirectory(atPath: package.path + "/transcripts")
                    .filter { $0.hasSuffix(".transcript") }.sorted().map { package.path + "/transcripts/" + $0 }
                try #require(!transcripts.isEmpty, "no transcripts in \(package.path)/transcripts")
                try #require(FileManager.default.isExecutableFile(atPath: Self.skillhost), "no skillhost at \(Self.skillhost): set SKILLHOST to its path")
                // The library sits beside this test bundle; a skills folder of its own holds a copy
                // (skillhost will not build the package while `swift test` holds its build folder).
                let binPath = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent().path
                let library = binPath + "/lib\#(name).so"
                try #require(FileManager.default.fileExists(atPath: library), "no \(library): build the package first")
                let skills = FileManager.default.temporaryDirectory.appendingPathComponent("\#(name)-skills-\(UUID().uuidString)").path
                try FileManager.default.createDirectory(atPath: skills, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                defer { try? FileManager.default.removeItem(atPath: skills) }
                try FileManager.default.copyItem(atPath: library, toPath: skills + "/lib\#(name).so")

                let process = Process()
                process.executableURL = URL(fileURLWithPath: Self.skillhost)
                process.arguments = ["replay"] + transcripts + ["--skills", skills, "--no-watch"]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                try process.run()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "skillhost replay:\n\(text)")
            }
        }

        """#
    }

    /// The golden transcript; the C skill stores nothing, so it does not greet by name.
    private func transcript(remembers: Bool) -> String {
        let met = remembers
            ? "\(name)> Nice to meet you, Ada. I'll remember that.\n  reprompt: Say hello.\n  intent: RememberNameIntent name=\"ada\"\nyou> hello\n\(name)> Hello, Ada!\n  reprompt: What else?\n  intent: HelloIntent\n"
            : "\(name)> Nice to meet you, Ada.\n  reprompt: Say hello.\n  intent: RememberNameIntent name=\"ada\"\n"
        return #"""
        # \#(name)'s golden transcript: `swift test` replays it through skillhost, and so does
        # `skillhost replay transcripts/\#(name).transcript --package .`. Each "you>" line is said;
        # the lines after it are what must come back. Record more with :record FILE in the REPL.
        you> open \#(invocationName)
        \#(name)> Welcome to \#(invocationName). You can say hello, or tell me your name.
          reprompt: Welcome to \#(invocationName). You can say hello, or tell me your name.
        you> hello
        \#(name)> Hello! I don't know your name yet: say my name is, and your name.
          reprompt: Hello! I don't know your name yet: say my name is, and your name.
          intent: HelloIntent
        you> my name is ada

        """# + met + #"""
        you> stop
        \#(name)> Goodbye!
          intent: AMAZON.StopIntent
          session: ends

        """#
    }

    private var cHeader: String {
        #"""
        // \#(name) exports skillhost_create_skill_v1 (declared in skillhost_abi.h) and nothing else.
        #include "skillhost_abi.h"

        """#
    }

    private var cSkill: String {
        #"""
        /*
         * \#(name): a skill for skillhost written in C against skillhost_abi.h alone. Its
         * interaction model is models/en-US.json, built into the library with #embed;
         * `skillhost --package <this package>` rebuilds and reloads it on every save.
         *
         * It reads just enough of the request envelope to find the request type, the intent and
         * the one slot it has; a bigger C skill would use a JSON library.
         */
        #include "\#(name).h"
        #include <ctype.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static const char manifest[] =
            "{\"id\":\"\#(skillID)\",\"name\":\"\#(name)\",\"version\":\"1.0.0\",\"locales\":[\"en-US\"]}";

        /* The model, its bytes then a NUL: #embed is C23, which clang takes in any C mode. */
        #pragma clang diagnostic push
        #pragma clang diagnostic ignored "-Wc23-extensions"
        static const char model[] = {
        #embed "models/en-US.json"
            , 0};
        #pragma clang diagnostic pop

        struct sh_skill {
            sh_skill_table table;
            const sh_host_services *host;
        };

        /* The string value of the first "key": "value" at or after `from`, copied into out; 0 if absent. */
        static int find_string(const char *json, size_t length, const char *from, const char *key, char *out, size_t out_size) {
            char pattern[64];
            snprintf(pattern, sizeof pattern, "\"%s\"", key);
            size_t pattern_length = strlen(pattern);
            const char *end = json + length;
            for (const char *p = from ? from : json; p + pattern_length <= end; p++) {
                if (memcmp(p, pattern, pattern_length) != 0) continue;
                const char *q = p + pattern_length;
                while (q < end && (*q == ' ' || *q == ':' || *q == '\n' || *q == '\t')) q++;
                if (q >= end || *q != '"') continue;
                size_t n = 0;
                for (q++; q < end && *q != '"' && n + 1 < out_size; q++) {
                    if (*q == '\\') break; /* an escaped character: not a plain name */
                    out[n++] = *q;
                }
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

        /* Answers with `speech`, a reprompt unless NULL, and the session ended or kept open. */
        static void respond(sh_done_fn done, void *context, const char *speech, const char *reprompt, int end_session) {
            char reprompt_json[512] = "";
            if (reprompt)
                snprintf(reprompt_json, sizeof reprompt_json,
                         ",\"reprompt\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"%s\"}}", reprompt);
            const char *format = "{\"version\":\"1.0\",\"response\":{\"outputSpeech\":{\"type\":\"PlainText\",\"text\":\"%s\"}%s,"
                                 "\"shouldEndSession\":%s}}";
            const char *ends = end_session ? "true" : "false";
            int length = snprintf(NULL, 0, format, speech, reprompt_json, ends);
            char *buffer = malloc((size_t)length + 1);
            if (!buffer) {
                static const char message[] = "out of memory";
                done(context, SH_STATUS_ERROR, message, sizeof message - 1);
                return;
            }
            snprintf(buffer, (size_t)length + 1, format, speech, reprompt_json, ends);
            done(context, SH_STATUS_OK, buffer, (size_t)length);
        }

        static void handle(sh_skill *skill, const char *request, size_t length, sh_done_fn done, void *context) {
            char type[64] = "", intent[128] = "", name[64] = "";
            find_string(request, length, find_key(request, length, "request"), "type", type, sizeof type);
            const char *intent_member = find_key(request, length, "intent");
            if (intent_member) find_string(request, length, intent_member, "name", intent, sizeof intent);
            const char *slots = find_key(request, length, "slots");
            if (slots) find_string(request, length, slots, "value", name, sizeof name);
            int is_intent = strcmp(type, "IntentRequest") == 0;

            if (strcmp(type, "LaunchRequest") == 0) {
                const char *speech = "Welcome to \#(invocationName). You can say hello, or tell me your name.";
                respond(done, context, speech, speech, 0);
            } else if (is_intent && strcmp(intent, "HelloIntent") == 0) {
                const char *speech = "Hello! I don't know your name yet: say my name is, and your name.";
                respond(done, context, speech, speech, 0);
            } else if (is_intent && strcmp(intent, "RememberNameIntent") == 0 && name[0]) {
                /* A C skill stores through host->storage (skillhost_abi.h); this one only answers. */
                char speech[160];
                name[0] = (char)toupper((unsigned char)name[0]);
                snprintf(speech, sizeof speech, "Nice to meet you, %s.", name);
                if (skill->host->log) skill->host->log(SH_LOG_INFO, "met someone", 11);
                respond(done, context, speech, "Say hello.", 0);
            } else if (is_intent && strcmp(intent, "AMAZON.HelpIntent") == 0) {
                const char *speech = "Say hello, or tell me your name by saying my name is, and your name.";
                respond(done, context, speech, speech, 0);
            } else if (is_intent && (strcmp(intent, "AMAZON.StopIntent") == 0 || strcmp(intent, "AMAZON.CancelIntent") == 0)) {
                respond(done, context, "Goodbye!", NULL, 1);
            } else if (strcmp(type, "SessionEndedRequest") == 0) {
                static const char empty[] = "{\"version\":\"1.0\",\"response\":{}}";
                char *buffer = malloc(sizeof empty);
                if (buffer) memcpy(buffer, empty, sizeof empty);
                done(context, buffer ? SH_STATUS_OK : SH_STATUS_ERROR, buffer, buffer ? sizeof empty - 1 : 0);
            } else {
                const char *speech = "Sorry, I didn't get that. You can say hello, or tell me your name.";
                respond(done, context, speech, speech, 0);
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
                .skill_id = "\#(skillID)",
                .manifest_json = manifest,
                .interaction_model_json = model,
                .handle = handle,
                .free_response = free_response,
                .destroy = destroy,
            };
            return &skill->table;
        }

        """#
    }

    private func readme(language: String) -> String {
        #"""
        # \#(name)

        A skill for skillhost, in \#(language). The interaction model is
        `Sources/\#(name)/models/en-US.json` (Alexa's format, as the developer console exports it).

        ```
        skillhost --package .                 # talk to it: "open \#(invocationName)"; saving a file rebuilds it
        swift test                            # its tests, the transcripts replayed through skillhost
        skillhost replay transcripts/\#(name).transcript --package .
        skillhost nlu check --model Sources/\#(name)/models/en-US.json
        ```

        The package depends on SkillKit alone (\#(skillKit)). The transcript test runs the
        skillhost at \#(skillhost); set `SKILLHOST` to use another.

        """#
    }
}
