/* Opcode words: "ld.global.nc.v4.f32" -> op, space, cache, vec, type and
 * flags of struct ptx_inst. Which modifiers an opcode accepts is listed once
 * per opcode (spec_of); a spelling with several meanings (.lo is a compare
 * for setp and a half for mul) takes the meaning the opcode accepts. */
#include "ptx/parse_internal.h"
#include "ptx/ptx.h"
#include <string.h>

enum modcat {
    M_TYPE = 1 << 0, M_SPACE = 1 << 1, M_CMP = 1 << 2, M_BOOL = 1 << 3, M_ROUND = 1 << 4,
    M_FLAG = 1 << 5, M_VEC = 1 << 6, M_CACHE = 1 << 7, M_ATOM = 1 << 8, M_SHFL = 1 << 9,
    M_VOTE = 1 << 10, M_BAR = 1 << 11, M_PRMT = 1 << 12, M_TESTP = 1 << 13, M_HINT = 1 << 14,
    M_LEVEL = 1 << 15, M_FENCE = 1 << 16,
};

/* Accepted spellings that set no stored flag (the default alternative). */
#define FX_WRAP (1ull << 40)
#define FX_RIGHT (1ull << 41)
#define FX_PACK_ONLY (1ull << 42)
#define FX_MEMORY_ORDER (PTX_F_RELAXED | PTX_F_ACQUIRE | PTX_F_RELEASE | PTX_F_WEAK | PTX_F_SC)
#define FX_SCOPES (PTX_F_SCOPE_CTA | PTX_F_SCOPE_GPU | PTX_F_SCOPE_SYS | PTX_F_SCOPE_CLUSTER)

struct modifier {
    const char *name;
    uint32_t cat;
    uint64_t value; /* enum value for a category, flag bits for M_FLAG */
};

