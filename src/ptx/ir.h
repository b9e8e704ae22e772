/* Decoded PTX: the intermediate representation the parser produces once at load
 * time and the functional engine executes. Nothing here is a string that the
 * engine must re-parse: opcodes, types, modifiers and operands are all decoded.
 *
 * Register model: every virtual register of a function gets an index into one
 * per-warp register file of 64-bit slots, lane-contiguous (slot r of lane l is
 * regs[r * 32 + l]), so loops over lanes vectorise. Values narrower than 64
 * bits live in the low bits; writes of a narrower type zero-extend. Predicate
 * registers have their own index space: one 32-bit lane mask each. */
#ifndef CCGPU_PTX_IR_H
#define CCGPU_PTX_IR_H
#include <stddef.h>
#include <stdint.h>

#define PTX_WARP_SIZE 32
#define PTX_MAX_OPERANDS 6
#define PTX_NO_INDEX UINT32_MAX

enum ptx_opcode {
#define PTX_OP(e, s, c) PTX_OP_##e,
#include "ptx/opcodes.def"
#undef PTX_OP
    PTX_OP_COUNT
};

/* Coarse class the timing model uses to pick a function unit and latency. */
enum ptx_opclass {
    PTX_CLASS_ALU,     /* integer and fp32 arithmetic, logic, moves, compares */
    PTX_CLASS_SFU,     /* transcendental and division (approximate or iterative) */
    PTX_CLASS_DP,      /* fp64 arithmetic */
    PTX_CLASS_MEM,     /* ld/st/atom/red/prefetch in any state space */
    PTX_CLASS_MEMBAR,
    PTX_CLASS_BARRIER,
    PTX_CLASS_BRANCH,
    PTX_CLASS_CALL,
    PTX_CLASS_RET,
    PTX_CLASS_EXIT,
    PTX_CLASS_NOP,
    PTX_CLASS_TENSOR,  /* mma: the tensor-core unit */
};

enum ptx_type {
    PTX_T_NONE,
    PTX_T_PRED,
    PTX_T_B8, PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_B128,
    PTX_T_U8, PTX_T_U16, PTX_T_U32, PTX_T_U64,
    PTX_T_S8, PTX_T_S16, PTX_T_S32, PTX_T_S64,
    PTX_T_F16, PTX_T_F16X2, PTX_T_BF16, PTX_T_BF16X2, PTX_T_TF32,
    PTX_T_F32, PTX_T_F64,
    PTX_T_COUNT
};

enum ptx_space {
    PTX_SPACE_NONE,    /* registers / not a memory access */
    PTX_SPACE_GENERIC, /* no space qualifier: resolved per address at run time */
    PTX_SPACE_GLOBAL,
    PTX_SPACE_SHARED,
    PTX_SPACE_LOCAL,
    PTX_SPACE_CONST,
    PTX_SPACE_PARAM,
    PTX_SPACE_TEX,
    PTX_SPACE_COUNT
};

/* Comparison of setp/set (and the unordered float forms). */
enum ptx_cmp {
    PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT, PTX_CMP_GE,
    PTX_CMP_LO, PTX_CMP_LS, PTX_CMP_HI, PTX_CMP_HS, /* unsigned integer */
    PTX_CMP_EQU, PTX_CMP_NEU, PTX_CMP_LTU, PTX_CMP_LEU, PTX_CMP_GTU, PTX_CMP_GEU,
    PTX_CMP_NUM, PTX_CMP_NAN,
};

/* The .and/.or/.xor combining of setp/set with a third predicate operand, and
 * the reduction of bar.red. */
enum ptx_boolop { PTX_BOOL_NONE, PTX_BOOL_AND, PTX_BOOL_OR, PTX_BOOL_XOR, PTX_BOOL_POPC };

enum ptx_atomop {
    PTX_ATOM_NONE, PTX_ATOM_ADD, PTX_ATOM_MIN, PTX_ATOM_MAX, PTX_ATOM_INC, PTX_ATOM_DEC,
    PTX_ATOM_CAS, PTX_ATOM_EXCH, PTX_ATOM_AND, PTX_ATOM_OR, PTX_ATOM_XOR,
};

