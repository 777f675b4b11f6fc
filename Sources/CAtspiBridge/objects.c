/* The objects' paths and the Accessible and Application interfaces (internal.h). */
#include "internal.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- paths and objects --------------------------------------------------------------------------------------- */

/* The id a path names: 1 and *id set, or 0 for a path that names no object. */
int tatspi_id_from_path(const char *path, uint64_t *id) {
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

void tatspi_path_for_id(uint64_t id, char *buffer, size_t size) {
    if (id == TATSPI_APPLICATION) snprintf(buffer, size, "%s", ROOT_PATH);
    else snprintf(buffer, size, PREFIX "/%" PRIu64, id);
}

/* Describes id (the application is described here, the rest by the callback); 1 when it exists. */
int tatspi_describe(tatspi_bridge *b, uint64_t id, tatspi_node *node) {
    memset(node, 0, sizeof *node);
    if (id == TATSPI_APPLICATION) {
        node->role = TATSPI_ROLE_APPLICATION;
        node->name = strdup(b->application_name);
        node->parent = TATSPI_APPLICATION;
        node->index_in_parent = -1;
        node->child_count = 1;
        return 1;
    }
    return b->cb.describe(b->cb.context, id, node);
}

const char *tatspi_unique_name(tatspi_bridge *b) {
    const char *name = NULL;
    if (!b->bus || sd_bus_get_unique_name(b->bus, &name) < 0 || !name) return "";
    return name;
}

/* Appends the reference (bus name, path) of id; TATSPI_APPLICATION's parent is the registry's desktop. */
int tatspi_append_reference(tatspi_bridge *b, sd_bus_message *m, uint64_t id) {
    char path[96];
    tatspi_path_for_id(id, path, sizeof path);
    return sd_bus_message_append(m, "(so)", tatspi_unique_name(b), path);
}

int tatspi_append_null_reference(tatspi_bridge *b, sd_bus_message *m) {
    return sd_bus_message_append(m, "(so)", tatspi_unique_name(b), NULL_PATH);
}

static int append_parent(tatspi_bridge *b, sd_bus_message *m, uint64_t id, const tatspi_node *node) {
    if (id == TATSPI_APPLICATION) {
        if (b->desktop_name && b->desktop_path)
            return sd_bus_message_append(m, "(so)", b->desktop_name, b->desktop_path);
        return tatspi_append_null_reference(b, m);
    }
    return tatspi_append_reference(b, m, node->parent);
}

/* The object a handler serves, from its message's path; -ENOENT (an error reply) when it is gone. */
int tatspi_object_of(tatspi_bridge *b, const char *path, uint64_t *id, tatspi_node *node, sd_bus_error *error) {
    if (!tatspi_id_from_path(path, id) || !tatspi_describe(b, *id, node)) {
        return sd_bus_error_setf(error, "org.freedesktop.DBus.Error.UnknownObject", "No such object: %s", path);
    }
    return 1;
}

static const char *role_name(uint32_t role) {
    switch ((tatspi_role)role) {
    case TATSPI_ROLE_APPLICATION: return "application";
    case TATSPI_ROLE_FRAME: return "frame";
    case TATSPI_ROLE_LABEL: return "label";
    case TATSPI_ROLE_PUSH_BUTTON: return "push button";
    case TATSPI_ROLE_SCROLL_PANE: return "scroll pane";
    case TATSPI_ROLE_LIST: return "list";
    case TATSPI_ROLE_LIST_ITEM: return "list item";
    case TATSPI_ROLE_IMAGE: return "image";
    case TATSPI_ROLE_PANEL: return "panel";
    }
    return "unknown";
}

/* --- org.a11y.atspi.Accessible ------------------------------------------------------------------------------- */

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
        if (index >= 0 && index < count) r = tatspi_append_reference(b, reply, ids[index]);
        else r = tatspi_append_null_reference(b, reply);
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
    for (int32_t i = 0; r >= 0 && i < count; i++) r = tatspi_append_reference(b, reply, ids[i]);
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
    if (node.position_in_set <= 0 || node.set_size <= 0)
        return sd_bus_reply_method_return(m, "a{ss}", 1, "toolkit", "Toolkit");
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
    if (r >= 0) r = tatspi_append_reference(b, reply, TATSPI_APPLICATION);
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
    if (r >= 0 && (node.actions || node.custom_actions > 0))
        r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Action");
    if (r >= 0 && node.selects_children) r = sd_bus_message_append(reply, "s", "org.a11y.atspi.Selection");
    if (r >= 0) r = sd_bus_message_close_container(reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

const sd_bus_vtable tatspi_accessible_vtable[] = {
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

const sd_bus_vtable tatspi_application_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("ToolkitName", "s", prop_toolkit_name, 0, 0),
    SD_BUS_PROPERTY("Version", "s", prop_version, 0, 0),
    SD_BUS_PROPERTY("AtspiVersion", "s", prop_version, 0, 0),
    SD_BUS_WRITABLE_PROPERTY("Id", "i", prop_id_get, prop_id_set, 0, 0),
    SD_BUS_METHOD("GetLocale", "u", "s", m_get_locale, 0),
    SD_BUS_VTABLE_END
};
