/* The lookahead mode's link (src/timing/sim_link.h) on random memory-system
 * configurations under random traffic, run in quanta as the GPU loop runs
 * it: every request is answered; a reply reaches its SM no earlier than
 * 2Q cycles after the request left it; with the crossbar, credits never let
 * a request find its port full; the replies are the same whether the
 * memory side runs on the calling thread or on sim_threads' helper, with
 * the SMs in one group or in groups of ports (each group's job on a helper
 * of its own), and with quanta of any length up to Q; and an exchange with
 * a message left untaken is refused. */
#include "check.h"
#include "timing/sim_link.h"
#include "timing/sim_threads.h"

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static void random_config(struct memsys_config *c, uint64_t *x)
{
    static const double mhz[] = { 325, 650, 700, 1000, 1300, 1400 };
    memsys_config_gtx480(c);
    c->n_sm = 1 + (uint32_t)(rnd(x) % 6);
    c->n_part = 1 + (uint32_t)(rnd(x) % 4);
    c->core_mhz = mhz[rnd(x) % 6];
    c->icnt_mhz = mhz[rnd(x) % 6];
    c->l2_mhz = mhz[rnd(x) % 6];
    c->dram_mhz = mhz[rnd(x) % 6];
    c->l2.nsets = 1u << (rnd(x) % 4);
    c->l2.mshr_entries = 1 + (uint32_t)(rnd(x) % 6);
    c->icnt_latency = 2 + (uint32_t)(rnd(x) % 8);
    c->icnt_in_buf = 1 + (uint32_t)(rnd(x) % 4);
    c->icnt_out_buf = 1 + (uint32_t)(rnd(x) % 3);
    if (rnd(x) % 3 == 0) { /* GPGPU-Sim's router: room in flits as well */
        c->icnt_in_flits = 6 + (uint32_t)(rnd(x) % 8);
        c->icnt_vc_flits = 1 + (uint32_t)(rnd(x) % 4);
        c->icnt_out_flits = 6 + (uint32_t)(rnd(x) % 8);
        c->icnt_alloc_delay = (uint32_t)(rnd(x) % 3);
        c->icnt_islip = (uint32_t)(rnd(x) % 2);
    }
    if (c->n_sm % 2 == 0 && rnd(x) % 3 == 0) { /* cluster ports: two SMs a port */
        c->cluster_ports = 1;
        c->cluster_size = 2;
    }
}

struct sm_end {
    uint32_t issued, answered;
    uint64_t x;      /* its own random stream: the same whatever its group */
    uint64_t digest; /* its replies (id, cycle taken, L2 hit) */
    uint64_t sent_at[64];
};

struct run_state;

/* One group of the link's ports and its SMs (the SM side of a quantum is
 * one job per group, as the GPU loop's). */
struct group {
    struct run_state *s;
    uint32_t side;
    uint64_t early, answered;
};

struct run_state {
    struct memsys m;
    struct sim_link k;
    struct sm_end sm[8];
    struct group g[4];
    uint32_t n, per_sm, ngroups;
};

/* A group's SM side of a quantum (a sim_threads job): replies taken,
 * requests sent while the link gives credit. */
static int sm_side(void *ctx, uint64_t from, uint64_t end)
{
    struct group *g = ctx;
    struct run_state *s = g->s;
    uint64_t *wake = s->k.sides[g->side].wake;
    for (uint64_t now = from; now < end; now++) {
        sim_link_take_credits(&s->k, g->side, now, wake);
        memset(wake, 0, sizeof(uint64_t));
        struct mem_request r;
        while (sim_link_take_reply(&s->k, g->side, now, &r)) {
            CHECK(sim_link_side_of_sm(&s->k, r.sm) == g->side);
            struct sm_end *e = &s->sm[r.sm];
            uint32_t i = (uint32_t)(r.id % 1000);
            if (now < e->sent_at[i] + 2 * s->k.q)
                g->early++;
            e->answered++;
            g->answered++;
            e->digest = e->digest * 1000003u ^ (r.id * 131 + now * 7 + r.l2_hit);
        }
        for (uint32_t i = 0; i < s->n; i++) {
            if (sim_link_side_of_sm(&s->k, i) != g->side)
                continue;
            struct sm_end *e = &s->sm[i];
            uint64_t y = rnd(&e->x);
            if (e->issued == s->per_sm || y % 3 == 0 || !sim_link_can_send(&s->k, i / s->k.cpp))
                continue;
            struct mem_request q = {
                .addr = (y >> 8) % 64 * 128 + ((y >> 16) % 4) * 32,
                .bytes = (y >> 20) % 2 ? 32 : 0, .is_write = (uint8_t)((y >> 24) % 4 == 0),
                .sm = (uint16_t)i, .warp = 0, .id = i * 1000u + e->issued,
            };
            e->sent_at[e->issued++] = now;
            if (sim_link_send(&s->k, i / s->k.cpp, now, &q))
                return -1;
        }
    }
    return 0;
}

static int mem_side(void *ctx, uint64_t from, uint64_t end)
{
    struct run_state *s = ctx;
    return sim_link_mem_quantum(&s->k, &s->m, from, end);
}

/* One run: the digest of the replies (SM, id, cycle taken, L2 hit) with
 * the SMs in ngroups groups of ports (at most one a port); *staged counts
 * quanta that ended with a request staged (crossbar: never). With threads
 * set, the jobs run on sim_threads' helpers; with cut set, quanta are of
 * random lengths up to Q (as a cap cuts one). */
