/* hashprobe: hash table lookups with linear probing
 * (bench/hashprobe/hashprobe.cu). The host builds a table of 2^bits slots
 * (key, value) filled to a load factor of 0.7 with distinct random keys,
 * inserted with the kernel's hash and probe order; a quarter of the queries
 * are keys not in the table. The expected results come from the generator
 * (the value drawn with each key, -1 for a missing key), not from a second
 * walk of the table, and must match exactly. */
#include "bench.h"
#include "common/driver.h"
#include <stdlib.h>

enum { HP_BLOCK = 256 };
#define HP_EMPTY 0xffffffffu
#define HP_MULT 2654435761u

struct hp_size {
    uint32_t bits, queries;
};
/* small: 16 Ki slots (128 KiB), 8 Ki queries; medium: 1 Mi slots (8 MiB),
 * 512 Ki queries; large: 16 Mi slots (128 MiB), 4 Mi queries */
static const struct hp_size hp_sizes[BENCH_SIZE_COUNT] = {
    { 14, 8192 },
    { 20, 524288 },
    { 24, 4194304 },
};

static uint32_t hp_home(uint32_t key, uint32_t bits)
{
    return (uint32_t)(key * HP_MULT) >> (32u - bits);
}

/* The slot holding key, or the empty slot where it would go. */
static uint32_t hp_find(const uint32_t *slots, uint32_t bits, uint32_t key)
{
    uint32_t mask = (1u << bits) - 1u, h = hp_home(key, bits);
    while (slots[2 * (size_t)h] != key && slots[2 * (size_t)h] != HP_EMPTY)
        h = (h + 1u) & mask;
    return h;
}

/* a random key, never HP_EMPTY, not yet in the table */
static uint32_t hp_new_key(struct bench_rng *rng, const uint32_t *slots, uint32_t bits,
                           uint32_t *slot)
{
    for (;;) {
        uint32_t key = (uint32_t)bench_rng_next(rng);
        if (key == HP_EMPTY)
            continue;
        *slot = hp_find(slots, bits, key);
        if (slots[2 * (size_t)*slot] == HP_EMPTY)
            return key;
    }
}

struct hp {
    uint32_t bits, nslots, nkeys, nq, misses;
    uint32_t *slots;   /* 2 * nslots words: key, value */
    uint32_t *keys;    /* nkeys, in insertion order */
    uint32_t *vals;    /* the value drawn with each key */
    uint32_t *queries; /* nq */
    int32_t *want;     /* nq: the value of each query's key, or -1 */
    int32_t *got;      /* nq: from the device */
};

/* The table filled to nkeys keys, and the queries with their expected results. */
static void hp_generate(struct hp *t, uint64_t seed)
{
    for (size_t i = 0; i < 2 * (size_t)t->nslots; i++)
        t->slots[i] = HP_EMPTY;
    struct bench_rng rng = { seed };
    for (uint32_t i = 0; i < t->nkeys; i++) {
        uint32_t at;
        t->keys[i] = hp_new_key(&rng, t->slots, t->bits, &at);
        t->vals[i] = (uint32_t)(bench_rng_next(&rng) >> 33); /* < 2^31, never -1 */
        t->slots[2 * (size_t)at] = t->keys[i];
        t->slots[2 * (size_t)at + 1] = t->vals[i];
    }
    t->misses = 0;
    for (uint32_t q = 0; q < t->nq; q++) {
        if (bench_rng_below(&rng, 4) == 0) {
            uint32_t at;
            t->queries[q] = hp_new_key(&rng, t->slots, t->bits, &at);
            t->want[q] = -1;
            t->misses++;
        } else {
            uint32_t i = (uint32_t)bench_rng_below(&rng, t->nkeys);
            t->queries[q] = t->keys[i];
            t->want[q] = (int32_t)t->vals[i];
        }
    }
}

/* Launches the lookups and checks every query's result. */
static int hp_device(struct bench_ctx *ctx, struct drv *d, struct hp *t)
{
    ccgpu_devptr dslots, dqueries, dgot;
    uint32_t n = t->nq, bits = t->bits;
    void *args[] = { &dslots, &dqueries, &dgot, &n, &bits };
    if (drv_alloc(d, &dslots, 2 * (size_t)t->nslots * 4, t->slots, 0, "table") ||
        drv_alloc(d, &dqueries, (size_t)t->nq * 4, t->queries, 0, "queries") ||
        drv_alloc(d, &dgot, (size_t)t->nq * 4, NULL, 0xa5, "results") ||
        drv_launch(d, "hashprobe", t->nq, HP_BLOCK, args, 5) ||
        drv_download(d, t->got, dgot, (size_t)t->nq * 4, "results"))
        return -1;
    for (uint32_t q = 0; q < t->nq; q++)
        if (t->got[q] != t->want[q])
            return bench_fail(ctx, "hashprobe: query %u (key %#x) gave %d, expected %d", q,
                              t->queries[q], t->got[q], t->want[q]);
    if (ctx->log)
        fprintf(ctx->log, "hashprobe: %u slots, %u keys, %u queries (%u misses) checked\n",
                t->nslots, t->nkeys, t->nq, t->misses);
    return 0;
}

static int hashprobe_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "hashprobe: takes no --input (the table is generated)");
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "hashprobe: unknown size %d", (int)ctx->size);
    const struct hp_size *sz = &hp_sizes[ctx->size];
    struct hp t = { .bits = sz->bits, .nslots = 1u << sz->bits, .nq = sz->queries };
    t.nkeys = (uint32_t)((uint64_t)t.nslots * 7 / 10);
    t.slots = drv_host_alloc(ctx, 2 * (size_t)t.nslots * 4, "hashprobe table");
    t.keys = drv_host_alloc(ctx, (size_t)t.nkeys * 4, "hashprobe keys");
    t.vals = drv_host_alloc(ctx, (size_t)t.nkeys * 4, "hashprobe values");
    t.queries = drv_host_alloc(ctx, (size_t)t.nq * 4, "hashprobe queries");
    t.want = drv_host_alloc(ctx, (size_t)t.nq * 4, "hashprobe reference");
    t.got = drv_host_alloc(ctx, (size_t)t.nq * 4, "hashprobe results");
    struct drv d;
    int rc = -1;
    if (t.slots && t.keys && t.vals && t.queries && t.want && t.got) {
        hp_generate(&t, ctx->seed);
        if (drv_init(&d, ctx, "bench/hashprobe/hashprobe.ptx") == 0) {
            rc = hp_device(ctx, &d, &t);
            drv_release(&d);
        }
    }
    free(t.slots);
    free(t.keys);
    free(t.vals);
    free(t.queries);
    free(t.want);
    free(t.got);
    return rc;
}

const struct bench_ops bench_hashprobe = {
    .version = 1,
    .name = "hashprobe",
    .klass = "micro",
    .description = "open-addressing hash table lookups, linear probing: one thread per query "
                   "key, multiplicative hash, load factor 0.7, a quarter of the keys missing",
    .sizes = "slots / queries: small 16Ki / 8Ki, medium 1Mi / 512Ki, large 16Mi / 4Mi",
    .run = hashprobe_run,
};
