/*
 * xkb-reference.c — an independent reference for how key events become text in
 * a plain text field (the rules below), written directly against libxkbcommon.
 * The CLI tests run it next to `keyinput type --json` and compare the two outputs.
 *
 * Build:  cc -o xkb-reference xkb-reference.c $(pkg-config --cflags --libs xkbcommon)
 *
 * Usage:  xkb-reference [--rules R] [--model M] [--layout L] [--variant V]
 *                       [--options O] [--keymap FILE] [--include DIR]...
 *                       [--compose LOCALE | --no-compose]  EVENT...
 *
 * EVENT is d<evdev code> (press), u<evdev code> (release) or r<evdev code>
 * (repeat), for example d42 d30 u30 u42. With no EVENT arguments, events are
 * read whitespace-separated from standard input. Without --compose, compose
 * is off.
 *
 * Output: one JSON object
 *   {"events":[{"keycode":30,"direction":"down","keysyms":[97],"text":"a",
 *               "action":"insertText"}, ...], "text":"..."}
 * action is one of none, insertText, deleteBackward, composing, composeCancelled.
 *
 * The rules:
 *  1. keysyms and text are looked up before the press is applied; a release
 *     only updates the state; a repeat is looked up (and fed to compose) like
 *     a press but does not update the state.
 *  2. compose: feed xkb_state_key_get_one_sym (as libxkbcommon's tools do);
 *     IGNORED (modifier keysyms) goes on normally; COMPOSING and CANCELLED
 *     swallow the key (reset after a cancel); COMPOSED inserts the composed
 *     text and resets.
 *  2b. without compose, a dead key (0xfe50-0xfe93) waits ("composing"); the
 *     next key that is not a modifier ends the wait: the same dead key or
 *     space types its spacing accent, another dead key both accents, a key
 *     with text (no control character) the accent and that text; any other
 *     key is swallowed ("composeCancelled").
 *  3. otherwise BackSpace deletes backward, Return and KP_Enter insert "\n",
 *     any other key inserts its UTF-8 text unless it holds a byte below 0x20
 *     or 0x7F.
 *  4. keysyms: xkb_state_key_get_syms, but xkb_state_key_get_one_sym when
 *     there is exactly one.
 * deleteBackward removes the last Unicode scalar (the last UTF-8 code point).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>

#define EVDEV_OFFSET 8

static void die(const char *message, const char *detail) {
    fprintf(stderr, "xkb-reference: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

/* A growable byte buffer. */
struct buffer {
    char *bytes;
    size_t length, capacity;
};

static void append(struct buffer *b, const char *bytes, size_t length) {
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 256;
        while (b->length + length + 1 > capacity) capacity *= 2;
        b->bytes = realloc(b->bytes, capacity);
        if (!b->bytes) die("out of memory", NULL);
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, bytes, length);
    b->length += length;
    b->bytes[b->length] = '\0';
}

/* Removes the last UTF-8 code point: continuation bytes are 10xxxxxx. */
static void delete_backward(struct buffer *b) {
    if (b->length == 0) return;
    b->length--;
    while (b->length > 0 && (((unsigned char)b->bytes[b->length]) & 0xC0) == 0x80) b->length--;
    b->bytes[b->length] = '\0';
}

static void print_json_string(const char *bytes, size_t length) {
    putchar('"');
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c == '"') fputs("\\\"", stdout);
        else if (c == '\\') fputs("\\\\", stdout);
        else if (c < 0x20 || c == 0x7F) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static int holds_control_character(const char *bytes, size_t length) {
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c < 0x20 || c == 0x7F) return 1;
    }
    return 0;
}

/* The UTF-8 text a key types now (xkb_state_key_get_utf8), in a buffer of
 * the size libxkbcommon asks for; *length is its length in bytes. Free it. */
