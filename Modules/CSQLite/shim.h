/* CSQLite: sqlite3 for Swift. SQLITE_TRANSIENT is a cast macro Swift cannot import. */
#ifndef SWITCHBOARD_CSQLITE_SHIM_H
#define SWITCHBOARD_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type sb_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/* sqlite3_config is variadic: Swift cannot call it. Memory statistics off (no global mutex and
   counters around every allocation); only before SQLite initializes (else SQLITE_MISUSE, harmless). */
static inline int sb_sqlite_memstatus_off(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
/* Glibc's Swift module has no mallopt (malloc.h is not in it). One malloc arena for the whole
   process: the worker thread's SQLite connection then allocates from the main heap, not from a
   second arena of its own. Called by the interactive app only, before its threads start. */
#if defined(__linux__)
#include <malloc.h>
static inline int sb_malloc_one_arena(void) { return mallopt(M_ARENA_MAX, 1); }
#else
static inline int sb_malloc_one_arena(void) { return 1; }
#endif
#endif
