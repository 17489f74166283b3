// latency-probe: key-to-pixel latency of one X11 client, the way Typometer measures it.
//
// For each key: an X round trip (so the server is awake), an XTest key press, then every
// XDamage rectangle reported on the client's window is grabbed through shared memory and
// compared with the same pixels before the key; the key's latency is the time from the press
// to the grab that brings the pixels changed to at least --min-pixels (a blinking caret
// changes fewer). Only the damaged part is grabbed, as Typometer grabs the part of the screen
// where the text appears: a whole-window grab would add time that grows with the window.
// Prints one latency a line, in milliseconds.
//
//   latency-probe --name TITLE [--keys N] [--click X,Y] [--clear-every N] [--clear ctrl+u|ctrl+a]
//                 [--min-pixels P] [--timeout-ms T]
//
// Exit codes: 0 success, 1 failure (no display, no such window, a key never drawn), 2 usage.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <X11/keysym.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

struct options {
    const char *name;
    int keys, clear_every, min_pixels, timeout_ms;
    int click_x, click_y, has_click;
    const char *clear;
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void usage(const char *message) {
    fprintf(stderr, "latency-probe: %s\n", message);
    fprintf(stderr, "usage: latency-probe --name TITLE [--keys N] [--click X,Y] [--clear-every N] "
                    "[--clear ctrl+u|ctrl+a] [--min-pixels P] [--timeout-ms T]\n");
    exit(2);
}

static int parse_int(const char *text, const char *option, int low, int high) {
    char *end = NULL;
    errno = 0;
    long value = text ? strtol(text, &end, 10) : 0;
    if (!text || errno || *end || value < low || value > high) {
        char message[200];
        snprintf(message, sizeof message, "%s needs a whole number from %d to %d", option, low, high);
        usage(message);
    }
    return (int)value;
}

static struct options parse(int argc, char **argv) {
    struct options o = {.keys = 50, .clear_every = 30, .min_pixels = 60, .timeout_ms = 1000, .clear = "ctrl+a"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--name") && v) o.name = argv[++i];
        else if (!strcmp(a, "--keys")) o.keys = parse_int(v, a, 1, 100000), i++;
        else if (!strcmp(a, "--clear-every")) o.clear_every = parse_int(v, a, 1, 100000), i++;
        else if (!strcmp(a, "--min-pixels")) o.min_pixels = parse_int(v, a, 1, 1 << 24), i++;
        else if (!strcmp(a, "--timeout-ms")) o.timeout_ms = parse_int(v, a, 10, 60000), i++;
        else if (!strcmp(a, "--clear") && v && (!strcmp(v, "ctrl+u") || !strcmp(v, "ctrl+a"))) o.clear = argv[++i];
        else if (!strcmp(a, "--click") && v && sscanf(v, "%d,%d", &o.click_x, &o.click_y) == 2) o.has_click = 1, i++;
        else {
            char message[300];
            snprintf(message, sizeof message, "unknown or incomplete option \"%s\"", a);
            usage(message);
        }
    }
    if (!o.name) usage("--name is required");
    return o;
}

// The first mapped window below `root` whose WM_NAME is `name` (GTK names an unmapped leader window too).
static Window find_window(Display *d, Window root, const char *name) {
    char *title = NULL;
    if (XFetchName(d, root, &title) && title) {
        int match = !strcmp(title, name);
        XFree(title);
        XWindowAttributes attributes;
        if (match && XGetWindowAttributes(d, root, &attributes) && attributes.map_state == IsViewable) return root;
    }
    Window parent, *children = NULL;
    unsigned count = 0;
    Window found = None;
    if (XQueryTree(d, root, &root, &parent, &children, &count)) {
        for (unsigned i = 0; i < count && found == None; i++) found = find_window(d, children[i], name);
        if (children) XFree(children);
    }
    return found;
}

// Waits up to `ms` for an event of the damage extension; returns 1 when one came, with the
// rectangle it reports in `area` (when given).
static int wait_damage(Display *d, int damage_event, int ms, XRectangle *area) {
    double deadline = now_ms() + ms;
    for (;;) {
        while (XPending(d)) {
            XEvent e;
            XNextEvent(d, &e);
            if (e.type == damage_event + XDamageNotify) {
                if (area) *area = ((XDamageNotifyEvent *)&e)->area;
                return 1;
            }
        }
        double left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd p = {.fd = ConnectionNumber(d), .events = POLLIN};
        poll(&p, 1, (int)(left + 1));
    }
}

// Lets the window settle: waits until no damage came for `quiet` ms (at most 2 s).
static void settle(Display *d, Damage damage, int damage_event, int quiet) {
    double end = now_ms() + 2000;
    while (now_ms() < end && wait_damage(d, damage_event, quiet, NULL)) XDamageSubtract(d, damage, None, None);
    XDamageSubtract(d, damage, None, None);
}

static void key(Display *d, KeySym sym, Bool down) {
    XTestFakeKeyEvent(d, XKeysymToKeycode(d, sym), down, CurrentTime);
}

// The pixels of `part` (grabbed into `a`, sized to the part) that differ from `before`, the
// whole window's pixels with `stride` bytes a row.
static long changed_pixels(const XImage *a, XRectangle part, const unsigned char *before, int stride) {
    long count = 0;
    for (int y = 0; y < part.height; y++) {
        const uint32_t *row = (const uint32_t *)(a->data + (size_t)y * a->bytes_per_line);
        const uint32_t *old = (const uint32_t *)(before + (size_t)(part.y + y) * stride) + part.x;
        for (int x = 0; x < part.width; x++) count += (row[x] & 0xffffff) != (old[x] & 0xffffff);
    }
    return count;
}

// The part of `area` inside a window of `width` × `height`.
static XRectangle clip_to_window(XRectangle area, int width, int height) {
    int x0 = area.x < 0 ? 0 : area.x, y0 = area.y < 0 ? 0 : area.y;
    int x1 = area.x + area.width > width ? width : area.x + area.width;
    int y1 = area.y + area.height > height ? height : area.y + area.height;
    XRectangle part = {(short)x0, (short)y0, (unsigned short)(x1 > x0 ? x1 - x0 : 0), (unsigned short)(y1 > y0 ? y1 - y0 : 0)};
    return part;
}

int main(int argc, char **argv) {
    struct options o = parse(argc, argv);
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "latency-probe: cannot open display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return 1;
    }
    int damage_event, damage_error, xtest_event, xtest_error, major, minor;
    if (!XDamageQueryExtension(d, &damage_event, &damage_error) ||
        !XTestQueryExtension(d, &xtest_event, &xtest_error, &major, &minor) || !XShmQueryExtension(d)) {
        fprintf(stderr, "latency-probe: the X server lacks DAMAGE, XTEST or MIT-SHM\n");
        return 1;
    }
    // The window, once it is mapped (a client names its window before it maps it).
    Window root = DefaultRootWindow(d), window = None;
    XWindowAttributes attributes;
    int viewable = 0;
    for (int i = 0; i < 300 && !viewable; i++) {
        window = find_window(d, root, o.name);
        viewable = window != None && XGetWindowAttributes(d, window, &attributes) && attributes.map_state == IsViewable;
        if (!viewable) usleep(50000);
    }
    if (!viewable) {
        fprintf(stderr, "latency-probe: no mapped window named \"%s\" within 15 s\n", o.name);
        return 1;
    }
    XRaiseWindow(d, window);
    XSetInputFocus(d, window, RevertToParent, CurrentTime);
    Damage damage = XDamageCreate(d, window, XDamageReportRawRectangles);

