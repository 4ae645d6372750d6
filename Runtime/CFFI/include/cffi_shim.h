/*
 * cffi_shim.h — the few lines of C the host needs around libffi.
 *
 * libffi's `ffi_type_*` descriptors are mutable C globals, which Swift 6 refuses to touch
 * (shared mutable state). These accessors hand out their addresses instead. libffi itself
 * comes from Debian's libffi-dev (found through pkg-config as "libffi").
 */
#ifndef CFFI_SHIM_H
#define CFFI_SHIM_H

#include <ffi.h>

ffi_type *cffi_type_void(void);
ffi_type *cffi_type_pointer(void);
ffi_type *cffi_type_sint32(void);
ffi_type *cffi_type_uint64(void);

/** FFI_DEFAULT_ABI, which is a macro Swift cannot import on every platform. */
ffi_abi cffi_default_abi(void);

#endif
