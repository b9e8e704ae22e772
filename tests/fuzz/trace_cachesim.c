/* Bytes as a binary trace file -> the trace reader (header, kernel table,
 * records, checksum) and the trace cache simulator with OPT (two passes) and
 * the locality breakdown, one cache per SM. */
#include "fuzz.h"
#include "analysis/cachesim_run.h"
#include <stdio.h>
#include <unistd.h>

static int fuzz_trace_cachesim(const uint8_t *data, size_t size)
{
    char path[64];
    if (fuzz_to_file(data, size, "trace", path, sizeof path)) {
        remove(path);
        return 0;
    }
    char err[256];
    struct trace_reader *rd = trace_reader_open(path, err, sizeof err);
    if (rd) {
        struct access_source src;
        access_source_reader(&src, rd);
        struct cachesim_run_config cfg = { 0 };
        cfg.cache.policy = CACHESIM_OPT;
        cfg.cache.size = 4096;
        cfg.cache.assoc = 4;
        cfg.cache.line_size = trace_reader_header(rd)->line_size;
        cfg.per_sm = 1;
        cfg.locality = 1;
        cfg.flush_kernels = 1;
        struct cachesim_run_result res;
        cachesim_run(&cfg, &src, &res, err, sizeof err);
        trace_reader_close(rd);
    }
    remove(path);
    return 0;
}
FUZZ_ENTRY(trace_cachesim)
