/* Memcached-like GET driver: a chained hash table of items with
 * variable-length keys, a Zipf stream of GET requests (with some misses),
 * every returned value checked against the key it was asked for. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 256, MAX_KEY = 64 };
#define MEMC_NIL 0xffffffffu
#define MEMC_MISS 0xffffffffu
#define MISS_PERCENT 10 /* requests for keys never stored */
#define ZIPF_S 0.99     /* web-cache key popularity */

struct memc_size {
    uint32_t items, requests;
};
static const struct memc_size sizes[BENCH_SIZE_COUNT] = {
    { 4096, 2048 },
    { 65536, 65536 },
    { 1u << 20, 1u << 20 },
};

struct item {
    uint32_t next, key_off, key_len, value;
};

/* Key of id: "/wiki/" + letters (length 4..43 chosen by id) + decimal id. The
 * digits end every key and letters never are digits, so keys are unique. */
static uint32_t make_key(uint32_t id, char *out)
{
    uint64_t h = id * 0x9e3779b97f4a7c15ull + 12345;
    uint32_t n = (uint32_t)sprintf(out, "/wiki/");
    uint32_t letters = 4 + (uint32_t)((h >> 40) % 40);
    for (uint32_t i = 0; i < letters; i++) {
        h = h * 6364136223846793005ull + 1442695040888963407ull;
        out[n++] = (char)('a' + (h >> 59) % 26);
    }
    n += (uint32_t)sprintf(out + n, "%u", id);
    return n;
}

static uint32_t value_of(uint32_t id)
{
    return (id * 2654435761u) & 0x7fffffffu; /* never MEMC_MISS */
}

static uint32_t fnv1a(const unsigned char *k, uint32_t len)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++)
        h = (h ^ k[i]) * 16777619u;
    return h;
}

struct memc {
    uint32_t nitems, nreq, nbuckets;
    uint32_t *buckets;
    struct item *items;
    unsigned char *pool, *req_keys;
    uint32_t *req_off, *req_len, *req_id, *out;
    size_t pool_bytes, req_bytes;
};

static void memc_free(struct memc *m)
{
    free(m->buckets);
    free(m->items);
    free(m->pool);
    free(m->req_keys);
    free(m->req_off);
    free(m->req_len);
    free(m->req_id);
    free(m->out);
}

static int build(struct bench_ctx *ctx, struct memc *m, const struct memc_size *sz)
{
    struct bench_rng rng = { ctx->seed };
    m->nitems = sz->items;
    m->nreq = sz->requests;
    m->nbuckets = 1;
    while (m->nbuckets * 2 <= m->nitems / 2) /* about two items per bucket */
        m->nbuckets *= 2;
    m->buckets = drv_host_alloc(ctx, (size_t)m->nbuckets * 4, "memc buckets");
    m->items = drv_host_alloc(ctx, (size_t)m->nitems * sizeof *m->items, "memc items");
    m->pool = drv_host_alloc(ctx, (size_t)m->nitems * MAX_KEY, "memc key pool");
    m->req_keys = drv_host_alloc(ctx, (size_t)m->nreq * MAX_KEY, "memc request keys");
    m->req_off = drv_host_alloc(ctx, (size_t)m->nreq * 4, "memc requests");
    m->req_len = drv_host_alloc(ctx, (size_t)m->nreq * 4, "memc requests");
    m->req_id = drv_host_alloc(ctx, (size_t)m->nreq * 4, "memc requests");
    m->out = drv_host_alloc(ctx, (size_t)m->nreq * 4, "memc results");
    uint32_t *perm = drv_host_alloc(ctx, (size_t)m->nitems * 4, "memc permutation");
    if (!m->buckets || !m->items || !m->pool || !m->req_keys || !m->req_off || !m->req_len ||
        !m->req_id || !m->out || !perm) {
        free(perm);
        return -1;
    }
    for (uint32_t b = 0; b < m->nbuckets; b++)
        m->buckets[b] = MEMC_NIL;
    char key[MAX_KEY];
    size_t at = 0;
    for (uint32_t id = 0; id < m->nitems; id++) { /* insertion at the chain head */
        uint32_t len = make_key(id, key);
        memcpy(m->pool + at, key, len);
        uint32_t b = fnv1a(m->pool + at, len) & (m->nbuckets - 1);
        m->items[id] = (struct item){ m->buckets[b], (uint32_t)at, len, value_of(id) };
        m->buckets[b] = id;
        at += len;
    }
    m->pool_bytes = at;
    /* popularity rank -> key id: a random permutation */
    for (uint32_t i = 0; i < m->nitems; i++)
        perm[i] = i;
    inputs_shuffle_u32(perm, m->nitems, &rng);
    if (inputs_zipf(m->req_id, m->nreq, m->nitems, ZIPF_S, &rng, ctx->error, sizeof ctx->error)) {
        free(perm);
        return -1;
    }
    at = 0;
    for (uint32_t r = 0; r < m->nreq; r++) {
        if (bench_rng_below(&rng, 100) < MISS_PERCENT)
            m->req_id[r] = m->nitems + (uint32_t)bench_rng_below(&rng, m->nitems);
        else
            m->req_id[r] = perm[m->req_id[r]];
        uint32_t len = make_key(m->req_id[r], key);
        memcpy(m->req_keys + at, key, len);
        m->req_off[r] = (uint32_t)at;
        m->req_len[r] = len;
        at += len;
    }
    m->req_bytes = at;
    free(perm);
    return 0;
}

