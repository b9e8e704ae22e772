/* Crossbar scans by busy bitmasks: icnt_cycle, icnt_next_event and the
 * busy masks against a reference that scans every port (the plain loops the
 * masks replaced), on random push / pop / cycle streams, for the crossbar,
 * the router and the router with islip, port counts from 1 to 130 (one to
 * three mask words, arbitration start wrapping across words), with one
 * word each way both by the code compiled for it and by the loops over
 * words. */
#include "icnt_test.h"
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

/* A deep copy of the state the reference works on. */
struct ref {
    struct icnt n;
};

static void fifo_copy(struct icnt_fifo *to, const struct icnt_fifo *from)
{
    to->p = malloc(from->cap * sizeof *to->p);
    memcpy(to->p, from->p, from->cap * sizeof *to->p);
    to->head = from->head;
    to->count = from->count;
    to->cap = from->cap;
}

static void *dup(const void *p, size_t bytes)
{
    if (!p)
        return NULL;
    void *q = malloc(bytes);
    memcpy(q, p, bytes);
    return q;
}

static void ref_clone(struct ref *r, const struct icnt *n)
{
    uint32_t ni = n->cfg.n_in, no = n->cfg.n_out;
    r->n = *n;
    r->n.in = calloc(ni, sizeof *r->n.in);
    r->n.out = calloc(no, sizeof *r->n.out);
    for (uint32_t i = 0; i < ni; i++)
        fifo_copy(&r->n.in[i], &n->in[i]);
    for (uint32_t i = 0; i < no; i++)
        fifo_copy(&r->n.out[i], &n->out[i]);
    r->n.in_free = dup(n->in_free, ni * sizeof *n->in_free);
    r->n.out_free = dup(n->out_free, no * sizeof *n->out_free);
    r->n.in_q = dup(n->in_q, ni * sizeof *n->in_q);
    r->n.out_q = dup(n->out_q, no * sizeof *n->out_q);
    r->n.grant = dup(n->grant, no * sizeof *n->grant);
    r->n.in_busy = r->n.out_busy = NULL; /* the reference never reads them */
    r->n.in_full = r->n.want = r->n.dst_wanted = r->n.cand = NULL;
}

static void ref_free(struct ref *r)
{
    for (uint32_t i = 0; i < r->n.cfg.n_in; i++)
        free(r->n.in[i].p);
    for (uint32_t i = 0; i < r->n.cfg.n_out; i++)
        free(r->n.out[i].p);
    free(r->n.in);
    free(r->n.out);
    free(r->n.in_free);
    free(r->n.out_free);
    free(r->n.in_q);
    free(r->n.out_q);
    free(r->n.grant);
}

static struct icnt_pkt *head(struct icnt_fifo *f)
{
    return &f->p[f->head];
}

static int ref_room(const struct icnt *n, uint32_t dst, uint32_t flits)
{
    const struct icnt_fifo *out = &n->out[dst];
    if (n->cfg.in_flits)
        return n->out_q[dst] + flits <= n->cfg.out_flits && out->count < out->cap;
    return out->count < out->cap;
}

static void ref_start(struct icnt *n, uint32_t s, uint64_t now)
{
    struct icnt_fifo *in = &n->in[s];
    struct icnt_pkt p = *head(in);
    uint32_t si = (p.flits + n->cfg.src_flits_per_cycle - 1) / n->cfg.src_flits_per_cycle;
    uint32_t so = (p.flits + n->cfg.dst_flits_per_cycle - 1) / n->cfg.dst_flits_per_cycle;
    n->in_free[s] = now + si + n->cfg.alloc_delay;
    n->out_free[p.dst] = now + so + n->cfg.alloc_delay;
    p.ready = now + n->cfg.alloc_delay + n->cfg.latency + (si > so ? si : so) - 1;
    if (n->in_q) {
        n->in_q[s] -= p.flits;
        n->out_q[p.dst] += p.flits;
    }
    in->head = (in->head + 1) % in->cap;
    in->count--;
    struct icnt_fifo *out = &n->out[p.dst];
    out->p[(out->head + out->count) % out->cap] = p;
    out->count++;
    n->n_waiting--;
    n->st.packets++;
    n->st.flits += p.flits;
}

