/* SM options. Keys and defaults (GPGPU-Sim meaning unless noted):
 *   gpgpu_num_sched_per_core 1        warp schedulers per SM (slot w -> w % n)
 *   gpgpu_scheduler gto               warp scheduler policy (src/policy/warp/warp_sched.def)
 *   gpgpu_max_insn_issue_per_warp 1   instructions one warp may issue per cycle (the
 *                                     I-buffer holds that many; not across a taken branch)
 *   ccgpu_issue_width 1               instructions one scheduler issues per cycle
 *   ccgpu_issue_one_warp 0            1: those come from one warp (GPGPU-Sim's
 *                                     scheduler stops at the first warp that issued;
 *                                     with ccgpu_issue_width = gpgpu_max_insn_issue_per_warp
 *                                     this is its dual issue)
 *   gpgpu_num_sp_units 1, gpgpu_num_sfu_units 1, gpgpu_num_dp_units 0,
 *   gpgpu_num_int_units 0             function units per SM
 *   gpgpu_tensor_core_avail 0, gpgpu_num_tensor_core_units 0
 *                                     tensor-core units per SM when available
 *                                     (mma; without them mma runs on the SP)
 *   ptx_opcode_latency_tesnor 64, ptx_opcode_initiation_tensor 64
 *                                     mma's cycles to result / between issues
 *                                     (GPGPU-Sim's names, its spelling)
 *   ccgpu_simd_width 32               lanes of SP/SFU/DP/INT: a warp instruction
 *                                     holds its unit ceil(32/width) cycles (8 -> 4)
 *   ptx_opcode_latency_int/fp/dp "ADD,MAX,MUL,MAD,DIV", ptx_opcode_latency_sfu N,
 *   ptx_opcode_initiation_int/fp/dp/sfu   cycles to result / between issues; the
 *                                     _int lists take a sixth field, SHFL (shfl of
 *                                     any type; default = the ADD figure)
 *   gpgpu_pipeline_widths             ID_OC_SP,ID_OC_DP,ID_OC_INT,ID_OC_SFU,
 *                                     ID_OC_MEM,OC_EX_SP,OC_EX_DP,OC_EX_INT,OC_EX_SFU,
 *                                     OC_EX_MEM,EX_WB (GPGPU-Sim 4.x; 13 fields with the
 *                                     tensor pair ID_OC_TENSOR_CORE,OC_EX_TENSOR_CORE;
 *                                     7 fields as GPGPU-Sim 3.x:
 *                                     ID_OC_SP,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_SFU,
 *                                     OC_EX_MEM,EX_WB). EX_WB is not modelled (results
 *                                     never wait for a write port). Unset: each ALU
 *                                     class's ID_OC and OC_EX hold as many instructions
 *                                     as it has units (GPGPU-Sim's own default is 1 for
 *                                     every register; its multi-unit configs set the
 *                                     widths to the unit counts), MEM 1.
 *   gpgpu_operand_collector_num_units_sp 4, _sfu 4, _mem 2, _dp 0, _int 0,
 *   _tensor_core 0, _gen 0
 *                                     collector units per class; a class with 0 uses
 *                                     _gen units of its own (GPGPU-Sim shares the
 *                                     generic pool between classes); DP/INT/tensor
 *                                     default to 4 when there are such units. See
 *                                     opcollect.h.
 *   gpgpu_enable_specialized_operand_collector 1
 *                                     0: the per-class counts above are ignored and
 *                                     every class has _gen units (GPGPU-Sim then has
 *                                     only the generic pool)
 *   gpgpu_sub_core_model 0            1: sub-cores (GPGPU-Sim 4.x): scheduler s issues
 *                                     only into its own 1/n share of every class's
 *                                     ID_OC registers, collector units and OC_EX
 *                                     registers and onto its own 1/n of each ALU
 *                                     class's units (n = gpgpu_num_sched_per_core;
 *                                     each of those counts must be a multiple of n);
 *                                     the LD/ST unit takes the oldest ready memory
 *                                     instruction of any scheduler. Register-file
 *                                     banks are not modelled either way
 *   gpgpu_reg_file_port_throughput 1  operand-collector steps per cycle (GPGPU-Sim's
 *                                     read_operands loop): 2 or more shorten the
 *                                     issue -> unit path by a cycle (opcollect.h,
 *                                     oc_read_cycles)
 *   ccgpu_gpgpusim_alu_latency 0      1: the ALU instructions GPGPU-Sim 4.x's latency
 *                                     table leaves out (mov, cvt, cvta, logic, shifts,
 *                                     setp/set/selp/slct, prmt, bit-field ops, popc,
 *                                     clz, brev, abs, neg, sad, dp4a, vote,
 *                                     activemask, isspacep, of any type) take
 *                                     latency and initiation interval 1 on the INT
 *                                     unit (SP without INT units), as GPGPU-Sim runs
 *                                     them; 0: the ADD latency of their type (tinst.c)
 *   ccgpu_writeback_cycles 2          cycles from a result leaving its unit (ALU
 *                                     pipeline end, L1 hit latency, fill) to the issue
 *                                     of an instruction that reads it: GPGPU-Sim's
 *                                     EX_WB register, then writeback before issue
 *   gpgpu_simd_model 1                only 1 (PDOM reconvergence, the engine's) is valid
 *   gpgpu_cache:dl1                   L1D (GPGPU-Sim string; "none" = global via L2)
 *                                     of kernels without a cache preference; the
 *                                     per-launch carve-out options (dl1PrefL1,
 *                                     gpgpu_shmem_option, ...) are read by
 *                                     carveout.c
 *   ccgpu_l1_index                    overrides the set index of gpgpu_cache:dl1:
 *                                     linear, ipoly (PRIC) or fermi (unset: the
 *                                     string's own letter)
 *   ccgpu_l1_assoc 0                  reshapes the L1 to this many ways at the same
 *                                     capacity (0: as gpgpu_cache:dl1 says)
 *   gpgpu_l1_latency 20               depth of the L1 access pipeline (GPGPU-Sim 4.x's
 *                                     l1_latency_queue): a request reaches the tag
 *                                     check this many cycles after it left the LD/ST
 *                                     unit; a hit is readable then, a miss goes to
 *                                     memory then
 *   gpgpu_gmem_skip_L1D 0             1: global loads and stores go to the L2 as if
 *                                     the L1 were absent (nvcc -Xptxas -dlcm=cg);
 *                                     local memory still uses the L1
 *   gpgpu_flush_l1_cache 1            1: every SM's L1 is invalidated between kernels
 *                                     (GPGPU-Sim flushes it when a kernel's CTAs are
 *                                     done; not at membar, which GPGPU-Sim 4.x also
 *                                     does); 0: lines stay valid across kernels.
 *                                     GPGPU-Sim's default is 0; ccgpu's stays 1
 *                                     because the L1 trace replays (cachesim,
 *                                     Belady columns) start each kernel cold
 *   ccgpu_l1_ports 1                  L1 accesses (line requests) per cycle
 *   gpgpu_l1_banks 0                  N > 0: the L1 access pipeline is banked as
 *                                     GPGPU-Sim 4.x's (a power of two up to 32): one
 *                                     32-byte sector a bank a cycle, at most N a cycle,
 *                                     bank = sector address / the interleaving mod N
 *                                     (ldst.c); 0: ccgpu_l1_ports line requests a cycle
 *   gpgpu_l1_banks_byte_interleaving 32  bytes per bank (a power of two)
 *   gpgpu_smem_latency 20             shared memory, plus one cycle per extra
 *                                     bank-conflict pass
 *   gpgpu_shmem_num_banks 32          4-byte banks
 *   ccgpu_cluster_spread 0            1: a thread-block cluster's CTAs are spread
 *                                     over the SMs of one GPC (ccgpu_gpcs; see
 *                                     cluster_net.h); 0: all on one SM
 *   ccgpu_dsmem_latency 0             with ccgpu_cluster_spread 1: cycles a shared
 *                                     access to a CTA on another SM, and a
 *                                     barrier.cluster release reaching another
 *                                     SM, spend on the SM-to-SM network
 *   gpgpu_shmem_warp_parts 1          global/local accesses are coalesced per
 *                                     sub-warp of 32/parts lanes (2: compute
 *                                     capability 1.x half-warps); shared memory
 *                                     bank conflicts stay per warp
 *   ccgpu_const_latency 20            constant and parameter loads (fixed latency,
 *                                     one cycle per distinct address)
 *   ccgpu_max_loads 0                 in-flight memory instructions per SM
 *                                     (0 = 4 per warp slot)
 *   ccgpu_fetch_delay 1               cycles from issue until the warp's next
 *                                     instruction is in its I-buffer (on an I-cache
 *                                     hit, or after a miss's line arrives)
 *   gpgpu_cache:il1                   L1 instruction cache (GPGPU-Sim string: sets,
 *                                     line, ways, miss entries; rocache.h); absent:
 *                                     a perfect I-cache
 *   gpgpu_const_cache:l1              constant cache for ld.const and ld.param (GPGPU-Sim
 *                                     string; rocache.h): a hit's data after
 *                                     ccgpu_const_latency, a miss's when its line
 *                                     arrives; absent: every load at ccgpu_const_latency
 *   gpgpu_perfect_inst_const_cache 0  1: both as if absent
 *   ccgpu_branch_delay 1              extra cycles after a taken branch (refetch)
 *   ccgpu_fetch_stage 0               1: GPGPU-Sim's fetch stage: a warp's I-buffer holds
 *                                     2 instructions (emptied by a taken branch); a warp
 *                                     with an empty one waits for a fetch, which serves
 *                                     gpgpu_inst_fetch_throughput (default 1) warps a
 *                                     cycle round-robin, its instructions issuable 2
 *                                     cycles later (decode between); ccgpu_branch_delay
 *                                     then unused
 *   ccgpu_fetch_icache 0              1 (needs ccgpu_fetch_stage 1): as GPGPU-Sim's
 *                                     fetch, the fetch looks the I-cache up: a miss, or
 *                                     no free miss entry, takes the fetch and moves the
 *                                     round robin on (a warp that found no entry tries
 *                                     again at its next turn); an arriving line's
 *                                     waiters are fetched first, one a fetch, in the
 *                                     order they missed
 *   ccgpu_longop_marks 0              1: as GPGPU-Sim 4.x, a register a long-latency load
 *                                     (global, local, atomic) wrote counts as a pending
 *                                     long-latency operand for two_level_active's
 *                                     demotion (ccgpu_warp_long_wait) until an ALU
 *                                     instruction writes it, not only until the data
 *                                     arrives (longop.c)
 *   ccgpu_regs_per_thread 0           occupancy: registers per thread (0 = estimate
 *                                     from PTX liveness, ptx_estimate_registers)
 *   ccgpu_cta_sched rr                CTA dispatch policy (src/policy/cta/cta_sched.def)
 *   ccgpu_mrpb off                    MRPB request queues in front of the L1
 *                                     (timing/mrpb.h): off, on, or depth=N,
 *                                     bypass=assoc|none, drain=fixed|greedy
 *   ccgpu_bypass none                 cache bypass policy (src/policy/bypass/bypass.def):
 *                                     none, all, pc[:args], fgcb[:args]
 *   ccgpu_cta_sync_cycles 0           cycles a synchronisation between a CTA
 *                                     schedule's steps costs (schedule:, awss:)
 *   ccgpu_prefetch 0                  1: PTX prefetch/prefetchu of global and
 *                                     local lines fetch them into the L1 (.L1)
 *                                     or the L2 (.L2), nobody waiting (0: no-ops)
 *   ccgpu_skip_idle 1                 jump over cycles in which nothing can happen
 *                                     (results identical either way)
 *   ccgpu_fast_paths 1                event-driven shortcuts of the simulator's own
 *                                     (issue-stage rescans skipped while nothing
 *                                     changed, ...; results identical either way)
 *   ccgpu_sm_wake 256                 the reach in cycles of the GPU loop's
 *                                     timing wheel of SM events (a power of
 *                                     two up to 65536; 0 is taken as 1):
 *                                     speed only, results identical
 *                                     (docs/internals.md)
 *   ccgpu_issue_mask_warps 12         with the fast paths and gto, lrr or oldest:
 *                                     schedulers with at least this many live
 *                                     warps each find the warps to check from
 *                                     bitmasks instead of walking every warp
 *                                     (0: always; speed only, results identical) */
