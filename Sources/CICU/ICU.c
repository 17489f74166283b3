#include "CICU.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/uset.h>

// ICU is opened at the first call, not at start-up: a program that links this module and never
// asks (date-picker-demo, most keyinput commands) does not map ICU's libraries and data.
// ICU's headers rename each function with its version (ulocdata_open is ulocdata_open_72), so
// NAME spells the symbol these headers mean, and the library's name carries the same version.
#define STRING(x) #x
#define NAME(x) STRING(x)
#define ICU_LIBRARY "libicui18n.so." NAME(U_ICU_VERSION_MAJOR_NUM)

#define ICU_FUNCTIONS(X)                                                                                \
    X(ulocdata_open) X(ulocdata_getExemplarSet) X(ulocdata_close) X(uset_close) X(uset_getItemCount)   \
    X(uset_getItem) X(u_totitle) X(uloc_canonicalize) X(uloc_countAvailable) X(uloc_getAvailable)      \
    X(uloc_getISOLanguages) X(uloc_getDisplayName)

static struct {
#define FIELD(function) __typeof__(&function) function;
    ICU_FUNCTIONS(FIELD)
#undef FIELD
} icu;

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static char icu_error[512];

static void icu_open(void) {
    // The i18n library depends on the common one: symbols of both are found through it.
    void *library = dlopen(ICU_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(icu_error, sizeof icu_error, "%s", dlerror());
        return;
    }
#define LOOK_UP(function)                                                                                    \
    if ((icu.function = (__typeof__(icu.function))dlsym(library, NAME(function))) == NULL) {              \
        snprintf(icu_error, sizeof icu_error, "%s has no %s", ICU_LIBRARY, NAME(function));                \
        return;                                                                                              \
    }
    ICU_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
}

const char *cicu_open_error(void) {
    pthread_once(&icu_once, icu_open);
    return icu_error[0] == 0 ? NULL : icu_error;
}

#define REQUIRE_ICU(failure) \
    if (cicu_open_error() != NULL) return failure

CICUSet *cicu_exemplar_set(const char *locale, int32_t *fallback) {
    REQUIRE_ICU(NULL);
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = icu.ulocdata_open(locale, &status);
    if (U_FAILURE(status)) return NULL;
    USet *set = icu.ulocdata_getExemplarSet(data, NULL, 0, ULOCDATA_ES_STANDARD, &status);
    *fallback = status == U_USING_FALLBACK_WARNING || status == U_USING_DEFAULT_WARNING;
    icu.ulocdata_close(data);
    return U_FAILURE(status) ? NULL : (CICUSet *)set;
}

void cicu_set_close(CICUSet *set) {
    if (set != NULL) icu.uset_close((USet *)set);
}

int32_t cicu_set_item_count(const CICUSet *set) { return icu.uset_getItemCount((const USet *)set); }

int32_t cicu_set_item(const CICUSet *set, int32_t index, int32_t *start, int32_t *end, uint16_t *text, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu.uset_getItem((const USet *)set, index, start, end, (UChar *)text, capacity, &status);
    return U_FAILURE(status) ? -1 : length;
}

int32_t cicu_totitle(int32_t c) {
    REQUIRE_ICU(c);
    return icu.u_totitle(c);
}

int32_t cicu_canonicalize(const char *locale, char *buffer, int32_t capacity) {
    REQUIRE_ICU(-1);
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu.uloc_canonicalize(locale, buffer, capacity, &status);
    return U_FAILURE(status) || length >= capacity ? -1 : length;
}

int32_t cicu_available_count(void) {
    REQUIRE_ICU(0);
    return icu.uloc_countAvailable();
}

const char *cicu_available(int32_t index) {
    REQUIRE_ICU(NULL);
    return icu.uloc_getAvailable(index);
}

const char *const *cicu_iso_languages(void) {
    REQUIRE_ICU(NULL);
    return icu.uloc_getISOLanguages();
}

int32_t cicu_english_name(const char *locale, uint16_t *buffer, int32_t capacity) {
    REQUIRE_ICU(-1);
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu.uloc_getDisplayName(locale, "en", (UChar *)buffer, capacity, &status);
    return U_FAILURE(status) || length > capacity ? -1 : length;
}
