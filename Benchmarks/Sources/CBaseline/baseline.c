/* The raw libxkbcommon loop that every Swift path is measured against. */
#include "CBaseline.h"

#include <stdlib.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>

struct kik_keyboard {
    struct xkb_context *context;
    struct xkb_keymap *keymap;
    struct xkb_state *state;
    struct xkb_compose_table *table;
    struct xkb_compose_state *compose;
};

struct kik_keyboard *kik_keyboard_new(const char *layout, const char *compose_locale) {
    struct kik_keyboard *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    struct xkb_rule_names names = { NULL, NULL, layout, NULL, NULL };
    k->context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
    k->keymap = k->context ? xkb_keymap_new_from_names(k->context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    k->state = k->keymap ? xkb_state_new(k->keymap) : NULL;
    if (k->state && compose_locale) {
        k->table = xkb_compose_table_new_from_locale(k->context, compose_locale, XKB_COMPOSE_COMPILE_NO_FLAGS);
        k->compose = k->table ? xkb_compose_state_new(k->table, XKB_COMPOSE_STATE_NO_FLAGS) : NULL;
        if (!k->compose) {
            kik_keyboard_free(k);
            return NULL;
        }
    }
    if (!k->state) {
        kik_keyboard_free(k);
        return NULL;
    }
    return k;
}

void kik_keyboard_free(struct kik_keyboard *k) {
    if (!k) return;
    xkb_compose_state_unref(k->compose);
    xkb_compose_table_unref(k->table);
    xkb_state_unref(k->state);
    xkb_keymap_unref(k->keymap);
    xkb_context_unref(k->context);
    free(k);
}

uint64_t kik_c_baseline(struct kik_keyboard *k, const struct kik_event *events, size_t count) {
    struct xkb_state *state = k->state;
    struct xkb_compose_state *compose = k->compose;
    uint64_t sink = 0;
    char text[64];
    for (size_t i = 0; i < count; i++) {
        xkb_keycode_t keycode = events[i].evdev + 8;
        if (events[i].up) {
            xkb_state_update_key(state, keycode, XKB_KEY_UP);
            continue;
        }
        xkb_keysym_t keysym = xkb_state_key_get_one_sym(state, keycode);
        int length = xkb_state_key_get_utf8(state, keycode, text, sizeof text);
        if (compose && xkb_compose_state_feed(compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED) {
            switch (xkb_compose_state_get_status(compose)) {
            case XKB_COMPOSE_COMPOSED:
                length = xkb_compose_state_get_utf8(compose, text, sizeof text);
                xkb_compose_state_reset(compose);
                break;
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(compose);
                length = 0;
                break;
            case XKB_COMPOSE_COMPOSING:
                length = 0;
                break;
            case XKB_COMPOSE_NOTHING:
                break;
            }
        }
        sink += keysym + (uint64_t)length + (unsigned char)text[0];
        xkb_state_update_key(state, keycode, XKB_KEY_DOWN);
    }
    return sink;
}
