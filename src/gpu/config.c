#include "gpu/config.h"
#include "util/text_input.h"
#include "gpu/gpgpusim_options.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_error(ccgpu_config *cfg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cfg->error, sizeof cfg->error, fmt, ap);
    va_end(ap);
    text_printable_msg(cfg->error, sizeof cfg->error); /* it may quote the file */
}

static char *dup_range(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

ccgpu_config *ccgpu_config_new(void)
{
    return calloc(1, sizeof(ccgpu_config));
}

void ccgpu_config_free(ccgpu_config *cfg)
{
    if (!cfg)
        return;
    for (int i = 0; i < cfg->count; i++) {
        free(cfg->entries[i].key);
        free(cfg->entries[i].value);
        free(cfg->entries[i].origin);
    }
    free(cfg->entries);
    for (int i = 0; i < cfg->nreads; i++) {
        free(cfg->reads[i].key);
        free(cfg->reads[i].dflt);
    }
    free(cfg->reads);
    free(cfg);
}

const char *ccgpu_config_error(const ccgpu_config *cfg)
{
    return cfg ? cfg->error : "no configuration";
}

/* Level of a setting: a file's is 0; -o's and the API's 1. An entry is
 * replaced by a later setting of the same or a higher level, so -o wins over
 * every file whatever the order on the command line. */
enum { LEVEL_FILE, LEVEL_OVERRIDE };

static int put(ccgpu_config *cfg, const char *key, size_t keylen, const char *value,
               size_t valuelen, const char *origin, int level)
{
    if (keylen > 0 && key[0] == '-') { /* GPGPU-Sim spelling "-gpgpu_n_clusters" */
        key++;
        keylen--;
    }
    if (keylen == 0) {
        set_error(cfg, "%s: empty option name", origin);
        return -1;
    }
    const char *renamed = gpgpusim_option_renamed(key, keylen);
    if (renamed) {
        key = renamed;
        keylen = strlen(renamed);
    }
    for (int i = 0; i < cfg->count; i++) {
        struct config_entry *e = &cfg->entries[i];
        if (strlen(e->key) == keylen && memcmp(e->key, key, keylen) == 0) {
            if (e->level > level)
                return 0;
            char *v = dup_range(value, valuelen), *o = dup_range(origin, strlen(origin));
            if (!v || !o) {
                free(v);
                free(o);
                set_error(cfg, "out of memory");
                return -1;
            }
            free(e->value);
            free(e->origin);
            e->value = v;
            e->origin = o;
            e->level = level;
            return 0;
        }
    }
    if (cfg->count == cfg->cap) {
        int cap = cfg->cap ? cfg->cap * 2 : 32;
        struct config_entry *n = realloc(cfg->entries, (size_t)cap * sizeof *n);
        if (!n) {
            set_error(cfg, "out of memory");
            return -1;
        }
        cfg->entries = n;
        cfg->cap = cap;
    }
    struct config_entry *e = &cfg->entries[cfg->count];
    e->key = dup_range(key, keylen);
    e->value = dup_range(value, valuelen);
    e->origin = dup_range(origin, strlen(origin));
    e->used = 0;
    e->level = level;
    if (!e->key || !e->value || !e->origin) {
        free(e->key);
        free(e->value);
        free(e->origin);
        set_error(cfg, "out of memory");
        return -1;
    }
    cfg->count++;
    return 0;
}

char *config_swap_value(ccgpu_config *cfg, const char *key, char *value)
{
    for (int i = 0; i < cfg->count; i++)
        if (!strcmp(cfg->entries[i].key, key)) {
            char *old = cfg->entries[i].value;
            cfg->entries[i].value = value;
            return old;
        }
    return NULL;
}

int ccgpu_config_set(ccgpu_config *cfg, const char *key, const char *value)
{
    return put(cfg, key, strlen(key), value, strlen(value), "api", LEVEL_OVERRIDE);
}

int config_set_from(ccgpu_config *cfg, const char *key, size_t keylen, const char *value,
                    size_t valuelen, const char *origin)
{
    return put(cfg, key, keylen, value, valuelen, origin, LEVEL_OVERRIDE);
}

int ccgpu_config_override(ccgpu_config *cfg, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq) {
        set_error(cfg, "-o %s: expected key=value", kv);
        return -1;
    }
    char origin[] = "-o";
    return put(cfg, kv, (size_t)(eq - kv), eq + 1, strlen(eq + 1), origin, LEVEL_OVERRIDE);
}

