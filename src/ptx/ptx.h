/* PTX front end: text -> decoded module (src/ptx/ir.h).
 * Parsing, decoding, symbol layout and control-flow analysis (reconvergence
 * points at immediate post-dominators) all happen here, once, at load time. */
#ifndef CCGPU_PTX_PTX_H
#define CCGPU_PTX_PTX_H
#include "ptx/ir.h"
#include <stddef.h>

/* Parses `text`; `name` labels messages. On error returns NULL and writes
 * "NAME:LINE: message" into err (the first error only). An instruction
 * ccgpu does not implement is no error here: it stands in its function as a
 * PTX_OP_UNSUPPORTED instruction, and ptx_function.unsupported names it
 * (only launches of kernels that reach it fail; ptx_unsupported_opcode). */
struct ptx_module *ptx_parse(const char *text, const char *name, char *err, size_t errlen);
void ptx_module_free(struct ptx_module *m);
/* The i-th PTX opcode (first word) ccgpu names as not supported, or NULL
 * past the end of the list (for docs/ptx-support.md). */
const char *ptx_unsupported_opcode(unsigned i);

/* Function by exact name, or NULL. */
const struct ptx_function *ptx_find_function(const struct ptx_module *m, const char *name);
int ptx_find_function_index(const struct ptx_module *m, const char *name);

/* Writes one instruction back as PTX-like text (for traces and messages). */
int ptx_inst_format(const struct ptx_module *m, const struct ptx_function *f,
                    const struct ptx_inst *in, char *buf, size_t len);

/* The type of operand i of a decoded instruction: what an immediate there
 * was converted to (usually in->type; see operands.c for the exceptions). */
enum ptx_type ptx_operand_type(const struct ptx_inst *in, unsigned i);

/* How many operands of an mma or ldmatrix are register vectors, and how
 * many registers each holds (want[0..]: d, a, b, c; ldmatrix: d). */
unsigned ptx_mma_fragment_regs(const struct ptx_inst *in, unsigned want[4]);

/* Fills inst.reconv of every branch of every function (immediate
 * post-dominators of the control-flow graph); called by ptx_parse. */
int ptx_compute_reconvergence(struct ptx_module *m, char *err, size_t errlen);

/* Estimated physical registers per thread from PTX liveness (maximum number
 * of simultaneously live 32-bit register values, 64-bit counting twice, with
 * loads issued early as a scheduler would and callees' needs added at
 * calls), used for occupancy when ptxas figures are not available. On the
 * benchmark suite it is below ptxas -v by 5 registers on average (see
 * regalloc_estimate.c). */
uint32_t ptx_estimate_registers(const struct ptx_module *m, const struct ptx_function *f);

#endif