#include "timing/sm_config.h"
#include "gpu/config.h"
#include "policy/bypass/bypass.h"
#include "policy/warp/warp_sched.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SHFL (the int lists' sixth field) defaults to the ADD figure, which is
 * what a shuffle cost before the field was read (GPGPU-Sim's default is
 * 32 cycles, initiation 4); the fp/dp lists have five fields. */
static const uint16_t def_lat_int[LAT_COUNT] = { 4, 13, 4, 5, 145, 4 };
static const uint16_t def_lat_fp[LAT_COUNT] = { 4, 13, 4, 5, 39 };
static const uint16_t def_lat_dp[LAT_COUNT] = { 8, 19, 8, 8, 330 };
static const uint16_t def_init_int[LAT_COUNT] = { 1, 2, 2, 1, 8, 1 };
static const uint16_t def_init_fp[LAT_COUNT] = { 1, 2, 1, 1, 4 };
static const uint16_t def_init_dp[LAT_COUNT] = { 8, 16, 8, 8, 130 };

/* "a,b,c,d,e" (or one value for the sfu keys) into out[n]; with `more`,
 * an optional extra field out[n] (the int lists' SHFL: 5 or 6 fields, as
 * GPGPU-Sim 3.x and 4.x write them). */
static int read_list(const struct ccgpu_config *store, const char *key, const uint16_t *dflt,
                     uint16_t *out, int n, int more, char *err, size_t errlen)
{
    const char *v = config_get_str(store, key, NULL);
    memcpy(out, dflt, (size_t)(n + more) * sizeof *out);
    if (!v)
        return 0;
    const char *p = v;
    for (int i = 0; i < n + more; i++) {
        char *end;
        unsigned long x = strtoul(p, &end, 10);
        int last = i == n + more - 1 || (i == n - 1 && !*end);
        if (end == p || *p == '-' || x == 0 || x > 65535 || (!last && *end != ',') ||
            (last && *end)) {
            if (more)
                return config_value_error(store, key, err, errlen,
                                          "expected %d or %d positive cycle counts separated by "
                                          "commas, got '%s'", n, n + more, v);
            return config_value_error(store, key, err, errlen,
                                      "expected %d positive cycle count%s separated by commas, "
                                      "got '%s'", n, n > 1 ? "s" : "", v);
        }
        out[i] = (uint16_t)x;
        if (last)
            break;
        p = end + 1;
    }
    return 0;
}

