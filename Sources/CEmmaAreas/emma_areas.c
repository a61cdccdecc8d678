#include "CEmmaAreas.h"
#include "emma_areas_version.h"

#include <zlib.h>

extern const unsigned char cemmaareas_bytes[];
extern const unsigned char cemmaareas_bytes_end[];

size_t cemmaareas_compressed_size(void) {
    return (size_t)(cemmaareas_bytes_end - cemmaareas_bytes);
}

size_t cemmaareas_inflated_size(void) {
    return EMMA_AREAS_INFLATED_SIZE;
}

size_t cemmaareas_inflate(unsigned char *out, size_t capacity) {
    uLongf written = (uLongf)capacity;
    if (uncompress(out, &written, cemmaareas_bytes, (uLong)cemmaareas_compressed_size()) != Z_OK) {
        return 0;
    }
    return (size_t)written;
}
