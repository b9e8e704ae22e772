/* Decoding of the cp.* and mbarrier.* opcode words (the engine side is
 * asyncops.c). Accepted:
 *   cp.async.{ca,cg}.shared{::cta}.global[.L2::cache_hint][.L2::{64,128,256}B]
 *                                  [d], [s], cp-size[, src-size | ignore-src][, policy]
 *   cp.async.commit_group   cp.async.wait_group n   cp.async.wait_all
 *   cp.async.mbarrier.arrive[.noinc].shared{::cta}.b64     [mbar]
 *   cp.async.bulk.shared::{cluster,cta}.global.mbarrier::complete_tx::bytes
 *                 [.L2::cache_hint]                        [d], [s], size, [mbar][, policy]
 *   mbarrier.{init,inval,arrive,arrive_drop,expect_tx,complete_tx,test_wait,
 *             try_wait,pending_count}[.expect_tx][.parity][.sem][.scope]
 *            [.shared{::cta}].b64
 * Everything else of the family (bulk copies to global memory, tensor and
 * multicast copies, reductions, mbarriers in another CTA's shared memory)
 * is refused as an instruction ccgpu does not support, naming it. */
#include "ptx/parse_internal.h"
#include <string.h>

_Noreturn static void refuse(struct pctx *c, const struct lex_token *t)
{
    pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu", (int)t->len, t->s);
}

/* One parsed word: its dot-separated parts after the first. */
struct parts {
    const char *p[16];
    size_t n[16];
    unsigned count;
};

static void split(struct pctx *c, const struct lex_token *t, struct parts *w)
{
    const char *end = t->s + t->len, *p = memchr(t->s, '.', t->len);
    w->count = 0;
    size_t n;
    for (const char *m; (m = ptx_next_word(&p, end, &n));) {
        if (w->count == 16)
            refuse(c, t);
        w->p[w->count] = m;
        w->n[w->count++] = n;
    }
}

