#include "mem/cache.h"
#include "util/bits.h"
#include "gpu/stats.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t log2u(uint32_t v)
{
    uint32_t s = 0;
    while ((1u << s) < v)
        s++;
    return s;
}

int cache_init(struct cache *c, const struct cache_config *cfg, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (cache_config_validate(cfg, err, errlen))
        return -1;
    if (cfg->disabled) {
        snprintf(err, errlen, "cache: configuration is 'none'");
        return -1;
    }
    c->cfg = *cfg;
    c->line_shift = log2u(cfg->line_size);
    c->sector_shift = log2u(cfg->sector_size);
    c->nsectors = cfg->line_size / cfg->sector_size;
    c->drop = cfg->index_drop >> c->line_shift;
    c->all_sectors = (uint8_t)((1u << c->nsectors) - 1);
    size_t nlines = (size_t)cfg->nsets * cfg->assoc;
    c->lines = calloc(nlines, sizeof *c->lines);
    c->tags = malloc(nlines * sizeof *c->tags);
    /* Room beyond the nominal size for writebacks of dirty victims chosen
     * at fill time (allocate-on-fill with local write-back): at most one per
     * MSHR entry can arrive while the nominal queue is full. */
    c->mq_cap = cfg->miss_queue + (cfg->alloc_policy == CACHE_ALLOC_ON_FILL ? cfg->mshr_entries : 0);
    c->mq = calloc(c->mq_cap, sizeof *c->mq);
    c->eligible = calloc((cfg->assoc + 63) / 64, sizeof *c->eligible);
    c->wake = calloc(cfg->mshr_max_merge, sizeof *c->wake);
    if (!c->lines || !c->tags || !c->mq || !c->eligible || !c->wake) {
        snprintf(err, errlen, "cache: out of memory");
        goto fail;
    }
    for (size_t i = 0; i < nlines; i++)
        c->tags[i] = CACHE_NO_TAG;
    c->blank = 1;
    if (cache_index_init(&c->index, cfg->index, cfg->nsets, err, errlen))
        goto fail;
    if (cache_repl_init(&c->repl, cfg->repl, cfg->nsets, cfg->assoc, err, errlen))
        goto fail;
    c->victim_pure = cache_repl_victim_pure(c->repl.ops);
    c->lru_stamp = cache_repl_lru_stamps(&c->repl, &c->lru_clock);
    c->fast_assoc = cfg->assoc == 4 || cfg->assoc == 8 || cfg->assoc == 16 ? cfg->assoc : 0;
    if (mshr_init(&c->mshr, cfg->mshr_entries, cfg->mshr_max_merge)) {
        snprintf(err, errlen, "cache: cannot allocate %u MSHRs x %u merges", cfg->mshr_entries,
                 cfg->mshr_max_merge);
        goto fail;
    }
    return 0;
fail:
    cache_free(c);
    return -1;
}

void cache_free(struct cache *c)
{
    cache_repl_free(&c->repl);
    cache_index_free(&c->index);
    mshr_free(&c->mshr);
    free(c->lines);
    free(c->tags);
    free(c->mq);
    free(c->eligible);
    free(c->wake);
    memset(c, 0, sizeof *c);
}

void cache_set_hooks(struct cache *c, const struct cache_hooks *hooks)
{
    if (hooks)
        c->hooks = *hooks;
    else
        memset(&c->hooks, 0, sizeof c->hooks);
}

uint8_t cache_sector_mask(const struct cache *c, uint64_t addr, uint32_t bytes)
{
    uint64_t off = addr & ((1ull << c->line_shift) - 1);
    uint64_t end = off + (bytes ? bytes : 1) - 1;
    if (end >= c->cfg.line_size)
        end = c->cfg.line_size - 1;
    uint32_t first = (uint32_t)(off >> c->sector_shift), last = (uint32_t)(end >> c->sector_shift);
    return (uint8_t)(((2u << last) - 1) & ~((1u << first) - 1));
}

/* Derives the state from the masks and mirrors the tag into the packed tag
 * array that lookups scan. */
