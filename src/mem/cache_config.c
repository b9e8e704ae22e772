#include "mem/cache_config.h"
#include "policy/cache/cache_index.h"
#include "policy/cache/cache_repl.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 6

/* Splits s (modified in place) at sep into at most max fields. */
static int split(char *s, char sep, char **out, int max)
{
    int n = 0;
    for (;;) {
        if (n == max)
            return max + 1;
        out[n++] = s;
        char *p = strchr(s, sep);
        if (!p)
            return n;
        *p = '\0';
        s = p + 1;
    }
}

static int parse_u32(const char *s, const char *what, const char *str, uint32_t *out, char *err,
                     size_t errlen)
{
    char *end;
    errno = 0;
    unsigned long v = (*s >= '0' && *s <= '9') ? strtoul(s, &end, 10) : 0;
    if ((*s >= '0' && *s <= '9') && !*end && (errno == ERANGE || v > UINT32_MAX)) {
        snprintf(err, errlen, "cache config '%s': %s %s is too large (at most %u)", str, what, s,
                 UINT32_MAX);
        return -1;
    }
    if (!(*s >= '0' && *s <= '9') || errno || *end) {
        snprintf(err, errlen, "cache config '%s': %s must be a number, not '%s'", str, what, s);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

static int letter(const char *s, const char *what, const char *allowed, const char *str, char *err,
                  size_t errlen)
{
    if (strlen(s) != 1 || !strchr(allowed, s[0])) {
        snprintf(err, errlen, "cache config '%s': %s '%s' is not one of %s", str, what, s, allowed);
        return -1;
    }
    return s[0];
}

static int known_repl(const char *name)
{
    for (int i = 0; cache_repl_table[i]; i++)
        if (strcmp(cache_repl_table[i]->name, name) == 0 ||
            (cache_repl_table[i]->alias && strcmp(cache_repl_table[i]->alias, name) == 0))
            return 1;
    return 0;
}

static int parse_groups(struct cache_config *cfg, char *buf, const char *str, char *err,
                        size_t errlen)
{
    char *g[MAX_FIELDS], *f[MAX_FIELDS];
    int ng = split(buf, ',', g, MAX_FIELDS);
    if (ng < 4 || ng > 5) {
        snprintf(err, errlen,
                 "cache config '%s': expected [T:]sets:line:assoc,R:W:A:WA[:I],M:entries:merge,mq[:fifo][,port]",
                 str);
        return -1;
    }
    /* geometry */
    int n = split(g[0], ':', f, MAX_FIELDS);
    char **geo = f;
    cfg->sector_size = 0;
    if (n == 4) {
        int t = letter(f[0], "cache type", "NS", str, err, errlen);
        if (t < 0)
            return -1;
        cfg->sector_size = t == 'S' ? 32 : 0;
        geo = f + 1;
    } else if (n != 3) {
        snprintf(err, errlen, "cache config '%s': geometry '%s' needs [T:]sets:line:assoc", str, g[0]);
        return -1;
    }
    if (parse_u32(geo[0], "set count", str, &cfg->nsets, err, errlen) ||
        parse_u32(geo[1], "line size", str, &cfg->line_size, err, errlen) ||
        parse_u32(geo[2], "associativity", str, &cfg->assoc, err, errlen))
        return -1;
    if (!cfg->sector_size)
        cfg->sector_size = cfg->line_size;
    /* policies */
    n = split(g[1], ':', f, MAX_FIELDS);
    if (n < 4 || n > 5) {
        snprintf(err, errlen, "cache config '%s': policies '%s' need R:W:A:WA[:I]", str, g[1]);
        return -1;
    }
    if (!known_repl(f[0])) {
        snprintf(err, errlen, "cache config '%s': replacement policy '%s' is unknown (L, F, or a name)",
                 str, f[0]);
        return -1;
    }
    snprintf(cfg->repl, sizeof cfg->repl, "%s", f[0]);
    int w = letter(f[1], "write policy", "RBTEL", str, err, errlen);
    int a = w < 0 ? -1 : letter(f[2], "allocation policy", "mfs", str, err, errlen);
    int wa = a < 0 ? -1 : letter(f[3], "write-allocate policy", "NWFL", str, err, errlen);
    if (wa < 0)
        return -1;
    cfg->write_policy = w == 'B' ? CACHE_WRITE_BACK
                      : w == 'E' ? CACHE_WRITE_EVICT
                      : w == 'R' ? CACHE_READ_ONLY
                      : w == 'L' ? CACHE_WRITE_LOCAL_WB_GLOBAL_WT
                                 : CACHE_WRITE_THROUGH;
    cfg->alloc_policy = a == 'm' ? CACHE_ALLOC_ON_MISS : CACHE_ALLOC_ON_FILL;
    cfg->streaming = a == 's';
    cfg->write_allocate = wa != 'N';
    const char *idx = "linear";
    if (n == 5) {
        int i = letter(f[4], "set-index function", "LPHXC", str, err, errlen);
        if (i < 0)
            return -1;
        if (i == 'X' || i == 'C') {
            snprintf(err, errlen, "cache config '%s': set-index function '%c' is not modelled (use L, P or H)",
                     str, i);
            return -1;
        }
        idx = i == 'P' ? "ipoly" : i == 'H' ? "fermi" : "linear";
    }
    snprintf(cfg->index, sizeof cfg->index, "%s", idx);
    /* MSHRs */
    n = split(g[2], ':', f, MAX_FIELDS);
    if (n != 3) {
        snprintf(err, errlen, "cache config '%s': MSHR field '%s' needs M:entries:merge", str, g[2]);
        return -1;
    }
    int m = letter(f[0], "MSHR kind", "ASFT", str, err, errlen);
    if (m < 0)
        return -1;
    if (m == 'F' || m == 'T') {
        snprintf(err, errlen, "cache config '%s': MSHR kind '%c' (texture FIFO) is not modelled", str, m);
        return -1;
    }
    if (parse_u32(f[1], "MSHR entries", str, &cfg->mshr_entries, err, errlen) ||
        parse_u32(f[2], "MSHR merge", str, &cfg->mshr_max_merge, err, errlen))
        return -1;
    /* queues */
    n = split(g[3], ':', f, MAX_FIELDS);
    if (n > 2) {
        snprintf(err, errlen, "cache config '%s': queue field '%s' needs mq[:fifo]", str, g[3]);
        return -1;
    }
    if (parse_u32(f[0], "miss queue", str, &cfg->miss_queue, err, errlen))
        return -1;
    cfg->result_fifo = 0;
    if (n == 2 && parse_u32(f[1], "result FIFO", str, &cfg->result_fifo, err, errlen))
        return -1;
    cfg->data_port_width = 0;
    if (ng == 5 && parse_u32(g[4], "data port width", str, &cfg->data_port_width, err, errlen))
        return -1;
    return 0;
}

int cache_config_parse(struct cache_config *cfg, const char *str, char *err, size_t errlen)
{
    memset(cfg, 0, sizeof *cfg);
    if (strcmp(str, "none") == 0) {
        cfg->disabled = 1;
        return 0;
    }
    char *buf = strdup(str);
    if (!buf) {
        snprintf(err, errlen, "cache config: out of memory");
        return -1;
    }
    int rc = parse_groups(cfg, buf, str, err, errlen);
    free(buf);
    if (rc == 0 && cache_config_validate(cfg, err, errlen))
        rc = -1;
    return rc;
}

static int pow2(uint32_t v)
{
    return v && (v & (v - 1)) == 0;
}

int cache_config_validate(const struct cache_config *c, char *err, size_t errlen)
{
    if (c->disabled)
        return 0;
    if ((unsigned)c->write_policy > CACHE_WRITE_LOCAL_WB_GLOBAL_WT ||
        (unsigned)c->alloc_policy > CACHE_ALLOC_ON_FILL) {
        snprintf(err, errlen, "cache config: bad write or allocation policy");
        return -1;
    }
    if (!pow2(c->nsets)) {
        snprintf(err, errlen, "cache config: set count %u is not a power of two", c->nsets);
        return -1;
    }
    if (!pow2(c->line_size) || c->line_size < 4) {
        snprintf(err, errlen, "cache config: line size %u is not a power of two >= 4", c->line_size);
        return -1;
    }
    if (c->assoc == 0 || c->assoc > 4096) {
        snprintf(err, errlen, "cache config: associativity %u is not in 1..4096", c->assoc);
        return -1;
    }
    if (!pow2(c->sector_size) || c->sector_size > c->line_size || c->line_size / c->sector_size > 8) {
        snprintf(err, errlen, "cache config: sector size %u does not split line size %u into 1..8 sectors",
                 c->sector_size, c->line_size);
        return -1;
    }
    if (c->mshr_entries == 0 || c->mshr_max_merge == 0 || c->mshr_max_merge > 65535) {
        snprintf(err, errlen, "cache config: MSHR entries %u and merge %u must be >= 1 (merge <= 65535)",
                 c->mshr_entries, c->mshr_max_merge);
        return -1;
    }
    /* A write-back miss may queue a fill request and a writeback together. */
    int wb = c->write_policy == CACHE_WRITE_BACK || c->write_policy == CACHE_WRITE_LOCAL_WB_GLOBAL_WT;
    uint32_t mq_min = wb ? 2 : 1;
    if (c->miss_queue < mq_min) {
        snprintf(err, errlen, "cache config: miss queue %u must be >= %u", c->miss_queue, mq_min);
        return -1;
    }
    if (c->write_policy == CACHE_WRITE_BACK && c->alloc_policy == CACHE_ALLOC_ON_FILL) {
        /* As in GPGPU-Sim: a fill could need a writeback with no room for it. */
        snprintf(err, errlen, "cache config: a write-back cache cannot allocate on fill");
        return -1;
    }
    if (!c->repl[0] || !c->index[0]) {
        snprintf(err, errlen, "cache config: replacement or set-index policy missing");
        return -1;
    }
    return 0;
}

int cache_config_set_policies(struct cache_config *c, const char *repl, const char *index,
                              char *err, size_t errlen)
{
    if ((repl && strlen(repl) >= sizeof c->repl) || (index && strlen(index) >= sizeof c->index)) {
        snprintf(err, errlen, "policy spec longer than %zu characters", sizeof c->repl - 1);
        return -1;
    }
    if (repl) {
        struct cache_repl trial;
        if (cache_repl_init(&trial, repl, c->nsets, c->assoc, err, errlen))
            return -1;
        cache_repl_free(&trial);
        snprintf(c->repl, sizeof c->repl, "%s", repl);
    }
    if (index) {
        struct cache_index trial;
        if (cache_index_init(&trial, index, c->nsets, err, errlen))
            return -1;
        cache_index_free(&trial);
        snprintf(c->index, sizeof c->index, "%s", index);
    }
    return 0;
}

int cache_config_format(const struct cache_config *c, char *buf, size_t len)
{
    if (c->disabled)
        return snprintf(buf, len, "none");
    static const char wp[] = { 'B', 'T', 'E', 'R', 'L' };
    const char *idx = strcmp(c->index, "ipoly") == 0   ? "P"
                    : strcmp(c->index, "fermi") == 0 ? "H"
                                                     : "L";
    const char *rp = strcmp(c->repl, "lru") == 0 ? "L" : strcmp(c->repl, "fifo") == 0 ? "F" : c->repl;
    return snprintf(buf, len, "%c:%u:%u:%u,%s:%c:%c:%c:%s,%c:%u:%u,%u:%u,%u",
                    c->sector_size < c->line_size ? 'S' : 'N', c->nsets, c->line_size, c->assoc, rp,
                    wp[c->write_policy],
                    c->alloc_policy == CACHE_ALLOC_ON_MISS ? 'm' : c->streaming ? 's' : 'f',
                    c->write_allocate ? 'W' : 'N', idx, c->sector_size < c->line_size ? 'S' : 'A',
                    c->mshr_entries, c->mshr_max_merge, c->miss_queue, c->result_fifo,
                    c->data_port_width);
}
