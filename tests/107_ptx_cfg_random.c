/* Control-flow analyses against brute-force references on random control
 * flow (guarded and unguarded branches forward and back, rets, exits,
 * infinite loops): every branch's reconv against the nearest strict
 * post-dominator from naive per-instruction post-dominator sets, and the
 * register estimate against naive per-instruction liveness. */
#include "check.h"
#include "ptx/ptx.h"
#include <stdlib.h>

#define MAXN 40

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Instruction kinds of a generated body. */
enum { K_ADD, K_BRA, K_GBRA, K_RET, K_GRET, K_EXIT };

struct body {
    int n;
    int kind[MAXN];
    int target[MAXN];
};

static void generate(struct body *b)
{
    b->n = 3 + (int)rnd(MAXN - 3);
    for (int i = 0; i < b->n; i++) {
        uint32_t r = rnd(100);
        b->kind[i] = r < 45 ? K_ADD : r < 55 ? K_BRA : r < 85 ? K_GBRA : r < 90 ? K_RET
                   : r < 95 ? K_GRET : K_EXIT;
        b->target[i] = (int)rnd((uint32_t)b->n);
    }
    b->kind[b->n - 1] = K_RET;
}

static void emit(const struct body *b, char *out, size_t cap)
{
    size_t pos = (size_t)snprintf(out, cap, ".version 9.0\n.target sm_75\n.address_size 64\n"
                                            ".visible .entry k()\n{\n.reg .pred %%p<2>;\n"
                                            ".reg .b32 %%r<2>;\n");
    for (int i = 0; i < b->n && pos < cap; i++) {
        const char *s = "";
        char tmp[64];
        switch (b->kind[i]) {
        case K_ADD: s = "add.s32 %r1, %r1, 1;"; break;
        case K_BRA: snprintf(tmp, sizeof tmp, "bra.uni L%d;", b->target[i]); s = tmp; break;
        case K_GBRA: snprintf(tmp, sizeof tmp, "@%%p1 bra L%d;", b->target[i]); s = tmp; break;
        case K_RET: s = "ret;"; break;
        case K_GRET: s = "@%p1 ret;"; break;
        default: s = "exit;"; break;
        }
        pos += (size_t)snprintf(out + pos, cap - pos, "L%d: %s\n", i, s);
    }
    if (pos < cap)
        snprintf(out + pos, cap - pos, "}\n");
}

/* Naive post-dominator sets over instructions plus the exit node (index n). */
static void reference(const struct body *b, uint32_t *ipdom)
{
    int n = b->n, N = n + 1;
    static uint64_t pd[MAXN + 1];
    int succ[MAXN][2];
    for (int i = 0; i < n; i++) {
        int k = b->kind[i], next = i + 1 < n ? i + 1 : n;
        succ[i][0] = succ[i][1] = -1;
        if (k == K_BRA)
            succ[i][0] = b->target[i];
        else if (k == K_GBRA)
            succ[i][0] = b->target[i], succ[i][1] = next;
        else if (k == K_RET || k == K_EXIT)
            succ[i][0] = n;
        else if (k == K_GRET)
            succ[i][0] = n, succ[i][1] = next;
        else
            succ[i][0] = next;
    }
    uint64_t all = N == 64 ? ~0ull : (1ull << N) - 1;
    for (int i = 0; i < n; i++)
        pd[i] = all;
    pd[n] = 1ull << n;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = n - 1; i >= 0; i--) {
            uint64_t v = all;
            for (int j = 0; j < 2; j++)
                if (succ[i][j] >= 0)
                    v &= pd[succ[i][j]];
            v |= 1ull << i;
            if (v != pd[i]) {
                pd[i] = v;
                changed = 1;
            }
        }
    }
    /* which instructions reach the exit at all (the sets alone cannot tell:
     * a node post-dominated by every node also has the full set) */
    int reaches[MAXN + 1] = { 0 };
    reaches[n] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < 2; j++)
                if (!reaches[i] && succ[i][j] >= 0 && reaches[succ[i][j]])
                    reaches[i] = changed = 1;
    }
    for (int i = 0; i < n; i++) {
        ipdom[i] = PTX_NO_INDEX;
        if (!reaches[i])
            continue;
        uint64_t strict = pd[i] & ~(1ull << i);
        /* the nearest: the strict post-dominator with the most post-dominators */
        int best = -1, bestc = -1;
        for (int d = 0; d <= n; d++)
            if ((strict >> d) & 1) {
                int cnt = __builtin_popcountll(pd[d]);
                if (cnt > bestc)
                    bestc = cnt, best = d;
            }
        ipdom[i] = best < 0 || best == n ? PTX_NO_INDEX : (uint32_t)best;
    }
}

