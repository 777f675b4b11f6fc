/* The desktop's settings portal (org.freedesktop.portal.Settings) read over sd-bus, polled from the host's loop:
 * one descriptor (an epoll set holding the bus and a timer for sd-bus's timeouts), no thread, nothing blocks.
 * The values arrive through a callback, first from the initial reads, then from SettingChanged signals. */
#ifndef CSETTINGSPORTAL_H
#define CSETTINGSPORTAL_H

#include <stdint.h>

/* The settings the toolkit follows. */
enum {
    /* org.freedesktop.appearance color-scheme (u): 0 no preference, 1 prefer dark, 2 prefer light. */
    TPORTAL_COLOR_SCHEME = 0,
    /* org.gnome.desktop.interface enable-animations (b): 1 animations on, 0 off. */
    TPORTAL_ENABLE_ANIMATIONS = 1,
    /* org.freedesktop.appearance reduced-motion (u): 0 no preference, 1 reduced motion. */
    TPORTAL_REDUCED_MOTION = 2,
    TPORTAL_KEY_COUNT = 3
};

/* Called with a setting and its value (booleans as 0 or 1) whenever one is read or changes. */
typedef void (*tportal_setting_fn)(void *context, int key, uint32_t value);

typedef struct tportal tportal;

/* Connects to the session bus (`address` NULL: the one the environment names) and starts reading the settings,
 * waiting for nothing: each initial read gives up after `timeout_usec`. NULL at once when no bus is reachable
 * (then `tportal_start_error` says why). */
tportal *tportal_start(const char *address, uint64_t timeout_usec, tportal_setting_fn fn, void *context);

/* Why the latest tportal_start returned NULL (static text). */
const char *tportal_start_error(void);

/* The descriptor to poll for reading while the client lives. */
int tportal_fd(const tportal *p);

/* Handles what arrived (answers, signals, timeouts) without blocking. 0 once the bus is gone for good. */
int tportal_dispatch(tportal *p);

/* How many initial reads have not been answered yet (0: every one answered, failed or timed out). */
int tportal_pending(const tportal *p);

/* The first failure met by an initial read other than "no such setting", or NULL: for one diagnostic line. The
 * text lives as long as the client. */
const char *tportal_error(const tportal *p);

/* Leaves the bus and closes the descriptor. NULL is fine. */
void tportal_free(tportal *p);

#endif
