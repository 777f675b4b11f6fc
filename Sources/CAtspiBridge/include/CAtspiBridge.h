/* The AT-SPI bridge's D-Bus side (sd-bus): connects to the accessibility bus, serves org.a11y.atspi.Accessible,
 * Component, Action, Selection and Application for object paths /org/a11y/atspi/accessible/<id>, registers with the
 * registry and emits events. It knows nothing of views: every answer comes from the callbacks (Swift, on the thread
 * that calls tatspi_bridge_process, the window's main thread). Single-threaded: sd-bus starts no thread. */
#ifndef CATSPI_BRIDGE_H
#define CATSPI_BRIDGE_H

#include <stdint.h>

/* The application object (the path's "root"); the frame (the window) is id 0, views have their ids (>= 1). */
#define TATSPI_APPLICATION UINT64_MAX

/* Bits of tatspi_node.actions, in the order of the Action interface's indexes. */
enum { TATSPI_ACTION_COUNT = 5 };

/* The AT-SPI role numbers (AtspiRole) the bridge reports: the one table of them, which the Swift side names. */
typedef enum tatspi_role {
    TATSPI_ROLE_FRAME = 23,
    TATSPI_ROLE_IMAGE = 27,
    TATSPI_ROLE_LABEL = 29,
    TATSPI_ROLE_LIST = 31,
    TATSPI_ROLE_LIST_ITEM = 32,
    TATSPI_ROLE_PANEL = 39,
    TATSPI_ROLE_PUSH_BUTTON = 43,
    TATSPI_ROLE_SCROLL_PANE = 49,
    TATSPI_ROLE_APPLICATION = 75,
} tatspi_role;

/* The AT-SPI state numbers (AtspiStateType, all below 32: bits of tatspi_node.states[0]) the bridge reports. */
typedef enum tatspi_state {
    TATSPI_STATE_ACTIVE = 1,
    TATSPI_STATE_ENABLED = 8,
    TATSPI_STATE_FOCUSABLE = 11,
    TATSPI_STATE_FOCUSED = 12,
    TATSPI_STATE_MULTISELECTABLE = 18,
    TATSPI_STATE_SELECTABLE = 22,
    TATSPI_STATE_SELECTED = 23,
    TATSPI_STATE_SENSITIVE = 24,
    TATSPI_STATE_SHOWING = 25,
    TATSPI_STATE_VISIBLE = 30,
} tatspi_state;

typedef struct tatspi_node {
    uint32_t role;            /* a tatspi_role */
    char *name;               /* malloc'd by the callback (or NULL); the bridge frees it */
    uint64_t parent;          /* id of the parent (TATSPI_APPLICATION for the frame) */
    int32_t index_in_parent;
    int32_t child_count;
    uint32_t states[2];       /* AT-SPI state bits 0-31, 32-63 */
    int32_t x, y, width, height;   /* window coordinates, whole points */
    uint32_t actions;         /* bit i: action i ("click", "scroll-up", "scroll-down", "scroll-left", "scroll-right") */
    int32_t position_in_set;  /* a list item's position, from 1 (the "posinset" attribute); 0: none */
    int32_t set_size;         /* the items of its set (the "setsize" attribute); 0: none */
    int32_t selects_children; /* 1: it offers the Selection interface (a list or grid of selectable items) */
    int32_t custom_actions;   /* named actions offered after the standard ones (custom_action_name gives names) */
} tatspi_node;

/* The requests of the Selection interface, for tatspi_callbacks.selection. Child indexes are item indexes (a list's
 * row, a grid's item), which may exceed the alive children a lazy container exposes as objects. */
typedef enum tatspi_selection_request {
    TATSPI_SELECTION_COUNT = 0,             /* how many items are selected */
    TATSPI_SELECTION_SELECTED_CHILD = 1,    /* the index-th selected item: 1 and *out set when alive, else 0 */
    TATSPI_SELECTION_SELECT = 2,            /* selects item index: 1 when done */
    TATSPI_SELECTION_DESELECT = 3,          /* deselects item index: 1 when done */
    TATSPI_SELECTION_IS_SELECTED = 4,       /* 1 when item index is selected */
    TATSPI_SELECTION_SELECT_ALL = 5,        /* 1 when done (multiple selection only) */
    TATSPI_SELECTION_CLEAR = 6,             /* 1 when done */
    TATSPI_SELECTION_DESELECT_SELECTED = 7, /* deselects the index-th selected item: 1 when done */
} tatspi_selection_request;

