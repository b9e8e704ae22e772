/* Memory system: isolated read latency equals the sum of configured
 * latencies, L2 hits are faster than misses, writes are acknowledged,
 * same requests give the same completions, and skipping idle cycles (or
 * running every tick of every domain) changes nothing. */
#include "check.h"
#include "gpu/stats.h"
#include "mem/memsys.h"
#include <stdlib.h>

static void small_config(struct memsys_config *c, uint32_t nsm, uint32_t npart)
{
    memsys_config_gtx480(c);
    c->n_sm = nsm;
    c->n_part = npart;
    c->core_mhz = c->icnt_mhz = c->l2_mhz = c->dram_mhz = 1000;
    c->icnt_latency = 4;
    c->l2_latency = 6;
    c->rop_latency = 0;
    c->dram_latency = 0;
    c->dram.data_rate = 2; /* 64-byte bursts of 4 cycles: 128 B in 8 */
    c->dram.nbanks = 16;
}

static int mk(struct memsys *m, const struct memsys_config *c)
{
    char err[256];
    if (memsys_init(m, c, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(!"setup failed");
        return -1;
    }
    return 0;
}

/* Pushes request r (for SM 0) at cycle `at` and runs until its reply: the
 * latency, or -1. */
static int64_t one_req(struct memsys *m, uint64_t at, const struct mem_request *r,
                       struct mem_request *got)
{
    memsys_advance(m, at);
    if (memsys_push(m, at, r))
        return -1;
    for (uint64_t c = at + 1; c < at + 10000; c++) {
        memsys_advance(m, c);
        if (memsys_pop_response(m, 0, c, got))
            return (int64_t)(got->done_cycle - got->issue_cycle);
    }
    return -1;
}

static int64_t one_sized(struct memsys *m, uint64_t at, uint64_t addr, uint32_t bytes, int is_write,
                         struct mem_request *got)
{
    struct mem_request r = { .addr = addr, .id = 42, .bytes = bytes, .is_write = (uint8_t)is_write,
                             .sm = 0, .warp = 3 };
    return one_req(m, at, &r, got);
}

static int64_t one(struct memsys *m, uint64_t at, uint64_t addr, int is_write, struct mem_request *got)
{
    return one_sized(m, at, addr, 0, is_write, got);
}

TEST(single_read_latency_is_the_sum)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    if (mk(&m, &c))
        return;
    uint32_t xfer = 8, ser_req = 1, ser_rep = (8 + 128 + 31) / 32;
    int64_t miss = one(&m, 10, 0x1000, 0, &got);
    /* 1 (to the interconnect) + request crossbar + closed-bank DRAM read
     * + 1 (DRAM to L2) + 1 (L2 to interconnect) + reply crossbar */
    int64_t want_miss = 1 + (c.icnt_latency + ser_req - 1) + (c.dram.t.tRCD + c.dram.t.tCL + xfer) +
                        1 + 1 + (c.icnt_latency + ser_rep - 1);
    CHECK_EQ_INT(miss, want_miss);
    CHECK_EQ_U64(got.id, 42);
    CHECK_EQ_INT(got.warp, 3);
    CHECK_EQ_INT(got.l2_hit, 0);
    int64_t hit = one(&m, 200, 0x1000, 0, &got);
    int64_t want_hit = 1 + (c.icnt_latency + ser_req - 1) + c.l2_latency + 1 +
                       (c.icnt_latency + ser_rep - 1);
    CHECK_EQ_INT(hit, want_hit);
    CHECK_EQ_INT(got.l2_hit, 1);
    CHECK(hit < miss);
    /* another line in the open DRAM row: tCL + xfer only */
    int64_t rowhit = one(&m, 400, 0x1100, 0, &got); /* same bank and row */
    CHECK_EQ_INT(rowhit, want_miss - (int64_t)c.dram.t.tRCD);
    CHECK(memsys_idle(&m));
    CHECK_EQ_U64(m.chan[0].dram.st.row_hits, 1);
    memsys_free(&m);
}

