// Xlib with XTest, DAMAGE and MIT-SHM, for the latency probe and the floor client.
#include <X11/Xlib.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
