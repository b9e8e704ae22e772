/* Access trace files: writer and reader. Format in trace.h. */
#include "analysis/trace.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF_SIZE (1u << 16)
#define REC_MAX 48 /* an encoded record never exceeds this (39 bytes) */
#define CK_SEED 0xcbf29ce484222325ull
#define CK_MUL 0x9e3779b97f4a7c15ull

static const char magic[8] = {'C', 'C', 'G', 'T', 'R', 'A', 'C', 'E'};

/* The checksum: over the hashed bytes taken as little-endian 8-byte words
 * (the last one zero-padded), then their count: h = y ^ (y >> 32) with
 * y = (h ^ word) * CK_MUL. Every step is a bijection of h, so any change
 * confined to one word (every flipped byte) always changes the result; a
 * word at a time keeps it cheap on the reader's hot path. */
struct checksum {
    uint64_t h, word, length;
    unsigned nbytes;
};

static void ck_init(struct checksum *c)
{
    c->h = CK_SEED;
    c->word = c->length = 0;
    c->nbytes = 0;
}

static void ck_word(struct checksum *c, uint64_t w)
{
    uint64_t y = (c->h ^ w) * CK_MUL;
    c->h = y ^ (y >> 32);
}

static void ck_update(struct checksum *c, const uint8_t *p, size_t n)
{
    c->length += n;
    for (; n && c->nbytes; n--) {
        c->word |= (uint64_t)*p++ << (8 * c->nbytes);
        if (++c->nbytes == 8) {
            ck_word(c, c->word);
            c->word = 0;
            c->nbytes = 0;
        }
    }
    for (; n >= 8; n -= 8, p += 8) {
        uint64_t w = 0;
        for (int i = 7; i >= 0; i--)
            w = w << 8 | p[i];
        ck_word(c, w);
    }
    for (; n; n--)
        c->word |= (uint64_t)*p++ << (8 * c->nbytes++);
}

static uint64_t ck_final(const struct checksum *c)
{
    struct checksum t = *c;
    if (t.nbytes)
        ck_word(&t, t.word);
    ck_word(&t, t.length);
    return t.h;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static uint8_t *put_varint(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

/* NULL when the varint runs past end or is longer than 10 bytes. */
static const uint8_t *get_varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 70 && p < end; shift += 7) {
        uint8_t b = *p++;
        if (shift == 63 && b > 1)
            return NULL;
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = x;
            return p;
        }
    }
    return NULL;
}

/* Zigzag on two's-complement deltas kept in uint64_t (no signed overflow). */
static uint64_t zigzag(uint64_t d) { return (d << 1) ^ (0 - (d >> 63)); }
static uint64_t unzigzag(uint64_t v) { return (v >> 1) ^ (0 - (v & 1)); }

const char *trace_kind_name(unsigned kind)
{
    static const char *const names[8] = {"global", "local", "const", "texture",
                                         "param",  "kind5", "kind6", "other"};
    return kind < 8 ? names[kind] : "?";
}

/* Delta state shared by the encoder and the decoder. */
struct codec_state {
    uint64_t block;
    uint32_t pc, lanes;
    uint32_t warp, cta;
    uint16_t sm, slot, kernel;
    int have_ctx;
};

