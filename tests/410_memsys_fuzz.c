/* Random memory-system configurations under random traffic: every request
 * is answered (no deadlock), and skipping idle cycles, or running every tick
 * of every clock domain, gives exactly the replies of advancing every cycle. */
#include "check.h"
#include "mem/memsys.h"

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static void random_config(struct memsys_config *c, uint64_t *x)
{
    static const double mhz[] = { 325, 650, 700, 924, 1000, 1300, 1400, 1755 };
    memsys_config_gtx480(c);
    c->n_sm = 1 + (uint32_t)(rnd(x) % 5);
    c->n_part = 1 + (uint32_t)(rnd(x) % 4);
    c->core_mhz = mhz[rnd(x) % 8];
    c->icnt_mhz = mhz[rnd(x) % 8];
    c->l2_mhz = mhz[rnd(x) % 8];
    c->dram_mhz = mhz[rnd(x) % 8];
    c->part_ports = 1 + (uint32_t)(rnd(x) % 2); /* sub-partitions */
    c->l2.nsets = c->part_ports << (rnd(x) % 4);
    c->l2.assoc = 1 + (uint32_t)(rnd(x) % 4);
    c->l2.sector_size = rnd(x) % 2 ? 32 : 128;
    c->l2.mshr_entries = 1 + (uint32_t)(rnd(x) % 6);
    c->l2.mshr_max_merge = 1 + (uint32_t)(rnd(x) % 4);
    c->l2.miss_queue = 2 + (uint32_t)(rnd(x) % 4);
    c->l2.write_allocate = (int)(rnd(x) % 2);
    c->l2_ports = 1 + (uint32_t)(rnd(x) % 2);
    c->l2_latency = (uint32_t)(rnd(x) % 10);
    c->rop_latency = (uint32_t)(rnd(x) % 5);
    c->dram_latency = (uint32_t)(rnd(x) % 5);
    c->l2_in_queue = 1 + (uint32_t)(rnd(x) % 4);
    c->l2_out_queue = 1 + (uint32_t)(rnd(x) % 4);
    c->icnt_latency = 1 + (uint32_t)(rnd(x) % 6);
    c->flits_per_cycle = 1 + (uint32_t)(rnd(x) % 2);
    c->icnt_in_buf = 1 + (uint32_t)(rnd(x) % 3);
    c->icnt_out_buf = 1 + (uint32_t)(rnd(x) % 3);
    c->dram.queue_size = 1 + (uint32_t)(rnd(x) % 6);
    c->dram.nbanks = 1u << (rnd(x) % 5);
    /* bank groups from the high or the low bits, XOR bank indexing, one or
     * two command buses */
    uint32_t groups = 1u << (rnd(x) % 3);
    c->dram.nbkgrp = groups <= c->dram.nbanks ? groups : 1;
    c->dram.t.tCCDL = 1 + (uint32_t)(rnd(x) % 3);
    c->dram.t.tRTPL = (uint32_t)(rnd(x) % 3);
    c->dram.group_low_bits = (uint8_t)(rnd(x) % 2);
    c->dram.bank_xor_row = (uint8_t)(rnd(x) % 2);
    c->dram.dual_bus = (uint8_t)(rnd(x) % 2);
}

struct outcome {
    uint64_t digest, answered, last, counters, mid, fails;
    uint64_t high; /* L2 accesses in partitions 64 and up (the second mask word) */
};

/* Every partition's L2 and DRAM counters, folded (after memsys_sync_stats). */
static uint64_t counter_digest(struct memsys *m)
{
    memsys_sync_stats(m);
    uint64_t h = m->st.l2_res_fail * 7 + m->st.l2_accesses;
    for (uint32_t p = 0; p < m->nparts; p++) {
        const struct cache_stats *c = &m->part[p].l2.st;
        for (int k = 0; k < CACHE_NFAIL; k++)
            h = h * 1000003u ^ c->res_fail[k];
        h = h * 1000003u ^ (c->accesses + 3 * c->hits + 5 * c->misses + 7 * c->mshr_merges);
    }
    for (uint32_t p = 0; p < m->cfg.n_part; p++)
        h = h * 1000003u ^ (m->chan[p].dram.st.reads + 3 * m->chan[p].dram.st.activates);
    return h;
}

