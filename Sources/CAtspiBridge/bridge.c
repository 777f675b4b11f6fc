/* The AT-SPI bridge over sd-bus (see CAtspiBridge.h): which paths have which interfaces, connecting and
 * registering, the descriptor the host polls, and events. The interfaces: objects.c and component.c. */
#define _GNU_SOURCE
#include "internal.h"
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <unistd.h>

/* --- which paths have which interfaces ----------------------------------------------------------------------- */

static int find_object(tatspi_bridge *b, const char *path, void **found, int (*has)(uint64_t, const tatspi_node *)) {
    uint64_t id;
    tatspi_node node;
    if (!tatspi_id_from_path(path, &id) || !tatspi_describe(b, id, &node)) return 0;
    free(node.name);
    if (!has(id, &node)) return 0;
    *found = b;
    return 1;
}

static int has_accessible(uint64_t id, const tatspi_node *node) { (void)id; (void)node; return 1; }
static int has_application(uint64_t id, const tatspi_node *node) { (void)node; return id == TATSPI_APPLICATION; }
static int has_component(uint64_t id, const tatspi_node *node) { (void)node; return id != TATSPI_APPLICATION; }
static int has_action(uint64_t id, const tatspi_node *node) {
    (void)id;
    return node->actions != 0 || node->custom_actions > 0;
}
static int has_selection(uint64_t id, const tatspi_node *node) { (void)id; return node->selects_children; }

static int find_accessible(sd_bus *bus, const char *path, const char *iface, void *userdata, void **found,
                           sd_bus_error *error) {
    (void)bus; (void)iface; (void)error;
    return find_object(userdata, path, found, has_accessible);
}
static int find_application(sd_bus *bus, const char *path, const char *iface, void *userdata, void **found,
                            sd_bus_error *error) {
    (void)bus; (void)iface; (void)error;
    return find_object(userdata, path, found, has_application);
}
static int find_component(sd_bus *bus, const char *path, const char *iface, void *userdata, void **found,
                          sd_bus_error *error) {
    (void)bus; (void)iface; (void)error;
    return find_object(userdata, path, found, has_component);
}
static int find_action(sd_bus *bus, const char *path, const char *iface, void *userdata, void **found,
                       sd_bus_error *error) {
    (void)bus; (void)iface; (void)error;
    return find_object(userdata, path, found, has_action);
}
static int find_selection(sd_bus *bus, const char *path, const char *iface, void *userdata, void **found,
                          sd_bus_error *error) {
    (void)bus; (void)iface; (void)error;
    return find_object(userdata, path, found, has_selection);
}

/* --- connecting and registering ------------------------------------------------------------------------------ */

static int on_embedded(sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)error;
    tatspi_bridge *b = userdata;
    if (sd_bus_message_is_method_error(reply, NULL)) return 0;   /* no registry: serve anyway, unregistered */
    const char *name = NULL, *path = NULL;
    if (sd_bus_message_read(reply, "(so)", &name, &path) < 0) return 0;
    free(b->desktop_name); free(b->desktop_path);
    b->desktop_name = strdup(name);
    b->desktop_path = strdup(path);
    b->registered = 1;
    return 0;
}

/* Events are sent only while some client listens for events (the registry keeps the list, as GTK 4 asks it): on a
 * desktop where the accessibility bus runs but no screen reader does, a scroll sends nothing per frame. */
static int on_registered_events(sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)error;
    tatspi_bridge *b = userdata;
    if (sd_bus_message_is_method_error(reply, NULL)) return 0;
    if (sd_bus_message_enter_container(reply, 'a', "(ss)") < 0) return 0;
    const char *name = NULL, *event = NULL;
    int n = 0;
    while (sd_bus_message_read(reply, "(ss)", &name, &event) > 0) n++;
    b->listeners += n;
    return 0;
}

static int on_listener_registered(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)m; (void)error;
    ((tatspi_bridge *)userdata)->listeners++;
    return 0;
}

