/// The checks on an ELF file that `dlopen` would otherwise answer with a crash or a
/// misleading message ("No such file or directory" for a wrong architecture).
struct ELFImage {
    enum Problem: Equatable {
        case notELF
        case truncated(String)
        case wrongArchitecture(found: String, expected: String)
        case notASharedLibrary(String)
    }

    /// Checks `bytes` as a shared library for a machine like `host`'s (the running executable).
    static func check(_ bytes: UnsafeRawBufferPointer, likeHost host: UnsafeRawBufferPointer?) -> Problem? {
        guard bytes.count >= 4, bytes[0] == 0x7F, bytes[1] == UInt8(ascii: "E"), bytes[2] == UInt8(ascii: "L"), bytes[3] == UInt8(ascii: "F") else {
            return .notELF
        }
        guard bytes.count >= 64 else { return .truncated("the ELF header is cut short at \(bytes.count) bytes") }
        guard bytes[4] == 2 else { return .wrongArchitecture(found: "32-bit ELF", expected: "64-bit ELF") }
        guard bytes[5] == 1 else { return .wrongArchitecture(found: "big-endian ELF", expected: "little-endian ELF") }
        let type = u16(bytes, 16)
        guard type == 3 else {
            let kind = [1: "a relocatable object (.o)", 2: "an executable", 4: "a core dump"][Int(type)] ?? "ELF type \(type)"
            return .notASharedLibrary(kind)
        }
        if let host, host.count >= 20 {
            let machine = u16(bytes, 18)
            let hostMachine = u16(host, 18)
            if machine != hostMachine {
                return .wrongArchitecture(found: machineName(machine), expected: machineName(hostMachine))
            }
        }
        let size = UInt64(bytes.count)
        let phoff = u64(bytes, 32)
        let phentsize = UInt64(u16(bytes, 54))
        let phnum = UInt64(u16(bytes, 56))
        guard phoff + phnum * phentsize <= size else { return .truncated("program headers end past the file's \(size) bytes") }
        for i in 0..<phnum {
            let header = Int(phoff + i * phentsize)
            let segmentType = u32(bytes, header)
            // PT_INTERP: a position-independent executable, which glibc refuses to dlopen.
            if segmentType == 3 { return .notASharedLibrary("a position-independent executable") }
            guard segmentType == 1 else { continue }  // PT_LOAD
            let offset = u64(bytes, header + 8)
            let fileSize = u64(bytes, header + 32)
            guard offset + fileSize <= size else {
                return .truncated("a loadable segment ends at byte \(offset + fileSize), past the file's \(size) bytes")
            }
        }
        let shoff = u64(bytes, 40)
        let shentsize = UInt64(u16(bytes, 58))
        let shnum = UInt64(u16(bytes, 60))
        guard shoff + shnum * shentsize <= size else { return .truncated("section headers end past the file's \(size) bytes") }
        return nil
    }

    static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 62: "x86-64"
        case 183: "AArch64"
        case 3: "i386"
        case 40: "ARM"
        case 243: "RISC-V"
        default: "machine \(machine)"
        }
    }

    private static func u16(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    private static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }

    private static func u64(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
    }
}