static int run_memc(struct bench_ctx *ctx, struct drv *d, struct memc *m)
{
    ccgpu_devptr d_buckets, d_items, d_pool, d_off, d_len, d_keys, d_out;
    if (drv_alloc(d, &d_buckets, (size_t)m->nbuckets * 4, m->buckets, 0, "buckets") ||
        drv_alloc(d, &d_items, (size_t)m->nitems * sizeof *m->items, m->items, 0, "items") ||
        drv_alloc(d, &d_pool, m->pool_bytes, m->pool, 0, "key pool") ||
        drv_alloc(d, &d_off, (size_t)m->nreq * 4, m->req_off, 0, "request offsets") ||
        drv_alloc(d, &d_len, (size_t)m->nreq * 4, m->req_len, 0, "request lengths") ||
        drv_alloc(d, &d_keys, m->req_bytes, m->req_keys, 0, "request keys") ||
        drv_alloc(d, &d_out, (size_t)m->nreq * 4, NULL, 0x5a, "results"))
        return -1;
    int32_t nreq = (int32_t)m->nreq;
    uint32_t mask = m->nbuckets - 1;
    void *args[] = { &d_buckets, &d_items, &d_pool, &d_off, &d_len, &d_keys, &d_out, &nreq, &mask };
    if (drv_launch(d, "memc_get", m->nreq, BLOCK, args, 9) ||
        drv_download(d, m->out, d_out, (size_t)m->nreq * 4, "results"))
        return -1;
    uint32_t misses = 0;
    for (uint32_t r = 0; r < m->nreq; r++) {
        uint32_t id = m->req_id[r];
        uint32_t want = id < m->nitems ? value_of(id) : MEMC_MISS;
        misses += want == MEMC_MISS;
        if (m->out[r] != want)
            return bench_fail(ctx, "memc: request %u (key %u) returned 0x%08x, expected 0x%08x", r,
                              id, m->out[r], want);
    }
    if (ctx->log)
        fprintf(ctx->log, "memc: %u items, %u buckets, %u requests, %u misses\n", m->nitems,
                m->nbuckets, m->nreq, misses);
    return 0;
}

static int memc_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "memc: takes no --input (keys are generated)");
    struct memc m = { 0 };
    struct drv d;
    int rc = -1;
    if (build(ctx, &m, &sizes[ctx->size]) == 0 && drv_init(&d, ctx, "bench/memc/memc.ptx") == 0) {
        rc = run_memc(ctx, &d, &m);
        drv_release(&d);
    }
    memc_free(&m);
    return rc;
}

const struct bench_ops bench_memc = {
    .version = 1,
    .name = "memc",
    .klass = "hcs",
    .description = "Memcached-like GET: one thread per request hashes its key, walks a chained "
                   "bucket and compares variable-length keys byte by byte (Zipf 0.99, 10% misses)",
    .sizes = "items / requests: small 4096 / 2048, medium 65536 / 65536, large 2^20 / 2^20",
    .run = memc_run,
};
