#include "CEmbedGTK.h"

gulong egtk_connect_activate(GtkApplication *app, egtk_app_handler handler, gpointer data) {
    return g_signal_connect(app, "activate", G_CALLBACK(handler), data);
}

gulong egtk_connect_legacy_event(GtkEventController *controller, egtk_event_handler handler, gpointer data) {
    return g_signal_connect(controller, "event", G_CALLBACK(handler), data);
}

gulong egtk_connect_resize(GtkWidget *area, egtk_resize_handler handler, gpointer data) {
    return g_signal_connect(area, "resize", G_CALLBACK(handler), data);
}

gulong egtk_connect_leave(GtkEventController *controller, egtk_leave_handler handler, gpointer data) {
    return g_signal_connect(controller, "leave", G_CALLBACK(handler), data);
}

gulong egtk_connect_scale_factor(GtkWidget *widget, egtk_notify_handler handler, gpointer data) {
    return g_signal_connect(widget, "notify::scale-factor", G_CALLBACK(handler), data);
}

GtkWindow *egtk_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
GtkDrawingArea *egtk_drawing_area(GtkWidget *widget) { return GTK_DRAWING_AREA(widget); }
GApplication *egtk_application(GtkApplication *app) { return G_APPLICATION(app); }

GtkWidget *egtk_native_widget(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    return native ? GTK_WIDGET(native) : NULL;
}

gboolean egtk_surface_to_widget(GtkWidget *widget, double sx, double sy, double *wx, double *wy) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (!native) return FALSE;
    double nx = 0, ny = 0;
    /* Surface coordinates include the window's client-side decorations and shadow: the native's surface transform. */
    gtk_native_get_surface_transform(native, &nx, &ny);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean ok = gtk_widget_translate_coordinates(GTK_WIDGET(native), widget, sx - nx, sy - ny, wx, wy);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return ok;
}
