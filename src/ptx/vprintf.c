/* Device printf: `call vprintf, (fmt, args)` as nvcc emits it. The format
 * string is read from device memory; arguments from the packed buffer the
 * thread built in local memory (each aligned to its size, floats promoted to
 * double). One line per lane, in lane order, to the launch's printf stream. */
#include "ptx/exec_impl.h"
#include <stdio.h>

struct pf {
    struct ptx_warp *w;
    int lane;
    uint64_t buf, pos; /* generic address of the argument buffer, offset */
    int bad;
};

static int read_mem(struct pf *s, uint64_t addr, void *out, uint32_t size)
{
    uint8_t *p = ptx_mem_lane_ptr(s->w, PTX_SPACE_GENERIC, addr, size, s->lane);
    if (!p) {
        s->bad = 1;
        return -1;
    }
    memcpy(out, p, size);
    return 0;
}

static uint64_t next_arg(struct pf *s, uint32_t size)
{
    uint64_t v = 0;
    s->pos = (s->pos + size - 1) / size * size;
    if (read_mem(s, s->buf + s->pos, &v, size) == 0)
        s->pos += size;
    return v;
}

/* Appends a device string (bounded) to out. */
static void put_devstr(struct pf *s, uint64_t addr, char *out, size_t *n, size_t cap)
{
    if (!addr) {
        const char *nul = "(null)";
        while (*nul && *n + 1 < cap)
            out[(*n)++] = *nul++;
        return;
    }
    for (uint32_t i = 0; i < 4096 && *n + 1 < cap; i++) {
        char c;
        if (read_mem(s, addr + i, &c, 1) || !c)
            break;
        out[(*n)++] = c;
    }
}

static void format_lane(struct pf *s, uint64_t fmt, char *out, size_t cap)
{
    size_t n = 0;
    char spec[32];
    for (uint32_t i = 0; i < 65536 && n + 1 < cap; i++) {
        char c;
        if (read_mem(s, fmt + i, &c, 1) || !c)
            break;
        if (c != '%') {
            out[n++] = c;
            continue;
        }
        /* collect flags, width, precision and length of one conversion */
        size_t k = 0;
        spec[k++] = '%';
        int longs = 0;
        char conv = 0;
        while (k < sizeof spec - 4) {
            i++;
            if (read_mem(s, fmt + i, &c, 1) || !c) {
                conv = 0;
                i--;
                break;
            }
            if (c == 'l') {
                longs++;
                continue;
            }
            if (c == 'h' || c == 'z' || c == 't' || c == 'j')
                continue;
            if (strchr("diuxXofeEgGaAcsp%", c)) {
                conv = c;
                break;
            }
            spec[k++] = c;
        }
        if (!conv)
            break;
        char piece[512];
        int len = 0;
        switch (conv) {
        case '%': len = snprintf(piece, sizeof piece, "%%"); break;
        case 'd': case 'i': {
            spec[k++] = 'l'; spec[k++] = 'l'; spec[k++] = conv; spec[k] = 0;
            long long v = longs ? (long long)next_arg(s, 8) : (long long)(int32_t)next_arg(s, 4);
            len = snprintf(piece, sizeof piece, spec, v);
            break;
        }
        case 'u': case 'x': case 'X': case 'o': {
            spec[k++] = 'l'; spec[k++] = 'l'; spec[k++] = conv; spec[k] = 0;
            unsigned long long v = longs ? next_arg(s, 8) : (uint32_t)next_arg(s, 4);
            len = snprintf(piece, sizeof piece, spec, v);
            break;
        }
        case 'c': {
            spec[k++] = 'c'; spec[k] = 0;
            len = snprintf(piece, sizeof piece, spec, (int)(char)next_arg(s, 4));
            break;
        }
        case 'p': {
            len = snprintf(piece, sizeof piece, "0x%llx", (unsigned long long)next_arg(s, 8));
            break;
        }
        case 's': {
            uint64_t a = next_arg(s, 8);
            put_devstr(s, a, out, &n, cap);
            break;
        }
        default: { /* f e E g G a A */
            spec[k++] = conv; spec[k] = 0;
            len = snprintf(piece, sizeof piece, spec, f64(next_arg(s, 8)));
            break;
        }
        }
        for (int j = 0; j < len && j < (int)sizeof piece - 1 && n + 1 < cap; j++)
            out[n++] = piece[j];
    }
    out[n] = 0;
}

int ptx_exec_vprintf(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                     const uint32_t *arg_syms, uint32_t nargs)
{
    const struct ptx_program *p = w->launch->prog;
    if (nargs < 1) {
        ptx_exec_fail(w, __builtin_ctz(mask), in, "vprintf called without a format");
        return -1;
    }
    uint32_t frame = p->param_frame[w->func_idx];
    char out[4096];
    for (int lane = 0; lane < PTX_WARP_SIZE; lane++) {
        if (!((mask >> lane) & 1))
            continue;
        uint64_t fmt = 0, buf = 0;
        memcpy(&fmt, w->params + (size_t)lane * frame + p->sym_val[arg_syms[0]], 8);
        if (nargs > 1)
            memcpy(&buf, w->params + (size_t)lane * frame + p->sym_val[arg_syms[1]], 8);
        struct pf s = { w, lane, buf, 0, 0 };
        format_lane(&s, fmt, out, sizeof out);
        if (s.bad) {
            ptx_exec_fail(w, lane, in, "printf reads outside device memory (format 0x%llx)",
                          (unsigned long long)fmt);
            return -1;
        }
        fputs(out, w->launch->printf_out);
    }
    return 0;
}
