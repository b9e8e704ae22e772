/* ccgpu compare --belady; see belady.h. */
#include "cli/belady.h"
#include "analysis/l1replay.h"
#include "gpu/config.h"
#include "timing/sm_config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_belady_prepare(struct cli_belady *b, ccgpu_config *cfg)
{
    const char *dir = getenv("TMPDIR");
    cli_belady_cleanup(b);
    snprintf(b->path, sizeof b->path, "%s/ccgpu-belady-XXXXXX", dir && dir[0] ? dir : "/tmp");
    int fd = mkstemp(b->path);
    if (fd < 0) {
        fprintf(stderr, "ccgpu compare: cannot create a temporary trace in %s: %s\n",
                dir && dir[0] ? dir : "/tmp", strerror(errno));
        b->path[0] = 0;
        return -1;
    }
    close(fd);
    if (ccgpu_config_set(cfg, "ccgpu_trace_l1", b->path)) {
        fprintf(stderr, "ccgpu compare: %s\n", ccgpu_config_error(cfg));
        cli_belady_cleanup(b);
        return -1;
    }
    return 0;
}

int cli_belady_mpki(struct cli_belady *b, const ccgpu_config *cfg, double *mpki)
{
    char dl1[256], err[512];
    snprintf(dl1, sizeof dl1, "%s", config_get_str(cfg, "gpgpu_cache:dl1", SM_CONFIG_DEFAULT_L1));
    struct l1replay rp;
    struct cachesim_run_result res;
    uint64_t insts = 0;
    int rc = -1;
    if (l1replay_init(&rp, dl1, b->bypass ? CACHESIM_OPT_BYPASS : CACHESIM_OPT, 0, err,
                      sizeof err) == 0 &&
        l1replay_file(&rp, b->path, &res, &insts, err, sizeof err) == 0) {
        *mpki = insts ? 1000.0 * (double)cachesim_stats_misses(&res.stats) / (double)insts : 0.0;
        rc = 0;
    } else {
        fprintf(stderr, "ccgpu compare: --belady: %s\n", err);
    }
    cli_belady_cleanup(b);
    return rc;
}

void cli_belady_cleanup(struct cli_belady *b)
{
    if (b->path[0])
        remove(b->path);
    b->path[0] = 0;
}
