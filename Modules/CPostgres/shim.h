/* CPostgres: libpq (the PostgreSQL client library) for Swift. */
#ifndef SWITCHBOARD_CPOSTGRES_SHIM_H
#define SWITCHBOARD_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