/* One line's option text: s..e without the comment and surrounding spaces. */
static void line_text(const char *p, const char *end, const char **s, const char **e)
{
    const char *a = p, *b = end;
    const char *hash = memchr(a, '#', (size_t)(b - a));
    if (hash)
        b = hash;
    while (a < b && isspace((unsigned char)*a))
        a++;
    while (b > a && isspace((unsigned char)b[-1]))
        b--;
    *s = a;
    *e = b;
}

static const char *line_end(const char *p)
{
    const char *end = strchr(p, '\n');
    return end ? end : p + strlen(p);
}

/* A value that opens a double quote runs, as in GPGPU-Sim's parser, until a
 * word that ends with one, across lines (joined with a space); the quotes are
 * dropped. *p and *line advance past the lines consumed. NULL with the error
 * set when the quote never closes or memory runs out. */
static char *quoted_value(ccgpu_config *cfg, const char *s, const char *e, const char **p,
                          int *line, const char *origin, const char *key, size_t klen)
{
    size_t cap = (size_t)(e - s) + 1, len = 0;
    char *v = malloc(cap);
    if (!v) {
        set_error(cfg, "out of memory");
        return NULL;
    }
    for (;;) {
        size_t n = (size_t)(e - s);
        if (len + n + 2 > cap) {
            cap = 2 * (len + n + 2);
            char *nv = realloc(v, cap);
            if (!nv) {
                free(v);
                set_error(cfg, "out of memory");
                return NULL;
            }
            v = nv;
        }
        if (len && n)
            v[len++] = ' ';
        memcpy(v + len, s, n);
        len += n;
        v[len] = '\0';
        if (len >= 2 && v[len - 1] == '"')
            break;
        if (!**p) {
            free(v);
            set_error(cfg, "%s: option %.*s: quoted value not closed before the end of the file",
                      origin, (int)klen, key);
            return NULL;
        }
        const char *end = line_end(*p);
        (*line)++;
        line_text(*p, end, &s, &e);
        *p = *end ? end + 1 : end;
    }
    memmove(v, v + 1, len - 2);
    v[len - 2] = '\0';
    return v;
}

int ccgpu_config_load_string(ccgpu_config *cfg, const char *text, const char *name)
{
    int line = 0;
    const char *p = text;
    while (*p) {
        const char *end = line_end(p);
        line++;
        const char *s, *e;
        line_text(p, end, &s, &e);
        p = *end ? end + 1 : end;
        if (s == e)
            continue;
        const char *k = s;
        while (s < e && !isspace((unsigned char)*s))
            s++;
        size_t klen = (size_t)(s - k);
        while (s < e && isspace((unsigned char)*s))
            s++;
        char origin[300];
        snprintf(origin, sizeof origin, "%s:%d", name, line);
        if (s == e) {
            set_error(cfg, "%s: option '%.*s' has no value", origin, (int)klen, k);
            return -1;
        }
        if (*s != '"') {
            if (put(cfg, k, klen, s, (size_t)(e - s), origin, LEVEL_FILE) != 0)
                return -1;
            continue;
        }
        char *v = quoted_value(cfg, s, e, &p, &line, origin, k, klen);
        if (!v)
            return -1;
        int rc = put(cfg, k, klen, v, strlen(v), origin, LEVEL_FILE);
        free(v);
        if (rc != 0)
            return -1;
    }
    return 0;
}

int ccgpu_config_load(ccgpu_config *cfg, const char *path)
{
    char err[400];
    size_t len;
    /* (a NUL byte, as in a binary file or /dev/zero, is refused at once:
     * the text parser would stop there and drop the rest) */
    char *buf = text_input_read(path, "config file", TEXT_INPUT_TEXT, &len, err, sizeof err);
    if (!buf) {
        set_error(cfg, "%s", err);
        return -1;
    }
    int rc = ccgpu_config_load_string(cfg, buf, path);
    free(buf);
    return rc;
}

const struct config_entry *config_peek(const ccgpu_config *cfg, const char *key)
{
    for (int i = 0; cfg && i < cfg->count; i++)
        if (strcmp(cfg->entries[i].key, key) == 0)
            return &cfg->entries[i];
    return NULL;
}

/* Records that key was asked for (with its default, when the asker gave
 * one). The log is bookkeeping, not configuration, so like the used marks it
 * is written through a const store; a failed allocation only sets reads_lost. */
