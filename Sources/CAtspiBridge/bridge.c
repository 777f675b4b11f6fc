/* The AT-SPI bridge over sd-bus (see CAtspiBridge.h). Object paths: PREFIX "/root" is the application, PREFIX "/<n>"
 * the object with id n (0: the window's frame). One fallback vtable per interface serves every path below PREFIX;
 * the find callback says which paths exist and which interfaces they have. */
#define _GNU_SOURCE
#include "CAtspiBridge.h"
#include <systemd/sd-bus.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};

static const char *action_names[TATSPI_ACTION_COUNT] = {
    "click", "scroll-up", "scroll-down", "scroll-left", "scroll-right"
};
static const char *action_descriptions[TATSPI_ACTION_COUNT] = {
    "Activates it", "Scrolls up by a page", "Scrolls down by a page", "Scrolls left by a page",
    "Scrolls right by a page"
};

/* --- paths and objects --------------------------------------------------------------------------------------- */

/* The id a path names: 1 and *id set, or 0 for a path that names no object. */
static int id_from_path(const char *path, uint64_t *id) {
    size_t n = strlen(PREFIX);
    if (!path || strncmp(path, PREFIX, n) != 0 || path[n] != '/') return 0;
    const char *rest = path + n + 1;
    if (strcmp(rest, "root") == 0) { *id = TATSPI_APPLICATION; return 1; }
    if (*rest < '0' || *rest > '9') return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(rest, &end, 10);
    if (errno || !end || *end) return 0;
    *id = value;
    return 1;
}

static void path_for_id(uint64_t id, char *buffer, size_t size) {
    if (id == TATSPI_APPLICATION) snprintf(buffer, size, "%s", ROOT_PATH);
    else snprintf(buffer, size, PREFIX "/%" PRIu64, id);
}

/* Describes id (the application is described here, the rest by the callback); 1 when it exists. */
static int describe(tatspi_bridge *b, uint64_t id, tatspi_node *node) {
    memset(node, 0, sizeof *node);
    if (id == TATSPI_APPLICATION) {
        node->role = 75; /* application */
        node->name = strdup(b->application_name);
        node->parent = TATSPI_APPLICATION;
        node->index_in_parent = -1;
        node->child_count = 1;
        return 1;
    }
    return b->cb.describe(b->cb.context, id, node);
}

static const char *unique_name(tatspi_bridge *b) {
    const char *name = NULL;
    if (!b->bus || sd_bus_get_unique_name(b->bus, &name) < 0 || !name) return "";
    return name;
}

/* Appends the reference (bus name, path) of id; TATSPI_APPLICATION's parent is the registry's desktop. */
static int append_reference(tatspi_bridge *b, sd_bus_message *m, uint64_t id) {
    char path[96];
    path_for_id(id, path, sizeof path);
    return sd_bus_message_append(m, "(so)", unique_name(b), path);
}

static int append_null_reference(tatspi_bridge *b, sd_bus_message *m) {
    return sd_bus_message_append(m, "(so)", unique_name(b), NULL_PATH);
}

static int append_parent(tatspi_bridge *b, sd_bus_message *m, uint64_t id, const tatspi_node *node) {
    if (id == TATSPI_APPLICATION) {
        if (b->desktop_name && b->desktop_path)
            return sd_bus_message_append(m, "(so)", b->desktop_name, b->desktop_path);
        return append_null_reference(b, m);
    }
    return append_reference(b, m, node->parent);
}

/* The object a handler serves, from its message's path; -ENOENT (an error reply) when it is gone. */
static int object_of(tatspi_bridge *b, const char *path, uint64_t *id, tatspi_node *node, sd_bus_error *error) {
    if (!id_from_path(path, id) || !describe(b, *id, node)) {
        return sd_bus_error_setf(error, "org.freedesktop.DBus.Error.UnknownObject", "No such object: %s", path);
    }
    return 1;
}

