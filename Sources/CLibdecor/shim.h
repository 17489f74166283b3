#ifndef CLIBDECOR_SHIM_H
#define CLIBDECOR_SHIM_H

// libdecor: window decorations for Wayland toplevels. It asks the compositor
// for server-side decorations (xdg-decoration) and, where none are offered
// (GNOME's mutter, Weston), draws a title bar and borders through a plugin
// (Debian's libdecor-0-plugin-1-cairo).
#include <libdecor.h>

#endif
