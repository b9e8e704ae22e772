/* Traces of ccgpu's own runs (trace_write.h). */
#include "trace/sass_write.h"
#include "timing/tinst.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct strbuf {
    char *s;
    size_t n, cap;
};

struct sass_writer {
    char *dir;
    FILE *list;
    uint32_t kernel;       /* kernels written */
    int failed;
    int nvbit_regs;        /* at most 1 destination and 4 sources a line */
    /* the launch being recorded */
    char name[256];
    uint32_t grid[3], block[3], shmem, nregs, nctas, warps;
    struct strbuf *buf;    /* per CTA x warp */
    int oom;
};

static void put(struct strbuf *b, int *oom, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof tmp)
        n = sizeof tmp - 1;
    if (b->n + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            *oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, tmp, (size_t)n + 1);
    b->n += (size_t)n;
}

struct sass_writer *sass_writer_create(const char *dir, int nvbit_regs, char *err,
                                       size_t errlen)
{
    struct sass_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->dir = strdup(dir))) {
        free(w);
        snprintf(err, errlen, "ccgpu_sass_trace_out: out of memory");
        return NULL;
    }
    if (mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(err, errlen, "ccgpu_sass_trace_out %s: %s", dir, strerror(errno));
        goto fail;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    if (!(w->list = fopen(path, "w"))) {
        snprintf(err, errlen, "ccgpu_sass_trace_out: %s: %s", path, strerror(errno));
        goto fail;
    }
    w->nvbit_regs = nvbit_regs;
    return w;
fail:
    free(w->dir);
    free(w);
    return NULL;
}

static void drop_launch(struct sass_writer *w)
{
    for (uint64_t i = 0; w->buf && i < (uint64_t)w->nctas * w->warps; i++)
        free(w->buf[i].s);
    free(w->buf);
    w->buf = NULL;
}

int sass_writer_close(struct sass_writer *w, char *err, size_t errlen)
{
    if (!w)
        return 0;
    int rc = w->failed;
    if (w->list && fclose(w->list))
        rc = 1;
    drop_launch(w);
    if (rc)
        snprintf(err, errlen, "ccgpu_sass_trace_out %s: writing the traces failed", w->dir);
    free(w->dir);
    free(w);
    return rc ? -1 : 0;
}

void sass_writer_copy(struct sass_writer *w, uint64_t addr, uint64_t bytes, int to_device)
{
    if (w && fprintf(w->list, "Memcpy%s,0x%016llx,%llu\n", to_device ? "HtoD" : "DtoH",
                     (unsigned long long)addr, (unsigned long long)bytes) < 0)
        w->failed = 1;
}

int sass_writer_kernel_begin(struct sass_writer *w, const char *name, const uint32_t grid[3],
                              const uint32_t block[3], uint32_t shmem, uint32_t nregs)
{
    drop_launch(w);
    snprintf(w->name, sizeof w->name, "%s", name);
    memcpy(w->grid, grid, sizeof w->grid);
    memcpy(w->block, block, sizeof w->block);
    w->shmem = shmem;
    w->nregs = nregs;
    w->nctas = grid[0] * grid[1] * grid[2];
    w->warps = (block[0] * block[1] * block[2] + 31) / 32;
    w->oom = 0;
    w->buf = calloc((size_t)w->nctas * w->warps, sizeof *w->buf);
    return w->buf ? 0 : -1;
}

/* A SASS-like mnemonic for an ALU instruction (its latency class as the
 * PTX instruction's, configs/sass/volta.txt). */