enum ptx_shflmode { PTX_SHFL_UP, PTX_SHFL_DOWN, PTX_SHFL_BFLY, PTX_SHFL_IDX };
enum ptx_votemode { PTX_VOTE_ALL, PTX_VOTE_ANY, PTX_VOTE_UNI, PTX_VOTE_BALLOT };
/* bar.sync / bar.arrive / bar.red; barrier.sync is BAR_SYNC too */
enum ptx_barmode { PTX_BAR_SYNC, PTX_BAR_ARRIVE, PTX_BAR_RED,
                   PTX_BAR_WARP_SYNC, /* bar.warp.sync membermask (__syncwarp) */
                   PTX_BAR_WAIT /* barrier.cluster.wait (barrier.cluster.arrive: ARRIVE;
                                 * both with PTX_F_SCOPE_CLUSTER) */ };
/* testp.MODE (in mode) */
enum ptx_testpmode { PTX_TESTP_FINITE, PTX_TESTP_INFINITE, PTX_TESTP_NUMBER,
                     PTX_TESTP_NOTANUMBER, PTX_TESTP_NORMAL, PTX_TESTP_SUBNORMAL };
enum ptx_prmtmode { PTX_PRMT_DEFAULT, PTX_PRMT_F4E, PTX_PRMT_B4E, PTX_PRMT_RC8, PTX_PRMT_ECL,
                    PTX_PRMT_ECR, PTX_PRMT_RC16 };

/* txq / suq query (in mode); tex, tld4, suld, sust keep their geometry
 * (1, 2, 3 for .1d .2d .3d) in mode, suld/sust their out-of-range
 * behaviour (enum ptx_su_clamp) and tld4 its component (0..3 for .r .g .b
 * .a) in boolop. */
enum ptx_txq { PTX_TXQ_WIDTH, PTX_TXQ_HEIGHT, PTX_TXQ_DEPTH, PTX_TXQ_NORMALIZED,
               PTX_TXQ_FILTER, PTX_TXQ_ADDR0, PTX_TXQ_ADDR1, PTX_TXQ_ADDR2 };
enum ptx_su_clamp { PTX_SU_TRAP, PTX_SU_CLAMP, PTX_SU_ZERO };
/* mma shapes (in mode); ldmatrix keeps its matrix count (1, 2, 4) in mode
 * and .trans in boolop */
enum ptx_mmashape { PTX_MMA_M16N8K16, PTX_MMA_M16N8K8, PTX_MMA_M16N8K32 };
/* wmma: mode is the shape (m16n16k16 or m16n16k8); load/store keep the
 * matrix (0 a, 1 b, 2 c, 3 d) in boolop bits 0-1 and .col in bit 2; the
 * stride operand is optional */
enum ptx_wmmashape { PTX_WMMA_M16N16K16, PTX_WMMA_M16N16K8 };
/* mbarrier.MODE (in mode); .parity of test_wait/try_wait is PTX_F_PARITY */
enum ptx_mbarmode { PTX_MBAR_INIT, PTX_MBAR_INVAL, PTX_MBAR_ARRIVE, PTX_MBAR_ARRIVE_DROP,
                    PTX_MBAR_EXPECT_TX, PTX_MBAR_COMPLETE_TX, PTX_MBAR_TEST_WAIT,
                    PTX_MBAR_TRY_WAIT, PTX_MBAR_PENDING_COUNT };

enum ptx_round {
    PTX_RND_NONE,
    PTX_RND_RN, PTX_RND_RZ, PTX_RND_RM, PTX_RND_RP,     /* float result rounding */
    PTX_RND_RNI, PTX_RND_RZI, PTX_RND_RMI, PTX_RND_RPI, /* round to integral value */
    PTX_RND_RNA, /* nearest, ties away from zero (cvt.rna.tf32.f32) */
};

/* Cache operators of ld/st, kept as hints for the timing model. */
enum ptx_cacheop {
    PTX_CACHE_NONE, PTX_CACHE_CA, PTX_CACHE_CG, PTX_CACHE_CS, PTX_CACHE_LU, PTX_CACHE_CV,
    PTX_CACHE_WB, PTX_CACHE_WT,
};

