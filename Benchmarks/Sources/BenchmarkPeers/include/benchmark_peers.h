// BenchmarkPeers — the engines TextLayout is measured against, in C.
//
// Why this exists: Pango is a GObject C API and ICU renames its symbols per
// version (`ubrk_open` → `ubrk_open_72`), which Swift cannot import; both are
// called from here, behind `benchmark_peers_` names with plain C types. Only
// this target includes Pango, ICU and HarfBuzz headers.
#ifndef BENCHMARK_PEERS_H
#define BENCHMARK_PEERS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Pango set up like TextLayout: a private fontconfig configuration holding only
/// the given font files, a PangoCairo (FreeType) font map at 72 dpi so a point is a
/// pixel, hint metrics off, hinting off, glyph positions not rounded.
typedef struct benchmark_peers_pango benchmark_peers_pango;

/// Creates the Pango peer; `family` at `pixelSize` is the font of every layout.
/// Returns NULL when a font file cannot be added.
benchmark_peers_pango *benchmark_peers_pango_create(const char *const *fontPaths, int32_t fontCount,
                                                    const char *family, double pixelSize);

/// Frees the peer and every layout it keeps.
void benchmark_peers_pango_destroy(benchmark_peers_pango *peer);

/// Lays out UTF-8 `text` at `width` points in a new PangoContext: one PangoLayout
/// per paragraph (split at '\n') when `perParagraph`, else one for the whole text.
/// The layouts are kept (as a text view would) until the next call or
/// `benchmark_peers_pango_release`. Returns the number of lines.
int64_t benchmark_peers_pango_layout(benchmark_peers_pango *peer, const char *text, int64_t length,
                                     double width, int32_t perParagraph);

/// Parses UTF-8 Pango `markup` with `pango_parse_markup`, one paragraph per line
/// (split at '\n'), and keeps each paragraph's text and attributes for
/// `benchmark_peers_pango_layout_markup`, so that parsing is outside what is timed.
/// Returns 0, or -1 - i when Pango refuses the markup of paragraph i.
int64_t benchmark_peers_pango_set_markup(benchmark_peers_pango *peer, const char *markup, int64_t length);

/// Lays out the paragraphs of the last markup set at `width` points in a new
/// PangoContext, one PangoLayout each (`pango_layout_set_text` and
/// `pango_layout_set_attributes`), kept as `benchmark_peers_pango_layout` keeps
/// them; their text offsets are those of the paragraphs' texts joined by '\n'.
/// Returns the number of lines.
int64_t benchmark_peers_pango_layout_markup(benchmark_peers_pango *peer, double width);

/// Sets the width of every kept layout to `width` and lays them out again;
/// returns the number of lines.
int64_t benchmark_peers_pango_rewrap(benchmark_peers_pango *peer, double width);

/// Frees the layouts of the last `benchmark_peers_pango_layout`.
void benchmark_peers_pango_release(benchmark_peers_pango *peer);

/// The lines of the last layout as UTF-8 byte ranges of the whole text: writes up
/// to `capacity` starts and lengths and, unless `widths` is NULL, each line's
/// logical width in Pango units (1/1024 pt); returns the number of lines.
int64_t benchmark_peers_pango_line_ranges(benchmark_peers_pango *peer, int64_t *starts,
                                          int64_t *lengths, int64_t *widths, int64_t capacity);

/// The floor: for each paragraph of UTF-16 text (split at '\n'), ICU's line-break
/// iteration over it and one `hb_shape` of it, whole, in one font. No itemization,
/// no fallback, no line building: what any engine on these libraries must pay.
typedef struct benchmark_peers_floor benchmark_peers_floor;

/// Creates the floor over the font file at `fontPath` (face 0, scaled to its units
/// per em, as TextLayout shapes); NULL when the file is not a font.
benchmark_peers_floor *benchmark_peers_floor_create(const char *fontPath, const char *locale);

/// Frees the floor.
void benchmark_peers_floor_destroy(benchmark_peers_floor *floor);

/// Runs the floor over `text`; returns break opportunities plus glyphs, so the work
/// cannot be optimized away.
int64_t benchmark_peers_floor_run(benchmark_peers_floor *floor, const uint16_t *text, int64_t length);

// Gives the heap's free memory back to the system, in every malloc arena
// (glibc's malloc_trim(0)), so a memory probe that runs next starts from pages
// in use only: memory freed before it, kept by malloc, would otherwise be
// reused without being counted. Returns whether any memory was given back.
int32_t benchmark_peers_trim_heap(void);

#ifdef __cplusplus
}
#endif

#endif
