/* Access trace writer: buffered, no allocation per record. Format in trace.h. */
#include "analysis/trace.h"
#include "analysis/trace_codec.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *trace_kind_name(unsigned kind)
{
    static const char *const names[8] = {"global", "local", "const", "texture",
                                         "param",  "kind5", "kind6", "other"};
    return kind < 8 ? names[kind] : "?";
}

struct trace_writer {
    FILE *f;
    char *path;
    char *config;
    uint32_t line_size;
    uint8_t level;
    uint64_t records, insts, payload_bytes;
    struct checksum hash;
    struct codec_state st;
    char **kernels;
    uint32_t nkernels, capkernels;
    int failed;
    char err[256];
    size_t len;
    uint8_t buf[TRACE_BUF_SIZE];
};

static void wfail(struct trace_writer *w, const char *fmt, ...)
{
    if (w->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(w->err, sizeof w->err, "%s: ", w->path);
    vsnprintf(w->err + n, sizeof w->err - (size_t)n, fmt, ap);
    va_end(ap);
    w->failed = 1;
}

static void wflush(struct trace_writer *w)
{
    if (w->len == 0)
        return;
    ck_update(&w->hash, w->buf, w->len);
    if (!w->failed && fwrite(w->buf, 1, w->len, w->f) != w->len)
        wfail(w, "write failed: %s", strerror(errno));
    w->payload_bytes += w->len;
    w->len = 0;
}

static void fixed_header(uint8_t *h, uint32_t header_bytes, uint32_t line_size, uint8_t level,
                         uint64_t records, uint64_t insts, uint64_t payload, uint32_t nkernels,
                         uint32_t trailer, uint64_t checksum)
{
    memset(h, 0, TRACE_HEADER_FIXED);
    memcpy(h, TRACE_MAGIC, 8);
    put_u32(h + 8, TRACE_VERSION);
    put_u32(h + 12, header_bytes);
    put_u32(h + 16, line_size);
    h[20] = level;
    put_u64(h + 24, records);
    put_u64(h + 32, insts);
    put_u64(h + 40, payload);
    put_u32(h + 48, nkernels);
    put_u32(h + 52, trailer);
    put_u64(h + 56, checksum);
}

struct trace_writer *trace_writer_open(const char *path, const char *config,
                                       enum trace_level level, uint32_t line_size,
                                       char *err, size_t errlen)
{
    if (!config)
        config = "";
    if (level != TRACE_LEVEL_L1 && level != TRACE_LEVEL_L2) {
        snprintf(err, errlen, "%s: trace level must be 1 (L1) or 2 (L2)", path);
        return NULL;
    }
    if (line_size == 0) {
        snprintf(err, errlen, "%s: line size must be positive", path);
        return NULL;
    }
    if (strlen(config) > TRACE_NAME_MAX) {
        snprintf(err, errlen, "%s: config name longer than %d bytes", path, TRACE_NAME_MAX);
        return NULL;
    }
    struct trace_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->path = strdup(path)) || !(w->config = strdup(config))) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    w->f = fopen(path, "wb");
    if (!w->f) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        goto fail;
    }
    if (!(w->st.slots = calloc(TRACE_SLOTS, sizeof *w->st.slots))) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    w->level = (uint8_t)level;
    w->line_size = line_size;
    ck_init(&w->hash);
    /* placeholder header: records = 0 and the wrong size until close */
    uint8_t h[TRACE_HEADER_FIXED];
    size_t clen = strlen(config);
    fixed_header(h, (uint32_t)(TRACE_HEADER_FIXED + clen), line_size, w->level, 0, 0, 0, 0, 0, 0);
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h || fwrite(config, 1, clen, w->f) != clen) {
        snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
        goto fail;
    }
    return w;
fail:
    if (w) {
        if (w->f)
            fclose(w->f);
        free(w->st.slots);
        free(w->path);
        free(w->config);
        free(w);
    }
    return NULL;
}

int trace_writer_add_kernel(struct trace_writer *w, const char *name)
{
    if (w->nkernels >= 0xffff) {
        wfail(w, "more than 65535 kernels");
        return -1;
    }
    if (strlen(name) > TRACE_NAME_MAX) {
        wfail(w, "kernel name longer than %d bytes", TRACE_NAME_MAX);
        return -1;
    }
    if (w->nkernels == w->capkernels) {
        uint32_t cap = w->capkernels ? 2 * w->capkernels : 8;
        char **k = realloc(w->kernels, cap * sizeof *k);
        if (!k) {
            wfail(w, "out of memory");
            return -1;
        }
        w->kernels = k;
        w->capkernels = cap;
    }
    if (!(w->kernels[w->nkernels] = strdup(name))) {
        wfail(w, "out of memory");
        return -1;
    }
    return (int)w->nkernels++;
}

const char *trace_writer_error(const struct trace_writer *w)
{
    return w->failed ? w->err : NULL;
}

void trace_writer_set_insts(struct trace_writer *w, uint64_t insts) { w->insts = insts; }