static void line_update_state(struct cache *c, struct cache_line *l)
{
    if (l->pending)
        l->state = CACHE_LINE_RESERVED;
    else if (!l->valid)
        l->state = CACHE_LINE_INVALID;
    else
        l->state = l->dirty ? CACHE_LINE_MODIFIED : CACHE_LINE_VALID;
    if (l->state != CACHE_LINE_INVALID)
        c->blank = 0;
    c->tags[l - c->lines] = l->state == CACHE_LINE_INVALID ? CACHE_NO_TAG : l->block;
}

/* The helpers below take the associativity as an argument: cache_access
 * passes a constant for the common ones (cache.fast_assoc), so their loops
 * over a set are unrolled, and cfg.assoc otherwise. */
#define CACHE_AI static inline __attribute__((always_inline))

CACHE_AI struct cache_line *set_lines(const struct cache *c, uint32_t set, uint32_t assoc)
{
    return &c->lines[(size_t)set * assoc];
}

/* The replacement policy sees a hit on (set, way), or a fill of it: the
 * built-in LRU's stamp written here, any other policy called. */
CACHE_AI void repl_hit(struct cache *c, uint32_t set, uint32_t way, uint32_t assoc)
{
    if (c->lru_stamp)
        c->lru_stamp[(size_t)set * assoc + way] = ++*c->lru_clock;
    else
        c->repl.ops->on_hit(&c->repl, set, way);
}

CACHE_AI void repl_fill(struct cache *c, uint32_t set, uint32_t way, uint32_t assoc)
{
    if (c->lru_stamp)
        c->lru_stamp[(size_t)set * assoc + way] = ++*c->lru_clock;
    else
        c->repl.ops->on_fill(&c->repl, set, way);
}

/* The built-in LRU's victim in set: the way not reserved with the oldest
 * stamp, the lowest on a tie (cache_repl_oldest_eligible); -1 if every way
 * is reserved. */
CACHE_AI int lru_oldest(const struct cache *c, uint32_t set, uint32_t assoc)
{
    const struct cache_line *l = set_lines(c, set, assoc);
    const uint64_t *st = &c->lru_stamp[(size_t)set * assoc];
    int best = -1;
    uint64_t oldest = UINT64_MAX;
    for (uint32_t w = 0; w < assoc; w++)
        if (!l[w].pending && st[w] < oldest) {
            oldest = st[w];
            best = (int)w;
        }
    return best;
}

CACHE_AI int find_way(const struct cache *c, uint32_t set, uint64_t block, uint32_t assoc)
{
    const uint64_t *t = &c->tags[(size_t)set * assoc];
    for (uint32_t w = 0; w < assoc; w++)
        if (t[w] == block)
            return (int)w;
    return -1;
}

/* The line holding addr's block, or NULL. */
static struct cache_line *line_of(const struct cache *c, uint64_t addr)
{
    uint64_t block = addr >> c->line_shift;
    uint32_t set = cache_index_set(&c->index, cache_index_block(c, block));
    int w = find_way(c, set, block, c->cfg.assoc);
    return w < 0 ? NULL : &set_lines(c, set, c->cfg.assoc)[w];
}

const struct cache_line *cache_find_line(const struct cache *c, uint64_t addr)
{
    return line_of(c, addr);
}

void cache_mark_modified(struct cache *c, uint64_t addr, uint8_t sectors)
{
    struct cache_line *l = c->cfg.write_policy == CACHE_WRITE_BACK ? line_of(c, addr) : NULL;
    if (!l)
        return;
    uint8_t s = (uint8_t)(l->valid & (sectors ? sectors : l->valid));
    if (!s || (l->dirty & s) == s)
        return;
    l->dirty |= s;
    line_update_state(c, l);
}

/* The policy's choice among the ways of set not reserved (the set has no
 * invalid way); -1 if every way is reserved. */
