#include "cli/run_summary.h"
#include <string.h>

void run_summary_occupancy(const ccgpu *gpu, FILE *out)
{
    int n = ccgpu_num_kernels(gpu);
    for (int k = 0; k < n; k++) {
        const char *name = ccgpu_kernel_name(gpu, k);
        int seen = 0;
        for (int j = 0; j < k && !seen; j++)
            seen = !strcmp(name, ccgpu_kernel_name(gpu, j));
        struct ccgpu_launch_info li;
        if (seen || ccgpu_launch_info(gpu, k, &li) != 0)
            continue;
        fprintf(out,
                "occupancy %s: %u registers/thread (%s), %u threads/CTA, %u CTAs = %u warps per "
                "SM, limited by %s\n",
                name, li.regs_per_thread,
                li.regs_from_ptxas    ? "ptxas"
                : li.regs_from_config ? "ccgpu_regs_per_thread"
                                      : "estimate",
                li.threads_per_cta, li.ctas_per_sm, li.warps_per_sm, ccgpu_limit_name(li.limit));
        if (li.carveout) /* only then: the line is as before without carve-out options */
            fprintf(out, "carve-out %s: %s\n", name, li.carveout_desc);
    }
}

static double stat(const ccgpu *gpu, const char *name, int kernel)
{
    double v = 0;
    ccgpu_stat(gpu, name, kernel, &v);
    return v;
}

