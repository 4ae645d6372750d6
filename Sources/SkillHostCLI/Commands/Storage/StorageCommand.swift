import ArgumentParser
import Foundation
import PostgresStore
import SkillModel
import SkillHost
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
            <root>/skills/<skill id>/<key>.json and <root>/groups/<group>/<key>.json, or rows of \
            the --database's skillhost_documents table. A refusal or a \
            missing document exits 1 with the reason on standard error.
            """,
        subcommands: [StorageGetCommand.self, StoragePutCommand.self, StorageDeleteCommand.self, StorageListCommand.self, StorageCredentialsCommand.self]
    )

    // Declared here too, so that `--data` may come before the subcommand's name as well.
    @OptionGroup var data: DataOptions
}

/// `--data DIR` and the limits, for every command that touches storage.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The data root. Default: $SKILLHOST_DATA_DIR, else $XDG_DATA_HOME/skillhost, else ~/.local/share/skillhost.", valueName: "dir"))
    var dataRoot: String?

    @Option(help: ArgumentHelp("Keep skills' containers, app groups and the storage trust record (and, under serve, conversations) in this PostgreSQL database instead of the data root's files, so that hosts on different machines share them: postgres://user:password@host:port/database. Default: $SKILLHOST_DATABASE_URL if set.", valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("The largest document stored, in bytes.", valueName: "bytes"))
    var maxDocumentBytes: Int = StorageLimits().maximumDocumentBytes

    @Option(help: ArgumentHelp("The deepest nesting of arrays and objects stored.", valueName: "levels"))
    var maxDepth: Int = StorageLimits().maximumDepth

    func validate() throws {
        guard maxDocumentBytes > 0, maxDepth > 0 else { throw ValidationError("--max-document-bytes and --max-depth must be positive") }
    }

    var root: String { DataRoot.resolve(dataRoot) }
    var limits: StorageLimits { StorageLimits(maximumDocumentBytes: maxDocumentBytes, maximumDepth: maxDepth) }

    /// The database asked for, if any.
    var databaseURL: String? {
        let url = database ?? ProcessInfo.processInfo.environment["SKILLHOST_DATABASE_URL"]
        return url?.isEmpty == false ? url : nil
    }

    /// The database asked for, its schema made or brought up to date; nil when none was.
    /// The caller shuts it down when done.
    func openDatabase() throws(StorageError) -> PostgresStore? {
        guard let databaseURL else { return nil }
        let store = try PostgresStore(url: databaseURL, limits: limits)
        do {
            try store.migrate()
        } catch {
            store.shutdown()
            throw error
        }
        return store
    }

    /// Where documents are: `database`'s table, else the data root's files.
    func backend(_ database: PostgresStore?) -> any DocumentBackend {
        database.map(PostgresBackend.init) ?? FileBackend(root: root, limits: limits)
    }

    /// Where documents are, for messages.
    func place(_ database: PostgresStore?) -> String {
        database.map { "database \($0.description)" } ?? "data root \(root)"
    }

    /// Runs `body` with the backend asked for, closing a database's connections after.
    @discardableResult
    func withBackend<T>(_ body: (any DocumentBackend, String) throws -> T) throws -> T {
        let database = try openDatabase()
        defer { database?.shutdown() }
        return try body(backend(database), place(database))
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

private func missing(_ key: DocumentKey, in container: ContainerName, place: String) -> ExitCode {
    FileHandle.standardError.write(Data("skillhost storage: no document '\(key)' in \(container) (\(place))\n".utf8))
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
            try data.withBackend { backend, place in
                guard let document = try backend.existingDocuments(name)?.get(key) else { throw missing(key, in: name, place: place) }
                FileHandle.standardOutput.write(Data((JSONWriter.string(document.value) + "\n").utf8))
            }
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
            try data.withBackend { backend, _ in _ = try backend.documents(name).put(key, value, if: .always) }
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
            try data.withBackend { backend, place in
                guard try backend.existingDocuments(name)?.delete(key) == true else { throw missing(key, in: name, place: place) }
            }
        }
    }
}

struct StorageListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the keys of a container's documents, one per line.")

    @Argument(help: ArgumentHelp("A skill id or an app group.", valueName: "container")) var container: String
    @OptionGroup var data: DataOptions

    func run() throws {
        try refusing {
            let name = try ContainerName(parsing: self.container)
            let keys = try data.withBackend { backend, _ in try backend.existingDocuments(name)?.list() ?? [] }
            FileHandle.standardOutput.write(Data(keys.map { $0.rawValue + "\n" }.joined().utf8))
        }
    }
}

struct StorageCredentialsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credentials",
        abstract: "Print the environment a remote skill is started with to keep its persistent attributes in its private container through its SDK's S3 adapter.",
        discussion: """
            The Alexa SDKs' S3 persistence adapters (ask-sdk-s3-persistence-adapter) reach \
            skillhost's S3 API on a loopback port of the data root's own instead of Amazon S3 \
            when the skill's process has these variables: `eval "$(skillhost storage credentials \
            com.example.teashop)"` before starting it. Each object is the attributes document of \
            its key (the user id) in the skill's private container, the one SkillKit's \
            AttributesManager uses. The port and the secret the keys derive from are kept in \
            <root>/services-s3.json.
            """
    )

    @Argument(help: ArgumentHelp("The remote skill's id (its skill.json's skillhost.id).", valueName: "skill-id")) var skill: String
    @Flag(help: "Print KEY=VALUE lines (an env file for systemd or docker) instead of shell exports.") var envFile = false
    @OptionGroup var data: DataOptions

    func run() throws {
        do {
            _ = try ContainerName(parsing: skill)
        } catch {
            FileHandle.standardError.write(Data("skillhost storage credentials: '\(skill)' is not a skill id: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let credentials: StorageCredentials
        do {
            credentials = try StorageCredentials.load(dataRoot: data.root)
        } catch {
            FileHandle.standardError.write(Data("skillhost storage credentials: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let lines = credentials.environment(for: SkillID(skill)).map { name, value in
            envFile ? "\(name)=\(value)" : "export \(name)='\(value)'"
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