static const struct modifier modifiers[] = {
    { "global", M_SPACE, PTX_SPACE_GLOBAL }, { "shared", M_SPACE, PTX_SPACE_SHARED },
    { "shared::cta", M_SPACE, PTX_SPACE_SHARED }, { "local", M_SPACE, PTX_SPACE_LOCAL },
    /* distributed shared memory: shared addresses that may name another CTA
     * of the cluster (cluster.c) */
    { "shared::cluster", M_SPACE, PTX_SPACE_SHARED },
    { "const", M_SPACE, PTX_SPACE_CONST }, { "param", M_SPACE, PTX_SPACE_PARAM },
    { "param::entry", M_SPACE, PTX_SPACE_PARAM }, { "param::func", M_SPACE, PTX_SPACE_PARAM },
    { "eq", M_CMP, PTX_CMP_EQ }, { "ne", M_CMP, PTX_CMP_NE }, { "lt", M_CMP, PTX_CMP_LT },
    { "le", M_CMP, PTX_CMP_LE }, { "gt", M_CMP, PTX_CMP_GT }, { "ge", M_CMP, PTX_CMP_GE },
    { "lo", M_CMP, PTX_CMP_LO }, { "ls", M_CMP, PTX_CMP_LS }, { "hi", M_CMP, PTX_CMP_HI },
    { "hs", M_CMP, PTX_CMP_HS }, { "equ", M_CMP, PTX_CMP_EQU }, { "neu", M_CMP, PTX_CMP_NEU },
    { "ltu", M_CMP, PTX_CMP_LTU }, { "leu", M_CMP, PTX_CMP_LEU }, { "gtu", M_CMP, PTX_CMP_GTU },
    { "geu", M_CMP, PTX_CMP_GEU }, { "num", M_CMP, PTX_CMP_NUM }, { "nan", M_CMP, PTX_CMP_NAN },
    { "and", M_BOOL, PTX_BOOL_AND }, { "or", M_BOOL, PTX_BOOL_OR },
    { "xor", M_BOOL, PTX_BOOL_XOR }, { "popc", M_BOOL, PTX_BOOL_POPC },
    { "rn", M_ROUND, PTX_RND_RN }, { "rz", M_ROUND, PTX_RND_RZ }, { "rm", M_ROUND, PTX_RND_RM },
    { "rp", M_ROUND, PTX_RND_RP }, { "rni", M_ROUND, PTX_RND_RNI },
    { "rzi", M_ROUND, PTX_RND_RZI }, { "rmi", M_ROUND, PTX_RND_RMI },
    { "rpi", M_ROUND, PTX_RND_RPI }, { "rna", M_ROUND, PTX_RND_RNA },
    { "v2", M_VEC, 2 }, { "v4", M_VEC, 4 },
    { "ca", M_CACHE, PTX_CACHE_CA }, { "cg", M_CACHE, PTX_CACHE_CG },
    { "cs", M_CACHE, PTX_CACHE_CS }, { "lu", M_CACHE, PTX_CACHE_LU },
    { "cv", M_CACHE, PTX_CACHE_CV }, { "wb", M_CACHE, PTX_CACHE_WB },
    { "wt", M_CACHE, PTX_CACHE_WT },
    { "add", M_ATOM, PTX_ATOM_ADD }, { "min", M_ATOM, PTX_ATOM_MIN },
    { "max", M_ATOM, PTX_ATOM_MAX }, { "inc", M_ATOM, PTX_ATOM_INC },
    { "dec", M_ATOM, PTX_ATOM_DEC }, { "cas", M_ATOM, PTX_ATOM_CAS },
    { "exch", M_ATOM, PTX_ATOM_EXCH }, { "and", M_ATOM, PTX_ATOM_AND },
    { "or", M_ATOM, PTX_ATOM_OR }, { "xor", M_ATOM, PTX_ATOM_XOR },
    { "up", M_SHFL, PTX_SHFL_UP }, { "down", M_SHFL, PTX_SHFL_DOWN },
    { "bfly", M_SHFL, PTX_SHFL_BFLY }, { "idx", M_SHFL, PTX_SHFL_IDX },
    { "all", M_VOTE, PTX_VOTE_ALL }, { "any", M_VOTE, PTX_VOTE_ANY },
    { "uni", M_VOTE, PTX_VOTE_UNI }, { "ballot", M_VOTE, PTX_VOTE_BALLOT },
    { "sync", M_BAR, PTX_BAR_SYNC }, { "arrive", M_BAR, PTX_BAR_ARRIVE },
    { "red", M_BAR, PTX_BAR_RED }, { "warp", M_BAR, PTX_BAR_WARP_SYNC },
    { "wait", M_BAR, PTX_BAR_WAIT },
    { "f4e", M_PRMT, PTX_PRMT_F4E }, { "b4e", M_PRMT, PTX_PRMT_B4E },
    { "rc8", M_PRMT, PTX_PRMT_RC8 }, { "ecl", M_PRMT, PTX_PRMT_ECL },
    { "ecr", M_PRMT, PTX_PRMT_ECR }, { "rc16", M_PRMT, PTX_PRMT_RC16 },
    { "finite", M_TESTP, PTX_TESTP_FINITE }, { "infinite", M_TESTP, PTX_TESTP_INFINITE },
    { "number", M_TESTP, PTX_TESTP_NUMBER }, { "notanumber", M_TESTP, PTX_TESTP_NOTANUMBER },
    { "normal", M_TESTP, PTX_TESTP_NORMAL }, { "subnormal", M_TESTP, PTX_TESTP_SUBNORMAL },
    { "L1", M_LEVEL, 1 }, { "L2", M_LEVEL, 2 },
    /* cache-eviction and prefetch-size hints: accepted, not modelled */
    { "L1::evict_normal", M_HINT, 0 }, { "L1::evict_unchanged", M_HINT, 0 },
    { "L1::evict_first", M_HINT, 0 }, { "L1::evict_last", M_HINT, 0 },
    { "L1::no_allocate", M_HINT, 0 }, { "L2::evict_normal", M_HINT, 0 },
    { "L2::evict_first", M_HINT, 0 }, { "L2::evict_last", M_HINT, 0 },
    { "L2::64B", M_HINT, 0 }, { "L2::128B", M_HINT, 0 }, { "L2::256B", M_HINT, 0 },
    { "ftz", M_FLAG, PTX_F_FTZ }, { "sat", M_FLAG, PTX_F_SAT },
    { "approx", M_FLAG, PTX_F_APPROX }, { "full", M_FLAG, PTX_F_FULL },
    { "hi", M_FLAG, PTX_F_HI }, { "lo", M_FLAG, PTX_F_LO }, { "wide", M_FLAG, PTX_F_WIDE },
    { "uni", M_FLAG, PTX_F_UNI }, { "cc", M_FLAG, PTX_F_CC }, { "nc", M_FLAG, PTX_F_NC },
    { "volatile", M_FLAG, PTX_F_VOLATILE }, { "sync", M_FLAG, PTX_F_SYNC },
    { "aligned", M_FLAG, PTX_F_ALIGNED }, { "clamp", M_FLAG, PTX_F_SHIFT_CLAMP },
    { "wrap", M_FLAG, FX_WRAP }, { "l", M_FLAG, PTX_F_SHIFT_LEFT }, { "r", M_FLAG, FX_RIGHT },
    { "to", M_FLAG, PTX_F_TO_SPACE }, { "shiftamt", M_FLAG, PTX_F_SHIFTAMT },
    { "noftz", M_FLAG, PTX_F_NOFTZ }, { "relaxed", M_FLAG, PTX_F_RELAXED },
    { "acquire", M_FLAG, PTX_F_ACQUIRE }, { "release", M_FLAG, PTX_F_RELEASE },
    { "acq_rel", M_FLAG, PTX_F_ACQUIRE | PTX_F_RELEASE }, { "weak", M_FLAG, PTX_F_WEAK },
    { "sc", M_FLAG, PTX_F_SC }, { "cta", M_FLAG, PTX_F_SCOPE_CTA },
    { "gpu", M_FLAG, PTX_F_SCOPE_GPU }, { "gl", M_FLAG, PTX_F_SCOPE_GPU },
    { "sys", M_FLAG, PTX_F_SCOPE_SYS }, { "cluster", M_FLAG, PTX_F_SCOPE_CLUSTER },
    { "NaN", M_FLAG, PTX_F_NAN }, { "relu", M_FLAG, PTX_F_RELU },
    { "pack", M_FLAG, FX_PACK_ONLY },
    /* what a fence or membar orders (proxies, the operations and spaces it
     * is restricted to): accepted; every fence orders everything here */
    { "proxy", M_FENCE, 0 }, { "alias", M_FENCE, 0 }, { "async", M_FENCE, 0 },
    { "global", M_FENCE, 0 }, { "shared", M_FENCE, 0 }, { "shared::cta", M_FENCE, 0 },
    { "shared::cluster", M_FENCE, 0 }, { "async::generic", M_FENCE, 0 },
    { "tensormap::generic", M_FENCE, 0 }, { "mbarrier_init", M_FENCE, 0 },
    { "sync_restrict::shared::cta", M_FENCE, 0 },
    { "sync_restrict::shared::cluster", M_FENCE, 0 },
};