static int on_listener_deregistered(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)m; (void)error;
    tatspi_bridge *b = userdata;
    if (b->listeners > 0) b->listeners--;
    return 0;
}

static int connect_accessibility_bus(tatspi_bridge *b, const char *address) {
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r >= 0) r = sd_bus_set_address(bus, address);
    if (r >= 0) r = sd_bus_set_bus_client(bus, 1);
    if (r >= 0) r = sd_bus_start(bus);
    if (r < 0) { sd_bus_unref(bus); return r; }
    b->bus = bus;
    r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Accessible", tatspi_accessible_vtable,
                                   find_accessible, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Application",
                                               tatspi_application_vtable, find_application, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Component", tatspi_component_vtable,
                                               find_component, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Action", tatspi_action_vtable,
                                               find_action, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Selection", tatspi_selection_vtable,
                                               find_selection, b);
    if (r >= 0) r = sd_bus_add_object_vtable(bus, NULL, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache",
                                             tatspi_cache_vtable, b);
    /* Registering needs the unique name, which the bus's Hello gives: sd-bus waits for it here (a local socket,
     * answered at once by a running bus). */
    if (r >= 0) r = sd_bus_call_method_async(bus, NULL, "org.a11y.atspi.Registry", ROOT_PATH, "org.a11y.atspi.Socket",
                                             "Embed", on_embedded, b, "(so)", tatspi_unique_name(b), ROOT_PATH);
    if (r >= 0) r = sd_bus_match_signal_async(bus, NULL, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                              "org.a11y.atspi.Registry", "EventListenerRegistered",
                                              on_listener_registered, NULL, b);
    if (r >= 0) r = sd_bus_match_signal_async(bus, NULL, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                              "org.a11y.atspi.Registry", "EventListenerDeregistered",
                                              on_listener_deregistered, NULL, b);
    if (r >= 0) r = sd_bus_call_method_async(bus, NULL, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                             "org.a11y.atspi.Registry", "GetRegisteredEvents", on_registered_events,
                                             b, "");
    return r;
}

static int on_address(sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)error;
    tatspi_bridge *b = userdata;
    b->session_done = 1;
    const char *address = NULL;
    if (sd_bus_message_is_method_error(reply, NULL) || sd_bus_message_read(reply, "s", &address) < 0 ||
        !address || !*address || connect_accessibility_bus(b, address) < 0) {
        b->failed = 1;
    }
    return 0;
}

/* The bus the bridge talks on now, or NULL once it gave up. */
static sd_bus *active_bus(const tatspi_bridge *b) {
    if (b->failed) return NULL;
    return b->bus ? b->bus : b->session;
}

/* Puts the active bus's descriptor in the epoll set with the events sd-bus waits for (POLLOUT too while replies
 * wait to be written), and arms the timer for its next timeout. System calls only for what changed. */
static void watch(tatspi_bridge *b) {
    sd_bus *bus = active_bus(b);
    int fd = bus ? sd_bus_get_fd(bus) : -1;
    int events = bus ? sd_bus_get_events(bus) : 0;
    uint32_t wanted = 0;
    if (fd >= 0 && events > 0) wanted = (events & POLLIN ? EPOLLIN : 0) | (events & POLLOUT ? EPOLLOUT : 0);
    if (fd != b->watched_fd) {
        /* A closed descriptor already left the set: an error here is expected. */
        if (b->watched_fd >= 0) epoll_ctl(b->epoll_fd, EPOLL_CTL_DEL, b->watched_fd, NULL);
        b->watched_fd = -1;
        if (fd >= 0) {
            struct epoll_event e = { .events = wanted, .data.fd = fd };
            if (epoll_ctl(b->epoll_fd, EPOLL_CTL_ADD, fd, &e) == 0) { b->watched_fd = fd; b->watched_events = wanted; }
        }
    } else if (fd >= 0 && wanted != b->watched_events) {
        struct epoll_event e = { .events = wanted, .data.fd = fd };
        if (epoll_ctl(b->epoll_fd, EPOLL_CTL_MOD, fd, &e) == 0) b->watched_events = wanted;
    }
    uint64_t usec = UINT64_MAX;
    if (!bus || sd_bus_get_timeout(bus, &usec) < 0) usec = UINT64_MAX;
    if (usec == 0) usec = 1;   /* "now": a deadline in the past fires at once (0 would disarm the timer) */
    if (usec != b->armed_usec) {
        struct itimerspec when = { 0 };
        if (usec != UINT64_MAX) {
            when.it_value.tv_sec = (time_t)(usec / 1000000);
            when.it_value.tv_nsec = (long)(usec % 1000000) * 1000;
        }
        if (timerfd_settime(b->timer_fd, TFD_TIMER_ABSTIME, &when, NULL) == 0) b->armed_usec = usec;
    }
}

