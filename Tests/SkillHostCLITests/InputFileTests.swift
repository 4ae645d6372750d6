import Foundation
@testable import SkillHostCLI
import Testing

/// A model or test file that is missing or not text is named with what is wrong with it.
@Suite struct InputFileTests {
    @Test func namesAMissingFile() {
        #expect(throws: InputError.self) { try InputFile.text("/nonexistent/en-US.json") }
        do { _ = try InputFile.text("/nonexistent/en-US.json") } catch { #expect(error.description == "/nonexistent/en-US.json: no such file") }
    }

    @Test func namesTheFirstByteThatIsNotUTF8() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skillhost-input-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0x7B, 0x22, 0xC3, 0x28, 0x22]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try InputFile.text(path)
            Issue.record("read a file that is not UTF-8")
        } catch {
            #expect(error.description == "\(path): not UTF-8 text (invalid byte 0xC3 at offset 2)")
        }
    }

    @Test func readsText() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skillhost-input-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"é\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.text(path) == "{\"é\": 1}")
    }
}
