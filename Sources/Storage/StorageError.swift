import Glibc

/// Why a storage call failed. Every message names the container, key or file involved and,
/// for a write, says that the stored value is unchanged (which is always true: a write either
/// renames a complete, synced file into place or changes nothing).
public struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// A key that could leave its container or is not a plain name.
        case invalidKey
        /// A container name that is not a skill id or an app group.
        case invalidContainer
        /// The caller may not open this container.
        case accessDenied
        /// A symbolic link where a document or container should be.
        case symbolicLink
        /// Something other than a regular file or folder where one should be.
        case notAFile
        /// Larger than the configured size limit.
        case tooLarge
        /// JSON nested deeper than the configured limit.
        case tooDeep
        /// A value given to store is not JSON.
        case invalidJSON
        /// A stored document does not parse: reported, never overwritten.
        case corrupt
        /// The disk is full (ENOSPC, EDQUOT).
        case diskFull
        /// Any other failing system call (EIO, EACCES, EROFS, …), or a database that failed.
        case io
        /// Other writers changed the document under every attempt to update it.
        case conflict
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The error for a failed system call, `errno` already read.
    public static func system(_ call: String, _ number: Int32, path: String, unchanged: Bool) -> StorageError {
        let reason = String(cString: strerror(number))
        let tail = unchanged ? "; the stored value is unchanged" : ""
        switch number {
        case ENOSPC, EDQUOT:
            return StorageError(.diskFull, "disk full: \(call) \(path) failed (\(reason))\(tail)")
        case ELOOP:
            return StorageError(.symbolicLink, "\(path) is a symbolic link; the store does not follow links out of its container")
        default:
            return StorageError(.io, "\(call) \(path) failed: \(reason) (errno \(number))\(tail)")
        }
    }
}
