/* What Swift cannot say to GTK 4 by itself: the type-cast macros (GTK_WINDOW ...) and g_signal_connect, a macro
 * taking a GCallback of any signature. One typed connect function per signal embed-gtk uses, so that the Swift side
 * passes a function of the right type and the cast to GCallback happens here. */
#ifndef CEMBEDGTK_H
#define CEMBEDGTK_H

#include <gtk/gtk.h>

typedef void (*egtk_app_handler)(GtkApplication *app, gpointer data);
typedef gboolean (*egtk_event_handler)(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data);
typedef void (*egtk_resize_handler)(GtkDrawingArea *area, int width, int height, gpointer data);
typedef void (*egtk_leave_handler)(GtkEventControllerMotion *controller, gpointer data);
typedef void (*egtk_notify_handler)(GObject *object, GParamSpec *spec, gpointer data);

gulong egtk_connect_activate(GtkApplication *app, egtk_app_handler handler, gpointer data);
gulong egtk_connect_legacy_event(GtkEventController *controller, egtk_event_handler handler, gpointer data);
gulong egtk_connect_resize(GtkWidget *area, egtk_resize_handler handler, gpointer data);
/* "leave" on a GtkEventControllerMotion (GTK 4 gives crossing events to motion controllers, not legacy ones). */
gulong egtk_connect_leave(GtkEventController *controller, egtk_leave_handler handler, gpointer data);
/* "notify::scale-factor" on a widget. */
gulong egtk_connect_scale_factor(GtkWidget *widget, egtk_notify_handler handler, gpointer data);

GtkWindow *egtk_window(GtkWidget *widget);
GtkDrawingArea *egtk_drawing_area(GtkWidget *widget);
GApplication *egtk_application(GtkApplication *app);
GtkWidget *egtk_native_widget(GtkWidget *widget);   /* the widget's GtkNative (its toplevel), as a widget */

/* Surface coordinates of an event (as GdkEvent gives them) to `widget`'s coordinates. FALSE when `widget` is not
 * in a native or the translation fails. */
gboolean egtk_surface_to_widget(GtkWidget *widget, double sx, double sy, double *wx, double *wy);

#endif
