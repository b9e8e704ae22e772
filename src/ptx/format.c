/* Disassembly of one decoded instruction, for traces and messages. The
 * modifiers come out in a fixed order, which is valid PTX for the common
 * forms and readable for all. */
#include "ptx/ptx.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct out {
    char *buf;
    size_t len, pos;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->pos < o->len ? o->len - o->pos : 0;
    int n = vsnprintf(room ? o->buf + o->pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->pos += (size_t)n;
}

static const char *const cmp_names[] = { "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                                         "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
                                         "nan" };
static const char *const atom_names[] = { "", "add", "min", "max", "inc", "dec",
                                          "cas", "exch", "and", "or", "xor" };
static const char *const bool_names[] = { "", "and", "or", "xor", "popc" };
static const char *const round_names[] = { "", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi",
                                           "rna" };
static const char *const cache_names[] = { "", "ca", "cg", "cs", "lu", "cv", "wb", "wt" };
static const char *const shfl_names[] = { "up", "down", "bfly", "idx" };
static const char *const vote_names[] = { "all", "any", "uni", "ballot" };
static const char *const bar_names[] = { "sync", "arrive", "red", "warp.sync", "wait" };
static const char *const prmt_names[] = { "", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16" };
static const char *const testp_names[] = { "finite", "infinite", "number", "notanumber",
                                           "normal", "subnormal" };
static const char *const sreg_names[] = {
    "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid",
    "%gridid", "%clock", "%clock64", "%clock_hi", "%lanemask_eq", "%lanemask_le",
    "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%globaltimer", "%globaltimer_lo",
    "%globaltimer_hi", "%dynamic_smem_size", "%total_smem_size", "WARP_SZ", "%clusterid",
    "%nclusterid", "%cluster_ctaid", "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank",
    "%is_explicit_cluster",
};

#define NAME(tab, i) ((unsigned)(i) < sizeof tab / sizeof tab[0] ? tab[i] : "?")

static void flag(struct out *o, const struct ptx_inst *in, uint32_t bit, const char *name)
{
    if (in->flags & bit)
        put(o, ".%s", name);
}

/* .acquire, .release, or both written as .acq_rel */
static void memory_order(struct out *o, const struct ptx_inst *in)
{
    if ((in->flags & (PTX_F_ACQUIRE | PTX_F_RELEASE)) == (PTX_F_ACQUIRE | PTX_F_RELEASE))
        put(o, ".acq_rel");
    else {
        flag(o, in, PTX_F_ACQUIRE, "acquire");
        flag(o, in, PTX_F_RELEASE, "release");
    }
}

/* Modifiers in the order the PTX manual writes them. */
static void modifiers(struct out *o, const struct ptx_inst *in)
{
    switch (in->op) {
    case PTX_OP_SETP: case PTX_OP_SET:
        put(o, ".%s", NAME(cmp_names, in->mode));
        if (in->boolop)
            put(o, ".%s", NAME(bool_names, in->boolop));
        break;
    case PTX_OP_SHF:
        put(o, ".%s.%s", (in->flags & PTX_F_SHIFT_LEFT) ? "l" : "r",
            (in->flags & PTX_F_SHIFT_CLAMP) ? "clamp" : "wrap");
        break;
    case PTX_OP_SHFL: put(o, ".sync.%s", NAME(shfl_names, in->mode)); break;
    case PTX_OP_VOTE: put(o, ".sync.%s", NAME(vote_names, in->mode)); break;
    case PTX_OP_MATCH: put(o, ".%s.sync", NAME(vote_names, in->mode)); break;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        put(o, ".%s", NAME(bar_names, in->mode));
        if (in->boolop)
            put(o, ".%s", NAME(bool_names, in->boolop));
        if (in->op == PTX_OP_BARRIER && (in->flags & PTX_F_ALIGNED))
            put(o, ".aligned");
        break;
    case PTX_OP_TESTP: put(o, ".%s", NAME(testp_names, in->mode)); break;
    case PTX_OP_REDUX: put(o, ".sync.%s", NAME(atom_names, in->mode)); break;
    case PTX_OP_ELECT: put(o, ".sync"); break;
    default:
        break;
    }
    flag(o, in, PTX_F_VOLATILE, "volatile");
    flag(o, in, PTX_F_WEAK, "weak");
    flag(o, in, PTX_F_RELAXED, "relaxed");
    flag(o, in, PTX_F_SC, "sc");
    memory_order(o, in);
    flag(o, in, PTX_F_SCOPE_CTA, "cta");
    flag(o, in, PTX_F_SCOPE_GPU, in->op == PTX_OP_MEMBAR ? "gl" : "gpu");
    flag(o, in, PTX_F_SCOPE_SYS, "sys");
    flag(o, in, PTX_F_SCOPE_CLUSTER, "cluster");
    flag(o, in, PTX_F_TO_SPACE, "to");
    if (in->space > PTX_SPACE_GENERIC)
        put(o, ".%s", ptx_space_name((enum ptx_space)in->space));
    flag(o, in, PTX_F_NC, "nc");
    if (in->op == PTX_OP_ATOM || in->op == PTX_OP_RED)
        put(o, ".%s", NAME(atom_names, in->mode));
    if (in->cache)
        put(o, ".%s", NAME(cache_names, in->cache));
    if ((in->op == PTX_OP_PREFETCH || in->op == PTX_OP_PREFETCHU) && in->mode)
        put(o, ".L%u", in->mode);
    flag(o, in, PTX_F_HI, "hi");
    flag(o, in, PTX_F_LO, "lo");
    flag(o, in, PTX_F_WIDE, "wide");
    flag(o, in, PTX_F_SHIFTAMT, "shiftamt");
    if (in->round)
        put(o, ".%s", NAME(round_names, in->round));
    flag(o, in, PTX_F_APPROX, "approx");
    flag(o, in, PTX_F_FULL, "full");
    flag(o, in, PTX_F_FTZ, "ftz");
    flag(o, in, PTX_F_NOFTZ, "noftz");
    flag(o, in, PTX_F_SAT, "sat");
    flag(o, in, PTX_F_RELU, "relu");
    flag(o, in, PTX_F_NAN, "NaN");
    flag(o, in, PTX_F_UNI, "uni");
    flag(o, in, PTX_F_CC, "cc");
    if (in->vec > 1)
        put(o, ".v%u", in->vec);
    if (in->type)
        put(o, ".%s", ptx_type_name((enum ptx_type)in->type));
    if (in->stype && in->op != PTX_OP_SETP)
        put(o, ".%s", ptx_type_name((enum ptx_type)in->stype));
    if (in->op == PTX_OP_PRMT && in->mode)
        put(o, ".%s", NAME(prmt_names, in->mode));
}

static const char *reg_name(const struct ptx_function *f, uint32_t r)
{
    if (r == PTX_NO_INDEX)
        return "_";
    return f && f->reg_names && r < f->nregs ? f->reg_names[r] : "%?";
}

static void operand(struct out *o, const struct ptx_module *m, const struct ptx_function *f,
                    const struct ptx_inst *in, unsigned i)
{
    const struct ptx_operand *x = &in->ops[i];
    const char *sym = m && x->index < m->nsyms ? m->syms[x->index].name : "?";
    switch (x->kind) {
    case PTX_OPND_REG: put(o, "%s", reg_name(f, x->index)); break;
    case PTX_OPND_PRED:
        put(o, "%s%s", (x->flags & PTX_OPNDF_NOT) ? "!" : "",
            f && f->pred_names && x->index < f->npreds ? f->pred_names[x->index] : "%p?");
        break;
    case PTX_OPND_IMM: {
        enum ptx_type t = ptx_operand_type(in, i);
        unsigned bytes = ptx_type_bytes(t);
        if (t == PTX_T_F32)
            put(o, "0f%08" PRIX32, (uint32_t)x->value);
        else if (t == PTX_T_F64)
            put(o, "0d%016" PRIX64, (uint64_t)x->value);
        else if (bytes && t != PTX_T_PRED && (uint64_t)x->value >> (8 * bytes - 1))
            /* the top bit set: negative, as nvcc writes it */
            put(o, "%" PRId64, bytes == 8 ? x->value
                               : bytes == 4 ? (int64_t)(int32_t)x->value
                               : bytes == 2 ? (int64_t)(int16_t)x->value
                                            : (int64_t)(int8_t)x->value);
        else
            put(o, "%" PRIu64, (uint64_t)x->value);
        break;
    }
    case PTX_OPND_SREG:
        put(o, "%s", NAME(sreg_names, x->index));
        if (x->index <= PTX_SREG_NCTAID ||
            (x->index >= PTX_SREG_CLUSTERID && x->index <= PTX_SREG_CLUSTER_NCTAID))
            put(o, ".%c", 'x' + x->dim);
        break;
    case PTX_OPND_SYMBOL:
        put(o, "%s", sym);
        if (x->value)
            put(o, "+%" PRId64, x->value);
        break;
    case PTX_OPND_ADDR_REG:
    case PTX_OPND_ADDR_SYM:
        put(o, "[%s", x->kind == PTX_OPND_ADDR_REG ? reg_name(f, x->index) : sym);
        if (x->value)
            put(o, "+%" PRId64, x->value);
        put(o, "]");
        break;
    case PTX_OPND_ADDR_IMM: put(o, "[%" PRId64 "]", x->value); break;
    case PTX_OPND_VEC:
        put(o, "{");
        for (unsigned k = 0; k < x->count; k++)
            put(o, "%s%s", k ? ", " : "", f ? reg_name(f, f->vec_pool[x->index + k]) : "?");
        put(o, "}");
        break;
    case PTX_OPND_LABEL: put(o, "@%u", x->index); break;
    case PTX_OPND_FUNC:
        put(o, "%s", m && x->index < m->nfuncs ? m->funcs[x->index].name : "?");
        break;
    case PTX_OPND_SYMLIST:
        put(o, "(");
        for (unsigned k = 0; k < x->count; k++) {
            uint32_t s = f ? f->sym_pool[x->index + k] : PTX_NO_INDEX;
            put(o, "%s%s", k ? ", " : "", m && s < m->nsyms ? m->syms[s].name : "?");
        }
        put(o, ")");
        break;
    default:
        break;
    }
}

/* tex / tld4 / suld / sust / txq / suq: their own modifiers (texture_parse.c)
 * and the "[h, {coordinates}]" operand */
static void texop(struct out *o, const struct ptx_module *m, const struct ptx_function *f,
                  const struct ptx_inst *in)
{
    static const char *const queries[] = { "width", "height", "depth", "normalized_coords",
                                           "filter_mode", "addr_mode_0", "addr_mode_1",
                                           "addr_mode_2" };
    static const char *const clamps[] = { "trap", "clamp", "zero" };
    int op = in->op;
    if (op == PTX_OP_TXQ || op == PTX_OP_SUQ) {
        put(o, ".%s.%s ", NAME(queries, in->mode), ptx_type_name((enum ptx_type)in->type));
        operand(o, m, f, in, 0);
        put(o, ", ");
        operand(o, m, f, in, 1);
        return;
    }
    int su = op == PTX_OP_SULD || op == PTX_OP_SUST;
    if (op == PTX_OP_TLD4)
        put(o, ".%c", "rgba"[in->boolop & 3]);
    if (su)
        put(o, ".b");
    put(o, ".%ud", (unsigned)in->mode);
    if (in->vec > 1)
        put(o, ".v%u", in->vec);
    put(o, ".%s", ptx_type_name((enum ptx_type)in->type));
    if (su)
        put(o, ".%s", NAME(clamps, in->boolop));
    else
        put(o, ".%s", ptx_type_name((enum ptx_type)in->stype));
    unsigned h = op == PTX_OP_SUST ? 0 : 1;
    if (op != PTX_OP_SUST) {
        put(o, " ");
        operand(o, m, f, in, 0);
        put(o, ",");
    }
    put(o, " [%s, ", reg_name(f, in->ops[h].index));
    operand(o, m, f, in, h + 1);
    put(o, "]");
    if (op == PTX_OP_SUST) {
        put(o, ", ");
        operand(o, m, f, in, 2);
    }
}

/* cp.async* and mbarrier: their own word order (async_parse.c) */
static void asyncop(struct out *o, const struct ptx_inst *in)
{
    static const char *const mbar_modes[] = { "init", "inval", "arrive", "arrive_drop",
                                              "expect_tx", "complete_tx", "test_wait",
                                              "try_wait", "pending_count" };
    switch (in->op) {
    case PTX_OP_CP_ASYNC:
        put(o, ".%s.shared.global", in->cache == PTX_CACHE_CG ? "cg" : "ca");
        return;
    case PTX_OP_CP_ASYNC_BULK:
        put(o, ".shared::cluster.global.mbarrier::complete_tx::bytes");
        return;
    case PTX_OP_CP_ASYNC_MBAR_ARRIVE:
        flag(o, in, PTX_F_NOINC, "noinc");
        break;
    case PTX_OP_MBARRIER:
        put(o, ".%s", NAME(mbar_modes, in->mode));
        if (in->mode == PTX_MBAR_ARRIVE || in->mode == PTX_MBAR_ARRIVE_DROP)
            flag(o, in, PTX_F_EXPECT_TX, "expect_tx");
        if (in->mode == PTX_MBAR_TEST_WAIT || in->mode == PTX_MBAR_TRY_WAIT)
            flag(o, in, PTX_F_PARITY, "parity");
        flag(o, in, PTX_F_RELAXED, "relaxed");
        memory_order(o, in);
        flag(o, in, PTX_F_SCOPE_CTA, "cta");
        flag(o, in, PTX_F_SCOPE_CLUSTER, "cluster");
        break;
    default:
        return;
    }
    if (in->space == PTX_SPACE_SHARED)
        put(o, ".shared");
    put(o, ".b64");
}

/* mma / ldmatrix: sync.aligned, shape, layouts, types */
static void mmaop(struct out *o, const struct ptx_inst *in)
{
    static const char *const shapes[] = { "m16n8k16", "m16n8k8", "m16n8k32" };
    static const char *const wshapes[] = { "m16n16k16", "m16n16k8" };
    if (in->op == PTX_OP_WMMA_LOAD || in->op == PTX_OP_WMMA_STORE) {
        put(o, ".%c.sync.aligned.%s.%s", "abcd"[in->boolop & 3], in->boolop & 4 ? "col" : "row",
            NAME(wshapes, in->mode));
        if (in->space > PTX_SPACE_GENERIC)
            put(o, ".%s", ptx_space_name((enum ptx_space)in->space));
        put(o, ".%s", ptx_type_name((enum ptx_type)in->type));
        return;
    }
    if (in->op == PTX_OP_WMMA_MMA) {
        put(o, ".sync.aligned.%s.%s.%s", in->boolop & 1 ? "col" : "row",
            in->boolop & 2 ? "col" : "row", NAME(wshapes, in->mode));
        flag(o, in, PTX_F_SAT, "satfinite");
        const char *d = ptx_type_name((enum ptx_type)in->type);
        if (in->stype == PTX_T_F16)
            put(o, ".%s.%s", d, d);
        else
            put(o, ".%s.%s.%s.%s", d, ptx_type_name((enum ptx_type)in->stype),
                ptx_type_name((enum ptx_type)in->stype), d);
        return;
    }
    if (in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX) {
        put(o, ".sync.aligned.m8n8.x%u%s%s.b16", (unsigned)in->mode, in->boolop ? ".trans" : "",
            in->space == PTX_SPACE_SHARED ? ".shared" : "");
        return;
    }
    enum ptx_type a = (enum ptx_type)in->stype;
    enum ptx_type b = a == PTX_T_S8 || a == PTX_T_U8 ? (in->boolop ? PTX_T_U8 : PTX_T_S8) : a;
    put(o, ".sync.aligned.%s.row.col", NAME(shapes, in->mode));
    flag(o, in, PTX_F_SAT, "satfinite");
    put(o, ".%s.%s.%s.%s", ptx_type_name((enum ptx_type)in->type), ptx_type_name(a),
        ptx_type_name(b), ptx_type_name((enum ptx_type)in->type));
}

int ptx_inst_format(const struct ptx_module *m, const struct ptx_function *f,
                    const struct ptx_inst *in, char *buf, size_t len)
{
    struct out o = { buf, len, 0 };
    if (len)
        buf[0] = '\0';
    if (in->guard != PTX_NO_INDEX)
        put(&o, "@%s%s ", in->guard_not ? "!" : "",
            f && f->pred_names && in->guard < f->npreds ? f->pred_names[in->guard] : "%p?");
    put(&o, "%s", ptx_opcode_name((enum ptx_opcode)in->op));
    if (in->op >= PTX_OP_TEX && in->op <= PTX_OP_SUQ) {
        texop(&o, m, f, in);
        put(&o, ";");
        return (int)o.pos;
    }
    if (in->op >= PTX_OP_CP_ASYNC && in->op <= PTX_OP_MBARRIER)
        asyncop(&o, in);
    else if (in->op == PTX_OP_MMA || in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_WMMA_LOAD ||
             in->op == PTX_OP_WMMA_STORE || in->op == PTX_OP_WMMA_MMA || in->op == PTX_OP_STMATRIX)
        mmaop(&o, in);
    else
        modifiers(&o, in);
    int first = 1;
    for (unsigned i = 0; i < in->nops; i++) {
        const struct ptx_operand *x = &in->ops[i];
        int piped = i == 1 && (in->op == PTX_OP_SETP || in->op == PTX_OP_SHFL ||
                               in->op == PTX_OP_MATCH || in->op == PTX_OP_ELECT);
        if (x->kind == PTX_OPND_NONE)
            continue;
        if (in->op == PTX_OP_CALL && x->kind == PTX_OPND_SYMLIST && x->count == 0)
            continue;
        put(&o, "%s", piped ? "|" : first ? " " : ", ");
        first = 0;
        operand(&o, m, f, in, i);
    }
    put(&o, ";");
    return (int)o.pos;
}
