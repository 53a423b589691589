// CFontFuncs — the HarfBuzz font functions TextLayout shapes with, in C because
// HarfBuzz calls them for every character and glyph it shapes, and because their
// cache is shared by every thread: C11 atomics say so to the compiler and to
// ThreadSanitizer, where Swift has no atomic type that lives in an array.
#ifndef TL_FONT_FUNCS_H
#define TL_FONT_FUNCS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// HarfBuzz's font object (`hb_font_t`), opaque here.
typedef struct hb_font_t tl_hb_font;

/// A sub-font of `parent` that shapes exactly as `parent` does, but faster:
/// - it answers nominal-glyph questions (the cmap) from a cache of 256 entries,
///   direct-mapped by code point and shared by every thread, before it asks
///   `parent` (HarfBuzz 6 searches the cmap for every character it shapes);
/// - it grows each non-zero horizontal advance by `emboldening` font units (a
///   synthesized bold; 0 for none).
/// The caller owns the result (`hb_font_destroy`); it is made immutable.
tl_hb_font *tl_shaping_font_create(tl_hb_font *parent, int32_t emboldening);

/// The number of nominal-glyph questions `font` (made by `tl_shaping_font_create`)
/// has had to pass to its parent: the cache's misses, for tests.
uint64_t tl_shaping_font_cmap_misses(tl_hb_font *font);

#ifdef __cplusplus
}
#endif

#endif
