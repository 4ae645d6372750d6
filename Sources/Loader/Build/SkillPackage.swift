import Foundation
import SkillModel

/// A Swift package of skills anywhere on disk (`skillhost --package PATH`, or a folder in a
/// skills folder that holds a Package.swift): each dynamic library product is a skill, built
/// from its targets' source folders with `swift build --product`, rebuilt and reloaded when
/// they change, exactly like the example skills in this repository's `Skills/`.
public struct SkillPackage: Sendable {
    /// A dynamic library product: a skill.
    public struct Product: Sendable, Equatable {
        public let name: String
        /// The folder of its first target's sources: the skill's origin, which is watched.
        public let sourceFolder: String
    }

    /// The folder holding Package.swift.
    public let root: String
    /// The package's dynamic library products, in the manifest's order.
    public let products: [Product]

    /// Whether `folder` is a package (holds a Package.swift).
    public static func isPackage(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/Package.swift")
    }

    /// Reads the package's products from its manifest (`swift package dump-package`, which
    /// evaluates Package.swift as SwiftPM does). Read once per folder in a process; a package
    /// whose manifest does not evaluate, or that has no dynamic library product, is refused
    /// naming why.
    public static func read(_ folder: String) throws(LoaderError) -> SkillPackage {
        let root = SkillLoader.canonical(folder)
        if let known = memo.withLock({ $0[root] }) { return known }
        guard isPackage(root) else {
            throw LoaderError(.unreadable, path: folder, "is not a Swift package: it has no Package.swift")
        }
        guard let swift = SourceSkillBuild.findExecutable("swift") else {
            throw LoaderError(.buildFailed, path: folder, "is a Swift package, but there is no `swift` on PATH to read and build it")
        }
        let (status, output, errors) = Self.run(swift, ["package", "dump-package", "--package-path", root])
        guard status == 0 else {
            let summary = SourceSkillBuild.compactErrors(errors.isEmpty ? output : errors, packageRoot: root)
            throw LoaderError(.buildFailed, path: folder, "its Package.swift does not evaluate:\n  \(summary)")
        }
        let package: SkillPackage
        do {
            package = try Self.products(fromManifest: JSONParser.parse(output), root: root)
        } catch {
            throw LoaderError(.buildFailed, path: folder, "swift package dump-package gave JSON this host does not understand: \(error)")
        }
        guard !package.products.isEmpty else {
            throw LoaderError(.buildFailed, path: folder, "has no dynamic library product: a skill is `.library(name: \"MySkill\", type: .dynamic, targets: [\"MySkill\"])` in Package.swift")
        }
        memo.withLock { $0[root] = package }
        return package
    }

    /// The product a source folder was found to build, for any package read so far.
    public static func product(forSource folder: String) -> (package: SkillPackage, product: Product)? {
        let folder = SkillLoader.canonical(folder)
        return memo.withLock { memo in
            for package in memo.values {
                if let product = package.products.first(where: { $0.sourceFolder == folder }) { return (package, product) }
            }
            return nil
        }
    }

    /// The dynamic library products of a manifest as `dump-package` prints it.
    static func products(fromManifest manifest: JSONValue, root: String) throws(ModelError) -> SkillPackage {
        guard let products = manifest["products"]?.array, let targets = manifest["targets"]?.array else {
            throw ModelError(path: "$", "no products or targets")
        }
        var targetPaths: [String: String] = [:]
        for target in targets {
            guard let name = target["name"]?.string else { continue }
            let path = target["path"]?.string ?? "Sources/\(name)"
            targetPaths[name] = SkillLoader.canonical(path.hasPrefix("/") ? path : root + "/" + path)
        }
        var found: [Product] = []
        for product in products {
            guard let name = product["name"]?.string,
                let kinds = product["type"]?["library"]?.array, kinds.contains(where: { $0.string == "dynamic" }),
                let first = product["targets"]?.array?.first?.string, let folder = targetPaths[first]
            else { continue }
            found.append(Product(name: name, sourceFolder: folder))
        }
        return SkillPackage(root: root, products: found)
    }

    private static let memo = Locked<[String: SkillPackage]>([:])

    private static func run(_ executable: String, _ arguments: [String]) -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let leftovers = DriverLeftovers()
        defer { leftovers.remove() }
        do { try process.run() } catch { return (-1, "", "cannot run \(executable): \(error.localizedDescription)") }
        // Standard error is read beside standard output, so neither pipe fills while the other waits.
        let errorText = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorsRead.signal()
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        errorsRead.wait()
        return (process.terminationStatus, text, String(decoding: errorText.withLock { $0 }, as: UTF8.self))
    }
}
