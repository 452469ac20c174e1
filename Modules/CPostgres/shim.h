/* CPostgres: libpq (the PostgreSQL client library) for Swift, opened at run time.
 *
 * Nothing here is linked: libpq and what it brings (libcrypto, gnutls, krb5, ldap, …, about
 * 5.5 MB of memory) are mapped only when a postgresql:// location is used. Storage opens
 * libpq.so.5 with dlopen at the first PostgreSQL connection and calls it through the table
 * below, whose types are libpq-fe.h's own (the compiler checks every entry against them).
 * Building needs libpq-fe.h (libpq-dev); running needs libpq.so.5 (libpq5) only for PostgreSQL.
 */
#ifndef SWITCHBOARD_CPOSTGRES_SHIM_H
#define SWITCHBOARD_CPOSTGRES_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

/* X(name): every libpq function Storage calls. */
#define SB_LIBPQ_FUNCTIONS(X) \
    X(PQconnectdb) X(PQconnectdbParams) X(PQstatus) X(PQerrorMessage) X(PQfinish) X(PQreset) \
    X(PQsetNoticeProcessor) X(PQbackendPID) X(PQsocket) \
    X(PQprepare) X(PQexecPrepared) X(PQexec) X(PQsendQuery) X(PQclear) \
    X(PQresultStatus) X(PQresultErrorField) \
    X(PQntuples) X(PQcmdTuples) X(PQgetisnull) X(PQgetvalue) \
    X(PQputCopyData) X(PQputCopyEnd) X(PQgetResult) \
    X(PQconsumeInput) X(PQnotifies) X(PQfreemem) \
    X(PQencryptPasswordConn) X(PQconnectionNeedsPassword) X(PQuser) \
    X(PQgetCancel) X(PQcancel) X(PQfreeCancel) \
    X(PQconninfoParse) X(PQconninfoFree) X(PQexecParams)

/* libpq's functions, looked up in the opened library: field `PQconnectdb` is PQconnectdb. */
typedef struct SBLibPQ {
#define SB_LIBPQ_FIELD(name) __typeof__(name) * _Nonnull name;
    SB_LIBPQ_FUNCTIONS(SB_LIBPQ_FIELD)
#undef SB_LIBPQ_FIELD
} SBLibPQ;

/* Opens `file` (dlopen) and fills `table`. Returns NULL on success; otherwise why not
 * (dlerror's text, or the first function the library lacks), and `table` is not to be used. */
static inline const char * _Nullable sb_libpq_open(const char * _Nonnull file, SBLibPQ * _Nonnull table) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        return why != NULL ? why : "dlopen failed";
    }
#define SB_LIBPQ_LOOKUP(name) \
    table->name = (__typeof__(name) *)dlsym(library, #name); \
    if (table->name == NULL) { dlclose(library); return "it has no function " #name; }
    SB_LIBPQ_FUNCTIONS(SB_LIBPQ_LOOKUP)
#undef SB_LIBPQ_LOOKUP
    return NULL;
}
#endif
