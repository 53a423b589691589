// The Pango peer: see benchmark_peers.h.
#include "benchmark_peers.h"

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

struct benchmark_peers_pango {
    PangoFontMap *fontMap;
    PangoFontDescription *description;
    cairo_font_options_t *options;
    PangoContext *context;      // of the last layout; owned
    PangoLayout **layouts;      // of the last layout; owned
    int64_t *offsets;           // byte offset of each layout's text in the whole
    int64_t count, capacity;
    char **markupTexts;         // each paragraph's text, parsed from the last markup set; owned
    PangoAttrList **markupAttributes;  // each paragraph's attributes; owned
    int64_t markupCount;
};

benchmark_peers_pango *benchmark_peers_pango_create(const char *const *fontPaths, int32_t fontCount,
                                                    const char *family, double pixelSize) {
    FcConfig *config = FcConfigCreate();
    for (int32_t i = 0; i < fontCount; i++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)fontPaths[i])) {
            FcConfigDestroy(config);
            return NULL;
        }
    }
    benchmark_peers_pango *peer = calloc(1, sizeof *peer);
    peer->fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(peer->fontMap), config);
    FcConfigDestroy(config);  // the font map holds its own reference
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(peer->fontMap), 72.0);
    peer->description = pango_font_description_from_string(family);
    pango_font_description_set_absolute_size(peer->description, pixelSize * PANGO_SCALE);
    peer->options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(peer->options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(peer->options, CAIRO_HINT_STYLE_NONE);
    return peer;
}

void benchmark_peers_pango_release(benchmark_peers_pango *peer) {
    for (int64_t i = 0; i < peer->count; i++) g_object_unref(peer->layouts[i]);
    peer->count = 0;
    if (peer->context) g_object_unref(peer->context);
    peer->context = NULL;
}

static void free_markup(benchmark_peers_pango *peer) {
    for (int64_t i = 0; i < peer->markupCount; i++) {
        g_free(peer->markupTexts[i]);
        if (peer->markupAttributes[i]) pango_attr_list_unref(peer->markupAttributes[i]);
    }
    free(peer->markupTexts);
    free(peer->markupAttributes);
    peer->markupTexts = NULL;
    peer->markupAttributes = NULL;
    peer->markupCount = 0;
}

void benchmark_peers_pango_destroy(benchmark_peers_pango *peer) {
    if (!peer) return;
    benchmark_peers_pango_release(peer);
    free_markup(peer);
    free(peer->layouts);
    free(peer->offsets);
    cairo_font_options_destroy(peer->options);
    pango_font_description_free(peer->description);
    g_object_unref(peer->fontMap);
    free(peer);
}

static void keep(benchmark_peers_pango *peer, PangoLayout *layout, int64_t offset) {
    if (peer->count == peer->capacity) {
        peer->capacity = peer->capacity ? 2 * peer->capacity : 1024;
        peer->layouts = realloc(peer->layouts, peer->capacity * sizeof *peer->layouts);
        peer->offsets = realloc(peer->offsets, peer->capacity * sizeof *peer->offsets);
    }
    peer->layouts[peer->count] = layout;
    peer->offsets[peer->count] = offset;
    peer->count++;
}

static PangoLayout *layout_text(benchmark_peers_pango *peer, const char *text, int64_t length, double width) {
    PangoLayout *layout = pango_layout_new(peer->context);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_text(layout, text, (int)length);
    return layout;
}

// A new context for the next layouts, the last ones released.
static void new_context(benchmark_peers_pango *peer) {
    benchmark_peers_pango_release(peer);
    peer->context = pango_font_map_create_context(peer->fontMap);
    pango_cairo_context_set_font_options(peer->context, peer->options);
    pango_context_set_round_glyph_positions(peer->context, FALSE);
    pango_context_set_font_description(peer->context, peer->description);
    pango_context_set_language(peer->context, pango_language_from_string("en"));
}

int64_t benchmark_peers_pango_layout(benchmark_peers_pango *peer, const char *text, int64_t length,
                                     double width, int32_t perParagraph) {
    new_context(peer);
    int64_t lines = 0;
    if (!perParagraph) {
        PangoLayout *layout = layout_text(peer, text, length, width);
        lines += pango_layout_get_line_count(layout);
        keep(peer, layout, 0);
        return lines;
    }
    int64_t start = 0;
    while (start <= length) {
        const char *newline = memchr(text + start, '\n', (size_t)(length - start));
        int64_t end = newline ? newline - text : length;
        // A text ending in '\n' has an empty last paragraph, as in TextLayout (and TextKit).
        PangoLayout *layout = layout_text(peer, text + start, end - start, width);
        lines += pango_layout_get_line_count(layout);
        keep(peer, layout, start);
        start = end + 1;
    }
    return lines;
}

int64_t benchmark_peers_pango_set_markup(benchmark_peers_pango *peer, const char *markup, int64_t length) {
    free_markup(peer);
    int64_t capacity = 1;
    for (int64_t i = 0; i < length; i++) capacity += markup[i] == '\n';
    peer->markupTexts = calloc((size_t)capacity, sizeof *peer->markupTexts);
    peer->markupAttributes = calloc((size_t)capacity, sizeof *peer->markupAttributes);
    int64_t start = 0;
    while (start <= length) {
        const char *newline = memchr(markup + start, '\n', (size_t)(length - start));
        int64_t end = newline ? newline - markup : length;
        int64_t index = peer->markupCount++;
        if (!pango_parse_markup(markup + start, (int)(end - start), 0, &peer->markupAttributes[index],
                                &peer->markupTexts[index], NULL, NULL)) {
            return -1 - index;
        }
        start = end + 1;
    }
    return 0;
}

int64_t benchmark_peers_pango_layout_markup(benchmark_peers_pango *peer, double width) {
    new_context(peer);
    int64_t lines = 0;
    int64_t offset = 0;
    for (int64_t i = 0; i < peer->markupCount; i++) {
        const char *text = peer->markupTexts[i];
        int64_t length = (int64_t)strlen(text);
        PangoLayout *layout = layout_text(peer, text, length, width);
        pango_layout_set_attributes(layout, peer->markupAttributes[i]);
        lines += pango_layout_get_line_count(layout);
        keep(peer, layout, offset);
        offset += length + 1;
    }
    return lines;
}

int64_t benchmark_peers_pango_line_ranges(benchmark_peers_pango *peer, int64_t *starts,
                                          int64_t *lengths, int64_t *widths, int64_t capacity) {
    int64_t n = 0;
    for (int64_t i = 0; i < peer->count; i++) {
        for (GSList *l = pango_layout_get_lines_readonly(peer->layouts[i]); l; l = l->next) {
            PangoLayoutLine *line = l->data;
            if (n < capacity) {
                starts[n] = peer->offsets[i] + line->start_index;
                lengths[n] = line->length;
                if (widths) {
                    PangoRectangle logical;
                    pango_layout_line_get_extents(line, NULL, &logical);
                    widths[n] = logical.width;
                }
            }
            n++;
        }
    }
    return n;
}

int64_t benchmark_peers_pango_rewrap(benchmark_peers_pango *peer, double width) {
    int64_t lines = 0;
    for (int64_t i = 0; i < peer->count; i++) {
        pango_layout_set_width(peer->layouts[i], (int)(width * PANGO_SCALE));
        lines += pango_layout_get_line_count(peer->layouts[i]);
    }
    return lines;
}
