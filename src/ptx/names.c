/* Name tables for messages and disassembly. */
#include "ptx/ir.h"

static const char *const opcode_names[] = {
#define PTX_OP(e, s, c) s,
#include "ptx/opcodes.def"
#undef PTX_OP
};

const char *ptx_opcode_name(enum ptx_opcode op)
{
    return (unsigned)op < PTX_OP_COUNT ? opcode_names[op] : "?";
}

const char *ptx_type_name(enum ptx_type t)
{
    static const char *const names[PTX_T_COUNT] = {
        "none", "pred", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
        "s8", "s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "tf32", "f32", "f64",
    };
    return (unsigned)t < PTX_T_COUNT ? names[t] : "?";
}

const char *ptx_space_name(enum ptx_space s)
{
    static const char *const names[PTX_SPACE_COUNT] = {
        "none", "generic", "global", "shared", "local", "const", "param", "tex",
    };
    return (unsigned)s < PTX_SPACE_COUNT ? names[s] : "?";
}
