#ifndef CCOASTLINES_H
#define CCOASTLINES_H

#include <stddef.h>

/// The bundled coastlines and borders (scripts/generate-coastlines.py), as a zlib stream built into the program.
size_t ccoastlines_compressed_size(void);

/// The asset's size inflated.
size_t ccoastlines_inflated_size(void);

/// Inflates the coastlines into `out`, which holds `capacity` bytes; returns the bytes written, or 0 when it does not
/// fit or the stream is damaged.
size_t ccoastlines_inflate(unsigned char *out, size_t capacity);

#endif