static char *key_text_of(struct xkb_state *state, xkb_keycode_t keycode, int *length) {
    int needed = xkb_state_key_get_utf8(state, keycode, NULL, 0);
    if (needed < 0) needed = 0;
    char *bytes = calloc((size_t)needed + 1, 1);
    if (!bytes) die("out of memory", NULL);
    *length = needed > 0 ? xkb_state_key_get_utf8(state, keycode, bytes, (size_t)needed + 1) : 0;
    return bytes;
}

/* The composed text (xkb_compose_state_get_utf8), the same way. */
static char *composed_text_of(struct xkb_compose_state *compose, int *length) {
    int needed = xkb_compose_state_get_utf8(compose, NULL, 0);
    if (needed < 0) needed = 0;
    char *bytes = calloc((size_t)needed + 1, 1);
    if (!bytes) die("out of memory", NULL);
    *length = needed > 0 ? xkb_compose_state_get_utf8(compose, bytes, (size_t)needed + 1) : 0;
    return bytes;
}

/* The spacing accent of a dead key, by keysym name; "" when it has none. */
static const char *accent_of(xkb_keysym_t sym) {
    static const char *const table[][2] = {
        {"dead_grave", "`"}, {"dead_acute", "\u00b4"}, {"dead_circumflex", "^"}, {"dead_tilde", "~"},
        {"dead_macron", "\u00af"}, {"dead_breve", "\u02d8"}, {"dead_abovedot", "\u02d9"},
        {"dead_diaeresis", "\u00a8"}, {"dead_abovering", "\u00b0"}, {"dead_doubleacute", "\u02dd"},
        {"dead_caron", "\u02c7"}, {"dead_cedilla", "\u00b8"}, {"dead_ogonek", "\u02db"}, {"dead_iota", "\u037a"},
        {"dead_voiced_sound", "\u309b"}, {"dead_semivoiced_sound", "\u309c"}, {"dead_belowdot", "\u0323"},
        {"dead_hook", "\u02c0"}, {"dead_horn", "\u031b"}, {"dead_stroke", "/"}, {"dead_psili", "\u1fbf"},
        {"dead_dasia", "\u1ffe"}, {"dead_belowring", "\u02f3"}, {"dead_belowmacron", "\u02cd"},
        {"dead_belowcomma", ","}, {"dead_currency", "\u00a4"}, {"dead_lowline", "_"},
        {"dead_aboveverticalline", "\u02c8"}, {"dead_belowverticalline", "\u02cc"},
        {"dead_longsolidusoverlay", "/"}, {"dead_greek", "\u00b5"}, {"dead_hamza", "\u0621"},
        {"dead_small_schwa", "\u0259"}, {"dead_capital_schwa", "\u018f"}, {"dead_a", "a"}, {"dead_A", "A"},
        {"dead_e", "e"}, {"dead_E", "E"}, {"dead_i", "i"}, {"dead_I", "I"}, {"dead_o", "o"}, {"dead_O", "O"},
        {"dead_u", "u"}, {"dead_U", "U"},
    };
    char name[64];
    if (xkb_keysym_get_name(sym, name, sizeof name) < 0) return "";
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i][0], name) == 0) return table[i][1];
    return "";
}

static int is_dead(xkb_keysym_t sym) { return sym >= 0xfe50 && sym <= 0xfe93; }

/* Shift_L..Hyper_R, ISO_Lock..ISO_Last_Group_Lock, Mode_switch, Num_Lock. */
static int is_modifier(xkb_keysym_t sym) {
    return (sym >= 0xffe1 && sym <= 0xffee) || (sym >= 0xfe01 && sym <= 0xfe0f) || sym == 0xff7e || sym == 0xff7f;
}

static xkb_keysym_t pending_dead; /* rule 2b: the dead key waiting, or 0 */

static struct buffer text;       /* the text field */
static int first_event = 1;