static void log_read(const ccgpu_config *ccfg, const char *key, const char *dflt)
{
    ccgpu_config *cfg = (ccgpu_config *)ccfg;
    for (int i = 0; i < cfg->nreads; i++)
        if (strcmp(cfg->reads[i].key, key) == 0) {
            if (!cfg->reads[i].dflt && dflt && !(cfg->reads[i].dflt = strdup(dflt)))
                cfg->reads_lost = 1;
            return;
        }
    if (cfg->nreads == cfg->capreads) {
        int cap = cfg->capreads ? cfg->capreads * 2 : 64;
        struct config_read *n = realloc(cfg->reads, (size_t)cap * sizeof *n);
        if (!n) {
            cfg->reads_lost = 1;
            return;
        }
        cfg->reads = n;
        cfg->capreads = cap;
    }
    struct config_read *r = &cfg->reads[cfg->nreads];
    r->key = strdup(key);
    r->dflt = dflt ? strdup(dflt) : NULL;
    if (!r->key || (dflt && !r->dflt)) {
        free(r->key);
        free(r->dflt);
        cfg->reads_lost = 1;
        return;
    }
    cfg->nreads++;
}

/* config_find with the default the caller will use when key is absent. */
static const struct config_entry *find_logged(const ccgpu_config *cfg, const char *key,
                                              const char *dflt)
{
    if (!cfg)
        return NULL;
    log_read(cfg, key, dflt);
    const struct config_entry *e = config_peek(cfg, key);
    if (e) /* "used" is bookkeeping, not configuration: reading marks it. */
        ((struct config_entry *)e)->used = 1;
    return e;
}

const struct config_entry *config_find(const ccgpu_config *cfg, const char *key)
{
    return find_logged(cfg, key, NULL);
}

void config_accept(const ccgpu_config *cfg, const char *key)
{
    (void)config_find(cfg, key);
}

int config_value_error(const ccgpu_config *cfg, const char *key, char *err, size_t errlen,
                       const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const struct config_entry *e = config_peek(cfg, key);
    if (e)
        snprintf(err, errlen, "%s: option %s: %s", e->origin, key, msg);
    else
        snprintf(err, errlen, "option %s (default): %s", key, msg);
    text_printable_msg(err, errlen); /* it may quote the value */
    return -1;
}

static int bad_value(const struct config_entry *e, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: option %s: invalid value '%s' (expected %s)", e->origin, e->key,
             e->value, what);
    text_printable_msg(err, errlen);
    return -1;
}

int config_get_u64(const ccgpu_config *cfg, const char *key, uint64_t dflt, uint64_t *out,
                   char *err, size_t errlen)
{
    char d[24];
    snprintf(d, sizeof d, "%" PRIu64, dflt);
    const struct config_entry *e = find_logged(cfg, key, d);
    if (!e) {
        *out = dflt;
        return 0;
    }
    const char *s = e->value;
    if (*s == '-' || *s == '\0')
        return bad_value(e, "a non-negative integer", err, errlen);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    /* accept K/M/G suffixes for sizes */
    if (*end == 'K' || *end == 'k') {
        v <<= 10;
        end++;
    } else if (*end == 'M' || *end == 'm') {
        v <<= 20;
        end++;
    } else if (*end == 'G' || *end == 'g') {
        v <<= 30;
        end++;
    }
    if (errno || *end != '\0')
        return bad_value(e, "a non-negative integer", err, errlen);
    *out = v;
    return 0;
}

int config_get_u32(const ccgpu_config *cfg, const char *key, uint32_t dflt, uint32_t *out,
                   char *err, size_t errlen)
{
    uint64_t v;
    if (config_get_u64(cfg, key, dflt, &v, err, errlen) != 0)
        return -1;
    if (v > UINT32_MAX) {
        const struct config_entry *e = config_find(cfg, key);
        return bad_value(e, "an integer below 2^32", err, errlen);
    }
    *out = (uint32_t)v;
    return 0;
}

