/* The Component, Action and Cache interfaces (internal.h). */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

/* --- org.a11y.atspi.Component -------------------------------------------------------------------------------- */

static int m_contains(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t x = 0, y = 0; uint32_t coords = 0;
    int r = sd_bus_message_read(m, "iiu", &x, &y, &coords);
    if (r < 0) return r;
    return sd_bus_reply_method_return(m, "b", tatspi_node_contains(&node, x, y));
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
        if (b->cb.element_at(b->cb.context, id, x, y, &found)) r = tatspi_append_reference(b, reply, found);
        else r = tatspi_append_null_reference(b, reply);
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
        if (tatspi_describe(b, node->parent, &parent)) {
            tatspi_relative_origin(node, &parent, x, y);
            free(parent.name);
        }
    }
}

int tatspi_node_contains(const tatspi_node *node, int32_t x, int32_t y) {
    return x >= node->x && y >= node->y && (int64_t)x < (int64_t)node->x + node->width &&
           (int64_t)y < (int64_t)node->y + node->height;
}

static int32_t clamp32(int64_t value) {
    return value < INT32_MIN ? INT32_MIN : value > INT32_MAX ? INT32_MAX : (int32_t)value;
}

void tatspi_relative_origin(const tatspi_node *node, const tatspi_node *parent, int32_t *x, int32_t *y) {
    *x = clamp32((int64_t)node->x - parent->x);
    *y = clamp32((int64_t)node->y - parent->y);
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

const sd_bus_vtable tatspi_component_vtable[] = {
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

static const char *action_names[TATSPI_ACTION_COUNT] = {
    "click", "scroll-up", "scroll-down", "scroll-left", "scroll-right"
};
static const char *action_descriptions[TATSPI_ACTION_COUNT] = {
    "Activates it", "Scrolls up by a page", "Scrolls down by a page", "Scrolls left by a page",
    "Scrolls right by a page"
};

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
    return sd_bus_message_append(reply, "i", action_count(node.actions) + (node.custom_actions > 0 ? node.custom_actions : 0));
}

/* The name of the object's custom action `index` (after the standard ones), malloc'd, or NULL. */
static char *custom_name(tatspi_bridge *b, uint64_t id, const tatspi_node *node, int32_t index) {
    if (index < 0 || index >= node->custom_actions || !b->cb.custom_action_name) return NULL;
    return b->cb.custom_action_name(b->cb.context, id, index);
}

/* GetName / GetLocalizedName / GetDescription / GetKeyBinding of action i. */
static int action_text(sd_bus_message *m, void *userdata, sd_bus_error *error, int which) {
    OBJECT_OR_RETURN((tatspi_bridge *)userdata, sd_bus_message_get_path(m), id, node, error);
    free(node.name);
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    int bit = action_bit(node.actions, index);
    if (bit < 0) {
        /* A custom action: its name is also its description (what a screen reader says for it). */
        char *name = custom_name((tatspi_bridge *)userdata, id, &node, index - action_count(node.actions));
        if (!name) return sd_bus_error_setf(error, "org.freedesktop.DBus.Error.InvalidArgs", "No action %d", index);
        r = sd_bus_reply_method_return(m, "s", which == 2 ? "" : name);
        free(name);
        return r;
    }
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
    for (int32_t i = 0; r >= 0 && i < node.custom_actions; i++) {
        char *name = custom_name((tatspi_bridge *)userdata, id, &node, i);
        r = sd_bus_message_append(reply, "(sss)", name ? name : "", name ? name : "", "");
        free(name);
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
    int32_t custom = index - action_count(node.actions);
    int done = bit >= 0 ? b->cb.do_action(b->cb.context, id, (uint32_t)bit)
               : custom >= 0 && custom < node.custom_actions && b->cb.do_custom_action
                   ? b->cb.do_custom_action(b->cb.context, id, custom)
                   : 0;
    return sd_bus_reply_method_return(m, "b", done ? 1 : 0);
}

const sd_bus_vtable tatspi_action_vtable[] = {
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

const sd_bus_vtable tatspi_cache_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("GetItems", "", "a((so)(so)(so)iiassusau)", m_get_items, 0),
    SD_BUS_SIGNAL("AddAccessible", "((so)(so)(so)iiassusau)", 0),
    SD_BUS_SIGNAL("RemoveAccessible", "(so)", 0),
    SD_BUS_VTABLE_END
};