TEST(fixed_latencies_add_up_with_different_clocks)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    c.rop_latency = 10;
    c.dram_latency = 20;
    if (mk(&m, &c))
        return;
    int64_t base = one(&m, 10, 0x1000, 0, &got);
    memsys_free(&m);
    c.rop_latency = 0;
    c.dram_latency = 0;
    if (mk(&m, &c))
        return;
    /* rop and DRAM latencies add up; the DRAM-to-L2 hand-over cycle is
     * hidden inside a non-zero dram_latency (the data is ready before the
     * L2 cycle that takes it, not at the same instant) */
    CHECK_EQ_INT(one(&m, 10, 0x1000, 0, &got), base - 10 - 20 + 1);
    memsys_free(&m);
    /* GTX480 clocks: the reply still comes, later than the pure DRAM time */
    memsys_config_gtx480(&c);
    if (mk(&m, &c))
        return;
    int64_t l = one(&m, 5, 0x12345680, 0, &got);
    CHECK(l > (int64_t)(c.dram.t.tRCD + c.dram.t.tCL) * 700 / 924);
    CHECK(l < 400);
    memsys_free(&m);
}

/* Two L2 hits for two SMs at once, their replies 5 flits each: the cycles
 * between the two replies' arrivals. */
static uint64_t two_hits_apart(const struct memsys_config *c, uint64_t a0, uint64_t a1)
{
    struct memsys m;
    if (mk(&m, c))
        return 0;
    memsys_l2_preload(&m, a0, 128);
    memsys_l2_preload(&m, a1, 128);
    memsys_advance(&m, 10);
    struct mem_request r0 = { .addr = a0, .id = 1, .sm = 0 }, r1 = { .addr = a1, .id = 2, .sm = 1 };
    CHECK_EQ_INT(memsys_push(&m, 10, &r0), 0);
    CHECK_EQ_INT(memsys_push(&m, 10, &r1), 0);
    uint64_t done[2] = { 0, 0 };
    struct mem_request got;
    for (uint64_t t = 11; t < 500 && !(done[0] && done[1]); t++) {
        memsys_advance(&m, t);
        for (uint32_t sm = 0; sm < 2; sm++)
            while (memsys_pop_response(&m, sm, t, &got)) {
                CHECK_EQ_INT(got.l2_hit, 1);
                done[sm] = got.done_cycle;
            }
    }
    uint32_t ser_req = 1, ser_rep = (8 + 128 + 31) / 32;
    /* the crossbar's round robin picks which SM goes first */
    uint64_t first = done[0] < done[1] ? done[0] : done[1];
    uint64_t second = done[0] < done[1] ? done[1] : done[0];
    /* the first as an isolated hit (single_read_latency_is_the_sum) */
    CHECK_EQ_INT(first - 10, 1 + (c->icnt_latency + ser_req - 1) + c->l2_latency + 1 +
                                 (c->icnt_latency + ser_rep - 1));
    memsys_free(&m);
    return second - first;
}

/* A partition of two GPGPU-Sim sub-partitions (part_ports 2): each is its
 * own L2 slice and its own node of both crossbars (the sub-partition is
 * chosen, as GPGPU-Sim does, by the low bit of the DRAM bank): two hits in
 * different sub-partitions cross, are looked up and replied to side by
 * side, two in the same one leave a whole reply (5 flits) apart, as all
 * replies do from a partition of one sub-partition. */
TEST(sub_partitions_are_slices_and_crossbar_nodes_of_their_own)
{
    struct memsys_config c;
    small_config(&c, 2, 1);
    c.l2_ports = 2;
    struct memsys probe;
    if (mk(&probe, &c))
        return;
    /* a line in the other sub-partition than 0x1000's, and one in the same */
    struct dram_addr d0, d;
    addrmap_decode(&probe.map, 0x1000, &d0);
    uint64_t other = 0, same = 0;
    for (uint64_t a = 0x1080; a < 0x100000 && !(other && same); a += 128) {
        addrmap_decode(&probe.map, a, &d);
        if ((d.bank & 1) != (d0.bank & 1) && !other)
            other = a;
        if ((d.bank & 1) == (d0.bank & 1) && !same)
            same = a;
    }
    memsys_free(&probe);
    CHECK(other && same);
    uint32_t ser_rep = (8 + 128 + 31) / 32;
    c.part_ports = 1;
    CHECK_EQ_U64(two_hits_apart(&c, 0x1000, other), ser_rep);
    c.part_ports = 2;
    CHECK_EQ_U64(two_hits_apart(&c, 0x1000, other), 0);
    CHECK_EQ_U64(two_hits_apart(&c, 0x1000, same), ser_rep);
}

