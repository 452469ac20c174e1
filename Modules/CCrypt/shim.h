/* CCrypt: libxcrypt's yescrypt password hashing (crypt_gensalt_rn, crypt_r). */
#ifndef SWITCHBOARD_CCRYPT_SHIM_H
#define SWITCHBOARD_CCRYPT_SHIM_H
#include <crypt.h>
#include <stdlib.h>
#include <string.h>

/* Hashes `phrase` with `setting` (a salt from crypt_gensalt) into `out`
 * (at least CRYPT_OUTPUT_SIZE bytes). Returns 0 on success. The crypt_data
 * scratch space is large, so it lives on the heap and is wiped after use. */
static inline int sb_crypt(const char *phrase, const char *setting, char *out, size_t outSize) {
    struct crypt_data *data = calloc(1, sizeof(struct crypt_data));
    if (!data) return -1;
    char *result = crypt_r(phrase, setting, data);
    int rc = -1;
    if (result && result[0] != '*' && strlen(result) < outSize) {
        strcpy(out, result);
        rc = 0;
    }
    explicit_bzero(data, sizeof(struct crypt_data));
    free(data);
    return rc;
}

static inline int sb_crypt_output_size(void) { return CRYPT_OUTPUT_SIZE; }
static inline int sb_crypt_gensalt_output_size(void) { return CRYPT_GENSALT_OUTPUT_SIZE; }
#endif
