/* Shared by ccgpu workset and ccgpu awss --bench: run a benchmark with the
 * per-CTA working-set observer attached. */
#ifndef CCGPU_CLI_WORKSET_CLI_H
#define CCGPU_CLI_WORKSET_CLI_H
#include "cli/options.h"
#include "cta/workset.h"

/* Runs benchmark `name` with o's options, collecting working sets with
 * line_bytes-byte lines into ws (initialised here; caller frees). *gpu gets
 * the GPU (caller destroys) for kernel names. Prints errors; returns 0, or 1
 * on failure (including a benchmark that fails its check), 2 on bad usage. */
int cli_workset_collect(const struct cli_run_options *o, const char *name, uint32_t line_bytes,
                        struct workset *ws, ccgpu **gpu);

#endif
