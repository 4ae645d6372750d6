import ArgumentParser
import Foundation
import SkillModel
import Storage

/// `skillhost storage`: the containers skills use, from outside any skill — the part an app
/// plays beside its Siri extension. Same files, same locks, same key rules as the host.
struct StorageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Read and write skills' containers and app groups.",
        discussion: """
            CONTAINER is a skill id (its private container, such as com.example.helloworld) or an \
            app group (group.com.app-o-mat.ListOMat). Documents are JSON files under the data root: \
            <root>/skills/<skill id>/<key>.json and <root>/groups/<group>/<key>.json. A refusal or a \
            missing document exits 1 with the reason on standard error.
            """,
        subcommands: [StorageGetCommand.self, StoragePutCommand.self, StorageDeleteCommand.self, StorageListCommand.self]
    )

    // Declared here too, so that `--data` may come before the subcommand's name as well.
    @OptionGroup var data: DataOptions
}

/// `--data DIR` and the limits, for every command that touches storage.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The data root. Default: $SKILLHOST_DATA_DIR, else $XDG_DATA_HOME/skillhost, else ~/.local/share/skillhost.", valueName: "dir"))
    var dataRoot: String?

    @Option(help: ArgumentHelp("The largest document stored, in bytes.", valueName: "bytes"))
    var maxDocumentBytes: Int = StorageLimits().maximumDocumentBytes

    @Option(help: ArgumentHelp("The deepest nesting of arrays and objects stored.", valueName: "levels"))
    var maxDepth: Int = StorageLimits().maximumDepth

    func validate() throws {
        guard maxDocumentBytes > 0, maxDepth > 0 else { throw ValidationError("--max-document-bytes and --max-depth must be positive") }
    }

    var root: String { DataRoot.resolve(dataRoot) }
    var limits: StorageLimits { StorageLimits(maximumDocumentBytes: maxDocumentBytes, maximumDepth: maxDepth) }

    func openStore() throws(StorageError) -> DocumentStore {
        try DocumentStore(root: root, limits: limits)
    }
}

/// Runs a storage (or trust) command's body, turning a refusal into its reason on standard
/// error and exit status 1.
func refusing(_ command: String = "skillhost storage", _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as StorageError {
        FileHandle.standardError.write(Data("\(command): \(error)\n".utf8))
        throw ExitCode(1)
    }
}

private func missing(_ key: DocumentKey, in container: ContainerName, root: String) -> ExitCode {
    FileHandle.standardError.write(Data("skillhost storage: no document '\(key)' in \(container) (data root \(root))\n".utf8))
    return ExitCode(1)
}

/// CONTAINER KEY, checked by the store's own rules.
struct DocumentArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("A skill id or an app group.", valueName: "container")) var container: String
    @Argument(help: ArgumentHelp("The document's key.", valueName: "key")) var key: String

    func parsed() throws(StorageError) -> (container: ContainerName, key: DocumentKey) {
        (try ContainerName(parsing: container), try DocumentKey(key))
    }
}

struct StorageGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a document's JSON.")

    @OptionGroup var document: DocumentArguments
    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing {
            let (name, key) = try document.parsed()
            let container = try data.openStore().existingContainer(name)
            guard let container, let document = try container.get(key) else { throw missing(key, in: name, root: data.root) }
            FileHandle.standardOutput.write(Data((JSONWriter.string(document.value) + "\n").utf8))
        }
    }
}

struct StoragePutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "put", abstract: "Store a JSON document (from the argument, or standard input when it is omitted or '-').")

    @OptionGroup var document: DocumentArguments
    @Argument(help: ArgumentHelp("The JSON value.", valueName: "json")) var json: String?
    @OptionGroup var data: DataOptions

    func run() throws {
        let text: String
        if let json, json != "-" {
            text = json
        } else {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            FileHandle.standardError.write(Data("skillhost storage: the value is not JSON: \(error); nothing was stored\n".utf8))
            throw ExitCode(1)
        }
        try refusing {
            let (name, key) = try document.parsed()
            try data.openStore().container(name).put(key, value)
        }
    }
}

struct StorageDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a document.")

    @OptionGroup var document: DocumentArguments
    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing {
            let (name, key) = try document.parsed()
            guard let container = try data.openStore().existingContainer(name), try container.delete(key) else { throw missing(key, in: name, root: data.root) }
        }
    }
}

struct StorageListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the keys of a container's documents, one per line.")

    @Argument(help: ArgumentHelp("A skill id or an app group.", valueName: "container")) var container: String
    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing {
            let keys = try data.openStore().existingContainer(try ContainerName(parsing: self.container))?.list() ?? []
            FileHandle.standardOutput.write(Data(keys.map { $0.rawValue + "\n" }.joined().utf8))
        }
    }
}