struct opspec {
    uint32_t cats;   /* accepted modifier categories */
    uint8_t ntypes;  /* how many type modifiers: exactly this many (0 = none) */
    uint64_t flags;  /* accepted M_FLAG bits */
};

static struct opspec spec_of(enum ptx_opcode op)
{
    const uint32_t T = M_TYPE;
    switch (op) {
    case PTX_OP_ABS: case PTX_OP_NEG:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_FTZ };
    case PTX_OP_ADD: case PTX_OP_SUB:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1, PTX_F_FTZ | PTX_F_SAT | PTX_F_CC };
    case PTX_OP_ADDC: case PTX_OP_SUBC:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_CC };
    case PTX_OP_MUL:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1,
                                PTX_F_FTZ | PTX_F_SAT | PTX_F_HI | PTX_F_LO | PTX_F_WIDE };
    case PTX_OP_MUL24: case PTX_OP_MAD24:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_HI | PTX_F_LO | PTX_F_SAT };
    case PTX_OP_MAD:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1, PTX_F_FTZ | PTX_F_SAT | PTX_F_HI |
                                                             PTX_F_LO | PTX_F_WIDE | PTX_F_CC };
    case PTX_OP_MADC:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_HI | PTX_F_LO | PTX_F_CC };
    case PTX_OP_FMA:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1, PTX_F_FTZ | PTX_F_SAT | PTX_F_RELU };
    case PTX_OP_DIV:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1, PTX_F_FTZ | PTX_F_APPROX | PTX_F_FULL };
    case PTX_OP_MIN: case PTX_OP_MAX:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_FTZ | PTX_F_NAN | PTX_F_RELU };
    case PTX_OP_TESTP:
        return (struct opspec){ T | M_TESTP, 1, 0 };
    case PTX_OP_SHF:
        return (struct opspec){ T | M_FLAG, 1,
                                PTX_F_SHIFT_LEFT | FX_RIGHT | PTX_F_SHIFT_CLAMP | FX_WRAP };
    case PTX_OP_BFIND:
        return (struct opspec){ T | M_FLAG, 1, PTX_F_SHIFTAMT };
    case PTX_OP_PRMT:
        return (struct opspec){ T | M_PRMT, 1, 0 };
    case PTX_OP_DP4A:
        return (struct opspec){ T, 2, 0 };
    case PTX_OP_SETP:
        return (struct opspec){ T | M_CMP | M_BOOL | M_FLAG, 1, PTX_F_FTZ };
    case PTX_OP_SET:
        return (struct opspec){ T | M_CMP | M_BOOL | M_FLAG, 2, PTX_F_FTZ };
    case PTX_OP_SLCT:
        return (struct opspec){ T | M_FLAG, 2, PTX_F_FTZ };
    case PTX_OP_CVT:
        return (struct opspec){ T | M_ROUND | M_FLAG, 2,
                                PTX_F_FTZ | PTX_F_SAT | PTX_F_RELU | FX_PACK_ONLY };
    case PTX_OP_CVTA:
        return (struct opspec){ T | M_SPACE | M_FLAG, 1, PTX_F_TO_SPACE };
    case PTX_OP_ISSPACEP:
        return (struct opspec){ M_SPACE, 0, 0 };
    case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_RCP: case PTX_OP_EX2: case PTX_OP_LG2:
    case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH:
        return (struct opspec){ T | M_ROUND | M_FLAG, 1, PTX_F_FTZ | PTX_F_APPROX };
    case PTX_OP_LD: case PTX_OP_LDU:
        return (struct opspec){ T | M_SPACE | M_CACHE | M_VEC | M_HINT | M_FLAG, 1,
                                PTX_F_NC | PTX_F_VOLATILE | FX_MEMORY_ORDER | FX_SCOPES };
    case PTX_OP_ST:
        return (struct opspec){ T | M_SPACE | M_CACHE | M_VEC | M_HINT | M_FLAG, 1,
                                PTX_F_VOLATILE | FX_MEMORY_ORDER | FX_SCOPES };
    case PTX_OP_ATOM: case PTX_OP_RED:
        return (struct opspec){ T | M_SPACE | M_ATOM | M_HINT | M_FLAG, 1,
                                FX_MEMORY_ORDER | FX_SCOPES | PTX_F_NOFTZ };
    case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU:
        return (struct opspec){ M_SPACE | M_LEVEL | M_HINT, 0, 0 };
    case PTX_OP_MEMBAR: case PTX_OP_FENCE:
        return (struct opspec){ M_FLAG | M_FENCE, 0, FX_MEMORY_ORDER | FX_SCOPES };
    case PTX_OP_REDUX:
        return (struct opspec){ T | M_ATOM | M_FLAG, 1, PTX_F_SYNC };
    case PTX_OP_ELECT:
        return (struct opspec){ M_FLAG, 0, PTX_F_SYNC };
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        return (struct opspec){ M_BAR | M_BOOL | M_FLAG | T, 0xff,
                                PTX_F_ALIGNED | PTX_F_SCOPE_CTA | PTX_F_SCOPE_CLUSTER |
                                    PTX_F_RELAXED | PTX_F_ACQUIRE };
    case PTX_OP_MAPA: case PTX_OP_GETCTARANK:
        return (struct opspec){ T | M_SPACE, 1, 0 };
    case PTX_OP_SHFL:
        return (struct opspec){ T | M_SHFL | M_FLAG, 1, PTX_F_SYNC };
    case PTX_OP_VOTE: case PTX_OP_MATCH:
        return (struct opspec){ T | M_VOTE | M_FLAG, 1, PTX_F_SYNC };
    case PTX_OP_BRA: case PTX_OP_CALL: case PTX_OP_RET:
        return (struct opspec){ M_FLAG, 0, PTX_F_UNI };
    case PTX_OP_EXIT: case PTX_OP_TRAP: case PTX_OP_BRKPT: case PTX_OP_PMEVENT:
        return (struct opspec){ 0, 0, 0 };
    case PTX_OP_BRX:
        return (struct opspec){ 0, 0, 0 };
    default: /* plain typed operations: sad rem copysign logic shifts bit ops
              * selp mov activemask nanosleep */
        return (struct opspec){ T, 1, 0 };
    }
}

