/* One instruction line of a kernel trace:
 *   [line] PC MASK NDST {Rn} OPCODE NSRC {Rn} WIDTH [MODE ADDRESSES] [IMMEDIATE]
 * PC and MASK hex; WIDTH bytes per lane, 0 for no memory access; MODE 0
 * lists the executing lanes' addresses (hex), 1 gives a base (hex) and a
 * stride (decimal) for consecutive executing lanes, 2 a base and one
 * decimal delta per further executing lane, each from the lane before. */
#include "trace/trace_file.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
    const char *p;
};

/* The next token (NULL at the end of the line). */
static const char *tok(struct cursor *c, size_t *len)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
        c->p++;
    if (!*c->p)
        return NULL;
    const char *s = c->p;
    while (*c->p && *c->p != ' ' && *c->p != '\t' && *c->p != '\r')
        c->p++;
    *len = (size_t)(c->p - s);
    return s;
}

/* an unsigned number of the whole token in base (16 accepts 0x) */
static int num_u(const char *s, size_t len, int base, uint64_t max, uint64_t *out)
{
    char buf[40];
    if (!s || len == 0 || len >= sizeof buf || s[0] == '-' || s[0] == '+')
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(buf, &end, base);
    if (errno || *end || end == buf || v > max)
        return -1;
    *out = v;
    return 0;
}

static int num_s(const char *s, size_t len, int64_t *out)
{
    char buf[40];
    if (!s || len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (errno || *end || end == buf)
        return -1;
    *out = v;
    return 0;
}

static int reg(const char *s, size_t len, uint16_t *out)
{
    uint64_t v;
    if (!s || len < 2 || s[0] != 'R' || num_u(s + 1, len - 1, 10, 0xffff, &v))
        return -1;
    *out = (uint16_t)v;
    return 0;
}

/* bytes per lane a modifier names (.64, .128, .U8, .S16), 0 if none */
static uint32_t width_of(const char *op, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && op[j] != '.')
            j++;
        const char *t = op + i;
        size_t n = j - i;
        if (n && (t[0] == 'U' || t[0] == 'S') && n > 1)
            t++, n--;
        uint64_t bits;
        if (i && n && num_u(t, n, 10, 1024, &bits) == 0 && bits >= 8 && bits % 8 == 0)
            return (uint32_t)(bits / 8);
        i = j + 1;
    }
    return 0;
}

static int has_modifier(const char *op, size_t len, const char *m)
{
    size_t ml = strlen(m);
    for (size_t i = 0; i + ml <= len; i++)
        if (op[i] == '.' && !memcmp(op + i + 1, m, ml) && (i + 1 + ml == len || op[i + 1 + ml] == '.'))
            return 1;
    return 0;
}

