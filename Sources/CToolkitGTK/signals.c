/* SIGINT / SIGTERM for a GApplication, whatever signal mask the process inherited.
 *
 * g_unix_signal_add alone is not enough: a process started with the signals blocked (a Foundation Process child,
 * some session managers) never has them delivered, so GLib's handler never runs and SIGTERM stays pending. Here the
 * signals are blocked in the main thread on purpose and read from a signalfd watched by GLib's main context, so a
 * signal is seen whether it was blocked or not. A signal the kernel delivers to another thread (one started before
 * this, where the inherited mask leaves it unblocked) is forwarded to the main thread by a handler, where it is
 * blocked and waits for the signalfd. Only signals whose action is the default one are taken: one the program
 * ignores (a shell's background job ignores SIGINT) or handles itself is left alone. At the application's
 * "shutdown" the actions and the mask are put back and whatever is still pending is read first, so that the
 * signal that ended the application is not delivered again. */
#define _GNU_SOURCE
#include "CToolkitGTK.h"
#include <glib-unix.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

static const int quit_signals[2] = { SIGINT, SIGTERM };

/* The thread that reads the signalfd (the GApplication's thread), written before any handler is installed. */
static pthread_t main_thread;

struct termination_watch {
    GApplication *application;   /* weak: cleared if the application is finalized first */
    int fd;
    guint source;
    gulong shutdown_handler;
    int taken[2];
    struct sigaction previous[2];
    sigset_t previous_mask;
};

static void forward_to_main_thread(int signal_number) {
    int saved = errno;
    pthread_kill(main_thread, signal_number);
    errno = saved;
}

/* Reads every pending signal; the number of the last one, 0 when none. */
static int drain(int fd) {
    struct signalfd_siginfo info;
    int last = 0;
    while (read(fd, &info, sizeof info) == (ssize_t)sizeof info) last = (int)info.ssi_signo;
    return last;
}

static gboolean on_signal_readable(gint fd, GIOCondition condition, gpointer data) {
    struct termination_watch *watch = data;
    (void)condition;
    if (drain(fd) != 0 && watch->application) g_application_quit(watch->application);
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
    for (int i = 0; i < 2; i++) {
        if (watch->taken[i]) sigaction(quit_signals[i], &watch->previous[i], NULL);
    }
    drain(watch->fd);
    close(watch->fd);
    pthread_sigmask(SIG_SETMASK, &watch->previous_mask, NULL);
    g_free(watch);
}

gboolean tgtk_quit_on_termination_signals(GApplication *application) {
    if (!G_IS_APPLICATION(application)) return FALSE;
    struct termination_watch *watch = g_new0(struct termination_watch, 1);
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < 2; i++) {
        if (sigaction(quit_signals[i], NULL, &watch->previous[i]) != 0) continue;
        if (!(watch->previous[i].sa_flags & SA_SIGINFO) && watch->previous[i].sa_handler == SIG_DFL) {
            watch->taken[i] = 1;
            sigaddset(&set, quit_signals[i]);
        }
    }
    if (!watch->taken[0] && !watch->taken[1]) { g_free(watch); return FALSE; }
    if (pthread_sigmask(SIG_BLOCK, &set, &watch->previous_mask) != 0) { g_free(watch); return FALSE; }
    watch->fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (watch->fd < 0) {
        pthread_sigmask(SIG_SETMASK, &watch->previous_mask, NULL);
        g_free(watch);
        return FALSE;
    }
    main_thread = pthread_self();
    struct sigaction forward;
    memset(&forward, 0, sizeof forward);
    forward.sa_handler = forward_to_main_thread;
    sigemptyset(&forward.sa_mask);
    forward.sa_flags = SA_RESTART;
    for (int i = 0; i < 2; i++) {
        if (watch->taken[i]) sigaction(quit_signals[i], &forward, NULL);
    }
    watch->application = application;
    g_object_add_weak_pointer(G_OBJECT(application), (gpointer *)&watch->application);
    watch->source = g_unix_fd_add(watch->fd, G_IO_IN, on_signal_readable, watch);
    watch->shutdown_handler = g_signal_connect(application, "shutdown", G_CALLBACK(end_watch), watch);
    return TRUE;
}
