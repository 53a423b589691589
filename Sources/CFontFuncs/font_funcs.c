// The font functions of `font_funcs.h`. See there for what they are for.
#include "font_funcs.h"

#include <hb.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum {
    // Entries of the cmap cache: code points that agree in their low 8 bits share one.
    cache_bits = 8,
    cache_size = 1 << cache_bits,
    // Code points the cache holds: below 2^21 (all of Unicode).
    cache_limit = 1 << 21,
};

// What a shaping font carries besides its parent: the cmap cache, the emboldening,
// and the count of questions passed on.
//
// An entry is one 32-bit word, so a thread reads a whole answer or none: bits 16…29
// are the code point above its low 8 bits plus one (0: empty), bits 0…15 the glyph.
// Glyph ids above 0xFFFF are never cached (OpenType's are 16 bits; a larger one
// is asked of the parent every time). Relaxed order is enough: an entry is written
// whole, and any entry read, old or new, is a true answer of the parent's.
typedef struct {
    int32_t emboldening;
    _Atomic uint32_t entries[cache_size];
    // On a cache line of its own: threads that miss write it, threads that hit
    // should not have to fetch it back.
    _Alignas(64) _Atomic uint64_t misses;
} shaping_font_data;

// The key the font's data is also kept under, for `tl_shaping_font_cmap_misses`
// (HarfBuzz gives no way to read a font's function data back).
static hb_user_data_key_t data_key;

static inline uint32_t entry_tag(hb_codepoint_t unicode) { return (unicode >> cache_bits) + 1; }

// The parent's nominal glyph for `unicode`, through the cache.
static inline hb_bool_t cached_nominal_glyph(hb_font_t *font, shaping_font_data *data, hb_codepoint_t unicode,
                                             hb_codepoint_t *glyph) {
    if (unicode < cache_limit) {
        uint32_t entry = atomic_load_explicit(&data->entries[unicode & (cache_size - 1)], memory_order_relaxed);
        if (entry >> 16 == entry_tag(unicode)) {
            *glyph = entry & 0xFFFF;
            return 1;
        }
    }
    atomic_fetch_add_explicit(&data->misses, 1, memory_order_relaxed);
    hb_bool_t found = hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, glyph);
    // Only glyphs found are kept: a character the face lacks is rare in text set in
    // it (the cascade gives it another face), and asking again gives the same no.
    if (found && unicode < cache_limit && *glyph <= 0xFFFF) {
        atomic_store_explicit(&data->entries[unicode & (cache_size - 1)], entry_tag(unicode) << 16 | *glyph,
                              memory_order_relaxed);
    }
    return found;
}

static hb_bool_t nominal_glyph(hb_font_t *font, void *font_data, hb_codepoint_t unicode, hb_codepoint_t *glyph,
                               void *user_data) {
    (void)user_data;
    return cached_nominal_glyph(font, font_data, unicode, glyph);
}

// As HarfBuzz asks: the glyphs of `count` code points (each `unicode_stride` bytes
// after the last) up to the first the face lacks; returns how many it found.
static unsigned int nominal_glyphs(hb_font_t *font, void *font_data, unsigned int count,
                                   const hb_codepoint_t *first_unicode, unsigned int unicode_stride,
                                   hb_codepoint_t *first_glyph, unsigned int glyph_stride, void *user_data) {
    (void)user_data;
    const char *unicode = (const char *)first_unicode;
    char *glyph = (char *)first_glyph;
    for (unsigned int i = 0; i < count; i++) {
        if (!cached_nominal_glyph(font, font_data, *(const hb_codepoint_t *)unicode, (hb_codepoint_t *)glyph))
            return i;
        unicode += unicode_stride;
        glyph += glyph_stride;
    }
    return count;
}

// The parent's advances, each non-zero one grown by the emboldening.
static void glyph_h_advances(hb_font_t *font, void *font_data, unsigned int count, const hb_codepoint_t *first_glyph,
                             unsigned int glyph_stride, hb_position_t *first_advance, unsigned int advance_stride,
                             void *user_data) {
    (void)user_data;
    hb_font_get_glyph_h_advances(hb_font_get_parent(font), count, first_glyph, glyph_stride, first_advance,
                                 advance_stride);
    int32_t emboldening = ((shaping_font_data *)font_data)->emboldening;
    if (emboldening == 0) return;
    char *advance = (char *)first_advance;
    for (unsigned int i = 0; i < count; i++, advance += advance_stride) {
        hb_position_t *value = (hb_position_t *)advance;
        if (*value != 0) *value += emboldening;
    }
}

// The one function table, made on first use and kept for the process.
static hb_font_funcs_t *shaping_funcs(void) {
    static _Atomic(hb_font_funcs_t *) shared = NULL;
    hb_font_funcs_t *funcs = atomic_load_explicit(&shared, memory_order_acquire);
    if (funcs) return funcs;
    funcs = hb_font_funcs_create();
    hb_font_funcs_set_nominal_glyph_func(funcs, nominal_glyph, NULL, NULL);
    hb_font_funcs_set_nominal_glyphs_func(funcs, nominal_glyphs, NULL, NULL);
    hb_font_funcs_set_glyph_h_advances_func(funcs, glyph_h_advances, NULL, NULL);
    hb_font_funcs_make_immutable(funcs);
    hb_font_funcs_t *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit(&shared, &expected, funcs, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        hb_font_funcs_destroy(funcs);  // another thread made it first
        funcs = expected;
    }
    return funcs;
}

tl_hb_font *tl_shaping_font_create(tl_hb_font *parent, int32_t emboldening) {
    shaping_font_data *data = aligned_alloc(_Alignof(shaping_font_data), sizeof(shaping_font_data));
    // Out of memory, as Swift's allocations do: a font without its emboldening
    // would shape wrong, and silently.
    if (!data) abort();
    memset(data, 0, sizeof(shaping_font_data));  // every entry empty, no misses
    data->emboldening = emboldening;
    hb_font_t *font = hb_font_create_sub_font(parent);
    hb_font_set_funcs(font, shaping_funcs(), data, free);
    hb_font_set_user_data(font, &data_key, data, NULL, 1);
    hb_font_make_immutable(font);
    return font;
}

uint64_t tl_shaping_font_cmap_misses(tl_hb_font *font) {
    shaping_font_data *data = hb_font_get_user_data(font, &data_key);
    return data ? atomic_load_explicit(&data->misses, memory_order_relaxed) : 0;
}
