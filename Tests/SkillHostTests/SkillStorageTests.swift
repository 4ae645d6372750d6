import Foundation
import SkillHost
import SkillModel
import Storage
import Testing
import TestSupport

/// A SkillKit skill (a real .so) storing through the host's services table into real files,
/// and the same files read by the store from outside, as `skillhost storage` does.
@Suite struct SkillStorageTests {
    let dataRoot: String
    let host: HostEngine

    init() throws {
        dataRoot = try TestSupport.temporaryFolder("data")
        let folder = try TestSupport.folderWithProducts(["StorageProbe", "HelloWorld"])
        host = try HostEngine(options: HostOptions(skillFolders: [folder], turnDeadline: .seconds(5) * TestSupport.patience, dataRoot: dataRoot))
        #expect(host.refusals.isEmpty)
    }

    @Test func privateDocumentsLandInTheSkillsContainer() async throws {
        _ = await host.turn("open storage probe")
        #expect(await host.turn("remember apples").speech == "Remembered apples.")
        #expect(await host.turn("what do you remember").speech == "You told me apples.")
        let store = try DocumentStore(root: dataRoot)
        let note = try store.container(.skill("com.skillhost.tests.storageprobe")).get(DocumentKey("note"))
        #expect(note?.value == ["word": "apples"])
    }

    @Test func anAppGroupIsSharedWithAnotherProcessesWrites() async throws {
        _ = await host.turn("open storage probe")
        #expect(await host.turn("count").speech == "Count 1.")
        // The "app" changes the counter behind the skill's back; the skill's next update
        // builds on it rather than overwriting it.
        let store = try DocumentStore(root: dataRoot)
        try store.container(.group("group.com.skillhost.tests.shared")).put(DocumentKey("counter"), 41)
        #expect(await host.turn("count").speech == "Count 42.")
    }

    @Test func persistentAttributesSurviveSessionsAndCanBeDeleted() async throws {
        _ = await host.turn("open storage probe")
        #expect(await host.turn("visit").speech == "Visit 1.")
        _ = await host.turn("stop")
        _ = await host.turn("open storage probe")
        #expect(await host.turn("visit").speech == "Visit 2.")
        let store = try DocumentStore(root: dataRoot)
        let keys = try store.container(.skill("com.skillhost.tests.storageprobe")).list().map(\.rawValue)
        #expect(keys == ["attributes.amzn1.ask.account.skillhost-local-user"])
        #expect(await host.turn("forget me").speech == "Forgotten.")
        #expect(await host.turn("visit").speech == "Visit 1.")
    }

    @Test func anUndeclaredGroupIsRefusedNamingBoth() async throws {
        _ = await host.turn("open storage probe")
        let speech = await host.turn("trespass").speech
        #expect(speech.contains("skill com.skillhost.tests.storageprobe may not use app group group.com.someone.else"), "\(speech)")
        #expect(!FileManager.default.fileExists(atPath: "\(dataRoot)/groups/group.com.someone.else"))
    }

    @Test func anotherSkillsPrivateContainerIsRefusedNamingBoth() async throws {
        _ = await host.turn("open storage probe")
        let speech = await host.turn("snoop").speech
        #expect(speech.contains("skill com.skillhost.tests.storageprobe may not open the private container of 'com.skillhost.examples.helloworld'"), "\(speech)")
    }
}