static const char *role_name(uint32_t role) {
    switch (role) {
    case 75: return "application";
    case 23: return "frame";
    case 29: return "label";
    case 43: return "push button";
    case 49: return "scroll pane";
    case 31: return "list";
    case 32: return "list item";
    case 27: return "image";
    case 39: return "panel";
    default: return "unknown";
    }
}

/* --- org.a11y.atspi.Accessible ------------------------------------------------------------------------------- */

#define OBJECT_OR_RETURN(b, path, id, node, error) \
    uint64_t id; tatspi_node node; \
    { int r_ = object_of(b, path, &id, &node, error); if (r_ < 0) return r_; }

static int prop_name(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                     void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, path, id, node, error);
    int r = sd_bus_message_append(reply, "s", node.name ? node.name : "");
    free(node.name);
    return r;
}

static int prop_empty_string(sd_bus *bus, const char *path, const char *iface, const char *prop,
                             sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, path, id, node, error);
    free(node.name);
    return sd_bus_message_append(reply, "s", "");
}

static int prop_parent(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                       void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, path, id, node, error);
    free(node.name);
    return append_parent(b, reply, id, &node);
}

static int prop_child_count(sd_bus *bus, const char *path, const char *iface, const char *prop,
                            sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, path, id, node, error);
    free(node.name);
    return sd_bus_message_append(reply, "i", node.child_count);
}

static int prop_locale(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                       void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop; (void)path; (void)userdata; (void)error;
    return sd_bus_message_append(reply, "s", "");
}

/* The children of id, allocated (free it); *count set, -1 when the object is gone. */
static uint64_t *children_of(tatspi_bridge *b, uint64_t id, int32_t *count) {
    if (id == TATSPI_APPLICATION) {
        uint64_t *one = malloc(sizeof *one);
        if (one) *one = 0;
        *count = one ? 1 : -1;
        return one;
    }
    int32_t capacity = 64;
    for (;;) {
        uint64_t *ids = malloc(sizeof *ids * (size_t)capacity);
        if (!ids) { *count = -1; return NULL; }
        int32_t n = b->cb.children(b->cb.context, id, ids, capacity);
        if (n <= capacity) { *count = n; return ids; }
        free(ids);
        capacity = n;
    }
}

static int m_child_at(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    int32_t count = 0;
    uint64_t *ids = children_of(b, id, &count);
    sd_bus_message *reply = NULL;
    r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) {
        if (index >= 0 && index < count) r = append_reference(b, reply, ids[index]);
        else r = append_null_reference(b, reply);
    }
    free(ids);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_children(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t count = 0;
    uint64_t *ids = children_of(b, id, &count);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "(so)");
    for (int32_t i = 0; r >= 0 && i < count; i++) r = append_reference(b, reply, ids[i]);
    if (r >= 0) r = sd_bus_message_close_container(reply);
    free(ids);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_index(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "i", node.index_in_parent);
}

static int m_relations(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "(ua(so))");
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_role(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "u", node.role);
}

static int m_role_name(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "s", role_name(node.role));
}

