/* DRAM channel: isolated latencies equal the timing formula, FR-FCFS prefers
 * row hits, streaming reaches the bus peak, skipping idle cycles changes
 * nothing. */
#include "check.h"
#include "mem/dram.h"

/* GDDR-like: 8-byte bus, DDR, burst of 8 beats = 64 bytes in 4 cycles. */
static const struct dram_config CFG = {
    .nbanks = 4, .queue_size = 16, .bus_bytes = 8, .burst_length = 8, .data_rate = 2,
    .t = { .tCCD = 2, .tRRD = 6, .tRCD = 12, .tRAS = 28, .tRP = 12, .tRC = 40, .tCL = 12,
           .tWL = 4, .tWR = 12 },
};

static int mk(struct dram *d)
{
    char err[256];
    if (check_setup_planted())
        return SETUP_FAILED("dram_init");
    if (dram_init(d, &CFG, err, sizeof err)) {
        printf("  %s\n", err);
        return SETUP_FAILED("dram_init");
    }
    return 0;
}

/* Ticks from..to-1, recording when each read's data was complete. */
static void run(struct dram *d, uint64_t from, uint64_t to, uint64_t *done_at)
{
    for (uint64_t t = from; t < to; t++) {
        dram_cycle(d, t);
        uint64_t tok;
        uint32_t aux;
        while (dram_pop_read(d, t, &tok, &aux))
            done_at[tok] = t;
    }
}

TEST(isolated_read_latencies)
{
    struct dram d;
    uint64_t done[8] = { 0 };
    if (mk(&d))
        return;
    CHECK_EQ_INT(dram_xfer_cycles(&d, 128), 8);
    CHECK_EQ_INT(dram_xfer_cycles(&d, 32), 4);
    dram_push(&d, 1, 7, 128, 0, 1, 0);
    run(&d, 100, 200, done);
    CHECK_EQ_U64(done[1], 100 + 12 + 12 + 8); /* tRCD + tCL + xfer, closed bank */
    dram_push(&d, 1, 7, 128, 0, 2, 0);
    run(&d, 200, 300, done);
    CHECK_EQ_U64(done[2], 200 + 12 + 8); /* tCL + xfer, open-row hit */
    dram_push(&d, 1, 9, 128, 0, 3, 0);
    run(&d, 300, 400, done);
    CHECK_EQ_U64(done[3], 300 + 12 + 12 + 12 + 8); /* tRP + tRCD + tCL + xfer, conflict */
    CHECK_EQ_U64(d.st.row_hits, 1);
    CHECK_EQ_U64(d.st.row_misses, 2);
    CHECK_EQ_U64(d.st.activates, 2);
    CHECK_EQ_U64(d.st.precharges, 1);
    CHECK_EQ_U64(d.st.reads, 3);
    CHECK_EQ_U64(d.st.busy_cycles, 24);
    dram_free(&d);
}

TEST(tras_and_twr_hold_precharge)
{
    struct dram d;
    uint64_t done[8] = { 0 };
    if (mk(&d))
        return;
    dram_push(&d, 0, 1, 64, 0, 1, 0);
    dram_push(&d, 0, 2, 64, 0, 2, 0);
    run(&d, 0, 200, done);
    /* ACT 0, RD 12, PRE at tRAS = 28, ACT at max(28 + tRP, tRC) = 40 */
    CHECK_EQ_U64(done[2], 40 + 12 + 12 + 4);
    dram_push(&d, 2, 1, 64, 1, 3, 0); /* write: ACT 200, WR 212, data 216..220 */
    dram_push(&d, 2, 5, 64, 0, 4, 0);
    run(&d, 200, 400, done);
    /* PRE at max(200 + tRAS, 220 + tWR) = 232, ACT 244, RD 256, data done 272 */
    CHECK_EQ_U64(done[4], 272);
    CHECK_EQ_U64(d.st.writes, 1);
    dram_free(&d);
}

/* Two 64-byte reads queued at cycle 0 on a channel of cfg, bank b1 of row
 * r1 and bank b2 of row r2: their completion cycles in done[1] and done[2],
 * and the activates in *acts. */
