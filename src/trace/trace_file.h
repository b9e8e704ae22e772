/* Accel-Sim SASS kernel traces (kernel-N.traceg, plain or .xz): the header
 * and, one CTA at a time as the timing model asks for it, each warp's
 * instructions. The file is read forward; CTAs it passes on the way to the
 * one asked for are remembered by their offset (a plain file: read again
 * from there when asked for) or, through a pipe (xz -dc), read into memory
 * until asked for. With CTAs asked for in file order (the default CTA
 * dispatch, and the order the tracer writes them) memory holds only the
 * resident CTAs. Format: docs/traces.md. */
#ifndef CCGPU_TRACE_TRACE_FILE_H
#define CCGPU_TRACE_TRACE_FILE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "trace/sass_opcodes.h"

#define TRACE_MAX_REGS 14 /* destinations + sources of one instruction (timing/tinst.h) */
#define TRACE_OP_UNKNOWN 0xffffu

/* address encodings of a memory instruction (the file's 0, 1, 2 plus none) */
enum { TRACE_ADDR_NONE, TRACE_ADDR_LIST, TRACE_ADDR_STRIDE, TRACE_ADDR_DELTA };
enum {
    TRACE_F_STRONG_GPU = 1, /* .STRONG.GPU: coherent at the L2, bypasses the L1 */
    TRACE_F_ARRIVE = 2,     /* BAR.ARV: arrives without waiting */
    TRACE_F_TMA = 4,        /* a TMA transfer: its addresses are not read */
};

struct trace_inst {
    uint32_t pc, mask;  /* mask: lanes that execute (active and guard true) */
    uint32_t addr;      /* its addresses' index in the warp's pool */
    uint16_t op;        /* index in the opcode table, TRACE_OP_UNKNOWN */
    uint8_t ndst, nsrc;
    uint8_t width;      /* bytes per lane (memory) */
    uint8_t amode;      /* TRACE_ADDR_* */
    uint8_t flags;      /* TRACE_F_* */
    uint8_t pad;
    uint16_t reg[TRACE_MAX_REGS]; /* destinations, then sources */
};

struct trace_warp_insts {
    struct trace_inst *v;
    uint32_t n, cap;
    uint64_t *addr; /* LIST: the lanes' addresses; STRIDE: base, stride;
                     * DELTA: base, then one delta per further lane */
    uint32_t naddr, capaddr;
};

struct trace_cta_insts {
    uint32_t id, nwarps;
    struct trace_warp_insts *w;
};

struct trace_header {
    char kernel_name[256];
    uint32_t kernel_id, grid[3], block[3];
    uint32_t shmem, nregs, binary_version, trace_version, lineinfo;
    uint64_t stream, shmem_base, local_base;
    char nvbit_version[32];
};

struct trace_unknown {
    char name[SASS_NAME_MAX];
    uint64_t count;
};

struct trace_file;

/* Opens path and reads its header. tables: the opcode table for the
 * header's binary version is asked of get_table(ctx, arch) unless arch
 * names one; NULL from it is an error. warn (may be NULL) receives
 * one-line warnings (an implausible header field and what is used
 * instead). NULL with "PATH:LINE: message" in err. */
typedef const struct sass_table *(*trace_table_fn)(void *ctx, const char *arch, char *err,
                                                    size_t errlen);
struct trace_file *trace_file_open(const char *path, const char *arch, trace_table_fn get_table,
                                   void *ctx, void (*warn)(void *ctx, const char *msg), char *err,
                                   size_t errlen);
void trace_file_close(struct trace_file *f);
const struct trace_header *trace_file_header(const struct trace_file *f);
const struct sass_table *trace_file_table(const struct trace_file *f);
uint32_t trace_file_num_ctas(const struct trace_file *f);
uint32_t trace_file_warps_per_cta(const struct trace_file *f);
/* Registers per thread from the header (a fallback when implausible). */
uint32_t trace_file_regs(const struct trace_file *f);
/* CTA cta_linear's instructions (NULL with the message in err: malformed,
 * not in the file, or already read from a pipe). Free with
 * trace_cta_insts_free. */
struct trace_cta_insts *trace_file_read_cta(struct trace_file *f, uint32_t cta_linear, char *err,
                                            size_t errlen);
void trace_cta_insts_free(struct trace_cta_insts *c);
/* Opcodes not in the table, with their counts, in order of first sight. */
const struct trace_unknown *trace_file_unknown(const struct trace_file *f, uint32_t *n);
/* Instructions read so far (lines of CTAs parsed, each once). */
uint64_t trace_file_insts_read(const struct trace_file *f);
/* The opcode table entry of an instruction, NULL for an unknown opcode. */
static inline const struct sass_opcode *trace_inst_opcode(const struct sass_table *t,
                                                          const struct trace_inst *in)
{
    return in->op == TRACE_OP_UNKNOWN ? NULL : &t->ops[in->op];
}
/* Parses one instruction line into w (the line without its newline;
 * lineinfo: it starts with a source line number). -1 with a message (no
 * file or line: the caller adds them). Exposed for the fuzz harness. */
int trace_parse_inst(const char *line, int lineinfo, const struct sass_table *tab,
                     struct trace_warp_insts *w, struct trace_unknown **unk, uint32_t *nunk,
                     char *err, size_t errlen);

#endif