CACHE_AI int choose_way(struct cache *c, uint32_t set, uint32_t assoc)
{
    if (c->lru_stamp)
        return lru_oldest(c, set, assoc);
    struct cache_line *l = set_lines(c, set, assoc);
    uint32_t words = (assoc + 63) / 64;
    int any = 0;
    if (words == 1) { /* (at most 64 ways: the mask built in a register) */
        uint64_t e = 0;
        for (uint32_t w = 0; w < assoc; w++)
            e |= (uint64_t)!l[w].pending << w;
        c->eligible[0] = e;
        any = e != 0;
    } else {
        memset(c->eligible, 0, words * sizeof *c->eligible);
        for (uint32_t w = 0; w < assoc; w++)
            if (!l[w].pending) {
                c->eligible[w >> 6] |= 1ull << (w & 63);
                any = 1;
            }
    }
    if (!any)
        return -1;
    int v = c->repl.ops->choose_victim(&c->repl, set, c->eligible);
    /* A policy that breaks its contract must not corrupt a reserved line. */
    if (v < 0 || (uint32_t)v >= assoc || l[v].pending)
        return -1;
    return v;
}

/* A way to (re)use in set: an invalid one first, else the policy's choice
 * among the ways not reserved; -1 if every way is reserved. */
CACHE_AI int pick_way(struct cache *c, uint32_t set, uint32_t assoc)
{
    const uint64_t *t = &c->tags[(size_t)set * assoc];
    for (uint32_t w = 0; w < assoc; w++)
        if (t[w] == CACHE_NO_TAG)
            return (int)w;
    return choose_way(c, set, assoc);
}

/* pick_way without the policy's choice, for a replacement policy whose
 * choice only reads its state (victim_pure): an invalid way, -2 when the
 * policy must choose (some way is not reserved), -1 if every way is
 * reserved. The choice waits until the access is sure to allocate: most
 * misses that find no invalid way fail on the MSHRs or the miss queue,
 * and for those the choice (a pass over the set's stamps with the
 * built-in LRU) would be wasted. */
CACHE_AI int pick_way_later(const struct cache *c, uint32_t set, uint32_t assoc)
{
    const struct cache_line *l = set_lines(c, set, assoc);
    const uint64_t *t = &c->tags[(size_t)set * assoc];
    for (uint32_t w = 0; w < assoc; w++)
        if (t[w] == CACHE_NO_TAG)
            return (int)w;
    for (uint32_t w = 0; w < assoc; w++)
        if (!l[w].pending)
            return -2;
    return -1;
}

static uint32_t mq_free(const struct cache *c)
{
    return c->mq_count < c->cfg.miss_queue ? c->cfg.miss_queue - c->mq_count : 0;
}

static void mq_push(struct cache *c, uint64_t block, uint8_t kind, uint8_t sectors, int32_t warp,
                    uint64_t token)
{
    uint32_t tail = (c->mq_head + c->mq_count) % c->mq_cap;
    c->mq[tail] = (struct cache_out){ block << c->line_shift, token, warp, kind, sectors };
    c->mq_count++;
}

void cache_out_pop(struct cache *c)
{
    if (c->mq_count) {
        c->mq_head = (c->mq_head + 1) % c->mq_cap;
        c->mq_count--;
    }
}

/* Whether evicting way w needs a miss-queue slot for a writeback. */
static int victim_needs_wb(const struct cache *c, const struct cache_line *l)
{
    return (c->cfg.write_policy == CACHE_WRITE_BACK ||
            c->cfg.write_policy == CACHE_WRITE_LOCAL_WB_GLOBAL_WT) && l->valid && l->dirty;
}

static void evict(struct cache *c, struct cache_line *l)
{
    if (!l->valid)
        return;
    c->st.evictions++;
    if (victim_needs_wb(c, l)) {
        mq_push(c, l->block, CACHE_OUT_WRITEBACK, l->dirty, l->warp, 0);
        c->st.writebacks++;
    }
    if (c->hooks.on_evict)
        c->hooks.on_evict(c->hooks.ctx, l->block, l->warp);
    l->valid = l->dirty = 0;
    line_update_state(c, l);
}

static enum cache_outcome fail_with(struct cache *c, enum cache_fail why, enum cache_fail *fail)
{
    c->st.res_fail[0]++;
    c->st.res_fail[why]++;
    *fail = why;
    return CACHE_RESERVATION_FAIL;
}

