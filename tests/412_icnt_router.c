/* The interconnect's router mode (GPGPU-Sim's booksim router at packet
 * level, icnt.h): single-packet latency with the allocation delay,
 * serialisation of packets on a port, injection and destination buffers
 * counted in flits (back-pressure), iSLIP grants rotating among sources,
 * and skipping idle cycles changing nothing. Expectations derived by hand
 * from icnt.h: a packet of F flits started at cycle t holds its source and
 * destination until t + F + alloc and is visible at t + alloc + latency +
 * F - 1. */
#include "icnt_test.h"

static int mk(struct icnt *n, uint32_t nin, uint32_t nout, uint32_t lat, uint32_t in_flits,
              uint32_t out_flits, uint32_t alloc, uint32_t islip)
{
    struct icnt_config cfg = { nin, nout, lat, 32, 1, 1, 1, 0, 0, in_flits, 8, out_flits, alloc, islip,
                               0, 0 };
    return icnt_test_init(n, &cfg);
}

TEST(single_packet_latency_includes_allocation)
{
    struct icnt n;
    uint64_t seen[4] = { 0 };
    if (mk(&n, 2, 2, 4, 9, 24, 2, 1))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 1, 8, 1), 0);   /* a read request: 1 flit */
    CHECK_EQ_INT(icnt_push(&n, 1, 0, 136, 2), 0); /* a 128-byte reply: 5 flits */
    icnt_test_run(&n, 10, 40, seen, 1);
    CHECK_EQ_U64(seen[1], 10 + 2 + 4 + 1 - 1);
    CHECK_EQ_U64(seen[2], 10 + 2 + 4 + 5 - 1);
    CHECK_EQ_INT(icnt_busy(&n), 0);
    icnt_free(&n);
}

TEST(packets_of_a_port_serialise_with_allocation_gaps)
{
    struct icnt n;
    uint64_t seen[4] = { 0 };
    if (mk(&n, 1, 1, 4, 9, 24, 2, 1))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 2), 0);
    icnt_test_run(&n, 10, 60, seen, 1);
    CHECK_EQ_U64(seen[1], 10 + 2 + 4 + 4);      /* starts at 10 */
    CHECK_EQ_U64(seen[2], 17 + 2 + 4 + 4);      /* links free at 10 + 5 + 2 */
    icnt_free(&n);
    /* without the allocation delay the second follows back to back */
    if (mk(&n, 1, 1, 4, 9, 24, 0, 1))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 2), 0);
    icnt_test_run(&n, 10, 60, seen, 1);
    CHECK_EQ_U64(seen[1], 10 + 4 + 4);
    CHECK_EQ_U64(seen[2], 15 + 4 + 4);
    icnt_free(&n);
}

TEST(injection_buffer_counts_flits_beyond_the_router_buffer)
{
    struct icnt n;
    if (mk(&n, 1, 1, 4, 9, 24, 2, 1))
        return;
    /* queued q flits take (q - 8) of the 9-flit injection queue: 5-flit
     * packets at q = 0, 5, 10 fit (0, 0, 2 used), at q = 15 (7 used) not */
    for (uint64_t i = 0; i < 3; i++)
        CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, i), 0);
    CHECK(!icnt_can_push_bytes(&n, 0, 136));
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 9), -1);
    /* one-flit packets still fit twice: 7 + 1 = 8, 8 + 1 = 9 */
    CHECK(icnt_can_push(&n, 0));
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 3), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 4), 0);
    CHECK(!icnt_can_push(&n, 0));
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 5), -1);
    /* the first packet leaving frees its 5 flits */
    icnt_cycle(&n, 0);
    CHECK(icnt_can_push_bytes(&n, 0, 136));
    icnt_free(&n);
}

TEST(destination_buffer_in_flits_back_pressures)
{
    struct icnt n;
    uint64_t seen[4] = { 0 };
    if (mk(&n, 2, 1, 4, 9, 8, 2, 1))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 136, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 1, 0, 136, 2), 0);
    icnt_test_run(&n, 10, 40, seen, 0); /* nobody pops */
    /* the first holds 5 of the 8 flits, so the second (5) cannot start */
    CHECK_EQ_U64(n.st.packets, 1);
    CHECK_EQ_INT(icnt_busy(&n), 2);
    uint64_t p = 0;
    CHECK(icnt_peek(&n, 0, 40, &p));
    CHECK_EQ_U64(p, 1);
    CHECK_EQ_U64(icnt_next_event(&n, 40), 40); /* a head is there */
    icnt_pop(&n, 0);
    icnt_test_run(&n, 40, 80, seen, 1);
    CHECK_EQ_U64(seen[2], 40 + 2 + 4 + 4); /* starts when the room appears */
    icnt_free(&n);
}