/* One cycle scanning every port (no early exit on ev_start: a cycle before
 * the earliest start starts nothing either way). */
static void ref_cycle(struct icnt *n, uint64_t now)
{
    uint32_t nin = n->cfg.n_in;
    if (n->cfg.islip) {
        for (uint32_t d = 0; d < n->cfg.n_out; d++) {
            if (n->out_free[d] > now)
                continue;
            for (uint32_t k = 0; k < nin; k++) {
                uint32_t s = (n->grant[d] + k) % nin;
                struct icnt_fifo *in = &n->in[s];
                if (in->count && n->in_free[s] <= now && head(in)->dst == d &&
                    ref_room(n, d, head(in)->flits)) {
                    ref_start(n, s, now);
                    n->grant[d] = (s + 1) % nin;
                    break;
                }
            }
        }
        return;
    }
    for (uint32_t k = 0; k < nin; k++) {
        uint32_t s = (uint32_t)((now + k) % nin);
        struct icnt_fifo *in = &n->in[s];
        if (!in->count || n->in_free[s] > now)
            continue;
        struct icnt_pkt *p = head(in);
        if (n->out_free[p->dst] > now || !ref_room(n, p->dst, p->flits))
            continue;
        ref_start(n, s, now);
    }
}

/* The earliest start and arrival by a scan of every port. */
static uint64_t ref_next(struct icnt *n, uint64_t now)
{
    uint64_t t = ICNT_NEVER;
    for (uint32_t s = 0; s < n->cfg.n_in; s++) {
        struct icnt_fifo *in = &n->in[s];
        if (!in->count || !ref_room(n, head(in)->dst, head(in)->flits))
            continue;
        uint64_t ts = n->in_free[s] > n->out_free[head(in)->dst] ? n->in_free[s]
                                                                  : n->out_free[head(in)->dst];
        if (ts < t)
            t = ts;
    }
    for (uint32_t d = 0; d < n->cfg.n_out; d++)
        if (n->out[d].count && head(&n->out[d])->ready < t)
            t = head(&n->out[d])->ready;
    return t == ICNT_NEVER ? t : (t > now ? t : now);
}

static int fifo_same(const struct icnt_fifo *a, const struct icnt_fifo *b)
{
    if (a->count != b->count)
        return 0;
    for (uint32_t i = 0; i < a->count; i++) {
        const struct icnt_pkt *x = &a->p[(a->head + i) % a->cap];
        const struct icnt_pkt *y = &b->p[(b->head + i) % b->cap];
        if (x->payload != y->payload || x->ready != y->ready || x->dst != y->dst ||
            x->flits != y->flits)
            return 0;
    }
    return 1;
}

/* Every port's FIFOs, link times and counters equal; the busy masks are
 * exactly the non-empty FIFOs. */
static int same(const struct icnt *n, const struct ref *r)
{
    for (uint32_t s = 0; s < n->cfg.n_in; s++) {
        if (!fifo_same(&n->in[s], &r->n.in[s]) || n->in_free[s] != r->n.in_free[s] ||
            (n->in_q && n->in_q[s] != r->n.in_q[s]))
            return 0;
        if (!!(n->in_busy[s / 64] >> (s % 64) & 1) != !!n->in[s].count)
            return 0;
        /* full: the crossbar's FIFO at capacity; never in router mode */
        int full = !n->cfg.in_flits && n->in[s].count == n->in[s].cap;
        if (!!(n->in_full[s / 64] >> (s % 64) & 1) != full)
            return 0;
        /* want: exactly the head's destination */
        for (uint32_t d = 0; d < n->cfg.n_out; d++) {
            int wants = n->in[s].count && n->in[s].p[n->in[s].head].dst == d;
            if (!!(n->want[(size_t)d * n->in_words + s / 64] >> (s % 64) & 1) != wants)
                return 0;
        }
    }
    for (uint32_t d = 0; d < n->cfg.n_out; d++) {
        if (!fifo_same(&n->out[d], &r->n.out[d]) || n->out_free[d] != r->n.out_free[d] ||
            (n->out_q && n->out_q[d] != r->n.out_q[d]) ||
            (n->grant && n->grant[d] != r->n.grant[d]))
            return 0;
        if (!!(n->out_busy[d / 64] >> (d % 64) & 1) != !!n->out[d].count)
            return 0;
        int wanted = 0;
        for (uint32_t w = 0; w < n->in_words; w++)
            wanted |= n->want[(size_t)d * n->in_words + w] != 0;
        if (!!(n->dst_wanted[d / 64] >> (d % 64) & 1) != wanted)
            return 0;
    }
    return n->n_waiting == r->n.n_waiting && n->st.packets == r->n.st.packets &&
           n->st.flits == r->n.st.flits;
}