/* Special registers (%tid.x ...); the .x/.y/.z component is in operand.dim. */
enum ptx_sreg {
    PTX_SREG_TID, PTX_SREG_NTID, PTX_SREG_CTAID, PTX_SREG_NCTAID,
    PTX_SREG_LANEID, PTX_SREG_WARPID, PTX_SREG_NWARPID, PTX_SREG_SMID, PTX_SREG_NSMID,
    PTX_SREG_GRIDID, PTX_SREG_CLOCK, PTX_SREG_CLOCK64, PTX_SREG_CLOCK_HI,
    PTX_SREG_LANEMASK_EQ, PTX_SREG_LANEMASK_LE, PTX_SREG_LANEMASK_LT,
    PTX_SREG_LANEMASK_GE, PTX_SREG_LANEMASK_GT,
    PTX_SREG_GLOBALTIMER, PTX_SREG_GLOBALTIMER_LO, PTX_SREG_GLOBALTIMER_HI,
    PTX_SREG_DYNAMIC_SMEM_SIZE, PTX_SREG_TOTAL_SMEM_SIZE,
    PTX_SREG_WARPSIZE, /* WARP_SZ */
    /* thread-block clusters (a launch without clusters is a grid of
     * one-CTA clusters) */
    PTX_SREG_CLUSTERID, PTX_SREG_NCLUSTERID, PTX_SREG_CLUSTER_CTAID, PTX_SREG_CLUSTER_NCTAID,
    PTX_SREG_CLUSTER_CTARANK, PTX_SREG_CLUSTER_NCTARANK,
    PTX_SREG_IS_EXPLICIT_CLUSTER, /* a predicate: only as mov.pred's source */
    PTX_SREG_COUNT
};

/* Instruction flags (struct ptx_inst.flags). */
enum {
    PTX_F_FTZ = 1u << 0,
    PTX_F_SAT = 1u << 1,
    PTX_F_APPROX = 1u << 2,
    PTX_F_FULL = 1u << 3,
    PTX_F_HI = 1u << 4,       /* mul/mad .hi */
    PTX_F_LO = 1u << 5,       /* mul/mad .lo */
    PTX_F_WIDE = 1u << 6,     /* mul/mad .wide: result twice the type's width */
    PTX_F_UNI = 1u << 7,      /* bra.uni / call.uni: non-divergent */
    PTX_F_CC = 1u << 8,       /* add.cc etc.: writes the carry flag */
    PTX_F_NC = 1u << 9,       /* ld.global.nc */
    PTX_F_VOLATILE = 1u << 10,
    PTX_F_SYNC = 1u << 11,    /* shfl/vote/match .sync; every bar/barrier but .arrive */
    PTX_F_ALIGNED = 1u << 12, /* every bar.* but bar.warp.sync (implicitly aligned);
                               * barrier.*.aligned */
    PTX_F_SHIFT_CLAMP = 1u << 13, /* shf.clamp (else .wrap) */
    PTX_F_SHIFT_LEFT = 1u << 14,  /* shf.l (else .r) */
    PTX_F_TO_SPACE = 1u << 15,    /* cvta.to.space (else space-to-generic) */
    PTX_F_SHIFTAMT = 1u << 16,    /* bfind.shiftamt */
    PTX_F_NOFTZ = 1u << 17,
    PTX_F_RELAXED = 1u << 18, /* memory-order qualifiers: recorded, not modelled */
    PTX_F_ACQUIRE = 1u << 19, /* .acq_rel sets both ACQUIRE and RELEASE */
    PTX_F_RELEASE = 1u << 20,
    PTX_F_WEAK = 1u << 21,
    PTX_F_SCOPE_CTA = 1u << 22,
    PTX_F_SCOPE_GPU = 1u << 23, /* also membar.gl */
    PTX_F_SCOPE_SYS = 1u << 24,
    PTX_F_CVT_PACK = 1u << 25,  /* cvt.rn.f16x2.f32 / .bf16x2.f32 d, a, b (a: upper half) */
    PTX_F_SC = 1u << 26,        /* fence.sc / .sc memory order */
    PTX_F_SCOPE_CLUSTER = 1u << 27,
    PTX_F_NAN = 1u << 28,       /* min/max .NaN: NaN in, NaN out */
    PTX_F_RELU = 1u << 29,      /* cvt/fma .relu: negative results become 0 */
    /* mbarrier.arrive{,_drop}.expect_tx; test_wait/try_wait .parity;
     * cp.async.mbarrier.arrive.noinc */
    PTX_F_EXPECT_TX = 1u << 30,
    PTX_F_PARITY = 1u << 30,
    PTX_F_NOINC = 1u << 31,
};

