// The floor: ICU line-break iteration plus one hb_shape per paragraph; see
// benchmark_peers.h.
#include "benchmark_peers.h"

#include <hb.h>
#include <stdlib.h>
#include <unicode/ubrk.h>

struct benchmark_peers_floor {
    hb_font_t *font;
    hb_buffer_t *buffer;
    UBreakIterator *lines;
};

benchmark_peers_floor *benchmark_peers_floor_create(const char *fontPath, const char *locale) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(fontPath);
    if (!blob) return NULL;
    hb_face_t *face = hb_face_create(blob, 0);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *lines = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        hb_face_destroy(face);
        return NULL;
    }
    benchmark_peers_floor *floor = calloc(1, sizeof *floor);
    floor->font = hb_font_create(face);
    hb_face_destroy(face);
    unsigned upem = hb_face_get_upem(hb_font_get_face(floor->font));
    hb_font_set_scale(floor->font, (int)upem, (int)upem);
    floor->buffer = hb_buffer_create();
    floor->lines = lines;
    return floor;
}

void benchmark_peers_floor_destroy(benchmark_peers_floor *floor) {
    if (!floor) return;
    ubrk_close(floor->lines);
    hb_buffer_destroy(floor->buffer);
    hb_font_destroy(floor->font);
    free(floor);
}

static int64_t paragraph(benchmark_peers_floor *floor, const uint16_t *text, int32_t length) {
    if (length == 0) return 0;
    int64_t work = 0;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(floor->lines, text, length, &status);
    if (U_FAILURE(status)) return -1;
    while (ubrk_next(floor->lines) != UBRK_DONE) work++;

    hb_buffer_clear_contents(floor->buffer);
    hb_buffer_add_utf16(floor->buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(floor->buffer);
    hb_shape(floor->font, floor->buffer, NULL, 0);
    return work + hb_buffer_get_length(floor->buffer);
}

int64_t benchmark_peers_floor_run(benchmark_peers_floor *floor, const uint16_t *text, int64_t length) {
    int64_t work = 0, start = 0;
    for (int64_t i = 0; i <= length; i++) {
        if (i == length || text[i] == '\n') {
            work += paragraph(floor, text + start, (int32_t)(i - start));
            start = i + 1;
        }
    }
    return work;
}