/* gpgpu_pipeline_widths into the ID_OC and OC_EX widths of each class. */
static int read_widths(struct sm_config *c, const struct ccgpu_config *store, char *err,
                       size_t errlen)
{
    /* field order of GPGPU-Sim 4.x and of 3.x (7 fields) */
    static const int8_t v4[13] = { FU_SP, FU_DP, FU_INT, FU_SFU, FU_MEM, FU_SP, FU_DP, FU_INT,
                                   FU_SFU, FU_MEM, -1, -1, -1 };
    static const int8_t v3[7] = { FU_SP, FU_SFU, FU_MEM, FU_SP, FU_SFU, FU_MEM, -1 };
    for (int k = 0; k < FU_COUNT; k++) /* one slot per unit (GPGPU-Sim's configs do so) */
        c->oc[k].idoc = c->oc[k].ocex = k == FU_MEM || !c->n_units[k] ? 1 : c->n_units[k];
    const char *v = config_get_str(store, "gpgpu_pipeline_widths", NULL);
    if (!v)
        return 0;
    uint32_t w[13], n = 0;
    const char *p = v;
    for (;;) {
        char *end;
        unsigned long x = strtoul(p, &end, 10);
        if (end == p || n == 13 || x > OC_MAX_SLOTS || (*end && *end != ','))
            return config_value_error(store, "gpgpu_pipeline_widths", err, errlen,
                                      "expected 7, 11 or 13 comma-separated widths of 0 to %d, "
                                      "got '%s'", OC_MAX_SLOTS, v);
        w[n++] = (uint32_t)x;
        if (!*end)
            break;
        p = end + 1;
    }
    if (n != 7 && n != 11 && n != 13)
        return config_value_error(store, "gpgpu_pipeline_widths", err, errlen,
                                  "expected 7, 11 or 13 widths, got %u in '%s'", n, v);
    const int8_t *map = n == 7 ? v3 : v4;
    uint32_t half = n == 7 ? 3 : 5;
    for (uint32_t i = 0; i < 2 * half; i++) {
        struct oc_shape *s = &c->oc[map[i]];
        if (i < half)
            s->idoc = w[i];
        else
            s->ocex = w[i];
    }
    if (n == 13) { /* the tensor-core pair */
        c->oc[FU_TENSOR].idoc = w[11];
        c->oc[FU_TENSOR].ocex = w[12];
    }
    if (n == 7) { /* 3.x has no DP or INT stages: those run on the SFU and SP */
        c->oc[FU_DP] = c->oc[FU_SFU];
        c->oc[FU_INT] = c->oc[FU_SP];
    }
    return 0;
}

