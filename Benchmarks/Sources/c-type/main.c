/*
 * c-type: `keyinput type --input FILE` written directly against libxkbcommon,
 * the C program the CLI's wall time is compared with. Same input (whitespace-
 * separated tokens, KEY_X or KEY_MOD+KEY_X), same rules (keysyms and text read
 * before the state is updated, compose fed first, BackSpace deletes, Return
 * inserts a newline, control characters type nothing), same output: one line per event in the
 * CLI's columns and the final `text: "…"`, or with --text only the text.
 *
 * Usage: c-type [--layout L] [--compose LOCALE] [--text] FILE
 *
 * It knows the key names of the benchmark's event mix only (CBaseline's table).
 */
#include <CBaseline.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>

static void die(const char *message, const char *detail) {
    fprintf(stderr, "c-type: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

struct buffer {
    char *bytes;
    size_t length, capacity;
};

static void append(struct buffer *b, const char *bytes, size_t length) {
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 4096;
        while (b->length + length + 1 > capacity) capacity *= 2;
        b->bytes = realloc(b->bytes, capacity);
        if (!b->bytes) die("out of memory", NULL);
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, bytes, length);
    b->length += length;
}

static void append_string(struct buffer *b, const char *text) { append(b, text, strlen(text)); }

/* Removes the last Unicode scalar, as the CLI's text buffer does. */
static void delete_backward(struct buffer *b) {
    if (b->length == 0) return;
    b->length--;
    while (b->length > 0 && (((unsigned char)b->bytes[b->length]) & 0xC0) == 0x80) b->length--;
}

/* Characters of UTF-8 text, counted as scalars (the columns are ASCII but for typed text). */
static size_t width_of(const char *bytes, size_t length) {
    size_t count = 0;
    for (size_t i = 0; i < length; i++)
        if ((((unsigned char)bytes[i]) & 0xC0) != 0x80) count++;
    return count;
}

/* A column: the text, then spaces up to width, or one space when it is as wide or wider. */
static void column(struct buffer *out, const char *bytes, size_t length, size_t width) {
    append(out, bytes, length);
    size_t used = width_of(bytes, length);
    static const char spaces[] = "                                        ";
    append(out, spaces, used >= width ? 1 : width - used);
}

/* Swift's debugDescription of a string: quotes, \n \t \r \" \' \\ escaped, controls as \u{…}. */
static void quoted(struct buffer *out, const char *bytes, size_t length) {
    append(out, "\"", 1);
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c == '"') append(out, "\\\"", 2);
        else if (c == '\\') append(out, "\\\\", 2);
        else if (c == '\'') append(out, "\\'", 2);
        else if (c == '\n') append(out, "\\n", 2);
        else if (c == '\t') append(out, "\\t", 2);
        else if (c == '\r') append(out, "\\r", 2);
        else if (c < 0x20 || c == 0x7F) {
            char escape[16];
            append(out, escape, (size_t)snprintf(escape, sizeof escape, "\\u{%X}", c));
        } else append(out, (const char *)&c, 1);
    }
    append(out, "\"", 1);
}

static int holds_control_character(const char *bytes, int length) {
    for (int i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c < 0x20 || c == 0x7F) return 1;
    }
    return 0;
}

struct typist {
    struct xkb_keymap *keymap;
    struct xkb_state *state;
    struct xkb_compose_state *compose;
    xkb_keysym_t sequence[16];
    int sequence_length;
    struct buffer text, out;
    int text_only;
};

enum action { NONE, INSERT, DELETE, COMPOSING, CANCELLED };

