/* ccgpu_inst_info: what the policy API (include/ccgpu_policy.h) tells a
 * policy about an instruction, so that policies never read the decoded IR. */
#include "ccgpu_policy.h"
#include "ptx/ir.h"

static enum ccgpu_inst_kind kind_of(const struct ptx_inst *inst)
{
    switch (inst->op) {
    case PTX_OP_LD:
    case PTX_OP_LDU:
        return CCGPU_INST_LOAD;
    case PTX_OP_ST:
        return CCGPU_INST_STORE;
    case PTX_OP_ATOM:
    case PTX_OP_RED:
        return CCGPU_INST_ATOMIC;
    case PTX_OP_PREFETCH:
    case PTX_OP_PREFETCHU:
        return CCGPU_INST_PREFETCH;
    default:
        break;
    }
    switch (inst->opclass) {
    case PTX_CLASS_ALU:
        return CCGPU_INST_ALU;
    case PTX_CLASS_SFU:
        return CCGPU_INST_SFU;
    case PTX_CLASS_DP:
        return CCGPU_INST_DP;
    case PTX_CLASS_MEM:
        return CCGPU_INST_OTHER_MEM;
    case PTX_CLASS_MEMBAR:
    case PTX_CLASS_BARRIER:
        return CCGPU_INST_BARRIER;
    case PTX_CLASS_BRANCH:
    case PTX_CLASS_CALL:
    case PTX_CLASS_RET:
    case PTX_CLASS_EXIT:
        return CCGPU_INST_BRANCH;
    default:
        return CCGPU_INST_OTHER;
    }
}

static enum ccgpu_mem_space space_of(const struct ptx_inst *inst)
{
    switch (inst->space) {
    case PTX_SPACE_GENERIC: return CCGPU_MEM_GENERIC;
    case PTX_SPACE_GLOBAL: return CCGPU_MEM_GLOBAL;
    case PTX_SPACE_SHARED: return CCGPU_MEM_SHARED;
    case PTX_SPACE_LOCAL: return CCGPU_MEM_LOCAL;
    case PTX_SPACE_CONST: return CCGPU_MEM_CONST;
    case PTX_SPACE_PARAM: return CCGPU_MEM_PARAM;
    case PTX_SPACE_TEX: return CCGPU_MEM_TEX;
    default: return CCGPU_MEM_NONE;
    }
}

void ccgpu_inst_info(const struct ptx_inst *inst, struct ccgpu_inst_info *out)
{
    out->kind = kind_of(inst);
    out->space = out->kind == CCGPU_INST_ALU || out->kind == CCGPU_INST_SFU ||
                         out->kind == CCGPU_INST_DP || out->kind == CCGPU_INST_BRANCH ||
                         out->kind == CCGPU_INST_OTHER
                     ? CCGPU_MEM_NONE
                     : space_of(inst);
    out->l1_bypass = out->kind == CCGPU_INST_LOAD && inst->cache == PTX_CACHE_CG;
    out->ptx_line = inst->line;
    out->opcode = ptx_opcode_name((enum ptx_opcode)inst->op);
}