static const char *alu_name(const struct ptx_inst *in)
{
    int fp = ptx_type_is_float((enum ptx_type)in->type);
    int half = in->type == PTX_T_F16 || in->type == PTX_T_F16X2 || in->type == PTX_T_BF16 ||
               in->type == PTX_T_BF16X2;
    switch (in->op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_ADDC: case PTX_OP_SUBC: case PTX_OP_NEG:
    case PTX_OP_ABS:
        return half ? "HADD2" : fp ? "FADD" : "IADD3";
    case PTX_OP_MUL: case PTX_OP_MUL24:
        return half ? "HMUL2" : fp ? "FMUL" : "IMUL";
    case PTX_OP_MAD: case PTX_OP_MAD24: case PTX_OP_MADC: case PTX_OP_FMA:
        return half ? "HFMA2" : fp ? "FFMA" : "IMAD";
    case PTX_OP_MIN: case PTX_OP_MAX:
        return fp ? "FMNMX" : "IMNMX";
    case PTX_OP_SETP: case PTX_OP_SET:
        return half ? "HSETP2" : fp ? "FSETP" : "ISETP";
    case PTX_OP_SELP: case PTX_OP_SLCT:
        return fp ? "FSEL" : "SEL";
    case PTX_OP_CVT:
        return fp ? "F2F" : "I2I";
    case PTX_OP_SHFL: return "SHFL.IDX";
    case PTX_OP_VOTE: case PTX_OP_ACTIVEMASK: return "VOTE.ANY";
    case PTX_OP_MATCH: return "MATCH.ANY";
    case PTX_OP_POPC: return "POPC";
    case PTX_OP_CLZ: case PTX_OP_BFIND: return "FLO";
    case PTX_OP_BREV: return "BREV";
    case PTX_OP_PRMT: return "PRMT";
    case PTX_OP_SHL: case PTX_OP_SHR: case PTX_OP_SHF: return "SHF";
    case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_NOT: case PTX_OP_CNOT:
    case PTX_OP_LOP3:
        return "LOP3";
    case PTX_OP_MOV: return "MOV";
    case PTX_OP_ISSPACEP: return "QSPC";
    case PTX_OP_SAD: return "VABSDIFF";
    case PTX_OP_DP4A: return "IDP4A";
    default: return fp ? "FADD" : "IADD3";
    }
}

static const char *dp_name(const struct ptx_inst *in)
{
    switch (in->op) {
    case PTX_OP_MUL: return "DMUL";
    case PTX_OP_MAD: case PTX_OP_FMA: return "DFMA";
    case PTX_OP_SETP: case PTX_OP_SET: return "DSETP";
    default: return "DADD";
    }
}

/* The opcode of d: its mnemonic with modifiers into out. */
static void opcode(const struct ptx_dyninst *d, char *out, size_t n)
{
    const struct ptx_inst *in = d->inst;
    unsigned bits = (unsigned)d->access_size * (d->vec ? d->vec : 1) * 8;
    if (in->opclass == PTX_CLASS_MEM && d->is_mem && !d->prefetch) {
        uint8_t s = d->mixed_space ? PTX_SPACE_GENERIC : d->space;
        const char *m;
        if (d->is_atomic) {
            m = s == PTX_SPACE_SHARED ? "ATOMS" : s == PTX_SPACE_GENERIC ? "ATOM.E"
                : in->op == PTX_OP_RED ? "RED.E" : "ATOMG.E";
        } else if (d->is_store) {
            m = s == PTX_SPACE_SHARED ? "STS" : s == PTX_SPACE_LOCAL ? "STL"
                : s == PTX_SPACE_GENERIC ? "ST.E" : "STG.E";
        } else {
            m = s == PTX_SPACE_SHARED  ? "LDS"
                : s == PTX_SPACE_LOCAL ? "LDL"
                : s == PTX_SPACE_CONST || s == PTX_SPACE_PARAM ? "LDC"
                : s == PTX_SPACE_TEX     ? "TEX"
                : s == PTX_SPACE_GENERIC ? "LD.E"
                                         : "LDG.E";
        }
        snprintf(out, n, "%s.%u%s", m, bits,
                 in->cache == PTX_CACHE_CG && !d->is_store ? ".STRONG.GPU" : "");
        return;
    }
    switch (in->opclass) {
    case PTX_CLASS_MEM: snprintf(out, n, "CCTL.E.PF2"); return; /* prefetch, or no lanes */
    case PTX_CLASS_SFU: snprintf(out, n, "MUFU.RCP"); return;
    case PTX_CLASS_DP: snprintf(out, n, "%s", dp_name(in)); return;
    case PTX_CLASS_MEMBAR: snprintf(out, n, "MEMBAR.SC.GPU"); return;
    case PTX_CLASS_BARRIER:
        snprintf(out, n, "%s", in->mode == PTX_BAR_ARRIVE      ? "BAR.ARV"
                               : in->mode == PTX_BAR_WARP_SYNC ? "WARPSYNC"
                               : in->mode == PTX_BAR_RED       ? "BAR.RED.POPC"
                                                               : "BAR.SYNC");
        return;
    case PTX_CLASS_BRANCH: snprintf(out, n, "BRA"); return;
    case PTX_CLASS_CALL: snprintf(out, n, "CALL.REL"); return;
    case PTX_CLASS_RET: /* a kernel's own ret ends its threads: EXIT in SASS */
        snprintf(out, n, "%s", d->func && d->func->is_entry ? "EXIT" : "RET.REL");
        return;
    case PTX_CLASS_EXIT: snprintf(out, n, "EXIT"); return;
    case PTX_CLASS_NOP: snprintf(out, n, "NOP"); return;
    default: snprintf(out, n, "%s", alu_name(in)); return;
    }
}

