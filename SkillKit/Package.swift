// swift-tools-version: 6.1
// The SDK a skill is written with, as a package of its own: a skill's package depends on this
// folder alone and builds nothing of the host (no server, no database client, no CLI parser).
//
//     .package(path: "/path/to/skillhost/SkillKit"),
//     .target(name: "MySkill", dependencies: [.product(name: "SkillKit", package: "SkillKit")])
//
// `skillhost new NAME` writes such a package.
import PackageDescription

let package = Package(
    name: "SkillKit",
    products: [
        // Request handlers, the response builder, attributes, storage, dialogs: what a skill imports.
        .library(name: "SkillKit", targets: ["SkillKit"]),
        // Running a skill's handlers in a unit test, in-process: requests built by intent and slots.
        .library(name: "SkillKitTesting", targets: ["SkillKitTesting"]),
        // JSON, the Alexa envelopes, the interaction model and manifest: shared with the host.
        .library(name: "SkillModel", targets: ["SkillModel"]),
        // The C ABI between host and skill: `include/skillhost_abi.h` is the whole contract.
        .library(name: "CSkillABI", targets: ["CSkillABI"]),
    ],
    targets: [
        .target(name: "CSkillABI"),
        .target(name: "SkillModel"),
        .target(name: "SkillKit", dependencies: ["SkillModel", "CSkillABI"]),
        .target(name: "SkillKitTesting", dependencies: ["SkillKit", "SkillModel", "CSkillABI"]),
    ]
)
