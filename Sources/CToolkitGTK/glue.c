#include "CToolkitGTK.h"
#include <glib-unix.h>

gulong tgtk_connect_simple(gpointer instance, const char *signal, tgtk_simple_handler handler, gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

gulong tgtk_connect_event(gpointer controller, tgtk_event_handler handler, gpointer data) {
    return g_signal_connect(controller, "event", G_CALLBACK(handler), data);
}

gulong tgtk_connect_size(gpointer instance, const char *signal, tgtk_size_handler handler, gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

gulong tgtk_connect_point(gpointer instance, const char *signal, tgtk_point_handler handler, gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

gulong tgtk_connect_notify(gpointer instance, const char *property, tgtk_notify_handler handler, gpointer data) {
    char *detailed = g_strconcat("notify::", property, NULL);
    gulong id = g_signal_connect(instance, detailed, G_CALLBACK(handler), data);
    g_free(detailed);
    return id;
}

gulong tgtk_connect_sequence(gpointer instance, const char *signal, tgtk_sequence_handler handler, gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

gboolean tgtk_is_widget(gpointer instance) { return instance != NULL && GTK_IS_WIDGET(instance); }
gboolean tgtk_is_drawing_area(gpointer instance) { return instance != NULL && GTK_IS_DRAWING_AREA(instance); }

GtkWidget *tgtk_drawing_area_new_with_role(GtkAccessibleRole role) {
    return g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL);
}

void tgtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

GtkAccessibleRole tgtk_accessible_role(GtkWidget *widget) {
    return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

gboolean tgtk_surface_to_widget(GtkWidget *widget, double sx, double sy, double *wx, double *wy) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (!native) return FALSE;
    double nx = 0, ny = 0;
    /* Event positions are relative to the surface, which includes the window's client-side decorations and
     * shadow; the native widget's origin sits at the surface transform. GTK 4.8 has no gtk_widget_compute_point
     * (4.10), so the rest of the way goes through gtk_widget_translate_coordinates (deprecated only in 4.12). */
    gtk_native_get_surface_transform(native, &nx, &ny);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean ok = gtk_widget_translate_coordinates(GTK_WIDGET(native), widget, sx - nx, sy - ny, wx, wy);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return ok;
}

gboolean tgtk_pointer_over_widget(GtkWidget *widget, double *wx, double *wy) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (!native) return FALSE;
    GdkSeat *seat = gdk_display_get_default_seat(gtk_widget_get_display(widget));
    GdkDevice *pointer = seat ? gdk_seat_get_pointer(seat) : NULL;
    if (!pointer) return FALSE;
    double sx = 0, sy = 0;
    if (gdk_device_get_surface_at_position(pointer, &sx, &sy) != gtk_native_get_surface(native)) return FALSE;
    double nx = 0, ny = 0;
    gtk_native_get_surface_transform(native, &nx, &ny);
    /* What GTK's own crossings would pick there: a popover or a sibling drawn over the widget hides it. */
    GtkWidget *picked = gtk_widget_pick(GTK_WIDGET(native), sx - nx, sy - ny, GTK_PICK_DEFAULT);
    if (!picked || (picked != widget && !gtk_widget_is_ancestor(picked, widget))) return FALSE;
    double x = 0, y = 0;
    if (!tgtk_surface_to_widget(widget, sx, sy, &x, &y)) return FALSE;
    if (wx) *wx = x;
    if (wy) *wy = y;
    return TRUE;
}

int tgtk_deny_sequence_to_ancestors(GtkWidget *widget, GdkEventSequence *sequence) {
    int denied = 0;
    for (GtkWidget *ancestor = gtk_widget_get_parent(widget); ancestor; ancestor = gtk_widget_get_parent(ancestor)) {
        /* GTK 4.8 has no other way to reach a widget's controllers. The model is dropped at once, which ends the
         * extra bookkeeping GTK does while one is alive. */
        GListModel *controllers = gtk_widget_observe_controllers(ancestor);
        guint count = g_list_model_get_n_items(controllers);
        for (guint i = 0; i < count; i++) {
            GtkEventController *controller = g_list_model_get_item(controllers, i);
            if (GTK_IS_GESTURE(controller)) {
                GtkGesture *gesture = GTK_GESTURE(controller);
                if (gtk_gesture_handles_sequence(gesture, sequence) &&
                    gtk_gesture_get_sequence_state(gesture, sequence) == GTK_EVENT_SEQUENCE_NONE &&
                    gtk_gesture_set_sequence_state(gesture, sequence, GTK_EVENT_SEQUENCE_DENIED))
                    denied++;
            }
            g_object_unref(controller);
        }
        g_object_unref(controllers);
    }
    return denied;
}

guint tgtk_unix_fd_add(int fd, GIOCondition condition, tgtk_fd_handler handler, gpointer data) {
    return g_unix_fd_add(fd, condition, (GUnixFDSourceFunc)handler, data);
}

gboolean tgtk_has_property(gpointer object, const char *property) {
    return object != NULL && g_object_class_find_property(G_OBJECT_GET_CLASS(object), property) != NULL;
}

void tgtk_settings_read(gpointer settings, int *animations, int *prefer_dark, int *dark_theme, int *reduced_motion) {
    gboolean enabled = TRUE, dark = FALSE;
    char *theme = NULL;
    g_object_get(settings, "gtk-enable-animations", &enabled, "gtk-application-prefer-dark-theme", &dark,
                 "gtk-theme-name", &theme, NULL);
    *animations = enabled ? 1 : 0;
    *prefer_dark = dark ? 1 : 0;
    *dark_theme = theme != NULL && g_str_has_suffix(theme, "-dark") ? 1 : 0;
    g_free(theme);
    *reduced_motion = -1;
    if (tgtk_has_property(settings, "gtk-interface-reduced-motion")) {
        /* An enum (GtkReducedMotion): read through a GValue of the property's own type. */
        GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), "gtk-interface-reduced-motion");
        GValue value = G_VALUE_INIT;
        g_value_init(&value, spec->value_type);
        g_object_get_property(G_OBJECT(settings), "gtk-interface-reduced-motion", &value);
        *reduced_motion = G_VALUE_HOLDS_ENUM(&value) ? g_value_get_enum(&value) : -1;
        g_value_unset(&value);
    }
}

void tgtk_set_boolean_property(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void tgtk_set_string_property(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}
