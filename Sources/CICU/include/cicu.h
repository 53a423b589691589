// CICU — the thin C shim over ICU that the Typesetting module uses.
//
// Why this exists: ICU's headers rename every public symbol with the library's
// major version (`ubrk_open` becomes `ubrk_open_72`) through macros, which Swift's
// C importer cannot see through. This header exposes exactly the ICU calls the
// engine needs under stable `cicu_` names, using only plain C types, so Swift
// imports it directly. Only cicu.c includes ICU headers.
//
// Status convention (ICU's): every call that can fail takes `int32_t *status`;
// a value > 0 is a failure, 0 success, < 0 a warning. Swift turns it into an
// error at one choke point (`ICUStatus`).
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// UTF-16 code unit, as ICU's UChar.
typedef uint16_t cicu_char16;

/// An opaque ICU break iterator (line or grapheme).
typedef struct cicu_break_iterator cicu_break_iterator;

/// Opens a UAX #14 line-break iterator over `text` for `locale` (which may carry
/// ICU's `@lb=strict|normal|loose` keyword). The text must outlive the iterator.
cicu_break_iterator *cicu_line_break_open(const char *locale, const cicu_char16 *text,
                                          int32_t length, int32_t *status);

/// Points an open iterator at new text (cheaper than opening another: the rules are
/// kept). The text must outlive its use.
void cicu_break_set_text(cicu_break_iterator *iterator, const cicu_char16 *text, int32_t length,
                         int32_t *status);

/// Opens a UAX #29 grapheme-cluster iterator over `text`.
cicu_break_iterator *cicu_character_break_open(const cicu_char16 *text, int32_t length,
                                               int32_t *status);

/// Fills up to `capacity` following boundaries into `offsets`, and for line
/// iterators the rule status of each (ICU: 100..199 means a mandatory break) into
/// `ruleStatus` (may be NULL). Returns how many were written; 0 at the end.
int32_t cicu_break_fill(cicu_break_iterator *iterator, int32_t *offsets, int32_t *ruleStatus,
                        int32_t capacity);

/// Moves the iterator to the first boundary after `offset` and returns it, with
/// its rule status in `ruleStatus` (may be NULL); -1 when there is none. A
/// following `cicu_break_fill` continues from there.
int32_t cicu_break_following(cicu_break_iterator *iterator, int32_t offset, int32_t *ruleStatus);

/// Writes the ICU locale ID of a BCP 47 language tag (`zh-Hant-TW` gives
/// `zh_Hant_TW`, `ja-u-lb-loose` gives `ja@lb=loose`) into `locale`, NUL-terminated.
/// Returns its length, or -1 when the tag is malformed or the ID does not fit.
int32_t cicu_locale_for_language_tag(const char *tag, char *locale, int32_t capacity);

/// Closes an iterator from `cicu_line_break_open` or `cicu_character_break_open`.
void cicu_break_close(cicu_break_iterator *iterator);

/// An opaque ICU bidi object (UBiDi).
typedef struct cicu_bidi cicu_bidi;

/// Runs the Unicode bidi algorithm (UAX #9) over one paragraph. `paragraphLevel`
/// is 0 (LTR), 1 (RTL) or 0xFE (auto, default LTR). The text must outlive the object.
cicu_bidi *cicu_bidi_open(const cicu_char16 *text, int32_t length, uint8_t paragraphLevel,
                          int32_t *status);

/// The resolved paragraph embedding level.
uint8_t cicu_bidi_paragraph_level(const cicu_bidi *bidi);

/// Copies the resolved level of every code unit (after rule L1) into `levels`,
/// which holds `length` bytes.
void cicu_bidi_copy_levels(cicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status);

/// Frees a bidi object.
void cicu_bidi_close(cicu_bidi *bidi);

/// The ICU script code (UScriptCode) of a code point.
int32_t cicu_script(int32_t codePoint);

/// The ISO 15924 four-letter code of an ICU script code ("Latn"), or NULL.
const char *cicu_script_short_name(int32_t script);

/// The general category of a code point as ICU's UCharCategory value.
int32_t cicu_general_category(int32_t codePoint);

/// East_Asian_Width of a code point: 0 N, 1 A, 2 H, 3 F, 4 Na, 5 W (UEastAsianWidth).
int32_t cicu_east_asian_width(int32_t codePoint);

/// Whether the code point has Emoji_Presentation.
int32_t cicu_is_emoji_presentation(int32_t codePoint);

/// Whether the code point has the Emoji property.
int32_t cicu_is_emoji(int32_t codePoint);

/// Whether the code point is Default_Ignorable_Code_Point.
int32_t cicu_is_default_ignorable(int32_t codePoint);

/// The bidi paired-bracket type: 0 none, 1 open, 2 close.
int32_t cicu_paired_bracket_type(int32_t codePoint);

/// The paired bracket of a bracket code point (itself when none).
int32_t cicu_paired_bracket(int32_t codePoint);

/// The bidi class (ICU's UCharDirection: 0 L, 1 R, 13 AL, …).
int32_t cicu_bidi_class(int32_t codePoint);

/// ICU's version string ("72.1").
const char *cicu_version(void);

#ifdef __cplusplus
}
#endif

#endif
