/*
 * CNcurses shim: the parts of ncursesw that Swift cannot import directly.
 *
 * - The wide-character API needs NCURSES_WIDECHAR before curses.h.
 * - Function-like and bit macros (A_BOLD, COLOR_PAIR, KEY_F, mouse masks)
 *   become static inline functions.
 * - Globals (stdscr, COLS, LINES, COLORS) are wrapped so Swift 6's strict
 *   concurrency checking does not reject them.
 * - Signal handling lives here because the handlers must be plain C and
 *   async-signal-safe: they only set flags and write a byte to the run loop's
 *   wake-up pipe (or, for fatal signals, write the reset sequences with
 *   write(2) and re-raise).
 *
 * Only TUIKit's NcursesTerminal.swift and TerminalCapabilities.swift (terminfo) import this module.
 */
#ifndef SWITCHBOARD_CNCURSES_SHIM_H
#define SWITCHBOARD_CNCURSES_SHIM_H

/* What `pkg-config --cflags ncursesw` gives (the package no longer asks pkg-config: Package.swift). */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <errno.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* ---- globals ---------------------------------------------------------- */
static inline WINDOW *sb_stdscr(void) { return stdscr; }
static inline int sb_cols(void) { return COLS; }
static inline int sb_lines(void) { return LINES; }
static inline int sb_colors(void) { return COLORS; }
static inline int sb_color_pairs(void) { return COLOR_PAIRS; }

/* Whether the current terminal can move the cursor anywhere (terminfo's cup): a full screen
   needs it; TERM=dumb has none. tigetstr answers (char *)-1 for a name that is not a string. */
static inline int sb_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != 0 && cup != (char *)-1;
}

/* The terminal's size on `fd` (TIOCGWINSZ): 0 and its rows and columns; -1 where it has none. */
static inline int sb_window_size(int fd, int *height, int *width) {
    struct winsize size; /* (terminfo's term.h makes `lines` and `columns` macros) */
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *height = size.ws_row;
    *width = size.ws_col;
    return 0;
}

/* ---- terminfo ---------------------------------------------------------- */
/* A string capability of the current terminal, or NULL where it has none (tigetstr answers
   (char *)-1 for a name that is not a string capability). */
static inline const char *sb_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return (value == 0 || value == (char *)-1) ? 0 : value;
}
/* tiparm is variadic, which Swift cannot call: one and two parameters. */
static inline const char *sb_tiparm1(const char *cap, int p1) { return tiparm(cap, p1); }
static inline const char *sb_tiparm2(const char *cap, int p1, int p2) { return tiparm(cap, p1, p2); }

/* Reads a terminal's description without taking over any screen (setupterm), for its
   capabilities; the terminal that was current stays current. NULL where there is no such
   terminal. Free it with sb_free_terminfo. */
static inline TERMINAL *sb_load_terminfo(const char *name) {
    TERMINAL *saved = cur_term;
    int error = 0;
    TERMINAL *loaded = 0;
    if (setupterm(name, -1, &error) == OK) loaded = cur_term;
    set_curterm(saved);
    return loaded;
}
static inline void sb_free_terminfo(TERMINAL *term) {
    if (term == 0) return;
    TERMINAL *saved = set_curterm(term);
    del_curterm(term);
    set_curterm(saved == term ? 0 : saved);
}
/* Makes `term` current (tigetstr, tiparm read it); returns the one that was. */
static inline TERMINAL *sb_use_terminfo(TERMINAL *term) { return set_curterm(term); }
static inline TERMINAL *sb_current_terminfo(void) { return cur_term; }

/* ---- attributes ------------------------------------------------------- */
static inline attr_t sb_a_normal(void) { return WA_NORMAL; }
static inline attr_t sb_a_bold(void) { return WA_BOLD; }
static inline attr_t sb_a_dim(void) { return WA_DIM; }
static inline attr_t sb_a_italic(void) { return WA_ITALIC; }
static inline attr_t sb_a_underline(void) { return WA_UNDERLINE; }
static inline attr_t sb_a_reverse(void) { return WA_REVERSE; }

/* ---- keys ------------------------------------------------------------- */
static inline int sb_key_f(int n) { return KEY_F(n); }
static inline int sb_key_code_yes(void) { return KEY_CODE_YES; }

/* ---- mouse ------------------------------------------------------------ */
static inline mmask_t sb_button1_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED;
}
static inline mmask_t sb_wheel_events(void) { return BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int sb_is_button1(mmask_t m) {
    return (m & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED)) != 0;
}
static inline int sb_is_wheel_up(mmask_t m) { return (m & BUTTON4_PRESSED) != 0; }
static inline int sb_is_wheel_down(mmask_t m) { return (m & BUTTON5_PRESSED) != 0; }

