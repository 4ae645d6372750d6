import CFFI

/// A plain C function pointer made at run time with libffi: calling `code` runs the
/// trampoline with the arguments and the bound user data. No context argument reaches the
/// caller, which is what lets the host bind identity into a function pointer.
final class FFIClosure: @unchecked Sendable {
    // @unchecked: every field is written during init and `bind` (before the code pointer is
    // handed out) and never after; libffi's closures are safe to call from any thread.
    typealias Trampoline = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?
    ) -> Void

    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private let closure: UnsafeMutablePointer<ffi_closure>
    private let trampoline: Trampoline
    /// The executable address to call as a C function.
    let code: UnsafeMutableRawPointer

    init(returning returnType: UnsafeMutablePointer<ffi_type>, arguments: [UnsafeMutablePointer<ffi_type>], trampoline: @escaping Trampoline) throws(LoaderError) {
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(arguments.count, 1))
        for (i, type) in arguments.enumerated() { (argumentTypes + i).initialize(to: type) }
        self.trampoline = trampoline
        var codePointer: UnsafeMutableRawPointer?
        guard let raw = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &codePointer), let codePointer else {
            throw LoaderError(.loadFailed, path: "libffi", "ffi_closure_alloc failed: out of executable memory")
        }
        closure = raw.bindMemory(to: ffi_closure.self, capacity: 1)
        code = codePointer
        guard ffi_prep_cif(cif, cffi_default_abi(), UInt32(arguments.count), returnType, argumentTypes) == FFI_OK else {
            throw LoaderError(.loadFailed, path: "libffi", "ffi_prep_cif failed")
        }
    }

    /// Makes the code pointer live, passing `userData` to the trampoline on every call.
    func bind(userData: UnsafeMutableRawPointer) {
        ffi_prep_closure_loc(closure, cif, trampoline, userData, code)
    }
}