static uint64_t lane_addr(const struct ptx_dyninst *d, uint32_t lane)
{
    uint64_t a = d->addr[lane];
    uint8_t s = d->space;
    if (d->mixed_space) /* (each lane in its own space: shared and local are small offsets) */
        return a;
    return s == PTX_SPACE_SHARED ? SASS_WRITE_SHMEM_BASE + a
           : s == PTX_SPACE_LOCAL ? SASS_WRITE_LOCAL_BASE + a
                                  : a;
}

void sass_writer_tap(void *ctx, const struct ptx_dyninst *d, const struct tinst *ti)
{
    struct sass_writer *w = ctx;
    if (!w->buf || d->cta_linear >= w->nctas || d->warp_in_cta >= w->warps)
        return;
    struct strbuf *b = &w->buf[(size_t)d->cta_linear * w->warps + d->warp_in_cta];
    uint32_t nregs = d->func ? d->func->nregs : 0;
    char op[64];
    opcode(d, op, sizeof op);
    uint32_t ndst = ti->ndst, nsrc = ti->nsrc;
    if (w->nvbit_regs) {
        ndst = ndst > SASS_WRITE_NVBIT_DSTS ? SASS_WRITE_NVBIT_DSTS : ndst;
        nsrc = nsrc > SASS_WRITE_NVBIT_SRCS ? SASS_WRITE_NVBIT_SRCS : nsrc;
    }
    put(b, &w->oom, "%04x %08x %u", d->pc * 16, d->exec_mask, (unsigned)ndst);
    for (uint32_t i = ti->nsrc; i < (uint32_t)ti->nsrc + ndst; i++)
        put(b, &w->oom, " R%u", (ti->reg[i] & TINST_PRED) ? nregs + (ti->reg[i] & ~TINST_PRED)
                                                         : ti->reg[i]);
    put(b, &w->oom, " %s %u", op, (unsigned)nsrc);
    for (uint32_t i = 0; i < nsrc; i++)
        put(b, &w->oom, " R%u", (ti->reg[i] & TINST_PRED) ? nregs + (ti->reg[i] & ~TINST_PRED)
                                                         : ti->reg[i]);
    if (!(d->inst->opclass == PTX_CLASS_MEM && d->is_mem && !d->prefetch)) {
        put(b, &w->oom, " 0 0\n");
        return;
    }
    uint32_t width = (uint32_t)d->access_size * (d->vec ? d->vec : 1);
    put(b, &w->oom, " %u", width);
    /* base + stride when the executing lanes are consecutive with one
     * stride, a list for atomics, else base + deltas */
    uint32_t m = d->exec_mask, first = m ? (uint32_t)__builtin_ctz(m) : 0;
    int contiguous = m && ((m >> first) & ((m >> first) + 1)) == 0;
    int64_t stride = 0;
    int same = contiguous && __builtin_popcount(m) > 1;
    if (same) {
        stride = (int64_t)(lane_addr(d, first + 1) - lane_addr(d, first));
        for (uint32_t l = first + 1; l < 32 && (m >> l & 1); l++)
            if ((int64_t)(lane_addr(d, l) - lane_addr(d, l - 1)) != stride)
                same = 0;
    }
    if (same && !d->is_atomic) {
        put(b, &w->oom, " 1 0x%llx %lld", (unsigned long long)lane_addr(d, first), (long long)stride);
    } else if (d->is_atomic || !m) {
        put(b, &w->oom, " 0");
        for (uint32_t k = m; k; k &= k - 1)
            put(b, &w->oom, " 0x%016llx", (unsigned long long)lane_addr(d, (uint32_t)__builtin_ctz(k)));
    } else {
        uint64_t last = lane_addr(d, first);
        put(b, &w->oom, " 2 0x%llx", (unsigned long long)last);
        for (uint32_t k = m & (m - 1); k; k &= k - 1) {
            uint64_t a = lane_addr(d, (uint32_t)__builtin_ctz(k));
            put(b, &w->oom, " %lld", (long long)(a - last));
            last = a;
        }
    }
    put(b, &w->oom, " 0\n");
}