TEST(islip_grants_rotate_among_sources)
{
    struct icnt n;
    uint64_t seen[40] = { 0 };
    if (mk(&n, 3, 1, 1, 9, 64, 0, 1))
        return;
    for (uint64_t j = 0; j < 3; j++)
        for (uint64_t s = 0; s < 3; s++)
            CHECK_EQ_INT(icnt_push(&n, (uint32_t)s, 0, 8, s * 10 + j), 0);
    icnt_test_run(&n, 10, 40, seen, 1);
    /* one one-flit packet per cycle, visible a cycle later: the grant moves
     * to the source after the last one granted: 0, 1, 2, 0, 1, 2, ... */
    uint64_t t = 11;
    for (uint64_t j = 0; j < 3; j++)
        for (uint64_t s = 0; s < 3; s++)
            CHECK_EQ_U64(seen[s * 10 + j], t++);
    icnt_free(&n);
    /* a source with nothing is passed over, and the pointer goes past the
     * one granted: after source 2, source 0 again */
    if (mk(&n, 3, 1, 1, 9, 64, 0, 1))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 2, 0, 8, 2), 0);
    CHECK_EQ_INT(icnt_push(&n, 2, 0, 8, 3), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 4), 0);
    icnt_test_run(&n, 10, 40, seen, 1);
    CHECK_EQ_U64(seen[1], 11);
    CHECK_EQ_U64(seen[2], 12);
    CHECK_EQ_U64(seen[4], 13);
    CHECK_EQ_U64(seen[3], 14);
    icnt_free(&n);
}

/* Random traffic with a consumer that pops at random: stepping every cycle
 * and jumping to icnt_next_event give the same arrival times. */
static uint64_t traffic(int skip, uint32_t islip)
{
    struct icnt n;
    uint64_t digest = 0;
    if (mk(&n, 4, 3, 3, 9, 12, 2, islip))
        return 0;
    uint64_t x = 0x9E3779B97F4A7C15ull, id = 0;
    uint64_t next_push[4] = { 0 };
    for (uint64_t t = 0; t < 5000;) {
        for (uint32_t s = 0; s < 4; s++) {
            if (id >= 400 || t < next_push[s])
                continue;
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint32_t bytes = (x & 3) ? 8 : 136;
            if (icnt_push(&n, s, (uint32_t)((x >> 8) % 3), bytes, id) == 0)
                id++;
            next_push[s] = t + 1 + (x >> 20) % 5;
        }
        icnt_cycle(&n, t);
        for (uint32_t d = 0; d < 3; d++) {
            uint64_t p;
            /* destination d takes a packet only every (d + 2)-th cycle */
            if (t % (d + 2) == 0 && icnt_peek(&n, d, t, &p)) {
                digest = digest * 1000003u ^ (p * 7919 + t);
                icnt_pop(&n, d);
            }
        }
        if (!skip) {
            t++;
            continue;
        }
        uint64_t e = icnt_next_event(&n, t + 1), nt = t + 1;
        /* the consumer's own schedule and the pushes are events too */
        while (nt < e && nt < 5000) {
            int due = 0;
            for (uint32_t d = 0; d < 3; d++)
                due |= nt % (d + 2) == 0 && n.out[d].count;
            for (uint32_t s = 0; s < 4; s++)
                due |= id < 400 && next_push[s] <= nt;
            if (due)
                break;
            nt++;
        }
        t = nt;
    }
    CHECK_EQ_U64(id, 400);
    CHECK_EQ_INT(icnt_busy(&n), 0);
    icnt_free(&n);
    return digest;
}

TEST(skipping_idle_cycles_changes_nothing)
{
    for (uint32_t islip = 0; islip < 2; islip++) {
        uint64_t a = traffic(0, islip), b = traffic(1, islip);
        CHECK(a != 0);
        CHECK_EQ_U64(a, b);
    }
}

TEST(bad_router_config)
{
    struct icnt n;
    char err[256] = "";
    struct icnt_config cfg = { 1, 1, 1, 32, 1, 1, 1, 0, 0, 9, 8, 0, 2, 1, 0, 0 }; /* no destination room */
    CHECK_EQ_INT(icnt_init(&n, &cfg, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "router buffers");
}

int main(void)
{
    RUN(single_packet_latency_includes_allocation);
    RUN(packets_of_a_port_serialise_with_allocation_gaps);
    RUN(injection_buffer_counts_flits_beyond_the_router_buffer);
    RUN(destination_buffer_in_flits_back_pressures);
    RUN(islip_grants_rotate_among_sources);
    RUN(skipping_idle_cycles_changes_nothing);
    RUN(bad_router_config);
    return check_summary();
}
