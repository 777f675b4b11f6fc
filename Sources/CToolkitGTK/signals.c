/* SIGINT / SIGTERM for a GApplication, whatever signal mask the process inherited: the shared signalfd
 * (CTerminationSignals, which also serves WaylandWindow.run) watched by GLib's main context.
 *
 * g_unix_signal_add alone is not enough: a process started with the signals blocked (a Foundation Process child,
 * some session managers) never has them delivered, so GLib's handler never runs and SIGTERM stays pending. At the
 * application's "shutdown" everything is put back (CTerminationSignals reads what is still pending first, so that
 * the signal that ended the application is not delivered again). */
#include "CToolkitGTK.h"
#include "CTerminationSignals.h"
#include <glib-unix.h>

struct termination_watch {
    GApplication *application;   /* weak: cleared if the application is finalized first */
    guint source;
    gulong shutdown_handler;
    struct termination_signals signals;
};

static gboolean on_signal_readable(gint fd, GIOCondition condition, gpointer data) {
    struct termination_watch *watch = data;
    (void)condition;
    if (termination_signals_read(fd) != 0 && watch->application) g_application_quit(watch->application);
    return G_SOURCE_CONTINUE;
}

static void end_watch(gpointer instance, gpointer data) {
    struct termination_watch *watch = data;
    (void)instance;
    if (watch->application) {
        g_signal_handler_disconnect(watch->application, watch->shutdown_handler);
        g_object_remove_weak_pointer(G_OBJECT(watch->application), (gpointer *)&watch->application);
        watch->application = NULL;
    }
    g_source_remove(watch->source);
    termination_signals_end(&watch->signals);
    g_free(watch);
}

gboolean tgtk_quit_on_termination_signals(GApplication *application) {
    if (!G_IS_APPLICATION(application)) return FALSE;
    struct termination_watch *watch = g_new0(struct termination_watch, 1);
    int fd = termination_signals_begin(&watch->signals);
    if (fd < 0) {
        g_free(watch);
        return FALSE;
    }
    watch->application = application;
    g_object_add_weak_pointer(G_OBJECT(application), (gpointer *)&watch->application);
    watch->source = g_unix_fd_add(fd, G_IO_IN, on_signal_readable, watch);
    watch->shutdown_handler = g_signal_connect(application, "shutdown", G_CALLBACK(end_watch), watch);
    return TRUE;
}
