/* The issue -> unit stage times of src/timing/opcollect.h, against times
 * worked out by hand from GPGPU-Sim's order of stages in a cycle (unit take,
 * dispatch to OC_EX, collector allocation, issue). */
#include "check.h"
#include "timing/opcollect.h"

/* One SP unit held 4 cycles per instruction (an 8-wide SIMD), 4 collector
 * units, ID_OC and OC_EX of 1: instructions issued on consecutive cycles
 * from 10 queue in the collector units. By hand:
 *   i  t   a (CU)            x (OC_EX)              e (unit)
 *   0  10  11                13 (a+2)               14
 *   1  11  12                14 (e0)                18 (unit free 14+4)
 *   2  12  13                18 (e1)                22
 *   3  13  14                22                     26
 *   4  14  15 (x0=13 freed)  26                     30
 *   5  15  16 (x1=14)        30                     34
 *   6  16  18 (x2=18)        34                     38
 * and the 8th instruction may issue only when the 7th has left ID_OC (18). */
TEST(alu_backlog_by_hand)
{
    struct oc_alu c;
    oc_alu_reset(&c, (struct oc_shape){ 1, 4, 1 });
    uint64_t unit_free[1] = { 0 };
    const uint64_t want_e[7] = { 14, 18, 22, 26, 30, 34, 38 };
    const uint64_t want_a[7] = { 11, 12, 13, 14, 15, 16, 18 };
    for (uint32_t i = 0; i < 7; i++) {
        uint64_t t = 10 + i;
        CHECK(oc_alu_room_at(&c) <= t);
        uint32_t k = 9;
        uint64_t e = oc_alu_issue(&c, t, 2, unit_free, 1, &k);
        CHECK_EQ_U64(e, want_e[i]);
        CHECK_EQ_INT(k, 0);
        unit_free[0] = e + 4;
        CHECK_EQ_U64(oc_alu_room_at(&c), want_a[i]);
    }
    CHECK_EQ_U64(oc_alu_room_at(&c), 18);
}

/* Uncontended: an instruction with register sources reaches its unit 4
 * cycles after issue, one without them 3; two units take two at once. */
TEST(alu_depth_and_two_units)
{
    struct oc_alu c;
    oc_alu_reset(&c, (struct oc_shape){ 2, 4, 2 });
    uint64_t unit_free[2] = { 0, 0 };
    uint32_t k0, k1;
    uint64_t e0 = oc_alu_issue(&c, 100, 2, unit_free, 2, &k0);
    unit_free[k0] = e0 + 1;
    uint64_t e1 = oc_alu_issue(&c, 100, 2, unit_free, 2, &k1);
    unit_free[k1] = e1 + 1;
    CHECK_EQ_U64(e0, 104);
    CHECK_EQ_U64(e1, 104);
    CHECK(k0 != k1);
    CHECK_EQ_U64(oc_alu_issue(&c, 200, 1, unit_free, 2, &k0), 203);
}

/* The MEM path with a unit that takes an entry whenever oc_mem_ready says
 * so and then stays busy `busy` cycles: entries leave in issue order, the
 * first 3 cycles after issue + the unit's own cycle, and the path holds
 * idoc + cus + ocex entries. */
TEST(mem_fifo_and_capacity)
{
    struct oc_mem m;
    oc_mem_reset(&m, (struct oc_shape){ 1, 2, 1 });
    uint64_t busy_until = 0, taken[8];
    uint32_t issued = 0, ntaken = 0, ring_of[8];
    for (uint64_t now = 1; now < 400 && ntaken < 8; now++) {
        /* the unit (busy 32 cycles an entry), then the stages, then issue */
        int i;
        if (now >= busy_until && (i = oc_mem_ready(&m, now)) >= 0) {
            CHECK_EQ_INT((uint32_t)i, ring_of[ntaken]);
            oc_mem_pop(&m);
            taken[ntaken++] = now;
            busy_until = now + 1 + 32;
        }
        oc_mem_advance(&m, now);
        if (issued < 8 && oc_mem_has_room(&m))
            ring_of[issued++] = oc_mem_push(&m, now, 2);
        if (now == 10)
            CHECK_EQ_INT(issued, 5); /* 1 in the unit + 4 in the path */
    }
    CHECK_EQ_INT(ntaken, 8);
    CHECK_EQ_U64(taken[0], 5); /* issued at 1: CU 2, operands by 4, OC_EX, unit 5 */
    for (uint32_t k = 1; k < ntaken; k++)
        CHECK_EQ_U64(taken[k], taken[k - 1] + 33);
}

/* The collector's steps per cycle (gpgpu_reg_file_port_throughput): GPGPU-Sim
 * allocates a unit in one step, reads its operands in the next and
 * dispatches it in the one after (with no register sources, in the next):
 * 2 / 1 cycles with one step a cycle, 1 / 0 with two, 0 / 0 with more. */
TEST(read_cycles_per_steps)
{
    CHECK_EQ_INT(oc_read_cycles(2, 1), 2);
    CHECK_EQ_INT(oc_read_cycles(0, 1), 1);
    CHECK_EQ_INT(oc_read_cycles(1, 2), 1);
    CHECK_EQ_INT(oc_read_cycles(0, 2), 0);
    CHECK_EQ_INT(oc_read_cycles(3, 3), 0);
    CHECK_EQ_INT(oc_read_cycles(0, 0), 1); /* 0 steps read as 1 */
    /* ALU: issued at 100, a collector unit at 101, OC_EX at 102 (sources,
     * two steps) or 101 (none), the unit the cycle after */
    struct oc_alu c;
    oc_alu_reset(&c, (struct oc_shape){ 2, 4, 2 });
    uint64_t unit_free[2] = { 0, 0 };
    uint32_t k;
    CHECK_EQ_U64(oc_alu_issue(&c, 100, oc_read_cycles(2, 2), unit_free, 2, &k), 103);
    CHECK_EQ_U64(oc_alu_issue(&c, 200, oc_read_cycles(0, 2), unit_free, 2, &k), 202);
}

/* MEM path, two collector steps a cycle: an entry with sources is taken 3
 * cycles after issue, one without 2 (allocated and dispatched in the same
 * cycle, by oc_mem_advance's second dispatch). */
TEST(mem_two_steps)
{
    for (uint32_t nsrc = 0; nsrc <= 1; nsrc++) {
        struct oc_mem m;
        oc_mem_reset(&m, (struct oc_shape){ 1, 2, 1 });
        uint64_t taken = 0;
        for (uint64_t now = 1; now < 50 && !taken; now++) {
            if (oc_mem_ready(&m, now) >= 0) {
                oc_mem_pop(&m);
                taken = now;
            }
            oc_mem_advance(&m, now);
            if (now == 10)
                oc_mem_push(&m, now, oc_read_cycles(nsrc, 2));
            if (now > 10 && !taken && oc_mem_ready(&m, now + 1) < 0)
                CHECK(oc_mem_next_event(&m, now, 1) > now);
        }
        CHECK_EQ_U64(taken, nsrc ? 13 : 12);
    }
}

int main(void)
{
    RUN(read_cycles_per_steps);
    RUN(mem_two_steps);
    RUN(alu_backlog_by_hand);
    RUN(alu_depth_and_two_units);
    RUN(mem_fifo_and_capacity);
    return check_summary();
}
