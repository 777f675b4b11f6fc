/* The settings portal client (see CSettingsPortal.h). Each setting is asked with ReadOne, the method of version 2
 * of the interface; a portal that does not know it is asked with Read, whose answer wraps the value in one more
 * variant. A setting the portal lacks (NotFound) is simply absent; other failures keep the defaults and are kept
 * for the host to report once. */
#define _GNU_SOURCE
#include "CSettingsPortal.h"
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <systemd/sd-bus.h>
#include <unistd.h>

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SETTINGS_INTERFACE "org.freedesktop.portal.Settings"

static const char *const namespaces[TPORTAL_KEY_COUNT] = {
    "org.freedesktop.appearance", "org.gnome.desktop.interface", "org.freedesktop.appearance"
};
static const char *const keys[TPORTAL_KEY_COUNT] = { "color-scheme", "enable-animations", "reduced-motion" };

struct tportal;

/* One initial read in flight: which setting, and whether it fell back to Read. */
typedef struct {
    struct tportal *owner;
    int key;
    int legacy;
    sd_bus_slot *slot;
} tportal_read;

struct tportal {
    sd_bus *bus;
    int epoll_fd, timer_fd, watched_fd;
    uint32_t watched_events;
    uint64_t armed_usec;
    uint64_t timeout_usec;
    tportal_setting_fn fn;
    void *context;
    tportal_read reads[TPORTAL_KEY_COUNT];
    int pending;
    int failed;
    char *error;
};

static const char *start_error = "";

const char *tportal_start_error(void) { return start_error; }

/* Keeps the epoll set and the timer in step with what sd-bus waits for: its descriptor's events, and its next
 * timeout (a call's deadline) as an absolute CLOCK_MONOTONIC time. */
static void rewatch(tportal *p) {
    int fd = p->bus && !p->failed ? sd_bus_get_fd(p->bus) : -1;
    int events = fd >= 0 ? sd_bus_get_events(p->bus) : 0;
    uint32_t wanted = events > 0 ? ((events & POLLIN ? EPOLLIN : 0) | (events & POLLOUT ? EPOLLOUT : 0)) : 0;
    if (fd != p->watched_fd) {
        if (p->watched_fd >= 0) epoll_ctl(p->epoll_fd, EPOLL_CTL_DEL, p->watched_fd, NULL);
        p->watched_fd = -1;
        struct epoll_event e = { .events = wanted, .data.fd = fd };
        if (fd >= 0 && epoll_ctl(p->epoll_fd, EPOLL_CTL_ADD, fd, &e) == 0) {
            p->watched_fd = fd;
            p->watched_events = wanted;
        }
    } else if (fd >= 0 && wanted != p->watched_events) {
        struct epoll_event e = { .events = wanted, .data.fd = fd };
        if (epoll_ctl(p->epoll_fd, EPOLL_CTL_MOD, fd, &e) == 0) p->watched_events = wanted;
    }
    uint64_t usec = UINT64_MAX;
    if (fd < 0 || sd_bus_get_timeout(p->bus, &usec) < 0) usec = UINT64_MAX;
    if (usec == 0) usec = 1;   /* due now: an absolute time in the past fires at once, 0 would disarm */
    if (usec == p->armed_usec) return;
    struct itimerspec when = { 0 };
    if (usec != UINT64_MAX) {
        when.it_value.tv_sec = (time_t)(usec / 1000000);
        when.it_value.tv_nsec = (long)(usec % 1000000) * 1000;
    }
    if (timerfd_settime(p->timer_fd, TFD_TIMER_ABSTIME, &when, NULL) == 0) p->armed_usec = usec;
}

/* Reads the value at the message's position: variants (one from ReadOne and signals, two from Read) are opened
 * down to a boolean or an unsigned or signed integer. 1 when a value was read. */
static int read_value(sd_bus_message *m, uint32_t *out) {
    for (int depth = 0; depth < 4; depth++) {
        char type = 0;
        const char *contents = NULL;
        if (sd_bus_message_peek_type(m, &type, &contents) <= 0) return 0;
        if (type == 'v') {
            if (sd_bus_message_enter_container(m, 'v', contents) < 0) return 0;
            continue;
        }
        if (type == 'b') {
            int value = 0;
            if (sd_bus_message_read_basic(m, 'b', &value) < 0) return 0;
            *out = value ? 1 : 0;
            return 1;
        }
        if (type == 'u') return sd_bus_message_read_basic(m, 'u', out) >= 0;
        if (type == 'i') {
            int32_t value = 0;
            if (sd_bus_message_read_basic(m, 'i', &value) < 0) return 0;
            *out = value < 0 ? 0 : (uint32_t)value;
            return 1;
        }
        return 0;
    }
    return 0;
}

static void note_error(tportal *p, const char *text) {
    if (p->error || !text) return;
    p->error = strdup(text);
}

static int send_read(tportal_read *r);

static void finish_read(tportal_read *r) {
    r->slot = sd_bus_slot_unref(r->slot);
    if (r->owner->pending > 0) r->owner->pending--;
}

