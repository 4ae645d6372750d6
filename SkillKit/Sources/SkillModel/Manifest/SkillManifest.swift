/// What a skill says about itself: identity, display name, version, how it is invoked, the
/// locales it speaks and the app groups it wants to share data through.
public struct SkillManifest: Sendable, Equatable {
    public var id: SkillID
    public var name: String
    public var version: String
    /// Extra invocation names; the interaction model's `invocationName` always counts too.
    public var invocationNames: [String]
    public var locales: [String]
    /// App groups (`group.com.example.shared`) whose shared container the skill may use.
    public var appGroups: [String]
    /// The Alexa skill ids (`amzn1.ask.skill.…`) whose requests it answers at `skillhost
    /// serve`'s Alexa endpoint, as a skill registered with Amazon names its endpoint.
    public var alexaSkillIDs: [String]
    /// The Alexa permissions the skill asks the user for (`alexa::profile:name:read`,
    /// `alexa::alerts:reminders:skill:readwrite`, …), as an Alexa skill's manifest lists them:
    /// the host's service APIs answer a skill only for what it asked and the user granted.
    public var permissions: [String]

    public init(id: SkillID, name: String, version: String, invocationNames: [String] = [], locales: [String] = ["en-US"], appGroups: [String] = [], alexaSkillIDs: [String] = [], permissions: [String] = []) {
        self.id = id
        self.name = name
        self.version = version
        self.invocationNames = invocationNames
        self.locales = locales
        self.appGroups = appGroups
        self.alexaSkillIDs = alexaSkillIDs
        self.permissions = permissions
    }

    /// Parses and checks manifest JSON text; errors name the JSON path.
    public init(parsing text: String) throws(ModelError) {
        try self.init(validating: ModelError.parse(text))
    }

    public init(validating value: JSONValue) throws(ModelError) {
        let root = try JSONChecker(value, path: "$")
        let id = SkillID(try root.requireString("id"))
        guard id.isWellFormed else {
            throw ModelError(path: "$.id", "'\(id)' is not a reverse-DNS identifier such as com.example.myskill")
        }
        let name = try root.requireString("name")
        guard !name.trimmingWhitespace().isEmpty else { throw ModelError(path: "$.name", "must not be empty") }
        let version = try root.requireString("version")
        guard !version.isEmpty else { throw ModelError(path: "$.version", "must not be empty") }
        let invocationNames = try root.optionalStrings("invocationNames") ?? []
        let locales = try root.optionalStrings("locales") ?? ["en-US"]
        let appGroups = try root.optionalStrings("appGroups") ?? []
        for (i, group) in appGroups.enumerated() where !group.hasPrefix("group.") || group.count <= 6 {
            throw ModelError(path: "$.appGroups[\(i)]", "'\(group)' must start with 'group.', as in group.com.example.shared")
        }
        let alexaSkillIDs = try root.optionalStrings("alexaSkillIds") ?? []
        for (i, alexaID) in alexaSkillIDs.enumerated() where !(alexaID.hasPrefix("amzn1.ask.skill.") || alexaID.hasPrefix("amzn1.echo-sdk-ams.app.")) {
            throw ModelError(path: "$.alexaSkillIds[\(i)]", "'\(alexaID)' is no Alexa skill id, which starts with amzn1.ask.skill.")
        }
        let permissions = try root.optionalStrings("permissions") ?? []
        for (i, permission) in permissions.enumerated() where permission.trimmingWhitespace().isEmpty || permission.contains(where: \.isWhitespace) {
            throw ModelError(path: "$.permissions[\(i)]", "'\(permission)' is no permission name, such as alexa::profile:name:read")
        }
        self.init(id: id, name: name, version: version, invocationNames: invocationNames, locales: locales, appGroups: appGroups, alexaSkillIDs: alexaSkillIDs, permissions: permissions)
    }

    public var json: JSONValue {
        [
            "id": .string(id.rawValue),
            "name": .string(name),
            "version": .string(version),
            "invocationNames": .array(invocationNames.map(JSONValue.string)),
            "locales": .array(locales.map(JSONValue.string)),
            "appGroups": .array(appGroups.map(JSONValue.string)),
            "alexaSkillIds": .array(alexaSkillIDs.map(JSONValue.string)),
            "permissions": .array(permissions.map(JSONValue.string)),
        ]
    }
}