/* A sub-partition's slice has the partition's sets over part_ports and
 * indexes its lines without the sub-partition's bank bit (GPGPU-Sim's
 * partition address): the lines of one sub-partition reach every set of
 * its slice, though that bit lies inside the set index's bits (GTX480
 * mapping, 128-byte lines: set bits 7-12, the bank's low bit 8). */
TEST(sub_partition_slices_use_every_set)
{
    struct memsys_config c;
    small_config(&c, 1, 2);
    c.l2.nsets = 128; /* 64 per slice */
    c.part_ports = 2;
    struct memsys m;
    if (mk(&m, &c))
        return;
    CHECK_EQ_INT(m.nparts, 4);
    CHECK_EQ_INT(m.part[0].l2.cfg.nsets, 64);
    uint64_t seen = 0;
    uint32_t lines = 0;
    for (uint64_t a = 0; a < (1u << 22) && lines < 4096; a += 128) {
        struct dram_addr d;
        addrmap_decode(&m.map, a, &d);
        if (d.chan != 0 || (d.bank & 1))
            continue; /* partition 0's sub-partition 0 only */
        seen |= 1ull << cache_set_of(&m.part[0].l2, d.local);
        lines++;
    }
    CHECK_EQ_U64(seen, ~0ull);
    memsys_free(&m);
}

/* A sectored L2 takes a request as one request per sector (GPGPU-Sim's
 * breakdown_request_to_sector_requests): four lookups for a line, one for
 * a sector, each its own input-queue entry; the reply, one packet of the
 * flits of the four sector replies, leaves with the last sector's answer.
 * An unsectored L2 looks a line up once. */
TEST(sectored_l2_looks_each_sector_up)
{
    struct memsys_config c;
    struct mem_request got;
    small_config(&c, 1, 1);
    c.l2.sector_size = 32;
    for (int sectored = 1; sectored >= 0; sectored--) {
        c.l2.sector_size = sectored ? 32 : 128;
        struct memsys m;
        if (mk(&m, &c))
            return;
        CHECK_EQ_INT(m.part[0].sector_split, sectored);
        CHECK(one_sized(&m, 10, 0x1000, 128, 0, &got) > 0); /* the line into the L2 */
        memsys_sync_stats(&m);
        uint64_t before = m.st.l2_accesses;
        int64_t line = one_sized(&m, 1000, 0x1000, 128, 0, &got);
        CHECK_EQ_INT(got.l2_hit, 1);
        memsys_sync_stats(&m);
        CHECK_EQ_U64(m.st.l2_accesses - before, sectored ? 4 : 1);
        int64_t sector = one_sized(&m, 2000, 0x1020, 32, 0, &got);
        CHECK_EQ_INT(got.l2_hit, 1);
        memsys_sync_stats(&m);
        CHECK_EQ_U64(m.st.l2_accesses - before, sectored ? 5 : 2);
        /* the line's reply: with the split as four sector replies (each
         * ctrl + 32 bytes, 2 flits of 32 bytes) after three more lookups;
         * without, one packet 3 flits longer than a sector's */
        uint32_t f = c.flit_bytes, per = (c.ctrl_bytes + 32 + f - 1) / f;
        CHECK_EQ_INT(line - sector, sectored ? 3 + 3 * (int64_t)per : 3);
        memsys_free(&m);
    }
}

/* A sectored L1's miss on sectors with a gap (0 and 3 of a line) asks the
 * L2 for those two alone, as GPGPU-Sim's one request a sector: two
 * lookups, a reply of two sectors' flits, an L1 fill of the two; a
 * contiguous mask is the plain byte range. */