static int on_read(sd_bus_message *reply, void *userdata, sd_bus_error *ret_error) {
    (void)ret_error;
    tportal_read *r = userdata;
    tportal *p = r->owner;
    const sd_bus_error *error = sd_bus_message_get_error(reply);
    if (error) {
        if (!r->legacy && sd_bus_error_has_name(error, "org.freedesktop.DBus.Error.UnknownMethod")) {
            /* A portal before ReadOne: ask the older method. */
            r->slot = sd_bus_slot_unref(r->slot);
            r->legacy = 1;
            if (send_read(r) >= 0) return 0;
        } else if (!sd_bus_error_has_name(error, "org.freedesktop.portal.Error.NotFound")) {
            note_error(p, error->message && *error->message ? error->message : error->name);
        }
        finish_read(r);
        return 0;
    }
    uint32_t value = 0;
    if (read_value(reply, &value)) p->fn(p->context, r->key, value);
    finish_read(r);
    return 0;
}

static int send_read(tportal_read *r) {
    tportal *p = r->owner;
    sd_bus_message *m = NULL;
    int rc = sd_bus_message_new_method_call(p->bus, &m, PORTAL_NAME, PORTAL_PATH, SETTINGS_INTERFACE,
                                            r->legacy ? "Read" : "ReadOne");
    if (rc >= 0) rc = sd_bus_message_append_basic(m, 's', namespaces[r->key]);
    if (rc >= 0) rc = sd_bus_message_append_basic(m, 's', keys[r->key]);
    if (rc >= 0) rc = sd_bus_call_async(p->bus, &r->slot, m, on_read, r, p->timeout_usec);
    sd_bus_message_unref(m);
    return rc;
}

static int on_changed(sd_bus_message *m, void *userdata, sd_bus_error *ret_error) {
    (void)ret_error;
    tportal *p = userdata;
    const char *name_space = NULL, *key = NULL;
    if (sd_bus_message_read_basic(m, 's', &name_space) < 0 || sd_bus_message_read_basic(m, 's', &key) < 0) return 0;
    for (int k = 0; k < TPORTAL_KEY_COUNT; k++) {
        if (strcmp(name_space, namespaces[k]) != 0 || strcmp(key, keys[k]) != 0) continue;
        uint32_t value = 0;
        if (read_value(m, &value)) p->fn(p->context, k, value);
        break;
    }
    return 0;
}

tportal *tportal_start(const char *address, uint64_t timeout_usec, tportal_setting_fn fn, void *context) {
    tportal *p = calloc(1, sizeof *p);
    if (!p) { start_error = "out of memory"; return NULL; }
    p->epoll_fd = p->timer_fd = p->watched_fd = -1;
    p->armed_usec = UINT64_MAX;
    p->timeout_usec = timeout_usec;
    p->fn = fn;
    p->context = context;
    p->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    p->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    struct epoll_event timer = { .events = EPOLLIN, .data.fd = p->timer_fd };
    if (p->epoll_fd < 0 || p->timer_fd < 0 || epoll_ctl(p->epoll_fd, EPOLL_CTL_ADD, p->timer_fd, &timer) < 0) {
        start_error = "no descriptors left";
        tportal_free(p);
        return NULL;
    }
    int r;
    if (address && *address) {
        r = sd_bus_new(&p->bus);
        if (r >= 0) r = sd_bus_set_address(p->bus, address);
        if (r >= 0) r = sd_bus_set_bus_client(p->bus, 1);
        if (r >= 0) r = sd_bus_start(p->bus);
    } else {
        r = sd_bus_open_user(&p->bus);
    }
    if (r < 0) {
        start_error = "no session bus";
        tportal_free(p);
        return NULL;
    }
    /* The signal first, so that no change between a read and its answer is missed. Any sender: the portal's
     * well-known name is not what signals carry. */
    r = sd_bus_match_signal_async(p->bus, NULL, NULL, PORTAL_PATH, SETTINGS_INTERFACE, "SettingChanged", on_changed,
                                  NULL, p);
    for (int k = 0; r >= 0 && k < TPORTAL_KEY_COUNT; k++) {
        p->reads[k] = (tportal_read){ .owner = p, .key = k };
        r = send_read(&p->reads[k]);
        if (r >= 0) p->pending++;
    }
    if (r < 0) {
        start_error = "the session bus refused the requests";
        tportal_free(p);
        return NULL;
    }
    rewatch(p);
    return p;
}

int tportal_fd(const tportal *p) { return p->epoll_fd; }

int tportal_dispatch(tportal *p) {
    uint64_t expirations;
    while (read(p->timer_fd, &expirations, sizeof expirations) > 0) {}
    p->armed_usec = UINT64_MAX;
    if (p->bus && !p->failed) {
        int r;
        while ((r = sd_bus_process(p->bus, NULL)) > 0) {}
        if (r < 0) {
            p->failed = 1;
            note_error(p, "the session bus went away");
            p->pending = 0;
        }
    }
    rewatch(p);
    return !p->failed;
}

int tportal_pending(const tportal *p) { return p->pending; }

const char *tportal_error(const tportal *p) { return p->error; }

void tportal_free(tportal *p) {
    if (!p) return;
    for (int k = 0; k < TPORTAL_KEY_COUNT; k++) sd_bus_slot_unref(p->reads[k].slot);
    if (p->bus) sd_bus_flush_close_unref(p->bus);
    if (p->epoll_fd >= 0) close(p->epoll_fd);
    if (p->timer_fd >= 0) close(p->timer_fd);
    free(p->error);
    free(p);
}