/* Collector units per class; a class with units needs at least one of them. */
static int read_collectors(struct sm_config *c, const struct ccgpu_config *store, char *err,
                           size_t errlen)
{
    static const char *const key[FU_COUNT] = {
        [FU_SP] = "gpgpu_operand_collector_num_units_sp",
        [FU_SFU] = "gpgpu_operand_collector_num_units_sfu",
        [FU_DP] = "gpgpu_operand_collector_num_units_dp",
        [FU_INT] = "gpgpu_operand_collector_num_units_int",
        [FU_TENSOR] = "gpgpu_operand_collector_num_units_tensor_core",
        [FU_MEM] = "gpgpu_operand_collector_num_units_mem",
    };
    /* GPGPU-Sim's defaults; DP/INT units get 4 of their own unless told (its
     * default 0 leaves them to the generic pool) */
    const uint32_t dflt[FU_COUNT] = { [FU_SP] = 4, [FU_SFU] = 4, [FU_MEM] = 2,
                                      [FU_DP] = c->n_units[FU_DP] ? 4 : 0,
                                      [FU_INT] = c->n_units[FU_INT] ? 4 : 0,
                                      [FU_TENSOR] = c->n_units[FU_TENSOR] ? 4 : 0 };
    uint32_t gen;
    int specialized;
    if (config_get_u32(store, "gpgpu_operand_collector_num_units_gen", 0, &gen, err, errlen) ||
        config_get_bool(store, "gpgpu_enable_specialized_operand_collector", 1, &specialized, err,
                        errlen))
        return -1;
    for (int k = 0; k < FU_COUNT; k++) {
        uint32_t n;
        if (config_get_u32(store, key[k], dflt[k], &n, err, errlen))
            return -1;
        c->oc[k].cus = n && specialized ? n : gen;
        int used = k == FU_MEM || c->n_units[k];
        if (!used)
            continue;
        struct oc_shape s = c->oc[k];
        if (!s.cus || !s.idoc || !s.ocex || s.cus > OC_MAX_SLOTS)
            return config_value_error(store, key[k], err, errlen,
                                      "the class has units, so it needs 1 to %d collector units "
                                      "(or gpgpu_operand_collector_num_units_gen) and ID_OC/OC_EX "
                                      "widths of at least 1 in gpgpu_pipeline_widths",
                                      OC_MAX_SLOTS);
    }
    return 0;
}

