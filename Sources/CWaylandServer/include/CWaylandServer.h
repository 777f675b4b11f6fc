/* The server side of the C boundary, used only by ToolkitTesting's in-process compositor. */
#ifndef CWAYLAND_SERVER_H
#define CWAYLAND_SERVER_H

#include <stdint.h>
#include <stddef.h>
#include <wayland-server.h>
#include <xkbcommon/xkbcommon.h>
#include "xdg-shell-server-protocol.h"
#include "viewporter-server-protocol.h"

const struct wl_interface *cws_compositor_interface(void);
const struct wl_interface *cws_surface_interface(void);
const struct wl_interface *cws_region_interface(void);
const struct wl_interface *cws_callback_interface(void);
const struct wl_interface *cws_shm_interface(void);
const struct wl_interface *cws_shm_pool_interface(void);
const struct wl_interface *cws_buffer_interface(void);
const struct wl_interface *cws_output_interface(void);
const struct wl_interface *cws_seat_interface(void);
const struct wl_interface *cws_pointer_interface(void);
const struct wl_interface *cws_keyboard_interface(void);
const struct wl_interface *cws_touch_interface(void);
const struct wl_interface *cws_xdg_wm_base_interface(void);
const struct wl_interface *cws_xdg_surface_interface(void);
const struct wl_interface *cws_xdg_toplevel_interface(void);

/* memfd_create with MFD_CLOEXEC, sized; for the keymap the compositor sends. -1 with errno on failure. */
int cws_create_memfd(const char *name, size_t size);

#endif