static int m_state(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_append(reply, "au", 2, node.states[0], node.states[1]);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

/* A list item's place in its list as the ARIA-style attributes screen readers read ("item 3 of 200"): the list may
 * hold more rows than are alive as objects, so its child count is not the item count. */
static int m_attributes(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    if (node.position_in_set <= 0 || node.set_size <= 0) return sd_bus_reply_method_return(m, "a{ss}", 1, "toolkit", "Toolkit");
    char position[16], size[16];
    snprintf(position, sizeof position, "%d", node.position_in_set);
    snprintf(size, sizeof size, "%d", node.set_size);
    return sd_bus_reply_method_return(m, "a{ss}", 3, "toolkit", "Toolkit", "posinset", position, "setsize", size);
}

static int m_application(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = append_reference(b, reply, TATSPI_APPLICATION);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_interfaces(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "s");
    if (r >= 0) r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Accessible");
    if (r >= 0 && id == TATSPI_APPLICATION) r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Application");
    if (r >= 0 && id != TATSPI_APPLICATION) r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Component");
    if (r >= 0 && node.actions) r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Action");
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static const sd_bus_vtable accessible_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("Name", "s", prop_name, 0, 0),
    SD_BUS_PROPERTY("Description", "s", prop_empty_string, 0, 0),
    SD_BUS_PROPERTY("Parent", "(so)", prop_parent, 0, 0),
    SD_BUS_PROPERTY("ChildCount", "i", prop_child_count, 0, 0),
    SD_BUS_PROPERTY("Locale", "s", prop_locale, 0, 0),
    SD_BUS_PROPERTY("AccessibleId", "s", prop_empty_string, 0, 0),
    SD_BUS_METHOD("GetChildAtIndex", "i", "(so)", m_child_at, 0),
    SD_BUS_METHOD("GetChildren", "", "a(so)", m_children, 0),
    SD_BUS_METHOD("GetIndexInParent", "", "i", m_index, 0),
    SD_BUS_METHOD("GetRelationSet", "", "a(ua(so))", m_relations, 0),
    SD_BUS_METHOD("GetRole", "", "u", m_role, 0),
    SD_BUS_METHOD("GetRoleName", "", "s", m_role_name, 0),
    SD_BUS_METHOD("GetLocalizedRoleName", "", "s", m_role_name, 0),
    SD_BUS_METHOD("GetState", "", "au", m_state, 0),
    SD_BUS_METHOD("GetAttributes", "", "a{ss}", m_attributes, 0),
    SD_BUS_METHOD("GetApplication", "", "(so)", m_application, 0),
    SD_BUS_METHOD("GetInterfaces", "", "as", m_interfaces, 0),
    SD_BUS_VTABLE_END
};

/* --- org.a11y.atspi.Application (the root) ------------------------------------------------------------------- */

static int prop_toolkit_name(sd_bus *bus, const char *path, const char *iface, const char *prop,
                             sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)iface; (void)prop; (void)userdata; (void)error;
    return sd_bus_message_append(reply, "s", "Toolkit");
}

static int prop_version(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                        void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)iface; (void)userdata; (void)error;
    return sd_bus_message_append(reply, "s", strcmp(prop, "AtspiVersion") == 0 ? "2.1" : "1.0");
}

static int prop_id_get(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                       void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)iface; (void)prop; (void)error;
    return sd_bus_message_append(reply, "i", ((tatspi_bridge *)userdata)->application_id);
}

static int prop_id_set(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *value,
                       void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)iface; (void)prop; (void)error;
    return sd_bus_message_read(value, "i", &((tatspi_bridge *)userdata)->application_id);
}

static int m_get_locale(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    return sd_bus_reply_method_return(m, "s", "");
}

static const sd_bus_vtable application_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("ToolkitName", "s", prop_toolkit_name, 0, 0),
    SD_BUS_PROPERTY("Version", "s", prop_version, 0, 0),
    SD_BUS_PROPERTY("AtspiVersion", "s", prop_version, 0, 0),
    SD_BUS_WRITABLE_PROPERTY("Id", "i", prop_id_get, prop_id_set, 0, 0),
    SD_BUS_METHOD("GetLocale", "u", "s", m_get_locale, 0),
    SD_BUS_VTABLE_END
};

/* --- org.a11y.atspi.Component -------------------------------------------------------------------------------- */

static int m_contains(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t x = 0, y = 0; uint32_t coords = 0;
    int r = sd_bus_message_read(m, "iiu", &x, &y, &coords);
    if (r < 0) return r;
    int inside = x >= node.x && y >= node.y && x < node.x + node.width && y < node.y + node.height;
    return sd_bus_reply_method_return(m, "b", inside);
}

