#ifndef CICU_H
#define CICU_H

#include <stdint.h>

// The few ICU calls keyinput coverage makes, behind plain C types: ICU's own
// headers clash with the copy Foundation bundles, and ICU renames each
// function with its version (ulocdata_open_72) through macros Swift cannot import.
// ICU is loaded at the first call (dlopen), so only programs that ask pay for it.

/// Why ICU could not be opened (it is opened at the first call of any function here), or NULL.
/// Without ICU the functions below answer as for unknown data: NULL, -1 or 0.
const char *cicu_open_error(void);

/// A set of exemplar characters (an ICU USet).
typedef struct CICUSet CICUSet;

/// The CLDR standard exemplar set of a locale (close it with cicu_set_close), or NULL.
/// `*fallback` is set to 1 when ICU had no data of the locale's own.
CICUSet *cicu_exemplar_set(const char *locale, int32_t *fallback);
void cicu_set_close(CICUSet *set);
int32_t cicu_set_item_count(const CICUSet *set);
/// Item `index`: a range (returns 0, fills start and end) or a string
/// (returns its UTF-16 length, written to text); -1 on error.
int32_t cicu_set_item(const CICUSet *set, int32_t index, int32_t *start, int32_t *end, uint16_t *text, int32_t capacity);

/// The simple title-case mapping of a code point (Georgian letters map to themselves).
int32_t cicu_totitle(int32_t c);
/// The canonical locale ID (ISO 639-2/T and -3 codes become two letters where one exists); -1 on error.
int32_t cicu_canonicalize(const char *locale, char *buffer, int32_t capacity);
int32_t cicu_available_count(void);
const char *cicu_available(int32_t index);
/// The NULL-terminated list of language codes ICU knows.
const char *const *cicu_iso_languages(void);
/// The locale's English name in UTF-16; -1 on error.
int32_t cicu_english_name(const char *locale, uint16_t *buffer, int32_t capacity);

#endif