typedef struct tatspi_callbacks {
    void *context;
    /* Fills *out for id (0: the frame); returns 1, or 0 when there is no such object. */
    int (*describe)(void *context, uint64_t id, tatspi_node *out);
    /* Writes up to capacity child ids of id into out; returns the child count, or -1 for no such object. */
    int32_t (*children)(void *context, uint64_t id, uint64_t *out, int32_t capacity);
    /* Performs action bit `action` on id; returns 1 when done. */
    int (*do_action)(void *context, uint64_t id, uint32_t action);
    /* The name of id's custom action `index` (from 0), malloc'd (the bridge frees it), or NULL for none. */
    char *(*custom_action_name)(void *context, uint64_t id, int32_t index);
    /* Performs id's custom action `index`; returns 1 when done. */
    int (*do_custom_action)(void *context, uint64_t id, int32_t index);
    /* Scrolls id into view; returns 1 when it shows afterwards. */
    int (*scroll_to)(void *context, uint64_t id);
    /* Gives id the keyboard focus; returns 1 when it took it. */
    int (*grab_focus)(void *context, uint64_t id);
    /* The deepest object at (x, y) (window coordinates) inside id; returns 1 and sets *out, or 0 for none. */
    int (*element_at)(void *context, uint64_t id, int32_t x, int32_t y, uint64_t *out);
    /* Answers a Selection request (a tatspi_selection_request) on id with `index`; -1 when id has no Selection. */
    int32_t (*selection)(void *context, uint64_t id, uint32_t request, int32_t index, uint64_t *out);
} tatspi_callbacks;

typedef struct tatspi_bridge tatspi_bridge;

/* Starts the bridge: NULL (at once, silently) when NO_AT_BRIDGE=1 or no session bus is reachable. Otherwise it
 * asks the session bus for the accessibility bus's address (org.a11y.Bus.GetAddress, without waiting), connects
 * there and registers, as tatspi_bridge_dispatch is called. `address` (or else AT_SPI_BUS_ADDRESS), when given, is
 * the accessibility bus's address: the bridge connects there at once (NULL when it cannot). */
tatspi_bridge *tatspi_bridge_start(const tatspi_callbacks *callbacks, const char *application_name,
                                   const char *address);
/* The one descriptor to poll for reading, the same for the bridge's whole life (an epoll set holding the bus
 * connection in use, for reading and, while replies wait to be written, for writing, and a timer for sd-bus's
 * timeouts): readable whenever tatspi_bridge_dispatch has work. */
int tatspi_bridge_fd(const tatspi_bridge *bridge);
/* Handles what arrived and what timed out, without blocking; returns 0 once the bridge gave up for good (no
 * accessibility bus, or it went away: stop polling and free it), 1 otherwise. */
int tatspi_bridge_dispatch(tatspi_bridge *bridge);
/* Whether some client listens for events (the bridge sends none otherwise). */
int tatspi_bridge_has_listeners(const tatspi_bridge *bridge);
/* Whether the registry accepted the application (Socket.Embed answered). */
int tatspi_bridge_is_registered(const tatspi_bridge *bridge);
/* The bridge's unique name on the accessibility bus, or NULL before it connected. */
const char *tatspi_bridge_unique_name(const tatspi_bridge *bridge);
void tatspi_bridge_free(tatspi_bridge *bridge);

/* Events (org.a11y.atspi.Event.*), sent when connected and some client listens; ignored otherwise. */
void tatspi_emit_children_changed(tatspi_bridge *bridge, uint64_t parent, int added, int32_t index, uint64_t child);
void tatspi_emit_name_changed(tatspi_bridge *bridge, uint64_t id, const char *name);
void tatspi_emit_bounds_changed(tatspi_bridge *bridge, uint64_t id, int32_t x, int32_t y, int32_t w, int32_t h);
void tatspi_emit_focus(tatspi_bridge *bridge, uint64_t id, int focused);
/* A state of id changed (object:state-changed:<state>), e.g. "selected". */
void tatspi_emit_state_changed(tatspi_bridge *bridge, uint64_t id, const char *state, int on);
/* The items id selects changed (object:selection-changed). */
void tatspi_emit_selection_changed(tatspi_bridge *bridge, uint64_t id);

/* Geometry of Component requests, in 64 bits where sums and differences of int32 extents can leave int32 (extents
 * reach +-2e9 after the Swift side's clamp). Whether (x, y) lies inside the node's extents: */
int tatspi_node_contains(const tatspi_node *node, int32_t x, int32_t y);
/* The node's origin relative to its parent's (ATSPI_COORD_TYPE_PARENT), clamped to the int32 range: */
void tatspi_relative_origin(const tatspi_node *node, const tatspi_node *parent, int32_t *x, int32_t *y);

#endif
