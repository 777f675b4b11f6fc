#define _GNU_SOURCE
#include "CTerminationSignals.h"
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

static const int taken_signals[2] = { SIGINT, SIGTERM };

/* The thread whose signalfd reads the signals (written before the handler is installed). */
static pthread_t reading_thread;

/* Runs on a thread that has the signal unblocked: hands it to the reading thread, where it is blocked and stays
 * pending for the signalfd. pthread_kill is async-signal-safe. */
static void forward_signal(int signal_number) {
    int saved = errno;
    pthread_kill(reading_thread, signal_number);
    errno = saved;
}

int termination_signals_begin(struct termination_signals *state) {
    memset(state, 0, sizeof *state);
    state->fd = -1;
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < 2; i++) {
        if (sigaction(taken_signals[i], NULL, &state->previous[i]) != 0) return -1;
        if (!(state->previous[i].sa_flags & SA_SIGINFO) && state->previous[i].sa_handler == SIG_DFL) {
            state->taken[i] = 1;
            sigaddset(&set, taken_signals[i]);
        }
    }
    if (!state->taken[0] && !state->taken[1]) { errno = 0; return -1; }
    if (pthread_sigmask(SIG_BLOCK, &set, &state->previous_mask) != 0) return -1;
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) {
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &state->previous_mask, NULL);
        errno = saved;
        return -1;
    }
    state->fd = fd;
    reading_thread = pthread_self();
    struct sigaction forward;
    memset(&forward, 0, sizeof forward);
    forward.sa_handler = forward_signal;
    sigemptyset(&forward.sa_mask);
    forward.sa_flags = SA_RESTART;
    for (int i = 0; i < 2; i++) {
        if (state->taken[i]) sigaction(taken_signals[i], &forward, NULL);
    }
    return fd;
}

int termination_signals_read(int fd) {
    struct signalfd_siginfo info;
    int last = 0;
    while (read(fd, &info, sizeof info) == (ssize_t)sizeof info) last = (int)info.ssi_signo;
    return last;
}

void termination_signals_end(struct termination_signals *state) {
    if (state->fd < 0) return;
    for (int i = 0; i < 2; i++) {
        if (state->taken[i]) sigaction(taken_signals[i], &state->previous[i], NULL);
    }
    termination_signals_read(state->fd);
    close(state->fd);
    state->fd = -1;
    pthread_sigmask(SIG_SETMASK, &state->previous_mask, NULL);
}
