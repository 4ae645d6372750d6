import ArgumentParser
import Foundation
import Loader
import SkillHost
import Storage

/// `skillhost trust`: whose storage is whose (`StorageTrust`). The host records it the first
/// time a skill stores something; this shows it and changes it, which is the user's word.
struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Show and change which library a skill id's storage belongs to, and which skills may use an app group.",
        discussion: """
            The first library to store under a skill id owns that id's private container, and the \
            first skills to use an app group own the group (recorded in <root>/host/skills/skillhost/trust.json, or in the --database). Another \
            library claiming the id, or another skill declaring the group, is refused until you allow \
            it here: a manifest alone grants nothing.
            """,
        subcommands: [TrustListCommand.self, TrustGrantCommand.self, TrustRevokeCommand.self, TrustMoveCommand.self],
        defaultSubcommand: TrustListCommand.self
    )
}

/// GROUP SKILL, for `grant` and `revoke`.
struct GroupAndSkill: ParsableArguments {
    @Argument(help: ArgumentHelp("The app group.", valueName: "group")) var group: String
    @Argument(help: ArgumentHelp("The skill id.", valueName: "skill")) var skill: String
}

struct TrustListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print every skill id with its library and every app group with its skills.")

    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing("skillhost trust") {
            let (record, place) = try data.withBackend { backend, place in (try StorageTrust(backend: backend).read(), place) }
            var lines: [String] = []
            for (id, library) in record.skills.sorted(by: { $0.key < $1.key }) { lines.append("\(id)  \(library)") }
            for (group, ids) in record.groups.sorted(by: { $0.key < $1.key }) { lines.append("\(group)  \(ids.sorted().joined(separator: ", "))") }
            print(lines.isEmpty ? "nothing recorded yet in the \(place)" : lines.joined(separator: "\n"))
        }
    }
}

struct TrustGrantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "grant", abstract: "Let a skill use an app group.")

    @OptionGroup var arguments: GroupAndSkill
    @OptionGroup var data: DataOptions

    func run() throws {
        let (group, skill) = (arguments.group, arguments.skill)
        try refusing("skillhost trust") {
            guard case .group = try ContainerName(parsing: group) else { throw StorageError(.invalidContainer, "'\(group)' is not an app group (they start with group.)") }
            try data.withBackend { backend, _ in
                try StorageTrust(backend: backend).change { record in
                    if record.groups[group]?.contains(skill) != true { record.groups[group, default: []].append(skill) }
                }
            }
            print("\(skill) may use \(group)")
        }
    }
}

struct TrustRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Take an app group from a skill.")

    @OptionGroup var arguments: GroupAndSkill
    @OptionGroup var data: DataOptions

    func run() throws {
        let (group, skill) = (arguments.group, arguments.skill)
        try refusing("skillhost trust") {
            try data.withBackend { backend, _ in
                try StorageTrust(backend: backend).change { record in record.groups[group]?.removeAll { $0 == skill } }
            }
            print("\(skill) may no longer use \(group)")
        }
    }
}

struct TrustMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Give a skill id's storage to another library (the skill, moved or built elsewhere).")

    @Argument(help: ArgumentHelp("The skill id.", valueName: "skill")) var skill: String
    @Argument(help: ArgumentHelp("The library that is that skill now.", valueName: "library")) var library: String
    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing("skillhost trust") {
            guard FileManager.default.fileExists(atPath: library) else { throw StorageError(.notAFile, "no library at \(library)") }
            let canonical = SkillLoader.canonical(library)
            try data.withBackend { backend, _ in try StorageTrust(backend: backend).change { record in record.skills[skill] = canonical } }
            print("\(skill)'s storage belongs to \(canonical)")
        }
    }
}
