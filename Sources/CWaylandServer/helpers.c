#define _GNU_SOURCE
#include "CWaylandServer.h"
#include <sys/mman.h>
#include <unistd.h>
#include <errno.h>

const struct wl_interface *cws_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *cws_surface_interface(void) { return &wl_surface_interface; }
const struct wl_interface *cws_region_interface(void) { return &wl_region_interface; }
const struct wl_interface *cws_callback_interface(void) { return &wl_callback_interface; }
const struct wl_interface *cws_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *cws_shm_pool_interface(void) { return &wl_shm_pool_interface; }
const struct wl_interface *cws_buffer_interface(void) { return &wl_buffer_interface; }
const struct wl_interface *cws_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *cws_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *cws_pointer_interface(void) { return &wl_pointer_interface; }
const struct wl_interface *cws_keyboard_interface(void) { return &wl_keyboard_interface; }
const struct wl_interface *cws_touch_interface(void) { return &wl_touch_interface; }
const struct wl_interface *cws_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *cws_xdg_surface_interface(void) { return &xdg_surface_interface; }
const struct wl_interface *cws_xdg_toplevel_interface(void) { return &xdg_toplevel_interface; }

int cws_create_memfd(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}