static const struct {
    const char *name;
    uint8_t opclass;
} op_table[] = {
#define PTX_OP(e, s, c) { s, PTX_CLASS_##c },
#include "ptx/opcodes.def"
#undef PTX_OP
};

static int lookup_opcode(const char *s, size_t n)
{
    for (int i = 0; i < PTX_OP_COUNT; i++)
        if (op_table[i].name[0] == s[0] && strncmp(op_table[i].name, s, n) == 0 &&
            op_table[i].name[n] == '\0')
            return i;
    return -1;
}

/* Real PTX instructions ccgpu does not implement: named as such, not as
 * unknown words (tensor cores, video SIMD, cluster and dynamic-stack
 * operations, surface reductions ...). The list of the manual's page
 * docs/ptx-support.md is generated from it (ptx_unsupported_opcode). */
static const char *const unsupported_ops[] = {
    "brx", /* in the opcode table, refused at decode: indirect branches */
    "fns", "wgmma", "movmatrix",
    "sured", "istypep", "vadd", "vsub", "vabsdiff",
    "vmin", "vmax", "vshl", "vshr", "vmad", "vset", "vadd2", "vsub2", "vavrg2", "vabsdiff2",
    "vmin2", "vmax2", "vset2", "vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4",
    "vset4", "bmsk", "szext", "griddepcontrol", "setmaxnreg", "applypriority",
    "discard", "createpolicy", "alloca", "stacksave", "stackrestore",
    "multimem", "tensormap", "clusterlaunchcontrol", "tcgen05",
};

