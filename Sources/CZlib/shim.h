#ifndef TRACEQ_CZLIB_SHIM_H
#define TRACEQ_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 and deflateInit2 are macros that pass the library version and the stream size;
/// Swift cannot call macros, so these inline wrappers do it.
static inline int traceq_inflateInit2(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

static inline int traceq_deflateInit2(z_streamp stream, int level, int windowBits) {
  return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
