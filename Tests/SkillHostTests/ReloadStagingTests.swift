import Foundation
@testable import SkillHost
import SkillModel
import Testing
import TestSupport

/// A reload trains the next registry (the routing model across every skill) off the host's
/// actor: held in the middle of that, the host still answers turns and takes other reloads,
/// and the held reload then starts again from the newer registry instead of undoing them.
@Suite struct ReloadStagingTests {
    @Test func turnsAndOtherReloadsGoOnWhileOneReloadTrains() async throws {
        let folder = try TestSupport.temporaryFolder("staging")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let anniversary = folder + "/anniversary.json", pizza = folder + "/pizza.json"
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("anniversary-en-US.json").path, toPath: anniversary)
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("pizza-en-US.json").path, toPath: pizza)
        var options = HostOptions(skillFolders: [], dataRoot: try TestSupport.temporaryFolder("staging-data"))
        options.models = [anniversary, pizza]
        let host = try HostEngine(options: options)

        let held = EventLog<String>(), release = EventLog<Bool>()
        await host.setStagingGate { origin in
            guard origin == anniversary, held.all.isEmpty else { return }
            held.append(origin)
            _ = await release.wait { $0 }
        }
        func edit(_ path: String, _ old: String, _ new: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        }
        try edit(anniversary, "And the year?", "Which year was it?")
        let first = Task { await host.reload(origin: anniversary) }
        #expect(await held.wait { _ in true } == anniversary)

        // Held mid-training: the other skill answers, and reloads.
        #expect(await host.turn("open pizza corner").skillID == "local.model.pizza-corner")
        try edit(pizza, "What size?", "How big?")
        #expect(await host.reload(origin: pizza)?.kind == .reloaded)
        #expect(await host.turn("order a pizza").speech == "How big?")

        release.append(true)
        let event = await first.value
        #expect(event?.kind == .reloaded)
        #expect(event?.generation == 2)
        let generations = await host.registry.entries.map { "\($0.name) \($0.skill.generation)" }.sorted()
        #expect(generations == ["Anniversary Keeper 2", "Pizza Corner 2"], "the held reload kept the pizza reload made meanwhile")
        #expect(await host.turn("stop").endSession)
        #expect(await host.turn("order a pizza").speech == "How big?")
        #expect(await host.turn("stop").endSession)
        #expect(await host.turn("remember our anniversary").speech == "On which day?")
        #expect(await host.turn("the 4th of june").speech == "Which year was it?")
        await host.shutdown()
    }
}
