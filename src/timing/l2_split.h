/* GPCs and a split L2 (ccgpu_gpcs, ccgpu_l2_groups; off by default): the
 * SMs are grouped in GPCs, the memory partitions (L2 slices) in groups, and
 * each GPC is near one group. A read's reply from a partition of another
 * group (far) reaches its SM's loads ccgpu_l2_far_latency core cycles
 * later, and the data of far transactions crosses between the groups on a
 * link of ccgpu_l2_far_bytes_per_cycle into each group (0: unlimited).
 *
 *   SM s          in GPC   s * gpcs / n_sms     (integer division: contiguous,
 *   partition p   in group p * groups / n_part   as even as the counts allow)
 *   GPC c         near     c * groups / gpcs
 *
 * The delay is added where the SM takes the reply (sm_mem_reply): the
 * memory system's queues and crossbars are not changed, so a far request
 * holds nothing behind it; the reply fills the L1 when it arrives and only
 * the loads it answers see the delay. The link is shared by every SM of the
 * receiving group: a reply arriving at cycle t waits for the bytes that
 * earlier cycles' far replies left on it (drained at the link's rate); the
 * replies of one cycle all see the same wait (so the order in which the SMs
 * take them cannot matter) and add their bytes after it. A read's data
 * crosses into the SM's group; a write's data, counted at its
 * acknowledgement (which is not delayed), into the partition's. */
#ifndef CCGPU_TIMING_L2_SPLIT_H
#define CCGPU_TIMING_L2_SPLIT_H
#include <stddef.h>
#include <stdint.h>
#include "mem/addrmap.h"
#include "mem/mem_request.h"

struct ccgpu_config;

#define L2_SPLIT_MAX_GROUPS 16

struct l2_split_config {
    uint32_t gpcs, groups;  /* 0 GPCs / 1 group: off */
    uint32_t far_latency;   /* core cycles */
    uint32_t far_bytes;     /* link bytes per core cycle into a group; 0 = unlimited */
};

struct l2_split_link {
    uint64_t at;      /* the cycle whose replies are being added */
    uint64_t backlog; /* bytes on the link at the start of cycle `at` */
    uint64_t added;   /* bytes cycle `at`'s replies added */
};

struct l2_split {
    struct l2_split_config cfg;
    uint32_t n_sms, n_part;
    const struct addrmap *map;
    uint32_t line_bytes; /* the L2 line: a request's size when it gives none */
    struct l2_split_link link[L2_SPLIT_MAX_GROUPS];
    uint64_t far_replies, far_delay_sum; /* statistics: read replies from far groups, their
                                          * extra cycles (latency + link wait) */
};

/* Reads the options for n_part partitions; -1 with a
 * one-line message naming the option. *on: whether the L2 is split. */
int l2_split_config_read(struct l2_split_config *c, const struct ccgpu_config *store,
                         uint32_t n_part, int *on, char *err, size_t errlen);
void l2_split_init(struct l2_split *s, const struct l2_split_config *c, uint32_t n_sms,
                   uint32_t n_part, const struct addrmap *map, uint32_t line_bytes);
/* The GPC of SM sm (0 without GPCs). */
uint32_t l2_split_gpc(const struct l2_split *s, uint32_t sm);
/* The GPC of SM sm of n_sms in `gpcs` GPCs (0: one GPC), and the first SM of
 * GPC c: the mapping above. */
static inline uint32_t gpc_of_sm(uint32_t sm, uint32_t gpcs, uint32_t n_sms)
{
    return gpcs ? (uint32_t)((uint64_t)sm * gpcs / n_sms) : 0;
}
static inline uint32_t gpc_first_sm(uint32_t c, uint32_t gpcs, uint32_t n_sms)
{
    /* the least s with s * gpcs / n_sms >= c */
    return gpcs ? (uint32_t)(((uint64_t)c * n_sms + gpcs - 1) / gpcs) : 0;
}
/* Extra core cycles before the loads answered by reply r (taken by its SM
 * at cycle now) may read its data: 0 for a near partition or a write; for
 * a far read the latency plus the link's wait. Accounts a far
 * transaction's data bytes (r->bytes, or the L2 line) on the link. */
uint64_t l2_split_reply(struct l2_split *s, const struct mem_request *r, uint64_t now);

#endif
