/* The AWSS flow's profiling step (TODAES 2014, Fig. 5) for the awss: CTA
 * policy: before a timing run whose ccgpu_cta_sched is awss:..., the same
 * benchmark runs on the functional engine with the working-set observer
 * (src/cta/workset.c, lines of the L2's line size) and every launch's per-CTA working sets
 * in bytes are handed to the timing GPU (ccgpu_set_cta_worksets), and with
 * awss:...,footprint=union their line sets too (ccgpu_set_cta_linesets). Benchmarks
 * are deterministic, so launch k of the profile is launch k of the run. */
#include "cli/cta_profile.h"
#include "cli/workset_cli.h"
#include "gpu/config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_cta_profile_needed(const struct cli_run_options *o)
{
    const char *cs = config_get_str(o->cfg, "ccgpu_cta_sched", "rr");
    const char *mode = config_get_str(o->cfg, "ccgpu_mode", "timing");
    return !o->functional && strcmp(mode, "functional") != 0 &&
           (!strcmp(cs, "awss") || !strncmp(cs, "awss:", 5));
}

int cli_cta_profile(const struct cli_run_options *o, const char *bench, ccgpu *timing_gpu)
{
    const char *m = config_get_str(o->cfg, "ccgpu_mode", "timing");
    char mode[32];
    snprintf(mode, sizeof mode, "%s", m);
    struct workset ws;
    memset(&ws, 0, sizeof ws);
    ccgpu *fgpu = NULL;
    struct ccgpu_device_facts facts;
    ccgpu_device_facts(timing_gpu, &facts);
    int rc = cli_workset_collect(o, bench, facts.l2_line_bytes ? facts.l2_line_bytes : 128, &ws, &fgpu);
    /* cli_workset_collect switched the configuration to functional */
    if (ccgpu_config_set(o->cfg, "ccgpu_mode", mode) != 0 && rc == 0) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        rc = 1;
    }
    uint32_t nk = fgpu ? (uint32_t)ccgpu_num_kernels(fgpu) : 0;
    /* the per-CTA line sets only where the policy reads them */
    int want_sets = strstr(config_get_str(o->cfg, "ccgpu_cta_sched", ""), "footprint=union") != NULL;
    for (uint32_t k = 0; rc == 0 && k < nk; k++) {
        struct workset_launch st;
        memset(&st, 0, sizeof st);
        if (k < ws.nlaunches && workset_launch_stats(&ws, k, &st)) {
            fprintf(stderr, "ccgpu: out of memory measuring working sets\n");
            rc = 1;
            break;
        }
        uint64_t *bytes = malloc(((size_t)st.nctas + 1) * sizeof *bytes);
        if (bytes) {
            for (uint32_t c = 0; c < st.nctas; c++)
                bytes[c] = (uint64_t)st.cta[c].total * ws.line_bytes;
            if (ccgpu_set_cta_worksets(timing_gpu, (int)k, bytes, st.nctas))
                rc = 1;
            uint32_t *off = NULL, *lines = NULL, nlines = 0;
            if (rc == 0 && want_sets &&
                (workset_launch_linesets(&ws, k, st.nctas, &off, &lines, &nlines) ||
                 ccgpu_set_cta_linesets(timing_gpu, (int)k, st.nctas, off, lines, nlines)))
                rc = 1;
            free(off);
            free(lines);
        } else
            rc = 1;
        if (rc)
            fprintf(stderr, "ccgpu: out of memory measuring working sets\n");
        free(bytes);
        workset_launch_free(&st);
    }
    workset_free(&ws);
    ccgpu_destroy(fgpu);
    return rc;
}