static void two_reads(const struct dram_config *cfg, uint32_t b1, uint64_t r1, uint32_t b2,
                      uint64_t r2, uint64_t done[3], uint64_t *acts)
{
    struct dram d;
    char err[256];
    SETUP(dram_init(&d, cfg, err, sizeof err) == 0);
    dram_push(&d, b1, r1, 64, 0, 1, 0);
    dram_push(&d, b2, r2, 64, 0, 2, 0);
    run(&d, 0, 200, done);
    *acts = d.st.activates;
    dram_free(&d);
}

TEST(trrd_and_tccd_between_banks)
{
    uint64_t done[3] = { 0 }, acts = 0;
    struct dram_config cfg = CFG;
    cfg.t.tCCD = 10; /* longer than a 64-byte transfer (4 cycles) */
    /* two closed banks: ACT 0 at 0, ACT 1 at tRRD = 6; RD 0 at 12, RD 1 at
     * max(6 + tRCD, 12 + tCCD) = 22 */
    two_reads(&cfg, 0, 1, 1, 1, done, &acts);
    CHECK_EQ_U64(done[1], 12 + 12 + 4);
    CHECK_EQ_U64(done[2], 22 + 12 + 4);
    CHECK_EQ_U64(acts, 2);
}

/* Bank groups (nbkgrp, GPGPU-Sim's dram.cc): banks 0 and 1 form group 0,
 * 2 and 3 group 1; column commands within a group are tCCDL apart, across
 * groups tCCD. */
