import Foundation

/// A command's input that is not what it should be: the message names the file and what is
/// wrong. Unlike a usage error, it prints no usage text, and the command exits 1.
struct InputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

enum InputFile {
    /// The file's text, or an error that says why there is none: missing, unreadable, or not
    /// UTF-8 (with the offset of the first byte that is not).
    static func text(_ path: String) throws(InputError) -> String {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            var isFolder: ObjCBool = false
            let reason =
                if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { "no such file" }
                else if isFolder.boolValue { "a folder, not a file" }
                else if !FileManager.default.isReadableFile(atPath: path) { "cannot be read (permission denied)" }
                else { "cannot be read (\(error.localizedDescription))" }
            throw InputError("\(path): \(reason)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = firstInvalidByte(data)
            let byte = offset < data.count ? String(format: " 0x%02X", data[data.startIndex + offset]) : ""
            throw InputError("\(path): not UTF-8 text (invalid byte\(byte) at offset \(offset))")
        }
        return text
    }

    /// The offset of the first byte that does not continue valid UTF-8.
    private static func firstInvalidByte(_ data: Data) -> Int {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
