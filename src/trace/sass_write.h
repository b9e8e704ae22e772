/* Writes ccgpu's own runs as Accel-Sim SASS traces (kernelslist.g and one
 * kernel-N.traceg per launch, tracer format version 5), so that tests can
 * replay a PTX run with trace-run and compare: every executed warp
 * instruction becomes a line with its PC (instruction index x 16), its
 * executing lanes, its registers (PTX register slots; predicate p as
 * register nregs + p), a SASS-like opcode named from the PTX instruction
 * (configs/sass/volta.txt names) and, for memory instructions, its lane
 * addresses (shared and local offsets placed in windows at the header's
 * base addresses). A launch's trace is held in memory until the launch
 * ends. */
#ifndef CCGPU_TRACE_SASS_WRITE_H
#define CCGPU_TRACE_SASS_WRITE_H
#include <stddef.h>
#include <stdint.h>
#include "ptx/engine.h"

struct tinst;
struct sass_writer;

/* Creates dir (if needed) and dir/kernelslist.g. NULL with a message.
 * nvbit_regs 1: each line lists at most its first destination and first
 * four sources, as NVBit's tracer records them and Accel-Sim's parser
 * accepts (ccgpu_sass_trace_nvbit_regs); 0: every register. */
struct sass_writer *sass_writer_create(const char *dir, int nvbit_regs, char *err,
                                       size_t errlen);
/* Closes the list; -1 with a message if a write failed. */
int sass_writer_close(struct sass_writer *w, char *err, size_t errlen);
/* A host copy (to_device 1: MemcpyHtoD, else MemcpyDtoH). */
void sass_writer_copy(struct sass_writer *w, uint64_t addr, uint64_t bytes, int to_device);
/* A launch begins: its shape. -1 on out of memory. */
int sass_writer_kernel_begin(struct sass_writer *w, const char *name, const uint32_t grid[3],
                              const uint32_t block[3], uint32_t shmem, uint32_t nregs);
/* Every executed warp instruction of the launch (the SM's issue tap). */
void sass_writer_tap(void *w, const struct ptx_dyninst *d, const struct tinst *ti);
/* The launch's trace file, and its line in kernelslist.g. -1 with a message. */
int sass_writer_kernel_end(struct sass_writer *w, char *err, size_t errlen);

/* the base addresses the writer gives shared and local memory */
#define SASS_WRITE_SHMEM_BASE 0x00007f0000000000ull
#define SASS_WRITE_LOCAL_BASE 0x00007f0001000000ull
/* the registers a line lists with nvbit_regs */
#define SASS_WRITE_NVBIT_DSTS 1u
#define SASS_WRITE_NVBIT_SRCS 4u

#endif