TEST(tccdl_within_a_bank_group)
{
    struct dram d;
    uint64_t done[3] = { 0 }, acts;
    struct dram_config cfg = CFG;
    char err[256];
    cfg.nbkgrp = 2;
    cfg.t.tCCDL = 10;
    /* ACT 0 at 0, ACT 1 at 6; RD 0 at 12, RD 1 at max(6 + 12, 12 + tCCDL) = 22 */
    two_reads(&cfg, 0, 1, 1, 1, done, &acts);
    CHECK_EQ_U64(done[1], 12 + 12 + 4);
    CHECK_EQ_U64(done[2], 22 + 12 + 4);
    /* bank 2 is in the other group: RD at max(6 + 12, 12 + tCCD, bus) = 18 */
    two_reads(&cfg, 0, 1, 2, 1, done, &acts);
    CHECK_EQ_U64(done[2], 18 + 12 + 4);
    cfg.nbkgrp = 3; /* does not divide 4 banks */
    CHECK(dram_init(&d, &cfg, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "bank groups");
}

/* GPGPU-Sim's dram_bnkgrp_indexing_policy 1 (group_low_bits): a bank's group
 * is bank % nbkgrp, so banks 0 and 1 are in different groups (tCCD apart)
 * and 0 and 2 in the same one (tCCDL apart): the reverse of the high bits. */
TEST(bank_groups_from_low_bits)
{
    uint64_t done[3] = { 0 }, acts;
    struct dram_config cfg = CFG;
    cfg.nbkgrp = 2;
    cfg.t.tCCDL = 10;
    cfg.group_low_bits = 1;
    /* bank 1 is in group 1: RD 1 at max(6 + 12, 12 + tCCD, bus) = 18 */
    two_reads(&cfg, 0, 1, 1, 1, done, &acts);
    CHECK_EQ_U64(done[2], 18 + 12 + 4);
    /* bank 2 is in group 0 with bank 0: RD 2 at max(6 + 12, 12 + tCCDL) = 22 */
    two_reads(&cfg, 0, 1, 2, 1, done, &acts);
    CHECK_EQ_U64(done[2], 22 + 12 + 4);
}

/* GPGPU-Sim's dram_bnk_indexing_policy 1 (bank_xor_row): the bank is the
 * address's bank bits XOR the row's low bits. Bank 1 of row 1 is bank 0, so
 * it conflicts with row 0 of bank 0 (its row closes first); bank 1 of row 0
 * stays bank 1 and goes in parallel. */
TEST(bank_index_xor_row)
{
    struct dram d;
    uint64_t done[3] = { 0 }, acts;
    struct dram_config cfg = CFG;
    char err[256];
    cfg.bank_xor_row = 1;
    two_reads(&cfg, 0, 0, 1, 1, done, &acts); /* bank 1 ^ 1 = 0, another row */
    CHECK_EQ_U64(done[1], 12 + 12 + 4);
    /* bank 0 again: PRE at tRAS 28, ACT at 28 + tRP = 40, RD at 52 */
    CHECK_EQ_U64(done[2], 40 + 12 + 12 + 4);
    two_reads(&cfg, 0, 0, 1, 0, done, &acts); /* bank 1 ^ 0 = 1 */
    CHECK_EQ_U64(done[2], 18 + 12 + 4);
    cfg.nbanks = 6; /* XOR needs a power of two */
    CHECK(dram_init(&d, &cfg, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "power-of-two");
}

/* GPGPU-Sim's dram_dual_bus_interface 1 (dual_bus): a row command may go
 * in the cycle of a column command. With tRRD 12 bank 1's ACT and bank 0's
 * RD are both ready at 12: one bus issues the RD at 12 and the ACT at 13
 * (RD 1 at 25), two issue both at 12 (RD 1 at 24). */
TEST(dual_bus_row_command_beside_column)
{
    for (int dual = 0; dual <= 1; dual++) {
        uint64_t done[3] = { 0 }, acts = 0;
        struct dram_config cfg = CFG;
        cfg.t.tRRD = 12;
        cfg.dual_bus = (uint8_t)dual;
        two_reads(&cfg, 0, 1, 1, 1, done, &acts);
        CHECK_EQ_U64(done[1], 12 + 12 + 4);
        CHECK_EQ_U64(done[2], (dual ? 24 : 25) + 12 + 4);
        CHECK_EQ_U64(acts, 2);
    }
}

TEST(write_to_read_turnaround)
{
    struct dram d;
    struct dram_config cfg = CFG;
    uint64_t done[8] = { 0 };
    char err[256];
    cfg.t.tCDLR = 5;
    SETUP(dram_init(&d, &cfg, err, sizeof err) == 0);
    dram_push(&d, 0, 1, 64, 0, 1, 0);
    run(&d, 0, 100, done); /* row 1 open */
    dram_push(&d, 0, 1, 64, 1, 2, 0); /* WR at 100, data 104..108 */
    dram_push(&d, 0, 1, 64, 0, 3, 0); /* RD not before 108 + tCDLR = 113 */
    run(&d, 100, 200, done);
    CHECK_EQ_U64(done[3], 113 + 12 + 4);
    dram_free(&d);
}

TEST(row_hits_preferred_over_older_misses)
{
    struct dram d;
    uint64_t done[8] = { 0 };
    if (mk(&d))
        return;
    dram_push(&d, 0, 3, 128, 0, 1, 0);
    run(&d, 0, 100, done); /* row 3 open */
    dram_push(&d, 0, 4, 128, 0, 2, 0); /* older, conflicts */
    dram_push(&d, 0, 3, 128, 0, 3, 0); /* younger, hits */
    dram_push(&d, 0, 3, 128, 0, 4, 0);
    run(&d, 100, 300, done);
    CHECK(done[3] < done[2]);
    CHECK(done[4] < done[2]);
    CHECK_EQ_U64(done[3], 100 + 12 + 8);
    CHECK_EQ_U64(done[4], 100 + 8 + 12 + 8); /* next column after the bus */
    CHECK_EQ_U64(d.st.row_hits, 2);
    dram_free(&d);
}

TEST(streaming_row_hits_reach_80_percent_of_peak)
{
    struct dram d;
    static uint64_t done[1024];
    if (mk(&d))
        return;
    int n = 512, pushed = 0;
    uint64_t t = 0, last = 0;
    while (pushed < n || dram_busy(&d)) {
        while (pushed < n && dram_can_accept(&d)) {
            /* 16 lines per row per bank, banks interleaved line by line */
            dram_push(&d, (uint32_t)(pushed % 4), (uint64_t)(pushed / 64), 128, 0, (uint64_t)pushed, 0);
            pushed++;
        }
        dram_cycle(&d, t);
        uint64_t tok;
        uint32_t aux;
        while (dram_pop_read(&d, t, &tok, &aux))
            last = done[tok] = t;
        t++;
        if (t > 100000)
            break;
    }
    double peak_bytes = (double)last * CFG.bus_bytes * CFG.data_rate;
    double eff = (double)n * 128 / peak_bytes;
    printf("  streaming: %d reads in %llu cycles, %.1f%% of peak, row hits %llu/%d\n", n,
           (unsigned long long)last, 100 * eff, (unsigned long long)d.st.row_hits, n);
    CHECK(eff >= 0.80);
    CHECK(d.st.row_hits >= (uint64_t)n * 9 / 10);
    dram_free(&d);
}

TEST(next_event_skipping_matches_ticking)
{
    static uint64_t a[256], b[256];
    for (int mode = 0; mode < 2; mode++) {
        struct dram d;
        uint64_t *done = mode ? b : a;
        if (mk(&d))
            return;
        uint64_t x = 88172645463325252ull, t = 0;
        int pushed = 0;
        uint64_t next_push = 0;
        while (pushed < 200 || dram_busy(&d)) {
            while (pushed < 200 && t >= next_push && dram_can_accept(&d)) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                dram_push(&d, (uint32_t)(x % 4), (x >> 8) % 3, (x & 0x100) ? 64 : 128,
                          (int)((x >> 20) % 4 == 0), (uint64_t)pushed, 0);
                pushed++;
                next_push = t + (x >> 30) % 20;
            }
            dram_cycle(&d, t);
            uint64_t tok;
            uint32_t aux;
            while (dram_pop_read(&d, t, &tok, &aux))
                done[tok] = t + 1;
            if (mode == 0) {
                t++;
            } else {
                uint64_t e = dram_next_event(&d, t + 1);
                if (pushed < 200 && next_push < e)
                    e = next_push > t + 1 ? next_push : t + 1;
                if (e == DRAM_NEVER)
                    e = t + 1;
                t = e;
            }
        }
        dram_free(&d);
    }
    CHECK(memcmp(a, b, sizeof a) == 0);
    int reads = 0;
    for (int i = 0; i < 200; i++)
        reads += a[i] != 0;
    CHECK(reads > 100);
}

TEST(queue_bound_and_bad_config)
{
    struct dram d;
    if (mk(&d))
        return;
    for (int i = 0; i < 16; i++)
        CHECK_EQ_INT(dram_push(&d, 0, 0, 32, 0, (uint64_t)i, 0), 0);
    CHECK_EQ_INT(dram_push(&d, 0, 0, 32, 0, 99, 0), -1);
    dram_free(&d);
    struct dram_config bad = CFG;
    bad.t.tCL = 0;
    char err[256];
    CHECK_EQ_INT(dram_init(&d, &bad, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "tCL");
}

/* The scan shortcuts (a queued request updating the last scan's answer, a
 * read taken from a buffer that was not full keeping it, dram_cycle at the
 * found cycle reusing it) issue the same commands at the same cycles as a
 * channel that rescans after every change: random mixes of reads and
 * writes over few banks and rows, with bank groups and without, reads
 * taken late so the buffer fills. */
TEST(scan_shortcuts_match_full_scans)
{
    for (int groups = 1; groups <= 4; groups++) {
        struct dram_config cfg = CFG;
        cfg.nbkgrp = groups == 2 || groups == 4 ? 2 : 1;
        cfg.group_low_bits = groups == 4;
        cfg.bank_xor_row = groups == 4;
        cfg.dual_bus = groups == 4;
        cfg.t.tCCDL = 4;
        cfg.t.tRTPL = 3;
        cfg.queue_size = 8;
        if (groups == 3) /* short equal timings: many commands could go at once */
            cfg.t = (struct dram_timing){ .tCCD = 1, .tRRD = 1, .tRCD = 2, .tRAS = 2, .tRP = 2,
                                          .tRC = 2, .tCL = 2, .tWL = 2, .tWR = 1 };
        struct dram a, b;
        char err[256];
        if (dram_init(&a, &cfg, err, sizeof err) || dram_init(&b, &cfg, err, sizeof err)) {
            CHECK(!"setup failed");
            return;
        }
        b.full_scan = 1;
        uint64_t seed = 12345 + (uint64_t)groups, tok = 0, popped = 0;
        int same = 1;
        for (uint64_t t = 1; t < 60000 && same; t++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t r = (uint32_t)(seed >> 33);
            if (r % 2 == 0 && dram_can_accept(&a)) {
                uint32_t bank = (r >> 4) % cfg.nbanks, row = (r >> 8) % 3, bytes = 32u << ((r >> 12) % 3);
                int w = (r >> 16) % 4 == 0;
                same &= dram_push(&a, bank, row, bytes, w, tok, 0) == dram_push(&b, bank, row, bytes, w, tok, 0);
                tok++;
            }
            /* reads are taken every cycle in some stretches, rarely in
             * others (the buffer fills) */
            if ((t / 700) % 2 ? t % 97 == 0 : (r >> 20) % 4 != 0) {
                uint64_t ta, tb;
                uint32_t xa, xb;
                int pa, pb;
                while ((pa = dram_pop_read(&a, t, &ta, &xa)) | (pb = dram_pop_read(&b, t, &tb, &xb))) {
                    same &= pa == pb && ta == tb;
                    popped++;
                }
            }
            same &= dram_next_event(&a, t) == dram_next_event(&b, t);
            dram_cycle(&a, t);
            dram_cycle(&b, t);
            same &= a.nq == b.nq && a.ndone == b.ndone && a.st.activates == b.st.activates &&
                    a.st.precharges == b.st.precharges && a.st.reads == b.st.reads &&
                    a.st.writes == b.st.writes && a.st.row_hits == b.st.row_hits;
        }
        CHECK(same);
        CHECK(popped > 1000);
        CHECK(a.st.row_hits > 100 && a.st.activates > 100 && a.st.writes > 100);
        if (!same)
            printf("  differs with configuration %d\n", groups);
        dram_free(&a);
        dram_free(&b);
    }
}

/* The command choice from each bank's candidates (the default) against the
 * scan of the whole queue in age order, rescanned after every change (the
 * reference): the same commands at the same cycles, the same reads in the
 * same order, the same next events, on random streams over 1 to 16 banks,
 * queues of 2 to 32 requests, 1 to 6 rows, bank groups or not, writes
 * rare or frequent, reads taken promptly or late (the read buffer fills,
 * reads wait with writes going). */
TEST(bank_candidates_match_queue_scan)
{
    static const uint32_t banks[] = { 1, 2, 4, 8, 16 };
    static const uint32_t queues[] = { 2, 5, 16, 32 };
    uint64_t seed = 777, cmds = 0, hits = 0, acts = 0, pres = 0, writes = 0, scans = 0;
    int bad = 0, runs = 0;
    for (size_t bi = 0; bi < sizeof banks / sizeof banks[0]; bi++)
        for (size_t qi = 0; qi < sizeof queues / sizeof queues[0]; qi++)
            for (int v = 0; v < 4; v++) {
                struct dram_config cfg = CFG;
                cfg.nbanks = banks[bi];
                cfg.queue_size = queues[qi];
                cfg.nbkgrp = v == 1 && banks[bi] >= 2 ? 2 : v == 3 && banks[bi] >= 4 ? 4 : 1;
                cfg.t.tCCDL = 4;
                cfg.t.tRTPL = 3;
                if (v >= 2) /* short equal timings: many commands could go at once */
                    cfg.t = (struct dram_timing){ .tCCD = 1, .tRRD = 1, .tRCD = 2, .tRAS = 2,
                                                  .tRP = 2, .tRC = 2, .tCL = 2, .tWL = 2,
                                                  .tWR = 1, .tCCDL = 2, .tRTPL = 1 };
                uint32_t rows = 1 + (uint32_t)(bi + qi + (size_t)v) % 6;
                uint32_t wfrac = v % 2 ? 2 : 5; /* 1 in wfrac pushes is a write */
                struct dram a, b;
                char err[256];
                if (dram_init(&a, &cfg, err, sizeof err) || dram_init(&b, &cfg, err, sizeof err)) {
                    CHECK(!"setup failed");
                    return;
                }
                b.full_scan = 1;
                b.queue_scan = 1;
                uint64_t tok = 0;
                int same = 1;
                runs++;
                for (uint64_t t = 1; t < 6000 && same; t++) {
                    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                    uint32_t r = (uint32_t)(seed >> 33);
                    for (uint32_t n = r % 3; n && dram_can_accept(&a); n--) {
                        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                        uint32_t x = (uint32_t)(seed >> 33);
                        uint32_t bank = x % cfg.nbanks, row = (x >> 8) % rows;
                        uint32_t bytes = 32u << ((x >> 12) % 3);
                        int w = (x >> 16) % wfrac == 0;
                        same &= dram_push(&a, bank, row, bytes, w, tok, 0) ==
                                dram_push(&b, bank, row, bytes, w, tok, 0);
                        tok++;
                    }
                    if ((t / 500) % 2 ? t % 53 == 0 : (r >> 20) % 3 != 0) {
                        uint64_t ta, tb;
                        uint32_t xa, xb;
                        int pa, pb;
                        while ((pa = dram_pop_read(&a, t, &ta, &xa)) |
                               (pb = dram_pop_read(&b, t, &tb, &xb)))
                            same &= pa == pb && ta == tb;
                    }
                    same &= dram_next_event(&a, t) == dram_next_event(&b, t);
                    dram_cycle(&a, t);
                    dram_cycle(&b, t);
                    same &= a.nq == b.nq && a.ndone == b.ndone &&
                            a.st.activates == b.st.activates &&
                            a.st.precharges == b.st.precharges && a.st.reads == b.st.reads &&
                            a.st.writes == b.st.writes && a.st.row_hits == b.st.row_hits &&
                            a.st.row_misses == b.st.row_misses;
                    for (uint32_t i = 0; same && i < a.nq; i++)
                        same &= a.q[i].token == b.q[i].token &&
                                a.q[i].needed_act == b.q[i].needed_act;
                }
                if (!same) {
                    bad++;
                    printf("  differs: %u banks, queue %u, variant %d\n", cfg.nbanks,
                           cfg.queue_size, v);
                }
                cmds += a.st.reads + a.st.writes + a.st.activates + a.st.precharges;
                scans += a.scans;
                hits += a.st.row_hits;
                acts += a.st.activates;
                pres += a.st.precharges;
                writes += a.st.writes;
                dram_free(&a);
                dram_free(&b);
            }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(runs, 80);
    /* the streams exercise every kind of command */
    CHECK(hits > 10000 && acts > 10000 && pres > 10000 && writes > 5000 && cmds > 100000);
    /* one choice per command: a command's own rescan, few others (a
     * queued request or a read taken updates the kept answer) */
    printf("  bank scans per command: %.3f\n", (double)scans / (double)cmds);
    CHECK(scans <= cmds + cmds / 10);
}

int main(void)
{
    RUN(isolated_read_latencies);
    RUN(tras_and_twr_hold_precharge);
    RUN(trrd_and_tccd_between_banks);
    RUN(tccdl_within_a_bank_group);
    RUN(bank_groups_from_low_bits);
    RUN(bank_index_xor_row);
    RUN(dual_bus_row_command_beside_column);
    RUN(write_to_read_turnaround);
    RUN(row_hits_preferred_over_older_misses);
    RUN(streaming_row_hits_reach_80_percent_of_peak);
    RUN(next_event_skipping_matches_ticking);
    RUN(queue_bound_and_bad_config);
    RUN(scan_shortcuts_match_full_scans);
    RUN(bank_candidates_match_queue_scan);
    return check_summary();
}