/* gpgpu_sub_core_model: one issue path per scheduler, each a 1/n share of
 * every used class's stages and units (GPGPU-Sim asserts ID_OC widths of
 * exactly n and collector counts that n divides; its unit k serves
 * scheduler k, so with fewer units than schedulers some schedulers' work
 * would never run). Without it, one path of everything. */
static int read_sub_cores(struct sm_config *c, const struct ccgpu_config *store, char *err,
                          size_t errlen)
{
    if (config_get_bool(store, "gpgpu_sub_core_model", 0, &c->sub_core, err, errlen))
        return -1;
    c->n_paths = c->sub_core ? c->n_sched : 1;
    const uint32_t n = c->n_paths;
    static const char *const name[FU_COUNT] = { [FU_SP] = "SP", [FU_SFU] = "SFU",
                                                [FU_DP] = "DP", [FU_INT] = "INT",
                                                [FU_TENSOR] = "TENSOR_CORE", [FU_MEM] = "MEM" };
    for (int k = 0; k < FU_COUNT; k++) {
        struct oc_shape s = c->oc[k];
        int used = k == FU_MEM || c->n_units[k];
        if (used && (s.idoc % n || s.cus % n || s.ocex % n || c->n_units[k] % n))
            return config_value_error(store, "gpgpu_sub_core_model", err, errlen,
                                      "with %u schedulers each needs an equal share of the %s "
                                      "class: ID_OC width %u, collector units %u, OC_EX width "
                                      "%u%s must be multiples of %u (gpgpu_pipeline_widths, "
                                      "gpgpu_operand_collector_num_units_*, gpgpu_num_*_units)",
                                      n, name[k], s.idoc, s.cus, s.ocex,
                                      k == FU_MEM ? "" : " and its unit count", n);
        c->path_oc[k] = (struct oc_shape){ s.idoc / n, s.cus / n, s.ocex / n };
        c->path_units[k] = c->n_units[k] / n;
    }
    return 0;
}

