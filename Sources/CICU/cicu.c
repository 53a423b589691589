// The only file that includes ICU headers: see cicu.h for why.
#include "cicu.h"

#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

#include <stdio.h>

cicu_break_iterator *cicu_line_break_open(const char *locale, const cicu_char16 *text,
                                          int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &code);
    *status = (int32_t)code;
    return (cicu_break_iterator *)it;
}

void cicu_break_set_text(cicu_break_iterator *iterator, const cicu_char16 *text, int32_t length,
                         int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
    *status = (int32_t)code;
}

cicu_break_iterator *cicu_character_break_open(const cicu_char16 *text, int32_t length,
                                               int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_CHARACTER, "", (const UChar *)text, length, &code);
    *status = (int32_t)code;
    return (cicu_break_iterator *)it;
}

int32_t cicu_break_fill(cicu_break_iterator *iterator, int32_t *offsets, int32_t *ruleStatus,
                        int32_t capacity) {
    UBreakIterator *it = (UBreakIterator *)iterator;
    int32_t count = 0;
    while (count < capacity) {
        int32_t next = ubrk_next(it);
        if (next == UBRK_DONE) break;
        offsets[count] = next;
        if (ruleStatus) ruleStatus[count] = ubrk_getRuleStatus(it);
        count++;
    }
    return count;
}

int32_t cicu_break_following(cicu_break_iterator *iterator, int32_t offset, int32_t *ruleStatus) {
    UBreakIterator *it = (UBreakIterator *)iterator;
    int32_t next = ubrk_following(it, offset);
    if (next == UBRK_DONE) return -1;
    if (ruleStatus) *ruleStatus = ubrk_getRuleStatus(it);
    return next;
}

int32_t cicu_locale_for_language_tag(const char *tag, char *locale, int32_t capacity) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, locale, capacity, &parsed, &code);
    // A tag ICU reads only in part ("en-!") is malformed, not a shorter tag.
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || length <= 0 ||
        tag[parsed] != '\0') {
        return -1;
    }
    return length;
}

void cicu_break_close(cicu_break_iterator *iterator) {
    ubrk_close((UBreakIterator *)iterator);
}

cicu_bidi *cicu_bidi_open(const cicu_char16 *text, int32_t length, uint8_t paragraphLevel,
                          int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &code);
    if (U_SUCCESS(code)) {
        ubidi_setPara(bidi, (const UChar *)text, length, paragraphLevel, NULL, &code);
    }
    if (U_FAILURE(code) && bidi) {
        ubidi_close(bidi);
        bidi = NULL;
    }
    *status = (int32_t)code;
    return (cicu_bidi *)bidi;
}

uint8_t cicu_bidi_paragraph_level(const cicu_bidi *bidi) {
    return ubidi_getParaLevel((const UBiDi *)bidi);
}

void cicu_bidi_copy_levels(cicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UBiDiLevel *source = ubidi_getLevels((UBiDi *)bidi, &code);
    if (U_SUCCESS(code)) {
        for (int32_t i = 0; i < length; i++) levels[i] = source[i];
    }
    *status = (int32_t)code;
}

void cicu_bidi_close(cicu_bidi *bidi) {
    ubidi_close((UBiDi *)bidi);
}

int32_t cicu_script(int32_t codePoint) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(codePoint, &code);
    return U_FAILURE(code) ? USCRIPT_UNKNOWN : (int32_t)script;
}

const char *cicu_script_short_name(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

int32_t cicu_general_category(int32_t codePoint) {
    return (int32_t)u_charType(codePoint);
}

int32_t cicu_east_asian_width(int32_t codePoint) {
    return u_getIntPropertyValue(codePoint, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_is_emoji_presentation(int32_t codePoint) {
    return u_hasBinaryProperty(codePoint, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int32_t cicu_is_emoji(int32_t codePoint) {
    return u_hasBinaryProperty(codePoint, UCHAR_EMOJI) ? 1 : 0;
}

int32_t cicu_is_default_ignorable(int32_t codePoint) {
    return u_hasBinaryProperty(codePoint, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

int32_t cicu_paired_bracket_type(int32_t codePoint) {
    return u_getIntPropertyValue(codePoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}

int32_t cicu_bidi_class(int32_t codePoint) {
    return u_charDirection(codePoint);
}

int32_t cicu_paired_bracket(int32_t codePoint) {
    return u_getBidiPairedBracket(codePoint);
}

const char *cicu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}
