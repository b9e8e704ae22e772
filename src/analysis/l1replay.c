/* The timing model's L1D as a trace-driven cache; see l1replay.h. */
#include "analysis/l1replay.h"
#include <stdio.h>
#include <string.h>

static enum cachesim_writes write_mode(enum cache_write_policy wp, int write_allocate)
{
    switch (wp) {
    case CACHE_WRITE_EVICT:
    case CACHE_READ_ONLY:
        return CACHESIM_WRITES_EVICT;
    case CACHE_WRITE_BACK:
        return write_allocate ? CACHESIM_WRITES_ALLOCATE : CACHESIM_WRITES_THROUGH;
    default:
        return CACHESIM_WRITES_THROUGH;
    }
}

int l1replay_init(struct l1replay *r, const char *dl1, enum cachesim_policy policy, int locality,
                  char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    char e[256];
    if (cache_config_parse(&r->l1, dl1, e, sizeof e)) {
        snprintf(err, errlen, "gpgpu_cache:dl1: %s", e);
        return -1;
    }
    if (r->l1.disabled) {
        snprintf(err, errlen, "gpgpu_cache:dl1 is none: there is no L1D to trace");
        return -1;
    }
    struct cachesim_config *c = &r->run.cache;
    c->policy = policy;
    if (policy == CACHESIM_REPL) { /* the L1's own policy */
        int p = cachesim_policy_parse(r->l1.repl);
        c->policy = p == CACHESIM_LRU || p == CACHESIM_FIFO ? (enum cachesim_policy)p : CACHESIM_REPL;
        c->repl = r->l1.repl;
    }
    c->size = (uint64_t)r->l1.nsets * r->l1.assoc * r->l1.line_size;
    c->assoc = r->l1.assoc;
    c->line_size = r->l1.line_size;
    c->index = r->l1.index;
    c->seed = 1;
    enum cache_write_policy wp = r->l1.write_policy;
    c->writes = write_mode(wp == CACHE_WRITE_LOCAL_WB_GLOBAL_WT ? CACHE_WRITE_THROUGH : wp,
                           r->l1.write_allocate);
    c->local_writes = write_mode(wp == CACHE_WRITE_LOCAL_WB_GLOBAL_WT ? CACHE_WRITE_BACK : wp,
                                 r->l1.write_allocate);
    r->run.per_sm = 1;
    r->run.locality = locality;
    r->run.flush_kernels = 1;
    return 0;
}

int l1replay_file(const struct l1replay *r, const char *path, struct cachesim_run_result *res,
                  uint64_t *insts, char *err, size_t errlen)
{
    char e[512];
    struct trace_reader *rd = trace_reader_open(path, e, sizeof e);
    if (!rd) {
        snprintf(err, errlen, "%s", e);
        return -1;
    }
    const struct trace_header *h = trace_reader_header(rd);
    int rc = -1;
    if (h->level != TRACE_LEVEL_L1 || h->line_size != r->l1.line_size) {
        snprintf(err, errlen, "%s: an L%u trace of %u-byte lines, not an L1D trace of %u-byte lines",
                 path, h->level, h->line_size, r->l1.line_size);
        goto done;
    }
    if (insts)
        *insts = h->insts;
    /* the cache config points into r (index name): copy, keep r const */
    struct cachesim_run_config cfg = r->run;
    struct access_source src;
    access_source_reader(&src, rd);
    if (cachesim_run(&cfg, &src, res, e, sizeof e)) {
        snprintf(err, errlen, "%s", e);
        goto done;
    }
    rc = 0;
done:
    trace_reader_close(rd);
    return rc;
}
