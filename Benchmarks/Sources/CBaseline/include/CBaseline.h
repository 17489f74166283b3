/*
 * CBaseline: the fixed-seed key event mix every benchmark path types, and
 * the raw libxkbcommon loop the Swift paths are measured against.
 *
 * The header names no libxkbcommon type, so Swift code that imports this
 * module and XKB sees no clash.
 */
#ifndef KIK_C_BASELINE_H
#define KIK_C_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/* One key event: an evdev key code and whether the key went up. */
struct kik_event {
    uint32_t evdev;
    uint32_t up;
};

/* One token of the mix: a key, optionally held down with a modifier
 * (KEY_LEFTSHIFT+KEY_A); modifier is 0 for a plain key. */
struct kik_token {
    uint16_t modifier;
    uint16_t key;
};

/* The seed of the published figures. */
#define KIK_MIX_SEED 0x4B6579496E707574ULL

/* Fills tokens[0..<count] with the mix for a seed: letters by English
 * frequency, spaces between words, Shift for some capitals, BackSpace,
 * Return, and the keys that are dead keys on `de` (KEY_EQUAL, KEY_GRAVE,
 * Shift+KEY_EQUAL), each followed by a vowel. */
void kik_mix_tokens(uint64_t seed, size_t count, struct kik_token *tokens);

/* The events of tokens: a key is pressed and released; a modified key is
 * the modifier down, key down, key up, modifier up. Returns how many
 * events were written; `events` needs room for 4 * count. */
size_t kik_mix_events(const struct kik_token *tokens, size_t count, struct kik_event *events);

/* The evdev name of a key the mix uses (KEY_A), or NULL. */
const char *kik_key_name(uint16_t evdev);

/* The evdev code of a key name the mix uses, with or without KEY_, any
 * case; 0 when it is not one of them. */
uint16_t kik_key_code(const char *name, size_t length);

/* A keyboard in plain C: context, keymap from names, state, and compose
 * state when `compose_locale` is not NULL. NULL when it cannot be made. */
struct kik_keyboard;
struct kik_keyboard *kik_keyboard_new(const char *layout, const char *compose_locale);
void kik_keyboard_free(struct kik_keyboard *keyboard);

/* The raw loop: per press xkb_state_key_get_one_sym + xkb_state_key_get_utf8
 * + xkb_state_update_key (with compose: xkb_compose_state_feed, its status,
 * and the composed text); per release xkb_state_update_key. Returns a sum
 * of what it read, so that nothing is optimised away. */
uint64_t kik_c_baseline(struct kik_keyboard *keyboard, const struct kik_event *events, size_t count);

#endif
