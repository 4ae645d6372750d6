#include "cffi_shim.h"

ffi_type *cffi_type_void(void) { return &ffi_type_void; }
ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
ffi_abi cffi_default_abi(void) { return FFI_DEFAULT_ABI; }
