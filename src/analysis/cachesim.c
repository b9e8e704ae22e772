/* Trace-driven cache simulator; see cachesim.h. Replacement policies are
 * small hook sets chosen by name from repl_table. */
#include "analysis/cachesim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX

/* A replacement policy: hooks on the lines of one set. victim is only asked
 * when the set is full; bypass (optional) may refuse to allocate a miss. */
struct cachesim_repl {
    const char *name;
    enum cachesim_policy policy;
    void (*hit)(struct cachesim *s, uint32_t set, uint32_t line);
    void (*fill)(struct cachesim *s, uint32_t set, uint32_t line);
    uint32_t (*victim)(struct cachesim *s, uint32_t set);
    void (*remove)(struct cachesim *s, uint32_t set, uint32_t line);
    int (*bypass)(const struct cachesim *s, uint32_t set, uint32_t next_use);
};

/* ---- recency list (LRU, FIFO): head = most recently inserted/used -------- */

static void list_remove(struct cachesim *s, uint32_t set, uint32_t li)
{
    struct cachesim_line *l = &s->lines[li];
    if (l->prev != NIL)
        s->lines[l->prev].next = l->next;
    else
        s->set_head[set] = l->next;
    if (l->next != NIL)
        s->lines[l->next].prev = l->prev;
    else
        s->set_tail[set] = l->prev;
}

static void list_push_front(struct cachesim *s, uint32_t set, uint32_t li)
{
    struct cachesim_line *l = &s->lines[li];
    l->prev = NIL;
    l->next = s->set_head[set];
    if (l->next != NIL)
        s->lines[l->next].prev = li;
    else
        s->set_tail[set] = li;
    s->set_head[set] = li;
}

static void lru_hit(struct cachesim *s, uint32_t set, uint32_t li)
{
    if (s->set_head[set] != li) {
        list_remove(s, set, li);
        list_push_front(s, set, li);
    }
}

static uint32_t list_victim(struct cachesim *s, uint32_t set) { return s->set_tail[set]; }

static void no_hit(struct cachesim *s, uint32_t set, uint32_t li)
{
    (void)s, (void)set, (void)li;
}

/* ---- random ------------------------------------------------------------- */

static uint32_t random_victim(struct cachesim *s, uint32_t set)
{
    /* xorshift64*: seeded, per simulator */
    s->rng ^= s->rng >> 12;
    s->rng ^= s->rng << 25;
    s->rng ^= s->rng >> 27;
    uint64_t x = s->rng * 0x2545f4914f6cdd1dull;
    return set * s->assoc + (uint32_t)((x >> 32) % s->assoc);
}

/* ---- OPT: a max-heap of resident lines by next use, per set ------------- */

static uint32_t key_at(const struct cachesim *s, uint32_t base, uint32_t pos)
{
    return s->lines[s->heap[base + pos]].next_use;
}

static void heap_place(struct cachesim *s, uint32_t base, uint32_t pos, uint32_t li)
{
    s->heap[base + pos] = li;
    s->lines[li].heap_pos = pos;
}

static void heap_fix(struct cachesim *s, uint32_t set, uint32_t pos)
{
    uint32_t base = set * s->assoc, n = s->set_count[set];
    uint32_t li = s->heap[base + pos], key = s->lines[li].next_use;
    while (pos > 0 && key_at(s, base, (pos - 1) / 2) < key) {
        heap_place(s, base, pos, s->heap[base + (pos - 1) / 2]);
        pos = (pos - 1) / 2;
    }
    for (;;) {
        uint32_t c = 2 * pos + 1;
        if (c >= n)
            break;
        if (c + 1 < n && key_at(s, base, c + 1) > key_at(s, base, c))
            c++;
        if (key_at(s, base, c) <= key)
            break;
        heap_place(s, base, pos, s->heap[base + c]);
        pos = c;
    }
    heap_place(s, base, pos, li);
}

/* fill runs after set_count was incremented: the new line goes last. */
static void opt_fill(struct cachesim *s, uint32_t set, uint32_t li)
{
    uint32_t pos = s->set_count[set] - 1;
    heap_place(s, set * s->assoc, pos, li);
    heap_fix(s, set, pos);
}

/* The key changed to the hitting access's next use: restore heap order. */
static void opt_hit(struct cachesim *s, uint32_t set, uint32_t li)
{
    heap_fix(s, set, s->lines[li].heap_pos);
}

static uint32_t opt_victim(struct cachesim *s, uint32_t set) { return s->heap[set * s->assoc]; }

