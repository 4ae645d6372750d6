import Foundation
import Loader
import SkillModel
import Testing
import TestSupport

/// Reading a remote skill's folder: Alexa's skill manifest and the models beside it, every
/// mistake named with the file and the JSON path.
@Suite struct RemoteSkillFolderTests {
    static let model = #"{"interactionModel": {"languageModel": {"invocationName": "space facts", "intents": [{"name": "GetFactIntent", "samples": ["tell me a fact"]}], "types": []}}}"#

    /// A folder `name` with `manifest` as skill.json and the model under `modelFolder`.
    static func folder(_ manifest: String?, name: String = "space-facts", modelFolder: String? = "interactionModels/custom", locales: [String] = ["en-US"]) throws -> String {
        let root = try TestSupport.temporaryFolder("remote")
        let folder = "\(root)/\(name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let manifest { try manifest.write(toFile: "\(folder)/skill.json", atomically: true, encoding: .utf8) }
        if let modelFolder {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(modelFolder)", withIntermediateDirectories: true)
            for locale in locales {
                try model.replacingOccurrences(of: "space facts", with: locale == "en-US" ? "space facts" : "space facts \(locale.lowercased())")
                    .write(toFile: "\(folder)/\(modelFolder)/\(locale).json", atomically: true, encoding: .utf8)
            }
        }
        return folder
    }

    static func manifest(uri: String = "http://127.0.0.1:5000/skill", extra: String = "", permissions: String = "") -> String {
        #"{"manifest": {"publishingInformation": {"locales": {"en-US": {"name": "Space Facts"}}}, "apis": {"custom": {"endpoint": {"uri": "\#(uri)"}}}\#(permissions), "manifestVersion": "1.0"}\#(extra)}"#
    }

