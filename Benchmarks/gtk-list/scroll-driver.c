/* A scripted scroll for scripts/bench-gtk: a virtual pointer (zwlr_virtual_pointer_v1, sway/wlroots) that
 * moves to the middle of the output, prints "ready" on stdout, waits for a line on stdin, then scrolls down
 * and exits when the last event is sent.
 *   scroll-driver wheel COUNT INTERVAL_MS      COUNT wheel detents (15 units each, axis_discrete 1)
 *   scroll-driver touchpad COUNT INTERVAL_MS PX  a touchpad-like two-finger flick: COUNT finger axis events
 *                                              of PX each, INTERVAL_MS apart, then axis_stop (fingers lifted)
 * The output is assumed to be 800 x 600 (absolute motion is scaled by the compositor). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                   uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

static void sleep_ms(int ms) {
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[1], "wheel") != 0 && strcmp(argv[1], "touchpad") != 0)) {
        fprintf(stderr, "usage: scroll-driver wheel COUNT INTERVAL_MS | touchpad COUNT INTERVAL_MS PX\n");
        return 2;
    }
    int wheel = strcmp(argv[1], "wheel") == 0, count = atoi(argv[2]), interval = atoi(argv[3]);
    double px = argc > 4 ? atof(argv[4]) : 20;
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "scroll-driver: cannot connect\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) { fprintf(stderr, "scroll-driver: no seat or virtual pointer manager\n"); return 1; }
    struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    wl_display_roundtrip(display);
    sleep_ms(500);   /* the client binds its wl_pointer when the seat's new capability arrives */
    zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), 400, 400, 800, 600);
    zwlr_virtual_pointer_v1_frame(pointer);
    wl_display_roundtrip(display);
    sleep_ms(500);   /* enter, cursor and hover settle before the measurement starts */
    printf("ready\n");
    fflush(stdout);
    char line[16];
    if (!fgets(line, sizeof line, stdin)) return 1;
    for (int i = 0; i < count; i++) {
        if (wheel) {
            zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
            zwlr_virtual_pointer_v1_axis_discrete(pointer, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL,
                                                  wl_fixed_from_double(15), 1);
        } else {
            zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
            zwlr_virtual_pointer_v1_axis(pointer, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_double(px));
        }
        zwlr_virtual_pointer_v1_frame(pointer);
        wl_display_flush(display);
        if (i + 1 < count) sleep_ms(interval);
    }
    if (!wheel) {
        sleep_ms(interval);
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        zwlr_virtual_pointer_v1_axis_stop(pointer, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL);
        zwlr_virtual_pointer_v1_frame(pointer);
    }
    wl_display_roundtrip(display);
    zwlr_virtual_pointer_v1_destroy(pointer);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