/* v with thousands separators ("36,541"), into buf. */
static const char *grouped(double v, char *buf, size_t len)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%.0f", v < 0 ? 0 : v);
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n && o + 2 < len; i++) {
        if (i && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = 0;
    return buf;
}

static double percent(double part, double whole)
{
    return whole > 0 ? 100.0 * part / whole : 0.0;
}

static void cache_line(const ccgpu *gpu, FILE *out, const char *label, const char *prefix)
{
    char name[64], a[32];
    snprintf(name, sizeof name, "%s.accesses", prefix);
    double accesses = stat(gpu, name, -1);
    snprintf(name, sizeof name, "%s.misses", prefix);
    double misses = stat(gpu, name, -1), insts = stat(gpu, "warp_instructions", -1);
    fprintf(out, "  %-14s %s accesses, miss rate %.2f %%, %.2f MPKI\n", label,
            grouped(accesses, a, sizeof a), percent(misses, accesses),
            insts > 0 ? 1000.0 * misses / insts : 0.0);
}

/* Where the schedulers' issue slots went, as shares of sched.cycles. */
static void stall_lines(const ccgpu *gpu, FILE *out)
{
    static const struct {
        const char *stat, *label;
    } outcome[] = {
        { "sched.issued", "issued an instruction" },
        { "sched.idle_no_warp", "idle: no warp had an instruction ready" },
        { "sched.stall_scoreboard", "stalled: operands pending (scoreboard)" },
        { "sched.stall_mem", "stalled: LD/ST unit busy" },
        { "sched.stall_unit", "stalled: function unit busy" },
        { "sched.stall_barrier", "stalled: warps at a barrier" },
        { "sched.throttled", "throttled by the scheduling policy" },
    };
    char a[32];
    double slots = stat(gpu, "sched.cycles", -1);
    fprintf(out, "  scheduler issue slots (%s = SMs x schedulers x cycles), in %% of them:\n",
            grouped(slots, a, sizeof a));
    for (size_t i = 0; i < sizeof outcome / sizeof outcome[0]; i++)
        fprintf(out, "    %-42s %6.2f %%\n", outcome[i].label,
                percent(stat(gpu, outcome[i].stat, -1), slots));
}

/* The energy statistics (energy_* or energy.*), when the run has them;
 * their names carry their units. At most ENERGY_LINES, so the summary stays
 * short; the rest are counted. */
enum { ENERGY_LINES = 10 };

static void energy_lines(const ccgpu *gpu, FILE *out)
{
    int found = 0, n = ccgpu_stat_count(gpu);
    for (int i = 0; i < n; i++) {
        const char *name = ccgpu_stat_name(gpu, i);
        if (!name || strncmp(name, "energy", 6) != 0)
            continue;
        if (!found++)
            fprintf(out, "  energy (units as each statistic's name gives them):\n");
        if (found <= ENERGY_LINES)
            fprintf(out, "    %-42s %.6g\n", name, stat(gpu, name, -1));
    }
    if (found > ENERGY_LINES)
        fprintf(out, "    (%d more energy statistics: --stats total)\n", found - ENERGY_LINES);
}

void run_summary_totals(const ccgpu *gpu, FILE *out)
{
    struct ccgpu_device_facts f;
    ccgpu_device_facts(gpu, &f);
    char a[32], b[32];
    double kernels = stat(gpu, "kernels", -1), warp = stat(gpu, "warp_instructions", -1);
    fprintf(out, "summary: %.0f kernel launch%s, %s CTAs, %s model\n", kernels,
            kernels == 1 ? "" : "es", grouped(stat(gpu, "ctas", -1), a, sizeof a),
            f.timing ? "timing" : "functional");
    fprintf(out, "  %-14s %s warp, %s thread\n", "instructions", grouped(warp, a, sizeof a),
            grouped(stat(gpu, "thread_instructions", -1), b, sizeof b));
    if (f.timing) {
        double cycles = stat(gpu, "cycles", -1);
        fprintf(out, "  %-14s %s core cycles (%.3f ms at %.0f MHz)\n", "time",
                grouped(cycles, a, sizeof a), f.core_mhz > 0 ? cycles / (f.core_mhz * 1e3) : 0.0,
                f.core_mhz);
        fprintf(out, "  %-14s %.4f warp instructions per cycle, whole GPU (thread IPC %.2f)\n",
                "warp IPC", stat(gpu, "warp_ipc", -1), stat(gpu, "thread_ipc", -1));
        fprintf(out, "  %-14s %.2f per SM per cycle, on average\n", "active warps",
                stat(gpu, "warps.active_avg", -1));
        cache_line(gpu, out, "L1D", "l1d");
        cache_line(gpu, out, "L2", "l2");
        fprintf(out, "  %-14s (MPKI: misses per 1,000 warp instructions)\n", "");
        double dcycles = f.core_mhz > 0 ? stat(gpu, "cycles", -1) * f.dram_mhz / f.core_mhz : 0;
        double reads = stat(gpu, "dram.reads", -1), writes = stat(gpu, "dram.writes", -1);
        fprintf(out, "  %-14s %s reads, %s writes, row-buffer hits %.1f %%, data bus busy %.1f %% "
                     "(of DRAM cycles, all channels)\n",
                "DRAM", grouped(reads, a, sizeof a), grouped(writes, b, sizeof b),
                percent(stat(gpu, "dram.row_hits", -1), reads + writes),
                percent(stat(gpu, "dram.busy_cycles", -1), dcycles * f.mem_partitions));
        fprintf(out, "  %-14s %.1f core cycles, average, SM to reply\n", "read latency",
                stat(gpu, "mem.avg_read_latency", -1));
        stall_lines(gpu, out);
    }
    energy_lines(gpu, out);
    fprintf(out, "(every statistic: --stats all or --json FILE; per kernel launch: --per-kernel)\n");
}

void run_summary_per_kernel(const ccgpu *gpu, FILE *out)
{
    struct ccgpu_device_facts f;
    ccgpu_device_facts(gpu, &f);
    int n = ccgpu_num_kernels(gpu);
    if (!f.timing) {
        fprintf(out, "%6s %-24s %14s %16s\n", "launch", "kernel", "warp insts", "thread insts");
        for (int k = 0; k < n; k++)
            fprintf(out, "%6d %-24.24s %14.0f %16.0f\n", k, ccgpu_kernel_name(gpu, k),
                    stat(gpu, "warp_instructions", k), stat(gpu, "thread_instructions", k));
        return;
    }
    fprintf(out, "%6s %-24s %12s %12s %9s %9s %9s %9s %10s\n", "launch", "kernel", "cycles",
            "warp insts", "warp IPC", "L1D miss", "L1D MPKI", "L2 miss", "DRAM reads");
    fprintf(out, "%6s %-24s %12s %12s %9s %9s %9s %9s %10s\n", "", "", "(core)", "", "(/cycle)",
            "(%)", "(/1k wi)", "(%)", "");
    for (int k = 0; k < n; k++) {
        double warp = stat(gpu, "warp_instructions", k), l1m = stat(gpu, "l1d.misses", k);
        fprintf(out, "%6d %-24.24s %12.0f %12.0f %9.4f %9.2f %9.2f %9.2f %10.0f\n", k,
                ccgpu_kernel_name(gpu, k), stat(gpu, "cycles", k), warp,
                stat(gpu, "warp_ipc", k), percent(l1m, stat(gpu, "l1d.accesses", k)),
                warp > 0 ? 1000.0 * l1m / warp : 0.0,
                percent(stat(gpu, "l2.misses", k), stat(gpu, "l2.accesses", k)),
                stat(gpu, "dram.reads", k));
    }
    fprintf(out, "(MPKI: L1D misses per 1,000 warp instructions; miss: misses in %% of "
                 "accesses)\n");
}

void run_summary_print(const ccgpu *gpu, const char *which, int per_kernel, FILE *out)
{
    if (strcmp(which, "none") != 0) {
        run_summary_occupancy(gpu, out);
        if (!strcmp(which, "all"))
            ccgpu_stats_print(gpu, out);
        else if (!strcmp(which, "total"))
            ccgpu_stats_print_total(gpu, out);
        else
            run_summary_totals(gpu, out);
    }
    if (per_kernel)
        run_summary_per_kernel(gpu, out);
}