TEST(random_cfgs)
{
    static char text[8192];
    char err[256];
    uint32_t ref[MAXN];
    int compared = 0, mismatches = 0;
    rng_state = 0x2545f4914f6cdd1dull;
    for (int iter = 0; iter < 400; iter++) {
        struct body b;
        generate(&b);
        emit(&b, text, sizeof text);
        struct ptx_module *m = ptx_parse(text, "rand.ptx", err, sizeof err);
        CHECK(m != NULL);
        if (!m) {
            printf("  %s\n", err);
            continue;
        }
        reference(&b, ref);
        const struct ptx_function *f = &m->funcs[0];
        CHECK_EQ_INT(f->ninsts, b.n);
        for (int i = 0; i < b.n && (uint32_t)i < f->ninsts; i++) {
            int k = b.kind[i];
            if (k != K_BRA && k != K_GBRA && k != K_GRET)
                continue;
            compared++;
            if (f->insts[i].reconv != ref[i]) {
                if (mismatches++ < 5)
                    printf("  body %d instruction %d: reconv %d, reference %d\n", iter, i,
                           (int)f->insts[i].reconv, (int)ref[i]);
            }
        }
        ptx_module_free(m);
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK(compared > 1000);
}

/* Random straight-line register traffic on the same random control flow:
 * 12 32-bit and 4 64-bit registers, some writes guarded. The estimate must
 * equal the largest live set (64-bit counting 2) before or after any
 * instruction, from a naive per-instruction liveness fixed point. */
TEST(random_liveness)
{
    static char text[16384];
    char err[256];
    rng_state = 0x9e3779b97f4a7c15ull;
    int mismatches = 0;
    for (int iter = 0; iter < 300; iter++) {
        struct body b;
        generate(&b);
        int n = b.n;
        uint32_t use[MAXN] = { 0 }, def[MAXN] = { 0 }; /* bits 0-11 %r, 12-15 %rd */
        int gdef[MAXN] = { 0 };
        size_t pos = (size_t)snprintf(text, sizeof text,
                                      ".version 9.0\n.target sm_75\n.address_size 64\n"
                                      ".visible .entry k()\n{\n.reg .pred %%p<2>;\n"
                                      ".reg .b32 %%r<12>;\n.reg .b64 %%rd<4>;\n");
        for (int i = 0; i < n; i++) {
            char ins[96];
            int k = b.kind[i];
            if (k == K_ADD) {
                uint32_t d = rnd(16), a = rnd(16), c = rnd(16);
                int guarded = rnd(4) == 0;
                /* same-width operands: map a/c into d's register class */
                if (d < 12) {
                    a %= 12, c %= 12;
                    snprintf(ins, sizeof ins, "%sadd.s32 %%r%u, %%r%u, %%r%u;",
                             guarded ? "@%p1 " : "", d, a, c);
                } else {
                    a = 12 + a % 4, c = 12 + c % 4;
                    snprintf(ins, sizeof ins, "%sadd.s64 %%rd%u, %%rd%u, %%rd%u;",
                             guarded ? "@%p1 " : "", d - 12, a - 12, c - 12);
                }
                use[i] = (1u << a) | (1u << c);
                def[i] = 1u << d;
                gdef[i] = guarded;
            } else if (k == K_BRA) {
                snprintf(ins, sizeof ins, "bra.uni L%d;", b.target[i]);
            } else if (k == K_GBRA) {
                snprintf(ins, sizeof ins, "@%%p1 bra L%d;", b.target[i]);
            } else if (k == K_RET) {
                snprintf(ins, sizeof ins, "ret;");
            } else if (k == K_GRET) {
                snprintf(ins, sizeof ins, "@%%p1 ret;");
            } else {
                snprintf(ins, sizeof ins, "exit;");
            }
            pos += (size_t)snprintf(text + pos, sizeof text - pos, "L%d: %s\n", i, ins);
        }
        snprintf(text + pos, sizeof text - pos, "}\n");
        /* naive liveness */
        uint32_t in[MAXN] = { 0 }, out[MAXN] = { 0 };
        for (int changed = 1; changed;) {
            changed = 0;
            for (int i = n - 1; i >= 0; i--) {
                int k = b.kind[i], next = i + 1;
                uint32_t o = 0;
                if (k == K_BRA)
                    o = in[b.target[i]];
                else if (k == K_GBRA)
                    o = in[b.target[i]] | (next < n ? in[next] : 0);
                else if (k == K_GRET)
                    o = next < n ? in[next] : 0;
                else if (k == K_ADD)
                    o = next < n ? in[next] : 0;
                uint32_t v = use[i] | (o & ~(gdef[i] ? 0 : def[i]));
                if (o != out[i] || v != in[i])
                    changed = 1;
                out[i] = o;
                in[i] = v;
            }
        }
        uint32_t want = 0;
        for (int i = 0; i < n; i++) {
            uint32_t w[2] = { in[i], out[i] };
            for (int j = 0; j < 2; j++) {
                uint32_t cnt = (uint32_t)__builtin_popcount(w[j] & 0xfff) +
                               2u * (uint32_t)__builtin_popcount(w[j] >> 12);
                if (cnt > want)
                    want = cnt;
            }
        }
        struct ptx_module *m = ptx_parse(text, "live.ptx", err, sizeof err);
        CHECK(m != NULL);
        if (!m) {
            printf("  %s\n", err);
            continue;
        }
        uint32_t got = ptx_estimate_registers(m, &m->funcs[0]);
        if (got != want && mismatches++ < 5)
            printf("  body %d: estimate %u, reference %u\n", iter, got, want);
        ptx_module_free(m);
    }
    CHECK_EQ_INT(mismatches, 0);
}

int main(void)
{
    RUN(random_cfgs);
    RUN(random_liveness);
    return check_summary();
}
