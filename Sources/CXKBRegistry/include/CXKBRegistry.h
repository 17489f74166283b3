#ifndef CXKBREGISTRY_H
#define CXKBREGISTRY_H

// libxkbregistry, opened at the first use (dlopen) rather than linked: it brings libxml2 and
// ICU with it, which a program that never reads the registry (date-picker-demo, keyinput type)
// then does not map at start. The types and constants are the library's own header's.
#include <xkbcommon/xkbregistry.h>

#define CXKB_REGISTRY_FUNCTIONS(X)                                                                \
    X(rxkb_context_new) X(rxkb_context_unref) X(rxkb_context_set_log_level)                       \
    X(rxkb_context_include_path_append) X(rxkb_context_include_path_append_default)               \
    X(rxkb_context_parse) X(rxkb_model_first) X(rxkb_model_next) X(rxkb_model_get_name)           \
    X(rxkb_model_get_description) X(rxkb_model_get_vendor) X(rxkb_layout_first)                   \
    X(rxkb_layout_next) X(rxkb_layout_get_name) X(rxkb_layout_get_variant)                        \
    X(rxkb_layout_get_brief) X(rxkb_layout_get_description) X(rxkb_layout_get_iso639_first)       \
    X(rxkb_layout_get_iso3166_first) X(rxkb_iso639_code_get_code) X(rxkb_iso639_code_next)        \
    X(rxkb_iso3166_code_get_code) X(rxkb_iso3166_code_next) X(rxkb_option_group_first)            \
    X(rxkb_option_group_next) X(rxkb_option_group_get_name) X(rxkb_option_first)                  \
    X(rxkb_option_next) X(rxkb_option_get_name) X(rxkb_option_get_description)

/// The functions of the opened library, named as in its header.
struct cxkb_registry {
#define CXKB_REGISTRY_FIELD(function) __typeof__(&function) _Nonnull function;
    CXKB_REGISTRY_FUNCTIONS(CXKB_REGISTRY_FIELD)
#undef CXKB_REGISTRY_FIELD
};

/// libxkbregistry's functions, opening the library at the first call; NULL when it cannot be
/// opened, and then cxkb_registry_error() says why.
const struct cxkb_registry *_Nullable cxkb_registry(void);
const char *_Nullable cxkb_registry_error(void);

#endif
