/* L2 access-stream recording; see l2trace.h. */
#include "timing/l2trace.h"
#include "gpu/config.h"
#include "mem/memsys.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_access(void *ctx, uint64_t block, int32_t warp, int is_write, enum cache_outcome o,
                      enum cache_fail f)
{
    struct l2trace *t = ctx;
    (void)f;
    if (o == CACHE_RESERVATION_FAIL)
        return; /* retried: recorded when accepted */
    struct trace_record r = {
        .block = block,
        .warp = warp < 0 ? 0 : (uint32_t)warp,
        .slot = warp < 0 ? 0 : (uint16_t)warp,
        .kernel = (uint16_t)t->kernel,
        .write = (uint8_t)(is_write != 0),
        .kind = TRACE_KIND_GLOBAL,
    };
    trace_writer_append(t->w, &r); /* errors are sticky: seen at the launch's end */
}

int l2trace_open(struct l2trace **out, const struct ccgpu_config *store, struct memsys *m,
                 const char *config, uint32_t line_size, char *err, size_t errlen)
{
    *out = NULL;
    const char *path = config_get_str(store, "ccgpu_trace_l2", "");
    if (!path[0])
        return 0;
    if (!strcmp(path, config_get_str(store, "ccgpu_trace_l1", ""))) {
        snprintf(err, errlen, "ccgpu_trace_l1 and ccgpu_trace_l2 name the same file %s", path);
        return -1;
    }
    struct l2trace *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "ccgpu_trace_l2: out of memory");
        return -1;
    }
    char e[300];
    if (!(t->w = trace_writer_open(path, config, TRACE_LEVEL_L2, line_size, e, sizeof e))) {
        snprintf(err, errlen, "ccgpu_trace_l2: %s", e);
        free(t);
        return -1;
    }
    struct cache_hooks h = { .ctx = t, .on_access = on_access };
    memsys_set_l2_hooks(m, &h);
    *out = t;
    return 0;
}

static int check(struct l2trace *t, char *err, size_t errlen)
{
    const char *e = trace_writer_error(t->w);
    if (!e)
        return 0;
    snprintf(err, errlen, "ccgpu_trace_l2: %s", e);
    return -1;
}

int l2trace_kernel(struct l2trace *t, const char *name, char *err, size_t errlen)
{
    t->kernel = trace_writer_add_kernel(t->w, name);
    return check(t, err, errlen);
}

int l2trace_launch_end(struct l2trace *t, uint64_t insts, char *err, size_t errlen)
{
    trace_writer_set_insts(t->w, insts);
    trace_writer_flush(t->w);
    return check(t, err, errlen);
}

void l2trace_discard(struct l2trace *t)
{
    if (!t)
        return;
    trace_writer_discard(t->w);
    free(t);
}

void l2trace_close(struct l2trace *t)
{
    if (!t)
        return;
    char e[300];
    if (trace_writer_close(t->w, e, sizeof e))
        fprintf(stderr, "ccgpu_trace_l2: %s\n", e);
    free(t);
}
