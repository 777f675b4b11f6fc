#define _GNU_SOURCE
#include "CWayland.h"
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

const struct wl_interface *cw_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *cw_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *cw_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *cw_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *cw_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *cw_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *cw_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *cw_virtual_pointer_manager_interface(void) {
    return &zwlr_virtual_pointer_manager_v1_interface;
}
const struct wl_interface *cw_fractional_scale_manager_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
const struct wl_interface *cw_pointer_gestures_interface(void) { return &zwp_pointer_gestures_v1_interface; }
const struct wl_interface *cw_presentation_interface(void) { return &wp_presentation_interface; }

int cw_create_shm_file(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) { int e = errno; close(fd); errno = e; return -1; }
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL);
    return fd;
}

int cw_grow_shm_file(int fd, size_t size) {
    int r;
    do { r = ftruncate(fd, (off_t)size); } while (r < 0 && errno == EINTR);
    return r;
}