enum ptx_operand_kind {
    PTX_OPND_NONE,
    PTX_OPND_REG,      /* index = register slot; index PTX_NO_INDEX = sink "_" (only
                        * as a destination: the result is discarded) */
    PTX_OPND_PRED,     /* index = predicate index; flags PTX_OPNDF_NOT for !%p */
    /* value = the literal converted once, at load time, to the bits of the
     * type this operand has (ptx_operand_type in ptx.h: usually `type`,
     * the source type `stype` for cvt/setp/set sources, u32 for shift
     * amounts and bfe/bfi positions, b32 for masks/lanes/prmt/lop3, pred
     * for predicate sources (0/1)), zero-extended to 64 bits: `add.s32 r,
     * r, -1` holds 0xffffffff; an integer literal given to an .f32 operand
     * holds the float's bits; 0f.../0d... literals keep their bits. */
    PTX_OPND_IMM,
    PTX_OPND_SREG,     /* index = enum ptx_sreg, dim = 0/1/2 for .x/.y/.z (0 otherwise);
                        * only as a source of mov and cvt */
    /* the address of a symbol in its state space (see struct ptx_symbol),
     * plus value (a byte offset, from `sym+4`); only as a source of mov and
     * cvta (`mov.u64 %rd1, $str;`, `mov.u64 %SPL, __local_depot0;`) */
    PTX_OPND_SYMBOL,
    PTX_OPND_ADDR_REG, /* [reg + value]: address in the instruction's space */
    PTX_OPND_ADDR_SYM, /* [symbol + value]: the symbol's address + value */
    PTX_OPND_ADDR_IMM, /* [value]: an absolute address */
    /* {r, r, ...}: vec_pool[index .. index+count) of the function are
     * register slots (PTX_NO_INDEX for a "_" element); ld/st .v2/.v4
     * (count == vec) and mov pack/unpack (mov.b64 %rd, {%r1,%r2}: element 0
     * is the least significant part) */
    PTX_OPND_VEC,
    PTX_OPND_LABEL,    /* branch target: index = instruction index in the function */
    PTX_OPND_FUNC,     /* call target: index = function index in the module */
    PTX_OPND_SYMLIST,  /* (p0, p1 ...) of call: sym_pool[index .. index+count) of the
                        * calling function are .param symbol indices; count may be 0 */
};

enum {
    PTX_OPNDF_NOT = 1u << 0, /* !%p */
    PTX_OPNDF_NEG = 1u << 1, /* reserved for -operand forms */
};

struct ptx_operand {
    uint8_t kind;  /* enum ptx_operand_kind */
    uint8_t flags; /* PTX_OPNDF_* */
    uint8_t dim;   /* SREG component 0..2; for VEC unused */
    uint8_t count; /* VEC / SYMLIST element count */
    uint32_t index;
    int64_t value; /* immediate bits or address offset */
};