TEST(a_request_with_gaps_wants_only_its_sectors)
{
    struct memsys_config c;
    struct mem_request got;
    small_config(&c, 1, 1);
    c.l2.sector_size = 32;
    struct memsys m;
    if (mk(&m, &c))
        return;
    struct mem_request r = { .id = 7 };
    mem_request_sectors(&r, 0x1000, 0x9, 5, 4);
    CHECK_EQ_U64(r.addr, 0x1000);
    CHECK_EQ_INT(r.bytes, 128);
    CHECK_EQ_INT(r.sectors, 0x9);
    CHECK_EQ_INT(mem_request_data_bytes(&r, 128), 64);
    memsys_sync_stats(&m);
    uint64_t before = m.st.l2_accesses, flits = m.rep.st.flits;
    CHECK(one_req(&m, 10, &r, &got) > 0);
    memsys_sync_stats(&m);
    CHECK_EQ_U64(m.st.l2_accesses - before, 2);
    uint32_t f = c.flit_bytes, per = (c.ctrl_bytes + 32 + f - 1) / f;
    CHECK_EQ_U64(m.rep.st.flits - flits, 2 * per);
    struct cache l1;
    char err[256];
    struct cache_config l1c;
    CHECK_EQ_INT(cache_config_parse(&l1c, "S:4:128:4,L:T:m:L:L,A:8:4,4", err, sizeof err), 0);
    SETUP(cache_init(&l1, &l1c, err, sizeof err) == 0);
    CHECK_EQ_INT(memsys_reply_sectors(&l1, &got), 0x9);
    cache_free(&l1);
    struct mem_request q = { 0 };
    mem_request_sectors(&q, 0x1000, 0x6, 5, 4); /* sectors 1 and 2: a plain range */
    CHECK_EQ_U64(q.addr, 0x1020);
    CHECK_EQ_INT(q.bytes, 64);
    CHECK_EQ_INT(q.sectors, 0);
    memsys_free(&m);
}

TEST(writes_are_acknowledged_and_stay_in_l2)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    if (mk(&m, &c))
        return;
    int64_t w = one(&m, 10, 0x2000, 1, &got);
    CHECK(w > 0);
    CHECK_EQ_INT(got.is_write, 1);
    CHECK_EQ_U64(m.chan[0].dram.st.writes, 0); /* write-back, write-allocate */
    int64_t r = one(&m, 100, 0x2000, 0, &got);
    CHECK_EQ_INT(got.l2_hit, 1);
    CHECK(r < 40);
    memsys_free(&m);
}

/* Reads of lines 0x1000 (an atomic when atomic_at is 1 for its miss, 2 for
 * a later hit on it), 0x2000 and 0x3000 through a one-set, two-way
 * write-back L2: the third line evicts the first. The DRAM writes after. */
static uint64_t writes_after_eviction(int atomic_at)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    char err[256];
    CHECK_EQ_INT(cache_config_parse(&c.l2, "N:1:128:2,L:B:m:W:L,A:8:4,4", err, sizeof err), 0);
    if (mk(&m, &c))
        return UINT64_MAX;
    const uint64_t lines[] = { 0x1000, 0x1000, 0x2000, 0x3000 };
    uint64_t at = 10;
    for (int i = 0; i < 4; i++, at += 1000) {
        if (i == 1 && atomic_at != 2)
            continue;
        struct mem_request r = { .addr = lines[i], .bytes = 32, .id = (uint64_t)i,
                                 .is_atomic = (uint8_t)((i == 0 && atomic_at == 1) || i == 1) };
        CHECK(one_req(&m, at, &r, &got) > 0);
        CHECK_EQ_U64(got.id, (uint64_t)i);
        if (i == 1)
            CHECK_EQ_INT(got.l2_hit, 1);
    }
    memsys_advance(&m, at + 1000);
    CHECK(memsys_idle(&m));
    CHECK(!cache_find_line(&m.part[0].l2, 0x1000));
    uint64_t w = m.chan[0].dram.st.writes;
    memsys_free(&m);
    return w;
}

TEST(atomics_leave_their_l2_line_modified)
{
    CHECK_EQ_U64(writes_after_eviction(0), 0); /* plain reads: clean */
    CHECK_EQ_U64(writes_after_eviction(1), 1); /* an atomic's miss: modified at the fill */
    CHECK_EQ_U64(writes_after_eviction(2), 1); /* an atomic hitting the line */
}

TEST(sectored_l2_fetches_sectors)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    char err[256];
    CHECK_EQ_INT(cache_config_parse(&c.l2, "S:16:128:4,L:B:m:W:L,A:8:4,4", err, sizeof err), 0);
    if (mk(&m, &c))
        return;
    struct mem_request r = { .addr = 0x1020, .bytes = 32, .id = 1 };
    memsys_advance(&m, 1);
    CHECK_EQ_INT(memsys_push(&m, 1, &r), 0);
    uint64_t c0 = 2;
    for (; c0 < 1000 && !memsys_pop_response(&m, 0, c0, &got); c0++)
        memsys_advance(&m, c0 + 1);
    CHECK_EQ_U64(got.id, 1);
    CHECK_EQ_U64(m.chan[0].dram.st.busy_cycles, 4); /* one 32-byte sector: half a burst */
    CHECK(one_sized(&m, 2000, 0x1020, 32, 0, &got) < 30); /* the sector hits */
    CHECK_EQ_INT(got.l2_hit, 1);
    one_sized(&m, 3000, 0x1040, 32, 0, &got); /* another sector of the same line */
    CHECK_EQ_INT(got.l2_hit, 0);
    CHECK_EQ_U64(m.part[0].l2.st.sector_misses, 1);
    memsys_free(&m);
}

