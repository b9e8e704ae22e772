/* Configuration store: "key value" entries from files and -o overrides.
 * Modules read their own options with config_get_* when a GPU is created; each
 * read marks the key used, and config_check_all_used() then rejects any key no
 * module consumed (naming it, and saying when it is a GPGPU-Sim option ccgpu
 * does not model). */
#ifndef CCGPU_GPU_CONFIG_H
#define CCGPU_GPU_CONFIG_H
#include "ccgpu.h"
#include <stdint.h>
#include <stdio.h>

struct config_entry {
    char *key;
    char *value;
    char *origin; /* "file:line", "-o" or "api" */
    int used;
    int level; /* 0 from a file; 1 from -o or the API, which files never replace */
};

/* One option a module asked for, in the order of first asking, with the
 * default it would have used (NULL when the module did not say: presence
 * checks and string options whose built-in value lives in the module). */
struct config_read {
    char *key;
    char *dflt;
};

struct ccgpu_config {
    struct config_entry *entries;
    int count, cap;
    /* the read log: filled by config_find and the getters, cleared by
     * config_reset_used; `ccgpu config` prints the effective configuration
     * from it */
    struct config_read *reads;
    int nreads, capreads;
    int reads_lost; /* out of memory while logging: the log is incomplete */
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

/* -1, with "ORIGIN: option KEY: MESSAGE" in err (ORIGIN the file:line or
 * -o that set key; "option KEY (default): ..." when nothing set it): for
 * modules that check a structured value themselves. */
int config_value_error(const ccgpu_config *cfg, const char *key, char *err, size_t errlen,
                       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Marks a key as read without interpreting it (for options accepted for
 * compatibility whose value does not matter to ccgpu, documented as such). */
void config_accept(const ccgpu_config *cfg, const char *key);

/* -1 with a message naming the first unknown key nobody consumed. A
 * GPGPU-Sim option ccgpu does not model is not an error here (so GPGPU-Sim
 * config files load): config_unmodelled lists those, for a warning. */
int config_check_all_used(const ccgpu_config *cfg, char *err, size_t errlen);
/* Number of GPGPU-Sim options nobody consumed; their names and origins,
 * comma-separated, in buf. */
int config_unmodelled(const ccgpu_config *cfg, char *buf, size_t len);
/* The same list, all of it, in a malloc'd string: "key (origin)" items
 * separated by ", ", a line break and four spaces before an item that would
 * end past column `width` when the text starts at column `column`. *n = the
 * number of items. NULL when out of memory. */
char *config_unmodelled_wrapped(const ccgpu_config *cfg, size_t column, size_t width, int *n);
/* Clears the used marks and the read log (so one config can create several
 * GPUs, and the log describes the latest). */
void config_reset_used(const ccgpu_config *cfg);

/* The stored entry for key, or NULL; unlike config_find it neither marks
 * nor logs (for printing the configuration). */
const struct config_entry *config_peek(const ccgpu_config *cfg, const char *key);

/* Writes the options read since the last config_reset_used as a loadable
 * config file: "key value" per option set by a file or -o, each with a
 * trailing "# origin" comment unless CONFIG_DUMP_PLAIN; with
 * CONFIG_DUMP_ALL also the defaults ("# default"), and options without a
 * known default as comment lines. -1 (message in err) if the read log is
 * incomplete or writing fails. */
enum { CONFIG_DUMP_ALL = 1, CONFIG_DUMP_PLAIN = 2 };
int config_dump(const ccgpu_config *cfg, FILE *out, int flags, char *err, size_t errlen);

/* Puts value (malloc'd; the store owns it now) in place of key's stored
 * value, keeping its origin, and returns the old value (the caller's to
 * free); NULL, taking nothing, when no source set key. */
char *config_swap_value(ccgpu_config *cfg, const char *key, char *value);

/* Sets key (keylen bytes) to value (valuelen bytes) as -o does, with
 * origin naming where it came from in later messages: 0, or -1 with the
 * message in ccgpu_config_error. */
int config_set_from(ccgpu_config *cfg, const char *key, size_t keylen, const char *value,
                    size_t valuelen, const char *origin);

/* Deep copy (NULL on allocation failure). */
ccgpu_config *config_clone(const ccgpu_config *cfg);

#endif
