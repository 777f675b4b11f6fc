/* The client side of the C boundary: libwayland-client and -cursor, xkbcommon, pixman, the generated extension
 * headers, and the few helpers Swift cannot express (interface table addresses, memfd_create with seals). */
#ifndef CWAYLAND_H
#define CWAYLAND_H

#include <stdint.h>
#include <stddef.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include <pixman.h>
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
/* Test support only: a virtual pointer for real-compositor tests under sway (wlroots). */
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include <wayland-cursor.h>

/* Addresses of the interface tables. `&wl_seat_interface` does not import into Swift, and a Swift copy of the
 * struct would leave libwayland holding a dangling pointer, so C hands out the real addresses. */
const struct wl_interface *cw_compositor_interface(void);
const struct wl_interface *cw_subcompositor_interface(void);
const struct wl_interface *cw_shm_interface(void);
const struct wl_interface *cw_seat_interface(void);
const struct wl_interface *cw_output_interface(void);
const struct wl_interface *cw_xdg_wm_base_interface(void);
const struct wl_interface *cw_viewporter_interface(void);
const struct wl_interface *cw_fractional_scale_manager_interface(void);
const struct wl_interface *cw_pointer_gestures_interface(void);
const struct wl_interface *cw_presentation_interface(void);
const struct wl_interface *cw_virtual_pointer_manager_interface(void);

/* memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING) grown to `size` bytes and sealed against shrinking
 * (F_SEAL_SHRINK), so the compositor can never see a truncated pool. Returns -1 with errno set on failure. */
int cw_create_shm_file(const char *name, size_t size);
/* Grows a pool file made by cw_create_shm_file. Returns 0, or -1 with errno set. */
int cw_grow_shm_file(int fd, size_t size);

/* pixman_double_to_fixed, which is a macro and does not import. */
static inline pixman_fixed_t cw_pixman_fixed(double v) { return (pixman_fixed_t)(v * 65536.0); }

#endif
