/* The server side of the C boundary, used only by ToolkitTesting's in-process compositor. */
#ifndef CWAYLAND_SERVER_H
#define CWAYLAND_SERVER_H

#include <stdint.h>
#include <stddef.h>
#include <poll.h>
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>
#include <xkbcommon/xkbcommon.h>
#include "xdg-shell-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "pointer-gestures-unstable-v1-server-protocol.h"
#include "presentation-time-server-protocol.h"

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
const struct wl_interface *cws_data_device_manager_interface(void);
const struct wl_interface *cws_data_device_interface(void);
const struct wl_interface *cws_data_source_interface(void);
const struct wl_interface *cws_subcompositor_interface(void);
const struct wl_interface *cws_subsurface_interface(void);
const struct wl_interface *cws_xdg_wm_base_interface(void);
const struct wl_interface *cws_xdg_surface_interface(void);
const struct wl_interface *cws_xdg_toplevel_interface(void);
const struct wl_interface *cws_xdg_positioner_interface(void);
const struct wl_interface *cws_xdg_popup_interface(void);
const struct wl_interface *cws_viewporter_interface(void);
const struct wl_interface *cws_viewport_interface(void);
const struct wl_interface *cws_fractional_scale_manager_interface(void);
const struct wl_interface *cws_fractional_scale_interface(void);
const struct wl_interface *cws_pointer_gestures_interface(void);
const struct wl_interface *cws_pointer_gesture_swipe_interface(void);
const struct wl_interface *cws_pointer_gesture_pinch_interface(void);
const struct wl_interface *cws_pointer_gesture_hold_interface(void);
const struct wl_interface *cws_presentation_interface(void);
const struct wl_interface *cws_presentation_feedback_interface(void);

/* memfd_create with MFD_CLOEXEC, sized; for the keymap the compositor sends. -1 with errno on failure. */
int cws_create_memfd(const char *name, size_t size);

/* wl_resource_post_error with a fixed message: the real function is variadic (printf-style), which Swift
 * cannot call. The message is passed through "%s" so that a '%' in it is harmless. */
void cws_post_error(struct wl_resource *resource, uint32_t code, const char *message);

/* A listening AF_UNIX stream socket bound at `path` (close-on-exec), for wl_display_add_socket_fd. Binding the
 * socket ourselves keeps the compositor independent of the process-wide XDG_RUNTIME_DIR, which parallel tests
 * must not touch. Returns -1 with errno set on failure (ENAMETOOLONG when the path does not fit sun_path). */
int cws_listen_unix(const char *path);

/* socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC). Returns 0, or -1 with errno set. */
int cws_socketpair(int fds[2]);

/* eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK), to wake the dispatch thread. -1 with errno on failure. */
int cws_eventfd(void);
/* Adds 1 to an eventfd (wake-up); drains it (returns the count read, 0 when it was already empty). */
void cws_eventfd_signal(int fd);
uint64_t cws_eventfd_drain(int fd);
/* poll() with a timeout in nanoseconds (ppoll; -1: none), so that the refresh ticks wake the dispatch thread on
 * time rather than up to a millisecond late. Returns what ppoll returns. */
int cws_poll_ns(struct pollfd *fds, unsigned count, int64_t timeout_ns);

/* The keymap the compositor sends: xkbcommon's default names (rules "evdev", model "pc105", layout "us"),
 * compiled with xkb_keymap_new_from_names and serialized with xkb_keymap_get_as_string (XKB_KEYMAP_FORMAT_TEXT_V1).
 * Returns a malloc'ed NUL-terminated string the caller frees, or NULL when the XKB data is missing. */
char *cws_default_keymap_string(void);

/* A sealed, read-only memfd holding `size` bytes of `text` (include the NUL: clients map it as a C string).
 * Sealed against writes, shrinking and growing, so a client may map it MAP_SHARED. -1 with errno on failure. */
int cws_create_keymap_fd(const char *text, size_t size);

/* Runs `notify(context, resource)` once when `resource` is destroyed (wl_resource_add_destroy_listener with the
 * wl_listener in C-owned memory, freed right after the call). The watch cannot be cancelled: the context must
 * outlive the resource (the compositor's state outlives its display). */
typedef void (*cws_destroy_notify_t)(void *context, struct wl_resource *resource);
int cws_watch_destroy(struct wl_resource *resource, cws_destroy_notify_t notify, void *context);

#endif