static int m_at_point(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t x = 0, y = 0; uint32_t coords = 0;
    int r = sd_bus_message_read(m, "iiu", &x, &y, &coords);
    if (r < 0) return r;
    uint64_t found = 0;
    sd_bus_message *reply = NULL;
    r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) {
        if (b->cb.element_at(b->cb.context, id, x, y, &found)) r = append_reference(b, reply, found);
        else r = append_null_reference(b, reply);
    }
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

/* Window and screen coordinates are the same here: a Wayland client does not know where its window is. Parent
 * coordinates are relative to the parent's extents. */
static void relative_origin(tatspi_bridge *b, const tatspi_node *node, uint32_t coords, int32_t *x, int32_t *y) {
    *x = node->x; *y = node->y;
    if (coords == 2 /* ATSPI_COORD_TYPE_PARENT */) {
        tatspi_node parent;
        if (describe(b, node->parent, &parent)) {
            *x -= parent.x; *y -= parent.y;
            free(parent.name);
        }
    }
}

static int m_extents(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    uint32_t coords = 0;
    int r = sd_bus_message_read(m, "u", &coords);
    if (r < 0) return r;
    int32_t x, y;
    relative_origin(b, &node, coords, &x, &y);
    sd_bus_message *reply = NULL;
    r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_append(reply, "(iiii)", x, y, node.width, node.height);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_position(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    uint32_t coords = 0;
    int r = sd_bus_message_read(m, "u", &coords);
    if (r < 0) return r;
    int32_t x, y;
    relative_origin(b, &node, coords, &x, &y);
    return sd_bus_reply_method_return(m, "ii", x, y);
}

static int m_size(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "ii", node.width, node.height);
}

static int m_layer(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "u", id == 0 ? 7 /* window */ : 3 /* widget */);
}

static int m_mdi_z(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    return sd_bus_reply_method_return(m, "n", (int16_t)-1);
}

static int m_alpha(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    return sd_bus_reply_method_return(m, "d", 1.0);
}

static int m_grab_focus(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    return sd_bus_reply_method_return(m, "b", b->cb.grab_focus(b->cb.context, id) ? 1 : 0);
}

static int m_scroll_to(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    uint32_t type = 0;
    int r = sd_bus_message_read(m, "u", &type);
    if (r < 0) return r;
    /* Every scroll type shows the object the least way (as scrollRectToVisible). */
    return sd_bus_reply_method_return(m, "b", b->cb.scroll_to(b->cb.context, id) ? 1 : 0);
}

static int m_scroll_to_point(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    /* Placing an object at a given point is not offered (no AT the project knows of uses it). */
    return sd_bus_reply_method_return(m, "b", 0);
}

static const sd_bus_vtable component_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Contains", "iiu", "b", m_contains, 0),
    SD_BUS_METHOD("GetAccessibleAtPoint", "iiu", "(so)", m_at_point, 0),
    SD_BUS_METHOD("GetExtents", "u", "(iiii)", m_extents, 0),
    SD_BUS_METHOD("GetPosition", "u", "ii", m_position, 0),
    SD_BUS_METHOD("GetSize", "", "ii", m_size, 0),
    SD_BUS_METHOD("GetLayer", "", "u", m_layer, 0),
    SD_BUS_METHOD("GetMDIZOrder", "", "n", m_mdi_z, 0),
    SD_BUS_METHOD("GrabFocus", "", "b", m_grab_focus, 0),
    SD_BUS_METHOD("GetAlpha", "", "d", m_alpha, 0),
    SD_BUS_METHOD("ScrollTo", "u", "b", m_scroll_to, 0),
    SD_BUS_METHOD("ScrollToPoint", "uii", "b", m_scroll_to_point, 0),
    SD_BUS_VTABLE_END
};

/* --- org.a11y.atspi.Action ----------------------------------------------------------------------------------- */

/* The action bit of the object's index-th action, or -1. */
static int action_bit(uint32_t actions, int32_t index) {
    int32_t seen = 0;
    for (int bit = 0; bit < TATSPI_ACTION_COUNT; bit++) {
        if (!(actions & (1u << bit))) continue;
        if (seen == index) return bit;
        seen++;
    }
    return -1;
}