TEST(l2_bypass_goes_around)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 1);
    if (mk(&m, &c))
        return;
    memsys_advance(&m, 10);
    struct mem_request r = { .addr = 0x3000, .id = 7, .bypass_l2 = 1 };
    CHECK_EQ_INT(memsys_push(&m, 10, &r), 0);
    uint64_t t = 11;
    for (; t < 1000 && !memsys_pop_response(&m, 0, t, &got); t++)
        memsys_advance(&m, t + 1);
    CHECK_EQ_U64(got.id, 7);
    CHECK_EQ_INT(got.l2_hit, 0);
    int64_t bypass = (int64_t)(got.done_cycle - got.issue_cycle);
    CHECK(!cache_find_line(&m.part[0].l2, 0x3000)); /* not allocated */
    CHECK_EQ_U64(m.part[0].bypassed, 1);
    CHECK_EQ_U64(m.part[0].l2.st.accesses, 0);
    /* the same latency as a miss that allocates (fill and bypass both take
     * the cycle after the data) */
    int64_t miss = one(&m, 2000, 0x5000, 0, &got); /* closed bank too */
    CHECK_EQ_INT(bypass, miss);
    /* a line the L2 holds is served by it even when bypassing */
    struct mem_request h = { .addr = 0x5000, .id = 8, .bypass_l2 = 1 };
    memsys_advance(&m, 3000);
    CHECK_EQ_INT(memsys_push(&m, 3000, &h), 0);
    for (t = 3001; t < 4000 && !memsys_pop_response(&m, 0, t, &got); t++)
        memsys_advance(&m, t + 1);
    CHECK_EQ_INT(got.l2_hit, 1);
    CHECK_EQ_U64(m.part[0].bypassed, 1);
    memsys_free(&m);
}

struct hook_log {
    uint64_t blocks[16];
    int n, evicts;
};

static void log_access(void *ctx, uint64_t block, int32_t warp, int is_write, enum cache_outcome o,
                       enum cache_fail f)
{
    struct hook_log *l = ctx;
    (void)warp, (void)is_write, (void)o, (void)f;
    if (l->n < 16)
        l->blocks[l->n++] = block;
}

TEST(l2_hooks_see_global_blocks)
{
    struct memsys_config c;
    struct memsys m;
    struct mem_request got;
    small_config(&c, 1, 6);
    if (mk(&m, &c))
        return;
    struct hook_log log = { { 0 }, 0, 0 };
    struct cache_hooks h = { .ctx = &log, .on_access = log_access };
    memsys_set_l2_hooks(&m, &h);
    uint64_t addrs[3] = { 0x12345680, 0x300, 0x7777700 };
    for (int i = 0; i < 3; i++)
        one(&m, 10 + (uint64_t)i * 1000, addrs[i], 0, &got);
    CHECK_EQ_INT(log.n, 3);
    for (int i = 0; i < 3 && i < log.n; i++)
        CHECK_EQ_U64(log.blocks[i], addrs[i] / 128);
    memsys_set_l2_hooks(&m, NULL);
    one(&m, 5000, 0x400, 0, &got);
    CHECK_EQ_INT(log.n, 3);
    memsys_free(&m);
}

