#ifndef CWAYLAND_SHIM_H
#define CWAYLAND_SHIM_H

// libwayland-client: the display connection, the registry and the core
// protocol (wl_compositor, wl_shm, wl_seat, wl_surface, wl_callback).
// Extension protocols (xdg-shell) are generated into CWaylandProtocols.
#include <wayland-client.h>
// libwayland-cursor: pointer images from the cursor theme (Debian's libwayland-dev).
#include <wayland-cursor.h>
// shm_open and mmap for wl_shm pools.
#include <sys/mman.h>

// The interfaces' own addresses for wl_registry_bind (Swift would copy the structs).
static inline const struct wl_interface *wl_compositor_interface_pointer(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *wl_shm_interface_pointer(void) { return &wl_shm_interface; }
static inline const struct wl_interface *wl_seat_interface_pointer(void) { return &wl_seat_interface; }
static inline const struct wl_interface *wl_output_interface_pointer(void) { return &wl_output_interface; }
static inline const struct wl_interface *wl_data_device_manager_interface_pointer(void) {
    return &wl_data_device_manager_interface;
}

#endif