    XShmSegmentInfo shm = {0};
    XImage *image = XShmCreateImage(d, attributes.visual, (unsigned)attributes.depth, ZPixmap, NULL, &shm,
                                    (unsigned)attributes.width, (unsigned)attributes.height);
    if (!image || image->bits_per_pixel != 32) {
        fprintf(stderr, "latency-probe: needs a 24- or 32-bit window\n");
        return 1;
    }
    size_t bytes = (size_t)image->bytes_per_line * (size_t)image->height;
    shm.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
    shm.shmaddr = image->data = shmat(shm.shmid, NULL, 0);
    shmctl(shm.shmid, IPC_RMID, NULL);  // freed once both sides detach
    shm.readOnly = False;
    if (shm.shmaddr == (void *)-1 || !XShmAttach(d, &shm)) {
        fprintf(stderr, "latency-probe: cannot share memory with the X server\n");
        return 1;
    }
    unsigned char *before = malloc(bytes);
    int stride = image->bytes_per_line;
    // The damaged part is grabbed into a second image on the same memory, sized to the part.
    XImage *part_image = XShmCreateImage(d, attributes.visual, (unsigned)attributes.depth, ZPixmap, shm.shmaddr, &shm,
                                         (unsigned)attributes.width, (unsigned)attributes.height);
    if (!part_image) {
        fprintf(stderr, "latency-probe: cannot make an image for the damaged part\n");
        return 1;
    }

