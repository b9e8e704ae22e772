/* Estimates, per option, the bytes the timing model would allocate, and
 * refuses a configuration before allocating when one is out of bounds. */
#include "timing/size_check.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/icnt.h"
#include "mem/tqueue.h"
#include "timing/sm.h"
#include <stdio.h>

/* bytes of one cache: lines, tags and the replacement policy's stamps (8
 * bytes a line: lru, fifo), miss queue, MSHRs with their merge slots */
static uint64_t cache_bytes(const struct cache_config *c)
{
    uint64_t lines = (uint64_t)c->nsets * c->assoc;
    uint64_t mshr = (uint64_t)c->mshr_entries * (64 + (uint64_t)c->mshr_max_merge * 16);
    return lines * (sizeof(struct cache_line) + 2 * sizeof(uint64_t)) +
           ((uint64_t)c->miss_queue + c->mshr_entries) * sizeof(struct cache_out) + mshr;
}

/* The running estimate: every part is checked against the per-option
 * bound, and the sum against the bound on the whole model. */
struct estimate {
    uint64_t total, largest;
    const char *largest_option;
};

static int too_big(struct estimate *e, const char *option, uint64_t count, const char *what,
                   uint64_t bytes, char *err, size_t errlen)
{
    e->total += bytes;
    if (bytes > e->largest) {
        e->largest = bytes;
        e->largest_option = option;
    }
    if (bytes <= SIZE_CHECK_MAX_BYTES)
        return 0;
    snprintf(err, errlen, "%s: %llu %s would need %llu MB, more than the %llu MB ccgpu allows", option,
             (unsigned long long)count, what, (unsigned long long)(bytes >> 20),
             (unsigned long long)(SIZE_CHECK_MAX_BYTES >> 20));
    return -1;
}

/* bytes of one SM without its L1 (counted with the L1 options): the SM
 * object, its warp and CTA tables, load records, L1 access queue, and room
 * for the warp scheduler's and bypass policy's state */
static uint64_t sm_bytes(const struct sm_config *c)
{
    return sizeof(struct sm) + (uint64_t)c->n_slots * (sizeof(struct sm_warp) + 2 * sizeof(uint32_t)) +
           (uint64_t)c->max_ctas * (sizeof(struct sm_cta) + sizeof(uint32_t)) +
           (uint64_t)c->max_loads * (sizeof(struct ldst_rec) + sizeof(uint16_t)) +
           (uint64_t)c->l1_latency * c->l1_ports * sizeof(struct l1_pending) + SIZE_CHECK_SM_POLICY_BYTES;
}

int timing_size_check(const struct sm_config *sm, const struct memsys_config *m, uint32_t n_sms,
                      char *err, size_t errlen)
{
    uint64_t np = m->n_part;
    struct estimate e = { 0, 0, NULL };
    if (n_sms < 1 || n_sms > SIZE_CHECK_MAX_SMS) {
        snprintf(err, errlen, "gpgpu_n_clusters x gpgpu_n_cores_per_cluster: %u SMs is not in 1..%u",
                 n_sms, SIZE_CHECK_MAX_SMS);
        return -1;
    }
    if (np < 1 || np > SIZE_CHECK_MAX_PARTITIONS) {
        snprintf(err, errlen, "gpgpu_n_mem: %llu memory partitions is not in 1..%u",
                 (unsigned long long)np, SIZE_CHECK_MAX_PARTITIONS);
        return -1;
    }
    if (!m->dram.nbanks) {
        snprintf(err, errlen, "gpgpu_dram_timing_opt: nbk (banks per channel) must be >= 1");
        return -1;
    }
    uint64_t ports = (uint64_t)n_sms + np;
    uint64_t pkt = sizeof(struct icnt_pkt);
    uint64_t tq = sizeof(struct tq_item);
    if (too_big(&e, "gpgpu_n_clusters x gpgpu_n_cores_per_cluster", n_sms, "SMs",
                n_sms * sm_bytes(sm), err, errlen))
        return -1;
    /* the L1s: gpgpu_cache:dl1, or the largest of the carve-outs' L1s
     * (timing/carveout.h), the adaptive one at its largest (all of
     * gpgpu_unified_l1d_size): one L1 per SM at a time */
    struct estimate carve = { 0, 0, NULL };
    if (!sm->l1.disabled && too_big(&carve, "gpgpu_cache:dl1", n_sms, "SMs' L1s",
                                    n_sms * cache_bytes(&sm->l1), err, errlen))
        return -1;
    static const char *const carve_key[CARVE_NPREF] = {
        "gpgpu_cache:dl1", "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl1PrefL1"
    };
    for (int p = 0; p < CARVE_NPREF; p++) {
        struct cache_config c = sm->carve.l1[p];
        if (!sm->carve.have[p] || c.disabled)
            continue;
        if (sm->carve.adaptive) {
            uint64_t kb = (uint64_t)c.nsets * c.assoc * c.line_size / 1024;
            uint64_t assoc = kb ? sm->carve.unified_kb / kb * c.assoc : c.assoc;
            if (assoc > UINT32_MAX) {
                snprintf(err, errlen, "gpgpu_unified_l1d_size: %llu ways of L1 is too many",
                         (unsigned long long)assoc);
                return -1;
            }
            c.assoc = (uint32_t)assoc;
        }
        if (too_big(&carve, sm->carve.adaptive ? "gpgpu_unified_l1d_size" : carve_key[p], n_sms,
                    "SMs' L1s", n_sms * cache_bytes(&c), err, errlen))
            return -1;
    }
    if (carve.largest) {
        e.total += carve.largest;
        if (carve.largest > e.largest)
            e.largest = carve.largest, e.largest_option = carve.largest_option;
    }
    if (too_big(&e, "gpgpu_cache:dl2", np, "L2 slices", np * cache_bytes(&m->l2), err, errlen) ||
        too_big(&e, "gpgpu_frfcfs_dram_sched_queue_size", np, "DRAM queues",
                np * ((uint64_t)m->dram.queue_size + m->dram_latency) * (2 * sizeof(struct dram_req) + tq) +
                    np * m->dram.nbanks * (uint64_t)m->dram.queue_size * sizeof(struct dram_bank_entry),
                err, errlen) ||
        too_big(&e, "gpgpu_dram_timing_opt", np, "channels' banks",
                np * m->dram.nbanks * sizeof(struct dram_bank), err, errlen) ||
        too_big(&e, "mem_l2_in_queue", np, "L2 input queues",
                np * ((uint64_t)m->l2_in_queue + m->rop_latency) * tq, err, errlen) ||
        too_big(&e, "mem_l2_out_queue", np, "L2 output queues", np * (uint64_t)m->l2_out_queue * tq, err,
                errlen) ||
        too_big(&e, "icnt_in_buffer_limit (mem_icnt_in_buf)", ports, "interconnect input buffers",
                2 * ports * m->icnt_in_buf * pkt, err, errlen) ||
        too_big(&e, "icnt_out_buffer_limit (mem_icnt_out_buf)", ports, "interconnect output buffers",
                2 * ports * m->icnt_out_buf * pkt, err, errlen))
        return -1;
    if (e.total > SIZE_CHECK_MAX_TOTAL_BYTES) {
        snprintf(err, errlen,
                 "the timing model would need %llu MB in all, more than the %llu MB ccgpu allows "
                 "(the most, %llu MB, for %s)",
                 (unsigned long long)(e.total >> 20),
                 (unsigned long long)(SIZE_CHECK_MAX_TOTAL_BYTES >> 20),
                 (unsigned long long)(e.largest >> 20), e.largest_option);
        return -1;
    }
    return 0;
}
