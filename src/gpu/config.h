/* Configuration store: "key value" entries from files and -o overrides.
 * Modules read their own options with config_get_* when a GPU is created; each
 * read marks the key used, and config_check_all_used() then rejects any key no
 * module consumed (naming it, and saying when it is a GPGPU-Sim option ccgpu
 * does not model). */
#ifndef CCGPU_GPU_CONFIG_H
#define CCGPU_GPU_CONFIG_H
#include "ccgpu.h"
#include <stdint.h>

struct config_entry {
    char *key;
    char *value;
    char *origin; /* "file:line" or "-o" */
    int used;
};

struct ccgpu_config {
    struct config_entry *entries;
    int count, cap;
    char error[512];
};

/* Lookup: returns the entry or NULL (and marks it used). */
const struct config_entry *config_find(const ccgpu_config *cfg, const char *key);

/* Typed getters. Return 0 and set *out (default when absent), or -1 with a
 * one-line message in err naming the option, its origin and the bad value. */
int config_get_u32(const ccgpu_config *cfg, const char *key, uint32_t dflt,
                   uint32_t *out, char *err, size_t errlen);
int config_get_u64(const ccgpu_config *cfg, const char *key, uint64_t dflt,
                   uint64_t *out, char *err, size_t errlen);
int config_get_double(const ccgpu_config *cfg, const char *key, double dflt,
                      double *out, char *err, size_t errlen);
int config_get_bool(const ccgpu_config *cfg, const char *key, int dflt,
                    int *out, char *err, size_t errlen);
/* The value string (owned by cfg) or dflt. */
const char *config_get_str(const ccgpu_config *cfg, const char *key, const char *dflt);
/* One of choices[] (NULL-terminated) by exact name; *out = its index. */
int config_get_choice(const ccgpu_config *cfg, const char *key, const char *const *choices,
                      int dflt, int *out, char *err, size_t errlen);

/* Marks a key as read without interpreting it (for options accepted for
 * compatibility whose value does not matter to ccgpu, documented as such). */
void config_accept(const ccgpu_config *cfg, const char *key);

/* -1 with a message naming the first key nobody consumed. */
int config_check_all_used(const ccgpu_config *cfg, char *err, size_t errlen);
/* Clears the used marks (so one config can create several GPUs). */
void config_reset_used(const ccgpu_config *cfg);

/* Deep copy (NULL on allocation failure). */
ccgpu_config *config_clone(const ccgpu_config *cfg);

#endif
