import Foundation
@testable import Loader
import Testing
import TestSupport

/// Source skill folders: found inside their package, and not built again while up to date.
@Suite struct SourceSkillBuildTests {
    @Test func findsThePackageAndSkipsABuildWhileTheLibraryIsNewer() throws {
        let root = try TestSupport.temporaryFolder("package")
        try "// swift-tools-version: 6.1".write(toFile: "\(root)/Package.swift", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(root)/Skills/Echo", withIntermediateDirectories: true)
        try "// skill".write(toFile: "\(root)/Skills/Echo/Echo.swift", atomically: false, encoding: .utf8)
        #expect(SourceSkillBuild.isSourceFolder("\(root)/Skills/Echo"))
        #expect(!SourceSkillBuild.isSourceFolder("\(root)/Skills"))

        let build = try #require(SourceSkillBuild.locate(for: "\(root)/Skills"))
        #expect(build.packageRoot == URL(fileURLWithPath: root).standardizedFileURL.path)
        let library = build.libraryPath(product: "Echo")
        try FileManager.default.createDirectory(atPath: (library as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "not really a library".write(toFile: library, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: library)

        var progress: [String] = []
        let built = try build.build(product: "Echo", sourceFolder: "\(root)/Skills/Echo") { progress.append($0) }
        #expect(built == library)
        #expect(progress.isEmpty, "an up-to-date library is not built again")
    }

    /// A stale library is loaded as last built while another SwiftPM holds the package's build
    /// folder (its pid in `.build/.lock`): `swift test` running skillhost, which would otherwise
    /// wait on a build that waits on it. Missing, it is refused by name.
    @Test func anotherSwiftPMsBuildFolderIsNotWaitedOn() throws {
        let root = try TestSupport.temporaryFolder("package")
        try "// swift-tools-version: 6.1".write(toFile: "\(root)/Package.swift", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(root)/Skills/Echo", withIntermediateDirectories: true)
        try "// skill".write(toFile: "\(root)/Skills/Echo/Echo.swift", atomically: false, encoding: .utf8)
        let build = try #require(SourceSkillBuild.locate(for: "\(root)/Skills"))
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sleep")
        holder.arguments = ["10"]
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        try FileManager.default.createDirectory(atPath: "\(build.packageRoot)/.build", withIntermediateDirectories: true)
        try "\(holder.processIdentifier)".write(toFile: "\(build.packageRoot)/.build/.lock", atomically: false, encoding: .utf8)
        #expect(SourceSkillBuild.swiftPMHolder(of: build.packageRoot) == holder.processIdentifier)
        #expect(throws: LoaderError.self) { try build.build(product: "Echo", sourceFolder: "\(root)/Skills/Echo") { _ in } }

        let library = build.libraryPath(product: "Echo")
        try FileManager.default.createDirectory(atPath: (library as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "not really a library".write(toFile: library, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: library)
        var progress: [String] = []
        #expect(try build.build(product: "Echo", sourceFolder: "\(root)/Skills/Echo") { progress.append($0) } == library)
        #expect(progress.first?.contains("another SwiftPM (pid \(holder.processIdentifier))") == true, "\(progress)")
    }

    /// What the compiler's driver leaves in TMPDIR goes after a `swift` child: only its new
    /// folders holding nothing but its marker, and none while a compiler runs.
    @Test func theDriversLeftoverFoldersGoAndNothingElse() throws {
        let tmp = try TestSupport.temporaryFolder("driver-tmp")
        func folder(_ name: String, _ files: [String]) throws {
            try FileManager.default.createDirectory(atPath: "\(tmp)/\(name)", withIntermediateDirectories: true)
            for file in files { FileManager.default.createFile(atPath: "\(tmp)/\(name)/\(file)", contents: Data()) }
        }
        try folder("TemporaryDirectory.before", [".keep-directory"])
        let leftovers = DriverLeftovers(folder: tmp)
        try folder("TemporaryDirectory.left", [".keep-directory"])
        try folder("TemporaryDirectory.busy", [".keep-directory", "a-1.o"])
        try folder("TemporaryDirectory.swiftpm", [])
        FileManager.default.createFile(atPath: "\(tmp)/_work_.build.lock", contents: Data())

        #expect(leftovers.remove(compilerRunning: { _ in true }) == 0, "a compiler running may be using it")
        #expect(FileManager.default.fileExists(atPath: "\(tmp)/TemporaryDirectory.left"))
        #expect(leftovers.remove(compilerRunning: { _ in false }) == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp).sorted()
        #expect(left == ["TemporaryDirectory.before", "TemporaryDirectory.busy", "TemporaryDirectory.swiftpm", "_work_.build.lock"])
        // No compiler runs with this test's own folder as its TMPDIR.
        #expect(!DriverLeftovers.compilerRunning(in: tmp))
    }

    /// A compiler using the folder counts while it runs, and not once it has exited unreaped
    /// (a zombie, as an interrupted build leaves them), whose environment cannot be read.
    @Test func anExitedCompilerWaitingToBeReapedUsesNoFolder() throws {
        let tmp = try TestSupport.temporaryFolder("zombie-tmp")
        let compiler = "\(tmp)/swift-frontend"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: compiler)
        var pid: pid_t = 0
        let arguments = [compiler, "30"]
        let environment = ["TMPDIR=\(tmp)"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        try #require(posix_spawn(&pid, compiler, nil, nil, argv, envp) == 0)
        var status: Int32 = 0
        defer { if pid > 0 { waitpid(pid, &status, 0) } }
        // Until its exec has made it the compiler, it is this test under another name.
        for _ in 0..<200 where (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) != "swift-frontend\n" { usleep(10_000) }
        #expect(DriverLeftovers.compilerRunning(in: tmp))
        kill(pid, SIGKILL)
        for _ in 0..<200 where !(((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z")) { usleep(10_000) }
        #expect(!DriverLeftovers.compilerRunning(in: tmp))
    }

    @Test func aSourceFolderOutsideAnyPackageIsRefusedByTheScan() throws {
        let folder = try TestSupport.temporaryFolder("loose")
        try FileManager.default.createDirectory(atPath: "\(folder)/Loose", withIntermediateDirectories: true)
        try "int x;".write(toFile: "\(folder)/Loose/loose.c", atomically: false, encoding: .utf8)
        let loader = SkillLoader(shadow: try ShadowDirectory(), logSink: { _ in })
        let scan = loader.loadAll(from: [folder])
        #expect(scan.loaded.isEmpty)
        #expect(scan.refusals.map(\.code) == [.buildFailed])
        #expect(scan.refusals.first?.reason.contains("outside any Swift package") == true)
    }
}

@Suite struct BuildErrorTests {
    @Test func buildErrorsAreOneLineEachWithoutExcerpts() {
        let output = """
            [1/4] Compiling HelloWorld HelloWorld.swift
            /pkg/Skills/HelloWorld/HelloWorld.swift:53:20: error: cannot find 'undefinedThing' in scope
             51 |     func handle(_ input: HandlerInput) -> Response {
                |                    `- error: cannot find 'undefinedThing' in scope
            /pkg/Skills/HelloWorld/HelloWorld.swift:53:20: error: cannot find 'undefinedThing' in scope
            /pkg/Skills/HelloWorld/Other.swift:2:1: error: expected declaration
            """
        #expect(SourceSkillBuild.compactErrors(output, packageRoot: "/pkg") == """
            Skills/HelloWorld/HelloWorld.swift:53:20: error: cannot find 'undefinedThing' in scope
              Skills/HelloWorld/Other.swift:2:1: error: expected declaration
            """)
    }
}