/* ======================================================================== */
/* writer                                                                    */

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
    uint8_t buf[BUF_SIZE];
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
    memcpy(h, magic, 8);
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
    if (BUF_SIZE - w->len < REC_MAX)
        wflush(w);
    struct codec_state *s = &w->st;
    uint8_t *p = w->buf + w->len;
    uint8_t *flags = p++;
    unsigned f = (r->write ? 1u : 0u) | (unsigned)r->kind << 1;
    if (!s->have_ctx || r->kernel != s->kernel || r->sm != s->sm || r->warp != s->warp ||
        r->slot != s->slot || r->cta != s->cta) {
        f |= 1u << 4;
        p = put_varint(p, r->kernel);
        p = put_varint(p, r->sm);
        p = put_varint(p, r->warp);
        p = put_varint(p, r->slot);
        p = put_varint(p, r->cta);
        s->kernel = r->kernel, s->sm = r->sm, s->warp = r->warp;
        s->slot = r->slot, s->cta = r->cta, s->have_ctx = 1;
    }
    if (r->pc != s->pc) {
        f |= 1u << 5;
        p = put_varint(p, zigzag((uint64_t)r->pc - (uint64_t)s->pc));
        s->pc = r->pc;
    }
    if (r->lanes == 0xffffffffu) {
        f |= 1u << 6;
    } else if (r->lanes == s->lanes) {
        f |= 2u << 6;
    } else if ((r->lanes & (r->lanes - 1)) == 0 && r->lanes) {
        f |= 3u << 6;
        uint8_t lane = 0;
        while (!(r->lanes >> lane & 1))
            lane++;
        *p++ = lane;
    } else {
        put_u32(p, r->lanes);
        p += 4;
    }
    s->lanes = r->lanes;
    p = put_varint(p, zigzag(r->block - s->block));
    s->block = r->block;
    *flags = (uint8_t)f;
    w->len = (size_t)(p - w->buf);
    w->records++;
    return 0;
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
    for (uint32_t i = 0; i < w->nkernels; i++)
        free(w->kernels[i]);
    free(w->kernels);
    free(w->config);
    free(w->path);
    free(w);
    return rc;
}

/* ======================================================================== */
/* reader                                                                    */

struct trace_reader {
    FILE *f;
    char *path;
    struct trace_header hdr;
    uint8_t *region; /* header region, checksum field zeroed */
    uint32_t header_bytes;
    uint8_t *trailer;
    uint32_t trailer_bytes;
    uint64_t payload_bytes;
    uint64_t checksum;
    uint64_t loaded;  /* payload bytes read from the file so far */
    uint64_t decoded; /* records returned */
    struct checksum hash;
    struct codec_state st;
    int state; /* 0 streaming, 1 done (verified), -1 failed */
    char err[320];
    size_t pos, end;
    uint8_t buf[BUF_SIZE];
};

static int rfail(struct trace_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(r->err, sizeof r->err, "%s: ", r->path);
    vsnprintf(r->err + n, sizeof r->err - (size_t)n, fmt, ap);
    va_end(ap);
    r->state = -1;
    return -1;
}

void trace_reader_close(struct trace_reader *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    for (uint32_t i = 0; r->hdr.kernels && i < r->hdr.kernel_count; i++)
        free(r->hdr.kernels[i]);
    free(r->hdr.kernels);
    free(r->region);
    free(r->trailer);
    free(r->path);
    free(r);
}

static int parse_trailer(struct trace_reader *r)
{
    const uint8_t *p = r->trailer, *end = r->trailer + r->trailer_bytes;
    if (r->hdr.kernel_count > r->trailer_bytes)
        return rfail(r, "corrupt header: %u kernels in a %u-byte kernel table",
                     r->hdr.kernel_count, r->trailer_bytes);
    r->hdr.kernels = calloc(r->hdr.kernel_count ? r->hdr.kernel_count : 1, sizeof(char *));
    if (!r->hdr.kernels)
        return rfail(r, "out of memory");
    for (uint32_t i = 0; i < r->hdr.kernel_count; i++) {
        uint64_t n;
        if (!(p = get_varint(p, end, &n)) || n > TRACE_NAME_MAX || n > (uint64_t)(end - p))
            return rfail(r, "corrupt kernel table (kernel %u)", i);
        if (!(r->hdr.kernels[i] = malloc(n + 1)))
            return rfail(r, "out of memory");
        memcpy(r->hdr.kernels[i], p, n);
        r->hdr.kernels[i][n] = 0;
        p += n;
    }
    if (p != end)
        return rfail(r, "corrupt kernel table (%zu stray bytes)", (size_t)(end - p));
    return 0;
}

static int read_at(struct trace_reader *r, uint64_t off, void *dst, size_t n)
{
    return fseeko(r->f, (off_t)off, SEEK_SET) == 0 && fread(dst, 1, n, r->f) == n ? 0 : -1;
}