int trace_writer_append(struct trace_writer *w, const struct trace_record *r)
{
    if (w->failed)
        return -1;
    if (r->kind > 7 || r->kernel >= w->nkernels) {
        wfail(w, r->kind > 7 ? "record %llu: kind %u out of range"
                             : "record %llu: kernel %u was not registered",
              (unsigned long long)w->records, r->kind > 7 ? r->kind : r->kernel);
        return -1;
    }
    if (TRACE_BUF_SIZE - w->len < TRACE_REC_MAX)
        wflush(w);
    struct codec_state *s = &w->st;
    uint8_t *p = w->buf + w->len;
    uint8_t *flags = p++;
    unsigned f = (r->write ? TRACE_F_WRITE : 0u) | (unsigned)r->kind << TRACE_F_KIND_SHIFT;
    if (r->sm != s->sm || r->slot != s->slot) {
        f |= TRACE_F_SLOT;
        p = put_varint(p, r->sm);
        p = put_varint(p, r->slot);
        s->sm = r->sm;
        s->slot = r->slot;
    }
    struct trace_slot_state *t = codec_slot(s);
    if (r->kernel != t->kernel || r->warp != t->warp || r->cta != t->cta) {
        f |= TRACE_F_WARP;
        p = put_varint(p, r->kernel);
        p = put_varint(p, r->warp);
        p = put_varint(p, r->cta);
        t->kernel = r->kernel, t->warp = r->warp, t->cta = r->cta;
    }
    if (r->pc != t->pc) {
        f |= TRACE_F_PC;
        p = put_varint(p, zigzag((uint64_t)r->pc - (uint64_t)t->pc));
        t->pc = r->pc;
    }
    uint32_t m = r->lanes;
    if (m != t->lanes) {
        f |= TRACE_F_LANES;
        unsigned lo = 0, hi = 31;
        while (m && !(m >> lo & 1))
            lo++;
        while (m && !(m >> hi & 1))
            hi--;
        if (m == 0xffffffffu) {
            *p++ = TRACE_LANES_ALL;
        } else if (m && lo == hi) {
            *p++ = (uint8_t)lo;
        } else if (m && (m >> lo) == (0xffffffffu >> (31 - (hi - lo)))) {
            *p++ = TRACE_LANES_RANGE;
            *p++ = (uint8_t)lo;
            *p++ = (uint8_t)hi;
        } else {
            *p++ = TRACE_LANES_RAW;
            put_u32(p, m);
            p += 4;
        }
        t->lanes = m;
    }
    p = put_varint(p, zigzag(r->block - t->block));
    t->block = r->block;
    *flags = (uint8_t)f;
    w->len = (size_t)(p - w->buf);
    w->records++;
    return 0;
}

int trace_writer_flush(struct trace_writer *w)
{
    wflush(w);
    if (!w->failed && fflush(w->f) != 0)
        wfail(w, "write failed: %s", strerror(errno));
    return w->failed ? -1 : 0;
}

static void writer_free(struct trace_writer *w)
{
    for (uint32_t i = 0; i < w->nkernels; i++)
        free(w->kernels[i]);
    free(w->kernels);
    free(w->st.slots);
    free(w->config);
    free(w->path);
    free(w);
}

void trace_writer_discard(struct trace_writer *w)
{
    if (!w)
        return;
    fclose(w->f);
    remove(w->path);
    writer_free(w);
}

int trace_writer_close(struct trace_writer *w, char *err, size_t errlen)
{
    wflush(w);
    /* kernel table */
    uint64_t trailer = 0;
    for (uint32_t i = 0; i < w->nkernels && !w->failed; i++) {
        uint8_t len[10];
        size_t n = strlen(w->kernels[i]);
        size_t ln = (size_t)(put_varint(len, n) - len);
        ck_update(&w->hash, len, ln);
        ck_update(&w->hash, (const uint8_t *)w->kernels[i], n);
        if (fwrite(len, 1, ln, w->f) != ln || fwrite(w->kernels[i], 1, n, w->f) != n)
            wfail(w, "write failed: %s", strerror(errno));
        trailer += ln + n;
    }
    if (trailer > 0xffffffffu)
        wfail(w, "kernel table too large");
    size_t clen = strlen(w->config);
    uint32_t header_bytes = (uint32_t)(TRACE_HEADER_FIXED + clen);
    uint8_t h[TRACE_HEADER_FIXED];
    fixed_header(h, header_bytes, w->line_size, w->level, w->records, w->insts,
                 w->payload_bytes, w->nkernels, (uint32_t)trailer, 0);
    ck_update(&w->hash, h, sizeof h);
    ck_update(&w->hash, (const uint8_t *)w->config, clen);
    put_u64(h + 56, ck_final(&w->hash));
    if (!w->failed && (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, w->f) != sizeof h))
        wfail(w, "cannot write header: %s", strerror(errno));
    if (fclose(w->f) != 0)
        wfail(w, "close failed: %s", strerror(errno));
    int rc = w->failed ? -1 : 0;
    if (rc)
        snprintf(err, errlen, "%s", w->err);
    writer_free(w);
    return rc;
}
