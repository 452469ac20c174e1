/* CCurl: libcurl (HTTP and TLS) for Swift, opened at run time.
 *
 * Nothing here is linked: libcurl and what it brings (OpenSSL, nghttp2, ssh, ldap, kerberos, …)
 * are mapped only when a CardDAV sync runs. The CardDAV target opens libcurl.so.4 with dlopen
 * at its first request and calls it through the table below.
 *
 * Building needs no libcurl headers: a machine with only the run-time package (libcurl4) has
 * none, so the few types, functions and numbers used are declared here, as curl.h declares them.
 * The numbers are libcurl's ABI (curl.h: "Never *EVER* remove any. The return codes must remain
 * the same!"), so they hold for every libcurl.so.4. When <curl/curl.h> is there (libcurl-dev),
 * it is used instead and the compiler checks every number below against it.
 *
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: the sb_curl_*
 * functions below call them with one typed argument each.
 */
#ifndef SWITCHBOARD_CCURL_SHIM_H
#define SWITCHBOARD_CCURL_SHIM_H
#include <dlfcn.h>
#include <stddef.h>

#if __has_include(<curl/curl.h>)
#include <curl/curl.h>
#define SB_CURL_HAS_HEADER 1
#else
/* curl.h's own declarations of what is used (curl 7.62 and later). */
typedef void CURL;                       /* curl.h: typedef void CURL; */
struct curl_slist;                       /* curl.h: struct curl_slist { char *data; struct curl_slist *next; } */
typedef int CURLcode;                    /* curl.h: typedef enum {...} CURLcode; an int-sized enum */
typedef int CURLoption;                  /* curl.h: typedef enum {...} CURLoption; */
typedef int CURLINFO;                    /* curl.h: typedef enum {...} CURLINFO; */
typedef struct Curl_URL CURLU;           /* urlapi.h: typedef struct Curl_URL CURLU; */
typedef int CURLUcode;                   /* urlapi.h: typedef enum {...} CURLUcode; */
typedef int CURLUPart;                   /* urlapi.h: typedef enum {...} CURLUPart; */
CURLcode curl_global_init(long flags);
CURL *curl_easy_init(void);
CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...);
CURLcode curl_easy_perform(CURL *curl);
void curl_easy_cleanup(CURL *curl);
void curl_easy_reset(CURL *curl);
CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...);
const char *curl_easy_strerror(CURLcode code);
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data);
void curl_slist_free_all(struct curl_slist *list);
CURLU *curl_url(void);
void curl_url_cleanup(CURLU *handle);
CURLUcode curl_url_set(CURLU *handle, CURLUPart what, const char *part, unsigned int flags);
CURLUcode curl_url_get(CURLU *handle, CURLUPart what, char **part, unsigned int flags);
void curl_free(void *p);
#endif

/* The numbers used, with curl.h's values (CURLOPTTYPE_LONG 0, _OBJECTPOINT/_STRINGPOINT/
 * _SLISTPOINT/_CBPOINT 10000, _FUNCTIONPOINT 20000, _OFF_T 30000; CURLINFO_STRING 0x100000,
 * CURLINFO_LONG 0x200000). */