static int32_t action_count(uint32_t actions) {
    int32_t n = 0;
    for (int bit = 0; bit < TATSPI_ACTION_COUNT; bit++) if (actions & (1u << bit)) n++;
    return n;
}

static int prop_n_actions(sd_bus *bus, const char *path, const char *iface, const char *prop,
                          sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, path, id, node, error);
    free(node.name);
    return sd_bus_message_append(reply, "i", action_count(node.actions));
}

/* GetName / GetLocalizedName / GetDescription / GetKeyBinding of action i. */
static int action_text(sd_bus_message *m, void *userdata, sd_bus_error *error, int which) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    int bit = action_bit(node.actions, index);
    if (bit < 0) return sd_bus_error_setf(error, "org.freedesktop.DBus.Error.InvalidArgs", "No action %d", index);
    const char *text = which == 0 ? action_names[bit] : which == 1 ? action_descriptions[bit] : "";
    return sd_bus_reply_method_return(m, "s", text);
}

static int m_action_name(sd_bus_message *m, void *u, sd_bus_error *e) { return action_text(m, u, e, 0); }
static int m_action_description(sd_bus_message *m, void *u, sd_bus_error *e) { return action_text(m, u, e, 1); }
static int m_action_key_binding(sd_bus_message *m, void *u, sd_bus_error *e) { return action_text(m, u, e, 2); }

static int m_actions(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "(sss)");
    for (int bit = 0; r >= 0 && bit < TATSPI_ACTION_COUNT; bit++) {
        if (node.actions & (1u << bit))
            r = sd_bus_message_append(reply, "(sss)", action_names[bit], action_descriptions[bit], "");
    }
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static int m_do_action(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    OBJECT_OR_RETURN(b, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    int bit = action_bit(node.actions, index);
    int done = bit >= 0 && b->cb.do_action(b->cb.context, id, (uint32_t)bit);
    return sd_bus_reply_method_return(m, "b", done ? 1 : 0);
}

static const sd_bus_vtable action_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("NActions", "i", prop_n_actions, 0, 0),
    SD_BUS_METHOD("GetDescription", "i", "s", m_action_description, 0),
    SD_BUS_METHOD("GetName", "i", "s", m_action_name, 0),
    SD_BUS_METHOD("GetLocalizedName", "i", "s", m_action_name, 0),
    SD_BUS_METHOD("GetKeyBinding", "i", "s", m_action_key_binding, 0),
    SD_BUS_METHOD("GetActions", "", "a(sss)", m_actions, 0),
    SD_BUS_METHOD("DoAction", "i", "b", m_do_action, 0),
    SD_BUS_VTABLE_END
};

/* --- org.a11y.atspi.Cache ----------------------------------------------------------------------------------------
 * libatspi asks a new application for all its objects at once (GetItems) and warns when the call fails. The tree
 * is derived on demand here, so the cache is empty: clients then ask each object, as they do for GTK 4. */

static int m_get_items(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = sd_bus_message_open_container(reply, 'a', "((so)(so)(so)iiassusau)");
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

static const sd_bus_vtable cache_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("GetItems", "", "a((so)(so)(so)iiassusau)", m_get_items, 0),
    SD_BUS_SIGNAL("AddAccessible", "((so)(so)(so)iiassusau)", 0),
    SD_BUS_SIGNAL("RemoveAccessible", "(so)", 0),
    SD_BUS_VTABLE_END
};

/* --- which paths have which interfaces ----------------------------------------------------------------------- */

static int find_object(tatspi_bridge *b, const char *path, void **found, int (*has)(uint64_t, const tatspi_node *)) {
    uint64_t id;
    tatspi_node node;
    if (!id_from_path(path, &id) || !describe(b, id, &node)) return 0;
    free(node.name);
    if (!has(id, &node)) return 0;
    *found = b;
    return 1;
}