/* Read of sectors of block; l is its line (or NULL), w its way. */
CACHE_AI enum cache_outcome read_access(struct cache *c, uint32_t set, uint64_t block,
                                        struct cache_line *l, const struct cache_access *a,
                                        uint8_t sectors, enum cache_fail *fail, uint32_t assoc)
{
    if (l && (sectors & ~l->valid) == 0) {
        c->st.hits++;
        repl_hit(c, set, (uint32_t)(l - set_lines(c, set, assoc)), assoc);
        return CACHE_HIT;
    }
    uint32_t slot; /* (nothing below changes the MSHR table before the alloc) */
    int e = mshr_find_slot(&c->mshr, block, &slot);
    uint8_t have = l ? (uint8_t)(l->valid | l->pending) : 0;
    if (e >= 0 && !l) /* allocate-on-fill: sectors in flight live only in the MSHR */
        have = c->mshr.e[e].pending;
    uint8_t need = (uint8_t)(sectors & ~have);
    if (need == 0) {
        if (e < 0 || !mshr_can_merge(&c->mshr, e))
            return fail_with(c, e < 0 ? CACHE_FAIL_MSHR_ENTRY : CACHE_FAIL_MSHR_MERGE, fail);
        mshr_add(&c->mshr, e, a->token, sectors, 0);
        /* a re-reference to a line being filled is a use, as in GPGPU-Sim's
         * tag array (HIT_RESERVED updates the last access time) */
        if (l)
            repl_hit(c, set, (uint32_t)(l - set_lines(c, set, assoc)), assoc);
        c->st.hit_reserved++;
        c->st.mshr_merges++;
        return CACHE_HIT_RESERVED;
    }
    /* A miss: fetch the sectors nobody is fetching yet. */
    int way = -1;
    int alloc = !l && c->cfg.alloc_policy == CACHE_ALLOC_ON_MISS;
    if (alloc) {
        way = c->victim_pure ? pick_way_later(c, set, assoc) : pick_way(c, set, assoc);
        if (way == -1)
            return fail_with(c, CACHE_FAIL_LINE_ALLOC, fail);
    }
    if (e >= 0 ? !mshr_can_merge(&c->mshr, e) : mshr_full(&c->mshr))
        return fail_with(c, e >= 0 ? CACHE_FAIL_MSHR_MERGE : CACHE_FAIL_MSHR_ENTRY, fail);
    /* (the choice pick_way would have made before the check above; with
     * the miss queue full the access fails there whatever the victim, and
     * a pure policy's choice changes nothing, so it is not asked) */
    if (way == -2 && !mq_free(c))
        return fail_with(c, CACHE_FAIL_MISS_QUEUE, fail);
    /* (-2: pick_way_later found no invalid way, and nothing since changed
     * the set, so only the policy's choice is left) */
    if (way == -2 && (way = choose_way(c, set, assoc)) < 0)
        return fail_with(c, CACHE_FAIL_LINE_ALLOC, fail);
    uint32_t slots = 1 + (alloc && victim_needs_wb(c, &set_lines(c, set, assoc)[way]));
    if (mq_free(c) < slots)
        return fail_with(c, CACHE_FAIL_MISS_QUEUE, fail);
    if (alloc) {
        l = &set_lines(c, set, assoc)[way];
        evict(c, l);
        l->block = block;
        l->warp = a->warp;
        l->valid = l->dirty = 0;
        repl_fill(c, set, (uint32_t)way, assoc);
        if (c->hooks.on_reserve)
            c->hooks.on_reserve(c->hooks.ctx, block, a->warp);
    }
    if (l) {
        l->pending |= need;
        line_update_state(c, l);
    }
    if (e < 0)
        e = mshr_alloc_at(&c->mshr, block, a->warp, slot);
    else
        c->st.mshr_merges++;
    mshr_add(&c->mshr, e, a->token, sectors, need);
    mq_push(c, block, CACHE_OUT_READ, need, a->warp, a->token);
    c->st.misses++;
    if (l && !alloc)
        c->st.sector_misses++;
    return CACHE_MISS;
}

