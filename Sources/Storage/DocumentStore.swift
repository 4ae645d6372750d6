import Foundation
import Glibc
import SkillModel

/// How big a document may be.
public struct StorageLimits: Sendable, Equatable {
    /// The largest document, in bytes of JSON text.
    public var maximumDocumentBytes: Int
    /// The deepest nesting of arrays and objects.
    public var maximumDepth: Int

    public init(maximumDocumentBytes: Int = 1 << 20, maximumDepth: Int = 64) {
        self.maximumDocumentBytes = maximumDocumentBytes
        self.maximumDepth = maximumDepth
    }
}

/// JSON documents on disk under a data root:
///
/// ```
/// <root>/skills/<skill id>/<key>.json     a skill's private container
/// <root>/groups/<app group>/<key>.json    an app group, shared
/// <root>/…/<container>/.lock              locked (a byte per key) by every write, never replaced
/// ```
///
/// Folders are created 0700 and documents 0600. A write is a temporary file, fsync, rename
/// over the document and fsync of the folder, under the document's lock; reads take no lock
/// (a rename is atomic, so a reader sees the old document or the new one, never a mix).
/// Nothing is followed out of a container: every file is opened relative to the container's
/// folder with O_NOFOLLOW.
public final class DocumentStore: Sendable {
    public let root: String
    public let limits: StorageLimits
    let io: any FileOperations
    private let rootDescriptor: Int32
    private let containers = Locked<[ContainerName: Container]>([:])

    /// Opens (creating it 0700 when missing) the data root.
    public init(root: String, limits: StorageLimits = StorageLimits(), io: any FileOperations = SystemFileOperations()) throws(StorageError) {
        self.root = root
        self.limits = limits
        self.io = io
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError(.io, "cannot create the data root \(root): \(error.localizedDescription)")
        }
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.system("open", errno, path: root, unchanged: false) }
        rootDescriptor = descriptor
    }

    deinit { close(rootDescriptor) }

    /// The container, its folder created on first use. Containers are kept open for the life
    /// of the store.
    public func container(_ name: ContainerName) throws(StorageError) -> Container {
        // Only `create: true` returns nil when the folder is missing, which it never is here.
        try container(name, create: true)!
    }

    /// The container if its folder exists (nil otherwise): for reading without leaving empty
    /// folders behind a mistyped name.
    public func existingContainer(_ name: ContainerName) throws(StorageError) -> Container? {
        try container(name, create: false)
    }

    private func container(_ name: ContainerName, create: Bool) throws(StorageError) -> Container? {
        if let open = containers.withLock({ $0[name] }) { return open }
        guard let folder = try Self.openFolder(name.folder, in: rootDescriptor, path: root, create: create) else { return nil }
        defer { close(folder) }
        let path = "\(root)/\(name.folder)/\(name.name)"
        guard let descriptor = try Self.openFolder(name.name, in: folder, path: "\(root)/\(name.folder)", create: create) else { return nil }
        let container = Container(name: name, path: path, descriptor: descriptor, store: self)
        container.removeAbandonedTemporaries()
        return containers.withLock { open in
            if let existing = open[name] { return existing }
            open[name] = container
            return container
        }
    }

    /// Opens `name` inside `parent` as a folder, creating it 0700 when `create` is set (nil
    /// when it is missing and not); refuses a symbolic link.
    private static func openFolder(_ name: String, in parent: Int32, path: String, create: Bool) throws(StorageError) -> Int32? {
        if !create {
            // Looked at below, by opening it.
        } else if mkdirat(parent, name, 0o700) == 0 {
            fsync(parent)
        } else if errno != EEXIST {
            throw StorageError.system("mkdir", errno, path: "\(path)/\(name)", unchanged: false)
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            if number == ENOENT, !create { return nil }
            if number == ENOTDIR || number == ELOOP {
                var info = stat()
                if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    throw StorageError(.symbolicLink, "\(path)/\(name) is a symbolic link; the store does not follow links out of the data root")
                }
                throw StorageError(.notAFile, "\(path)/\(name) is not a folder")
            }
            throw StorageError.system("open", number, path: "\(path)/\(name)", unchanged: false)
        }
        return descriptor
    }
}
