/* CXML2: libxml2 (the XML parser) for Swift, opened at run time.
 *
 * Nothing here is linked: libxml2 and what it brings (ICU, liblzma, zlib: several MB) are mapped
 * only when a CardDAV server's answer is read. The CardDAV target opens libxml2.so.2 with dlopen
 * and calls it through the table below, whose types are libxml2's own headers' (libxml2-dev; the
 * target adds -I/usr/include/libxml2). The tree it returns is read through its structs' fields
 * (xmlNode's type, name, ns, children, next, content), which need no calls.
 */
#ifndef SWITCHBOARD_CXML2_SHIM_H
#define SWITCHBOARD_CXML2_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

/* X(name): every libxml2 function the CardDAV target calls. */
#define SB_LIBXML2_FUNCTIONS(X) \
    X(xmlInitParser) X(xmlReadMemory) X(xmlDocGetRootElement) X(xmlFreeDoc) \
    X(xmlCreatePushParserCtxt) X(xmlCtxtUseOptions) X(xmlParseChunk) X(xmlStopParser) X(xmlFreeParserCtxt)

typedef struct SBLibXML2 {
#define SB_LIBXML2_FIELD(name) __typeof__(name) * _Nonnull name;
    SB_LIBXML2_FUNCTIONS(SB_LIBXML2_FIELD)
#undef SB_LIBXML2_FIELD
} SBLibXML2;

/* Opens `file` (dlopen), fills `table` and runs xmlInitParser. Returns NULL on success;
 * otherwise why not (dlerror's text, or the first function the library lacks). */
static inline const char * _Nullable sb_libxml2_open(const char * _Nonnull file, SBLibXML2 * _Nonnull table) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        return why != NULL ? why : "dlopen failed";
    }
#define SB_LIBXML2_LOOKUP(name) \
    table->name = (__typeof__(name) *)dlsym(library, #name); \
    if (table->name == NULL) { dlclose(library); return "it has no function " #name; }
    SB_LIBXML2_FUNCTIONS(SB_LIBXML2_LOOKUP)
#undef SB_LIBXML2_LOOKUP
    table->xmlInitParser();
    return NULL;
}

/* The options every answer is parsed with: no network, no DTD loading, no entity substitution
 * (no external entities, no billion laughs), no messages on stderr, CDATA read as text. */
static const int sb_xml_parse_options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;

/* A SAX2 handler (what xmlCreatePushParserCtxt copies) marked as SAX2's, so its *Ns callbacks are used. */
static const unsigned int sb_xml_sax2_magic = XML_SAX2_MAGIC;

/* Whether the push parser `context` found the document well-formed so far (no fatal error). */
static inline int sb_xml_well_formed(xmlParserCtxtPtr _Nonnull context) { return context->wellFormed; }
#endif