static uint64_t run(const struct memsys_config *c, uint32_t lookahead, uint64_t seed,
                    uint32_t ngroups, int threads, int cut, uint64_t *staged,
                    uint64_t *staged_router)
{
    static struct run_state s;
    memset(&s, 0, sizeof s);
    char err[256];
    if (memsys_init(&s.m, c, err, sizeof err) ||
        sim_link_init(&s.k, &s.m, lookahead, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(!"init failed");
        return 0;
    }
    s.n = c->n_sm;
    s.per_sm = 64;
    for (uint32_t i = 0; i < s.n; i++)
        s.sm[i].x = seed * (i + 1) | 1;
    s.ngroups = ngroups < s.k.nports ? ngroups : s.k.nports;
    CHECK(sim_link_set_sides(&s.k, s.ngroups) == 0);
    struct sim_threads_job jobs[5];
    for (uint32_t j = 0; j < s.ngroups; j++) {
        s.g[j] = (struct group){ .s = &s, .side = j };
        jobs[j ? j + 1 : 0] = (struct sim_threads_job){ sm_side, &s.g[j] };
    }
    jobs[1] = (struct sim_threads_job){ mem_side, &s };
    sim_link_reset(&s.k, &s.m);
    struct sim_threads th;
    int par = threads && !sim_threads_start(&th, s.ngroups, s.ngroups + 1);
    uint64_t t = 1, y = seed * 3 + 1, answered = 0;
    for (int q = 0; q < 200000 && answered < (uint64_t)s.n * s.per_sm; q++) {
        uint64_t end = t + (cut ? 1 + rnd(&y) % s.k.q : s.k.q);
        int rc = 0;
        if (par)
            rc = sim_threads_run(&th, t, end, jobs, s.ngroups + 1);
        else
            for (uint32_t j = 0; j <= s.ngroups; j++)
                rc |= jobs[j].work(jobs[j].ctx, t, end);
        CHECK(rc == 0);
        CHECK(sim_link_exchange(&s.k, end) == 0);
        for (uint32_t p = 0; p < s.k.nports; p++)
            *(c->icnt_in_flits ? staged_router : staged) +=
                s.k.mports[p].staged.head != s.k.mports[p].staged.n;
        answered = 0;
        for (uint32_t j = 0; j < s.ngroups; j++)
            answered += s.g[j].answered;
        t = end;
    }
    if (par)
        sim_threads_stop(&th);
    uint64_t early = 0, d = 0;
    for (uint32_t j = 0; j < s.ngroups; j++)
        early += s.g[j].early;
    for (uint32_t i = 0; i < s.n; i++)
        d = d * 31 + s.sm[i].digest;
    CHECK_EQ_U64(answered, (uint64_t)s.n * s.per_sm);
    CHECK_EQ_U64(early, 0);
    CHECK(memsys_idle(&s.m));
    sim_link_free(&s.k);
    memsys_free(&s.m);
    return d;
}

TEST(random_configs_through_the_link)
{
    uint64_t x = 0x5EED1234, staged = 0, staged_router = 0;
    for (int k = 0; k < 40; k++) {
        struct memsys_config c;
        random_config(&c, &x);
        uint32_t lookahead = 1 + (uint32_t)(rnd(&x) % (c.icnt_latency - 1));
        c.icnt_latency -= lookahead; /* as gpu_timing sets the crossbars up */
        c.icnt_req_arb_shift = c.icnt_req_release_delay = lookahead;
        c.icnt_rep_release_delay = lookahead + 1;
        uint64_t seed = rnd(&x) | 1;
        uint64_t a = run(&c, lookahead, seed, 1, 0, 0, &staged, &staged_router);
        uint64_t b = run(&c, lookahead, seed, 1, 0, 0, &staged, &staged_router);
        uint64_t t = run(&c, lookahead, seed, 1, 1, 0, &staged, &staged_router);
        uint64_t u = run(&c, lookahead, seed, 1, 0, 1, &staged, &staged_router);
        /* the SMs in groups of ports, on one thread and on one each */
        uint64_t g = run(&c, lookahead, seed, 3, 0, 0, &staged, &staged_router);
        uint64_t h = run(&c, lookahead, seed, 3, 1, 1, &staged, &staged_router);
        CHECK_EQ_U64(a, b);
        CHECK_EQ_U64(a, t);
        CHECK_EQ_U64(a, u); /* the quanta's lengths change nothing */
        CHECK_EQ_U64(a, g);
        CHECK_EQ_U64(a, h);
    }
    CHECK_EQ_U64(staged, 0); /* the crossbar: credits are exact */
    printf("  %llu quanta ended with a request staged behind a router's flit limit\n",
           (unsigned long long)staged_router);
}

TEST(exchange_refuses_untaken_messages)
{
    struct memsys_config c;
    memsys_config_gtx480(&c);
    c.n_sm = 2;
    c.n_part = 1;
    struct memsys m;
    struct sim_link k;
    char err[256];
    CHECK(memsys_init(&m, &c, err, sizeof err) == 0);
    CHECK(sim_link_init(&k, &m, 4, err, sizeof err) == 0);
    sim_link_reset(&k, &m);
    struct mem_request r = { .addr = 0, .bytes = 32, .sm = 0, .id = 1 };
    CHECK(sim_link_can_send(&k, 0));
    CHECK(sim_link_send(&k, 0, 1, &r) == 0);
    CHECK(sim_link_exchange(&k, 1 + k.q) == 0); /* sent: the memory side's next quantum takes it */
    CHECK(!sim_link_mem_empty(&k));
    CHECK(sim_link_mem_next(&k, &m) <= 1 + k.q);
    CHECK(sim_link_exchange(&k, 1 + 2 * k.q) == -1); /* the memory side never ran */
    CHECK(strstr(k.err, "outlived") != NULL);
    sim_link_free(&k);
    memsys_free(&m);
}

int main(void)
{
    RUN(random_configs_through_the_link);
    RUN(exchange_refuses_untaken_messages);
    return check_summary();
}