#define SB_CURLOPT_WRITEDATA          10001  /* CURLOPT(CURLOPT_WRITEDATA, CURLOPTTYPE_CBPOINT, 1) */
#define SB_CURLOPT_URL                10002  /* CURLOPT(CURLOPT_URL, CURLOPTTYPE_STRINGPOINT, 2) */
#define SB_CURLOPT_ERRORBUFFER        10010  /* CURLOPT(CURLOPT_ERRORBUFFER, CURLOPTTYPE_OBJECTPOINT, 10) */
#define SB_CURLOPT_WRITEFUNCTION      20011  /* CURLOPT(CURLOPT_WRITEFUNCTION, CURLOPTTYPE_FUNCTIONPOINT, 11) */
#define SB_CURLOPT_POSTFIELDS         10015  /* CURLOPT(CURLOPT_POSTFIELDS, CURLOPTTYPE_OBJECTPOINT, 15) */
#define SB_CURLOPT_LOW_SPEED_LIMIT    19     /* CURLOPT(CURLOPT_LOW_SPEED_LIMIT, CURLOPTTYPE_LONG, 19) */
#define SB_CURLOPT_LOW_SPEED_TIME     20     /* CURLOPT(CURLOPT_LOW_SPEED_TIME, CURLOPTTYPE_LONG, 20) */
#define SB_CURLOPT_HTTPHEADER         10023  /* CURLOPT(CURLOPT_HTTPHEADER, CURLOPTTYPE_SLISTPOINT, 23) */
#define SB_CURLOPT_HEADERDATA         10029  /* CURLOPT(CURLOPT_HEADERDATA, CURLOPTTYPE_CBPOINT, 29) */
#define SB_CURLOPT_CUSTOMREQUEST      10036  /* CURLOPT(CURLOPT_CUSTOMREQUEST, CURLOPTTYPE_STRINGPOINT, 36) */
#define SB_CURLOPT_NOBODY             44     /* CURLOPT(CURLOPT_NOBODY, CURLOPTTYPE_LONG, 44) */
#define SB_CURLOPT_FOLLOWLOCATION     52     /* CURLOPT(CURLOPT_FOLLOWLOCATION, CURLOPTTYPE_LONG, 52) */
#define SB_CURLOPT_SSL_VERIFYPEER     64     /* CURLOPT(CURLOPT_SSL_VERIFYPEER, CURLOPTTYPE_LONG, 64) */
#define SB_CURLOPT_CAINFO             10065  /* CURLOPT(CURLOPT_CAINFO, CURLOPTTYPE_STRINGPOINT, 65) */
#define SB_CURLOPT_HEADERFUNCTION     20079  /* CURLOPT(CURLOPT_HEADERFUNCTION, CURLOPTTYPE_FUNCTIONPOINT, 79) */
#define SB_CURLOPT_SSL_VERIFYHOST     81     /* CURLOPT(CURLOPT_SSL_VERIFYHOST, CURLOPTTYPE_LONG, 81) */
#define SB_CURLOPT_NOSIGNAL           99     /* CURLOPT(CURLOPT_NOSIGNAL, CURLOPTTYPE_LONG, 99) */
#define SB_CURLOPT_HTTPAUTH           107    /* CURLOPT(CURLOPT_HTTPAUTH, CURLOPTTYPE_VALUES, 107) */
#define SB_CURLOPT_POSTFIELDSIZE_LARGE 30120 /* CURLOPT(CURLOPT_POSTFIELDSIZE_LARGE, CURLOPTTYPE_OFF_T, 120) */
#define SB_CURLOPT_NOPROGRESS         43     /* CURLOPT(CURLOPT_NOPROGRESS, CURLOPTTYPE_LONG, 43) */
#define SB_CURLOPT_XFERINFODATA       10057  /* CURLOPT_PROGRESSDATA: CURLOPT(CURLOPT_PROGRESSDATA, CURLOPTTYPE_CBPOINT, 57) */
#define SB_CURLOPT_XFERINFOFUNCTION   20219  /* CURLOPT(CURLOPT_XFERINFOFUNCTION, CURLOPTTYPE_FUNCTIONPOINT, 219), 7.32 */
#define SB_CURLOPT_TIMEOUT_MS         155    /* CURLOPT(CURLOPT_TIMEOUT_MS, CURLOPTTYPE_LONG, 155) */
#define SB_CURLOPT_CONNECTTIMEOUT_MS  156    /* CURLOPT(CURLOPT_CONNECTTIMEOUT_MS, CURLOPTTYPE_LONG, 156) */
#define SB_CURLOPT_USERNAME           10173  /* CURLOPT(CURLOPT_USERNAME, CURLOPTTYPE_STRINGPOINT, 173) */
#define SB_CURLOPT_PASSWORD           10174  /* CURLOPT(CURLOPT_PASSWORD, CURLOPTTYPE_STRINGPOINT, 174) */
#define SB_CURLOPT_PROTOCOLS_STR      10318  /* CURLOPT(CURLOPT_PROTOCOLS_STR, CURLOPTTYPE_STRINGPOINT, 318), 7.85 */

#define SB_CURLINFO_RESPONSE_CODE     0x200002 /* CURLINFO_LONG + 2 */
#define SB_CURLINFO_REDIRECT_URL      0x10001F /* CURLINFO_STRING + 31 */

