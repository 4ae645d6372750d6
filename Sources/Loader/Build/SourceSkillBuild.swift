import Foundation

/// Builds a skill that sits in a skills folder as source: a folder that is a dynamic-library
/// product of the Swift package around it (the example skills in `Skills/` are). The product
/// is named after the folder.
///
/// A build runs only when the library is missing or older than the sources it depends on, so
/// a start with nothing changed costs a few file stats.
public struct SourceSkillBuild: Sendable {
    /// The package holding the source folder.
    public let packageRoot: String
    /// Where the package's products land (`.build/<triple>/debug`).
    public let binPath: String
    /// `debug` or `release`.
    public let configuration: String

    /// Finds the package around `folder` and where its products go; nil when the folder is not
    /// inside a Swift package.
    public static func locate(for folder: String) -> SourceSkillBuild? {
        var directory = URL(fileURLWithPath: folder).standardizedFileURL
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { break }
            directory.deleteLastPathComponent()
        }
        let root = directory.path
        guard root != "/" else { return nil }
        // Built by this package (`swift run skillhost`): build skills the same way, next to us.
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            executable.hasPrefix(root + "/.build/")
        {
            let bin = (executable as NSString).deletingLastPathComponent
            let configuration = (bin as NSString).lastPathComponent
            if configuration == "debug" || configuration == "release" {
                return SourceSkillBuild(packageRoot: root, binPath: bin, configuration: configuration)
            }
        }
        return SourceSkillBuild(packageRoot: root, binPath: root + "/.build/debug", configuration: "debug")
    }

    /// Whether `folder` holds skill sources rather than libraries (a folder holding a
    /// Package.swift is a package of its own: `SkillPackage`).
    public static func isSourceFolder(_ folder: String) -> Bool {
        guard !SkillPackage.isPackage(folder) else { return false }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains { $0.hasSuffix(".swift") || $0.hasSuffix(".c") }
    }

    /// The library the product builds to.
    public func libraryPath(product: String) -> String { "\(binPath)/lib\(product).so" }

    /// Builds `product` if its library is missing or stale and returns the library's path.
    /// - Parameter progress: told when a build starts, so a person knows why start-up waits.
    public func build(product: String, sourceFolder: String, progress: (String) -> Void) throws(LoaderError) -> String {
        let library = libraryPath(product: product)
        // SwiftPM leaves a product untouched when a change does not concern it, so a stamp
        // records when the library was last found up to date.
        let stamp = library + ".skillhost-checked"
        let newest = newestSource(in: sourceFolder)
        let checked = [Self.modificationDate(library), Self.modificationDate(stamp)].compactMap { $0 }.max()
        if Self.modificationDate(library) != nil, let checked, checked >= newest { return library }
        guard let swift = Self.findExecutable("swift") else {
            throw LoaderError(.buildFailed, path: sourceFolder, "is a skill's source folder, but there is no `swift` on PATH to build it")
        }
        // Another SwiftPM holding the package's build folder (`swift test` running skillhost,
        // `swift build` in another terminal) would keep this build waiting until it is done,
        // and it may be waiting on us: the library as last built, and a build next time.
        if let holder = Self.swiftPMHolder(of: packageRoot) {
            guard Self.modificationDate(library) != nil else {
                throw LoaderError(.buildFailed, path: sourceFolder, "is a skill's source folder, but another SwiftPM (pid \(holder)) is using \(packageRoot)/.build: build again when it is done")
            }
            progress("\(product) is older than its sources, but another SwiftPM (pid \(holder)) is using the build folder: loading it as last built")
            return library
        }
        progress("building \(product) (\(configuration))…")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "--package-path", packageRoot, "--product", product, "-c", configuration]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let leftovers = DriverLeftovers()
        do { try process.run() } catch {
            throw LoaderError(.buildFailed, path: sourceFolder, "cannot run swift build: \(error.localizedDescription)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        leftovers.remove()
        guard process.terminationStatus == 0 else {
            let summary = Self.compactErrors(text, packageRoot: packageRoot)
            throw LoaderError(.buildFailed, path: sourceFolder, "swift build --product \(product) failed:\n  \(summary)")
        }
        guard FileManager.default.fileExists(atPath: library) else {
            throw LoaderError(.buildFailed, path: sourceFolder, "swift build --product \(product) made no \(library): is \(product) a dynamic library product in Package.swift?")
        }
        // Without the stamp the next start merely builds again.
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return library
    }

    /// The process of another SwiftPM using the package's build folder, from the pid SwiftPM
    /// writes in `.build/.lock` while it works; nil when there is none, or it is gone.
    static func swiftPMHolder(of packageRoot: String) -> Int32? {
        guard let text = try? String(contentsOfFile: packageRoot + "/.build/.lock", encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, pid != getpid(),
            kill(pid, 0) == 0 || errno == EPERM
        else { return nil }
        return pid
    }

    /// The compiler's errors, one line each (`Skills/X/X.swift:53:20: error: …`), without the
    /// source excerpts and carets, at most eight; the last lines of the output when there are none.
    static func compactErrors(_ output: String, packageRoot: String) -> String {
        var seen = Set<String>()
        var lines: [String] = []
        for line in output.split(separator: "\n") where line.contains(": error:") {
            guard let first = line.first, first != " ", first != "|", first != "`" else { continue }
            var text = String(line)
            if text.hasPrefix(packageRoot + "/") { text.removeFirst(packageRoot.count + 1) }
            if seen.insert(text).inserted { lines.append(text) }
        }
        if lines.isEmpty { return output.split(separator: "\n").suffix(5).joined(separator: "\n  ") }
        return (lines.prefix(8) + (lines.count > 8 ? ["… and \(lines.count - 8) more"] : [])).joined(separator: "\n  ")
    }

    /// The newest modification among the skill's sources and everything a skill links from the
    /// package: the SDK and the ABI header in this repository, every target of a package of
    /// skills elsewhere (a skill may use its package's other targets), and the manifest.
    private func newestSource(in sourceFolder: String) -> Date {
        var newest = Date.distantPast
        let sdk = packageRoot + "/SkillKit"
        let shared = FileManager.default.fileExists(atPath: sdk + "/Package.swift") ? [sdk + "/Sources", sdk + "/Package.swift"] : [packageRoot + "/Sources"]
        for root in [sourceFolder, packageRoot + "/Package.swift"] + shared {
            if let date = Self.modificationDate(root), date > newest { newest = date }
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                if let date = Self.modificationDate(root + "/" + relative), date > newest { newest = date }
            }
        }
        return newest
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        return nil
    }
}
