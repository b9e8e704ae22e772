/* Estimates, per option, the bytes the timing model would allocate, and
 * refuses a configuration before allocating when one is out of bounds. */
#include "timing/size_check.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/icnt.h"
#include "mem/tqueue.h"
#include <stdio.h>

/* bytes of one cache: lines and tags, miss queue, MSHRs with their merge slots */
static uint64_t cache_bytes(const struct cache_config *c)
{
    uint64_t lines = (uint64_t)c->nsets * c->assoc;
    uint64_t mshr = (uint64_t)c->mshr_entries * (64 + (uint64_t)c->mshr_max_merge * 16);
    return lines * (sizeof(struct cache_line) + sizeof(uint64_t)) +
           ((uint64_t)c->miss_queue + c->mshr_entries) * sizeof(struct cache_out) + mshr;
}

static int too_big(const char *option, uint64_t count, const char *what, uint64_t bytes, char *err,
                   size_t errlen)
{
    if (bytes <= SIZE_CHECK_MAX_BYTES)
        return 0;
    snprintf(err, errlen, "%s: %llu %s would need %llu MB, more than the %llu MB ccgpu allows", option,
             (unsigned long long)count, what, (unsigned long long)(bytes >> 20),
             (unsigned long long)(SIZE_CHECK_MAX_BYTES >> 20));
    return -1;
}

int timing_size_check(const struct sm_config *sm, const struct memsys_config *m, uint32_t n_sms,
                      char *err, size_t errlen)
{
    uint64_t np = m->n_part;
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
    if (!sm->l1.disabled &&
        too_big("gpgpu_cache:dl1", n_sms, "SMs' L1s", n_sms * cache_bytes(&sm->l1), err, errlen))
        return -1;
    /* the carve-outs' L1s (timing/carveout.h), the adaptive one at its
     * largest (all of gpgpu_unified_l1d_size) */
    static const char *const carve_key[CARVE_NPREF] = {
        "gpgpu_cache:dl1", "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl1PrefL1"
    };
    for (int p = 0; p < CARVE_NPREF; p++) {
        struct cache_config c = sm->carve.l1[p];
        if (!sm->carve.have[p] || c.disabled)
            continue;
        if (sm->carve.adaptive) {
            uint64_t kb = (uint64_t)c.nsets * c.assoc * c.line_size / 1024;
            if (kb)
                c.assoc = (uint32_t)(sm->carve.unified_kb / kb * c.assoc);
        }
        if (too_big(sm->carve.adaptive ? "gpgpu_unified_l1d_size" : carve_key[p], n_sms,
                    "SMs' L1s", n_sms * cache_bytes(&c), err, errlen))
            return -1;
    }
    if (too_big("gpgpu_cache:dl2", np, "L2 slices", np * cache_bytes(&m->l2), err, errlen) ||
        too_big("gpgpu_frfcfs_dram_sched_queue_size", np, "DRAM queues",
                np * ((uint64_t)m->dram.queue_size + m->dram_latency) * (2 * sizeof(struct dram_req) + tq),
                err, errlen) ||
        too_big("gpgpu_dram_timing_opt", np, "channels' banks",
                np * m->dram.nbanks * sizeof(struct dram_bank), err, errlen) ||
        too_big("mem_l2_in_queue", np, "L2 input queues",
                np * ((uint64_t)m->l2_in_queue + m->rop_latency) * tq, err, errlen) ||
        too_big("mem_l2_out_queue", np, "L2 output queues", np * (uint64_t)m->l2_out_queue * tq, err,
                errlen) ||
        too_big("icnt_in_buffer_limit (mem_icnt_in_buf)", ports, "interconnect input buffers",
                2 * ports * m->icnt_in_buf * pkt, err, errlen) ||
        too_big("icnt_out_buffer_limit (mem_icnt_out_buf)", ports, "interconnect output buffers",
                2 * ports * m->icnt_out_buf * pkt, err, errlen))
        return -1;
    return 0;
}
