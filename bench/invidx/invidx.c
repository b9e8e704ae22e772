/* Inverted-index driver: posting lists with Zipf-like lengths (frequent terms
 * have long lists), queries of 2-4 distinct terms drawn by popularity; the
 * per-query match counts and order-sensitive hashes are checked against a CPU
 * intersection by binary search (a different algorithm, the same answer). */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 128, MAX_TERMS = 4 };
#define LIST_SHARE 0.1 /* the most frequent term is in 10% of documents */
#define LIST_EXP 0.7   /* list length of term t ~ (t+1)^-0.7 */
#define QUERY_S 0.8    /* query term popularity, Zipf */

struct invidx_size {
    uint32_t docs, terms, queries;
};
static const struct invidx_size sizes[BENCH_SIZE_COUNT] = {
    { 4096, 512, 512 },
    { 32768, 4096, 4096 },
    { 262144, 32768, 8192 },
};

struct invidx {
    uint32_t terms, queries, npostings, nqterms;
    uint32_t *list_off, *list_len, *postings;
    uint32_t *query_off, *query_terms;
    uint32_t *count, *hash;
};

static void invidx_free(struct invidx *x)
{
    free(x->list_off);
    free(x->list_len);
    free(x->postings);
    free(x->query_off);
    free(x->query_terms);
    free(x->count);
    free(x->hash);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int build(struct bench_ctx *ctx, struct invidx *x, const struct invidx_size *sz)
{
    struct bench_rng rng = { ctx->seed };
    x->terms = sz->terms;
    x->queries = sz->queries;
    x->list_off = drv_host_alloc(ctx, (size_t)x->terms * 4, "invidx lists");
    x->list_len = drv_host_alloc(ctx, (size_t)x->terms * 4, "invidx lists");
    if (!x->list_off || !x->list_len)
        return -1;
    uint64_t total = 0;
    for (uint32_t t = 0; t < x->terms; t++) {
        double len = sz->docs * LIST_SHARE / pow(t + 1.0, LIST_EXP);
        x->list_len[t] = len < 1 ? 1 : (uint32_t)len;
        total += x->list_len[t];
    }
    x->postings = drv_host_alloc(ctx, (size_t)total * 4, "invidx postings");
    x->query_off = drv_host_alloc(ctx, ((size_t)x->queries + 1) * 4, "invidx queries");
    x->query_terms = drv_host_alloc(ctx, (size_t)x->queries * MAX_TERMS * 4, "invidx queries");
    x->count = drv_host_alloc(ctx, (size_t)x->queries * 4, "invidx results");
    x->hash = drv_host_alloc(ctx, (size_t)x->queries * 4, "invidx results");
    uint32_t *pick = drv_host_alloc(ctx, (size_t)x->queries * MAX_TERMS * 4, "invidx queries");
    if (!x->postings || !x->query_off || !x->query_terms || !x->count || !x->hash || !pick) {
        free(pick);
        return -1;
    }
    uint32_t at = 0;
    for (uint32_t t = 0; t < x->terms; t++) { /* sorted, distinct random documents */
        uint32_t *list = x->postings + at, n = x->list_len[t];
        for (uint32_t i = 0; i < n; i++)
            list[i] = (uint32_t)bench_rng_below(&rng, sz->docs);
        qsort(list, n, 4, cmp_u32);
        uint32_t kept = 0;
        for (uint32_t i = 0; i < n; i++)
            if (kept == 0 || list[kept - 1] != list[i])
                list[kept++] = list[i];
        x->list_off[t] = at;
        x->list_len[t] = kept;
        at += kept;
    }
    x->npostings = at;
    /* Zipf draws, more than needed, consumed in order; repeats within a
     * query are skipped */
    size_t ndraw = (size_t)x->queries * MAX_TERMS;
    if (inputs_zipf(pick, ndraw, x->terms, QUERY_S, &rng, ctx->error, sizeof ctx->error)) {
        free(pick);
        return -1;
    }
    size_t next = 0;
    uint32_t nq = 0;
    for (uint32_t q = 0; q < x->queries; q++) {
        x->query_off[q] = nq;
        uint32_t want = 2 + (uint32_t)bench_rng_below(&rng, MAX_TERMS - 1), have = 0;
        while (have < want) {
            uint32_t term = next < ndraw ? pick[next++] : (uint32_t)bench_rng_below(&rng, x->terms);
            int dup = 0;
            for (uint32_t k = 0; k < have; k++)
                dup |= x->query_terms[nq + k] == term;
            if (!dup)
                x->query_terms[nq + have++] = term;
        }
        nq += have;
    }
    x->query_off[x->queries] = nq;
    x->nqterms = nq;
    free(pick);
    return 0;
}

static int contains(const uint32_t *list, uint32_t n, uint32_t doc)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (list[mid] < doc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && list[lo] == doc;
}

static int check(struct bench_ctx *ctx, const struct invidx *x)
{
    for (uint32_t q = 0; q < x->queries; q++) {
        const uint32_t *terms = x->query_terms + x->query_off[q];
        uint32_t nt = x->query_off[q + 1] - x->query_off[q], s = 0;
        for (uint32_t k = 1; k < nt; k++)
            if (x->list_len[terms[k]] < x->list_len[terms[s]])
                s = k;
        const uint32_t *list = x->postings + x->list_off[terms[s]];
        uint32_t count = 0, hash = 0;
        for (uint32_t i = 0; i < x->list_len[terms[s]]; i++) {
            int all = 1;
            for (uint32_t k = 0; k < nt && all; k++)
                all = contains(x->postings + x->list_off[terms[k]], x->list_len[terms[k]], list[i]);
            if (all) {
                count++;
                hash = hash * 31u + list[i];
            }
        }
        if (x->count[q] != count || x->hash[q] != hash)
            return bench_fail(ctx, "invidx: query %u found %u documents (hash 0x%08x), expected %u (0x%08x)",
                              q, x->count[q], x->hash[q], count, hash);
    }
    return 0;
}

static int run_invidx(struct bench_ctx *ctx, struct drv *d, struct invidx *x)
{
    ccgpu_devptr d_off, d_len, d_post, d_qoff, d_qterms, d_count, d_hash;
    if (drv_alloc(d, &d_off, (size_t)x->terms * 4, x->list_off, 0, "list offsets") ||
        drv_alloc(d, &d_len, (size_t)x->terms * 4, x->list_len, 0, "list lengths") ||
        drv_alloc(d, &d_post, (size_t)x->npostings * 4, x->postings, 0, "postings") ||
        drv_alloc(d, &d_qoff, ((size_t)x->queries + 1) * 4, x->query_off, 0, "query offsets") ||
        drv_alloc(d, &d_qterms, (size_t)x->nqterms * 4, x->query_terms, 0, "query terms") ||
        drv_alloc(d, &d_count, (size_t)x->queries * 4, NULL, 0xee, "match counts") ||
        drv_alloc(d, &d_hash, (size_t)x->queries * 4, NULL, 0xee, "match hashes"))
        return -1;
    int32_t nq = (int32_t)x->queries;
    void *args[] = { &d_off, &d_len, &d_post, &d_qoff, &d_qterms, &d_count, &d_hash, &nq };
    if (drv_launch(d, "invidx_query", x->queries, BLOCK, args, 8) ||
        drv_download(d, x->count, d_count, (size_t)x->queries * 4, "match counts") ||
        drv_download(d, x->hash, d_hash, (size_t)x->queries * 4, "match hashes"))
        return -1;
    if (ctx->log)
        fprintf(ctx->log, "invidx: %u terms, %u postings, %u queries\n", x->terms, x->npostings,
                x->queries);
    return check(ctx, x);
}

static int invidx_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "invidx: takes no --input (the index is generated)");
    struct invidx x = { 0 };
    struct drv d;
    int rc = -1;
    if (build(ctx, &x, &sizes[ctx->size]) == 0 && drv_init(&d, ctx, "bench/invidx/invidx.ptx") == 0) {
        rc = run_invidx(ctx, &d, &x);
        drv_release(&d);
    }
    invidx_free(&x);
    return rc;
}

const struct bench_ops bench_invidx = {
    .version = 1,
    .name = "invidx",
    .klass = "mcs",
    .description = "inverted-index lookup: one thread per query intersects the sorted posting "
                   "lists of its 2-4 terms (merge with cursors)",
    .sizes = "documents / terms / queries: small 4096 / 512 / 512, medium 32768 / 4096 / 4096, "
             "large 262144 / 32768 / 8192",
    .run = invidx_run,
};
