#define _GNU_SOURCE
#include "CWaylandServer.h"
#include <sys/mman.h>
#include <unistd.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>

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
const struct wl_interface *cws_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }
const struct wl_interface *cws_data_device_interface(void) { return &wl_data_device_interface; }
const struct wl_interface *cws_data_source_interface(void) { return &wl_data_source_interface; }
const struct wl_interface *cws_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *cws_subsurface_interface(void) { return &wl_subsurface_interface; }
const struct wl_interface *cws_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *cws_xdg_surface_interface(void) { return &xdg_surface_interface; }
const struct wl_interface *cws_xdg_toplevel_interface(void) { return &xdg_toplevel_interface; }

int cws_create_memfd(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}

const struct wl_interface *cws_xdg_positioner_interface(void) { return &xdg_positioner_interface; }
const struct wl_interface *cws_xdg_popup_interface(void) { return &xdg_popup_interface; }
const struct wl_interface *cws_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *cws_viewport_interface(void) { return &wp_viewport_interface; }
const struct wl_interface *cws_fractional_scale_manager_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
const struct wl_interface *cws_fractional_scale_interface(void) { return &wp_fractional_scale_v1_interface; }
const struct wl_interface *cws_pointer_gestures_interface(void) { return &zwp_pointer_gestures_v1_interface; }
const struct wl_interface *cws_pointer_gesture_swipe_interface(void) {
    return &zwp_pointer_gesture_swipe_v1_interface;
}
const struct wl_interface *cws_pointer_gesture_pinch_interface(void) {
    return &zwp_pointer_gesture_pinch_v1_interface;
}
const struct wl_interface *cws_pointer_gesture_hold_interface(void) {
    return &zwp_pointer_gesture_hold_v1_interface;
}
const struct wl_interface *cws_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *cws_presentation_feedback_interface(void) { return &wp_presentation_feedback_interface; }

void cws_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

int cws_listen_unix(const char *path) {
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof addr.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 128) < 0) {
        int e = errno; close(fd); errno = e; return -1;
    }
    return fd;
}

int cws_socketpair(int fds[2]) { return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds); }

int cws_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

void cws_eventfd_signal(int fd) {
    uint64_t one = 1;
    /* EAGAIN only when the counter is at its maximum: the reader is awake anyway. */
    ssize_t r;
    do { r = write(fd, &one, sizeof one); } while (r < 0 && errno == EINTR);
}

uint64_t cws_eventfd_drain(int fd) {
    uint64_t count = 0;
    ssize_t r;
    do { r = read(fd, &count, sizeof count); } while (r < 0 && errno == EINTR);
    return r == sizeof count ? count : 0;
}

int cws_poll_ns(struct pollfd *fds, unsigned count, int64_t timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    return ppoll(fds, count, &timeout, NULL);
}

char *cws_default_keymap_string(void) {
    /* NO_ENVIRONMENT_NAMES: XKB_DEFAULT_LAYOUT and friends in the test environment must not change the keymap. */
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
    if (!context) return NULL;
    struct xkb_rule_names names = { .rules = "evdev", .model = "pc105", .layout = "us", .variant = "", .options = "" };
    struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    char *text = keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
    xkb_keymap_unref(keymap);
    xkb_context_unref(context);
    return text;
}

int cws_create_keymap_fd(const char *text, size_t size) {
    int fd = memfd_create("toolkit-test-keymap", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t r = write(fd, text + done, size - done);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) { int e = r < 0 ? errno : EIO; close(fd); errno = e; return -1; }
        done += (size_t)r;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) {
        int e = errno; close(fd); errno = e; return -1;
    }
    return fd;
}

struct cws_destroy_watch {
    struct wl_listener listener;
    cws_destroy_notify_t notify;
    void *context;
};

static void cws_destroy_watch_fired(struct wl_listener *listener, void *data) {
    struct cws_destroy_watch *watch = wl_container_of(listener, watch, listener);
    wl_list_remove(&watch->listener.link);
    watch->notify(watch->context, (struct wl_resource *)data);
    free(watch);
}

int cws_watch_destroy(struct wl_resource *resource, cws_destroy_notify_t notify, void *context) {
    struct cws_destroy_watch *watch = calloc(1, sizeof *watch);
    if (!watch) return -1;
    watch->notify = notify;
    watch->context = context;
    watch->listener.notify = cws_destroy_watch_fired;
    wl_resource_add_destroy_listener(resource, &watch->listener);
    return 0;
}
