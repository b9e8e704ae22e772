/* Crossbar: latency, serialisation by flits, arbitration, order,
 * back-pressure, flit counts and next-event reporting. */
#include "icnt_test.h"

static int mk(struct icnt *n, uint32_t nin, uint32_t nout, uint32_t lat, uint32_t fpc,
              uint32_t inbuf, uint32_t outbuf)
{
    struct icnt_config cfg = { nin, nout, lat, 32, fpc, inbuf, outbuf, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    return icnt_test_init(n, &cfg);
}

TEST(latency_and_serialisation)
{
    struct icnt n;
    uint64_t seen[8] = { 0 };
    if (mk(&n, 2, 2, 5, 1, 4, 4))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 1, 8, 1), 0);   /* 1 flit */
    CHECK_EQ_INT(icnt_push(&n, 1, 0, 136, 2), 0); /* 5 flits */
    CHECK_EQ_U64(icnt_next_event(&n, 10), 10);
    icnt_test_run(&n, 10, 40, seen, 1);
    CHECK_EQ_U64(seen[1], 15);
    CHECK_EQ_U64(seen[2], 10 + 5 + 4);
    CHECK_EQ_U64(n.st.flits, 6);
    CHECK_EQ_U64(n.st.packets, 2);
    CHECK_EQ_INT(icnt_busy(&n), 0);
    CHECK_EQ_U64(icnt_next_event(&n, 40), ICNT_NEVER);
    icnt_free(&n);
}

TEST(port_bandwidth_and_order)
{
    struct icnt n;
    uint64_t seen[8] = { 0 };
    if (mk(&n, 2, 2, 3, 2, 8, 8))
        return;
    /* 4 flits at 2 flits/cycle: 2 cycles per packet on a port */
    for (uint64_t i = 1; i <= 3; i++)
        icnt_push(&n, 0, (uint32_t)(i & 1), 128, i);
    icnt_test_run(&n, 0, 30, seen, 1);
    CHECK_EQ_U64(seen[1], 0 + 3 + 1);
    CHECK_EQ_U64(seen[2], 2 + 3 + 1); /* source link busy until 2 */
    CHECK_EQ_U64(seen[3], 4 + 3 + 1);
    icnt_free(&n);
}

TEST(destination_contention_round_robin)
{
    struct icnt n;
    uint64_t seen[8] = { 0 };
    if (mk(&n, 3, 1, 2, 1, 4, 8))
        return;
    icnt_push(&n, 0, 0, 32, 1);
    icnt_push(&n, 1, 0, 32, 2);
    icnt_push(&n, 2, 0, 32, 3);
    icnt_test_run(&n, 0, 20, seen, 1);
    /* at cycle 0 source 0 goes first, then 1 (cycle 1), then 2 (cycle 2) */
    CHECK_EQ_U64(seen[1], 2);
    CHECK_EQ_U64(seen[2], 3);
    CHECK_EQ_U64(seen[3], 4);
    icnt_free(&n);
}

TEST(back_pressure_from_full_destination)
{
    struct icnt n;
    uint64_t seen[8] = { 0 };
    if (mk(&n, 1, 1, 2, 1, 2, 2))
        return;
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 2), 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 3), -1); /* source FIFO full */
    icnt_test_run(&n, 0, 3, seen, 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 8, 3), 0);
    icnt_test_run(&n, 3, 20, seen, 0); /* nobody pops: 3 cannot start */
    CHECK_EQ_INT(n.n_waiting, 1);
    CHECK_EQ_U64(icnt_next_event(&n, 20), 20); /* heads wait to be popped */
    uint64_t p = 0;
    CHECK(icnt_peek(&n, 0, 20, &p) && p == 1);
    icnt_pop(&n, 0);
    CHECK_EQ_U64(icnt_next_event(&n, 20), 20);
    icnt_test_run(&n, 20, 40, seen, 1);
    CHECK_EQ_U64(icnt_next_event(&n, 40), ICNT_NEVER);
    CHECK_EQ_U64(seen[2], 20);
    CHECK_EQ_U64(seen[3], 22);
    icnt_free(&n);
}

/* A source port twice as wide (a partition of two sub-partitions): its link
 * is free again after half the cycles, each destination link still takes
 * the full serialisation, and a packet arrives after the longer of the two. */
