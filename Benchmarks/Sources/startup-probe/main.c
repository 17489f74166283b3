// startup-probe: time to first frame and resident size after start of one X11 client.
//
// Starts the command, then waits for a window named TITLE to be mapped and for the first
// X damage on it (the first frame drawn); prints the milliseconds from the start to that
// frame, and the client's resident size (VmRSS) a second later, in KiB:
//
//   startup-probe --name TITLE [--settle-ms MS] -- COMMAND [ARGUMENT…]
//   → "first-frame-ms 123.4 rss-kib 45678"
//
// Exit codes: 0 success, 1 failure (no display, the client died, no frame within 30 s), 2 usage.
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The client window below `root` named `name` that is viewable, or None.
static Window find_window(Display *d, Window root, const char *name) {
    char *title = NULL;
    if (XFetchName(d, root, &title) && title) {
        int match = !strcmp(title, name);
        XFree(title);
        XWindowAttributes a;
        if (match && XGetWindowAttributes(d, root, &a) && a.map_state == IsViewable) return root;
    }
    Window parent, *children = NULL, found = None;
    unsigned count = 0;
    if (XQueryTree(d, root, &root, &parent, &children, &count)) {
        for (unsigned i = 0; i < count && found == None; i++) found = find_window(d, children[i], name);
        if (children) XFree(children);
    }
    return found;
}

static long rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kib = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "VmRSS:", 6)) kib = strtol(line + 6, NULL, 10);
    }
    if (f) fclose(f);
    return kib;
}

int main(int argc, char **argv) {
    const char *name = NULL;
    int settle = 1000, i = 1;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--settle-ms") && i + 1 < argc) settle = atoi(argv[++i]);
        else {
            fprintf(stderr, "startup-probe: unknown option \"%s\"\nusage: startup-probe --name TITLE [--settle-ms MS] -- COMMAND [ARGUMENT…]\n", argv[i]);
            return 2;
        }
    }
    if (!name || i + 1 >= argc) {
        fprintf(stderr, "usage: startup-probe --name TITLE [--settle-ms MS] -- COMMAND [ARGUMENT…]\n");
        return 2;
    }
    Display *d = XOpenDisplay(NULL);
    int damage_event, damage_error;
    if (!d || !XDamageQueryExtension(d, &damage_event, &damage_error)) {
        fprintf(stderr, "startup-probe: no display with the DAMAGE extension\n");
        return 1;
    }
    XSelectInput(d, DefaultRootWindow(d), SubstructureNotifyMask);
    XSync(d, False);
    pid_t pid;
    double start = now_ms();
    if (posix_spawnp(&pid, argv[i + 1], NULL, NULL, argv + i + 1, environ) != 0) {
        fprintf(stderr, "startup-probe: cannot start %s\n", argv[i + 1]);
        return 1;
    }
    Window window = None;
    Damage damage = None;
    double first = -1;
    while (first < 0 && now_ms() - start < 30000) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            fprintf(stderr, "startup-probe: %s ended before drawing\n", argv[i + 1]);
            return 1;
        }
        if (window == None) {
            // Windows map anywhere in the tree: look again after every change.
            window = find_window(d, DefaultRootWindow(d), name);
            if (window != None) {
                damage = XDamageCreate(d, window, XDamageReportNonEmpty);
                XSync(d, False);
            }
        }
        while (XPending(d)) {
            XEvent e;
            XNextEvent(d, &e);
            if (damage != None && e.type == damage_event + XDamageNotify) first = now_ms() - start;
        }
        if (first >= 0) break;
        struct pollfd p = {.fd = ConnectionNumber(d), .events = POLLIN};
        poll(&p, 1, 5);
    }
    if (first < 0) {
        fprintf(stderr, "startup-probe: no frame from a window named \"%s\" within 30 s\n", name);
        kill(pid, SIGTERM);
        return 1;
    }
    usleep((useconds_t)settle * 1000);
    printf("first-frame-ms %.1f rss-kib %ld\n", first, rss_kib(pid));
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    return 0;
}