static int push_addr(struct trace_warp_insts *w, uint64_t a)
{
    if (w->naddr == w->capaddr) {
        uint32_t cap = w->capaddr ? w->capaddr * 2 : 256;
        uint64_t *n = realloc(w->addr, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        w->addr = n;
        w->capaddr = cap;
    }
    w->addr[w->naddr++] = a;
    return 0;
}

static uint16_t note_unknown(const char *op, size_t len, struct trace_unknown **unk,
                             uint32_t *nunk)
{
    if (len >= SASS_NAME_MAX)
        len = SASS_NAME_MAX - 1;
    for (uint32_t i = 0; i < *nunk; i++)
        if (!strncmp((*unk)[i].name, op, len) && !(*unk)[i].name[len]) {
            (*unk)[i].count++;
            return TRACE_OP_UNKNOWN;
        }
    struct trace_unknown *n = realloc(*unk, (*nunk + 1) * sizeof *n);
    if (!n)
        return TRACE_OP_UNKNOWN; /* (the count is lost, the run goes on) */
    *unk = n;
    memset(&n[*nunk], 0, sizeof n[*nunk]);
    memcpy(n[*nunk].name, op, len);
    n[*nunk].count = 1;
    (*nunk)++;
    return TRACE_OP_UNKNOWN;
}

/* the next token's value (the token read before its length is used) */
#define NUM_U_NEXT(...) (t = tok(&c, &n), num_u(t, n, __VA_ARGS__))
#define NUM_S_NEXT(...) (t = tok(&c, &n), num_s(t, n, __VA_ARGS__))
#define REG_NEXT(...) (t = tok(&c, &n), reg(t, n, __VA_ARGS__))
#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); goto fail; } while (0)

int trace_parse_inst(const char *line, int lineinfo, const struct sass_table *tab,
                     struct trace_warp_insts *w, struct trace_unknown **unk, uint32_t *nunk,
                     char *err, size_t errlen)
{
    struct cursor c = { line };
    const char *t;
    size_t n = 0;
    uint64_t v;
    uint32_t naddr0 = w->naddr;
    if (w->n == w->cap) {
        uint32_t cap = w->cap ? w->cap * 2 : 64;
        struct trace_inst *nv = realloc(w->v, (size_t)cap * sizeof *nv);
        if (!nv)
            FAIL("out of memory");
        w->v = nv;
        w->cap = cap;
    }
    struct trace_inst *in = &w->v[w->n];
    memset(in, 0, sizeof *in);
    if (lineinfo && NUM_U_NEXT(10, UINT32_MAX, &v))
        FAIL("expected a source line number");
    t = tok(&c, &n);
    if (num_u(t, n, 16, UINT32_MAX, &v))
        FAIL("expected a hexadecimal PC");
    in->pc = (uint32_t)v;
    t = tok(&c, &n);
    if (num_u(t, n, 16, UINT32_MAX, &v))
        FAIL("expected a hexadecimal 32-bit lane mask after the PC");
    in->mask = (uint32_t)v;
    t = tok(&c, &n);
    if (num_u(t, n, 10, TRACE_MAX_REGS, &v))
        FAIL("expected the number of destination registers (0 to %d)", TRACE_MAX_REGS);
    in->ndst = (uint8_t)v;
    for (uint32_t i = 0; i < in->ndst; i++)
        if (REG_NEXT(&in->reg[i]))
            FAIL("expected %u destination registers R0..R65535", in->ndst);
    const char *op = tok(&c, &n);
    size_t oplen = n;
    if (!op || !((op[0] >= 'A' && op[0] <= 'Z') || op[0] == '_'))
        FAIL("expected an opcode");
    size_t base = 0;
    while (base < oplen && op[base] != '.')
        base++;
    const struct sass_opcode *e = sass_table_find(tab, op, base);
    in->op = e ? (uint16_t)(e - tab->ops) : note_unknown(op, base, unk, nunk);
    if (has_modifier(op, oplen, "STRONG") && has_modifier(op, oplen, "GPU"))
        in->flags |= TRACE_F_STRONG_GPU;
    if (has_modifier(op, oplen, "ARV"))
        in->flags |= TRACE_F_ARRIVE;
    if (e && e->unit == SASS_TMA)
        in->flags |= TRACE_F_TMA;
    t = tok(&c, &n);
    if (num_u(t, n, 10, TRACE_MAX_REGS, &v) || in->ndst + v > TRACE_MAX_REGS)
        FAIL("expected the number of source registers (at most %d registers in all)",
             TRACE_MAX_REGS);
    in->nsrc = (uint8_t)v;
    for (uint32_t i = 0; i < in->nsrc; i++)
        if (REG_NEXT(&in->reg[in->ndst + i]))
            FAIL("expected %u source registers R0..R65535", in->nsrc);
    t = tok(&c, &n);
    if (num_u(t, n, 10, 255, &v))
        FAIL("expected the memory width (bytes per lane, 0 to 255)");
    uint32_t width = (uint32_t)v;
    if (width && (in->flags & TRACE_F_TMA)) {
        w->n++; /* a TMA transfer's own address list is not read */
        return 0;
    }
    if (width) {
        uint32_t ow = width_of(op, oplen);
        in->width = (uint8_t)(ow && ow <= 255 ? ow : width);
        t = tok(&c, &n);
        if (num_u(t, n, 10, 2, &v))
            FAIL("expected the address encoding 0 (list), 1 (base, stride) or 2 (base, deltas)");
        uint32_t lanes = (uint32_t)__builtin_popcount(in->mask);
        in->addr = w->naddr;
        uint64_t last = 0, top = UINT64_MAX - in->width;
        if (v == 0) {
            in->amode = TRACE_ADDR_LIST;
            for (uint32_t i = 0; i < lanes; i++) {
                if (NUM_U_NEXT(16, top, &last))
                    FAIL("expected %u hexadecimal addresses (one per lane of mask %08x), "
                         "got %u", lanes, in->mask, i);
                if (push_addr(w, last))
                    FAIL("out of memory");
            }
        } else if (v == 1) {
            int64_t stride;
            in->amode = TRACE_ADDR_STRIDE;
            if (NUM_U_NEXT(16, top, &last) || NUM_S_NEXT(&stride))
                FAIL("expected a hexadecimal base address and a decimal stride");
            /* every lane's address within the 64-bit space */
            __int128 hi = (__int128)last + (__int128)stride * (lanes ? lanes - 1 : 0);
            if (hi < 0 || hi > (__int128)top)
                FAIL("base 0x%llx with stride %lld leaves the 64-bit address space",
                     (unsigned long long)last, (long long)stride);
            if (push_addr(w, last) || push_addr(w, (uint64_t)stride))
                FAIL("out of memory");
        } else {
            in->amode = TRACE_ADDR_DELTA;
            if (NUM_U_NEXT(16, top, &last))
                FAIL("expected a hexadecimal base address");
            if (push_addr(w, last))
                FAIL("out of memory");
            for (uint32_t i = 1; i < lanes; i++) {
                int64_t d;
                if (NUM_S_NEXT(&d))
                    FAIL("expected %u decimal address deltas (lanes of mask %08x after the "
                         "first), got %u", lanes - 1, in->mask, i - 1);
                __int128 a = (__int128)last + d;
                if (a < 0 || a > (__int128)top)
                    FAIL("delta %lld takes the address out of the 64-bit space", (long long)d);
                last = (uint64_t)a;
                if (push_addr(w, (uint64_t)d))
                    FAIL("out of memory");
            }
        }
    }
    t = tok(&c, &n);
    int64_t imm;
    if (t && num_s(t, n, &imm) && num_u(t, n, 16, UINT64_MAX, &v))
        FAIL("unexpected '%.*s' after the instruction", (int)(n > 40 ? 40 : n), t);
    if (t && (t = tok(&c, &n)))
        FAIL("unexpected '%.*s' after the instruction", (int)(n > 40 ? 40 : n), t);
    w->n++;
    return 0;
fail:
    w->naddr = naddr0;
    return -1;
}