const char *ptx_unsupported_opcode(unsigned i)
{
    return i < sizeof unsupported_ops / sizeof unsupported_ops[0] ? unsupported_ops[i] : NULL;
}

static int is_unsupported_op(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof unsupported_ops / sizeof unsupported_ops[0]; i++)
        if (strncmp(unsupported_ops[i], s, n) == 0 && unsupported_ops[i][n] == '\0')
            return 1;
    return 0;
}

static int is_dp_arith(enum ptx_opcode op)
{
    switch (op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_FMA:
    case PTX_OP_DIV: case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_MIN:
    case PTX_OP_MAX: case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_SETP: case PTX_OP_SET:
    case PTX_OP_CVT: case PTX_OP_COPYSIGN: case PTX_OP_TESTP: case PTX_OP_LG2:
    case PTX_OP_EX2: case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH:
        return 1;
    default:
        return 0;
    }
}

/* Fields set so far, to reject a modifier given twice. */
struct seen {
    int space, cmp, boolop, round, vec, cache, atom, mode, level;
};

/* The modifier fields decode fills in, copied from a cached decoding. */
static void copy_decoded(struct ptx_inst *in, const struct ptx_inst *d)
{
    in->op = d->op;
    in->opclass = d->opclass;
    in->type = d->type;
    in->stype = d->stype;
    in->space = d->space;
    in->mode = d->mode;
    in->boolop = d->boolop;
    in->round = d->round;
    in->vec = d->vec;
    in->cache = d->cache;
    in->flags = d->flags;
}

static void decode_word(struct pctx *c, struct ptx_inst *in, const struct lex_token *t);

/* Opcode words repeat (a kernel has thousands of "add.s32"): each distinct
 * word is decoded once per module and copied afterwards. */