static void process(struct xkb_state *state, struct xkb_compose_state *compose, int code, char kind) {
    xkb_keycode_t keycode = (xkb_keycode_t)code + EVDEV_OFFSET;
    const char *direction = kind == 'd' ? "down" : kind == 'u' ? "up" : "repeat";

    /* Rule 1 and rule 4: look up before the state changes. */
    const xkb_keysym_t *found = NULL;
    int count = xkb_state_key_get_syms(state, keycode, &found);
    if (count < 0) count = 0;
    xkb_keysym_t *syms = calloc((size_t)count + 1, sizeof *syms);
    if (!syms) die("out of memory", NULL);
    for (int i = 0; i < count; i++) syms[i] = found[i];
    xkb_keysym_t one = xkb_state_key_get_one_sym(state, keycode);

    const char *action = "none";
    char *key_text = NULL, *composed = NULL;
    const char *inserted = "";
    size_t inserted_length = 0;

    if (kind == 'u') {
        xkb_state_update_key(state, keycode, XKB_KEY_UP);
    } else {
        int key_text_length = 0;
        key_text = key_text_of(state, keycode, &key_text_length);
        int decided = 0;

        /* Rule 2. */
        if (compose && xkb_compose_state_feed(compose, one) == XKB_COMPOSE_FEED_ACCEPTED) {
            switch (xkb_compose_state_get_status(compose)) {
            case XKB_COMPOSE_COMPOSING:
                action = "composing";
                decided = 1;
                break;
            case XKB_COMPOSE_CANCELLED:
                action = "composeCancelled";
                xkb_compose_state_reset(compose);
                decided = 1;
                break;
            case XKB_COMPOSE_COMPOSED: {
                int length = 0;
                composed = composed_text_of(compose, &length);
                inserted = composed;
                inserted_length = (size_t)length;
                action = inserted_length > 0 ? "insertText" : "none";
                xkb_compose_state_reset(compose);
                decided = 1;
                break;
            }
            case XKB_COMPOSE_NOTHING:
                break;
            }
        }

        /* Rule 2b. */
        if (!compose && (pending_dead || is_dead(one))) {
            if (!pending_dead) {
                pending_dead = one;
                action = "composing";
                decided = 1;
            } else if (!is_modifier(one)) {
                const char *accent = accent_of(pending_dead);
                struct buffer committed = {0};
                append(&committed, "", 0);
                if (one == pending_dead || one == XKB_KEY_space) {
                    append(&committed, accent, strlen(accent));
                } else if (is_dead(one)) {
                    append(&committed, accent, strlen(accent));
                    append(&committed, accent_of(one), strlen(accent_of(one)));
                } else if (key_text_length > 0 && !holds_control_character(key_text, (size_t)key_text_length)) {
                    append(&committed, accent, strlen(accent));
                    append(&committed, key_text, (size_t)key_text_length);
                } else {
                    action = "composeCancelled";
                }
                pending_dead = 0;
                decided = 1;
                if (strcmp(action, "composeCancelled") != 0) {
                    composed = committed.bytes;
                    committed.bytes = NULL;
                    inserted = composed;
                    inserted_length = committed.length;
                    action = inserted_length > 0 ? "insertText" : "none";
                }
                free(committed.bytes);
            }
        }

        /* Rule 3. */
        if (!decided) {
            if (one == XKB_KEY_BackSpace) {
                action = "deleteBackward";
            } else if (one == XKB_KEY_Return || one == XKB_KEY_KP_Enter) {
                action = "insertText";
                inserted = "\n";
                inserted_length = 1;
            } else if (key_text_length > 0 && !holds_control_character(key_text, (size_t)key_text_length)) {
                action = "insertText";
                inserted = key_text;
                inserted_length = (size_t)key_text_length;
            }
        }

        if (kind == 'd') xkb_state_update_key(state, keycode, XKB_KEY_DOWN);
    }

    if (strcmp(action, "insertText") == 0) append(&text, inserted, inserted_length);
    else if (strcmp(action, "deleteBackward") == 0) delete_backward(&text);

    printf("%s{\"keycode\":%d,\"direction\":\"%s\",\"keysyms\":[", first_event ? "" : ",", code, direction);
    if (count == 1) {
        printf("%u", (unsigned)one);
    } else {
        for (int i = 0; i < count; i++) printf("%s%u", i ? "," : "", (unsigned)syms[i]);
    }
    printf("],\"text\":");
    print_json_string(inserted, inserted_length);
    printf(",\"action\":\"%s\"}", action);
    first_event = 0;
    free(syms);
    free(key_text);
    free(composed);
}