/* mode 0 crossbar, 1 router, 2 router with islip */
static int stream(uint64_t seed, int mode, uint32_t nin, uint32_t nout, uint32_t steps)
{
    struct icnt_config cfg = { nin, nout, 1 + (uint32_t)(seed % 4), 32, 1 + (uint32_t)(seed % 2),
                               2 + (uint32_t)(seed % 3), 1 + (uint32_t)(seed % 3), 0, 0, 0, 0, 0, 0,
                               0, 0, 0 };
    if (mode) {
        cfg.in_flits = 4 + (uint32_t)(seed % 5);
        cfg.vc_flits = (uint32_t)(seed % 3);
        cfg.out_flits = 4 + (uint32_t)(seed % 4);
        cfg.alloc_delay = (uint32_t)(seed % 2);
        cfg.islip = mode == 2;
        cfg.dst_flits_per_cycle = seed % 3 == 0 ? 2 : 0;
    }
    struct icnt n;
    if (icnt_test_init(&n, &cfg))
        return 0;
    /* one mask word each way: odd seeds run the code compiled for it, even
     * ones the loops over words */
    n.one_word = n.one_word && seed % 2;
    rng_state = seed;
    uint64_t now = rnd(1000), payload = 1;
    int ok = 1;
    for (uint32_t i = 0; i < steps && ok; i++) {
        /* a burst of pushes, some skipped cycles, a cycle, some pops */
        for (uint32_t k = rnd(4); k; k--) {
            uint32_t src = rnd(3) ? rnd(nin < 6 ? nin : 6) * (nin / 6 ? nin / 6 : 1) % nin
                                  : rnd(nin);
            icnt_push(&n, src, rnd(nout), 8 + rnd(200), payload++);
        }
        if (!rnd(4))
            now += rnd(5);
        struct ref r;
        ref_clone(&r, &n);
        uint64_t want = ref_next(&r.n, now);
        if (icnt_next_event(&n, now) != want) {
            printf("  seed %llu step %u: next event %llu, scan %llu\n", (unsigned long long)seed,
                   i, (unsigned long long)icnt_next_event(&n, now), (unsigned long long)want);
            ok = 0;
        }
        ref_cycle(&r.n, now);
        icnt_cycle(&n, now);
        if (!same(&n, &r)) {
            printf("  seed %llu mode %d %ux%u step %u cycle %llu: state differs from the scan\n",
                   (unsigned long long)seed, mode, nin, nout, i, (unsigned long long)now);
            ok = 0;
        }
        ref_free(&r);
        for (uint32_t k = rnd(3); k; k--) {
            uint32_t d = rnd(nout);
            uint64_t p;
            if (icnt_peek(&n, d, now, &p))
                icnt_pop(&n, d);
        }
        now++;
    }
    icnt_free(&n);
    return ok;
}

TEST(random_streams_match_full_scan)
{
    static const uint32_t ports[][2] = { { 1, 1 }, { 3, 2 }, { 30, 8 }, { 64, 64 },
                                         { 65, 3 }, { 8, 120 }, { 130, 130 } };
    uint32_t bad = 0, runs = 0;
    for (int mode = 0; mode < 3; mode++)
        for (size_t p = 0; p < sizeof ports / sizeof ports[0]; p++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                runs++;
                bad += !stream(seed * 977 + p * 31 + (uint64_t)mode, mode, ports[p][0],
                               ports[p][1], 1000);
            }
    CHECK_EQ_INT(bad, 0);
    CHECK(runs == 126);
}

int main(void)
{
    RUN(random_streams_match_full_scan);
    return check_summary();
}
