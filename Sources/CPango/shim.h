#ifndef CPANGO_SHIM_H
#define CPANGO_SHIM_H

// Pango text layout (HarfBuzz shaping, bidirectional text, fontconfig
// fallback) and its cairo back end, with the GLib calls that free what
// Pango hands out (g_object_unref, g_free).
#include <pango/pangocairo.h>

#endif