int config_get_double(const ccgpu_config *cfg, const char *key, double dflt, double *out,
                      char *err, size_t errlen)
{
    char d[40];
    snprintf(d, sizeof d, "%.15g", dflt);
    if (strtod(d, NULL) != dflt) /* the shortest form that reads back exactly */
        snprintf(d, sizeof d, "%.17g", dflt);
    const struct config_entry *e = find_logged(cfg, key, d);
    if (!e) {
        *out = dflt;
        return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(e->value, &end);
    if (errno || end == e->value || *end != '\0')
        return bad_value(e, "a number", err, errlen);
    *out = v;
    return 0;
}

int config_get_bool(const ccgpu_config *cfg, const char *key, int dflt, int *out, char *err,
                    size_t errlen)
{
    const struct config_entry *e = find_logged(cfg, key, dflt ? "1" : "0");
    if (!e) {
        *out = dflt;
        return 0;
    }
    const char *v = e->value;
    if (!strcmp(v, "1") || !strcmp(v, "true") || !strcmp(v, "yes") || !strcmp(v, "on"))
        *out = 1;
    else if (!strcmp(v, "0") || !strcmp(v, "false") || !strcmp(v, "no") || !strcmp(v, "off"))
        *out = 0;
    else
        return bad_value(e, "0 or 1", err, errlen);
    return 0;
}

const char *config_get_str(const ccgpu_config *cfg, const char *key, const char *dflt)
{
    const struct config_entry *e = find_logged(cfg, key, dflt);
    return e ? e->value : dflt;
}

int config_get_choice(const ccgpu_config *cfg, const char *key, const char *const *choices,
                      int dflt, int *out, char *err, size_t errlen)
{
    const char *d = NULL;
    for (int i = 0; choices[i]; i++)
        if (i == dflt)
            d = choices[i];
    const struct config_entry *e = find_logged(cfg, key, d);
    if (!e) {
        *out = dflt;
        return 0;
    }
    for (int i = 0; choices[i]; i++)
        if (strcmp(choices[i], e->value) == 0) {
            *out = i;
            return 0;
        }
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; choices[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? "|" : "", choices[i]);
    return bad_value(e, list, err, errlen);
}

int config_check_all_used(const ccgpu_config *cfg, char *err, size_t errlen)
{
    if (!cfg)
        return 0;
    for (int i = 0; i < cfg->count; i++) {
        const struct config_entry *e = &cfg->entries[i];
        if (e->used || gpgpusim_option_known(e->key))
            continue;
        snprintf(err, errlen, "%s: unknown option %s", e->origin, e->key);
        return -1;
    }
    return 0;
}

int config_unmodelled(const ccgpu_config *cfg, char *buf, size_t len)
{
    int n = 0;
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (int i = 0; cfg && i < cfg->count; i++) {
        const struct config_entry *e = &cfg->entries[i];
        if (e->used || !gpgpusim_option_known(e->key))
            continue;
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s (%s)", n ? ", " : "", e->key,
                                     e->origin);
        n++;
    }
    return n;
}

char *config_unmodelled_wrapped(const ccgpu_config *cfg, size_t column, size_t width, int *n)
{
    size_t cap = 256, len = 0;
    char *out = malloc(cap);
    *n = 0;
    if (!out)
        return NULL;
    out[0] = '\0';
    for (int i = 0; cfg && i < cfg->count; i++) {
        const struct config_entry *e = &cfg->entries[i];
        if (e->used || !gpgpusim_option_known(e->key))
            continue;
        size_t item = strlen(e->key) + strlen(e->origin) + 3; /* "key (origin)" */
        size_t need = len + item + 8;
        if (need > cap) {
            cap = 2 * need;
            char *o = realloc(out, cap);
            if (!o) {
                free(out);
                return NULL;
            }
            out = o;
        }
        if (*n) {
            out[len++] = ',';
            column++;
            if (column + 1 + item + 1 > width) { /* the item and its comma go on a new line */
                memcpy(out + len, "\n    ", 5);
                len += 5;
                column = 4;
            } else {
                out[len++] = ' ';
                column++;
            }
        }
        len += (size_t)snprintf(out + len, cap - len, "%s (%s)", e->key, e->origin);
        column += item;
        (*n)++;
    }
    return out;
}

void config_reset_used(const ccgpu_config *ccfg)
{
    if (!ccfg)
        return;
    ccgpu_config *cfg = (ccgpu_config *)ccfg; /* bookkeeping only, as in log_read */
    for (int i = 0; i < cfg->count; i++)
        cfg->entries[i].used = 0;
    for (int i = 0; i < cfg->nreads; i++) {
        free(cfg->reads[i].key);
        free(cfg->reads[i].dflt);
    }
    cfg->nreads = 0;
    cfg->reads_lost = 0;
}

ccgpu_config *config_clone(const ccgpu_config *cfg)
{
    ccgpu_config *c = ccgpu_config_new();
    if (!c)
        return NULL;
    for (int i = 0; cfg && i < cfg->count; i++) {
        const struct config_entry *e = &cfg->entries[i];
        if (put(c, e->key, strlen(e->key), e->value, strlen(e->value), e->origin, e->level) != 0) {
            ccgpu_config_free(c);
            return NULL;
        }
    }
    return c;
}
