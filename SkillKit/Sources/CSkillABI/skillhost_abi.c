/* SwiftPM needs one source file per C target; the ABI itself is the header. This file also
 * compiles the header's static asserts once as C, whatever language includes it elsewhere. */
#include "skillhost_abi.h"
