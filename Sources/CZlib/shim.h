#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

// zlib for gzip-compressed answers (and, in the tests, for compressing them). Functions for the zlib macros Swift
// cannot call: inflateInit2 and deflateInit2 pass the library's version and the stream's size.

#include <zlib.h>

// A gzip stream only (RFC 1952: 15-bit window, plus 16 for the gzip wrapper): a zlib or raw deflate stream is refused.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

// Compresses to a gzip stream at the given level (as a server does).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
