import Glibc

/// The resident pages of a retired library's code. A retired image is never unloaded (Swift
/// images must not be), but its code pages are clean copies of its shadow file: giving them
/// back lets the kernel reclaim them, and should the retired code ever run again (a late
/// callback) they are read back from the file. Data pages are left alone — they hold
/// relocations and state that exist nowhere else.
enum ImagePages {
    /// Releases the resident code pages of every executable mapping of `path`.
    /// Returns how many bytes of mappings were released.
    @discardableResult
    static func releaseCode(of path: String) -> Int {
        guard let file = fopen("/proc/self/maps", "r") else { return 0 }
        defer { fclose(file) }
        var released = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBufferPointer({ fgets(UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), Int32($0.count), file) }) != nil {
            let length = buffer.firstIndex(of: 0) ?? buffer.count
            var text = String(decoding: buffer[..<length], as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            // "start-end perms offset dev inode   path"
            let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1] == "r-xp", fields[5].drop(while: { $0 == " " }) == path else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), end > start,
                let address = UnsafeMutableRawPointer(bitPattern: start)
            else { continue }
            if madvise(address, Int(end - start), MADV_DONTNEED) == 0 { released += Int(end - start) }
        }
        return released
    }
}