#define SB_CURLE_OK                   0
#define SB_CURLE_UNSUPPORTED_PROTOCOL 1
#define SB_CURLE_URL_MALFORMAT        3
#define SB_CURLE_COULDNT_RESOLVE_HOST 6
#define SB_CURLE_COULDNT_CONNECT      7
#define SB_CURLE_WEIRD_SERVER_REPLY   8
#define SB_CURLE_PARTIAL_FILE         18
#define SB_CURLE_WRITE_ERROR          23
#define SB_CURLE_OPERATION_TIMEDOUT   28
#define SB_CURLE_ABORTED_BY_CALLBACK  42
#define SB_CURLE_SSL_CONNECT_ERROR    35
#define SB_CURLE_GOT_NOTHING          52
#define SB_CURLE_SEND_ERROR           55
#define SB_CURLE_RECV_ERROR           56
#define SB_CURLE_SSL_CERTPROBLEM      58
#define SB_CURLE_PEER_FAILED_VERIFICATION 60
#define SB_CURLE_SSL_CACERT_BADFILE   77

#define SB_CURL_GLOBAL_DEFAULT        3      /* CURL_GLOBAL_SSL|CURL_GLOBAL_WIN32 */
#define SB_CURLAUTH_BASIC             1      /* ((unsigned long)1)<<0 */
#define SB_CURL_ERROR_SIZE            256
#define SB_CURLUPART_URL              0      /* urlapi.h: CURLUPART_URL, the first of CURLUPart */
#define SB_CURLUPART_USER             2      /* urlapi.h: CURLUPART_USER */
#define SB_CURLUPART_PASSWORD         3      /* urlapi.h: CURLUPART_PASSWORD */
#define SB_CURLUPART_OPTIONS          4      /* urlapi.h: CURLUPART_OPTIONS */
#define SB_CURLUE_OK                  0

#ifdef SB_CURL_HAS_HEADER
_Static_assert(SB_CURLOPT_WRITEDATA == CURLOPT_WRITEDATA, "curl.h");
_Static_assert(SB_CURLOPT_URL == CURLOPT_URL, "curl.h");
_Static_assert(SB_CURLOPT_ERRORBUFFER == CURLOPT_ERRORBUFFER, "curl.h");
_Static_assert(SB_CURLOPT_WRITEFUNCTION == CURLOPT_WRITEFUNCTION, "curl.h");
_Static_assert(SB_CURLOPT_POSTFIELDS == CURLOPT_POSTFIELDS, "curl.h");
_Static_assert(SB_CURLOPT_LOW_SPEED_LIMIT == CURLOPT_LOW_SPEED_LIMIT, "curl.h");
_Static_assert(SB_CURLOPT_LOW_SPEED_TIME == CURLOPT_LOW_SPEED_TIME, "curl.h");
_Static_assert(SB_CURLOPT_HTTPHEADER == CURLOPT_HTTPHEADER, "curl.h");
_Static_assert(SB_CURLOPT_HEADERDATA == CURLOPT_HEADERDATA, "curl.h");
_Static_assert(SB_CURLOPT_CUSTOMREQUEST == CURLOPT_CUSTOMREQUEST, "curl.h");
_Static_assert(SB_CURLOPT_NOBODY == CURLOPT_NOBODY, "curl.h");
_Static_assert(SB_CURLOPT_FOLLOWLOCATION == CURLOPT_FOLLOWLOCATION, "curl.h");
_Static_assert(SB_CURLOPT_SSL_VERIFYPEER == CURLOPT_SSL_VERIFYPEER, "curl.h");
_Static_assert(SB_CURLOPT_CAINFO == CURLOPT_CAINFO, "curl.h");
_Static_assert(SB_CURLOPT_HEADERFUNCTION == CURLOPT_HEADERFUNCTION, "curl.h");
_Static_assert(SB_CURLOPT_SSL_VERIFYHOST == CURLOPT_SSL_VERIFYHOST, "curl.h");
_Static_assert(SB_CURLOPT_NOSIGNAL == CURLOPT_NOSIGNAL, "curl.h");
_Static_assert(SB_CURLOPT_HTTPAUTH == CURLOPT_HTTPAUTH, "curl.h");
_Static_assert(SB_CURLOPT_POSTFIELDSIZE_LARGE == CURLOPT_POSTFIELDSIZE_LARGE, "curl.h");
_Static_assert(SB_CURLOPT_CONNECTTIMEOUT_MS == CURLOPT_CONNECTTIMEOUT_MS, "curl.h");
_Static_assert(SB_CURLOPT_NOPROGRESS == CURLOPT_NOPROGRESS, "curl.h");
_Static_assert(SB_CURLOPT_XFERINFODATA == CURLOPT_XFERINFODATA, "curl.h");
_Static_assert(SB_CURLOPT_XFERINFOFUNCTION == CURLOPT_XFERINFOFUNCTION, "curl.h");
_Static_assert(SB_CURLOPT_TIMEOUT_MS == CURLOPT_TIMEOUT_MS, "curl.h");
_Static_assert(SB_CURLE_WRITE_ERROR == CURLE_WRITE_ERROR, "curl.h");
_Static_assert(SB_CURLE_ABORTED_BY_CALLBACK == CURLE_ABORTED_BY_CALLBACK, "curl.h");
_Static_assert(SB_CURLOPT_USERNAME == CURLOPT_USERNAME, "curl.h");
_Static_assert(SB_CURLOPT_PASSWORD == CURLOPT_PASSWORD, "curl.h");
_Static_assert(SB_CURLOPT_PROTOCOLS_STR == CURLOPT_PROTOCOLS_STR, "curl.h");
_Static_assert(SB_CURLINFO_RESPONSE_CODE == CURLINFO_RESPONSE_CODE, "curl.h");
_Static_assert(SB_CURLINFO_REDIRECT_URL == CURLINFO_REDIRECT_URL, "curl.h");
_Static_assert(SB_CURLE_COULDNT_CONNECT == CURLE_COULDNT_CONNECT, "curl.h");
_Static_assert(SB_CURLE_OPERATION_TIMEDOUT == CURLE_OPERATION_TIMEDOUT, "curl.h");
_Static_assert(SB_CURLE_PEER_FAILED_VERIFICATION == CURLE_PEER_FAILED_VERIFICATION, "curl.h");
_Static_assert(SB_CURLE_SSL_CACERT_BADFILE == CURLE_SSL_CACERT_BADFILE, "curl.h");
_Static_assert(SB_CURLUPART_URL == CURLUPART_URL, "urlapi.h");
_Static_assert(SB_CURLUPART_USER == CURLUPART_USER, "urlapi.h");
_Static_assert(SB_CURLUPART_PASSWORD == CURLUPART_PASSWORD, "urlapi.h");
_Static_assert(SB_CURLUPART_OPTIONS == CURLUPART_OPTIONS, "urlapi.h");
#endif

