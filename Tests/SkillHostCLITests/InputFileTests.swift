import Foundation
@testable import SkillHostCLI
import Testing

/// A model or test file that is missing or not text is named with what is wrong with it.
@Suite struct InputFileTests {
    /// The error reading `path` gives, or nil when it reads.
    private func refusal(_ path: String) -> String? {
        do {
            _ = try InputFile.text(path)
            return nil
        } catch {
            return error.description
        }
    }

    private func scratchFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skillhost-input-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func namesAMissingFile() {
        #expect(refusal("/nonexistent/en-US.json") == "/nonexistent/en-US.json: no such file")
    }

    @Test func namesAFolderGivenForAFile() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(refusal(folder) == "\(folder): a folder, not a file")
    }

    @Test func namesTheFirstByteThatIsNotUTF8() throws {
        let path = try scratchFile([0x7B, 0x22, 0xC3, 0x28, 0x22])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(refusal(path) == "\(path): not UTF-8 text (invalid byte 0xC3 at offset 2)")
    }

    @Test func readsText() throws {
        let path = try scratchFile(Array("{\"é\": 1}".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(refusal(path) == nil)
        #expect(try InputFile.text(path) == "{\"é\": 1}")
    }
}
