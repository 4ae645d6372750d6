import Foundation
import SkillModel

/// A skill that runs elsewhere and answers over HTTP(S), as an Alexa skill hosted outside
/// Lambda does: a folder in the skills folder with the skill's manifest and its interaction
/// models, laid out as the ASK CLI keeps a skill package —
///
/// ```
/// Skills/greeter/
///   skill.json                          Alexa's skill manifest; the endpoint is manifest.apis.custom.endpoint.uri
///   interactionModels/custom/en-US.json the model as the developer console exports it (or models/en-US.json)
/// ```
///
/// or an ASK CLI project whose `skill-package/` holds the two. skillhost reads from the manifest
/// the endpoint, the skill's name (the locale's `publishingInformation` name) and the
/// permissions it asks for; an optional `"skillhost"` object beside `"manifest"` gives what
/// Amazon's manifest has no place for:
///
/// ```json
/// "skillhost": { "id": "com.example.greeter", "endpoint": "http://127.0.0.1:5000/",
///                "alexaSkillId": "amzn1.ask.skill.…", "timeoutSeconds": 8 }
/// ```
///
/// `endpoint` there wins over the manifest's (whose uri is usually a Lambda ARN); without an
/// `id`, the skill's id is `remote.` and the folder's name.
public struct RemoteSkillFolder: Sendable, Equatable {
    /// The folder as it sits in the skills folder.
    public let folder: String
    /// Where `skill.json` and the models are (the folder, or its `skill-package/`).
    public let packageFolder: String
    public let manifest: SkillManifest
    public let endpoint: URL
    /// The permissions the manifest asks for (`alexa::alerts:reminders:skill:readwrite`, …).
    public let permissions: [String]
    /// The model file for `locale`, and the locale's text.
    public let modelPath: String
    public let model: InteractionModel
    /// How long one request may take; Alexa gives an endpoint 8 seconds.
    public let timeout: Duration

    /// The locale a model is chosen for when the skill ships several.
    public static let defaultLocale = "en-US"

    /// Whether `path` is a folder of a remote skill: `skill.json` in it or in its `skill-package/`.
    public static func isRemoteFolder(_ path: String) -> Bool {
        packageFolder(of: path) != nil
    }