void ptx_decode_opcode(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    uint32_t k = strmap_get(&c->opcache, t->s, t->len);
    if (k != STRMAP_NONE) {
        copy_decoded(in, &c->decoded[k]);
        return;
    }
    decode_word(c, in, t);
    pctx_grow(c, (void **)&c->decoded, &c->capdecoded, c->ndecoded + 1, sizeof *c->decoded);
    c->decoded[c->ndecoded] = *in;
    if (strmap_put(&c->opcache, t->s, t->len, c->ndecoded++) == STRMAP_OOM)
        pctx_fail(c, t->line, "out of memory");
}

static void decode_word(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    const char *s = t->s, *end = t->s + t->len;
    const char *dot = memchr(s, '.', t->len);
    size_t blen = dot ? (size_t)(dot - s) : t->len;
    if ((blen == 2 && memcmp(s, "cp", 2) == 0) || (blen == 8 && memcmp(s, "mbarrier", 8) == 0)) {
        ptx_decode_asyncop(c, in, t); /* async_parse.c */
        return;
    }
    if ((blen == 3 && memcmp(s, "mma", 3) == 0) || (blen == 8 && memcmp(s, "ldmatrix", 8) == 0) ||
        (blen == 8 && memcmp(s, "stmatrix", 8) == 0) ||
        (blen == 4 && memcmp(s, "wmma", 4) == 0)) {
        ptx_decode_mmaop(c, in, t); /* mma_parse.c */
        return;
    }
    int op = lookup_opcode(s, blen);
    if (op < 0 && is_unsupported_op(s, blen))
        pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu", (int)t->len,
                  t->s);
    if (op < 0)
        pctx_fail(c, t->line, "unknown opcode '%.*s'", (int)t->len, t->s);
    if (op == PTX_OP_BRX)
        pctx_fail(c, t->line, "'%.*s': indirect branches are not supported", (int)t->len, t->s);
    in->op = (uint16_t)op;
    in->opclass = op_table[op].opclass;
    if (op >= PTX_OP_TEX && op <= PTX_OP_SUQ) { /* texture.c's family: its own modifiers */
        ptx_decode_texop(c, in, t);
        return;
    }
    struct opspec sp = spec_of((enum ptx_opcode)op);
    struct seen seen = { 0 };
    unsigned ntypes = 0;
    uint64_t fx = 0;
    const char *p = dot;
    size_t mlen;
    for (const char *m; (m = ptx_next_word(&p, end, &mlen));) {
        int ty = ptx_type_from_word(m, mlen);
        if (ty >= 0 && (sp.cats & M_TYPE)) {
            if (ntypes == 0)
                in->type = (uint8_t)ty;
            else if (ntypes == 1)
                in->stype = (uint8_t)ty;
            else
                pctx_fail(c, t->line, "too many types in '%.*s'", (int)t->len, t->s);
            ntypes++;
            continue;
        }
        const struct modifier *md = NULL;
        for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++) {
            const struct modifier *x = &modifiers[i];
            if (x->name[0] == m[0] && (sp.cats & x->cat) && strncmp(x->name, m, mlen) == 0 &&
                x->name[mlen] == '\0' &&
                (x->cat != M_FLAG || (x->value & sp.flags))) {
                md = x;
                break;
            }
        }
        if (!md)
            pctx_fail(c, t->line, "unknown modifier '.%.*s' in '%.*s'", (int)mlen, m,
                      (int)t->len, t->s);
        int dup = 0;
        switch (md->cat) {
        case M_SPACE: dup = seen.space++; in->space = (uint8_t)md->value; break;
        case M_CMP: dup = seen.cmp++; in->mode = (uint8_t)md->value; break;
        case M_BOOL: dup = seen.boolop++; in->boolop = (uint8_t)md->value; break;
        case M_ROUND: dup = seen.round++; in->round = (uint8_t)md->value; break;
        case M_VEC: dup = seen.vec++; in->vec = (uint8_t)md->value; break;
        case M_CACHE: dup = seen.cache++; in->cache = (uint8_t)md->value; break;
        case M_ATOM: dup = seen.atom++; in->mode = (uint8_t)md->value; break;
        case M_LEVEL: dup = seen.level++; in->mode = (uint8_t)md->value; break;
        case M_SHFL: case M_VOTE: case M_PRMT: case M_TESTP:
            dup = seen.mode++;
            in->mode = (uint8_t)md->value;
            break;
        case M_BAR:
            /* bar.warp.sync: "sync" after "warp" keeps WARP_SYNC */
            if (seen.mode && in->mode == PTX_BAR_WARP_SYNC && md->value == PTX_BAR_SYNC)
                break;
            dup = seen.mode++;
            in->mode = (uint8_t)md->value;
            break;
        case M_FLAG:
            dup = (fx & md->value) != 0;
            fx |= md->value;
            break;
        default: /* hints */
            break;
        }
        if (dup)
            pctx_fail(c, t->line, "modifier '.%.*s' conflicts with another in '%.*s'", (int)mlen,
                      m, (int)t->len, t->s);
    }
    in->flags = (uint32_t)fx;

    /* per-opcode completion */
    if (sp.ntypes != 0xff && ntypes != sp.ntypes) {
        if (ntypes < sp.ntypes)
            pctx_fail(c, t->line, "'%.*s' needs %s type", (int)t->len, t->s,
                      sp.ntypes == 2 && ntypes == 1 ? "a second" : "a");
        pctx_fail(c, t->line, "too many types in '%.*s'", (int)t->len, t->s);
    }
    switch (op) {
    case PTX_OP_SETP:
        in->stype = in->type;
        /* fallthrough */
    case PTX_OP_SET:
        if (!seen.cmp)
            pctx_fail(c, t->line, "'%.*s' needs a comparison", (int)t->len, t->s);
        break;
    case PTX_OP_CVT:
        if ((in->round == PTX_RND_RNA) != (in->type == PTX_T_TF32))
            pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu (tf32 "
                      "conversions: cvt.rna.tf32.f32)", (int)t->len, t->s);
        if ((in->type == PTX_T_F16X2 || in->type == PTX_T_BF16X2) && in->stype == PTX_T_F32)
            in->flags |= PTX_F_CVT_PACK;
        break;
    case PTX_OP_ATOM: case PTX_OP_RED:
        if (!seen.atom)
            pctx_fail(c, t->line, "'%.*s' needs an operation (.add, .cas ...)", (int)t->len, t->s);
        if (op == PTX_OP_RED && in->mode == PTX_ATOM_CAS)
            pctx_fail(c, t->line, "'%.*s': red has no .cas", (int)t->len, t->s);
        if (!seen.space)
            in->space = PTX_SPACE_GENERIC;
        break;
    case PTX_OP_LD: case PTX_OP_LDU: case PTX_OP_ST: case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU:
        if (!seen.space)
            in->space = PTX_SPACE_GENERIC;
        break;
    case PTX_OP_MAPA: case PTX_OP_GETCTARANK:
        if (in->type != PTX_T_U32 && in->type != PTX_T_U64)
            pctx_fail(c, t->line, "'%.*s' needs .u32 or .u64", (int)t->len, t->s);
        if (!seen.space)
            in->space = PTX_SPACE_GENERIC;
        break;
    case PTX_OP_CVTA: case PTX_OP_ISSPACEP:
        if (!seen.space)
            pctx_fail(c, t->line, "'%.*s' needs a state space", (int)t->len, t->s);
        break;
    case PTX_OP_SHFL:
        if (!seen.mode)
            pctx_fail(c, t->line, "'%.*s' needs a mode (.up .down .bfly .idx)", (int)t->len, t->s);
        if (!(fx & PTX_F_SYNC))
            pctx_fail(c, t->line, "'%.*s': only shfl.sync is supported", (int)t->len, t->s);
        break;
    case PTX_OP_VOTE: case PTX_OP_MATCH:
        if (!seen.mode || (op == PTX_OP_MATCH && in->mode != PTX_VOTE_ANY &&
                           in->mode != PTX_VOTE_ALL))
            pctx_fail(c, t->line, "'%.*s' needs a mode", (int)t->len, t->s);
        if (!(fx & PTX_F_SYNC))
            pctx_fail(c, t->line, "'%.*s': only the .sync form is supported", (int)t->len, t->s);
        break;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        if (fx & PTX_F_SCOPE_CLUSTER) { /* barrier.cluster.arrive{.relaxed} / .wait{.acquire} */
            if (op != PTX_OP_BARRIER || !seen.mode || ntypes || seen.boolop ||
                (in->mode != PTX_BAR_ARRIVE && in->mode != PTX_BAR_WAIT) ||
                (fx & PTX_F_SCOPE_CTA) || ((fx & PTX_F_RELAXED) && in->mode != PTX_BAR_ARRIVE) ||
                ((fx & PTX_F_ACQUIRE) && in->mode != PTX_BAR_WAIT))
                pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu",
                          (int)t->len, t->s);
            break;
        }
        if (in->mode == PTX_BAR_WAIT || (fx & (PTX_F_RELAXED | PTX_F_ACQUIRE)))
            pctx_fail(c, t->line, "'%.*s': .wait, .relaxed and .acquire are barrier.cluster's",
                      (int)t->len, t->s);
        if (!seen.mode)
            pctx_fail(c, t->line, "'%.*s' needs .sync, .arrive or .red", (int)t->len, t->s);
        if (in->mode == PTX_BAR_RED && !seen.boolop)
            pctx_fail(c, t->line, "'%.*s' needs .popc, .and or .or", (int)t->len, t->s);
        if (in->mode != PTX_BAR_RED && seen.boolop)
            pctx_fail(c, t->line, "'%.*s': reduction outside bar.red", (int)t->len, t->s);
        if (ntypes > 1 || (ntypes && in->mode != PTX_BAR_RED))
            pctx_fail(c, t->line, "unexpected type in '%.*s'", (int)t->len, t->s);
        if (op == PTX_OP_BAR && in->mode != PTX_BAR_WARP_SYNC)
            in->flags |= PTX_F_ALIGNED; /* bar.* is barrier.*.aligned */
        if (in->mode != PTX_BAR_ARRIVE)
            in->flags |= PTX_F_SYNC;
        break;
    case PTX_OP_REDUX: {
        int logic = in->mode == PTX_ATOM_AND || in->mode == PTX_ATOM_OR || in->mode == PTX_ATOM_XOR;
        int arith = in->mode == PTX_ATOM_ADD || in->mode == PTX_ATOM_MIN || in->mode == PTX_ATOM_MAX;
        if (!(fx & PTX_F_SYNC) || !seen.atom)
            pctx_fail(c, t->line, "'%.*s' needs .sync and an operation", (int)t->len, t->s);
        if (!(logic && in->type == PTX_T_B32) &&
            !(arith && (in->type == PTX_T_U32 || in->type == PTX_T_S32)))
            pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu (redux.sync: "
                      ".add/.min/.max on .u32/.s32, .and/.or/.xor on .b32)", (int)t->len, t->s);
        break;
    }
    case PTX_OP_ELECT:
        if (!(fx & PTX_F_SYNC))
            pctx_fail(c, t->line, "'%.*s': only elect.sync exists", (int)t->len, t->s);
        break;
    case PTX_OP_MUL: case PTX_OP_MAD:
        if (!ptx_type_is_float((enum ptx_type)in->type) && in->type != PTX_T_B32 &&
            !(in->flags & (PTX_F_HI | PTX_F_LO | PTX_F_WIDE)))
            pctx_fail(c, t->line, "'%.*s' needs .lo, .hi or .wide", (int)t->len, t->s);
        /* .wide doubles the width: only 16- and 32-bit integer sources */
        if ((in->flags & PTX_F_WIDE) &&
            (ptx_type_is_float((enum ptx_type)in->type) || ptx_type_bytes((enum ptx_type)in->type) > 4))
            pctx_fail(c, t->line, "'%.*s': .wide needs a 16- or 32-bit integer type", (int)t->len,
                      t->s);
        break;
    default:
        break;
    }
    if ((fx & FX_PACK_ONLY) && !(in->flags & PTX_F_CVT_PACK))
        pctx_fail(c, t->line, "unsupported '.pack' in '%.*s'", (int)t->len, t->s);

    /* opclass refinement */
    if ((in->type == PTX_T_F64 || in->stype == PTX_T_F64) && is_dp_arith((enum ptx_opcode)op))
        in->opclass = PTX_CLASS_DP;
    if ((op == PTX_OP_DIV || op == PTX_OP_REM) && !ptx_type_is_float((enum ptx_type)in->type))
        in->opclass = PTX_CLASS_SFU; /* integer division is a long instruction sequence */
}