/* ---- signals ---------------------------------------------------------- */
/* Bit set of pending signals, written by the handler, read by the run loop. */
/* Storage lives in function-local statics: Swift's importer emits those
 * with the functions, but not file-scope statics of a header. */
static inline volatile sig_atomic_t *sb_pending_signals_storage(void) {
    static volatile sig_atomic_t bits = 0;
    return &bits;
}
static inline struct termios *sb_saved_termios_storage(void) {
    static struct termios saved;
    return &saved;
}
static inline volatile sig_atomic_t *sb_have_saved_termios_storage(void) {
    static volatile sig_atomic_t have = 0;
    return &have;
}
#define sb_pending_signals (*sb_pending_signals_storage())
#define sb_saved_termios (*sb_saved_termios_storage())
#define sb_have_saved_termios (*sb_have_saved_termios_storage())

enum {
    SB_SIG_INT = 1, SB_SIG_TERM = 2, SB_SIG_HUP = 4, SB_SIG_TSTP = 8,
    SB_SIG_CONT = 16, SB_SIG_WINCH = 32, SB_SIG_WORK = 64
};

/* ---- waking the run loop ------------------------------------------------ */
/* A pipe a signal handler writes a byte to: the run loop waits on it beside
 * the terminal's input (sb_wait_for_input), so a signal that comes just before
 * the wait begins still ends it, and an idle app need not wake to look. */
static inline int *sb_wake_pipe_storage(void) {
    static int fds[2] = { -1, -1 };
    return fds;
}

static inline void sb_open_wake_pipe(void) {
    int *fds = sb_wake_pipe_storage();
    if (fds[0] >= 0) return;
    if (pipe(fds) != 0) { fds[0] = fds[1] = -1; return; }
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
}

/* Async-signal-safe: one write(2), errno kept. */
static inline void sb_wake_run_loop(void) {
    int fd = sb_wake_pipe_storage()[1];
    if (fd < 0) return;
    int saved = errno;
    ssize_t ignored = write(fd, "!", 1);
    (void)ignored;
    errno = saved;
}

/* Another thread posted work for the run loop: marks it and wakes the wait
 * (thread-safe; the mark tells the wait to return rather than read keys). */
static inline void sb_wake_run_loop_for_work(void);

enum { SB_WAIT_INPUT = 1, SB_WAIT_WOKEN = 2, SB_WAIT_HANGUP = 4 };

/* Waits up to timeout_ms (-1: no limit) for input on fd or a wake-up; returns
 * SB_WAIT_* bits (0: the time ran out, or an unhandled signal came). */
static inline int sb_wait_for_input_watching(int fd, const int *watched, int watched_count, int timeout_ms);
static inline int sb_wait_for_input(int fd, int timeout_ms) {
    return sb_wait_for_input_watching(fd, 0, 0, timeout_ms);
}

enum { SB_WAIT_WATCHED = 8, SB_MAX_WATCHED = 8 };

/* The same, also waiting on up to SB_MAX_WATCHED more descriptors (an app's
 * change notifications); one of them readable sets SB_WAIT_WATCHED. */
static inline int sb_wait_for_input_watching(int fd, const int *watched, int watched_count, int timeout_ms) {
    int wake = sb_wake_pipe_storage()[0];
    if (watched_count > SB_MAX_WATCHED) watched_count = SB_MAX_WATCHED;
    if (watched_count < 0) watched_count = 0;
    struct pollfd fds[2 + SB_MAX_WATCHED] = { { fd, POLLIN, 0 }, { wake, POLLIN, 0 } };
    for (int i = 0; i < watched_count; i++) { fds[2 + i].fd = watched[i]; fds[2 + i].events = POLLIN; fds[2 + i].revents = 0; }
    if (wake < 0) fds[1].fd = -1; /* poll skips a negative descriptor */
    int n = poll(fds, 2 + watched_count, timeout_ms);
    if (n <= 0) return 0;
    int result = 0;
    if (fds[0].revents & POLLIN) result |= SB_WAIT_INPUT;
    if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) result |= SB_WAIT_HANGUP;
    if (wake >= 0 && (fds[1].revents & POLLIN)) {
        char drain[64];
        while (read(wake, drain, sizeof drain) > 0) {}
        result |= SB_WAIT_WOKEN;
    }
    for (int i = 0; i < watched_count; i++) if (fds[2 + i].revents) result |= SB_WAIT_WATCHED;
    return result;
}

