#include "CICU.h"

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/uset.h>

CICUSet *cicu_exemplar_set(const char *locale, int32_t *fallback) {
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &status);
    if (U_FAILURE(status)) return NULL;
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, ULOCDATA_ES_STANDARD, &status);
    *fallback = status == U_USING_FALLBACK_WARNING || status == U_USING_DEFAULT_WARNING;
    ulocdata_close(data);
    return U_FAILURE(status) ? NULL : (CICUSet *)set;
}

void cicu_set_close(CICUSet *set) { uset_close((USet *)set); }

int32_t cicu_set_item_count(const CICUSet *set) { return uset_getItemCount((const USet *)set); }

int32_t cicu_set_item(const CICUSet *set, int32_t index, int32_t *start, int32_t *end, uint16_t *text, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uset_getItem((const USet *)set, index, start, end, (UChar *)text, capacity, &status);
    return U_FAILURE(status) ? -1 : length;
}

int32_t cicu_totitle(int32_t c) { return u_totitle(c); }

int32_t cicu_canonicalize(const char *locale, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_canonicalize(locale, buffer, capacity, &status);
    return U_FAILURE(status) || length >= capacity ? -1 : length;
}

int32_t cicu_available_count(void) { return uloc_countAvailable(); }

const char *cicu_available(int32_t index) { return uloc_getAvailable(index); }

const char *const *cicu_iso_languages(void) { return uloc_getISOLanguages(); }

int32_t cicu_english_name(const char *locale, uint16_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayName(locale, "en", (UChar *)buffer, capacity, &status);
    return U_FAILURE(status) || length > capacity ? -1 : length;
}
