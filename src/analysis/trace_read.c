/* Access trace reader: validates, streams and verifies. Format in trace.h. */
#include "analysis/trace.h"
#include "analysis/trace_codec.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct access_slot {
    uint64_t block;
    uint32_t pc;
    uint16_t kernel;
};

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
    /* trace_reader_read_accesses' delta state: per slot (codec_slot's
     * index) what its records and checks need; allocated on first use */
    struct access_slot *aslots;
    uint16_t asm_, aslot;       /* the previous record's sm and slot */
    int mode;                   /* since the rewind: 0 unread, 1 records, 2 accesses */
    int state; /* 0 streaming, 1 done (verified), -1 failed */
    char err[320];
    size_t pos, end;
    uint8_t *buf; /* bufsize bytes: small files get small buffers */
    size_t bufsize;
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
    free(r->st.slots);
    free(r->aslots);
    free(r->buf);
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
    if (got < 8 && memcmp(h, TRACE_MAGIC, got) == 0) {
        rfail(r, "truncated header (%zu of 64 bytes)", got);
        goto fail;
    }
    if (got < 8 || memcmp(h, TRACE_MAGIC, 8) != 0) {
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
    if (r->checksum == 0 && r->payload_bytes == 0 && r->hdr.records == 0 && size > want) {
        rfail(r, "incomplete: the trace was never closed (the writer stopped early?)");
        goto fail;
    }
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
    r->st.slots = malloc(TRACE_SLOTS * sizeof *r->st.slots);
    r->bufsize = r->payload_bytes < TRACE_BUF_SIZE ? (size_t)r->payload_bytes : TRACE_BUF_SIZE;
    if (r->bufsize < 2 * TRACE_REC_MAX)
        r->bufsize = 2 * TRACE_REC_MAX;
    r->buf = malloc(r->bufsize);
    if (!r->region || !r->trailer || !r->st.slots || !r->buf) {
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
    memset(r->st.slots, 0, TRACE_SLOTS * sizeof *r->st.slots);
    r->st.sm = r->st.slot = 0;
    if (r->aslots)
        memset(r->aslots, 0, TRACE_SLOTS * sizeof *r->aslots);
    r->asm_ = r->aslot = 0;
    r->mode = 0;
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
    size_t want = r->bufsize - keep;
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

/* Decodes one record at *pp (the slot's delta state updated, s->sm/slot
 * the record's); 0, or -1 when the bytes up to end do not hold a valid one
 * (nothing is updated then). */
static inline int decode_one(struct codec_state *s, uint32_t kernels, const uint8_t **pp,
                             const uint8_t *end, struct trace_record *out)
{
    const uint8_t *p = *pp;
    uint64_t v[3];
    if (p >= end)
        return -1;
    unsigned f = *p++;
    uint16_t sm = s->sm, slot = s->slot;
    if (f & TRACE_F_SLOT) {
        if (!(p = get_varint(p, end, &v[0])) || !(p = get_varint(p, end, &v[1])) ||
            v[0] > 0xffff || v[1] > 0xffff)
            return -1;
        sm = (uint16_t)v[0];
        slot = (uint16_t)v[1];
    }
    /* the slot's state in locals, stored back once: storing fields one by
     * one and reading the record back as a whole stalls store forwarding */
    struct trace_slot_state *tp = &s->slots[((uint32_t)sm * 64 + (slot & 63u)) & (TRACE_SLOTS - 1)];
    struct trace_slot_state t = *tp;
    if (f & TRACE_F_WARP) {
        for (int i = 0; i < 3; i++)
            if (!(p = get_varint(p, end, &v[i])))
                return -1;
        if (v[0] >= kernels || v[1] > 0xffffffffu || v[2] > 0xffffffffu)
            return -1;
        t.kernel = (uint16_t)v[0], t.warp = (uint32_t)v[1], t.cta = (uint32_t)v[2];
    }
    if (f & TRACE_F_PC) {
        if (!(p = get_varint(p, end, &v[0])))
            return -1;
        uint64_t pc = (uint64_t)t.pc + unzigzag(v[0]); /* wraps below 0: caught */
        if (pc > 0xffffffffu)
            return -1;
        t.pc = (uint32_t)pc;
    }
    if (f & TRACE_F_LANES) {
        if (p >= end)
            return -1;
        unsigned tag = *p++;
        if (tag < 32) {
            t.lanes = 1u << tag;
        } else if (tag == TRACE_LANES_ALL) {
            t.lanes = 0xffffffffu;
        } else if (tag == TRACE_LANES_RAW && end - p >= 4) {
            t.lanes = get_u32(p);
            p += 4;
        } else if (tag == TRACE_LANES_RANGE && end - p >= 2 && p[0] < p[1] && p[1] < 32) {
            t.lanes = (0xffffffffu >> (31 - (p[1] - p[0]))) << p[0];
            p += 2;
        } else {
            return -1;
        }
    }
    if (!(p = get_varint(p, end, &v[0])))
        return -1;
    t.block += unzigzag(v[0]);
    *tp = t;
    s->sm = sm;
    s->slot = slot;
    *pp = p;
    out->block = t.block;
    out->pc = t.pc;
    out->lanes = t.lanes;
    out->warp = t.warp;
    out->cta = t.cta;
    out->sm = sm;
    out->slot = slot;
    out->kernel = t.kernel;
    out->write = (uint8_t)(f & TRACE_F_WRITE);
    out->kind = (uint8_t)(f >> TRACE_F_KIND_SHIFT & 7);
    return 0;
}

/* A varint as get_varint, for a p with at least 10 bytes (the longest
 * varint) before the buffer's end: its first bytes without end checks. */
static inline __attribute__((always_inline)) const uint8_t *get_varint_unchecked(const uint8_t *p, uint64_t *v)
{
    uint64_t b = p[0];
    if (b < 0x80) {
        *v = b;
        return p + 1;
    }
    uint64_t x = b & 0x7f;
    b = p[1];
    if (b < 0x80) {
        *v = x | b << 7;
        return p + 2;
    }
    x |= (b & 0x7f) << 7;
    b = p[2];
    if (b < 0x80) {
        *v = x | b << 14;
        return p + 3;
    }
    return get_varint(p, p + 10, v);
}

/* The most bytes decode_access reads of one record, valid or not: flags,
 * five varints of at most 10 bytes, the pc's and the block's (each read
 * before any check can stop it), a lane tag and its 4 bytes. */
#define UNCHECKED_SPAN (1 + 7 * 10 + 5)

/* checked: get_varint; else get_varint_unchecked (end is then far enough). */
static inline const uint8_t *get_varint_fast(const uint8_t *p, const uint8_t *end, uint64_t *v,
                                             int checked)
{
    return checked ? get_varint(p, end, v) : get_varint_unchecked(p, v);
}

/* decode_one for trace_reader_read_accesses: the same records accepted and
 * rejected (the warp, CTA and lanes are checked and skipped: they are never
 * deltas, so no later record depends on them), the delta state of the
 * fields kept (block, pc, kernel) in r->aslots. */
static inline __attribute__((always_inline)) int decode_access(struct trace_reader *r, const uint8_t **pp, const uint8_t *end,
                                struct trace_access *out, int checked, uint32_t *psm, uint32_t *pslot)
{
    const uint8_t *p = *pp;
    uint64_t v0, v1, v2;
    if (checked && p >= end)
        return -1;
    unsigned f = *p++;
    uint32_t sm = *psm, slot = *pslot;
    if (f & TRACE_F_SLOT) {
        if (!(p = get_varint_fast(p, end, &v0, checked)) || !(p = get_varint_fast(p, end, &v1, checked)) ||
            (v0 | v1) > 0xffff)
            return -1;
        sm = (uint32_t)v0;
        slot = (uint32_t)v1;
    }
    struct access_slot *t = &r->aslots[(sm * 64 + (slot & 63u)) & (TRACE_SLOTS - 1)];
    uint16_t kernel = t->kernel;
    uint32_t pc = t->pc;
    if (f & TRACE_F_WARP) {
        if (!(p = get_varint_fast(p, end, &v0, checked)) || !(p = get_varint_fast(p, end, &v1, checked)) ||
            !(p = get_varint_fast(p, end, &v2, checked)))
            return -1;
        if (v0 >= r->hdr.kernel_count || v1 > 0xffffffffu || v2 > 0xffffffffu)
            return -1;
        kernel = (uint16_t)v0;
    }
    if (f & TRACE_F_PC) {
        if (!(p = get_varint_fast(p, end, &v0, checked)))
            return -1;
        uint64_t npc = (uint64_t)pc + unzigzag(v0); /* wraps below 0: caught */
        if (npc > 0xffffffffu)
            return -1;
        pc = (uint32_t)npc;
    }
    if (f & TRACE_F_LANES) {
        if (checked && p >= end)
            return -1;
        unsigned tag = *p++;
        if (tag <= TRACE_LANES_ALL)
            ;
        else if (tag == TRACE_LANES_RAW && (!checked || end - p >= 4))
            p += 4;
        else if (tag == TRACE_LANES_RANGE && (!checked || end - p >= 2) && p[0] < p[1] && p[1] < 32)
            p += 2;
        else
            return -1;
    }
    if (!(p = get_varint_fast(p, end, &v0, checked)))
        return -1;
    uint64_t block = t->block + unzigzag(v0);
    t->block = block;
    t->pc = pc;
    t->kernel = kernel;
    *psm = sm;
    *pslot = slot;
    *pp = p;
    out->block = block;
    out->sm = (uint16_t)sm;
    out->kernel = kernel;
    out->write = (uint8_t)(f & TRACE_F_WRITE);
    out->kind = (uint8_t)(f >> TRACE_F_KIND_SHIFT & 7);
    return 0;
}

/* trace_reader_read and trace_reader_read_accesses (accesses: out is a
 * struct trace_access array, else struct trace_record). */
static inline long read_batch(struct trace_reader *r, void *out, size_t n, int accesses)
{
    if (r->state == 0 && r->mode != 0 && r->mode != 1 + accesses)
        rfail(r, "read both as records and as accesses since the last rewind");
    if (r->state != 0)
        return r->state == 1 ? 0 : -1;
    r->mode = 1 + accesses;
    if (r->decoded == r->hdr.records)
        return finish(r);
    if (n > r->hdr.records - r->decoded)
        n = (size_t)(r->hdr.records - r->decoded);
    if (n > LONG_MAX)
        n = LONG_MAX;
    size_t k = 0;
    while (k < n) {
        if (r->end - r->pos < TRACE_REC_MAX && r->loaded < r->payload_bytes && refill(r) != 0)
            break;
        const uint8_t *p = r->buf + r->pos, *end = r->buf + r->end;
        /* while a whole record fits before end, or nothing more is to come */
        int all_loaded = r->loaded == r->payload_bytes, bad = 0;
        if (accesses) {
            /* records that start at least UNCHECKED_SPAN bytes before end
             * are decoded without end checks */
            const uint8_t *safe = end - (size_t)(end - p < UNCHECKED_SPAN ? end - p : UNCHECKED_SPAN);
            struct trace_access *a = (struct trace_access *)out;
            uint32_t sm = r->asm_, slot = r->aslot; /* in registers meanwhile */
            while (k < n && p < safe) {
                if (decode_access(r, &p, end, &a[k], 0, &sm, &slot)) {
                    bad = 1;
                    break;
                }
                k++;
            }
            while (!bad && k < n && (all_loaded || (size_t)(end - p) >= TRACE_REC_MAX)) {
                if (decode_access(r, &p, end, &a[k], 1, &sm, &slot)) {
                    bad = 1;
                    break;
                }
                k++;
            }
            r->asm_ = (uint16_t)sm;
            r->aslot = (uint16_t)slot;
        } else {
            while (k < n && (all_loaded || (size_t)(end - p) >= TRACE_REC_MAX)) {
                if (decode_one(&r->st, r->hdr.kernel_count, &p, end,
                               (struct trace_record *)out + k)) {
                    bad = 1;
                    break;
                }
                k++;
            }
        }
        r->pos = (size_t)(p - r->buf);
        if (bad) {
            rfail(r, "corrupt record %llu (payload byte %llu)",
                  (unsigned long long)(r->decoded + k),
                  (unsigned long long)(r->loaded - (r->end - r->pos)));
            break;
        }
    }
    r->decoded += k;
    /* records decoded before a failure are returned; the failure is sticky
     * and the next call reports it */
    return k ? (long)k : -1;
}

long trace_reader_read(struct trace_reader *r, struct trace_record *out, size_t n)
{
    return read_batch(r, out, n, 0);
}

long trace_reader_read_accesses(struct trace_reader *r, struct trace_access *out, size_t n)
{
    if (!r->aslots && r->state == 0 && !(r->aslots = calloc(TRACE_SLOTS, sizeof *r->aslots)))
        return rfail(r, "out of memory");
    return read_batch(r, out, n, 1);
}

int trace_reader_next(struct trace_reader *r, struct trace_record *out)
{
    long got = trace_reader_read(r, out, 1);
    return got > 0 ? 1 : (int)got;
}