    if (o.has_click) {
        int x, y;
        Window child;
        XTranslateCoordinates(d, window, root, o.click_x, o.click_y, &x, &y, &child);
        XTestFakeMotionEvent(d, -1, x, y, CurrentTime);
        XTestFakeButtonEvent(d, 1, True, CurrentTime);
        XTestFakeButtonEvent(d, 1, False, CurrentTime);
        XSync(d, False);
        XSetInputFocus(d, window, RevertToParent, CurrentTime);
    }
    settle(d, damage, damage_event, 300);

    static const KeySym letters[] = {XK_m, XK_w, XK_a, XK_k, XK_e, XK_o, XK_h, XK_d};
    int failures = 0;
    for (int i = 0; i < o.keys; i++) {
        if (i > 0 && i % o.clear_every == 0) {
            int ctrl_u = !strcmp(o.clear, "ctrl+u");
            key(d, XK_Control_L, True), key(d, ctrl_u ? XK_u : XK_a, True), key(d, ctrl_u ? XK_u : XK_a, False);
            key(d, XK_Control_L, False);
            if (!ctrl_u) key(d, XK_BackSpace, True), key(d, XK_BackSpace, False);
            XSync(d, False);
            settle(d, damage, damage_event, 100);
        }
        XShmGetImage(d, window, image, 0, 0, AllPlanes);
        memcpy(before, image->data, bytes);
        XDamageSubtract(d, damage, None, None);
        XSync(d, False);  // one round trip just before the key: the server is awake
        KeySym sym = letters[i % (sizeof letters / sizeof *letters)];
        double start = now_ms();
        key(d, sym, True);
        XFlush(d);
        double latency = -1;
        long changed = 0;
        XRectangle area;
        while (wait_damage(d, damage_event, (int)(o.timeout_ms - (now_ms() - start)), &area)) {
            XRectangle part = clip_to_window(area, attributes.width, attributes.height);
            if (part.width > 0 && part.height > 0) {
                part_image->width = part.width;
                part_image->height = part.height;
                part_image->bytes_per_line = part.width * 4;
                XShmGetImage(d, window, part_image, part.x, part.y, AllPlanes);
                changed += changed_pixels(part_image, part, before, stride);
                if (changed >= o.min_pixels) {
                    latency = now_ms() - start;
                    break;
                }
            }
            if (now_ms() - start > o.timeout_ms) break;
        }
        XDamageSubtract(d, damage, None, None);
        key(d, sym, False);
        XSync(d, False);
        if (latency < 0) {
            failures++;
            fprintf(stderr, "latency-probe: key %d drew nothing within %d ms\n", i + 1, o.timeout_ms);
            if (failures > 3) return 1;
        } else {
            printf("%.3f\n", latency);
            fflush(stdout);
        }
        settle(d, damage, damage_event, 20);
    }
    XShmDetach(d, &shm);
    shmdt(shm.shmaddr);
    free(before);
    XCloseDisplay(d);
    return 0;
}
