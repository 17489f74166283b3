#ifndef CWAYLAND_PROTOCOLS_H
#define CWAYLAND_PROTOCOLS_H

// Client code wayland-scanner generated from Debian's wayland-protocols
// (scripts/generate-wayland-protocols.sh); do not edit the generated files.
#include "xdg-shell-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "primary-selection-unstable-v1-client-protocol.h"

// The interfaces' own addresses for wl_registry_bind (Swift would copy the structs).
static inline const struct wl_interface *xdg_wm_base_interface_pointer(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *zwp_text_input_manager_v3_interface_pointer(void) {
    return &zwp_text_input_manager_v3_interface;
}
static inline const struct wl_interface *zwp_primary_selection_device_manager_v1_interface_pointer(void) {
    return &zwp_primary_selection_device_manager_v1_interface;
}

#endif
