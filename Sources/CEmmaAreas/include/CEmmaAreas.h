#ifndef CEMMAAREAS_H
#define CEMMAAREAS_H

#include <stddef.h>

/// MeteoAlarm's warning areas (scripts/generate-emma-areas.py), as a zlib stream built into the program.
size_t cemmaareas_compressed_size(void);

/// The asset's size inflated.
size_t cemmaareas_inflated_size(void);

/// Inflates the areas into `out`, which holds `capacity` bytes; returns the bytes written, or 0 when it does not fit or
/// the stream is damaged.
size_t cemmaareas_inflate(unsigned char *out, size_t capacity);

#endif
