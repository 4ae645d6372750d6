import Foundation
import Loader
import SkillHost
import SkillModel
import Testing
import TestSupport

/// A skill in a skills folder as source: built by the host, rebuilt when a source file is
/// saved, and reloaded; a build error keeps the running generation. Uses a small package of
/// its own (a C skill), so the build is real and quick.
@Suite struct DevelopmentModeTests {
    /// A package with one dynamic-library product, TinySkill, whose source is the fixture skill.
    static func makePackage(reply: String) throws -> (root: String, source: String) {
        let root = try TestSupport.temporaryFolder("devpackage")
        let folder = root + "/Skills/TinySkill"
        try FileManager.default.createDirectory(atPath: folder + "/include", withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "devpackage",
                products: [.library(name: "TinySkill", type: .dynamic, targets: ["TinySkill"])],
                targets: [.target(name: "TinySkill", path: "Skills/TinySkill")]
            )
            """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestSupport.packageRoot + "/SkillKit/Sources/CSkillABI/include/skillhost_abi.h", toPath: folder + "/include/skillhost_abi.h")
        let source = folder + "/tiny_skill.c"
        try write(reply: reply, to: source)
        return (root, source)
    }

    static func write(reply: String, to source: String) throws {
        let fixture = try String(contentsOfFile: TestSupport.fixtureSkillSource, encoding: .utf8)
        try ("#define REPLY \"\(reply)\"\n" + fixture).write(toFile: source, atomically: true, encoding: .utf8)
    }

    @Test(.timeLimit(.minutes(3)))
    func savingASourceFileRebuildsAndReloadsTheSkill() async throws {
        let (root, source) = try Self.makePackage(reply: "built once")
        let events = EventLog<HostEvent>()
        let host = try HostEngine(options: HostOptions(skillFolders: [root + "/Skills"], events: { events.append($0) }))
        #expect(host.refusals.isEmpty, "\(host.refusals)")
        #expect(await host.turn("open fixture").speech == "built once")
        await host.startWatching()

        try Self.write(reply: "built twice", to: source)
        let reloaded = await events.wait(seconds: 120) { $0.kind == .reloaded || $0.kind == .kept }
        #expect(reloaded?.kind == .reloaded, "\(events.all)")
        #expect(events.all.contains { $0.kind == .building && $0.name == "Fixture" })
        #expect(await host.turn("echo").speech == "built twice")

        try "this is not C".write(toFile: source, atomically: true, encoding: .utf8)
        let kept = await events.wait(seconds: 120) { $0.kind == .kept }
        #expect(kept?.message.contains("Skills/TinySkill/tiny_skill.c:1:1: error:") == true, "\(kept?.message ?? "")")
        #expect(await host.turn("echo").speech == "built twice")
        await host.shutdown()
    }

    /// A package of skills anywhere (`--package`), its product named otherwise than its target's
    /// folder: loaded, rebuilt and reloaded on save, a build error naming file and line.
    static func makeOutsidePackage(reply: String, products: String = #".library(name: "Tiny", type: .dynamic, targets: ["TinySkill"])"#) throws -> (root: String, source: String) {
        let root = try TestSupport.temporaryFolder("outsidepackage")
        let folder = root + "/Sources/TinySkill"
        try FileManager.default.createDirectory(atPath: folder + "/include", withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "outside",
                products: [\(products)],
                targets: [.target(name: "TinySkill")]
            )
            """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestSupport.packageRoot + "/SkillKit/Sources/CSkillABI/include/skillhost_abi.h", toPath: folder + "/include/skillhost_abi.h")
        let source = folder + "/tiny_skill.c"
        try write(reply: reply, to: source)
        return (root, source)
    }

    @Test(.timeLimit(.minutes(3)))
    func aPackageAnywhereIsBuiltLoadedAndReloadedOnSave() async throws {
        let (root, source) = try Self.makeOutsidePackage(reply: "from a package")
        let events = EventLog<HostEvent>()
        var options = HostOptions(skillFolders: [], events: { events.append($0) })
        options.packages = [root]
        let host = try HostEngine(options: options)
        #expect(host.refusals.isEmpty, "\(host.refusals)")
        #expect(await host.turn("open fixture").speech == "from a package")
        await host.startWatching()

        try Self.write(reply: "saved again", to: source)
        let reloaded = await events.wait(seconds: 120) { $0.kind == .reloaded || $0.kind == .kept }
        #expect(reloaded?.kind == .reloaded, "\(events.all)")
        #expect(await host.turn("echo").speech == "saved again")

        try "this is not C".write(toFile: source, atomically: true, encoding: .utf8)
        let kept = await events.wait(seconds: 120) { $0.kind == .kept }
        #expect(kept?.message.contains("Sources/TinySkill/tiny_skill.c:1:1: error:") == true, "\(kept?.message ?? "")")
        #expect(await host.turn("echo").speech == "saved again")
        await host.shutdown()
    }

    @Test(.timeLimit(.minutes(3)))
    func aPackageInsideASkillsFolderLoadsAsItsProducts() async throws {
        let (root, _) = try Self.makeOutsidePackage(reply: "from the skills folder")
        let skills = try TestSupport.temporaryFolder("skills-with-package")
        try FileManager.default.moveItem(atPath: root, toPath: skills + "/outside")
        let host = try HostEngine(options: HostOptions(skillFolders: [skills]))
        #expect(host.refusals.isEmpty, "\(host.refusals)")
        #expect(await host.turn("open fixture").speech == "from the skills folder")
        await host.shutdown()
    }

    @Test func whatIsNoPackageOfSkillsIsRefusedSayingWhy() async throws {
        let empty = try TestSupport.temporaryFolder("not-a-package")
        let (root, _) = try Self.makeOutsidePackage(reply: "x", products: #".library(name: "Tiny", targets: ["TinySkill"])"#)
        var options = HostOptions(skillFolders: [])
        options.packages = [empty, root]
        let host = try HostEngine(options: options)
        let reasons = host.refusals.map(\.description)
        #expect(reasons.contains { $0.contains(empty) && $0.contains("is not a Swift package: it has no Package.swift") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("has no dynamic library product") }, "\(reasons)")
        await host.shutdown()
    }
}