struct trace_reader *trace_reader_open(const char *path, char *err, size_t errlen)
{
    struct trace_reader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(r);
        return NULL;
    }
    r->f = fopen(path, "rb");
    if (!r->f) {
        rfail(r, "cannot open: %s", strerror(errno));
        goto fail;
    }
    if (fseeko(r->f, 0, SEEK_END) != 0) {
        rfail(r, "not a seekable file");
        goto fail;
    }
    uint64_t size = (uint64_t)ftello(r->f);
    uint8_t h[TRACE_HEADER_FIXED];
    size_t got = size < sizeof h ? (size_t)size : sizeof h;
    if (read_at(r, 0, h, got) != 0) {
        rfail(r, "read failed: %s", strerror(errno));
        goto fail;
    }
    if (got < 8 && memcmp(h, magic, got) == 0) {
        rfail(r, "truncated header (%zu of 64 bytes)", got);
        goto fail;
    }
    if (got < 8 || memcmp(h, magic, 8) != 0) {
        rfail(r, "bad magic: not a ccgpu access trace");
        goto fail;
    }
    if (got >= 12 && get_u32(h + 8) != TRACE_VERSION) {
        rfail(r, "unsupported trace version %u (this build reads version %d)", get_u32(h + 8),
              TRACE_VERSION);
        goto fail;
    }
    if (got < sizeof h) {
        rfail(r, "truncated header (%zu of 64 bytes)", got);
        goto fail;
    }
    r->hdr.version = TRACE_VERSION;
    r->header_bytes = get_u32(h + 12);
    r->hdr.line_size = get_u32(h + 16);
    r->hdr.level = h[20];
    r->hdr.records = get_u64(h + 24);
    r->hdr.insts = get_u64(h + 32);
    r->payload_bytes = get_u64(h + 40);
    r->hdr.kernel_count = get_u32(h + 48);
    r->trailer_bytes = get_u32(h + 52);
    r->checksum = get_u64(h + 56);
    if (r->header_bytes < TRACE_HEADER_FIXED || r->header_bytes > TRACE_HEADER_FIXED + TRACE_NAME_MAX) {
        rfail(r, "corrupt header: header size %u", r->header_bytes);
        goto fail;
    }
    uint64_t want = (uint64_t)r->header_bytes + r->trailer_bytes;
    if (r->payload_bytes > UINT64_MAX - want || want + r->payload_bytes != size) {
        rfail(r, want + r->payload_bytes > size || r->payload_bytes > UINT64_MAX - want
                     ? "truncated: the header describes %llu bytes, the file has %llu"
                     : "size mismatch: the header describes %llu bytes, the file has %llu",
              (unsigned long long)(want + r->payload_bytes), (unsigned long long)size);
        goto fail;
    }
    if (r->hdr.records > r->payload_bytes / 2 || h[21] || h[22] || h[23] ||
        (r->hdr.level != TRACE_LEVEL_L1 && r->hdr.level != TRACE_LEVEL_L2) || !r->hdr.line_size) {
        rfail(r, "corrupt header");
        goto fail;
    }
    r->region = malloc(r->header_bytes);
    r->trailer = malloc(r->trailer_bytes ? r->trailer_bytes : 1);
    if (!r->region || !r->trailer) {
        rfail(r, "out of memory");
        goto fail;
    }
    memcpy(r->region, h, sizeof h);
    memset(r->region + 56, 0, 8);
    uint32_t clen = r->header_bytes - TRACE_HEADER_FIXED;
    if (read_at(r, TRACE_HEADER_FIXED, r->region + TRACE_HEADER_FIXED, clen) != 0 ||
        read_at(r, r->header_bytes + r->payload_bytes, r->trailer, r->trailer_bytes) != 0) {
        rfail(r, "read failed");
        goto fail;
    }
    memcpy(r->hdr.config, r->region + TRACE_HEADER_FIXED, clen);
    r->hdr.config[clen] = 0;
    if (parse_trailer(r) != 0)
        goto fail;
    if (trace_reader_rewind(r) != 0)
        goto fail;
    return r;
fail:
    snprintf(err, errlen, "%s", r->err);
    trace_reader_close(r);
    return NULL;
}

const struct trace_header *trace_reader_header(const struct trace_reader *r) { return &r->hdr; }
const char *trace_reader_error(const struct trace_reader *r) { return r->err; }

int trace_reader_rewind(struct trace_reader *r)
{
    if (fseeko(r->f, (off_t)r->header_bytes, SEEK_SET) != 0)
        return rfail(r, "seek failed");
    memset(&r->st, 0, sizeof r->st);
    r->loaded = r->decoded = 0;
    r->pos = r->end = 0;
    ck_init(&r->hash);
    r->state = 0;
    return 0;
}