int sass_writer_kernel_end(struct sass_writer *w, char *err, size_t errlen)
{
    char path[4200];
    w->kernel++;
    snprintf(path, sizeof path, "%s/kernel-%u.traceg", w->dir, w->kernel);
    FILE *f = w->oom ? NULL : fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "ccgpu_sass_trace_out: %s: %s", path,
                 w->oom ? "out of memory" : strerror(errno));
        drop_launch(w);
        return -1;
    }
    fprintf(f, "-kernel name = %s\n-kernel id = %u\n-grid dim = (%u,%u,%u)\n"
               "-block dim = (%u,%u,%u)\n-shmem = %u\n-nregs = %u\n-binary version = 70\n"
               "-cuda stream id = 0\n-shmem base_addr = 0x%016llx\n"
               "-local mem base_addr = 0x%016llx\n-nvbit version = ccgpu\n"
               "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n"
               "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num "
               "[reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n",
            w->name, w->kernel, w->grid[0], w->grid[1], w->grid[2], w->block[0], w->block[1],
            w->block[2], w->shmem, w->nregs, SASS_WRITE_SHMEM_BASE, SASS_WRITE_LOCAL_BASE);
    for (uint32_t c = 0; c < w->nctas; c++) {
        const struct strbuf *b = &w->buf[(size_t)c * w->warps];
        int any = 0;
        for (uint32_t i = 0; i < w->warps; i++)
            any |= b[i].n != 0;
        if (!any)
            continue; /* (not run: a capped run) */
        uint32_t gx = w->grid[0], gy = w->grid[1];
        fprintf(f, "\n#BEGIN_TB\n\nthread block = %u,%u,%u\n", c % gx, c / gx % gy, c / gx / gy);
        for (uint32_t i = 0; i < w->warps; i++) {
            uint32_t lines = 0;
            for (size_t k = 0; k < b[i].n; k++)
                lines += b[i].s[k] == '\n';
            fprintf(f, "\nwarp = %u\ninsts = %u\n", i, lines);
            if (b[i].n)
                fwrite(b[i].s, 1, b[i].n, f);
        }
        fprintf(f, "\n#END_TB\n");
    }
    int bad = ferror(f);
    if (fclose(f) || bad || fprintf(w->list, "kernel-%u.traceg\n", w->kernel) < 0) {
        snprintf(err, errlen, "ccgpu_sass_trace_out: writing %s failed", path);
        drop_launch(w);
        return -1;
    }
    fflush(w->list);
    drop_launch(w);
    return 0;
}
