#include "CGazetteer.h"
#include "gazetteer_version.h"

#include <zlib.h>

extern const unsigned char cgazetteer_bytes[];
extern const unsigned char cgazetteer_bytes_end[];

const unsigned char *cgazetteer_asset(void) {
    return cgazetteer_bytes;
}

size_t cgazetteer_compressed_size(void) {
    return (size_t)(cgazetteer_bytes_end - cgazetteer_bytes);
}

size_t cgazetteer_inflate(const unsigned char *block, size_t length, unsigned char *out, size_t capacity) {
    uLongf written = (uLongf)capacity;
    if (uncompress(out, &written, block, (uLong)length) != Z_OK) {
        return 0;
    }
    return (size_t)written;
}

const char *cgazetteer_source(void) {
    return GAZETTEER_SOURCE;
}
