#ifndef TRACEQ_CISAL_SHIM_H
#define TRACEQ_CISAL_SHIM_H

// Intel ISA-L's inflate (igzip), several times faster than zlib's on x86-64 and arm64.
#include <isa-l/igzip_lib.h>

#endif
