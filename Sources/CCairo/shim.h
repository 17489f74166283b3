#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H

// cairo's image surfaces, PNG and SVG files and toy text API. The xcb back end
// (cairo-xcb.h) lives in CXCB, next to the xcb headers it needs, so
// that drawing to PNG files never pulls in X11.
#include <cairo.h>
#include <cairo-svg.h>

#endif
