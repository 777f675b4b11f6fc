/* SIGINT and SIGTERM read through a signalfd by the thread that runs an event loop, whatever signal mask the
 * process inherited: the one copy both loops use, WaylandWindow.run (Toolkit, through the window's poll) and a
 * GApplication (CToolkitGTK, through GLib's main context). Only libc: no Wayland, no GLib. */
#ifndef CTERMINATIONSIGNALS_H
#define CTERMINATIONSIGNALS_H

#include <signal.h>

/* What termination_signals_begin changed, for termination_signals_end to put back. */
struct termination_signals {
    sigset_t previous_mask;          /* the calling thread's mask before */
    struct sigaction previous[2];    /* SIGINT's and SIGTERM's actions before */
    int taken[2];                    /* 1 where the signal is taken (its action was SIG_DFL) */
    int fd;                          /* the signalfd, -1 when none was made */
};

/* Takes SIGINT and SIGTERM, where their action is the default one (a signal set to SIG_IGN, as a shell does for
 * background jobs, or handled by the app stays as it is): blocks them in the calling thread, opens a signalfd
 * (non-blocking, close-on-exec) that reads them, and installs a handler that forwards one delivered to any other
 * thread (where the inherited mask leaves it unblocked) to the calling thread, where the signalfd sees it.
 * Returns the signalfd, or -1 when neither signal is taken or it cannot be made (errno set; nothing changed). */
int termination_signals_begin(struct termination_signals *state);

/* Reads every signal waiting on the signalfd. Returns the number of the last one read, 0 when none (never
 * blocks). */
int termination_signals_read(int fd);

/* Puts the actions back, reads what is still pending (a signal taken is not delivered again once the mask is
 * restored), closes the signalfd and restores the thread's mask. */
void termination_signals_end(struct termination_signals *state);

#endif