    @Test func anAlexaSkillPackageIsReadAsTheASKCLIWritesIt() throws {
        let path = try Self.folder(Self.manifest(permissions: #", "permissions": [{"name": "alexa::alerts:reminders:skill:readwrite"}, {"name": "alexa::household:lists:read"}]"#))
        #expect(RemoteSkillFolder.isRemoteFolder(path))
        let folder = try RemoteSkillFolder.read(path)
        #expect(folder.endpoint.absoluteString == "http://127.0.0.1:5000/skill")
        #expect(folder.manifest.name == "Space Facts")
        #expect(folder.manifest.id == SkillID("remote.spacefacts"), "no id given: remote. and the folder's name")
        #expect(folder.model.invocationName == "space facts")
        #expect(folder.permissions == ["alexa::alerts:reminders:skill:readwrite", "alexa::household:lists:read"])
        #expect(folder.timeout == .seconds(8))
    }

    @Test func anASKCLIProjectIsReadFromItsSkillPackage() throws {
        let root = try TestSupport.temporaryFolder("remote")
        let project = "\(root)/my-skill"
        let package = "\(project)/skill-package"
        try FileManager.default.createDirectory(atPath: "\(package)/interactionModels/custom", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(project)/lambda", withIntermediateDirectories: true)
        try Self.manifest(extra: #", "skillhost": {"id": "com.example.spacefacts", "endpoint": "https://skills.example.com/space", "alexaSkillId": "amzn1.ask.skill.1234", "timeoutSeconds": 2.5}"#)
            .write(toFile: "\(package)/skill.json", atomically: true, encoding: .utf8)
        try Self.model.write(toFile: "\(package)/interactionModels/custom/en-US.json", atomically: true, encoding: .utf8)
        let folder = try RemoteSkillFolder.read(project)
        #expect(folder.manifest.id == SkillID("com.example.spacefacts"))
        #expect(folder.endpoint.absoluteString == "https://skills.example.com/space", "skillhost's endpoint wins over the manifest's")
        #expect(folder.manifest.alexaSkillIDs == ["amzn1.ask.skill.1234"])
        #expect(folder.timeout == .milliseconds(2500))
    }

    @Test func theModelIsTheLocalesElseEnglishElseTheOnlyOne() throws {
        let several = try Self.folder(Self.manifest(), modelFolder: "models", locales: ["en-US", "de-DE", "en-GB"])
        #expect(try RemoteSkillFolder.read(several).model.invocationName == "space facts")
        #expect(try RemoteSkillFolder.read(several, locale: "de-DE").model.invocationName == "space facts de-de")
        #expect(try RemoteSkillFolder.read(several, locale: "fr-FR").model.invocationName == "space facts", "no French model: English")
        let german = try Self.folder(Self.manifest(), locales: ["de-DE"])
        #expect(try RemoteSkillFolder.read(german).model.invocationName == "space facts de-de", "the only model")
        let two = try Self.folder(Self.manifest(), locales: ["de-DE", "fr-FR"])
        #expect(throws: LoaderError.self) { try RemoteSkillFolder.read(two) }
    }

    /// The refusal reading `manifest` (and the model, unless `modelFolder` is nil) makes.
    static func refusal(_ manifest: String?, modelFolder: String? = "interactionModels/custom") throws -> LoaderError {
        let path = try folder(manifest, modelFolder: modelFolder)
        do {
            _ = try RemoteSkillFolder.read(path)
        } catch {
            return error
        }
        throw FixtureError("read \(path) without a refusal")
    }

    @Test func everyMistakeIsNamed() throws {
        let lambda = try Self.refusal(Self.manifest(uri: "arn:aws:lambda:us-east-1:123456789012:function:space"))
        #expect(lambda.reason.contains("is an AWS Lambda function"), "\(lambda)")
        #expect(lambda.reason.contains("$.skillhost.endpoint"))
        #expect(lambda.path.hasSuffix("/skill.json"))

        let ftp = try Self.refusal(Self.manifest(uri: "ftp://example.com/skill"))
        #expect(ftp.reason.contains("is not an http:// or https:// address"), "\(ftp)")

        let none = try Self.refusal(#"{"manifest": {"apis": {"custom": {}}}}"#)
        #expect(none.reason.contains("no endpoint"), "\(none)")

        let notJSON = try Self.refusal("{\"manifest\": ")
        #expect(notJSON.code == .malformedManifest)
        #expect(notJSON.reason.hasPrefix("not JSON"), "\(notJSON)")

        let notAManifest = try Self.refusal(#"{"name": "space facts"}"#)
        #expect(notAManifest.reason.contains("$.manifest: missing"), "\(notAManifest)")

        let permissions = try Self.refusal(Self.manifest(permissions: #", "permissions": [{"scope": "reminders"}]"#))
        #expect(permissions.reason.contains("$.manifest.permissions[0].name"), "\(permissions)")

        let id = try Self.refusal(Self.manifest(extra: #", "skillhost": {"id": "spacefacts"}"#))
        #expect(id.reason.contains("is not a reverse-DNS identifier"), "\(id)")

        let timeout = try Self.refusal(Self.manifest(extra: #", "skillhost": {"timeoutSeconds": 0}"#))
        #expect(timeout.reason.contains("$.skillhost.timeoutSeconds"), "\(timeout)")

        let noModel = try Self.refusal(Self.manifest(), modelFolder: nil)
        #expect(noModel.code == .malformedModel)
        #expect(noModel.reason.contains("no interaction model"), "\(noModel)")
    }

    @Test func aMalformedModelIsNamedWithItsFile() throws {
        let path = try Self.folder(Self.manifest())
        try #"{"interactionModel": {"languageModel": {"intents": []}}}"#.write(toFile: "\(path)/interactionModels/custom/en-US.json", atomically: true, encoding: .utf8)
        #expect {
            try RemoteSkillFolder.read(path)
        } throws: { error in
            guard let error = error as? LoaderError else { return false }
            return error.code == .malformedModel && error.path.hasSuffix("interactionModels/custom/en-US.json") && error.reason.contains("invocationName")
        }
    }

    @Test func aRemoteFolderLoadsBesideLibrariesAndItsRefusalIsReported() throws {
        let good = try Self.folder(Self.manifest())
        let skills = (good as NSString).deletingLastPathComponent
        let bad = "\(skills)/broken"
        try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
        try Self.manifest(uri: "arn:aws:lambda:x").write(toFile: "\(bad)/skill.json", atomically: true, encoding: .utf8)
        let loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { _ in })
        let scan = loader.loadAll(from: [skills])
        #expect(scan.loaded.map(\.id) == [SkillID("remote.spacefacts")])
        #expect(scan.loaded.first is RemoteSkill)
        #expect(scan.refusals.map(\.path) == ["\(bad)/skill.json"])
    }
}