int sm_config_read(struct sm_config *c, const struct sm_config_gpu *gpu,
                   const struct ccgpu_config *store, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->n_sms = gpu->n_sms;
    c->max_threads = gpu->max_threads;
    c->n_slots = gpu->max_threads / 32;
    c->max_ctas = gpu->max_ctas;
    c->shmem_bytes = gpu->shmem_bytes;
    c->registers = gpu->registers;
    uint16_t sfu1 = 8, sfu_init1 = 8, tensor1 = 64, tensor_init1 = 64;
    uint32_t simd_model = 1;
    int tensor_avail = 0;
    if (config_get_u32(store, "gpgpu_num_sched_per_core", 1, &c->n_sched, err, errlen) ||
        config_get_u32(store, "ccgpu_issue_width", 1, &c->issue_width, err, errlen) ||
        config_get_bool(store, "ccgpu_issue_one_warp", 0, &c->issue_one_warp, err, errlen) ||
        config_get_u32(store, "gpgpu_max_insn_issue_per_warp", 1, &c->max_issue_per_warp, err, errlen) ||
        config_get_u32(store, "gpgpu_num_sp_units", 1, &c->n_units[FU_SP], err, errlen) ||
        config_get_u32(store, "gpgpu_num_sfu_units", 1, &c->n_units[FU_SFU], err, errlen) ||
        config_get_u32(store, "gpgpu_num_dp_units", 0, &c->n_units[FU_DP], err, errlen) ||
        config_get_u32(store, "gpgpu_num_int_units", 0, &c->n_units[FU_INT], err, errlen) ||
        config_get_bool(store, "gpgpu_tensor_core_avail", 0, &tensor_avail, err, errlen) ||
        config_get_u32(store, "gpgpu_num_tensor_core_units", 0, &c->n_units[FU_TENSOR], err, errlen) ||
        read_list(store, "ptx_opcode_latency_tesnor", &tensor1, &c->lat_tensor, 1, 0, err, errlen) ||
        read_list(store, "ptx_opcode_initiation_tensor", &tensor_init1, &c->init_tensor, 1, 0, err,
                  errlen) ||
        config_get_u32(store, "ccgpu_simd_width", 32, &c->simd_width, err, errlen) ||
        read_list(store, "ptx_opcode_latency_int", def_lat_int, c->lat_int, LAT_SHFL, 1, err, errlen) ||
        read_list(store, "ptx_opcode_latency_fp", def_lat_fp, c->lat_fp, LAT_SHFL, 0, err, errlen) ||
        read_list(store, "ptx_opcode_latency_dp", def_lat_dp, c->lat_dp, LAT_SHFL, 0, err, errlen) ||
        read_list(store, "ptx_opcode_latency_sfu", &sfu1, &c->lat_sfu, 1, 0, err, errlen) ||
        read_list(store, "ptx_opcode_initiation_int", def_init_int, c->init_int, LAT_SHFL, 1, err, errlen) ||
        read_list(store, "ptx_opcode_initiation_fp", def_init_fp, c->init_fp, LAT_SHFL, 0, err, errlen) ||
        read_list(store, "ptx_opcode_initiation_dp", def_init_dp, c->init_dp, LAT_SHFL, 0, err, errlen) ||
        read_list(store, "ptx_opcode_initiation_sfu", &sfu_init1, &c->init_sfu, 1, 0, err, errlen) ||
        config_get_u32(store, "gpgpu_simd_model", 1, &simd_model, err, errlen) ||
        config_get_u32(store, "gpgpu_l1_latency", 20, &c->l1_latency, err, errlen) ||
        config_get_u32(store, "ccgpu_l1_ports", 1, &c->l1_ports, err, errlen) ||
        config_get_u32(store, "gpgpu_l1_banks", 0, &c->l1_banks, err, errlen) ||
        config_get_u32(store, "gpgpu_l1_banks_byte_interleaving", 32, &c->l1_bank_shift, err,
                       errlen) ||
        config_get_u32(store, "gpgpu_smem_latency", 20, &c->smem_latency, err, errlen) ||
        config_get_u32(store, "gpgpu_shmem_num_banks", 32, &c->smem_banks, err, errlen) ||
        config_get_bool(store, "ccgpu_cluster_spread", 0, &c->cluster_spread, err, errlen) ||
        config_get_u32(store, "ccgpu_dsmem_latency", 0, &c->dsmem_latency, err, errlen) ||
        config_get_u32(store, "gpgpu_shmem_warp_parts", 1, &c->warp_parts, err, errlen) ||
        config_get_u32(store, "ccgpu_const_latency", 20, &c->const_latency, err, errlen) ||
        config_get_u32(store, "ccgpu_max_loads", 0, &c->max_loads, err, errlen) ||
        config_get_u32(store, "ccgpu_fetch_delay", 1, &c->fetch_delay, err, errlen) ||
        config_get_u32(store, "ccgpu_branch_delay", 1, &c->branch_delay, err, errlen) ||
        config_get_bool(store, "ccgpu_fetch_stage", 0, &c->fetch_stage, err, errlen) ||
        (c->fetch_stage && config_get_u32(store, "gpgpu_inst_fetch_throughput", 1,
                                          &c->fetch_width, err, errlen)) ||
        config_get_bool(store, "ccgpu_fetch_icache", 0, &c->fetch_icache, err, errlen) ||
        config_get_u32(store, "ccgpu_writeback_cycles", 2, &c->writeback_cycles, err, errlen) ||
        config_get_u32(store, "gpgpu_reg_file_port_throughput", 1, &c->oc_steps, err, errlen) ||
        config_get_bool(store, "ccgpu_gpgpusim_alu_latency", 0, &c->gpgpusim_alu_latency, err,
                        errlen) ||
        config_get_bool(store, "ccgpu_longop_marks", 0, &c->longop_marks, err, errlen) ||
        config_get_u32(store, "ccgpu_regs_per_thread", 0, &c->regs_per_thread, err, errlen) ||
        config_get_bool(store, "ccgpu_skip_idle", 1, &c->skip_idle, err, errlen) ||
        config_get_u64(store, "ccgpu_cta_sync_cycles", 0, &c->cta_sync_cycles, err, errlen) ||
        config_get_bool(store, "ccgpu_prefetch", 0, &c->prefetch, err, errlen) ||
        config_get_bool(store, "ccgpu_fast_paths", 1, &c->fast_paths, err, errlen) ||
        config_get_u32(store, "ccgpu_issue_mask_warps", 12, &c->issue_mask_warps, err, errlen) ||
        config_get_u32(store, "ccgpu_sm_wake", 256, &c->sm_wake, err, errlen) ||
        config_get_bool(store, "gpgpu_gmem_skip_L1D", 0, &c->gmem_skip_l1d, err, errlen) ||
        config_get_bool(store, "gpgpu_flush_l1_cache", 1, &c->flush_l1, err, errlen))
        return -1;
    if (!tensor_avail)
        c->n_units[FU_TENSOR] = 0;
    if (read_widths(c, store, err, errlen) || read_collectors(c, store, err, errlen))
        return -1;
    if (!c->sm_wake)
        c->sm_wake = 1;
    if (c->sm_wake & (c->sm_wake - 1) || c->sm_wake > 65536)
        return config_value_error(store, "ccgpu_sm_wake", err, errlen,
                                  "%u cycles (0, or a power of two up to 65536)", c->sm_wake);
    if (c->oc_steps < 1 || c->oc_steps > 64)
        return config_value_error(store, "gpgpu_reg_file_port_throughput", err, errlen,
                                  "%u (1 to 64 operand-collector steps a cycle)", c->oc_steps);
    if (c->writeback_cycles > 1000) {
        snprintf(err, errlen, "ccgpu_writeback_cycles: %u (at most 1000)", c->writeback_cycles);
        return -1;
    }
    if (simd_model != 1) {
        snprintf(err, errlen, "gpgpu_simd_model: %u is not modelled (ccgpu reconverges at "
                              "immediate post-dominators, model 1)", simd_model);
        return -1;
    }
    if (c->n_sched == 0 || c->n_sched > c->n_slots || c->issue_width == 0 ||
        c->max_issue_per_warp == 0) {
        snprintf(err, errlen, "gpgpu_num_sched_per_core/ccgpu_issue_width/"
                              "gpgpu_max_insn_issue_per_warp: must be at least 1 (and at most "
                              "one scheduler per warp slot)");
        return -1;
    }
    if (read_sub_cores(c, store, err, errlen))
        return -1;
    static const char *const unit_key[FU_COUNT] = {
        [FU_SP] = "gpgpu_num_sp_units", [FU_SFU] = "gpgpu_num_sfu_units",
        [FU_DP] = "gpgpu_num_dp_units", [FU_INT] = "gpgpu_num_int_units",
        [FU_TENSOR] = "gpgpu_num_tensor_core_units",
    };
    for (int k = 0; k < FU_COUNT; k++)
        if (unit_key[k] && c->n_units[k] > SM_MAX_UNITS)
            return config_value_error(store, unit_key[k], err, errlen,
                                      "%u units (at most %d of a kind)", c->n_units[k],
                                      SM_MAX_UNITS);
    if (c->n_units[FU_SP] == 0 || c->n_units[FU_SFU] == 0) {
        snprintf(err, errlen, "gpgpu_num_sp_units and gpgpu_num_sfu_units must be at least 1");
        return -1;
    }
    if (c->simd_width == 0 || c->simd_width > 32 || 32 % c->simd_width) {
        snprintf(err, errlen, "ccgpu_simd_width: %u does not divide 32", c->simd_width);
        return -1;
    }
    if (c->fetch_stage && (c->fetch_width == 0 || c->fetch_width > 64))
        return config_value_error(store, "gpgpu_inst_fetch_throughput", err, errlen,
                                  "%u warps a cycle (1 to 64)", c->fetch_width);
    if (c->fetch_icache && !c->fetch_stage)
        return config_value_error(store, "ccgpu_fetch_icache", err, errlen,
                                  "the I-cache lookup at the fetch needs ccgpu_fetch_stage 1");
    if (c->dsmem_latency > 100000)
        return config_value_error(store, "ccgpu_dsmem_latency", err, errlen,
                                  "%u cycles (at most 100000)", c->dsmem_latency);
    if (c->l1_latency == 0 || c->smem_latency == 0 || c->const_latency == 0 || c->l1_ports == 0 ||
        c->fetch_delay == 0) {
        snprintf(err, errlen, "gpgpu_l1_latency, gpgpu_smem_latency, ccgpu_const_latency, "
                              "ccgpu_l1_ports and ccgpu_fetch_delay must be at least 1");
        return -1;
    }
    if (c->l1_banks > 32 || (c->l1_banks & (c->l1_banks - 1)) || !c->l1_bank_shift ||
        (c->l1_bank_shift & (c->l1_bank_shift - 1)))
        return config_value_error(store, "gpgpu_l1_banks", err, errlen,
                                  "%u banks interleaved every %u bytes (a power of two up to 32 "
                                  "banks, 0 for none; a power-of-two interleaving)",
                                  c->l1_banks, c->l1_bank_shift);
    c->l1_bank_shift = (uint32_t)__builtin_ctz(c->l1_bank_shift);
    if (c->l1_latency > 4096 || c->l1_ports > 64) {
        snprintf(err, errlen, "gpgpu_l1_latency/ccgpu_l1_ports: at most 4096 cycles and 64 ports");
        return -1;
    }
    if (c->smem_banks == 0 || c->smem_banks > 64) {
        snprintf(err, errlen, "gpgpu_shmem_num_banks: %u (1 to 64)", c->smem_banks);
        return -1;
    }
    if (c->warp_parts == 0 || c->warp_parts > 32 || 32 % c->warp_parts) {
        snprintf(err, errlen, "gpgpu_shmem_warp_parts: %u does not divide 32", c->warp_parts);
        return -1;
    }
    if (c->max_loads == 0)
        c->max_loads = 4 * c->n_slots;
    const char *il1 = config_get_str(store, "gpgpu_cache:il1", NULL);
    uint32_t perfect_inst = 0;
    if (config_get_u32(store, "gpgpu_perfect_inst_const_cache", 0, &perfect_inst, err, errlen))
        return -1;
    const char *cl1 = config_get_str(store, "gpgpu_const_cache:l1", NULL);
    if (il1 && cache_config_parse(&c->il1, il1, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        return config_value_error(store, "gpgpu_cache:il1", err, errlen, "%s", inner);
    }
    if (cl1 && cache_config_parse(&c->cl1, cl1, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        return config_value_error(store, "gpgpu_const_cache:l1", err, errlen, "%s", inner);
    }
    c->icache = il1 && !perfect_inst && !c->il1.disabled;
    c->ccache = cl1 && !perfect_inst && !c->cl1.disabled;
    const char *l1 = config_get_str(store, "gpgpu_cache:dl1", SM_CONFIG_DEFAULT_L1);
    if (cache_config_parse(&c->l1, l1, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        return config_value_error(store, "gpgpu_cache:dl1", err, errlen, "%s", inner);
    }
    /* the same capacity with another associativity (SACAT Fig. 14) */
    uint32_t l1ways = 0;
    if (config_get_u32(store, "ccgpu_l1_assoc", 0, &l1ways, err, errlen))
        return -1;
    if (l1ways && !c->l1.disabled) {
        uint64_t lines = (uint64_t)c->l1.nsets * c->l1.assoc;
        if (lines % l1ways || ((lines / l1ways) & (lines / l1ways - 1)))
            return config_value_error(store, "ccgpu_l1_assoc", err, errlen,
                                      "%u ways do not divide the L1's %llu lines into a power of "
                                      "two of sets", l1ways, (unsigned long long)lines);
        c->l1.nsets = (uint32_t)(lines / l1ways);
        c->l1.assoc = l1ways;
        if (cache_config_validate(&c->l1, err, errlen)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", err);
            return config_value_error(store, "ccgpu_l1_assoc", err, errlen, "%s", inner);
        }
    }
    /* full policy specs (with arguments, or plugin:PATH) in place of the
     * cache string's replacement and index letters */
    static const char *const l1_keys[2] = { "ccgpu_l1_repl", "ccgpu_l1_index" };
    for (int k = 0; k < 2; k++) {
        const char *v = config_get_str(store, l1_keys[k], NULL);
        if (v && (c->l1.disabled ||
                  cache_config_set_policies(&c->l1, k ? NULL : v, k ? v : NULL, err, errlen))) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", c->l1.disabled ? "the L1 is disabled" : err);
            return config_value_error(store, l1_keys[k], err, errlen, "%s", inner);
        }
    }
    if (carveout_config_read(&c->carve, c, store, err, errlen))
        return -1;
    const char *s = config_get_str(store, "gpgpu_scheduler", "gto");
    const char *cs = config_get_str(store, "ccgpu_cta_sched", "rr");
    if (strlen(s) >= sizeof c->sched || strlen(cs) >= sizeof c->cta_sched) {
        snprintf(err, errlen, "gpgpu_scheduler/ccgpu_cta_sched: value too long");
        return -1;
    }
    snprintf(c->sched, sizeof c->sched, "%s", s);
    snprintf(c->cta_sched, sizeof c->cta_sched, "%s", cs);
    /* a trial instance checks the policy's arguments here, where the error
     * can name where the option was set */
    struct warp_sched trial;
    struct warp_sched_env env = { 0, c->n_slots, c->n_sched, 32 / c->simd_width, NULL };
    if (warp_sched_init(&trial, c->sched, &env, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        const char *msg = strncmp(inner, "gpgpu_scheduler", 15) ? inner : inner + 15;
        msg += strspn(msg, ": ");
        return config_value_error(store, "gpgpu_scheduler", err, errlen, "%s", msg);
    }
    warp_sched_free(&trial);
    const char *bp = config_get_str(store, "ccgpu_bypass", "none");
    if (strlen(bp) >= sizeof c->bypass) {
        snprintf(err, errlen, "ccgpu_bypass: value too long");
        return -1;
    }
    snprintf(c->bypass, sizeof c->bypass, "%s", bp);
    struct bypass btrial;
    struct bypass_env benv = { 0, NULL };
    if (bypass_init(&btrial, c->bypass, &benv, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        const char *msg = strncmp(inner, "ccgpu_bypass", 12) ? inner : inner + 12;
        msg += strspn(msg, ": ");
        return config_value_error(store, "ccgpu_bypass", err, errlen, "%s", msg);
    }
    bypass_free(&btrial);
    if (mrpb_config_read(&c->mrpb, store, err, errlen))
        return -1;
    if (c->mrpb.enabled && c->n_slots > 64) {
        snprintf(err, errlen, "ccgpu_mrpb: at most 64 warp slots (one queue each)");
        return -1;
    }
    return 0;
}