CACHE_AI enum cache_outcome write_access(struct cache *c, uint32_t set, uint64_t block,
                                         struct cache_line *l, const struct cache_access *a,
                                         uint8_t sectors, enum cache_fail *fail, uint32_t assoc)
{
    enum cache_write_policy wp = c->cfg.write_policy;
    if (wp == CACHE_WRITE_LOCAL_WB_GLOBAL_WT)
        wp = a->is_local ? CACHE_WRITE_BACK : CACHE_WRITE_THROUGH;
    int present = l && (sectors & ~l->valid) == 0;
    if (wp == CACHE_WRITE_BACK) {
        if (l) { /* write-validate: written sectors become valid and dirty */
            uint8_t fresh = (uint8_t)(sectors & ~l->pending);
            l->valid |= fresh;
            l->dirty |= sectors; /* pending sectors turn dirty when filled */
            line_update_state(c, l);
            repl_hit(c, set, (uint32_t)(l - set_lines(c, set, assoc)), assoc);
            if (present) {
                c->st.hits++;
                return CACHE_HIT;
            }
            if (l->pending) {
                c->st.hit_reserved++;
                return CACHE_HIT_RESERVED;
            }
            c->st.misses++;
            c->st.sector_misses++;
            return CACHE_MISS;
        }
        if (c->cfg.write_allocate) {
            int way = pick_way(c, set, assoc);
            if (way < 0)
                return fail_with(c, CACHE_FAIL_LINE_ALLOC, fail);
            l = &set_lines(c, set, assoc)[way];
            if (mq_free(c) < (uint32_t)victim_needs_wb(c, l))
                return fail_with(c, CACHE_FAIL_MISS_QUEUE, fail);
            evict(c, l);
            l->block = block;
            l->warp = a->warp;
            l->valid = l->dirty = sectors;
            l->pending = 0;
            line_update_state(c, l);
            repl_fill(c, set, (uint32_t)way, assoc);
            if (c->hooks.on_reserve)
                c->hooks.on_reserve(c->hooks.ctx, block, a->warp);
            c->st.misses++;
            return CACHE_MISS;
        }
    }
    /* The write goes down: write-through, write-evict, read-only, or a
     * write-back cache without write allocation that missed. */
    if (mq_free(c) < 1)
        return fail_with(c, CACHE_FAIL_MISS_QUEUE, fail);
    mq_push(c, block, CACHE_OUT_WRITE, sectors, a->warp, a->token);
    if (wp != CACHE_WRITE_THROUGH && l && !l->pending && (l->valid & sectors)) {
        /* write-evict: a line holding any written sector goes (a line
         * being filled stays: its requests still wait for it) */
        l->valid = l->dirty = 0;
        line_update_state(c, l);
        c->st.write_invalidates++;
    } else if (present && !l->pending) {
        repl_hit(c, set, (uint32_t)(l - set_lines(c, set, assoc)), assoc);
    }
    if (present) {
        c->st.hits++;
        return CACHE_HIT;
    }
    c->st.misses++;
    return CACHE_MISS;
}

CACHE_AI enum cache_outcome access_with(struct cache *c, const struct cache_access *a,
                                       enum cache_fail *fail, uint32_t assoc)
{
    uint64_t block = a->addr >> c->line_shift;
    uint32_t set = cache_index_set(&c->index, cache_index_block(c, block));
    uint8_t sectors = a->sectors ? (uint8_t)(a->sectors & c->all_sectors)
                                 : cache_sector_mask(c, a->addr, 1);
    if (!sectors)
        sectors = c->all_sectors;
    int w = find_way(c, set, block, assoc);
    struct cache_line *l = w < 0 ? NULL : &set_lines(c, set, assoc)[w];
    enum cache_fail why = CACHE_FAIL_NONE;
    enum cache_outcome o = a->is_write ? write_access(c, set, block, l, a, sectors, &why, assoc)
                                       : read_access(c, set, block, l, a, sectors, &why, assoc);
    if (o != CACHE_RESERVATION_FAIL) {
        c->st.accesses++;
        if (a->is_write)
            c->st.writes++;
        else
            c->st.reads++;
        uint64_t ns = bits_popc8(sectors);
        if (a->is_write) {
            c->st.write_sectors += ns;
            c->st.write_hit_sectors += o == CACHE_HIT ? ns : 0;
        } else {
            c->st.read_sectors += ns;
            c->st.read_hit_sectors += o == CACHE_HIT ? ns : 0;
        }
    }
    if (fail)
        *fail = why;
    if (c->hooks.on_access)
        c->hooks.on_access(c->hooks.ctx, block, a->warp, a->is_write, o, why);
    return o;
}