    static func packageFolder(of path: String) -> String? {
        for candidate in [path, path + "/skill-package"] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate + "/skill.json", isDirectory: &isFolder), !isFolder.boolValue { return candidate }
        }
        return nil
    }

    /// Reads the folder.
    /// - Parameter locale: the model chosen: that locale's, else `en-US`'s, else the only one.
    /// - Throws: `LoaderError` naming the file and what in it is wrong.
    public static func read(_ folder: String, locale: String = defaultLocale) throws(LoaderError) -> RemoteSkillFolder {
        guard let package = packageFolder(of: folder) else {
            throw LoaderError(.unreadable, path: folder, "no skill.json in it (or in its skill-package/): not a remote skill")
        }
        let manifestPath = package + "/skill.json"
        let root = try readJSON(manifestPath, code: .malformedManifest)
        guard let top = root.object else { throw LoaderError(.malformedManifest, path: manifestPath, "$: expected an object, found \(root.typeName)") }
        let alexa = top["manifest"]
        let own = top["skillhost"]
        if let own, own.object == nil {
            throw LoaderError(.malformedManifest, path: manifestPath, "$.skillhost: expected an object, found \(own.typeName)")
        }
        if alexa == nil && own == nil {
            throw LoaderError(.malformedManifest, path: manifestPath, "$.manifest: missing: skill.json is Alexa's skill manifest, {\"manifest\": {\"apis\": {\"custom\": {\"endpoint\": {\"uri\": …}}}}}")
        }
        func string(_ value: JSONValue?, _ jsonPath: String) throws(LoaderError) -> String? {
            guard let value, !value.isNull else { return nil }
            guard let text = value.string else { throw LoaderError(.malformedManifest, path: manifestPath, "\(jsonPath): expected a string, found \(value.typeName)") }
            return text
        }

        // The endpoint: skillhost's own, else the manifest's custom endpoint.
        let manifestURI = try string(alexa?["apis"]?["custom"]?["endpoint"]?["uri"], "$.manifest.apis.custom.endpoint.uri")
        guard let uri = try string(own?["endpoint"], "$.skillhost.endpoint") ?? manifestURI else {
            throw LoaderError(.malformedManifest, path: manifestPath, "no endpoint: set $.manifest.apis.custom.endpoint.uri (or $.skillhost.endpoint) to the skill's http(s) address")
        }
        let endpoint = try Self.endpoint(uri, file: manifestPath)

        // The model.
        let models = Self.models(in: package)
        guard !models.isEmpty else {
            throw LoaderError(.malformedModel, path: folder, "no interaction model: put the model in interactionModels/custom/\(locale).json (or models/\(locale).json)")
        }
        guard let chosen = models[locale] ?? models[defaultLocale] ?? (models.count == 1 ? models.first?.value : nil) else {
            throw LoaderError(.malformedModel, path: folder, "no model for \(locale) (it has \(models.keys.sorted().joined(separator: ", ")))")
        }
        let modelText = try readText(chosen, code: .malformedModel)
        let model: InteractionModel
        do { model = try InteractionModel(parsing: modelText) } catch {
            throw LoaderError(.malformedModel, path: chosen, "interaction model: \(error)")
        }

        // Who it is.
        let localeNames = alexa?["publishingInformation"]?["locales"]?.object
        let localeName = try string(localeNames?[locale]?["name"] ?? localeNames?[defaultLocale]?["name"] ?? localeNames?.first(where: { _ in true })?.value["name"], "$.manifest.publishingInformation.locales.\(locale).name")
        let folderName = (folder as NSString).lastPathComponent
        let name = localeName.flatMap { (text: String) -> String? in text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text } ?? (model.invocationDisplayName.isEmpty ? "Remote Skill" : model.invocationDisplayName)
        let id = SkillID(try string(own?["id"], "$.skillhost.id") ?? "remote." + Self.idPart(folderName))
        guard id.isWellFormed else {
            throw LoaderError(.malformedManifest, path: manifestPath, "$.skillhost.id: '\(id)' is not a reverse-DNS identifier such as com.example.myskill")
        }
        var alexaSkillIDs: [String] = []
        if let alexaID = try string(own?["alexaSkillId"], "$.skillhost.alexaSkillId") { alexaSkillIDs.append(alexaID) }
        let version = try string(alexa?["manifestVersion"], "$.manifest.manifestVersion") ?? "1.0"
        let locales = localeNames.map { Array($0.keys) } ?? Array(models.keys.sorted())

        var permissions: [String] = []
        if let list = alexa?["permissions"] {
            guard let items = list.array else { throw LoaderError(.malformedManifest, path: manifestPath, "$.manifest.permissions: expected an array, found \(list.typeName)") }
            for (i, item) in items.enumerated() {
                guard let name = item["name"]?.string else {
                    throw LoaderError(.malformedManifest, path: manifestPath, "$.manifest.permissions[\(i)].name: missing (expected a string such as alexa::alerts:reminders:skill:readwrite)")
                }
                permissions.append(name)
            }
        }

        var timeout = Duration.seconds(8)
        if let value = own?["timeoutSeconds"] {
            guard let seconds = value.number?.doubleValue, seconds > 0, seconds <= 600 else {
                throw LoaderError(.malformedManifest, path: manifestPath, "$.skillhost.timeoutSeconds: expected a number of seconds above 0 and at most 600")
            }
            timeout = .milliseconds(Int((seconds * 1000).rounded()))
        }

        let manifest = SkillManifest(id: id, name: name, version: version, locales: locales, alexaSkillIDs: alexaSkillIDs, permissions: permissions)
        return RemoteSkillFolder(folder: folder, packageFolder: package, manifest: manifest, endpoint: endpoint, permissions: permissions, modelPath: chosen, model: model, timeout: timeout)
    }

    /// The interaction models in a skill package, by locale.
    static func models(in package: String) -> [String: String] {
        var found: [String: String] = [:]
        for sub in ["models", "interactionModels/custom"] {
            let folder = package + "/" + sub
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".json") && !name.hasPrefix(".") {
                found[String(name.dropLast(5)), default: folder + "/" + name] = folder + "/" + name
            }
        }
        return found
    }

    /// An http or https address; a Lambda ARN is named as what it is.
    static func endpoint(_ uri: String, file: String) throws(LoaderError) -> URL {
        if uri.hasPrefix("arn:") {
            throw LoaderError(.malformedManifest, path: file, "the endpoint \(uri) is an AWS Lambda function; skillhost calls skills over HTTP(S): set $.skillhost.endpoint to where the skill serves (e.g. http://127.0.0.1:5000/)")
        }
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw LoaderError(.malformedManifest, path: file, "the endpoint '\(uri)' is not an http:// or https:// address")
        }
        return url
    }

    static func readJSON(_ path: String, code: LoaderError.Code) throws(LoaderError) -> JSONValue {
        let text = try readText(path, code: code)
        do { return try JSONParser.parse(text) } catch {
            throw LoaderError(code, path: path, "not JSON: \(error)")
        }
    }

    static func readText(_ path: String, code: LoaderError.Code) throws(LoaderError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw LoaderError(.unreadable, path: path, "cannot read the file") }
        guard data.count <= 4 << 20 else { throw LoaderError(code, path: path, "\(data.count) bytes: larger than the 4 MiB a manifest or model may be") }
        guard let text = String(data: data, encoding: .utf8) else { throw LoaderError(code, path: path, "not UTF-8 text") }
        return text
    }

    /// A folder's name as one part of a reverse-DNS id: lower case letters and digits.
    static func idPart(_ name: String) -> String {
        let kept = name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        let part = String(String.UnicodeScalarView(kept))
        guard let first = part.first, first.isLetter else { return "skill" + part }
        return part
    }
}