TEST(bad_requests)
{
    struct memsys_config c;
    struct memsys m;
    small_config(&c, 2, 1);
    if (mk(&m, &c))
        return;
    struct mem_request r = { .addr = 0x1070, .bytes = 32, .sm = 0 };
    CHECK_EQ_INT(memsys_push(&m, 0, &r), -2);
    CHECK_STR_CONTAINS(m.err, "crosses a 128-byte L2 line");
    r.addr = 0x1000;
    r.sm = 5;
    CHECK_EQ_INT(memsys_push(&m, 0, &r), -2);
    CHECK_STR_CONTAINS(m.err, "SM 5");
    r.sm = 0;
    memsys_advance(&m, 50);
    CHECK_EQ_INT(memsys_push(&m, 49, &r), -2);
    CHECK_STR_CONTAINS(m.err, "push at cycle 49, already at cycle 50");
    memsys_free(&m);
    char err[256];
    c.l2_mhz = 0;
    CHECK_EQ_INT(memsys_init(&m, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "clock");
}

/* A random mix of reads and writes from several SMs; returns a digest of
 * every reply's (id, done cycle) and checks every request was answered. */
struct run_result {
    uint64_t digest, last, answered, l2_hits, calls;
};

/* gsim: GPGPU-Sim's interconnect (router, cluster ports of 2 SMs, its
 * partition acceptance), as mem_icnt_model gpgpusim sets it */
static void gsim_icnt(struct memsys_config *c)
{
    c->icnt_in_flits = 9;
    c->icnt_vc_flits = 8;
    c->icnt_out_flits = 24;
    c->icnt_alloc_delay = 2;
    c->icnt_islip = 1;
    c->cluster_ports = 1;
    c->cluster_size = 2;
    c->l2_accept_room = 4;
}

static struct run_result run_mix_g(int mode, uint32_t core_mhz, uint32_t dram_mhz, uint32_t ports,
                                   int gsim)
{
    struct run_result res = { 0, 0, 0, 0, 0 };
    struct memsys_config c;
    struct memsys m;
    memsys_config_gtx480(&c);
    c.n_sm = 4;
    c.core_mhz = core_mhz;
    c.dram_mhz = dram_mhz;
    c.l2.nsets = 4; /* small L2: misses, evictions, writebacks */
    c.l2.assoc = 2;
    c.l2.mshr_entries = 4;
    c.icnt_in_buf = 2;
    c.dram.queue_size = 4;
    c.l2_ports = ports;
    if (gsim)
        gsim_icnt(&c);
    if (mk(&m, &c))
        return res;
    m.exhaustive = mode == 2;
    const int N = 600;
    int issued[4] = { 0 };
    uint64_t x = 0x2545F4914F6CDD1Dull, now = 0;
    uint64_t next_try[4] = { 0 };
    while (res.answered < (uint64_t)N * 4 && now < 2000000) {
        memsys_advance(&m, now);
        res.calls++;
        struct mem_request got;
        for (uint32_t sm = 0; sm < 4; sm++)
            while (memsys_pop_response(&m, sm, now, &got)) {
                res.digest = res.digest * 1000003u ^ (got.id * 31 + got.done_cycle);
                res.answered++;
                res.l2_hits += got.l2_hit;
                res.last = got.done_cycle;
            }
        for (uint32_t sm = 0; sm < 4; sm++) {
            if (issued[sm] == N || now < next_try[sm])
                continue;
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint64_t line = (x >> 3) % 96; /* reuse and conflicts */
            struct mem_request r = { .addr = line * 128 + (x & 0x60), .bytes = (x & 4) ? 32 : 0,
                                     .is_write = (uint8_t)((x & 0x18) == 0), .sm = (uint16_t)sm,
                                     .bypass_l2 = (uint8_t)((x & 0x300) == 0),
                                     .warp = (int32_t)(x & 7), .id = (uint64_t)sm * 100000 + (uint64_t)issued[sm] };
            if (memsys_push(&m, now, &r) == 0) {
                issued[sm]++;
                next_try[sm] = now + ((x >> 40) % 7);
            } else {
                next_try[sm] = now + 1;
            }
        }
        if (mode == 1) { /* jump to the next thing anybody has to do */
            uint64_t e = memsys_next_event(&m);
            for (uint32_t sm = 0; sm < 4; sm++)
                if (issued[sm] < N && next_try[sm] < e)
                    e = next_try[sm] > now ? next_try[sm] : now + 1;
            now = e == MEMSYS_NEVER ? now + 1 : e;
        } else {
            now++;
        }
    }
    CHECK(memsys_idle(&m));
    if (mode == 0 && core_mhz == 700)
        printf("  mix: %llu cycles, %llu L2 hits, L2 writebacks %llu, res fails %llu\n",
               (unsigned long long)res.last, (unsigned long long)res.l2_hits,
               (unsigned long long)m.part[0].l2.st.writebacks,
               (unsigned long long)m.part[0].l2.st.res_fail[0]);
    memsys_free(&m);
    return res;
}

static struct run_result run_mix(int mode, uint32_t core_mhz, uint32_t dram_mhz, uint32_t ports)
{
    return run_mix_g(mode, core_mhz, dram_mhz, ports, 0);
}

TEST(gpgpusim_icnt_deterministic_and_skipping_matches_ticking)
{
    static const uint32_t clocks[][2] = { { 700, 924 }, { 325, 800 } };
    for (int k = 0; k < 2; k++) {
        struct run_result a = run_mix_g(0, clocks[k][0], clocks[k][1], 1, 1);
        struct run_result b = run_mix_g(0, clocks[k][0], clocks[k][1], 1, 1);
        struct run_result s = run_mix_g(1, clocks[k][0], clocks[k][1], 1, 1);
        struct run_result e = run_mix_g(2, clocks[k][0], clocks[k][1], 1, 1);
        struct run_result x = run_mix_g(0, clocks[k][0], clocks[k][1], 1, 0);
        CHECK_EQ_U64(a.answered, 2400);
        CHECK_EQ_U64(a.digest, b.digest);
        CHECK_EQ_U64(a.digest, s.digest);
        CHECK_EQ_U64(a.last, s.last);
        CHECK_EQ_U64(a.digest, e.digest);
        CHECK(s.calls < a.calls);
        CHECK(a.digest != x.digest); /* the model changes timing */
    }
}

/* The SMs of a cluster share its port: SM 1 filling the injection queue
 * (9 flits beyond the router's 8: 17 one-flit reads) blocks SM 0, not SM 2;
 * and a port hands out one reply per core cycle. */
TEST(cluster_ports_share_injection_and_one_reply_per_cycle)
{
    struct memsys_config c;
    struct memsys m;
    char err[256] = "";
    small_config(&c, 4, 2);
    gsim_icnt(&c);
    c.icnt_out_flits = 4; /* a 136-byte reply is 5 flits: it could never be sent */
    CHECK_EQ_INT(memsys_init(&m, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "must hold it");
    c.icnt_out_flits = 24;
    if (mk(&m, &c))
        return;
    CHECK_EQ_INT(memsys_port(&m, 1), 0);
    CHECK_EQ_INT(memsys_port(&m, 3), 1);
    int took = 0;
    for (uint64_t i = 0; i < 40; i++) {
        struct mem_request r = { .addr = i * 256, .id = i, .sm = 1 };
        if (memsys_push(&m, 0, &r))
            break;
        took++;
    }
    CHECK_EQ_INT(took, 17);
    CHECK(!memsys_can_push(&m, 0));
    CHECK(memsys_can_push(&m, 2));
    memsys_free(&m);

    /* two write acknowledgements from two partitions, both at the port by
     * core cycle 50 (nobody looks earlier): SM 0 and SM 1 get them in
     * consecutive core cycles */
    small_config(&c, 2, 2);
    gsim_icnt(&c);
    if (mk(&m, &c))
        return;
    uint64_t part1 = 0; /* an address of partition 1 */
    for (uint64_t a = 0; a < (1u << 20); a += 256) {
        struct dram_addr d;
        addrmap_decode(&m.map, a, &d);
        if (d.chan == 1) {
            part1 = a;
            break;
        }
    }
    CHECK(part1 != 0);
    struct mem_request w0 = { .addr = 0, .id = 1, .is_write = 1, .bytes = 32, .sm = 0 };
    struct mem_request w1 = { .addr = part1, .id = 2, .is_write = 1, .bytes = 32, .sm = 1 };
    CHECK_EQ_INT(memsys_push(&m, 0, &w0), 0);
    CHECK_EQ_INT(memsys_push(&m, 0, &w1), 0);
    uint64_t at[2] = { 0, 0 };
    for (uint64_t t = 50; t < 2000 && (!at[0] || !at[1]); t++) {
        memsys_advance(&m, t);
        struct mem_request got;
        for (uint32_t sm = 0; sm < 2; sm++)
            while (memsys_pop_response(&m, sm, t, &got))
                at[got.id - 1] = t;
    }
    CHECK_EQ_U64(at[0], 50);
    CHECK_EQ_U64(at[1], 51);
    memsys_free(&m);
}

TEST(deterministic_and_skipping_matches_ticking)
{
    static const uint32_t clocks[][2] = { { 700, 924 }, { 1300, 800 }, { 1000, 1000 } };
    for (int k = 0; k < 4; k++) {
        uint32_t ports = k == 3 ? 2 : 1, core = clocks[k % 3][0], dram = clocks[k % 3][1];
        struct run_result a = run_mix(0, core, dram, ports);
        struct run_result b = run_mix(0, core, dram, ports);
        struct run_result s = run_mix(1, core, dram, ports);
        struct run_result e = run_mix(2, core, dram, ports);
        CHECK_EQ_U64(a.answered, 2400);
        CHECK(a.l2_hits > 100 && a.l2_hits < 2300);
        CHECK_EQ_U64(a.digest, b.digest);
        CHECK_EQ_U64(a.digest, s.digest);
        CHECK_EQ_U64(a.last, s.last);
        CHECK_EQ_U64(a.digest, e.digest);
        CHECK_EQ_U64(a.last, e.last);
        CHECK(s.calls < a.calls); /* it did skip */
    }
}

TEST(stats_registered)
{
    struct memsys_config c;
    struct memsys m;
    struct stats s;
    struct mem_request got;
    small_config(&c, 1, 2);
    if (mk(&m, &c))
        return;
    stats_init(&s);
    CHECK_EQ_INT(memsys_register_stats(&m, &s), 0);
    one(&m, 1, 0x100, 0, &got); /* partition 1 under dramid@8 */
    double v = 0;
    CHECK_EQ_INT(stats_get(&s, "mem.reads", -1, &v), 0);
    CHECK_NEAR(v, 1, 0);
    CHECK_EQ_INT(stats_get(&s, "l2_p1.misses", -1, &v), 0);
    CHECK_NEAR(v, 1, 0);
    CHECK_EQ_INT(stats_get(&s, "dram_p1.activates", -1, &v), 0);
    CHECK_NEAR(v, 1, 0);
    CHECK_EQ_INT(stats_get(&s, "l2_p0.accesses", -1, &v), 0);
    CHECK_NEAR(v, 0, 0);
    CHECK_EQ_INT(stats_get(&s, "mem.avg_read_latency", -1, &v), 0);
    CHECK(v > 10);
    one(&m, 2000, 0x100, 0, &got); /* an L2 hit */
    CHECK_EQ_INT(stats_get(&s, "l2.accesses", -1, &v), 0);
    CHECK_NEAR(v, 0, 0); /* the totals wait for memsys_sync_stats */
    memsys_sync_stats(&m);
    CHECK_EQ_INT(stats_get(&s, "l2.accesses", -1, &v), 0);
    CHECK_NEAR(v, 2, 0);
    CHECK_EQ_INT(stats_get(&s, "l2.miss_rate", -1, &v), 0);
    CHECK_NEAR(v, 0.5, 1e-12);
    CHECK_EQ_INT(stats_get(&s, "dram.activates", -1, &v), 0);
    CHECK_NEAR(v, 1, 0);
    stats_free(&s);
    memsys_free(&m);
}

TEST(paper_presets_build)
{
    void (*presets[])(struct memsys_config *) = { memsys_config_gtx480, memsys_config_ccws,
                                                   memsys_config_awss, memsys_config_h100 };
    for (int i = 0; i < 4; i++) {
        struct memsys_config c;
        struct memsys m;
        struct mem_request got;
        presets[i](&c);
        if (mk(&m, &c))
            continue;
        CHECK(one(&m, 3, 0x40000 + (uint64_t)i * 256, 0, &got) > 0);
        memsys_free(&m);
    }
}

int main(void)
{
    RUN(single_read_latency_is_the_sum);
    RUN(fixed_latencies_add_up_with_different_clocks);
    RUN(writes_are_acknowledged_and_stay_in_l2);
    RUN(atomics_leave_their_l2_line_modified);
    RUN(sectored_l2_fetches_sectors);
    RUN(l2_bypass_goes_around);
    RUN(l2_hooks_see_global_blocks);
    RUN(bad_requests);
    RUN(sub_partitions_are_slices_and_crossbar_nodes_of_their_own);
    RUN(deterministic_and_skipping_matches_ticking);
    RUN(gpgpusim_icnt_deterministic_and_skipping_matches_ticking);
    RUN(cluster_ports_share_injection_and_one_reply_per_cycle);
    RUN(sub_partition_slices_use_every_set);
    RUN(a_request_with_gaps_wants_only_its_sectors);
    RUN(sectored_l2_looks_each_sector_up);
    RUN(stats_registered);
    RUN(paper_presets_build);
    return check_summary();
}
