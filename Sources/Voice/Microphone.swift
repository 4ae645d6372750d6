import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The default capture device, 16 kHz mono: through the sound server with pocketsphinx's own
/// audio library (`libsphinxad.so.3`, PulseAudio or PipeWire's Pulse service), else straight
/// from ALSA with `arecord`. Where there is neither, opening it says so and names what to try.
public final class Microphone: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private enum Source {
        case sphinxad(OpaquePointer, read: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?, Int32) -> Int32, close: @convention(c) (OpaquePointer?) -> Int32)
        case process(Process, FileHandle)
    }

    private let source: Source
    /// Which device it is, for the banner.
    public let description: String
    private let lock = NSLock()
    private var closed = false

    public init() throws(Failure) {
        let environment = ProcessInfo.processInfo.environment
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        let server = environment["PULSE_SERVER"] != nil || FileManager.default.fileExists(atPath: runtime + "/pulse/native")
        if server, let handle = dlopen("libsphinxad.so.3", RTLD_NOW | RTLD_LOCAL),
           let open = dlsym(handle, "ad_open_dev"), let start = dlsym(handle, "ad_start_rec"), let read = dlsym(handle, "ad_read"), let close = dlsym(handle, "ad_close") {
            typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> OpaquePointer?
            typealias Start = @convention(c) (OpaquePointer?) -> Int32
            if let device = unsafeBitCast(open, to: Open.self)(nil, Int32(AudioInput.sampleRate)), unsafeBitCast(start, to: Start.self)(device) >= 0 {
                source = .sphinxad(device, read: unsafeBitCast(read, to: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?, Int32) -> Int32).self),
                                   close: unsafeBitCast(close, to: (@convention(c) (OpaquePointer?) -> Int32).self))
                description = "the sound server's default source"
                return
            }
        }
        let captures = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd"))?.filter { $0.hasPrefix("pcmC") && $0.hasSuffix("c") } ?? []
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/arecord" }
        if !captures.isEmpty, let arecord = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arecord)
            process.arguments = ["-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", String(AudioInput.sampleRate)]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { throw Failure(description: "cannot start arecord: \(error.localizedDescription)") }
            source = .process(process, pipe.fileHandleForReading)
            description = "ALSA's default capture device (arecord)"
            return
        }
        throw Failure(description: "no audio capture device: no sound server (PulseAudio or PipeWire) " + (captures.isEmpty ? "and no capture device in /dev/snd" : "and no arecord (apt-get install alsa-utils)"))
    }

    /// The next samples as they come (blocking); nil once the device is gone or closed.
    public func read() -> [Int16]? {
        switch source {
        case .sphinxad(let device, let read, _):
            var buffer = [Int16](repeating: 0, count: 1_600)
            while true {
                // ad_read does not wait: it gives what has come, under the lock `close` takes.
                lock.lock()
                let count = closed ? -1 : buffer.withUnsafeMutableBufferPointer { read(device, $0.baseAddress, Int32($0.count)) }
                lock.unlock()
                if count < 0 { return nil }
                if count > 0 { return Array(buffer[0..<Int(count)]) }
                usleep(20_000)
            }
        case .process(_, let handle):
            let data = handle.readData(ofLength: 3_200)
            guard !data.isEmpty else { return nil }
            return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        switch source {
        case .sphinxad(let device, _, let close): _ = close(device)
        case .process(let process, _): process.terminate()
        }
    }

    deinit { close() }
}
