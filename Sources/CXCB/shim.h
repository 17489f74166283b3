#ifndef CXCB_SHIM_H
#define CXCB_SHIM_H

// The X11 host's C libraries, all spoken over xcb: xcb and its XKB and XInput (touch) extensions,
// xkbcommon-x11 (the keymap and state from the server), and cairo's xcb back end;
// libXau reads the authorization a connection made with xcb_connect_to_fd sends.
#include <xcb/xcb.h>
#include <X11/Xauth.h>
#include <xcb/xkb.h>
#include <xcb/xinput.h>
#include <xkbcommon/xkbcommon-x11.h>
#include <cairo/cairo-xcb.h>

#endif