tatspi_bridge *tatspi_bridge_start(const tatspi_callbacks *callbacks, const char *application_name,
                                   const char *address) {
    const char *off = getenv("NO_AT_BRIDGE");
    if (off && strcmp(off, "1") == 0) return NULL;
    tatspi_bridge *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->epoll_fd = b->timer_fd = b->watched_fd = -1;
    b->cb = *callbacks;
    b->application_name = strdup(application_name ? application_name : "");
    b->armed_usec = UINT64_MAX;
    b->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    b->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    struct epoll_event timer = { .events = EPOLLIN, .data.fd = b->timer_fd };
    if (b->epoll_fd < 0 || b->timer_fd < 0 || epoll_ctl(b->epoll_fd, EPOLL_CTL_ADD, b->timer_fd, &timer) < 0) {
        tatspi_bridge_free(b);
        return NULL;
    }
    const char *direct = address && *address ? address : getenv("AT_SPI_BUS_ADDRESS");
    if (direct && *direct) {
        if (connect_accessibility_bus(b, direct) < 0) { tatspi_bridge_free(b); return NULL; }
        watch(b);
        return b;
    }
    /* No session bus (none running, no address): give up at once, silently. */
    if (sd_bus_open_user(&b->session) < 0 ||
        sd_bus_call_method_async(b->session, NULL, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                 on_address, b, "") < 0) {
        tatspi_bridge_free(b);
        return NULL;
    }
    watch(b);
    return b;
}

int tatspi_bridge_fd(const tatspi_bridge *b) { return b->epoll_fd; }

int tatspi_bridge_dispatch(tatspi_bridge *b) {
    uint64_t expirations;
    while (read(b->timer_fd, &expirations, sizeof expirations) > 0) {}
    b->armed_usec = UINT64_MAX;   /* fired or not, set it again below */
    if (b->session && !b->failed) {
        int r = 0;
        while (!b->session_done && (r = sd_bus_process(b->session, NULL)) > 0) {}
        if (r < 0) b->failed = 1;
        if (b->session_done || b->failed) { sd_bus_flush_close_unref(b->session); b->session = NULL; }
    }
    if (b->bus && !b->failed) {
        int r;
        while ((r = sd_bus_process(b->bus, NULL)) > 0) {}
        if (r < 0) b->failed = 1;            /* the bus went away */
    }
    watch(b);
    return !b->failed;
}

int tatspi_bridge_is_registered(const tatspi_bridge *b) { return b->registered; }

int tatspi_bridge_has_listeners(const tatspi_bridge *b) { return b->listeners > 0; }

const char *tatspi_bridge_unique_name(const tatspi_bridge *b) {
    const char *name = NULL;
    if (!b->bus || sd_bus_get_unique_name(b->bus, &name) < 0) return NULL;
    return name;
}

void tatspi_bridge_free(tatspi_bridge *b) {
    if (!b) return;
    if (b->epoll_fd >= 0) close(b->epoll_fd);
    if (b->timer_fd >= 0) close(b->timer_fd);
    if (b->session) sd_bus_flush_close_unref(b->session);
    if (b->bus) sd_bus_flush_close_unref(b->bus);
    free(b->application_name);
    free(b->desktop_name);
    free(b->desktop_path);
    free(b);
}