/* remove runs before set_count is decremented. */
static void opt_remove(struct cachesim *s, uint32_t set, uint32_t li)
{
    uint32_t base = set * s->assoc, last = s->set_count[set] - 1, pos = s->lines[li].heap_pos;
    if (pos != last) {
        heap_place(s, base, pos, s->heap[base + last]);
        s->set_count[set]--; /* heap_fix must not see the removed slot */
        heap_fix(s, set, pos);
        s->set_count[set]++;
    }
}

/* Bypass when the missing block is used later than every resident line
 * (strictly: on a tie both choices give the same misses). */
static int opt_bypass(const struct cachesim *s, uint32_t set, uint32_t next_use)
{
    return next_use > key_at(s, set * s->assoc, 0);
}

/* ---- a policy of the timing model (src/policy/cache/cache_repl.def) ---------- */

static void shared_hit(struct cachesim *s, uint32_t set, uint32_t li)
{
    s->shared.ops->on_hit(&s->shared, set, li - set * s->assoc);
}

static void shared_fill(struct cachesim *s, uint32_t set, uint32_t li)
{
    s->shared.ops->on_fill(&s->shared, set, li - set * s->assoc);
}

/* Every way is eligible: nothing is ever reserved without timing. */
static uint32_t shared_victim(struct cachesim *s, uint32_t set)
{
    int v = s->shared.ops->choose_victim(&s->shared, set, s->eligible);
    return v < 0 || (uint32_t)v >= s->assoc ? NIL : set * s->assoc + (uint32_t)v;
}

static const struct cachesim_repl repl_table[] = {
    {"lru", CACHESIM_LRU, lru_hit, list_push_front, list_victim, list_remove, NULL},
    {"fifo", CACHESIM_FIFO, no_hit, list_push_front, list_victim, list_remove, NULL},
    {"random", CACHESIM_RANDOM, no_hit, no_hit, random_victim, no_hit, NULL},
    {"opt", CACHESIM_OPT, opt_hit, opt_fill, opt_victim, opt_remove, NULL},
    {"opt-bypass", CACHESIM_OPT_BYPASS, opt_hit, opt_fill, opt_victim, opt_remove, opt_bypass},
    /* invalidations are not reported to cache_repl policies (nor by src/mem) */
    {"repl", CACHESIM_REPL, shared_hit, shared_fill, shared_victim, no_hit, NULL},
};
#define NREPL (sizeof repl_table / sizeof repl_table[0])

static const char *const writes_names[CACHESIM_WRITES_COUNT] = {"evict", "allocate", "ignore",
                                                                  "through"};

int cachesim_policy_parse(const char *name)
{
    if (strncmp(name, "repl:", 5) == 0 && name[5])
        return CACHESIM_REPL;
    for (size_t i = 0; i < NREPL; i++)
        if (strcmp(name, repl_table[i].name) == 0)
            return (int)repl_table[i].policy;
    return -1;
}

const char *cachesim_policy_name(enum cachesim_policy p)
{
    for (size_t i = 0; i < NREPL; i++)
        if (repl_table[i].policy == p)
            return repl_table[i].name;
    return "?";
}

int cachesim_writes_parse(const char *name)
{
    for (int i = 0; i < CACHESIM_WRITES_COUNT; i++)
        if (strcmp(name, writes_names[i]) == 0)
            return i;
    return -1;
}

const char *cachesim_writes_name(enum cachesim_writes w)
{
    return (unsigned)w < CACHESIM_WRITES_COUNT ? writes_names[w] : "?";
}

/* ---- construction ------------------------------------------------------ */

/* A single set needs no index function, but the name must still exist (some
 * functions refuse one set: ipoly needs a polynomial of degree >= 1). */
static int init_index(struct cachesim *s, const char *spec, char *err, size_t errlen)
{
    if (s->nsets > 1)
        return cache_index_init(&s->index, spec, s->nsets, err, errlen);
    size_t n = strcspn(spec, ":");
    for (int i = 0; cache_index_table[i]; i++) {
        const struct cache_index_ops *ops = cache_index_table[i];
        if ((strlen(ops->name) == n && !strncmp(ops->name, spec, n)) ||
            (ops->alias && strlen(ops->alias) == n && !strncmp(ops->alias, spec, n)))
            return cache_index_init(&s->index, "linear", 1, err, errlen);
    }
    snprintf(err, errlen, "unknown cache index function '%.*s'", (int)n, spec);
    return -1;
}