enum cache_outcome cache_access(struct cache *c, const struct cache_access *a, enum cache_fail *fail)
{
    switch (c->fast_assoc) {
    case 4:
        return access_with(c, a, fail, 4);
    case 8:
        return access_with(c, a, fail, 8);
    case 16:
        return access_with(c, a, fail, 16);
    default:
        return access_with(c, a, fail, c->cfg.assoc);
    }
}

enum cache_outcome cache_probe(const struct cache *c, uint64_t addr, uint8_t sectors)
{
    uint64_t block = addr >> c->line_shift;
    if (!sectors)
        sectors = cache_sector_mask(c, addr, 1);
    const struct cache_line *l = cache_find_line(c, addr);
    if (l && (sectors & ~l->valid) == 0)
        return CACHE_HIT;
    uint8_t have = l ? (uint8_t)(l->valid | l->pending) : 0;
    int e = mshr_find(&c->mshr, block);
    if (!l && e >= 0)
        have = c->mshr.e[e].pending;
    return (sectors & ~have) == 0 ? CACHE_HIT_RESERVED : CACHE_MISS;
}

CACHE_AI int fill_with(struct cache *c, uint64_t addr, uint8_t sectors, const uint64_t **tokens,
                       uint32_t assoc)
{
    uint64_t block = addr >> c->line_shift;
    uint32_t set = cache_index_set(&c->index, cache_index_block(c, block));
    uint32_t slot; /* (nothing below changes the MSHR table before the fill) */
    int e = mshr_find_slot(&c->mshr, block, &slot);
    if (e < 0)
        return -1;
    sectors &= c->mshr.e[e].pending;
    int w = find_way(c, set, block, assoc);
    struct cache_line *l = w < 0 ? NULL : &set_lines(c, set, assoc)[w];
    if (!l && sectors && c->cfg.alloc_policy == CACHE_ALLOC_ON_FILL) {
        w = pick_way(c, set, assoc);
        if (w >= 0) { /* else every way is being filled: the data passes by */
            int32_t warp = c->mshr.e[e].warp;
            l = &set_lines(c, set, assoc)[w];
            evict(c, l);
            l->block = block;
            l->warp = warp;
            l->valid = l->dirty = l->pending = 0;
            repl_fill(c, set, (uint32_t)w, assoc);
            if (c->hooks.on_reserve)
                c->hooks.on_reserve(c->hooks.ctx, block, warp);
        }
    }
    if (l) {
        l->valid |= sectors;
        l->pending &= (uint8_t)~sectors;
        line_update_state(c, l);
    }
    c->st.fills++;
    int n = mshr_fill_entry(&c->mshr, e, slot, sectors, c->wake);
    *tokens = c->wake;
    return n;
}

int cache_fill(struct cache *c, uint64_t addr, uint8_t sectors, const uint64_t **tokens)
{
    switch (c->fast_assoc) {
    case 4:
        return fill_with(c, addr, sectors, tokens, 4);
    case 8:
        return fill_with(c, addr, sectors, tokens, 8);
    case 16:
        return fill_with(c, addr, sectors, tokens, 16);
    default:
        return fill_with(c, addr, sectors, tokens, c->cfg.assoc);
    }
}

