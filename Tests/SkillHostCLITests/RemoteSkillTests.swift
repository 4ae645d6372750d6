import Foundation
import Loader
import SkillHost
import SkillHostCLI
import SkillModel
import Testing
import TestSupport

/// Remote skills: a folder with Alexa's skill manifest and a model, whose skill answers over
/// HTTP. Skills written with the Alexa SDK for Python (from PyPI, unchanged) are talked to
/// through the skillhost executable; a server that misbehaves every way it can fails one turn,
/// named, and the host goes on.
@Suite(.serialized) struct RemoteSkillTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/remote").path
    static var skillhost: String { "\(TestSupport.productsFolder)/skillhost" }

    /// A skills folder holding a copy of the fixture `name` whose endpoint is `endpoint`.
    static func skillsFolder(with name: String, endpoint: String) throws -> String {
        let skills = try TestSupport.temporaryFolder("remote-skills")
        try copy(name, into: skills, endpoint: endpoint)
        return skills
    }

    static func copy(_ name: String, into skills: String, endpoint: String) throws {
        let target = "\(skills)/\(name)"
        try FileManager.default.copyItem(atPath: "\(fixtures)/\(name)", toPath: target)
        let manifest = "\(target)/skill.json"
        var json = try #require(try JSONParser.parse(String(contentsOfFile: manifest, encoding: .utf8)).object)
        var own = json["skillhost"]?.object ?? JSONObject()
        own["endpoint"] = .string(endpoint)
        json["skillhost"] = .object(own)
        try JSONWriter.string(.object(json)).write(toFile: manifest, atomically: true, encoding: .utf8)
    }

    /// Runs skillhost on `skills` with `lines` typed, in JSON: one object per turn.
    static func talk(_ skills: String, _ lines: [String], data: String? = nil) throws -> [JSONObject] {
        let (status, output) = try TestSupport.run(skillhost, ["--skills", skills, "--json", "--no-watch", "--data", try data ?? TestSupport.temporaryFolder("remote-data")], input: lines.joined(separator: "\n") + "\n")
        #expect(status == 0, "\(output)")
        return output.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)).object }.filter { $0["utterance"] != nil }
    }

    static func askPython() throws -> String {
        switch PythonSkillServer.askPython {
        case .success(let python): return python
        case .failure(let failure): throw failure
        }
    }

    @Test func theAlexaSDKForPythonsHelloWorldRunsUnchanged() throws {
        let server = try PythonSkillServer(script: "\(Self.fixtures)/hello-world/app.py", python: try Self.askPython())
        defer { server.stop() }
        let skills = try Self.skillsFolder(with: "hello-world", endpoint: server.url)
        let turns = try Self.talk(skills, ["open python hello", "help", "hello", "ask python hello to say hi"])
        try #require(turns.count == 4, "\(turns) \(server.output)")
        #expect(turns[0]["speech"]?.string == "Welcome to the Alexa Skills Kit, you can say hello!")
        #expect(turns[0]["skill"]?.string == "com.example.pythonhello")
        #expect(turns[0]["endSession"]?.bool == false)
        #expect(turns[1]["intent"]?.string == "AMAZON.HelpIntent")
        #expect(turns[1]["speech"]?.string == "You can say hello to me!")
        // The SDK checks the request's application id against its skill id: the host sent the
        // Alexa id the manifest gives.
        #expect(turns[2]["speech"]?.string == "Hello Python World from the Alexa SDK!")
        #expect(turns[2]["endSession"]?.bool == true)
        #expect(turns[3]["speech"]?.string == "Hello Python World from the Alexa SDK!", "a one-shot through the invocation name")
        #expect(turns.allSatisfy { $0["error"]?.isNull ?? true }, "\(turns)")
    }

    /// The environment `skillhost storage credentials` prints for `skill`, read as a user's
    /// shell would take it.
    static func storageCredentials(_ skill: String, data: String) throws -> [String: String] {
        let (status, output) = try TestSupport.run(skillhost, ["storage", "credentials", skill, "--env-file", "--data", data])
        try #require(status == 0, "\(output)")
        var environment: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { environment[String(pair[0])] = String(pair[1]) }
        }
        return environment
    }

    @Test func aPythonDialogSkillHasItsSlotsElicitedResolvedAndConfirmedAndItsAttributesKeptByTheSDKsS3Adapter() throws {
        let data = try TestSupport.temporaryFolder("remote-data")
        // The SDK's S3 adapter, given the host's credentials, keeps the attributes in the skill's
        // private container instead of a bucket on Amazon.
        let credentials = try Self.storageCredentials("com.example.teashop", data: data)
        #expect(credentials["AWS_ENDPOINT_URL_S3"]?.hasPrefix("http://127.0.0.1:") == true, "\(credentials)")
        #expect(credentials["AWS_ACCESS_KEY_ID"] == "com.example.teashop")
        let server = try PythonSkillServer(script: "\(Self.fixtures)/tea-shop/app.py", python: try Self.askPython(), environment: credentials)
        defer { server.stop() }
        let skills = try Self.skillsFolder(with: "tea-shop", endpoint: server.url)
        let turns = try Self.talk(skills, [
            "open tea shop", "i would like some tea", "earl grey", "a big one", "yes",
            "order a small chamomile tea", "yes", "no",
        ], data: data)
        try #require(turns.count == 8, "\(turns) \(server.output)")
        let speech = turns.map { $0["speech"]?.string ?? "" }
        #expect(speech[0] == "Welcome to the tea shop. What would you like?")
        #expect(speech[1] == "Which tea: green, black or herbal?")
        #expect(speech[2] == "What size, small, medium or large?")
        #expect(speech[3] == "A big earl grey tea, is that right?")
        // The SDK's handler read the resolved values (earl grey → black, big → large) and
        // counted in session attributes, which came back on the next turn.
        #expect(speech[4] == "Your large black tea is on its way. That makes 1 order today. Anything else?")
        #expect(speech[5] == "A small chamomile tea, is that right?")
        #expect(speech[6] == "Your small herbal tea is on its way. That makes 2 orders today. Anything else?")
        #expect(speech[7] == "Enjoy your tea. 2 orders in all. Goodbye!")
        #expect(turns[7]["endSession"]?.bool == true)

        // The next visit, another host process: the adapter read back what it stored.
        let again = try Self.talk(skills, ["open tea shop"], data: data)
        #expect(again.first?["speech"]?.string == "Welcome back to the tea shop. Last time you had a small herbal tea. What would you like?", "\(server.output)")
        // The same document a SkillKit skill's AttributesManager keeps for the user.
        let (status, stored) = try TestSupport.run(Self.skillhost, ["storage", "get", "com.example.teashop", "attributes.amzn1.ask.account.skillhost-local-user", "--data", data])
        #expect(status == 0)
        #expect(try JSONParser.parse(stored) == ["last": "small herbal", "total": 2], "\(stored)")
    }

    @Test func aPythonSkillUsesTheHostsServiceAPIsThroughTheSDKsClients() throws {
        let data = try TestSupport.temporaryFolder("remote-data")
        try #"{"timeZone": "America/Chicago", "address": {"postalCode": "60601", "countryCode": "US", "city": "Chicago"}, "profile": {"givenName": "Ada"}}"#
            .write(toFile: data + "/device.json", atomically: true, encoding: .utf8)
        // The SDK calls only https endpoints; its HTTP client trusts the host's own authority,
        // made in the data root when skillhost starts, as any requests-based client is told to.
        let server = try PythonSkillServer(script: "\(Self.fixtures)/concierge/app.py", python: try Self.askPython(), environment: ["REQUESTS_CA_BUNDLE": data + "/services-tls/ca.pem"])
        defer { server.stop() }
        let skills = try Self.skillsFolder(with: "concierge", endpoint: server.url)
        let turns = try Self.talk(skills, [
            "open the concierge", "what is my time zone", "greet me", "where am i",
            ":grant the concierge", "greet me", "where am i",
            ":revoke the concierge alexa::profile:given_name:read", "greet me",
        ], data: data)
        try #require(turns.count == 7, "\(turns) \(server.output)")
        let speech = turns.map { $0["speech"]?.string ?? "" }
        #expect(speech[1] == "Your time zone is America/Chicago, and distances are imperial.", "\(server.output)")
        // Not granted yet: the SDK's client got Alexa's 403 and the skill sent the consent card.
        #expect(speech[2] == "I need your permission to use your first name. I sent a card to the Alexa app.")
        #expect(turns[2]["permissionsAsked"] == .array(["alexa::profile:given_name:read"]))
        #expect(turns[2]["progressive"] == .array(["One moment, let me look you up."]), "the progressive response came before the answer")
        #expect(speech[3] == "Please let me use your postal code in the Alexa app.", "no consent token before a grant")
        #expect(speech[4] == "Hello, Ada!")
        #expect(turns[4]["progressive"] == .array(["One moment, let me look you up."]))
        #expect(speech[5] == "You are in postal code 60601 in US.")
        #expect(speech[6] == "I need your permission to use your first name. I sent a card to the Alexa app.", "revoked")
        let grants = try JSONParser.parse(String(contentsOfFile: data + "/permissions.json", encoding: .utf8))
        #expect(grants == ["com.example.concierge": ["read::alexa:device:all:address:country_and_postal_code", "alexa::alerts:reminders:skill:readwrite"]], "kept in the data root")
    }

    @Test func aReminderSetByVoiceTextFiresAtItsTimeAfterARestart() async throws {
        let data = try TestSupport.temporaryFolder("remote-data")
        let server = try PythonSkillServer(script: "\(Self.fixtures)/concierge/app.py", python: try Self.askPython(), environment: ["REQUESTS_CA_BUNDLE": data + "/services-tls/ca.pem"])
        defer { server.stop() }
        let skills = try Self.skillsFolder(with: "concierge", endpoint: server.url)
        let first = try Self.talk(skills, [
            "open the concierge", "remind me to water the plants in 2 seconds",
            ":grant the concierge", "remind me to water the plants in 2 seconds", "remind me to walk the dog in 600 seconds",
        ], data: data)
        try #require(first.count == 4, "\(first) \(server.output)")
        #expect(first[1]["speech"]?.string == "Please let me set reminders in the Alexa app.", "not granted: the API's 401, and the consent card")
        #expect(first[1]["permissionsAsked"] == .array(["alexa::alerts:reminders:skill:readwrite"]))
        #expect(first[2]["speech"]?.string == "OK, I will remind you to water the plants in 2 seconds.")
        #expect(first[3]["speech"]?.string == "OK, I will remind you to walk the dog in 600 seconds.")
        // That skillhost has gone; the reminder comes due while none runs, and the next one to
        // start on the same data fires it, late, and only it.
        try await Task.sleep(for: .seconds(3))
        let (status, output) = try TestSupport.run(Self.skillhost, ["--skills", skills, "--json", "--no-watch", "--data", data], input: "")
        #expect(status == 0)
        let fired = output.split(separator: "\n").compactMap { try? JSONParser.parse(String($0))["reminder"] }
        try #require(fired.count == 1, "\(output)")
        #expect(fired[0]["text"] == .string("water the plants"))
        #expect(fired[0]["skill"] == .string("com.example.concierge"))
        #expect(fired[0]["late"] == .bool(true))
        // Fired once: the next start says nothing more.
        let (_, again) = try TestSupport.run(Self.skillhost, ["--skills", skills, "--json", "--no-watch", "--data", data], input: "")
        #expect(!again.contains("\"reminder\""), "\(again)")
    }

    /// The model of a remote skill the misbehaving server answers at `path`.
    static func misbehavingSkill(_ name: String, into skills: String, endpoint: String) throws {
        let folder = "\(skills)/\(name)"
        try FileManager.default.createDirectory(atPath: "\(folder)/models", withIntermediateDirectories: true)
        let manifest = #"{"manifest": {"publishingInformation": {"locales": {"en-US": {"name": "Skill \#(name)"}}}, "apis": {"custom": {"endpoint": {"uri": "\#(endpoint)"}}}}, "skillhost": {"id": "com.example.\#(name)", "timeoutSeconds": 1}}"#
        try manifest.write(toFile: "\(folder)/skill.json", atomically: true, encoding: .utf8)
        let words = ["ok": "fine", "error": "broken", "html": "web page", "slow": "sleepy", "huge": "enormous", "notenvelope": "odd", "truncated": "short", "down": "absent"][name] ?? name
        let model = #"{"interactionModel": {"languageModel": {"invocationName": "\#(words) skill", "intents": [{"name": "AMAZON.StopIntent", "samples": []}, {"name": "PingIntent", "samples": ["ping \#(words)"]}], "types": []}}}"#
        try model.write(toFile: "\(folder)/models/en-US.json", atomically: true, encoding: .utf8)
    }

    @Test func aServerThatMisbehavesFailsOneTurnNamedAndTheOthersGoOn() async throws {
        let server = try PythonSkillServer(script: "\(Self.fixtures)/misbehaving.py", environment: ["SLOW_SECONDS": "3"])
        defer { server.stop() }
        let skills = try TestSupport.temporaryFolder("remote-skills")
        let down = try TestSupport.freeLoopbackPort()
        let paths = ["ok": "ok", "error": "error", "html": "html", "slow": "slow", "huge": "huge", "notenvelope": "not-envelope", "truncated": "truncated"]
        for (name, path) in paths { try Self.misbehavingSkill(name, into: skills, endpoint: server.url + path) }
        try Self.misbehavingSkill("down", into: skills, endpoint: "http://127.0.0.1:\(down)/")
        let host = try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("remote-data")))
        #expect(host.refusals.isEmpty, "\(host.refusals)")

        let expected: [(String, String)] = [
            ("broken", "answered HTTP 500 Internal Server Error: 500 Internal Server Error Internal Server Error The server broke."),
            ("web page", "answered text/html, not JSON: Welcome to nginx!"),
            ("sleepy", "did not answer within 1 s"),
            ("enormous", "answered more than 1 MiB, the most a response may be"),
            ("odd", "answered JSON that is not a response envelope"),
            ("absent", "nothing answers at http://127.0.0.1:\(down)/ (connection refused): is the skill's server running?"),
        ]
        for (words, message) in expected {
            let result = await host.turn("open \(words) skill")
            let error = try #require(result.error, "\(words): \(result.speech)")
            #expect(error.contains(message), "\(words): \(error)")
            #expect(result.speech == "There was a problem with the requested skill's response.")
            // The healthy skill answers between any two failures.
            let fine = await host.turn("open fine skill")
            #expect(fine.error == nil, "\(fine.error ?? "")")
            #expect(fine.speech == "fine, a LaunchRequest")
            _ = await host.turn("stop")
        }
        let truncated = await host.turn("open short skill")
        #expect(truncated.error != nil, "a body cut short is a failure, not a response")
    }

    @Test func aRemoteSkillReloadsWhenItsModelIsSavedAndARemoteFolderDroppedInLoads() async throws {
        let server = try PythonSkillServer(script: "\(Self.fixtures)/misbehaving.py")
        defer { server.stop() }
        let skills = try TestSupport.temporaryFolder("remote-skills")
        try Self.misbehavingSkill("ok", into: skills, endpoint: server.url + "ok")
        let events = EventLog<HostEvent>()
        let host = try HostEngine(options: HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("remote-data"), events: { events.append($0) }))
        await host.startWatching()
        #expect(await host.turn("open groovy skill").skillID == nil)
        _ = await host.turn("stop")

        let model = "\(skills)/ok/models/en-US.json"
        try String(contentsOfFile: model, encoding: .utf8).replacingOccurrences(of: #""invocationName": "fine skill""#, with: #""invocationName": "groovy skill""#)
            .write(toFile: model, atomically: true, encoding: .utf8)
        let reloaded = await events.wait { $0.kind == .reloaded && $0.skillID == SkillID("com.example.ok") }
        #expect(reloaded?.generation == 2)
        let groovy = await host.turn("open groovy skill")
        #expect(groovy.skillID == SkillID("com.example.ok"))
        #expect(groovy.speech == "fine, a LaunchRequest")
        _ = await host.turn("stop")

        // A remote skill's folder dropped into the skills folder loads.
        let staging = try TestSupport.temporaryFolder("remote-staging")
        try Self.misbehavingSkill("error", into: staging, endpoint: server.url + "ok")
        try FileManager.default.moveItem(atPath: "\(staging)/error", toPath: "\(skills)/error")
        let loaded = await events.wait { $0.kind == .loaded && $0.skillID == SkillID("com.example.error") }
        #expect(loaded != nil, "\(events.all)")
        #expect(await host.turn("open broken skill").speech == "fine, a LaunchRequest")
    }

    @Test func theUsersLocaleChoosesTheModelAndEveryRequestCarriesIt() async throws {
        let server = try PythonSkillServer(script: "\(Self.fixtures)/misbehaving.py")
        defer { server.stop() }
        let skills = try TestSupport.temporaryFolder("remote-skills")
        try Self.misbehavingSkill("ok", into: skills, endpoint: server.url + "ok")
        let british = #"{"interactionModel": {"languageModel": {"invocationName": "brilliant skill", "intents": [{"name": "AMAZON.StopIntent", "samples": []}, {"name": "PingIntent", "samples": ["ping brilliant"]}], "types": []}}}"#
        try british.write(toFile: "\(skills)/ok/models/en-GB.json", atomically: true, encoding: .utf8)
        var options = HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: try TestSupport.temporaryFolder("remote-data"))
        options.locale = "en-GB"
        let host = try HostEngine(options: options)
        await host.setRecordsEnvelopes(true)
        let opened = await host.turn("open brilliant skill")
        #expect(opened.speech == "fine, a LaunchRequest")
        #expect(opened.requestJSON?.contains(#""locale":"en-GB""#) == true, "\(opened.requestJSON ?? "")")
        _ = await host.turn("stop")
        #expect(await host.registry.entries.first?.skill.model.invocationName == "brilliant skill", "the en-GB model, not en-US's")

        // A locale with no model of the skill's own: en-US's.
        options.locale = "en-AU"
        let australian = try HostEngine(options: options)
        #expect(await australian.registry.entries.first?.skill.model.invocationName == "fine skill")
        #expect(await australian.turn("open fine skill").speech == "fine, a LaunchRequest")

        // A device.json that is not JSON is named at start; the APIs answer with the defaults.
        let data = try TestSupport.temporaryFolder("remote-data")
        try "{\"timeZone\": ".write(toFile: data + "/device.json", atomically: true, encoding: .utf8)
        let (_, started) = try TestSupport.run(Self.skillhost, ["--skills", skills, "--no-watch", "--data", data], input: "")
        #expect(started.contains("skillhost: the device settings are not used: \(data)/device.json: not JSON"), "\(started)")

        let (status, output) = try TestSupport.run(Self.skillhost, ["--skills", skills, "--locale", "english", "--no-watch"], input: "")
        #expect(status != 0)
        #expect(output.contains("--locale must be a language and a country as Alexa writes them (en-US, en-GB, de-DE), not 'english'"), "\(output)")
    }

    @Test func grantingAPermissionTheManifestDoesNotAskForIsRefusedByName() async throws {
        let skills = try TestSupport.temporaryFolder("remote-skills")
        try Self.misbehavingSkill("ok", into: skills, endpoint: "http://127.0.0.1:9/")
        let manifest = "\(skills)/ok/skill.json"
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: #""apis""#, with: #""permissions": [{"name": "alexa::profile:name:read"}], "apis""#)
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let data = try TestSupport.temporaryFolder("remote-data")
        var options = HostOptions(skillFolders: [skills], nluCache: TestSupport.nluCache, dataRoot: data)
        options.services = HostServices(dataRoot: data)
        let host = try HostEngine(options: options)
        let output = CapturedText()
        let diagnostics = CapturedText()
        let script = [":grant fine skill alexa::profile:email:read", ":grant nobody at all", ":grant fine skill", ":permissions", ":revoke fine skill", ":permissions"]
        await REPL(host: host, input: ScriptedLines(script), output: output, diagnostics: diagnostics, format: .text).run()
        let said = diagnostics.text
        #expect(said.contains("Skill ok does not ask for alexa::profile:email:read; it asks for alexa::profile:name:read"), "\(said)")
        #expect(said.contains("no loaded skill is called 'nobody at all'; :skills lists them"))
        #expect(said.contains("granted Skill ok alexa::profile:name:read"))
        #expect(said.contains("Skill ok (com.example.ok) asks for alexa::profile:name:read (granted)"))
        #expect(said.contains("revoked every permission from Skill ok"))
        #expect(said.contains("Skill ok (com.example.ok) asks for alexa::profile:name:read (not granted)"))
        #expect(options.services?.grants.granted(to: "com.example.ok") == [])
    }
}