/* Memory-order and scope words (recorded, as ld/st/atom keep them). */
static int order_flag(const char *m, size_t n, uint32_t *flags)
{
    static const struct { const char *w; uint32_t f; } tab[] = {
        { "relaxed", PTX_F_RELAXED }, { "acquire", PTX_F_ACQUIRE },
        { "release", PTX_F_RELEASE }, { "acq_rel", PTX_F_ACQUIRE | PTX_F_RELEASE },
        { "cta", PTX_F_SCOPE_CTA }, { "cluster", PTX_F_SCOPE_CLUSTER },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (ptx_word_is(m, n, tab[i].w)) {
            *flags |= tab[i].f;
            return 1;
        }
    return 0;
}

static int is_cache_hint(const char *m, size_t n)
{
    return ptx_word_is(m, n, "L2::cache_hint") || ptx_word_is(m, n, "L2::64B") ||
           ptx_word_is(m, n, "L2::128B") || ptx_word_is(m, n, "L2::256B");
}

static void decode_cp(struct pctx *c, struct ptx_inst *in, const struct lex_token *t,
                      const struct parts *w)
{
    if (w->count < 1 || !ptx_word_is(w->p[0], w->n[0], "async"))
        refuse(c, t);
    if (w->count == 2 && ptx_word_is(w->p[1], w->n[1], "commit_group")) {
        in->op = PTX_OP_CP_ASYNC_COMMIT;
        return;
    }
    if (w->count == 2 && ptx_word_is(w->p[1], w->n[1], "wait_group")) {
        in->op = PTX_OP_CP_ASYNC_WAIT;
        return;
    }
    if (w->count == 2 && ptx_word_is(w->p[1], w->n[1], "wait_all")) {
        in->op = PTX_OP_CP_ASYNC_WAIT_ALL;
        return;
    }
    unsigned i = 1;
    in->space = PTX_SPACE_SHARED;
    if (w->count >= 3 && ptx_word_is(w->p[1], w->n[1], "mbarrier") &&
        ptx_word_is(w->p[2], w->n[2], "arrive")) {
        in->op = PTX_OP_CP_ASYNC_MBAR_ARRIVE;
        in->space = PTX_SPACE_GENERIC;
        for (i = 3; i < w->count; i++) {
            const char *m = w->p[i];
            size_t n = w->n[i];
            if (ptx_word_is(m, n, "noinc") && !(in->flags & PTX_F_NOINC))
                in->flags |= PTX_F_NOINC;
            else if ((ptx_word_is(m, n, "shared") || ptx_word_is(m, n, "shared::cta")) &&
                     in->space == PTX_SPACE_GENERIC)
                in->space = PTX_SPACE_SHARED;
            else if (ptx_word_is(m, n, "b64") && !in->type)
                in->type = PTX_T_B64;
            else
                refuse(c, t);
        }
        if (in->type != PTX_T_B64)
            pctx_fail(c, t->line, "'%.*s' needs .b64", (int)t->len, t->s);
        return;
    }
    if (w->count >= 2 && ptx_word_is(w->p[1], w->n[1], "bulk")) {
        /* the one form cuda::memcpy_async with a cuda::barrier uses on sm_90 */
        int dst = 0, src = 0, done = 0;
        in->op = PTX_OP_CP_ASYNC_BULK;
        for (i = 2; i < w->count; i++) {
            const char *m = w->p[i];
            size_t n = w->n[i];
            if (!dst && (ptx_word_is(m, n, "shared::cluster") || ptx_word_is(m, n, "shared::cta")))
                dst = 1;
            else if (dst && !src && ptx_word_is(m, n, "global"))
                src = 1;
            else if (src && !done && ptx_word_is(m, n, "mbarrier::complete_tx::bytes"))
                done = 1;
            else if (done && ptx_word_is(m, n, "L2::cache_hint"))
                continue;
            else
                refuse(c, t);
        }
        if (!done)
            refuse(c, t);
        return;
    }
    /* cp.async.{ca,cg}.shared{::cta}.global */
    in->op = PTX_OP_CP_ASYNC;
    if (w->count < 4)
        refuse(c, t);
    if (ptx_word_is(w->p[1], w->n[1], "ca"))
        in->cache = PTX_CACHE_CA;
    else if (ptx_word_is(w->p[1], w->n[1], "cg"))
        in->cache = PTX_CACHE_CG;
    else
        refuse(c, t);
    if (!ptx_word_is(w->p[2], w->n[2], "shared") && !ptx_word_is(w->p[2], w->n[2], "shared::cta"))
        refuse(c, t);
    if (!ptx_word_is(w->p[3], w->n[3], "global"))
        refuse(c, t);
    for (i = 4; i < w->count; i++)
        if (!is_cache_hint(w->p[i], w->n[i]))
            refuse(c, t);
}

static void decode_mbarrier(struct pctx *c, struct ptx_inst *in, const struct lex_token *t,
                            const struct parts *w)
{
    static const struct { const char *w; uint8_t mode; } modes[] = {
        { "init", PTX_MBAR_INIT }, { "inval", PTX_MBAR_INVAL },
        { "arrive", PTX_MBAR_ARRIVE }, { "arrive_drop", PTX_MBAR_ARRIVE_DROP },
        { "expect_tx", PTX_MBAR_EXPECT_TX }, { "complete_tx", PTX_MBAR_COMPLETE_TX },
        { "test_wait", PTX_MBAR_TEST_WAIT }, { "try_wait", PTX_MBAR_TRY_WAIT },
        { "pending_count", PTX_MBAR_PENDING_COUNT },
    };
    in->op = PTX_OP_MBARRIER;
    in->space = PTX_SPACE_GENERIC;
    if (w->count < 1)
        refuse(c, t);
    size_t k;
    for (k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (ptx_word_is(w->p[0], w->n[0], modes[k].w))
            break;
    if (k == sizeof modes / sizeof modes[0])
        refuse(c, t);
    in->mode = modes[k].mode;
    int arrive = in->mode == PTX_MBAR_ARRIVE || in->mode == PTX_MBAR_ARRIVE_DROP;
    int wait = in->mode == PTX_MBAR_TEST_WAIT || in->mode == PTX_MBAR_TRY_WAIT;
    int spaced = 0;
    for (unsigned i = 1; i < w->count; i++) {
        const char *m = w->p[i];
        size_t n = w->n[i];
        uint32_t before = in->flags;
        if (arrive && ptx_word_is(m, n, "expect_tx") && !(in->flags & PTX_F_EXPECT_TX))
            in->flags |= PTX_F_EXPECT_TX;
        else if (wait && ptx_word_is(m, n, "parity") && !(in->flags & PTX_F_PARITY))
            in->flags |= PTX_F_PARITY;
        else if ((ptx_word_is(m, n, "shared") || ptx_word_is(m, n, "shared::cta")) && !spaced)
            in->space = PTX_SPACE_SHARED, spaced = 1;
        else if (ptx_word_is(m, n, "b64") && !in->type)
            in->type = PTX_T_B64;
        else if (!order_flag(m, n, &in->flags) || in->flags == before)
            refuse(c, t); /* .noComplete, .shared::cluster, a repeat ... */
    }
    if (in->type != PTX_T_B64)
        pctx_fail(c, t->line, "'%.*s' needs .b64", (int)t->len, t->s);
}

void ptx_decode_asyncop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    struct parts w;
    split(c, t, &w);
    if (t->s[0] == 'c')
        decode_cp(c, in, t, &w);
    else
        decode_mbarrier(c, in, t, &w);
    in->opclass = (in->op == PTX_OP_CP_ASYNC_COMMIT || in->op == PTX_OP_CP_ASYNC_WAIT ||
                   in->op == PTX_OP_CP_ASYNC_WAIT_ALL)
                      ? PTX_CLASS_NOP
                      : PTX_CLASS_MEM;
}
