// swift-tools-version: 6.1
import PackageDescription

// What the host and the example skills use of the SDK's package (SkillKit/).
let skillModel: Target.Dependency = .product(name: "SkillModel", package: "SkillKit")
let skillKit: Target.Dependency = .product(name: "SkillKit", package: "SkillKit")
let cSkillABI: Target.Dependency = .product(name: "CSkillABI", package: "SkillKit")
// The NLU is optimized in debug builds too: training is the tests' main cost (every host trains
// its skills' models), and unoptimized it ran several times slower, under the sanitizers most.
// Not for ThreadSanitizer (scripts/sanitize.sh thread sets SKILLHOST_UNOPTIMIZED_NLU): optimized,
// it reported races between array buffers of different threads at one address, none of which
// the unoptimized build (or AddressSanitizer, optimized) ever reported.
let nluSettings: [SwiftSetting] = Context.environment["SKILLHOST_UNOPTIMIZED_NLU"] == nil ? [.unsafeFlags(["-O"])] : []

let package = Package(
    name: "skillhost",
    products: [
        .executable(name: "skillhost", targets: ["skillhost"]),
        .executable(name: "skillhost-bench", targets: ["SkillHostBenchmarks"]),
        .executable(name: "skillhost-nlu-bench", targets: ["NLUBenchmarks"]),
        .executable(name: "skillhost-storage-bench", targets: ["StorageBenchmarks"]),
        .executable(name: "skillhost-reload-bench", targets: ["ReloadBenchmarks"]),
        .executable(name: "skillhost-numberrace-bench", targets: ["NumberRaceBenchmarks"]),
        .executable(name: "skillhost-voice-bench", targets: ["VoiceBenchmarks"]),
        // Example skills: each is a dynamic library the host loads from Skills/.
        .library(name: "HelloWorld", type: .dynamic, targets: ["HelloWorld"]),
        .library(name: "CoinFlip", type: .dynamic, targets: ["CoinFlip"]),
        .library(name: "ListOMat", type: .dynamic, targets: ["ListOMat"]),
        .library(name: "NumberRace", type: .dynamic, targets: ["NumberRace"]),
        // A test fixture, not an example: a SkillKit skill that stores through the real ABI.
        .library(name: "StorageProbe", type: .dynamic, targets: ["StorageProbe"]),
        // A test fixture: a skill with a dialog model that says what each request carried.
        .library(name: "DialogProbe", type: .dynamic, targets: ["DialogProbe"]),
    ],
    dependencies: [
        // The SDK skills are written with, a package of its own so that a skill's package
        // depends on it alone (SkillKit/Package.swift); the host shares its SkillModel.
        .package(path: "SkillKit"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `skillhost serve`: the HTTP server (SwiftNIO), without its optional traits
        // (swift-configuration support, full Foundation); swift-log comes with it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // State shared by many hosts: `skillhost serve --database postgres://…`.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // Already under Hummingbird and postgres-nio: named for skills' storage calls, which wait
        // on event-loop futures rather than on Swift concurrency.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // Under Hummingbird too: its HTTP parts, for the server's own request-read deadline.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // Under Hummingbird too: the console's event stream ends when the server shuts down.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Metrics for Prometheus at GET /metrics.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.9.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        // Verifying Alexa's request signatures: X.509 chains (and, in tests, making them).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Remote skills: the Alexa request envelope POSTed to a skill's own HTTP(S) endpoint.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // Runtime: the host's C shims (the skills' C contract is SkillKit's CSkillABI).
        .target(
            name: "CFFI",
            path: "Runtime/CFFI",
            linkerSettings: [.linkedLibrary("ffi")]
        ),

        .target(name: "NLU", dependencies: [skillModel], resources: [.copy("Resources/word-vectors.bin")], swiftSettings: nluSettings),
        .target(name: "Storage", dependencies: [skillModel]),
        .target(name: "Dialog", dependencies: [skillModel]),
        .target(
            name: "Loader",
            dependencies: [cSkillABI, "CFFI", skillModel, .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .target(name: "SkillHost", dependencies: [skillModel, "NLU", "Dialog", "Loader", "Storage", .product(name: "Crypto", package: "swift-crypto")]),
        // Speech out (espeak-ng, loaded at run time: nothing to link).
        .target(name: "Voice", dependencies: [skillModel, "NLU", "SkillHost"]),
        .target(
            name: "PostgresStore",
            dependencies: [
                "Storage",
                skillModel,
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SkillServer",
            dependencies: [
                "Voice",
                "SkillHost",
                "Loader",
                skillModel,
                "Storage",
                "PostgresStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The service APIs are HTTPS, as Alexa's are (the SDKs call nothing else).
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // A request context for the service APIs' routes called in-process (library skills).
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The console's page, built into the binary: served with nothing fetched elsewhere.
            resources: [.embedInCode("Console/index.html"), .embedInCode("Console/console.js"), .embedInCode("Console/console.css")]
        ),
        .target(
            name: "SkillHostCLI",
            dependencies: [
                "SkillHost",
                "Loader",
                "SkillServer",
                "PostgresStore",
                "NLU",
                "Storage",
                "Voice",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "skillhost", dependencies: ["SkillHostCLI"]),

        // Example skills.
        .target(name: "HelloWorld", dependencies: [skillKit], path: "Skills/HelloWorld"),
        .target(name: "CoinFlip", dependencies: [cSkillABI], path: "Skills/CoinFlip", publicHeadersPath: "."),
        .target(name: "ListOMat", dependencies: [skillKit], path: "Skills/ListOMat", exclude: ["README.md"]),
        .target(name: "NumberRace", dependencies: [skillKit], path: "Skills/NumberRace"),

        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "SkillHostBenchmarks",
            dependencies: ["SkillHost", "SkillHostCLI", "NLU", skillModel, "BenchmarkSupport"],
            path: "Benchmarks/SkillHostBenchmarks"
        ),

        // Helpers for tests: built products, C fixtures compiled into real .so files.
        .target(name: "TestSupport", dependencies: ["Loader", "NLU", skillModel], path: "Tests/TestSupport"),
        .executableTarget(name: "NLUBenchmarks", dependencies: ["NLU", skillModel, "BenchmarkSupport"], path: "Benchmarks/NLUBenchmarks", exclude: ["Data", "Ceiling"]),
        .executableTarget(name: "ReloadBenchmarks", dependencies: ["SkillHost", "Loader", skillModel, "BenchmarkSupport"], path: "Benchmarks/ReloadBenchmarks"),
        .executableTarget(name: "VoiceBenchmarks", dependencies: ["Voice", "NLU", skillModel, "BenchmarkSupport"], path: "Benchmarks/VoiceBenchmarks"),
        .executableTarget(name: "NumberRaceBenchmarks", dependencies: ["NumberRace", "BenchmarkSupport"], path: "Benchmarks/NumberRaceBenchmarks"),
        .executableTarget(name: "StorageBenchmarks", dependencies: ["Storage", skillModel, "BenchmarkSupport"], path: "Benchmarks/StorageBenchmarks"),

        .testTarget(name: "SkillModelTests", dependencies: [skillModel], exclude: ["Fixtures"]),
        .testTarget(name: "SkillKitTests", dependencies: [skillKit, skillModel, .product(name: "SkillKitTesting", package: "SkillKit")]),
        // Writes, increments and fills a store from another process, for the storage tests.
        .executableTarget(name: "StorageTorture", dependencies: ["Storage", skillModel], path: "Tests/StorageTorture"),
        .testTarget(name: "StorageTests", dependencies: ["Storage", skillModel, "TestSupport", "StorageTorture"]),
        .testTarget(name: "DialogTests", dependencies: ["Dialog", skillModel]),
        .testTarget(name: "NLUTests", dependencies: ["NLU", skillModel, "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LoaderTests", dependencies: ["Loader", skillModel, "TestSupport"], exclude: ["Fixtures"]),
        .target(name: "StorageProbe", dependencies: [skillKit], path: "Tests/StorageProbeSkill"),
        .target(name: "DialogProbe", dependencies: [skillKit], path: "Tests/DialogProbeSkill"),
        .testTarget(name: "SkillHostTests", dependencies: ["SkillHost", "NLU", skillModel, "Storage", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SkillServerTests",
            dependencies: [
                "SkillServer", "SkillHost", skillModel, "TestSupport",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "PostgresStoreTests", dependencies: ["PostgresStore", "Storage", skillModel, "TestSupport", .product(name: "PostgresNIO", package: "postgres-nio")]),
        .testTarget(name: "VoiceTests", dependencies: ["Voice", "SkillHost", "NLU", skillModel, "TestSupport"]),
        .testTarget(name: "SkillHostCLITests", dependencies: ["SkillHostCLI", "SkillHost", skillModel, "TestSupport"], exclude: ["Fixtures"]),
    ]
)
