/* What ToolkitGTK (and the package's GTK examples) cannot say to GTK 4 from Swift by themselves:
 * - g_signal_connect is a macro taking a GCallback of any signature: one typed connect function per handler shape,
 *   so that Swift passes a function of the right type and the cast to GCallback happens here;
 * - the type-check macros (GTK_IS_DRAWING_AREA ...) and variadic calls (g_object_new, gtk_accessible_update_property);
 * - glib-unix.h (g_unix_fd_add), which gtk/gtk.h does not include, to watch the signalfd that reads SIGINT /
 *   SIGTERM (CTerminationSignals, the copy WaylandWindow.run uses too). */
#ifndef CTOOLKITGTK_H
#define CTOOLKITGTK_H

#include <gtk/gtk.h>

/* Handler shapes. `instance` is the object the signal was connected on. */
typedef void (*tgtk_simple_handler)(gpointer instance, gpointer data);                 /* map, unmap, destroy, clicked, leave, ... */
typedef gboolean (*tgtk_event_handler)(gpointer controller, GdkEvent *event, gpointer data);  /* GtkEventControllerLegacy::event */
typedef void (*tgtk_size_handler)(gpointer instance, int width, int height, gpointer data);   /* GtkDrawingArea::resize */
typedef void (*tgtk_point_handler)(gpointer instance, double x, double y, gpointer data);     /* GtkEventControllerMotion::enter */
typedef void (*tgtk_notify_handler)(gpointer instance, GParamSpec *spec, gpointer data);      /* notify::PROPERTY */
typedef void (*tgtk_sequence_handler)(gpointer gesture, GdkEventSequence *sequence, gpointer data); /* GtkGesture::begin, ::cancel, ::end */

gulong tgtk_connect_simple(gpointer instance, const char *signal, tgtk_simple_handler handler, gpointer data);
gulong tgtk_connect_event(gpointer controller, tgtk_event_handler handler, gpointer data);
gulong tgtk_connect_size(gpointer instance, const char *signal, tgtk_size_handler handler, gpointer data);
gulong tgtk_connect_point(gpointer instance, const char *signal, tgtk_point_handler handler, gpointer data);
/* "notify::PROPERTY". */
gulong tgtk_connect_notify(gpointer instance, const char *property, tgtk_notify_handler handler, gpointer data);
gulong tgtk_connect_sequence(gpointer instance, const char *signal, tgtk_sequence_handler handler, gpointer data);

/* Type checks, safe on any GObject instance (NULL is FALSE). */
gboolean tgtk_is_widget(gpointer instance);
gboolean tgtk_is_drawing_area(gpointer instance);

/* A new GtkDrawingArea whose accessible role (a construct-only property in GTK 4.8) is `role`. Floating. */
GtkWidget *tgtk_drawing_area_new_with_role(GtkAccessibleRole role);
/* The accessible label (GTK_ACCESSIBLE_PROPERTY_LABEL) of `widget`. */
void tgtk_set_accessible_label(GtkWidget *widget, const char *label);
/* The accessible role of `widget`. */
GtkAccessibleRole tgtk_accessible_role(GtkWidget *widget);

/* Surface coordinates of an event (as GdkEvent gives them) to `widget`'s coordinates. FALSE when `widget` is not in
 * a native or the translation fails. */
gboolean tgtk_surface_to_widget(GtkWidget *widget, double sx, double sy, double *wx, double *wy);

/* Whether the seat's pointer (the mouse or touchpad, never a finger) is over `widget` now, as GTK would pick it
 * (nothing drawn over it there), and where, in `widget`'s coordinates (`wx`, `wy` may be NULL). GTK 4 also
 * reports crossings for a touchscreen's own pointer, which its Wayland backend moves to a first touch and never
 * takes out again; a crossing handler has no event to tell the two apart, so it asks for the seat's pointer. */
gboolean tgtk_pointer_over_widget(GtkWidget *widget, double *wx, double *wy);

/* Denies `sequence` to every gesture of `widget`'s ancestors that follows it and has not decided yet (a
 * GtkScrolledWindow's drag, swipe and long-press gestures): a widget's claim only cancels gestures below it and
 * denies those above that claimed already, so an ancestor's capture-phase gesture would still claim the sequence
 * at its drag threshold and take the finger away. Returns how many gestures it denied. */
int tgtk_deny_sequence_to_ancestors(GtkWidget *widget, GdkEventSequence *sequence);

/* SIGINT and SIGTERM quit `application` (g_application_quit) whatever signal mask the process inherited: the
 * shared signalfd (CTerminationSignals) on GLib's main context, undone at the application's "shutdown". Returns FALSE when neither signal can be
 * taken (both ignored or handled by the program, or no signalfd). */
gboolean tgtk_quit_on_termination_signals(GApplication *application);

/* g_unix_fd_add: `handler` runs on GLib's main context whenever `fd` has `condition`, until it returns
 * G_SOURCE_REMOVE or the source is removed (g_source_remove of the id returned). */
typedef gboolean (*tgtk_fd_handler)(int fd, GIOCondition condition, gpointer data);
guint tgtk_unix_fd_add(int fd, GIOCondition condition, tgtk_fd_handler handler, gpointer data);

/* The desktop's motion and colour preferences a GtkSettings holds, read with g_object_get (variadic): whether
 * animations are on (gtk-enable-animations), whether a dark theme is asked for (gtk-application-prefer-dark-theme),
 * whether the theme's name ends in "-dark" (gtk-theme-name), and GTK 4.22's gtk-interface-reduced-motion (1: reduce;
 * -1 where the settings have no such property). */
void tgtk_settings_read(gpointer settings, int *animations, int *prefer_dark, int *dark_theme, int *reduced_motion);

/* Whether `object`'s class has a property named `property` (a notify:: handler for one it lacks never runs). */
gboolean tgtk_has_property(gpointer object, const char *property);

/* g_object_set of one boolean or string property (variadic in GLib). */
void tgtk_set_boolean_property(gpointer object, const char *property, gboolean value);
void tgtk_set_string_property(gpointer object, const char *property, const char *value);

#endif