TEST(wider_source_ports)
{
    for (int wide = 0; wide < 2; wide++) {
        struct icnt n;
        uint64_t seen[4] = { 0 };
        struct icnt_config cfg = { 1, 2, 5, 32, 1, 4, 4, wide ? 2 : 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        char err[256];
        if (icnt_init(&n, &cfg, err, sizeof err)) {
            printf("  %s\n", err);
            CHECK(!"setup failed");
            return;
        }
        CHECK_EQ_INT(icnt_push(&n, 0, 0, 128, 1), 0); /* 4 flits to port 0 */
        CHECK_EQ_INT(icnt_push(&n, 0, 1, 128, 2), 0); /* 4 flits to port 1 */
        icnt_test_run(&n, 0, 30, seen, 1);
        /* first: starts at 0, destination link 4 cycles: 0 + 5 + 4 - 1 */
        CHECK_EQ_U64(seen[1], 8);
        /* second: the source link is free at 4 (1 flit/cycle) or 2 (2 flits/cycle) */
        CHECK_EQ_U64(seen[2], wide ? 2 + 5 + 4 - 1 : 4 + 5 + 4 - 1);
        icnt_free(&n);
    }
    /* a wider destination: two sources into one port, 2 flits/cycle there */
    struct icnt n;
    uint64_t seen[4] = { 0 };
    struct icnt_config cfg = { 2, 1, 5, 32, 1, 4, 4, 0, 2, 0, 0, 0, 0, 0, 0, 0 };
    char err[256];
    SETUP(icnt_init(&n, &cfg, err, sizeof err) == 0);
    CHECK_EQ_INT(icnt_push(&n, 0, 0, 128, 1), 0);
    CHECK_EQ_INT(icnt_push(&n, 1, 0, 128, 2), 0);
    icnt_test_run(&n, 0, 30, seen, 1);
    /* source links hold 4 cycles each, the destination 2: the second packet
     * starts at 2 and both arrive after their 4-cycle source serialisation */
    CHECK_EQ_U64(seen[1], 0 + 5 + 4 - 1);
    CHECK_EQ_U64(seen[2], 2 + 5 + 4 - 1);
    icnt_free(&n);
}

/* Each source of n, with odds 1 in `odds`, pushes a packet to a random
 * destination (of 32 bytes, or 32 or 64 at random with two_sizes) if it
 * takes it; the next payload id. */
static uint64_t push_random(struct icnt *n, uint64_t *rng, uint64_t id, uint32_t odds,
                            int two_sizes)
{
    for (uint32_t s = 0; s < n->cfg.n_in; s++) {
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t bytes = two_sizes && (*rng >> 20) % 2 ? 64 : 32;
        if ((*rng >> 33) % odds == 0 && icnt_can_push_bytes(n, s, bytes))
            icnt_push(n, s, (uint32_t)(*rng >> 40) % n->cfg.n_out, bytes, id++);
    }
    return id;
}

/* With arb_shift S, packets that all enter S cycles later are served in
 * the same order and arrive exactly S cycles later (the lookahead mode's
 * request crossbar); without it the rotating order differs. */
static int shifted_run(uint32_t shift, uint64_t delay, uint64_t *seen)
{
    struct icnt n;
    struct icnt_config cfg = { 5, 2, 3, 32, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    cfg.arb_shift = shift;
    if (icnt_test_init(&n, &cfg))
        return -1;
    uint64_t id = 1, rng = 12345;
    for (uint64_t t = 0; t < 200 + delay; t++) {
        if (t >= delay && t < 120 + delay)
            id = push_random(&n, &rng, id, 3, 0);
        icnt_test_run(&n, t, t + 1, seen, 1);
    }
    int busy = icnt_busy(&n);
    icnt_free(&n);
    return busy ? -1 : (int)id;
}

TEST(arb_shift_is_a_time_shift)
{
    static uint64_t a[1000], b[1000], c[1000];
    int na = shifted_run(0, 0, a), nb = shifted_run(4, 4, b), nc = shifted_run(0, 4, c);
    CHECK(na > 100 && na == nb);
    /* (without the shift even the pushes the back-pressure allows differ) */
    int same = 1, differs = nc != na;
    for (int i = 1; i < na; i++) {
        same &= b[i] == a[i] + 4;
        differs |= i < nc && c[i] != a[i] + 4;
    }
    CHECK(same);
    CHECK(differs); /* (the test would not see a missing shift otherwise) */
}

/* The lookahead mode's request crossbar: packets enter S cycles later,
 * cross S cycles faster (latency - S), are served in the rotating order
 * counted from S cycles later (arb_shift) and a slot the consumer frees is
 * free for starts S cycles later (release_delay): every packet reaches its
 * destination at the same cycle as in the crossbar without the link, with
 * a slow consumer that pops (before the cycle's starts, as the memory
 * partitions do) by the time alone. Without release_delay the destinations
 * hold fewer packets in flight and the arrivals differ. `skip` calls
 * icnt_cycle only at the cycles icnt_next_start names. */
static int linked_run(int router, uint32_t shift, uint32_t delay, int skip, uint64_t *seen)
{
    struct icnt n;
    struct icnt_config cfg = { 6, 3, 7 - shift, 32, 1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    if (router)
        cfg.in_flits = 4, cfg.vc_flits = 1, cfg.out_flits = 4;
    cfg.arb_shift = shift;
    cfg.release_delay = delay;
    if (icnt_test_init(&n, &cfg))
        return -1;
    uint64_t id = 1, rng = 777;
    for (uint64_t t = 0; t < 400 + shift; t++) {
        if (t >= shift && t < 200 + shift)
            id = push_random(&n, &rng, id, 2, router);
        for (uint32_t d = 0; d < 3; d++) {
            uint64_t p;
            /* destination d takes a packet every (d + 2)-th cycle */
            if (t % (d + 2) == 0 && icnt_peek(&n, d, t, &p)) {
                seen[p] = t;
                icnt_pop_at(&n, d, t);
            }
        }
        if (!skip || icnt_next_start(&n, t) <= t)
            icnt_cycle(&n, t);
    }
    int busy = icnt_busy(&n);
    icnt_free(&n);
    return busy ? -1 : (int)id;
}

TEST(release_delay_is_a_time_shift)
{
    for (int router = 0; router < 2; router++) {
        static uint64_t a[1000], b[1000], c[1000], d[1000];
        int na = linked_run(router, 0, 0, 0, a), nb = linked_run(router, 4, 4, 0, b);
        int nc = linked_run(router, 4, 0, 0, c), nd = linked_run(router, 4, 4, 1, d);
        CHECK(na > 100 && na == nb && na == nd);
        int same = 1, differs = nc != na;
        for (int i = 1; i < na; i++) {
            same &= b[i] == a[i] && d[i] == a[i];
            differs |= i < nc && c[i] != a[i];
        }
        CHECK(same);
        CHECK(differs); /* (the test would not see a missing delay otherwise) */
    }
}

/* The reply crossbar in the lookahead mode: its consumer (the link) takes
 * each packet the cycle it arrives, after the cycle's starts, S cycles
 * before the consumer it stands for would (which also takes at arrival);
 * with latency - S and release_delay S + 1 every start and arrival is as
 * without the link, S cycles earlier at the destination. */
static int early_consumer_run(uint32_t shift, uint32_t delay, uint64_t *seen)
{
    struct icnt n;
    struct icnt_config cfg = { 5, 2, 8 - shift, 32, 1, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    cfg.release_delay = delay;
    if (icnt_test_init(&n, &cfg))
        return -1;
    uint64_t id = 1, rng = 4242;
    for (uint64_t t = 0; t < 300; t++) {
        if (t < 150)
            id = push_random(&n, &rng, id, 2, 0);
        icnt_test_run(&n, t, t + 1, seen, 1);
    }
    int busy = icnt_busy(&n);
    icnt_free(&n);
    return busy ? -1 : (int)id;
}

TEST(release_delay_for_an_early_consumer)
{
    static uint64_t a[1000], b[1000], c[1000];
    int na = early_consumer_run(0, 0, a), nb = early_consumer_run(3, 4, b);
    int nc = early_consumer_run(3, 3, c); /* (one cycle short) */
    CHECK(na > 50 && na == nb);
    int same = 1, differs = nc != na;
    for (int i = 1; i < na; i++) {
        same &= b[i] + 3 == a[i];
        differs |= i < nc && c[i] + 3 != a[i];
    }
    CHECK(same);
    CHECK(differs);
}

TEST(bad_config)
{
    struct icnt n;
    struct icnt_config cfg = { 1, 1, 0, 32, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    char err[256];
    CHECK_EQ_INT(icnt_init(&n, &cfg, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "latency");
}

int main(void)
{
    RUN(latency_and_serialisation);
    RUN(port_bandwidth_and_order);
    RUN(destination_contention_round_robin);
    RUN(back_pressure_from_full_destination);
    RUN(wider_source_ports);
    RUN(arb_shift_is_a_time_shift);
    RUN(release_delay_is_a_time_shift);
    RUN(release_delay_for_an_early_consumer);
    RUN(bad_config);
    return check_summary();
}