/* Where a symbol lives; `offset` as the parser sets it:
 * - GLOBAL, CONST: offset within the module's .global (global_bytes) or
 *   .const (const_bytes) segment, aligned; a loader places each segment at
 *   some device address and adds that base. `init` holds the initial bytes.
 * - SHARED: offset within the CTA's shared window. Static variables: below
 *   the running kernel's function.shared_bytes (see layout.c: a kernel's
 *   window holds only the variables it can reach). .extern .shared (size 0,
 *   dynamic shared memory): offset == module.dyn_shared_offset, the same for
 *   every kernel; the dynamic bytes given at launch follow from there, so a
 *   CTA needs dyn_shared_offset + dynamic bytes (or the kernel's
 *   shared_bytes when no dynamic memory is used).
 * - LOCAL: offset within the declaring function's per-thread frame
 *   (function.local_bytes).
 * - PARAM, is_func_param: a parameter of function scope_func, offset within
 *   its parameter buffer (function.param_bytes) — the kernel arguments of an
 *   .entry, the arguments a call copies in for a .func.
 * - PARAM, is_ret_param: a return parameter of .func scope_func, offset
 *   within its return buffer (function.ret_bytes).
 * - PARAM, neither flag: a .param declared in a function body (in the
 *   { } block around a call, holding an argument or a result); offset within
 *   that function's per-thread call frame (function.call_param_bytes).
 *   Blocks that are not nested reuse the same bytes.
 * A call `call (r0), f, (a0, a1)` copies each a_i (size bytes) into f's
 * parameter i, runs f, then copies f's return parameter j into r_j. */
struct ptx_symbol {
    char *name;
    uint8_t space;   /* enum ptx_space */
    uint8_t type;    /* element type as declared */
    uint8_t is_extern, is_func_param, is_ret_param;
    uint32_t align;
    uint64_t size;   /* bytes; 0 for .extern .shared (dynamic shared memory) */
    uint64_t offset; /* address in its space (see above) */
    uint8_t *init;   /* initializer bytes (size bytes, little-endian) or NULL = zero */
    uint32_t line;   /* declaration line */
    int32_t scope_func; /* owning function index or -1 for module scope */
    /* align: declared .align, else the element size (>= 1) */
};

/* Operand layout (ops[], nops), destinations first. Fixed layouts, where
 * an optional operand keeps its slot (kind PTX_OPND_NONE when absent):
 *   setp   [p, q|NONE, a, b, c|NONE]       nops 5; q from "p|q"; c with .and/.or/.xor
 *   shfl   [d, p|NONE, a, b, c, membermask] nops 6; p from "d|p"
 *   match  [d, p|NONE, a, membermask]       nops 4
 *   call   [SYMLIST rets, FUNC, SYMLIST args] nops 3 (lists may be empty)
 * Everything else as written:
 *   ld/ldu [d or VEC, ADDR]   st [ADDR, a or VEC]   atom [d, ADDR, b(, c for cas)]
 *   red [ADDR, b]   prefetch [ADDR]   bra [LABEL]   ret/exit/trap/membar/fence []
 *   set [d, a, b(, c pred)]   selp [d, a, b, p]   slct [d, a, b, c(stype)]
 *   cvt [d, a] (cvt pack: [d, a, b])   mov [d or VEC, a or VEC/SREG/SYMBOL/IMM]
 *   mul/mad .wide: d (and mad's c) are twice the width of `type`
 *   bar/barrier .sync/.arrive [id(, count)]   bar.warp.sync [membermask]
 *   bar.red [d, id, (count,) c pred]   vote [d, a pred, membermask]
 *   bfe [d, a, pos, len]   bfi [d, f, b, pos, len]   prmt [d, a, b, sel]
 *   lop3 [d, a, b, c, immLut]   shf [d, a, b, c]   testp/isspacep [p, a]
 *   redux [d, a, membermask]   elect [d, p|NONE, membermask] (d may be "_")
 *   cp.async [ADDR dst, ADDR src, cp-size(, src-size or ignore-src pred)]
 *   cp.async.wait_group [n]   cp.async.commit_group/wait_all []
 *   cp.async.mbarrier.arrive [ADDR]   cp.async.bulk [ADDR dst, ADDR src, size, ADDR mbar]
 *   mbarrier: init [ADDR, count]  inval [ADDR]  arrive(_drop) [state, ADDR(, count)]
 *     (.expect_tx: [state, ADDR, tx])  expect_tx/complete_tx [ADDR, tx]
 *     test_wait/try_wait [p, ADDR, state or parity(, hint)]  pending_count [d, state]
 *   mma [VEC d, VEC a, VEC b, VEC c] (type: d and c, stype: a and b)
 *   ldmatrix [VEC d (mode registers), ADDR]
 *   wmma.load [VEC d, ADDR(, stride)]  wmma.store [ADDR, VEC a(, stride)]
 *   wmma.mma [VEC d, VEC a, VEC b, VEC c]
 *   mapa [d, a, rank]   getctarank [d, a]   barrier.cluster.arrive/wait []
 * Predicates appear as PTX_OPND_PRED wherever PTX has a predicate operand
 * (setp/testp/isspacep/vote destinations, selp/set/setp/bar.red sources,
 * and every operand of and/or/xor/not/mov with type PTX_T_PRED).
 * PTX_OPNDF_NOT appears only on setp/set/bar.red/vote predicate sources. */
