/* What the bridge's C files share (not part of the module: CAtspiBridge.h is). Object paths: PREFIX "/root" is the
 * application, PREFIX "/<n>" the object with id n (0: the window's frame). One fallback vtable per interface
 * serves every path below PREFIX; the find callbacks (bridge.c) say which paths exist and which interfaces they
 * have. */
#ifndef CATSPI_INTERNAL_H
#define CATSPI_INTERNAL_H

#include "CAtspiBridge.h"
#include <systemd/sd-bus.h>

#define PREFIX "/org/a11y/atspi/accessible"
#define ROOT_PATH PREFIX "/root"
#define NULL_PATH "/org/a11y/atspi/null"

struct tatspi_bridge {
    tatspi_callbacks cb;
    char *application_name;
    sd_bus *session;          /* only while asking for the accessibility bus's address */
    sd_bus *bus;              /* the accessibility bus, once connected */
    int session_done;         /* the address call finished: drop the session connection after processing */
    int failed;               /* no accessibility bus: the bridge is idle for good */
    int registered;
    char *desktop_name;       /* the registry's desktop, our application's parent */
    char *desktop_path;
    int32_t application_id;   /* set by the registry (Application.Id) */
    int listeners;            /* event listeners the registry knows of (any client, any event) */
    /* What the host polls: an epoll set of the bus in use and a timer, so that one descriptor serves the bridge's
     * whole life (the bus changes once, from the session bus to the accessibility bus). */
    int epoll_fd;
    int timer_fd;
    int watched_fd;           /* the bus descriptor in the set, or -1 */
    uint32_t watched_events;
    uint64_t armed_usec;      /* the timer's deadline (CLOCK_MONOTONIC), UINT64_MAX: none */
};

/* Paths and objects (objects.c). */

/* The id a path names: 1 and *id set, or 0 for a path that names no object. */
int tatspi_id_from_path(const char *path, uint64_t *id);
void tatspi_path_for_id(uint64_t id, char *buffer, size_t size);
/* Describes id (the application here, the rest through the callbacks); 1 when it exists. Free node->name. */
int tatspi_describe(tatspi_bridge *b, uint64_t id, tatspi_node *node);
/* The bridge's unique name on the accessibility bus, "" before it connected. */
const char *tatspi_unique_name(tatspi_bridge *b);
/* Appends the reference (bus name, path) of id. */
int tatspi_append_reference(tatspi_bridge *b, sd_bus_message *m, uint64_t id);
int tatspi_append_null_reference(tatspi_bridge *b, sd_bus_message *m);
/* The object a handler serves, from its message's path; an error reply (UnknownObject) when it is gone. */
int tatspi_object_of(tatspi_bridge *b, const char *path, uint64_t *id, tatspi_node *node, sd_bus_error *error);

/* Declares id and node for the handler's object, or returns the error. */
#define OBJECT_OR_RETURN(b, path, id, node, error) \
    uint64_t id; tatspi_node node; \
    { int r_ = tatspi_object_of(b, path, &id, &node, error); if (r_ < 0) return r_; }

/* The interfaces (objects.c: Accessible, Application; component.c: Component, Action, Cache; selection.c:
 * Selection). */
extern const sd_bus_vtable tatspi_accessible_vtable[];
extern const sd_bus_vtable tatspi_application_vtable[];
extern const sd_bus_vtable tatspi_component_vtable[];
extern const sd_bus_vtable tatspi_action_vtable[];
extern const sd_bus_vtable tatspi_cache_vtable[];
extern const sd_bus_vtable tatspi_selection_vtable[];

#endif