/* X(name): every libcurl function the CardDAV target calls. */
#define SB_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) \
    X(curl_easy_cleanup) X(curl_easy_reset) X(curl_easy_getinfo) X(curl_easy_strerror) \
    X(curl_slist_append) X(curl_slist_free_all) \
    X(curl_url) X(curl_url_cleanup) X(curl_url_set) X(curl_url_get) X(curl_free)

/* libcurl's functions, looked up in the opened library: field `curl_easy_init` is curl_easy_init. */
typedef struct SBCurl {
#define SB_CURL_FIELD(name) __typeof__(name) * _Nonnull name;
    SB_CURL_FUNCTIONS(SB_CURL_FIELD)
#undef SB_CURL_FIELD
} SBCurl;

/* Opens `file` (dlopen), fills `table` and runs curl_global_init. Returns NULL on success;
 * otherwise why not (dlerror's text, or the first function the library lacks). */
static inline const char * _Nullable sb_curl_open(const char * _Nonnull file, SBCurl * _Nonnull table) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        return why != NULL ? why : "dlopen failed";
    }
#define SB_CURL_LOOKUP(name) \
    table->name = (__typeof__(name) *)dlsym(library, #name); \
    if (table->name == NULL) { dlclose(library); return "it has no function " #name; }
    SB_CURL_FUNCTIONS(SB_CURL_LOOKUP)
#undef SB_CURL_LOOKUP
    if (table->curl_global_init(SB_CURL_GLOBAL_DEFAULT) != 0) return "curl_global_init failed";
    return NULL;
}

/* The calls Swift makes, with plain C types whichever declarations are in force. */
typedef size_t (*SBCurlDataCallback)(char * _Nonnull data, size_t size, size_t count, void * _Nullable context);
/* curl_xferinfo_callback, with curl_off_t as the 64 bits it is: non-zero stops the transfer (CURLE_ABORTED_BY_CALLBACK). */
typedef int (*SBCurlProgressCallback)(void * _Nullable context, long long downloadTotal, long long downloaded, long long uploadTotal, long long uploaded);

static inline void * _Nullable sb_curl_easy_init(const SBCurl * _Nonnull t) { return t->curl_easy_init(); }
static inline void sb_curl_easy_cleanup(const SBCurl * _Nonnull t, void * _Nonnull h) { t->curl_easy_cleanup(h); }
static inline void sb_curl_easy_reset(const SBCurl * _Nonnull t, void * _Nonnull h) { t->curl_easy_reset(h); }
static inline int sb_curl_easy_perform(const SBCurl * _Nonnull t, void * _Nonnull h) { return (int)t->curl_easy_perform(h); }
static inline const char * _Nonnull sb_curl_easy_strerror(const SBCurl * _Nonnull t, int code) {
    const char *text = t->curl_easy_strerror((CURLcode)code);
    return text != NULL ? text : "unknown error";
}
static inline int sb_curl_setopt_long(const SBCurl * _Nonnull t, void * _Nonnull h, int option, long value) {
    return (int)t->curl_easy_setopt(h, (CURLoption)option, value);
}
static inline int sb_curl_setopt_pointer(const SBCurl * _Nonnull t, void * _Nonnull h, int option, const void * _Nullable value) {
    return (int)t->curl_easy_setopt(h, (CURLoption)option, value);
}
static inline int sb_curl_setopt_off(const SBCurl * _Nonnull t, void * _Nonnull h, int option, long long value) {
    return (int)t->curl_easy_setopt(h, (CURLoption)option, value); /* curl_off_t: 64 bits */
}
static inline int sb_curl_setopt_callback(const SBCurl * _Nonnull t, void * _Nonnull h, int option, SBCurlDataCallback _Nonnull value) {
    return (int)t->curl_easy_setopt(h, (CURLoption)option, value);
}
static inline int sb_curl_setopt_progress(const SBCurl * _Nonnull t, void * _Nonnull h, SBCurlProgressCallback _Nonnull value) {
    return (int)t->curl_easy_setopt(h, (CURLoption)SB_CURLOPT_XFERINFOFUNCTION, value);
}
static inline int sb_curl_getinfo_long(const SBCurl * _Nonnull t, void * _Nonnull h, int info, long * _Nonnull value) {
    return (int)t->curl_easy_getinfo(h, (CURLINFO)info, value);
}
static inline int sb_curl_getinfo_string(const SBCurl * _Nonnull t, void * _Nonnull h, int info, const char * _Nullable * _Nonnull value) {
    char *text = NULL;
    int code = (int)t->curl_easy_getinfo(h, (CURLINFO)info, &text);
    *value = text;
    return code;
}
static inline void * _Nullable sb_curl_slist_append(const SBCurl * _Nonnull t, void * _Nullable list, const char * _Nonnull line) {
    return t->curl_slist_append((struct curl_slist *)list, line);
}
static inline void sb_curl_slist_free_all(const SBCurl * _Nonnull t, void * _Nullable list) {
    t->curl_slist_free_all((struct curl_slist *)list);
}

/* `reference` resolved against `base` (RFC 3986, by libcurl's URL parser), without any user
 * name or password in it (libcurl 7.88's CURLINFO_REDIRECT_URL has the ones the request was
 * sent with): a newly allocated string to free with sb_curl_free, or NULL when either does not parse. */
static inline char * _Nullable sb_curl_resolve(const SBCurl * _Nonnull t, const char * _Nonnull base, const char * _Nonnull reference) {
    CURLU *url = t->curl_url();
    if (url == NULL) return NULL;
    char *result = NULL;
    if ((int)t->curl_url_set(url, (CURLUPart)SB_CURLUPART_URL, base, 0) == SB_CURLUE_OK
        && (int)t->curl_url_set(url, (CURLUPart)SB_CURLUPART_URL, reference, 0) == SB_CURLUE_OK
        && (int)t->curl_url_set(url, (CURLUPart)SB_CURLUPART_USER, NULL, 0) == SB_CURLUE_OK
        && (int)t->curl_url_set(url, (CURLUPart)SB_CURLUPART_PASSWORD, NULL, 0) == SB_CURLUE_OK
        && (int)t->curl_url_set(url, (CURLUPart)SB_CURLUPART_OPTIONS, NULL, 0) == SB_CURLUE_OK) {
        if ((int)t->curl_url_get(url, (CURLUPart)SB_CURLUPART_URL, &result, 0) != SB_CURLUE_OK) result = NULL;
    }
    t->curl_url_cleanup(url);
    return result;
}
static inline void sb_curl_free(const SBCurl * _Nonnull t, void * _Nullable p) { t->curl_free(p); }
#endif
