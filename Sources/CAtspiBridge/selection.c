/* The Selection interface (internal.h): a list's or a grid's selected items. Child indexes are item indexes, as the
 * callback counts them (a lazy container of 10,000,000 items exposes only its alive items as objects, so an index
 * here is not a position among GetChildren's answer); the selected child asked for by GetSelectedChild is an object
 * only while it is alive, else the null reference. */
#include "internal.h"
#include <stdlib.h>

/* Asks the callback; -1 (an error reply) when the object is gone or selects nothing. */
static int32_t ask(tatspi_bridge *b, sd_bus_message *m, uint32_t request, int32_t index, uint64_t *out,
                   sd_bus_error *error) {
    uint64_t id;
    tatspi_node node;
    int r = tatspi_object_of(b, sd_bus_message_get_path(m), &id, &node, error);
    if (r < 0) return r;
    free(node.name);
    int32_t answer = b->cb.selection ? b->cb.selection(b->cb.context, id, request, index, out) : -1;
    if (answer < 0)
        return sd_bus_error_setf(error, "org.freedesktop.DBus.Error.NotSupported", "Selects nothing");
    return answer;
}

static int prop_n_selected(sd_bus *bus, const char *path, const char *iface, const char *prop, sd_bus_message *reply,
                           void *userdata, sd_bus_error *error) {
    (void)bus; (void)iface; (void)prop;
    tatspi_bridge *b = userdata;
    uint64_t id;
    tatspi_node node;
    int r = tatspi_object_of(b, path, &id, &node, error);
    if (r < 0) return r;
    free(node.name);
    int32_t count = b->cb.selection ? b->cb.selection(b->cb.context, id, TATSPI_SELECTION_COUNT, 0, NULL) : -1;
    return sd_bus_message_append(reply, "i", count < 0 ? 0 : count);
}

static int m_selected_child(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    tatspi_bridge *b = userdata;
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    uint64_t child = 0;
    int32_t found = ask(b, m, TATSPI_SELECTION_SELECTED_CHILD, index, &child, error);
    if (found < 0) return found;
    sd_bus_message *reply = NULL;
    r = sd_bus_message_new_method_return(m, &reply);
    if (r >= 0) r = found ? tatspi_append_reference(b, reply, child) : tatspi_append_null_reference(b, reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

/* A request with a child index in, a boolean out. */
static int indexed(sd_bus_message *m, void *userdata, sd_bus_error *error, uint32_t request) {
    int32_t index = 0;
    int r = sd_bus_message_read(m, "i", &index);
    if (r < 0) return r;
    int32_t done = ask(userdata, m, request, index, NULL, error);
    if (done < 0) return done;
    return sd_bus_reply_method_return(m, "b", done ? 1 : 0);
}

/* A request with nothing in, a boolean out. */
static int whole(sd_bus_message *m, void *userdata, sd_bus_error *error, uint32_t request) {
    int32_t done = ask(userdata, m, request, 0, NULL, error);
    if (done < 0) return done;
    return sd_bus_reply_method_return(m, "b", done ? 1 : 0);
}

static int m_select(sd_bus_message *m, void *u, sd_bus_error *e) { return indexed(m, u, e, TATSPI_SELECTION_SELECT); }
static int m_deselect(sd_bus_message *m, void *u, sd_bus_error *e) {
    return indexed(m, u, e, TATSPI_SELECTION_DESELECT);
}
static int m_deselect_selected(sd_bus_message *m, void *u, sd_bus_error *e) {
    return indexed(m, u, e, TATSPI_SELECTION_DESELECT_SELECTED);
}
static int m_is_selected(sd_bus_message *m, void *u, sd_bus_error *e) {
    return indexed(m, u, e, TATSPI_SELECTION_IS_SELECTED);
}
static int m_select_all(sd_bus_message *m, void *u, sd_bus_error *e) {
    return whole(m, u, e, TATSPI_SELECTION_SELECT_ALL);
}
static int m_clear(sd_bus_message *m, void *u, sd_bus_error *e) { return whole(m, u, e, TATSPI_SELECTION_CLEAR); }

const sd_bus_vtable tatspi_selection_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("NSelectedChildren", "i", prop_n_selected, 0, 0),
    SD_BUS_METHOD("GetSelectedChild", "i", "(so)", m_selected_child, 0),
    SD_BUS_METHOD("SelectChild", "i", "b", m_select, 0),
    SD_BUS_METHOD("DeselectSelectedChild", "i", "b", m_deselect_selected, 0),
    SD_BUS_METHOD("IsChildSelected", "i", "b", m_is_selected, 0),
    SD_BUS_METHOD("SelectAll", "", "b", m_select_all, 0),
    SD_BUS_METHOD("ClearSelection", "", "b", m_clear, 0),
    SD_BUS_METHOD("DeselectChild", "i", "b", m_deselect, 0),
    SD_BUS_VTABLE_END
};