static int refill(struct trace_reader *r)
{
    size_t keep = r->end - r->pos;
    memmove(r->buf, r->buf + r->pos, keep);
    r->pos = 0;
    r->end = keep;
    uint64_t left = r->payload_bytes - r->loaded;
    size_t want = BUF_SIZE - keep;
    if (want > left)
        want = (size_t)left;
    size_t got = fread(r->buf + keep, 1, want, r->f);
    if (got != want)
        return rfail(r, "read failed at payload byte %llu (file changed?)",
                     (unsigned long long)r->loaded);
    ck_update(&r->hash, r->buf + keep, got);
    r->loaded += got;
    r->end += got;
    return 0;
}

static int finish(struct trace_reader *r)
{
    if (r->loaded != r->payload_bytes || r->pos != r->end)
        return rfail(r, "corrupt: %llu payload bytes left after the last record",
                     (unsigned long long)(r->payload_bytes - r->loaded + (r->end - r->pos)));
    ck_update(&r->hash, r->trailer, r->trailer_bytes);
    ck_update(&r->hash, r->region, r->header_bytes);
    if (ck_final(&r->hash) != r->checksum)
        return rfail(r, "checksum mismatch: the file is corrupt");
    r->state = 1;
    return 0;
}

int trace_reader_next(struct trace_reader *r, struct trace_record *out)
{
    if (r->state != 0)
        return r->state == 1 ? 0 : -1;
    if (r->decoded == r->hdr.records)
        return finish(r);
    if (r->end - r->pos < REC_MAX && r->loaded < r->payload_bytes && refill(r) != 0)
        return -1;
    const uint8_t *p = r->buf + r->pos, *end = r->buf + r->end;
    struct codec_state *s = &r->st;
    uint64_t v[5];
    if (p >= end)
        goto corrupt;
    unsigned f = *p++;
    if (f & (1u << 4)) {
        for (int i = 0; i < 5; i++)
            if (!(p = get_varint(p, end, &v[i])))
                goto corrupt;
        if (v[0] > 0xffff || v[1] > 0xffff || v[2] > 0xffffffffu || v[3] > 0xffff ||
            v[4] > 0xffffffffu || v[0] >= r->hdr.kernel_count)
            goto corrupt;
        s->kernel = (uint16_t)v[0], s->sm = (uint16_t)v[1], s->warp = (uint32_t)v[2];
        s->slot = (uint16_t)v[3], s->cta = (uint32_t)v[4], s->have_ctx = 1;
    } else if (!s->have_ctx) {
        goto corrupt;
    }
    if (f & (1u << 5)) {
        if (!(p = get_varint(p, end, &v[0])))
            goto corrupt;
        uint64_t pc = (uint64_t)s->pc + unzigzag(v[0]); /* wraps below 0: caught */
        if (pc > 0xffffffffu)
            goto corrupt;
        s->pc = (uint32_t)pc;
    }
    switch (f >> 6) {
    case 0:
        if (end - p < 4)
            goto corrupt;
        s->lanes = get_u32(p);
        p += 4;
        break;
    case 1:
        s->lanes = 0xffffffffu;
        break;
    case 2:
        break;
    default:
        if (p >= end || *p > 31)
            goto corrupt;
        s->lanes = 1u << *p++;
        break;
    }
    if (!(p = get_varint(p, end, &v[0])))
        goto corrupt;
    s->block += unzigzag(v[0]);
    r->pos = (size_t)(p - r->buf);
    out->block = s->block;
    out->pc = s->pc;
    out->lanes = s->lanes;
    out->warp = s->warp;
    out->cta = s->cta;
    out->sm = s->sm;
    out->slot = s->slot;
    out->kernel = s->kernel;
    out->write = (uint8_t)(f & 1);
    out->kind = (uint8_t)(f >> 1 & 7);
    r->decoded++;
    return 1;
corrupt:
    return rfail(r, "corrupt record %llu (payload byte %llu)", (unsigned long long)r->decoded,
                 (unsigned long long)(r->loaded - (r->end - r->pos)));
}
