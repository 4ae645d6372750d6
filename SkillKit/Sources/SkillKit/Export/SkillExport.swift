import CSkillABI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A skill a library exports: identity, interaction model and handlers.
///
/// Exporting takes one declaration in the skill, the C factory the host looks up:
///
/// ```swift
/// @c(skillhost_create_skill_v1)
/// public func createSkill(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
///     HelloWorld.export(host)
/// }
/// ```
public protocol ExportedSkill {
    /// Identity, name, version, locales and app groups.
    static var manifest: SkillManifest { get }
    /// The Alexa interaction model JSON, exactly as the Alexa developer console exports it.
    static var interactionModel: String { get }
    /// Builds the skill once per load.
    static func makeSkill() -> Skill
}

extension ExportedSkill {
    /// Builds the C table the factory returns. Returns nil if the manifest cannot be encoded.
    public static func export(_ host: UnsafePointer<sh_host_services>?) -> UnsafePointer<sh_skill_table>? {
        let box = ExportBox(skill: makeSkill(), host: HostServices(table: host), manifest: manifest, interactionModel: interactionModel)
        return box.tablePointer
    }
}

/// The skill's side of one load: owns the table, the C strings and the built skill.
private final class ExportBox: @unchecked Sendable {
    // @unchecked: every stored property is written once in init and only read afterwards;
    // the C pointers are freed only in `destroy`, which the ABI calls after every turn is done.
    let skill: Skill
    let host: HostServices
    let table: UnsafeMutablePointer<sh_skill_table>
    private let strings: [UnsafeMutablePointer<CChar>]

    var tablePointer: UnsafePointer<sh_skill_table> { UnsafePointer(table) }

    init(skill: Skill, host: HostServices, manifest: SkillManifest, interactionModel: String) {
        self.skill = skill
        self.host = host
        let id = strdup(manifest.id.rawValue)!
        let manifestJSON = strdup(manifest.json.description)!
        let model = strdup(interactionModel)!
        strings = [id, manifestJSON, model]
        table = .allocate(capacity: 1)
        table.initialize(to: sh_skill_table(
            struct_size: UInt32(MemoryLayout<sh_skill_table>.size),
            abi_version: SKILLHOST_ABI_VERSION,
            instance: nil,
            skill_id: UnsafePointer(id),
            manifest_json: UnsafePointer(manifestJSON),
            interaction_model_json: UnsafePointer(model),
            handle: exportHandle,
            free_response: exportFreeResponse,
            destroy: exportDestroy))
        // The table holds the only strong reference until `destroy`.
        table.pointee.instance = OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    deinit {
        for string in strings { free(string) }
        table.deinitialize(count: 1)
        table.deallocate()
    }

    static func from(_ instance: OpaquePointer?) -> ExportBox {
        Unmanaged<ExportBox>.fromOpaque(UnsafeRawPointer(instance!)).takeUnretainedValue()
    }
}

/// The host's completion callback and its context, carried into the turn's task.
private struct Completion: @unchecked Sendable {
    // @unchecked: the ABI lets `done` be called from any thread, exactly once; the context is
    // the host's and is only passed back to it.
    let done: sh_done_fn
    let context: UnsafeMutableRawPointer?

    func finish(_ status: sh_status, _ bytes: [UInt8]) {
        let buffer = malloc(max(bytes.count, 1))!.assumingMemoryBound(to: CChar.self)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress { memcpy(buffer, base, bytes.count) }
        }
        done(context, Int32(status.rawValue), buffer, bytes.count)
    }
}

private func exportHandle(_ instance: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ length: Int, _ done: sh_done_fn?, _ context: UnsafeMutableRawPointer?) {
    guard let done else { return }
    let completion = Completion(done: done, context: context)
    let box = ExportBox.from(instance)
    let envelope: RequestEnvelope
    do throws(ModelError) {
        guard let request else { throw ModelError(path: "$", "no request bytes") }
        envelope = try request.withMemoryRebound(to: UInt8.self, capacity: length) { bytes throws(ModelError) in
            try RequestEnvelope(parsing: UnsafeBufferPointer(start: bytes, count: length))
        }
    } catch {
        completion.finish(SH_STATUS_ERROR, Array(SkillError.invalidRequest(error).description.utf8))
        return
    }
    let skill = box.skill
    let host = box.host
    // Runs on the caller's thread until a handler really suspends: a turn whose handlers do
    // not wait on anything completes before `handle` returns, with no thread hop.
    Task.immediate {
        do {
            let response = try await skill.invoke(envelope, host: host)
            completion.finish(SH_STATUS_OK, JSONWriter.bytes(response.jsonValue))
        } catch {
            completion.finish(SH_STATUS_ERROR, Array(String(describing: error).utf8))
        }
    }
}

private func exportFreeResponse(_ instance: OpaquePointer?, _ bytes: UnsafePointer<CChar>?) {
    free(UnsafeMutablePointer(mutating: bytes))
}

private func exportDestroy(_ instance: OpaquePointer?) {
    guard let instance else { return }
    Unmanaged<ExportBox>.fromOpaque(UnsafeRawPointer(instance)).release()
}
