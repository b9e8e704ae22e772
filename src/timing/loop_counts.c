/* ccgpu_loop_counts: the report of a launch's loop work (docs/speed.md);
 * the counting itself is in the exact loop (gpu_timing.c, exact_loop). */
#include "timing/gpu_timing_state.h"
#include "util/text_input.h"
#include <stdio.h>
#include <string.h>

void gpu_timing_print_loop_counts(const struct gpu_timing *g, const struct isrc *l)
{
    uint64_t scans, cmds;
    memsys_dram_work(&g->mem, &scans, &cmds);
    scans -= g->lc.scans0;
    cmds -= g->lc.commands0;
    char name[80];
    const char *k = isrc_kernel_name(l);
    text_printable(name, sizeof name, k, strlen(k));
    if (g->link_on)
        fprintf(stderr, "ccgpu_loop_counts: kernel %s: (the lookahead loop counts no visits)",
                name);
    else
        fprintf(stderr,
                "ccgpu_loop_counts: kernel %s: %llu loop cycles, %llu memory-only cycles; %llu SM "
                "visits, %llu with something to do (%.3f visits each)",
                name, (unsigned long long)g->lc.cycles, (unsigned long long)g->lc.mem_cycles,
                (unsigned long long)g->lc.visits, (unsigned long long)g->lc.useful,
                g->lc.useful ? (double)g->lc.visits / (double)g->lc.useful : 0.0);
    fprintf(stderr, "; DRAM: %llu bank scans for %llu commands (%.3f each)\n",
            (unsigned long long)scans, (unsigned long long)cmds,
            cmds ? (double)scans / (double)cmds : 0.0);
}
