/* CSQLite: sqlite3 for Swift. SQLITE_TRANSIENT is a cast macro Swift cannot import. */
#ifndef SWITCHBOARD_CSQLITE_SHIM_H
#define SWITCHBOARD_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type sb_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/* sqlite3_config is variadic: Swift cannot call it. Memory statistics off (no global mutex and
   counters around every allocation); only before SQLite initializes (else SQLITE_MISUSE, harmless). */
static inline int sb_sqlite_memstatus_off(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