/* --- events -------------------------------------------------------------------------------------------------- */

/* Emits org.a11y.atspi.Event.<iface>.<member> (s i i v a{sv}) from id's path; `append_value` writes the variant. */
static void emit(tatspi_bridge *b, uint64_t id, const char *iface, const char *member, const char *detail,
                 int32_t detail1, int32_t detail2, int (*append_value)(tatspi_bridge *, sd_bus_message *, const void *),
                 const void *value) {
    if (!b || !b->bus || b->failed || b->listeners <= 0) return;
    char path[96];
    tatspi_path_for_id(id, path, sizeof path);
    sd_bus_message *m = NULL;
    int r = sd_bus_message_new_signal(b->bus, &m, path, iface, member);
    if (r >= 0) r = sd_bus_message_append(m, "sii", detail, detail1, detail2);
    if (r >= 0) r = append_value(b, m, value);
    if (r >= 0) r = sd_bus_message_append(m, "a{sv}", 0);
    if (r >= 0) r = sd_bus_send(NULL, m, NULL);
    sd_bus_message_unref(m);
    watch(b);   /* a full socket keeps the signal queued: write it when writable */
}

static int value_reference(tatspi_bridge *b, sd_bus_message *m, const void *value) {
    int r = sd_bus_message_open_container(m, 'v', "(so)");
    if (r >= 0) r = tatspi_append_reference(b, m, *(const uint64_t *)value);
    if (r >= 0) r = sd_bus_message_close_container(m);
    return r;
}
static int value_string(tatspi_bridge *b, sd_bus_message *m, const void *value) {
    (void)b;
    return sd_bus_message_append(m, "v", "s", (const char *)value);
}
static int value_rect(tatspi_bridge *b, sd_bus_message *m, const void *value) {
    (void)b;
    const int32_t *r4 = value;
    return sd_bus_message_append(m, "v", "(iiii)", r4[0], r4[1], r4[2], r4[3]);
}
static int value_zero(tatspi_bridge *b, sd_bus_message *m, const void *value) {
    (void)b; (void)value;
    return sd_bus_message_append(m, "v", "i", 0);
}

void tatspi_emit_children_changed(tatspi_bridge *b, uint64_t parent, int added, int32_t index, uint64_t child) {
    emit(b, parent, "org.a11y.atspi.Event.Object", "ChildrenChanged", added ? "add" : "remove", index, 0,
         value_reference, &child);
}

void tatspi_emit_name_changed(tatspi_bridge *b, uint64_t id, const char *name) {
    emit(b, id, "org.a11y.atspi.Event.Object", "PropertyChange", "accessible-name", 0, 0, value_string,
         name ? name : "");
}

void tatspi_emit_bounds_changed(tatspi_bridge *b, uint64_t id, int32_t x, int32_t y, int32_t w, int32_t h) {
    int32_t rect[4] = { x, y, w, h };
    emit(b, id, "org.a11y.atspi.Event.Object", "BoundsChanged", "", 0, 0, value_rect, rect);
}

void tatspi_emit_focus(tatspi_bridge *b, uint64_t id, int focused) {
    emit(b, id, "org.a11y.atspi.Event.Object", "StateChanged", "focused", focused ? 1 : 0, 0, value_zero, NULL);
    if (focused) emit(b, id, "org.a11y.atspi.Event.Focus", "Focus", "", 0, 0, value_zero, NULL);
}

void tatspi_emit_state_changed(tatspi_bridge *b, uint64_t id, const char *state, int on) {
    emit(b, id, "org.a11y.atspi.Event.Object", "StateChanged", state, on ? 1 : 0, 0, value_zero, NULL);
}

void tatspi_emit_selection_changed(tatspi_bridge *b, uint64_t id) {
    emit(b, id, "org.a11y.atspi.Event.Object", "SelectionChanged", "", 0, 0, value_zero, NULL);
}
