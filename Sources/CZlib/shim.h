// zlib, for the PNG encoder of TextRendering (PNGEncoder.swift): deflate and crc32.
#include <zlib.h>

// deflateInit2 is a macro that passes zlib's version and the size of z_stream,
// which Swift cannot import; this inline function is that macro, for Swift.
static inline int czlib_deflate_init(z_streamp stream, int level, int memLevel, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, memLevel, strategy);
}