struct ptx_inst {
    uint16_t op;      /* enum ptx_opcode */
    uint8_t type;     /* operation / destination type; for setp the compare type;
                       * for mul/mad .wide the source type; PTX_T_NONE if untyped */
    uint8_t stype;    /* second type: cvt source (cvt.DST.SRC), set/slct compare type
                       * (set.CMP.D.S, slct.D.S), setp: same as type, dp4a b type */
    uint8_t space;    /* state space of ld/st/atom/red/cvta/isspacep/prefetch;
                       * PTX_SPACE_GENERIC when a memory op names none */
    /* setp/set: enum ptx_cmp; atom/red: enum ptx_atomop; shfl: ptx_shflmode;
     * vote and match: ptx_votemode (match uses ANY/ALL); bar/barrier:
     * ptx_barmode; prmt: ptx_prmtmode; testp: ptx_testpmode; prefetch:
     * cache level 1 or 2 (0 = none given) */
    uint8_t mode;
    uint8_t boolop;   /* setp/set combining; bar.red reduction (POPC/AND/OR) */
    uint8_t round;    /* enum ptx_round */
    uint8_t vec;      /* 1, 2 or 4 elements (ld/st .v2/.v4) */
    uint8_t cache;    /* enum ptx_cacheop (hint); eviction hints are accepted, dropped */
    /* enum ptx_opclass: the opcode's class, then DP for f64 arithmetic (also
     * f64 setp/cvt/transcendentals), SFU for integer div/rem */
    uint8_t opclass;
    uint8_t nops;     /* operand slots used (see the layout above) */
    uint8_t guard_not;  /* @!%p */
    uint8_t pad0;
    uint16_t loc_file; /* last .loc before it: file index (module files[]), 0 = none */
    uint32_t flags;   /* PTX_F_* */
    uint32_t guard;   /* predicate index, or PTX_NO_INDEX when unguarded; guard_not
                       * set: the instruction runs in lanes where it is false */
    uint32_t target;  /* branch target instruction index (bra; same as ops[0].index),
                       * else PTX_NO_INDEX */
    /* bra, and guarded ret/exit/trap: first instruction of the immediate
     * post-dominator of the branch (where the warp reconverges);
     * PTX_NO_INDEX = the function's exit (or no path to it). Other
     * instructions: PTX_NO_INDEX. See cfg.c. */
    uint32_t reconv;
    uint32_t line;    /* PTX source line, for error messages */
    uint32_t loc_line; /* last .loc before it: CUDA source line, 0 = none */
    struct ptx_operand ops[PTX_MAX_OPERANDS]; /* destination(s) first, as written */
};

