#include "CGazetteer.h"
#include "gazetteer_version.h"

#include <zlib.h>

extern const unsigned char cgazetteer_bytes[];
extern const unsigned char cgazetteer_bytes_end[];

size_t cgazetteer_compressed_size(void) {
    return (size_t)(cgazetteer_bytes_end - cgazetteer_bytes);
}

size_t cgazetteer_inflated_size(void) {
    return GAZETTEER_INFLATED_SIZE;
}

size_t cgazetteer_inflate(unsigned char *out, size_t capacity) {
    uLongf written = (uLongf)capacity;
    if (uncompress(out, &written, cgazetteer_bytes, (uLong)cgazetteer_compressed_size()) != Z_OK) {
        return 0;
    }
    return (size_t)written;
}

const char *cgazetteer_source(void) {
    return GAZETTEER_SOURCE;
}
