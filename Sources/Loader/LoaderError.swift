/// Why a library was refused, always with the file it came from.
public struct LoaderError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What kind of refusal, for code that reacts to it.
    public enum Code: String, Sendable {
        case unreadable
        case notAFile
        case notELF
        case truncated
        case wrongArchitecture
        case notASharedLibrary
        case loadFailed
        case unresolvedSymbol
        case missingFactory
        case wrongABIVersion
        case factoryReturnedNothing
        case malformedTable
        case malformedManifest
        case malformedModel
        case duplicateSkillID
        case invocationNameTaken
        case buildFailed
        /// Someone other than the user or root could change it (see `TrustPolicy`).
        case untrusted
    }

    public let code: Code
    /// The library (or source folder) as the user named it.
    public let path: String
    /// What went wrong, in words a skill author can act on.
    public let reason: String

    public init(_ code: Code, path: String, _ reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
