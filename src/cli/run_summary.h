/* What `ccgpu run` prints after its result line: the short summary of a
 * run's totals (the default), a table with one row per kernel launch
 * (--per-kernel), and each kernel's launch facts (occupancy). Every figure
 * carries its unit; the full statistics are ccgpu_stats_print's (--stats
 * all) and the JSON's. */
#ifndef CCGPU_CLI_RUN_SUMMARY_H
#define CCGPU_CLI_RUN_SUMMARY_H
#include "ccgpu.h"
#include <stdio.h>

/* One line per kernel (its first launch): registers, threads and CTAs per
 * SM, and what limits them; a carve-out line when carve-out options are set. */
void run_summary_occupancy(const ccgpu *gpu, FILE *out);
/* The totals a person reads first: time, issue rate, caches, DRAM, where
 * the schedulers' cycles went, and energy when the run has energy_*
 * statistics. */
void run_summary_totals(const ccgpu *gpu, FILE *out);
/* One row per launch: cycles, warp instructions, warp IPC, miss rates. */
void run_summary_per_kernel(const ccgpu *gpu, FILE *out);
/* What `--stats WHICH` (summary, all, total or none) and `--per-kernel`
 * print after a run: the occupancy lines and the chosen statistics, then
 * the per-launch table when per_kernel. */
void run_summary_print(const ccgpu *gpu, const char *which, int per_kernel, FILE *out);

#endif
