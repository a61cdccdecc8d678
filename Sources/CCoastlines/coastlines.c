#include "CCoastlines.h"
#include "coastlines_version.h"

#include <zlib.h>

extern const unsigned char ccoastlines_bytes[];
extern const unsigned char ccoastlines_bytes_end[];

size_t ccoastlines_compressed_size(void) {
    return (size_t)(ccoastlines_bytes_end - ccoastlines_bytes);
}

size_t ccoastlines_inflated_size(void) {
    return COASTLINES_INFLATED_SIZE;
}

size_t ccoastlines_inflate(unsigned char *out, size_t capacity) {
    uLongf written = (uLongf)capacity;
    if (uncompress(out, &written, ccoastlines_bytes, (uLong)ccoastlines_compressed_size()) != Z_OK) {
        return 0;
    }
    return (size_t)written;
}