void cache_preload(struct cache *c, uint64_t addr, uint8_t sectors)
{
    uint64_t block = addr >> c->line_shift;
    uint32_t set = cache_index_set(&c->index, cache_index_block(c, block));
    sectors &= c->all_sectors;
    if (!sectors)
        return;
    uint32_t assoc = c->cfg.assoc;
    int w = find_way(c, set, block, assoc);
    struct cache_line *l = w < 0 ? NULL : &set_lines(c, set, assoc)[w];
    if (l) {
        if (l->pending)
            return;
        l->valid |= sectors;
        line_update_state(c, l);
        repl_hit(c, set, (uint32_t)w, assoc);
        return;
    }
    w = pick_way(c, set, assoc);
    if (w < 0)
        return;
    l = &set_lines(c, set, assoc)[w];
    l->block = block;
    l->warp = -1;
    l->valid = sectors;
    l->dirty = l->pending = 0;
    line_update_state(c, l);
    repl_fill(c, set, (uint32_t)w, assoc);
}

void cache_invalidate_all(struct cache *c)
{
    if (c->blank)
        return;
    size_t n = (size_t)c->cfg.nsets * c->cfg.assoc;
    int reserved = 0;
    for (size_t i = 0; i < n; i++)
        if (!c->lines[i].pending) {
            c->lines[i].valid = c->lines[i].dirty = 0;
            line_update_state(c, &c->lines[i]);
        } else
            reserved = 1;
    c->blank = !reserved;
}

const char *cache_outcome_name(enum cache_outcome o)
{
    static const char *const names[] = { "HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL" };
    return (unsigned)o < 4 ? names[o] : "?";
}

const char *cache_fail_name(enum cache_fail f)
{
    static const char *const names[] = { "NONE", "LINE_ALLOC", "MSHR_ENTRY", "MSHR_MERGE",
                                         "MISS_QUEUE" };
    return (unsigned)f < CACHE_NFAIL ? names[f] : "?";
}

int cache_register_stats(struct cache *c, struct stats *s, const char *prefix)
{
    const struct {
        const char *name;
        const uint64_t *v;
        const char *desc;
    } tab[] = {
        { "accesses", &c->st.accesses, "accesses accepted (hits + hit_reserved + misses)" },
        { "reads", &c->st.reads, "read accesses accepted" },
        { "writes", &c->st.writes, "write accesses accepted" },
        { "hits", &c->st.hits, "hits" },
        { "hit_reserved", &c->st.hit_reserved, "hits on lines being filled" },
        { "misses", &c->st.misses, "misses (sector misses included)" },
        { "sector_misses", &c->st.sector_misses, "misses on a present line's absent sectors" },
        { "res_fail", &c->st.res_fail[0], "reservation failures (all reasons)" },
        { "res_fail_line_alloc", &c->st.res_fail[CACHE_FAIL_LINE_ALLOC], "every way reserved" },
        { "res_fail_mshr_entry", &c->st.res_fail[CACHE_FAIL_MSHR_ENTRY], "no free MSHR" },
        { "res_fail_mshr_merge", &c->st.res_fail[CACHE_FAIL_MSHR_MERGE], "MSHR merge limit" },
        { "res_fail_miss_queue", &c->st.res_fail[CACHE_FAIL_MISS_QUEUE], "miss queue full" },
        { "mshr_merges", &c->st.mshr_merges, "requests merged into an MSHR entry" },
        { "evictions", &c->st.evictions, "valid lines evicted" },
        { "writebacks", &c->st.writebacks, "dirty lines written back" },
        { "write_invalidates", &c->st.write_invalidates, "lines invalidated by write-evict" },
        { "fills", &c->st.fills, "fills received" },
    };
    size_t n = sizeof tab / sizeof tab[0];
    for (size_t i = 0; i < n; i++) {
        snprintf(c->stat_names[i], sizeof c->stat_names[i], "%s.%s", prefix, tab[i].name);
        if (stats_register(s, c->stat_names[i], tab[i].v, tab[i].desc))
            return -1;
    }
    /* miss_rate = misses / accesses: names are kept in stat_names. */
    snprintf(c->stat_names[n], sizeof c->stat_names[n], "%s.miss_rate", prefix);
    return stats_register_ratio(s, c->stat_names[n], c->stat_names[5], c->stat_names[0], 1.0);
}