static int has_accessible(uint64_t id, const tatspi_node *node) { (void)id; (void)node; return 1; }
static int has_application(uint64_t id, const tatspi_node *node) { (void)node; return id == TATSPI_APPLICATION; }
static int has_component(uint64_t id, const tatspi_node *node) { (void)node; return id != TATSPI_APPLICATION; }
static int has_action(uint64_t id, const tatspi_node *node) { (void)id; return node->actions != 0; }

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
    r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Accessible", accessible_vtable,
                                   find_accessible, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Application", application_vtable,
                                               find_application, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Component", component_vtable,
                                               find_component, b);
    if (r >= 0) r = sd_bus_add_fallback_vtable(bus, NULL, PREFIX, "org.a11y.atspi.Action", action_vtable,
                                               find_action, b);
    if (r >= 0) r = sd_bus_add_object_vtable(bus, NULL, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", cache_vtable,
                                             b);
    /* Registering needs the unique name, which the bus's Hello gives: sd-bus waits for it here (a local socket,
     * answered at once by a running bus). */
    if (r >= 0) r = sd_bus_call_method_async(bus, NULL, "org.a11y.atspi.Registry", ROOT_PATH, "org.a11y.atspi.Socket",
                                             "Embed", on_embedded, b, "(so)", unique_name(b), ROOT_PATH);
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

tatspi_bridge *tatspi_bridge_start(const tatspi_callbacks *callbacks, const char *application_name) {
    const char *off = getenv("NO_AT_BRIDGE");
    if (off && strcmp(off, "1") == 0) return NULL;
    tatspi_bridge *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->cb = *callbacks;
    b->application_name = strdup(application_name ? application_name : "");
    const char *direct = getenv("AT_SPI_BUS_ADDRESS");
    if (direct && *direct) {
        if (connect_accessibility_bus(b, direct) < 0) { tatspi_bridge_free(b); return NULL; }
        return b;
    }
    /* No session bus (none running, no address): give up at once, silently. */
    if (sd_bus_open_user(&b->session) < 0 ||
        sd_bus_call_method_async(b->session, NULL, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                 on_address, b, "") < 0) {
        tatspi_bridge_free(b);
        return NULL;
    }
    return b;
}

int tatspi_bridge_fd(const tatspi_bridge *b) {
    if (b->failed) return -1;
    if (b->bus) return sd_bus_get_fd(b->bus);
    if (b->session) return sd_bus_get_fd(b->session);
    return -1;
}

int tatspi_bridge_process(tatspi_bridge *b) {
    int before = tatspi_bridge_fd(b);
    if (b->session) {
        while (!b->session_done && sd_bus_process(b->session, NULL) > 0) {}
        if (b->session_done) { sd_bus_flush_close_unref(b->session); b->session = NULL; }
    }
    if (b->bus && !b->failed) {
        int r;
        while ((r = sd_bus_process(b->bus, NULL)) > 0) {}
        if (r < 0) b->failed = 1;            /* the bus went away */
        else sd_bus_flush(b->bus);
    }
    return tatspi_bridge_fd(b) != before;
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
    path_for_id(id, path, sizeof path);
    sd_bus_message *m = NULL;
    int r = sd_bus_message_new_signal(b->bus, &m, path, iface, member);
    if (r >= 0) r = sd_bus_message_append(m, "sii", detail, detail1, detail2);
    if (r >= 0) r = append_value(b, m, value);
    if (r >= 0) r = sd_bus_message_append(m, "a{sv}", 0);
    if (r >= 0) r = sd_bus_send(NULL, m, NULL);
    sd_bus_message_unref(m);
}

static int value_reference(tatspi_bridge *b, sd_bus_message *m, const void *value) {
    int r = sd_bus_message_open_container(m, 'v', "(so)");
    if (r >= 0) r = append_reference(b, m, *(const uint64_t *)value);
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
