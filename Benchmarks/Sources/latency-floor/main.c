// latency-floor: the fastest an X11 client can show a key — on each key press it fills a
// rectangle straight away, so its latency is the measuring method's own floor.
#include <X11/Xlib.h>
#include <stdio.h>

int main(void) {
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "latency-floor: cannot open the display\n");
        return 1;
    }
    int screen = DefaultScreen(d);
    Window w = XCreateSimpleWindow(d, RootWindow(d, screen), 0, 0, 480, 120, 0, BlackPixel(d, screen),
                                   WhitePixel(d, screen));
    XStoreName(d, w, "latency-floor");
    XSelectInput(d, w, KeyPressMask | ExposureMask);
    XMapWindow(d, w);
    GC gc = XCreateGC(d, w, 0, NULL);
    unsigned long colours[2] = {BlackPixel(d, screen), WhitePixel(d, screen)};
    int presses = 0;
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type == KeyPress) {
            presses++;
            XSetForeground(d, gc, colours[presses % 2]);
            XFillRectangle(d, w, gc, 10, 10, 40, 40);
            XFlush(d);
        }
    }
}