static void process_token(struct xkb_state *state, struct xkb_compose_state *compose, const char *token) {
    char kind = token[0];
    char *end = NULL;
    if (kind != 'd' && kind != 'u' && kind != 'r') die("bad event (want d<code>, u<code> or r<code>)", token);
    long code = strtol(token + 1, &end, 10);
    if (end == token + 1 || *end != '\0' || code < 0 || code > 0xFFFF) die("bad keycode", token);
    process(state, compose, (int)code, kind);
}

int main(int argc, char **argv) {
    struct xkb_rule_names names = { NULL, NULL, NULL, NULL, NULL };
    const char *keymap_file = NULL, *locale = NULL;
    const char *includes[64];
    int include_count = 0, first_event_argument = argc;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char **target = NULL;
        if (strcmp(arg, "--rules") == 0) target = &names.rules;
        else if (strcmp(arg, "--model") == 0) target = &names.model;
        else if (strcmp(arg, "--layout") == 0) target = &names.layout;
        else if (strcmp(arg, "--variant") == 0) target = &names.variant;
        else if (strcmp(arg, "--options") == 0) target = &names.options;
        else if (strcmp(arg, "--keymap") == 0) target = &keymap_file;
        else if (strcmp(arg, "--compose") == 0) target = &locale;
        else if (strcmp(arg, "--no-compose") == 0) { locale = NULL; continue; }
        else if (strcmp(arg, "--include") == 0) {
            if (i + 1 >= argc || include_count == 64) die("--include needs a folder", NULL);
            includes[include_count++] = argv[++i];
            continue;
        } else if (strncmp(arg, "--", 2) == 0) die("unknown option", arg);
        else { first_event_argument = i; break; }
        if (i + 1 >= argc) die("option needs a value", arg);
        *target = argv[++i];
    }

    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES);
    if (!context) die("cannot create a context", NULL);
    for (int i = 0; i < include_count; i++)
        if (!xkb_context_include_path_append(context, includes[i])) die("bad include folder", includes[i]);
    xkb_context_include_path_append_default(context);

    struct xkb_keymap *keymap;
    if (keymap_file) {
        FILE *file = fopen(keymap_file, "rb");
        if (!file) die("cannot open keymap", keymap_file);
        keymap = xkb_keymap_new_from_file(context, file, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
        fclose(file);
    } else {
        keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    }
    if (!keymap) die("keymap does not compile", keymap_file);

    struct xkb_compose_table *table = NULL;
    struct xkb_compose_state *compose = NULL;
    if (locale) {
        table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS);
        if (!table) die("no compose table for locale", locale);
        compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS);
        if (!compose) die("out of memory", NULL);
    }

    struct xkb_state *state = xkb_state_new(keymap);
    if (!state) die("out of memory", NULL);
    append(&text, "", 0);

    printf("{\"events\":[");
    if (first_event_argument < argc) {
        for (int i = first_event_argument; i < argc; i++) process_token(state, compose, argv[i]);
    } else {
        char token[64];
        while (scanf("%63s", token) == 1) process_token(state, compose, token);
    }
    printf("],\"text\":");
    print_json_string(text.bytes, text.length);
    printf("}\n");

    xkb_state_unref(state);
    xkb_compose_state_unref(compose);
    xkb_compose_table_unref(table);
    xkb_keymap_unref(keymap);
    xkb_context_unref(context);
    free(text.bytes);
    return 0;
}
