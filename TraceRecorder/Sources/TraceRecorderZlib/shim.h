#ifndef TRACE_RECORDER_ZLIB_SHIM_H
#define TRACE_RECORDER_ZLIB_SHIM_H

// The system's zlib: part of the iOS and macOS SDKs, `zlib1g-dev` on Debian and Ubuntu.
#include <zlib.h>

/// deflateInit2 is a macro that passes the library version and the stream size; Swift cannot
/// call macros, so this inline wrapper does it.
static inline int trace_recorder_deflateInit2(z_streamp stream, int level, int windowBits) {
  return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