/* Random traffic over `lines` 128-byte lines from every SM, replies
 * folded; mode 0 advances every cycle, 1 skips to the next event, 2 runs
 * every tick of every domain (the reference), 3 runs every L2 retry, 4
 * never steps densely. */
static struct outcome run(const struct memsys_config *c, uint64_t seed, int mode, uint32_t lines)
{
    struct outcome o = { 0, 0, 0, 0, 0, 0, 0 };
    struct memsys m;
    char err[256];
    if (memsys_init(&m, c, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(!"memsys_init failed");
        return o;
    }
    m.exhaustive = mode == 2;
    if (mode == 4)
        m.dense_ticks = 0; /* every cycle, from event to event (modes 0 and 3 step
                              through every tick of each advance) */
    for (uint32_t p = 0; mode == 3 && p < m.nparts; p++)
        m.part[p].retry_skip = 0; /* every failing L2 retry runs */
    enum { N = 60 };
    int issued[8] = { 0 };
    uint64_t x = seed, now = 0, next_try[8] = { 0 };
    while (o.answered < (uint64_t)N * c->n_sm && now < 400000) {
        if (!o.mid && now >= 700) { /* the counters part-way, requests in flight */
            memsys_advance(&m, 700);
            o.mid = counter_digest(&m) | 1;
        }
        memsys_advance(&m, now);
        struct mem_request got;
        for (uint32_t s = 0; s < c->n_sm; s++)
            while (memsys_pop_response(&m, s, now, &got)) {
                o.digest = o.digest * 1000003u ^ (got.id * 131 + got.done_cycle * 7 + got.l2_hit);
                o.answered++;
                o.last = got.done_cycle;
            }
        for (uint32_t s = 0; s < c->n_sm; s++) {
            if (issued[s] == N || now < next_try[s])
                continue;
            uint64_t y = rnd(&x);
            uint64_t line = y % lines;
            struct mem_request r = {
                .addr = line * 128 + ((y >> 8) % 4) * 32, .bytes = (y >> 10) % 2 ? 32 : 0,
                .is_write = (uint8_t)((y >> 12) % 4 == 0), .bypass_l2 = (uint8_t)((y >> 14) % 6 == 0),
                .sm = (uint16_t)s, .warp = (int32_t)(y % 4), .id = s * 1000u + (uint64_t)issued[s],
            };
            if (memsys_push(&m, now, &r) == 0) {
                issued[s]++;
                next_try[s] = now + (y >> 20) % 9;
            } else {
                next_try[s] = now + 1;
            }
        }
        if (mode == 1) {
            uint64_t e = memsys_next_event(&m);
            for (uint32_t s = 0; s < c->n_sm; s++)
                if (issued[s] < N && next_try[s] < e)
                    e = next_try[s] > now ? next_try[s] : now + 1;
            now = e == MEMSYS_NEVER ? now + 1 : e;
        } else {
            now++;
        }
    }
    CHECK(memsys_idle(&m));
    o.counters = counter_digest(&m);
    o.fails = m.st.l2_res_fail;
    for (uint32_t p = 64; p < m.nparts; p++)
        o.high += m.part[p].l2.st.accesses;
    memsys_free(&m);
    return o;
}

TEST(random_configs_answer_everything_and_skip_exactly)
{
    uint64_t x = 0xC0FFEE, fails = 0;
    for (int k = 0; k < 40; k++) {
        struct memsys_config c;
        random_config(&c, &x);
        uint64_t seed = rnd(&x) | 1;
        struct outcome a = run(&c, seed, 0, 40), b = run(&c, seed, 1, 40),
                       e = run(&c, seed, 2, 40);
        struct outcome r = run(&c, seed, 3, 40), v = run(&c, seed, 4, 40);
        CHECK_EQ_U64(a.answered, 60u * c.n_sm);
        if (a.digest != b.digest || a.last != b.last)
            printf("  config %d: %u SMs, %u partitions, clocks %g/%g/%g/%g differ\n", k, c.n_sm,
                   c.n_part, c.core_mhz, c.icnt_mhz, c.l2_mhz, c.dram_mhz);
        CHECK_EQ_U64(a.digest, b.digest);
        CHECK_EQ_U64(a.last, b.last);
        CHECK_EQ_U64(a.digest, e.digest);
        /* the counters too, against every L2 retry run (mode 3) */
        CHECK_EQ_U64(a.digest, r.digest);
        CHECK_EQ_U64(a.counters, r.counters);
        CHECK_EQ_U64(b.counters, r.counters);
        CHECK_EQ_U64(e.counters, r.counters);
        CHECK_EQ_U64(a.mid, r.mid);
        CHECK_EQ_U64(b.mid, r.mid);
        CHECK_EQ_U64(e.mid, r.mid);
        CHECK_EQ_U64(v.digest, r.digest);
        CHECK_EQ_U64(v.counters, r.counters);
        CHECK_EQ_U64(v.mid, r.mid);
        fails += r.fails;
    }
    printf("  %llu L2 reservation failures over the configurations\n", (unsigned long long)fails);
    CHECK(fails > 1000); /* the skipped retries were exercised */
}

/* The crossbars with held slots (icnt_config.release_delay, as the
 * lookahead mode sets them): ticks skipped, every tick run and every L2
 * retry run give the same replies and counters. */
TEST(held_slots_skip_exactly)
{
    uint64_t x = 0x5107ull;
    for (int k = 0; k < 24; k++) {
        struct memsys_config c;
        random_config(&c, &x);
        c.icnt_req_release_delay = 1 + (uint32_t)(rnd(&x) % 4);
        c.icnt_rep_release_delay = (uint32_t)(rnd(&x) % 5);
        c.icnt_req_arb_shift = c.icnt_req_release_delay;
        uint64_t seed = rnd(&x) | 1;
        struct outcome a = run(&c, seed, 0, 40), b = run(&c, seed, 1, 40),
                       e = run(&c, seed, 2, 40), r = run(&c, seed, 3, 40),
                       v = run(&c, seed, 4, 40);
        CHECK_EQ_U64(a.answered, 60u * c.n_sm);
        CHECK_EQ_U64(a.digest, b.digest);
        CHECK_EQ_U64(a.last, b.last);
        CHECK_EQ_U64(a.digest, e.digest);
        CHECK_EQ_U64(a.digest, r.digest);
        CHECK_EQ_U64(v.digest, r.digest);
        CHECK_EQ_U64(a.counters, r.counters);
        CHECK_EQ_U64(b.counters, r.counters);
        CHECK_EQ_U64(e.counters, r.counters);
        CHECK_EQ_U64(v.counters, r.counters);
        CHECK_EQ_U64(a.mid, r.mid);
        CHECK_EQ_U64(e.mid, r.mid);
    }
}

/* More partitions than one 64-bit mask word holds (the interconnect tick
 * visits partitions by masks, memsys.outq): traffic spread over all of
 * them gives the replies and counters of the reference that visits every
 * partition at every tick. */
TEST(partitions_past_one_mask_word_match_the_reference)
{
    uint64_t x = 0xFEEDull;
    for (int k = 0; k < 3; k++) {
        struct memsys_config c;
        random_config(&c, &x);
        c.n_part = k == 0 ? 65 : k == 1 ? 80 : 130;
        uint64_t seed = rnd(&x) | 1;
        struct outcome a = run(&c, seed, 0, 6000), b = run(&c, seed, 1, 6000),
                       e = run(&c, seed, 2, 6000), v = run(&c, seed, 4, 6000);
        CHECK_EQ_U64(a.answered, 60u * c.n_sm);
        CHECK(e.high > 0); /* the second mask word saw traffic */
        CHECK_EQ_U64(a.digest, e.digest);
        CHECK_EQ_U64(b.digest, e.digest);
        CHECK_EQ_U64(v.digest, e.digest);
        CHECK_EQ_U64(a.counters, e.counters);
        CHECK_EQ_U64(b.counters, e.counters);
        CHECK_EQ_U64(v.counters, e.counters);
        CHECK_EQ_U64(a.mid, e.mid);
    }
}

int main(void)
{
    RUN(random_configs_answer_everything_and_skip_exactly);
    RUN(held_slots_skip_exactly);
    RUN(partitions_past_one_mask_word_match_the_reference);
    return check_summary();
}