/* A .entry (kernel) or .func. */
struct ptx_function {
    char *name;
    int is_entry, is_extern;
    int defined;     /* has a body (else a prototype or an .extern declaration) */
    uint32_t line;
    struct ptx_inst *insts;
    uint32_t ninsts;
    uint32_t nregs;  /* 64-bit register slots per lane; every .reg of every { }
                      * scope gets its own slot */
    uint32_t npreds; /* predicate registers */
    uint32_t *vec_pool;  /* register indices of vector operands */
    uint32_t nvec_pool;
    uint32_t *sym_pool;  /* symbol indices of call argument lists */
    uint32_t nsym_pool;
    /* parameters: symbol indices (space PARAM), in declaration order */
    uint32_t *params;
    uint32_t nparams;
    uint32_t *ret_params; /* .func return parameters */
    uint32_t nret_params;
    uint64_t param_bytes;   /* size of the parameter buffer (offsets in symbols) */
    uint64_t ret_bytes;     /* size of the return-value buffer of a .func */
    uint64_t call_param_bytes; /* frame of .param variables declared in the body */
    uint64_t local_bytes;   /* per-thread .local frame of this function */
    /* .entry: the kernel's static shared window — every static .shared
     * variable the kernel or any function it calls names lies in
     * [0, shared_bytes). 0 for a .func (its variables count in its callers). */
    uint64_t shared_bytes;
    int uses_dyn_shared; /* .entry: it (or a function it calls) names an .extern .shared */
    uint32_t maxntid[3], reqntid[3], minnctapersm; /* performance directives, 0 = absent */
    uint32_t maxnreg;                              /* .maxnreg, 0 = absent */
    /* cluster directives: .reqnctapercluster (0 = absent), .explicitcluster,
     * .maxclusterrank (0 = absent) */
    uint32_t reqnctapercluster[3], explicitcluster, maxclusterrank;
    /* The first instruction of the body ccgpu cannot execute, as
     * "FILE:LINE: message" (malloc'd), or NULL. It stands in the body as a
     * PTX_OP_UNSUPPORTED instruction; the module loads, and only a launch
     * of a kernel that reaches this function (itself or by calls) fails. */
    char *unsupported;
    /* Register names for diagnostics: reg_names[i] names slot i. */
    char **reg_names;
    char **pred_names;
    uint8_t *reg_types; /* declared type (enum ptx_type) of each register slot */
};

struct ptx_module {
    char *name;      /* file name, for messages */
    uint32_t version_major, version_minor;
    char target[32];
    uint32_t address_size;
    struct ptx_function *funcs;
    uint32_t nfuncs;
    struct ptx_symbol *syms; /* module-scope and function-scope variables and params */
    uint32_t nsyms;
    uint64_t global_bytes;   /* .global variables (any scope) laid out from offset 0 */
    uint64_t const_bytes;    /* .const variables (any scope) laid out from offset 0 */
    uint64_t shared_bytes;   /* the largest static shared window of any kernel */
    /* where .extern .shared (dynamic) memory begins in every kernel's CTA
     * window: shared_bytes rounded up to the largest .extern .shared
     * alignment (at least 16) */
    uint64_t dyn_shared_offset;
    char **files;            /* .file N "name": files[N], NULL where not declared */
    uint32_t nfiles;
};

/* Per-type facts. */
static inline unsigned ptx_type_bytes(enum ptx_type t)
{
    switch (t) {
    case PTX_T_PRED: return 1;
    case PTX_T_B8: case PTX_T_U8: case PTX_T_S8: return 1;
    case PTX_T_B16: case PTX_T_U16: case PTX_T_S16: case PTX_T_F16: case PTX_T_BF16: return 2;
    case PTX_T_B32: case PTX_T_U32: case PTX_T_S32: case PTX_T_F32: case PTX_T_F16X2:
    case PTX_T_BF16X2: case PTX_T_TF32: return 4;
    case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 8;
    case PTX_T_B128: return 16;
    default: return 0;
    }
}

static inline int ptx_type_is_signed(enum ptx_type t)
{
    return t == PTX_T_S8 || t == PTX_T_S16 || t == PTX_T_S32 || t == PTX_T_S64;
}

static inline int ptx_type_is_float(enum ptx_type t)
{
    return t == PTX_T_F16 || t == PTX_T_F16X2 || t == PTX_T_BF16 || t == PTX_T_BF16X2 ||
           t == PTX_T_F32 || t == PTX_T_F64 || t == PTX_T_TF32;
}

const char *ptx_opcode_name(enum ptx_opcode op);
const char *ptx_type_name(enum ptx_type t);
const char *ptx_space_name(enum ptx_space s);

#endif
