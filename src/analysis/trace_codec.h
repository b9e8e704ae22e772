/* Internal to the trace writer and reader (trace_write.c, trace_read.c):
 * byte order, varints, zigzag deltas, the checksum and the delta state that
 * encoder and decoder share. The format is described in trace.h. */
#ifndef CCGPU_ANALYSIS_TRACE_CODEC_H
#define CCGPU_ANALYSIS_TRACE_CODEC_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define TRACE_BUF_SIZE (1u << 16)
#define TRACE_REC_MAX 48 /* an encoded record never exceeds this (39 bytes) */
#define CK_SEED 0xcbf29ce484222325ull
#define CK_MUL 0x9e3779b97f4a7c15ull

#define TRACE_MAGIC "CCGTRACE" /* 8 bytes, no NUL in the file */

/* The checksum: over the hashed bytes taken as little-endian 8-byte words
 * (the last one zero-padded), then their count: h = y ^ (y >> 32) with
 * y = (h ^ word) * CK_MUL. Every step is a bijection of h, so any change
 * confined to one word (every flipped byte) always changes the result; a
 * word at a time keeps it cheap on the reader's hot path. */
struct checksum {
    uint64_t h, word, length;
    unsigned nbytes;
};

static inline void ck_init(struct checksum *c)
{
    c->h = CK_SEED;
    c->word = c->length = 0;
    c->nbytes = 0;
}

static inline void ck_word(struct checksum *c, uint64_t w)
{
    uint64_t y = (c->h ^ w) * CK_MUL;
    c->h = y ^ (y >> 32);
}

static inline void ck_update(struct checksum *c, const uint8_t *p, size_t n)
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
        uint64_t w;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&w, p, 8); /* the little-endian word in one load */
#else
        w = 0;
        for (int i = 7; i >= 0; i--)
            w = w << 8 | p[i];
#endif
        ck_word(c, w);
    }
    for (; n; n--)
        c->word |= (uint64_t)*p++ << (8 * c->nbytes++);
}

static inline uint64_t ck_final(const struct checksum *c)
{
    struct checksum t = *c;
    if (t.nbytes)
        ck_word(&t, t.word);
    ck_word(&t, t.length);
    return t.h;
}

static inline void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static inline uint8_t *put_varint(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

/* NULL when the varint runs past end or is longer than 10 bytes. */
static inline const uint8_t *get_varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
    if (p < end && *p < 0x80) { /* one byte: the common case of small deltas */
        *v = *p;
        return p + 1;
    }
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
static inline uint64_t zigzag(uint64_t d) { return (d << 1) ^ (0 - (d >> 63)); }
static inline uint64_t unzigzag(uint64_t v) { return (v >> 1) ^ (0 - (v & 1)); }

/* Delta state shared by the encoder and the decoder: per warp slot of an SM
 * (a small direct-mapped table; collisions only cost compression, as both
 * sides update it identically) the slot's last warp context, pc, lanes and
 * block, so that interleaved warps still encode as small deltas. */
#define TRACE_SLOTS 4096

struct trace_slot_state {
    uint64_t block;
    uint32_t pc, lanes, warp, cta;
    uint16_t kernel;
};

struct codec_state {
    struct trace_slot_state *slots; /* TRACE_SLOTS entries, zeroed at start */
    uint16_t sm, slot;              /* of the previous record */
};

static inline struct trace_slot_state *codec_slot(struct codec_state *s)
{
    return &s->slots[((uint32_t)s->sm * 64 + (s->slot & 63u)) & (TRACE_SLOTS - 1)];
}

/* flags byte */
#define TRACE_F_WRITE 0x01u
#define TRACE_F_KIND_SHIFT 1 /* 3 bits */
#define TRACE_F_SLOT 0x10u   /* varints sm, slot follow */
#define TRACE_F_WARP 0x20u   /* varints kernel, warp, cta follow */
#define TRACE_F_PC 0x40u     /* zigzag pc delta follows */
#define TRACE_F_LANES 0x80u  /* lane tag follows */
/* lane tag: 0-31 one lane, then: */
#define TRACE_LANES_ALL 32
#define TRACE_LANES_RAW 33   /* 4 bytes follow */
#define TRACE_LANES_RANGE 34 /* bytes lo, hi follow: lanes lo..hi */

#endif