static void event(struct typist *t, uint16_t evdev, int up) {
    xkb_keycode_t keycode = (xkb_keycode_t)evdev + 8;
    const xkb_keysym_t *syms = NULL;
    int count = xkb_state_key_get_syms(t->state, keycode, &syms);
    xkb_keysym_t one = count == 1 ? xkb_state_key_get_one_sym(t->state, keycode) : XKB_KEY_NoSymbol;
    xkb_mod_mask_t mods = xkb_state_serialize_mods(t->state, XKB_STATE_MODS_EFFECTIVE);
    xkb_layout_index_t layout = xkb_state_key_get_layout(t->state, keycode);
    if (layout == XKB_LAYOUT_INVALID) layout = xkb_state_serialize_layout(t->state, XKB_STATE_LAYOUT_EFFECTIVE);

    enum action action = NONE;
    char typed[64];
    int typed_length = 0;
    if (up) {
        xkb_state_update_key(t->state, keycode, XKB_KEY_UP);
    } else {
        int key_length = xkb_state_key_get_utf8(t->state, keycode, typed, sizeof typed);
        xkb_keysym_t keysym = xkb_state_key_get_one_sym(t->state, keycode);
        int decided = 0;
        if (t->compose && xkb_compose_state_feed(t->compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED) {
            switch (xkb_compose_state_get_status(t->compose)) {
            case XKB_COMPOSE_COMPOSING:
                if (t->sequence_length < 16) t->sequence[t->sequence_length++] = keysym;
                action = COMPOSING;
                decided = 1;
                break;
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(t->compose);
                t->sequence_length = 0;
                action = CANCELLED;
                decided = 1;
                break;
            case XKB_COMPOSE_COMPOSED:
                typed_length = xkb_compose_state_get_utf8(t->compose, typed, sizeof typed);
                xkb_compose_state_reset(t->compose);
                t->sequence_length = 0;
                action = typed_length > 0 ? INSERT : NONE;
                decided = 1;
                break;
            case XKB_COMPOSE_NOTHING:
                break;
            }
        }
        if (!decided) {
            if (keysym == XKB_KEY_BackSpace) action = DELETE;
            else if (keysym == XKB_KEY_Return || keysym == XKB_KEY_KP_Enter) {
                typed[0] = '\n';
                typed_length = 1;
                action = INSERT;
            } else if (key_length > 0 && !holds_control_character(typed, key_length)) {
                typed_length = key_length;
                action = INSERT;
            }
        }
        xkb_state_update_key(t->state, keycode, XKB_KEY_DOWN);
    }

    if (action == INSERT) append(&t->text, typed, (size_t)typed_length);
    else if (action == DELETE) delete_backward(&t->text);
    if (t->text_only) return;

    struct buffer *out = &t->out;
    column(out, up ? "up" : "down", up ? 2 : 4, 7);
    const char *name = kik_key_name(evdev);
    column(out, name, strlen(name), 18);

    char column_text[256];
    size_t used = 0;
    if (count <= 0) used = (size_t)snprintf(column_text, sizeof column_text, "NoSymbol");
    for (int i = 0; i < count && used < sizeof column_text - 64; i++) {
        if (i) column_text[used++] = ' ';
        int n = xkb_keysym_get_name(count == 1 ? one : syms[i], column_text + used, sizeof column_text - used);
        if (n > 0) used += (size_t)n;
    }
    column(out, column_text, used, 20);

    struct buffer description = { 0 };
    switch (action) {
    case NONE: append_string(&description, "none"); break;
    case DELETE: append_string(&description, "deleteBackward"); break;
    case CANCELLED: append_string(&description, "composeCancelled"); break;
    case INSERT:
        append_string(&description, "insertText(");
        quoted(&description, typed, (size_t)typed_length);
        append_string(&description, ")");
        break;
    case COMPOSING:
        append_string(&description, "composing(");
        for (int i = 0; i < t->sequence_length; i++) {
            char keysym_name[64];
            int n = xkb_keysym_get_name(t->sequence[i], keysym_name, sizeof keysym_name);
            if (i) append_string(&description, " ");
            if (n > 0) append(&description, keysym_name, (size_t)n);
        }
        append_string(&description, ")");
        break;
    }
    column(out, description.bytes, description.length, 26);
    free(description.bytes);

    used = 0;
    for (xkb_mod_index_t i = 0; i < 32; i++) {
        if (!(mods & (1u << i))) continue;
        const char *mod = xkb_keymap_mod_get_name(t->keymap, i);
        if (!mod) continue;
        used += (size_t)snprintf(column_text + used, sizeof column_text - used, "%s%s", used ? "+" : "", mod);
    }
    if (used == 0) column_text[used++] = '-';
    column(out, column_text, used, 14);
    const char *layout_name = xkb_keymap_layout_get_name(t->keymap, layout);
    append_string(out, layout_name ? layout_name : "");
    append(out, "\n", 1);
    if (out->length >= 1 << 16) {
        fwrite(out->bytes, 1, out->length, stdout);
        out->length = 0;
    }
}

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) die("cannot open", path);
    struct buffer b = { 0 };
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, file)) > 0) append(&b, chunk, n);
    fclose(file);
    append(&b, "", 0);
    b.bytes[b.length] = '\0';
    *length = b.length;
    return b.bytes;
}

int main(int argc, char **argv) {
    const char *layout = NULL, *locale = NULL, *path = NULL;
    struct typist t = { 0 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--layout") == 0 && i + 1 < argc) layout = argv[++i];
        else if (strcmp(argv[i], "--compose") == 0 && i + 1 < argc) locale = argv[++i];
        else if (strcmp(argv[i], "--text") == 0) t.text_only = 1;
        else path = argv[i];
    }
    if (!path) die("usage: c-type [--layout L] [--compose LOCALE] [--text] FILE", NULL);

    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_rule_names names = { NULL, NULL, layout, NULL, NULL };
    t.keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (!t.keymap) die("keymap does not compile", layout);
    t.state = xkb_state_new(t.keymap);
    struct xkb_compose_table *table = NULL;
    if (locale) {
        table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS);
        if (!table) die("no compose table for locale", locale);
        t.compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS);
    }

    size_t length;
    char *input = read_file(path, &length);
    /* Parse every token before typing, as the CLI does: a bad token stops the run before any output. */
    size_t capacity = 1024, count = 0;
    struct kik_event *events = malloc(capacity * sizeof *events);
    for (char *token = strtok(input, " \t\r\n"); token; token = strtok(NULL, " \t\r\n")) {
        uint16_t keys[8];
        int key_count = 0;
        for (char *part = token;;) {
            char *plus = strchr(part, '+');
            size_t part_length = plus ? (size_t)(plus - part) : strlen(part);
            uint16_t code = kik_key_code(part, part_length);
            if (!code || key_count == 8) die("bad token", token);
            keys[key_count++] = code;
            if (!plus) break;
            part = plus + 1;
        }
        if (count + 2 * (size_t)key_count > capacity) {
            capacity *= 2;
            events = realloc(events, capacity * sizeof *events);
            if (!events) die("out of memory", NULL);
        }
        for (int i = 0; i < key_count; i++) events[count++] = (struct kik_event){ keys[i], 0 };
        for (int i = key_count - 1; i >= 0; i--) events[count++] = (struct kik_event){ keys[i], 1 };
    }
    for (size_t i = 0; i < count; i++) event(&t, (uint16_t)events[i].evdev, (int)events[i].up);

    if (t.text_only) {
        fwrite(t.text.bytes, 1, t.text.length, stdout);
        if (t.text.length == 0 || t.text.bytes[t.text.length - 1] != '\n') putchar('\n');
    } else {
        fwrite(t.out.bytes, 1, t.out.length, stdout);
        printf("text: ");
        struct buffer line = { 0 };
        quoted(&line, t.text.bytes, t.text.length);
        fwrite(line.bytes, 1, line.length, stdout);
        putchar('\n');
    }
    return 0;
}
