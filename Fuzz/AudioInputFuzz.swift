// A libFuzzer target for the WAV reader (Voice's AudioInput): any bytes, as a file given to
// `skillhost listen` or a body POSTed to /v1/conversations/{id}/speech. Compiled with
// Sources/Voice/AudioInput.swift by scripts/fuzz.sh (not part of the package build). Every
// input is refused by name or read as 16 kHz samples no more numerous than its frames allow.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func audioInputFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let audio = try AudioInput.decode(bytes, name: "input")
        // At most 16000 samples a second of the slowest rate read (4 kHz) from every byte.
        guard audio.samples.count <= size * 4 + 16 else { fatalError("\(audio.samples.count) samples from \(size) bytes") }
    } catch {
        guard !error.description.isEmpty, error.description.hasPrefix("input") else { fatalError("a refusal that names nothing: \(error)") }
    }
    return 0
}