int cachesim_init(struct cachesim *s, const struct cachesim_config *cfg, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->cfg.index = NULL; /* not owned; the spec is only needed here */
    for (size_t i = 0; i < NREPL; i++)
        if (repl_table[i].policy == cfg->policy)
            s->repl = &repl_table[i];
    if (!s->repl || (unsigned)cfg->writes >= CACHESIM_WRITES_COUNT ||
        (unsigned)cfg->local_writes >= CACHESIM_WRITES_COUNT) {
        snprintf(err, errlen, "bad replacement policy or write mode");
        return -1;
    }
    s->rng = cfg->seed ? cfg->seed : 0x853c49e6748fea9bull;
    if (cfg->unbounded) {
        s->nsets = 1;
        s->assoc = 0;
        s->nlines = 1024;
        s->lines = malloc(s->nlines * sizeof *s->lines);
        s->free_lines = malloc(s->nlines * sizeof *s->free_lines);
        if (!s->lines || !s->free_lines || blockmap_init(&s->map, s->nlines) != 0)
            goto oom;
        return 0;
    }
    uint32_t line = cfg->line_size;
    if (line == 0 || (line & (line - 1)) != 0) {
        snprintf(err, errlen, "line size %u is not a power of two", line);
        return -1;
    }
    if (cfg->size == 0 || cfg->size % line != 0) {
        snprintf(err, errlen, "cache size %llu is not a positive multiple of the %u-byte line",
                 (unsigned long long)cfg->size, line);
        return -1;
    }
    uint64_t nlines = cfg->size / line;
    if (nlines > (1u << 30)) {
        snprintf(err, errlen, "cache of %llu lines is too large", (unsigned long long)nlines);
        return -1;
    }
    uint32_t assoc = cfg->assoc ? cfg->assoc : (uint32_t)nlines;
    if (assoc > nlines || nlines % assoc != 0) {
        snprintf(err, errlen, "%llu lines cannot be split into %u-way sets",
                 (unsigned long long)nlines, assoc);
        return -1;
    }
    s->assoc = assoc;
    s->nsets = (uint32_t)(nlines / assoc);
    s->nlines = nlines;
    if (init_index(s, cfg->index ? cfg->index : "linear", err, errlen) != 0)
        return -1;
    s->words_per_set = (assoc + 63) / 64;
    s->lines = malloc(nlines * sizeof *s->lines);
    s->free_ways = calloc((size_t)s->nsets * s->words_per_set, sizeof *s->free_ways);
    s->eligible = calloc(s->words_per_set, sizeof *s->eligible);
    s->heap = malloc(nlines * sizeof *s->heap);
    s->set_count = calloc(s->nsets, sizeof *s->set_count);
    s->set_head = malloc(s->nsets * sizeof *s->set_head);
    s->set_tail = malloc(s->nsets * sizeof *s->set_tail);
    if (!s->lines || !s->free_ways || !s->eligible || !s->heap || !s->set_count ||
        !s->set_head || !s->set_tail ||
        blockmap_init(&s->map, 2 * nlines) != 0) /* load <= 1/4: short probe runs */
        goto oom;
    for (uint32_t w = 0; w < assoc; w++)
        s->eligible[w / 64] |= 1ull << (w % 64);
    for (uint32_t set = 0; set < s->nsets; set++) {
        s->set_head[set] = s->set_tail[set] = NIL;
        memcpy(&s->free_ways[(size_t)set * s->words_per_set], s->eligible,
               s->words_per_set * sizeof *s->eligible);
    }
    if (cfg->policy == CACHESIM_REPL) {
        if (!cfg->repl || cache_repl_init(&s->shared, cfg->repl, s->nsets, assoc, err, errlen) != 0) {
            if (!cfg->repl)
                snprintf(err, errlen, "policy repl: no replacement policy named");
            cachesim_free(s);
            return -1;
        }
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    cachesim_free(s);
    return -1;
}

void cachesim_free(struct cachesim *s)
{
    if (s->shared.ops)
        cache_repl_free(&s->shared);
    cache_index_free(&s->index);
    free(s->lines);
    free(s->free_ways);
    free(s->free_lines);
    free(s->eligible);
    free(s->heap);
    free(s->set_count);
    free(s->set_head);
    free(s->set_tail);
    blockmap_free(&s->map);
    memset(s, 0, sizeof *s);
}

uint64_t cachesim_resident(const struct cachesim *s) { return s->map.count; }

static void drop_line(struct cachesim *s, uint32_t li);

void cachesim_flush(struct cachesim *s)
{
    if (s->cfg.unbounded) {
        for (uint64_t li = 0; li < s->lines_used; li++) {
            const uint32_t *v = blockmap_find(&s->map, s->lines[li].block);
            if (v && *v == li) /* a freed line's block may live elsewhere now */
                blockmap_remove(&s->map, s->lines[li].block);
        }
        s->lines_used = s->nfree = 0;
        return;
    }
    for (uint32_t set = 0; set < s->nsets; set++) {
        const uint64_t *m = &s->free_ways[(size_t)set * s->words_per_set];
        for (uint32_t w = 0; w < s->assoc; w++)
            if (!(m[w / 64] >> (w % 64) & 1))
                drop_line(s, set * s->assoc + w);
    }
}

/* ---- the access ---------------------------------------------------------- */

static void set_owner(struct cachesim_line *l, const struct trace_record *r)
{
    l->owner.warp = r->warp;
    l->owner.cta = r->cta;
    l->owner.lanes = r->lanes;
    l->owner.sm = r->sm;
    l->owner.kernel = r->kernel;
}

static void drop_line(struct cachesim *s, uint32_t li)
{
    blockmap_remove(&s->map, s->lines[li].block);
    if (s->cfg.unbounded) {
        s->free_lines[s->nfree++] = li;
        return;
    }
    uint32_t set = li / s->assoc, way = li - set * s->assoc;
    s->repl->remove(s, set, li);
    s->set_count[set]--;
    s->free_ways[(size_t)set * s->words_per_set + way / 64] |= 1ull << (way % 64);
}

/* The lowest invalid way of a set that has one (as the timing model's cache
 * picks, so that way-dependent policies such as random see the same ways). */
static uint32_t take_free_way(struct cachesim *s, uint32_t set)
{
    uint64_t *m = &s->free_ways[(size_t)set * s->words_per_set];
    uint32_t k = 0;
    while (!m[k])
        k++;
    uint32_t way = 64 * k + (uint32_t)__builtin_ctzll(m[k]);
    m[k] &= m[k] - 1;
    return set * s->assoc + way;
}

static int unbounded_slot(struct cachesim *s, uint32_t *li)
{
    if (s->nfree) {
        *li = s->free_lines[--s->nfree];
        return 0;
    }
    if (s->lines_used == s->nlines) {
        if (s->nlines >= NIL / 2)
            return -1;
        uint64_t n = 2 * s->nlines;
        struct cachesim_line *l = realloc(s->lines, n * sizeof *l);
        if (!l)
            return -1;
        s->lines = l;
        uint32_t *f = realloc(s->free_lines, n * sizeof *f);
        if (!f)
            return -1;
        s->free_lines = f;
        s->nlines = n;
    }
    *li = (uint32_t)s->lines_used++;
    return 0;
}

int cachesim_access(struct cachesim *s, const struct trace_record *r, uint32_t next_use,
                    struct cachesim_owner *owner)
{
    int write = r->write != 0;
    enum cachesim_writes mode = cachesim_write_mode(&s->cfg, r);
    if (mode == CACHESIM_WRITES_IGNORE) {
        s->stats.skipped++;
        return CACHESIM_SKIPPED;
    }
    int evict = mode == CACHESIM_WRITES_EVICT;
    uint32_t *slot = blockmap_find(&s->map, r->block);
    if (slot) {
        uint32_t li = *slot;
        struct cachesim_line *l = &s->lines[li];
        if (owner)
            *owner = l->owner;
        if (l->owner.warp == r->warp && l->owner.kernel == r->kernel)
            l->owner.lanes |= r->lanes;
        if (write)
            s->stats.write_hits++;
        else
            s->stats.read_hits++;
        if (evict) {
            drop_line(s, li);
            s->stats.invalidations++;
        } else if (!s->cfg.unbounded) {
            l->next_use = next_use;
            s->repl->hit(s, li / s->assoc, li);
        }
        return CACHESIM_HIT;
    }
    if (write)
        s->stats.write_misses++;
    else
        s->stats.read_misses++;
    if (evict || mode == CACHESIM_WRITES_THROUGH)
        return CACHESIM_MISS; /* no write-allocate */
    uint32_t li;
    if (s->cfg.unbounded) {
        if (unbounded_slot(s, &li) != 0)
            return -1;
    } else {
        uint32_t set = s->nsets == 1 ? 0 : cache_index_set(&s->index, r->block);
        if (set >= s->nsets)
            return -1; /* a broken index function must not corrupt memory */
        if (s->set_count[set] == s->assoc) {
            if (s->repl->bypass && s->repl->bypass(s, set, next_use)) {
                s->stats.bypasses++;
                return CACHESIM_MISS;
            }
            uint32_t victim = s->repl->victim(s, set);
            if (victim == NIL)
                return -1; /* a shared policy broke its contract */
            drop_line(s, victim);
            s->stats.evictions++;
        }
        li = take_free_way(s, set);
        s->set_count[set]++;
        s->lines[li].next_use = next_use; /* OPT's fill reads it */
        s->repl->fill(s, set, li);
    }
    s->lines[li].block = r->block;
    set_owner(&s->lines[li], r);
    int added;
    if (!blockmap_insert(&s->map, r->block, li, &added))
        return -1;
    return CACHESIM_MISS;
}
