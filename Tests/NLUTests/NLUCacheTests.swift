import Foundation
@testable import NLU
import SkillModel
import Testing
import TestSupport

/// Trained models on disk: real files in a fresh folder.
@Suite struct NLUCacheTests {
    static let model = SkillNLUTests.model

    private func folder() throws -> String { try TestSupport.temporaryFolder("nlu-cache") }

    /// The trained models in the cache's folder (beside them is the training lock).
    private func models(_ cache: NLUCache) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { $0.hasSuffix(".nlu") }
    }

    private func parses(_ nlu: SkillNLU) -> [String] {
        ["add olive oil to the grocery list", "put quinoa on my hardware list", "search for cheap flights", "set the count to 7", "what is this",
         "could you help me out", "please stop now", "stick rice onto grocery", "ten items please"].map { text in
            let best = nlu.parse(Utterance(text)).first
            return "\(best?.intent.rawValue ?? "-") \(best.map { String(format: "%.6f", $0.score) } ?? "") \(best?.slots.map { "\($0.name)=\($0.value)" } ?? [])"
        }
    }

    @Test func aSecondLoadReadsTheTrainedModelAndParsesTheSame() throws {
        let cache = NLUCache(directory: try folder())
        let trained = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats == NLUCache.Statistics(hits: 0, misses: 1, unreadable: 0, writeFailures: 0))
        #expect(try models(cache).count == 1)
        let loaded = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.hits == 1)
        #expect(parses(loaded) == parses(trained))
    }

    /// Hosts that need the same model at once — each with a cache of its own on one folder, as
    /// processes started together have — train it once: the others wait and read it.
    @Test func hostsNeedingOneModelTogetherTrainItOnce() throws {
        let directory = try folder()
        let caches = (0..<4).map { _ in NLUCache(directory: directory) }
        let parsed = Locked([[String]]())
        DispatchQueue.concurrentPerform(iterations: caches.count) { i in
            let nlu = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: caches[i])
            let readings = parses(nlu)
            parsed.withLock { $0.append(readings) }
        }
        #expect(caches.map(\.stats.misses).reduce(0, +) == 1)
        #expect(caches.map(\.stats.hits).reduce(0, +) == caches.count - 1)
        #expect(Set(parsed.withLock { $0 }).count == 1, "every host parses as the one that trained")
        #expect(try models(caches[0]).count == 1)
    }

    /// A training held up elsewhere (a host stopped mid-training) is waited for only so long;
    /// then this host trains the model itself, and stores it.
    @Test func aTrainingHeldUpElsewhereIsWaitedForOnlySoLong() throws {
        let cache = NLUCache(directory: try folder(), trainingWait: .milliseconds(300))
        let holder = open(cache.lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(holder >= 0)
        defer { close(holder) }
        try #require(ByteRangeLock.attempt(holder, start: NLUCache.stripe(of: NLUCache.key(for: Self.model)), length: 1) == nil)
        let nlu = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.misses == 1)
        #expect(nlu.parse(Utterance("add rice to grocery")).first?.intent == "AddItem")
        #expect(try models(cache).count == 1)
    }

    @Test func aChangedModelIsTrainedAgain() throws {
        let cache = NLUCache(directory: try folder())
        _ = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        var changed = Self.model
        changed.intents[0].samples.append("stick {item} on {list}")
        _ = SkillNLU(skillID: "com.example.lists", model: changed, cache: cache)
        #expect(cache.stats.misses == 2)
        #expect(try models(cache).count == 2)
    }

    @Test func aCorruptFileIsTrainedAgainAndReplaced() throws {
        let cache = NLUCache(directory: try folder())
        let trained = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        let file = cache.directory + "/" + (try models(cache)[0])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: file))
        let retrained = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.unreadable == 1)
        #expect(parses(retrained) == parses(trained))
        _ = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.hits == 1, "the corrupt file was replaced by a good one")
    }

    @Test func anUnwritableCacheCostsOnlyTraining() throws {
        let cache = NLUCache(directory: "/proc/skillhost-cannot-write-here")
        let nlu = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.writeFailures == 1)
        #expect(nlu.parse(Utterance("add rice to grocery")).first?.intent == "AddItem")
    }

    @Test func aMissingFolderIsMadeWithItsParentsButADeletedOneIsNotMadeAgain() throws {
        let parent = try folder()
        let fresh = NLUCache(directory: "\(parent)/cache/nlu")
        _ = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: fresh)
        #expect(fresh.stats.writeFailures == 0)
        #expect(try models(fresh).count == 1)

        // A process's temporary folder removed at exit while a training finishes: the write
        // fails instead of leaving the folder behind.
        let doomed = try folder()
        let cache = NLUCache(directory: doomed)
        try FileManager.default.removeItem(atPath: doomed)
        _ = SkillNLU(skillID: "com.example.lists", model: Self.model, cache: cache)
        #expect(cache.stats.writeFailures == 1)
        #expect(!FileManager.default.fileExists(atPath: doomed))
    }
}
