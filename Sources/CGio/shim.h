#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H

// GDBus (the D-Bus client in GIO) and the GLib main context it dispatches
// replies and signals on; GVariant builds and reads D-Bus values.
#include <gio/gio.h>

// G_IO_ERROR is a macro around a function call.
static inline GQuark cgio_io_error_quark(void) { return G_IO_ERROR; }

#endif
