/* CSQLite: sqlite3 for Swift. SQLITE_TRANSIENT is a cast macro Swift cannot import. */
#ifndef SWITCHBOARD_CSQLITE_SHIM_H
#define SWITCHBOARD_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type sb_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
