import Glibc

/// Which files the host will run code from. As OpenSSH with its key files: a library, or the
/// folder it sits in, that someone else could change is refused, because whoever can change it
/// runs code as the user running the host.
public enum TrustPolicy: Sendable, Equatable {
    /// Owned by the user running the host or by root, and not writable by every user.
    case strict
    /// Anything (`--allow-untrusted`).
    case anyone

    /// The refusal for a file or folder with this status, or nil when it may be trusted.
    func refusal(_ info: stat, path: String, kind: String) -> LoaderError? {
        guard self == .strict else { return nil }
        let fix = "or pass --allow-untrusted to accept that risk"
        if info.st_mode & S_IWOTH != 0, !(kind == "skills folder" && info.st_mode & S_ISVTX != 0 && info.st_uid == geteuid()) {
            return LoaderError(.untrusted, path: path, "the \(kind) is writable by every user on this machine, so anyone could replace the code skillhost runs as you; `chmod o-w` it, \(fix)")
        }
        if info.st_uid != 0, info.st_uid != geteuid() {
            return LoaderError(.untrusted, path: path, "the \(kind) belongs to \(Self.userName(info.st_uid)), not to you or root, so its owner could replace the code skillhost runs as you; \(fix)")
        }
        return nil
    }

    /// Checks a folder before anything in it is loaded, and the folders above it.
    public func checkFolder(_ path: String) -> LoaderError? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if let refusal = refusal(info, path: path, kind: "skills folder") { return refusal }
        return checkAncestors(of: SkillLoader.canonical(path), for: path)
    }

    /// Checks every folder above `resolved` (a path without links) up to the root: one that
    /// every user may write to without the sticky bit (so anyone could rename what is in it and
    /// put something else in its place), or that belongs to someone else, makes what is below
    /// it untrustworthy. `named` is the path as the user gave it, for the message.
    func checkAncestors(of resolved: String, for named: String) -> LoaderError? {
        guard self == .strict else { return nil }
        let fix = "or pass --allow-untrusted to accept that risk"
        var folder = resolved
        while let slash = folder.lastIndex(of: "/"), folder != "/" {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            var info = stat()
            guard lstat(folder, &info) == 0 else { continue }
            if info.st_mode & S_IWOTH != 0, info.st_mode & S_ISVTX == 0 {
                return LoaderError(.untrusted, path: named, "the folder \(folder) above it is writable by every user on this machine, so anyone could put other code in its place; `chmod o-w` it, \(fix)")
            }
            if info.st_uid != 0, info.st_uid != geteuid() {
                return LoaderError(.untrusted, path: named, "the folder \(folder) above it belongs to \(Self.userName(info.st_uid)), not to you or root, so its owner could put other code in its place; \(fix)")
            }
        }
        return nil
    }

    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return "user \(uid) (\(String(cString: name)))"
    }
}