static inline void sb_flag_handler(int sig) {
    switch (sig) {
    case SIGINT: __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_INT, __ATOMIC_SEQ_CST); break;
    case SIGTERM: __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_TERM, __ATOMIC_SEQ_CST); break;
    case SIGHUP: __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_HUP, __ATOMIC_SEQ_CST); break;
    case SIGTSTP: __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_TSTP, __ATOMIC_SEQ_CST); break;
    case SIGCONT: __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_CONT, __ATOMIC_SEQ_CST); break;
    default: break;
    }
    sb_wake_run_loop();
}

/* SIGWINCH stays ncurses' (it turns it into KEY_RESIZE); ours, put in front of
 * it after newterm, calls it and then wakes the run loop to read that key. */
static inline struct sigaction *sb_curses_winch_storage(void) {
    static struct sigaction saved;
    return &saved;
}

static inline void sb_winch_handler(int sig) {
    struct sigaction *curses = sb_curses_winch_storage();
    if (!(curses->sa_flags & SA_SIGINFO) && curses->sa_handler != SIG_DFL && curses->sa_handler != SIG_IGN) {
        curses->sa_handler(sig);
    }
    sb_wake_run_loop();
}

static inline void sb_chain_winch_handler(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sb_winch_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(SIGWINCH, &sa, sb_curses_winch_storage());
}

static inline void sb_unchain_winch_handler(void) {
    sigaction(SIGWINCH, sb_curses_winch_storage(), NULL);
}

/* Fatal signal: restore the terminal with async-signal-safe calls only
 * (bracketed paste, mouse, meta, cursor keys/keypad, attributes, cursor,
 * alternate screen),
 * then re-raise with the default action so the exit status is honest. */
static inline void sb_fatal_handler(int sig) {
    static const char reset[] = "\033[?2004l\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1034l\033[?1l\033>\033[0m\033[?25h\033[?1049l\r\n";
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)ignored;
    if (sb_have_saved_termios) tcsetattr(STDIN_FILENO, TCSANOW, sb_saved_termios_storage());
    signal(sig, SIG_DFL);
    raise(sig);
}

static inline void sb_save_termios(void) {
    if (tcgetattr(STDIN_FILENO, sb_saved_termios_storage()) == 0) sb_have_saved_termios = 1;
}

static inline void sb_install_handler(int sig, void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a signal wakes a blocked read */
    sigaction(sig, &sa, NULL);
}

/* Installs the flag handlers (INT, TERM, HUP, TSTP, CONT) and the fatal
 * handlers (SEGV, BUS, ILL, FPE, ABRT, TRAP). SIGWINCH stays with ncurses,
 * which turns it into KEY_RESIZE. */
static inline void sb_install_signal_handlers(void) {
    sb_open_wake_pipe();
    sb_install_handler(SIGINT, sb_flag_handler);
    sb_install_handler(SIGTERM, sb_flag_handler);
    sb_install_handler(SIGHUP, sb_flag_handler);
    sb_install_handler(SIGTSTP, sb_flag_handler);
    sb_install_handler(SIGCONT, sb_flag_handler);
    sb_install_handler(SIGSEGV, sb_fatal_handler);
    sb_install_handler(SIGBUS, sb_fatal_handler);
    sb_install_handler(SIGILL, sb_fatal_handler);
    sb_install_handler(SIGFPE, sb_fatal_handler);
    sb_install_handler(SIGABRT, sb_fatal_handler);
    sb_install_handler(SIGTRAP, sb_fatal_handler);
    /* A process may start with these blocked (its parent's mask is inherited):
     * then SIGTERM would wait forever and a resize would never be seen (a
     * launcher's thread, a test runner's worker). Unblocked after the handlers
     * are in, so one already pending meets ours. */
    sigset_t wanted;
    sigemptyset(&wanted);
    int taken[] = { SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH,
                    /* and the fatal ones: blocked, a crash would end the process without the reset */
                    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof taken / sizeof taken[0]; i++) sigaddset(&wanted, taken[i]);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

static inline void sb_restore_default_signal_handlers(void) {
    int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL);
}

static inline void sb_wake_run_loop_for_work(void) {
    __atomic_fetch_or(sb_pending_signals_storage(), SB_SIG_WORK, __ATOMIC_SEQ_CST);
    sb_wake_run_loop();
}

/* Returns and clears the pending signal bits. */
static inline int sb_take_pending_signals(void) {
    return (int)__atomic_exchange_n(sb_pending_signals_storage(), 0, __ATOMIC_SEQ_CST);
}

/* Stops the process for real (after the terminal was restored). */
static inline void sb_suspend_self(void) {
    signal(SIGTSTP, SIG_DFL);
    raise(SIGTSTP);
    /* resumed here */
    sb_install_handler(SIGTSTP, sb_flag_handler);
}

#endif
