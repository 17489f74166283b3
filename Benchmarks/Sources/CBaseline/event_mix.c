/* The fixed-seed key event mix: one generator, used by the C baseline, the
 * Swift paths (through this module) and the token file the CLI reads. */
#include "CBaseline.h"

#include <ctype.h>
#include <string.h>

enum {
    KEY_BACKSPACE = 14, KEY_EQUAL = 13, KEY_ENTER = 28, KEY_GRAVE = 41,
    KEY_LEFTSHIFT = 42, KEY_SPACE = 57,
};

/* a … z as evdev codes (QWERTY positions). */
static const uint16_t letter_codes[26] = {
    30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44,
};

/* English letter frequencies, in hundredths of a percent (a … z). */
static const uint16_t letter_weights[26] = {
    817, 149, 278, 425, 1270, 223, 202, 609, 697, 15, 77, 403, 241,
    675, 751, 193, 10, 599, 633, 906, 276, 98, 236, 15, 197, 7,
};

static const uint16_t vowel_codes[5] = { 30, 18, 23, 24, 22 }; /* a e i o u */

/* splitmix64: small, fast, and the same on every machine. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint16_t random_letter(uint64_t *state) {
    static uint32_t total = 0;
    if (total == 0)
        for (int i = 0; i < 26; i++) total += letter_weights[i];
    uint32_t pick = (uint32_t)(next_random(state) % total);
    for (int i = 0; i < 26; i++) {
        if (pick < letter_weights[i]) return letter_codes[i];
        pick -= letter_weights[i];
    }
    return letter_codes[25];
}

void kik_mix_tokens(uint64_t seed, size_t count, struct kik_token *tokens) {
    uint64_t state = seed;
    int word_start = 1;
    size_t i = 0;
    while (i < count) {
        uint32_t roll = (uint32_t)(next_random(&state) % 1000);
        struct kik_token token = { 0, 0 };
        if (roll < 20) {
            token.key = KEY_BACKSPACE;
        } else if (roll < 30) {
            token.key = KEY_ENTER;
            word_start = 1;
        } else if (roll < 45 && i + 1 < count) {
            /* A dead key on de (acute, circumflex, grave), then a vowel. */
            uint32_t which = (uint32_t)(next_random(&state) % 3);
            token.key = which == 1 ? KEY_GRAVE : KEY_EQUAL;
            token.modifier = which == 2 ? KEY_LEFTSHIFT : 0;
            tokens[i++] = token;
            token.modifier = 0;
            token.key = vowel_codes[next_random(&state) % 5];
            word_start = 0;
        } else if (roll < 215 && !word_start) {
            token.key = KEY_SPACE;
            word_start = 1;
        } else {
            token.key = random_letter(&state);
            if (word_start && next_random(&state) % 100 < 8) token.modifier = KEY_LEFTSHIFT;
            word_start = 0;
        }
        tokens[i++] = token;
    }
}

size_t kik_mix_events(const struct kik_token *tokens, size_t count, struct kik_event *events) {
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        if (tokens[i].modifier) events[n++] = (struct kik_event){ tokens[i].modifier, 0 };
        events[n++] = (struct kik_event){ tokens[i].key, 0 };
        events[n++] = (struct kik_event){ tokens[i].key, 1 };
        if (tokens[i].modifier) events[n++] = (struct kik_event){ tokens[i].modifier, 1 };
    }
    return n;
}

static const struct { uint16_t code; const char *name; } key_names[] = {
    { 13, "KEY_EQUAL" }, { 14, "KEY_BACKSPACE" }, { 16, "KEY_Q" }, { 17, "KEY_W" }, { 18, "KEY_E" },
    { 19, "KEY_R" }, { 20, "KEY_T" }, { 21, "KEY_Y" }, { 22, "KEY_U" }, { 23, "KEY_I" }, { 24, "KEY_O" },
    { 25, "KEY_P" }, { 28, "KEY_ENTER" }, { 30, "KEY_A" }, { 31, "KEY_S" }, { 32, "KEY_D" }, { 33, "KEY_F" },
    { 34, "KEY_G" }, { 35, "KEY_H" }, { 36, "KEY_J" }, { 37, "KEY_K" }, { 38, "KEY_L" }, { 41, "KEY_GRAVE" },
    { 42, "KEY_LEFTSHIFT" }, { 44, "KEY_Z" }, { 45, "KEY_X" }, { 46, "KEY_C" }, { 47, "KEY_V" }, { 48, "KEY_B" },
    { 49, "KEY_N" }, { 50, "KEY_M" }, { 57, "KEY_SPACE" },
};
#define KEY_NAME_COUNT (sizeof key_names / sizeof key_names[0])

const char *kik_key_name(uint16_t evdev) {
    for (size_t i = 0; i < KEY_NAME_COUNT; i++)
        if (key_names[i].code == evdev) return key_names[i].name;
    return NULL;
}

uint16_t kik_key_code(const char *name, size_t length) {
    if (length >= 4 && strncasecmp(name, "KEY_", 4) == 0) {
        name += 4;
        length -= 4;
    }
    for (size_t i = 0; i < KEY_NAME_COUNT; i++) {
        const char *known = key_names[i].name + 4;
        if (strlen(known) == length && strncasecmp(known, name, length) == 0) return key_names[i].code;
    }
    return 0;
}
