import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// pocketsphinx (Debian's `libpocketsphinx3`, with `libsphinxbase3`), loaded with dlopen the
/// first time speech is listened to: the project builds and runs without it, and `listen` says
/// what to install where it is missing. The functions are looked up once.
struct Pocketsphinx: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    let args: @convention(c) () -> Pointer?
    let parse: @convention(c) (Pointer?, Pointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> Pointer?
    let freeConfig: @convention(c) (Pointer?) -> Int32
    let initialize: @convention(c) (Pointer?) -> Pointer?
    let free: @convention(c) (Pointer?) -> Int32
    let addWord: @convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    let logmath: @convention(c) (Pointer?) -> Pointer?
    let setLM: @convention(c) (Pointer?, UnsafePointer<CChar>?, Pointer?) -> Int32
    let setSearch: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let startUtterance: @convention(c) (Pointer?) -> Int32
    let processRaw: @convention(c) (Pointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    let endUtterance: @convention(c) (Pointer?) -> Int32
    let inSpeech: @convention(c) (Pointer?) -> UInt8
    let hypothesis: @convention(c) (Pointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    let probability: @convention(c) (Pointer?) -> Int32
    let nbest: @convention(c) (Pointer?) -> Pointer?
    let nbestNext: @convention(c) (Pointer?) -> Pointer?
    let nbestHypothesis: @convention(c) (Pointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    let nbestFree: @convention(c) (Pointer?) -> Void
    let readLM: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32, Pointer?) -> Pointer?
    let freeLM: @convention(c) (Pointer?) -> Int32
    let retainLM: @convention(c) (Pointer?) -> Pointer?
    let interpolate: @convention(c) (Pointer?, UnsafeMutablePointer<Pointer?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafePointer<Float>?, Int32) -> Pointer?
    let exponent: @convention(c) (Pointer?, Int32) -> Double

    static let shared: Result<Pocketsphinx, SpeechRecognizer.Failure> = Result { () throws(SpeechRecognizer.Failure) -> Pocketsphinx in try Pocketsphinx() }

    private init() throws(SpeechRecognizer.Failure) {
        let install = "apt-get install libpocketsphinx3 pocketsphinx-en-us, or scripts/install-system-packages.sh"
        // sphinxbase first and global: pocketsphinx's own references to it resolve to this copy.
        guard let base = dlopen("libsphinxbase.so.3", RTLD_NOW | RTLD_GLOBAL) else {
            throw .init(description: "listening needs pocketsphinx, which is not installed (\(String(cString: dlerror()))): \(install)")
        }
        guard let handle = dlopen("libpocketsphinx.so.3", RTLD_NOW | RTLD_LOCAL) else {
            throw .init(description: "listening needs pocketsphinx, which is not installed (\(String(cString: dlerror()))): \(install)")
        }
        func symbol<T>(_ name: String, in library: UnsafeMutableRawPointer = handle, as type: T.Type = T.self) throws(SpeechRecognizer.Failure) -> T {
            guard let address = dlsym(library, name) else { throw .init(description: "\(name) is missing from pocketsphinx (\(install))") }
            return unsafeBitCast(address, to: type)
        }
        args = try symbol("ps_args")
        parse = try symbol("cmd_ln_parse_r", in: base)
        freeConfig = try symbol("cmd_ln_free_r", in: base)
        initialize = try symbol("ps_init")
        free = try symbol("ps_free")
        addWord = try symbol("ps_add_word")
        logmath = try symbol("ps_get_logmath")
        setLM = try symbol("ps_set_lm")
        setSearch = try symbol("ps_set_search")
        startUtterance = try symbol("ps_start_utt")
        processRaw = try symbol("ps_process_raw")
        endUtterance = try symbol("ps_end_utt")
        inSpeech = try symbol("ps_get_in_speech")
        hypothesis = try symbol("ps_get_hyp")
        probability = try symbol("ps_get_prob")
        nbest = try symbol("ps_nbest")
        nbestNext = try symbol("ps_nbest_next")
        nbestHypothesis = try symbol("ps_nbest_hyp")
        nbestFree = try symbol("ps_nbest_free")
        readLM = try symbol("ngram_model_read", in: base)
        freeLM = try symbol("ngram_model_free", in: base)
        retainLM = try symbol("ngram_model_retain", in: base)
        interpolate = try symbol("ngram_model_set_init", in: base)
        exponent = try symbol("logmath_exp", in: base)
    }

    /// A configuration from command-line style arguments ("-hmm", path, …).
    func configuration(_ arguments: [String]) -> Pointer? {
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { Glibc.free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            parse(nil, args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
    }
}
