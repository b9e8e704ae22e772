#include "cudart/fatbin.h"
#include <stdio.h>
#include <string.h>

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

const void *fatbin_from_wrapper(const void *wrapper, char *err, size_t errlen)
{
    const uint8_t *w = wrapper;
    if (!w) {
        snprintf(err, errlen, "fatbinary wrapper is NULL");
        return NULL;
    }
    uint32_t magic = rd32(w);
    if (magic == FATBIN_MAGIC)
        return w; /* a bare fatbinary */
    if (magic != FATBIN_WRAPPER_MAGIC) {
        snprintf(err, errlen, "not a fatbinary wrapper (magic 0x%08x, expected 0x%08x)", magic,
                 FATBIN_WRAPPER_MAGIC);
        return NULL;
    }
    const void *data;
    memcpy(&data, w + 8, sizeof data);
    if (!data) {
        snprintf(err, errlen, "fatbinary wrapper without data (relocatable device code, "
                              "nvcc -rdc, is not supported)");
        return NULL;
    }
    return data;
}

enum { ENTRY_MIN = 64 };
#define FLAG_COMPRESSED 0xa000ull /* 0x2000 (LZ4) or 0x8000 (zstd) */

/* One entry of a fatbinary's payload: its header's fields. */
struct entry {
    uint16_t kind;
    uint32_t ehsize, arch;
    uint64_t psize;
    int compressed;       /* flagged compressed, or with an uncompressed size */
};

/* The entry at payload offset off (at least ENTRY_MIN bytes left), its sizes
 * checked against the payload's size; -1 with err when they overrun it. */
static int read_entry(const uint8_t *payload, uint64_t size, uint64_t off, struct entry *e,
                      char *err, size_t errlen)
{
    const uint8_t *p = payload + off;
    *e = (struct entry){ .kind = rd16(p), .ehsize = rd32(p + 4), .psize = rd64(p + 8),
                         .arch = rd32(p + 0x1c),
                         .compressed = (rd64(p + 0x28) & FLAG_COMPRESSED) || rd64(p + 0x38) };
    if (e->ehsize < ENTRY_MIN || e->ehsize > size - off || e->psize > size - off - e->ehsize) {
        snprintf(err, errlen, "fatbinary: entry at offset %llu has sizes %u + %llu beyond "
                              "the fatbinary's %llu bytes",
                 (unsigned long long)off, e->ehsize, (unsigned long long)e->psize,
                 (unsigned long long)size);
        return -1;
    }
    return 0;
}

int fatbin_find_ptx(const void *data, size_t avail, struct fatbin_ptx *out, int max, char *err,
                    size_t errlen)
{
    const uint8_t *d = data;
    if (avail && avail < 16) {
        snprintf(err, errlen, "fatbinary: %zu bytes, shorter than its header", avail);
        return -1;
    }
    uint32_t magic = rd32(d);
    if (magic != FATBIN_MAGIC) {
        snprintf(err, errlen, "fatbinary: bad magic 0x%08x (expected 0x%08x)", magic, FATBIN_MAGIC);
        return -1;
    }
    uint16_t hsize = rd16(d + 6);
    uint64_t size = rd64(d + 8);
    if (hsize < 16 || (avail && (hsize > avail || size > avail - hsize))) {
        snprintf(err, errlen, "fatbinary: header says %u + %llu bytes, %zu available", hsize,
                 (unsigned long long)size, avail);
        return -1;
    }
    int n = 0;
    uint64_t off = 0;
    while (off < size) {
        const uint8_t *e = d + hsize + off;
        if (size - off < ENTRY_MIN) {
            if (size - off < 16 && !memchr(e, 1, (size_t)(size - off)))
                break; /* trailing padding */
            snprintf(err, errlen, "fatbinary: truncated entry at offset %llu",
                     (unsigned long long)off);
            return -1;
        }
        struct entry en;
        if (read_entry(d + hsize, size, off, &en, err, errlen) != 0)
            return -1;
        uint32_t arch = en.arch;
        if (en.kind == FATBIN_KIND_PTX) {
            if (en.compressed) {
                snprintf(err, errlen, "fatbinary: the PTX for compute_%u is compressed; rebuild "
                                      "the program with nvcc --no-compress",
                         arch);
                return -1;
            }
            const char *text = (const char *)e + en.ehsize;
            size_t len = strnlen(text, (size_t)en.psize);
            if (len == (size_t)en.psize) {
                snprintf(err, errlen, "fatbinary: the PTX for compute_%u is not NUL-terminated",
                         arch);
                return -1;
            }
            if (n < max) {
                /* insertion sort, highest arch first */
                int i = n++;
                while (i > 0 && out[i - 1].arch < arch) {
                    out[i] = out[i - 1];
                    i--;
                }
                out[i] = (struct fatbin_ptx){ text, len, arch };
            }
        }
        off += en.ehsize + en.psize;
    }
    return n;
}

int fatbin_survey(const void *data, size_t avail, struct fatbin_survey *s, char *err,
                  size_t errlen)
{
    const uint8_t *d = data;
    memset(s, 0, sizeof *s);
    if (avail < 16 || rd32(d) != FATBIN_MAGIC) {
        snprintf(err, errlen, "fatbinary: no fatbinary header (magic 0x%08x)",
                 avail >= 4 ? rd32(d) : 0);
        return -1;
    }
    uint16_t hsize = rd16(d + 6);
    uint64_t size = rd64(d + 8);
    if (hsize < 16 || hsize > avail || size > avail - hsize) {
        snprintf(err, errlen, "fatbinary: header says %u + %llu bytes, %zu available", hsize,
                 (unsigned long long)size, avail);
        return -1;
    }
    s->bytes = hsize + size;
    for (uint64_t off = 0; size - off >= ENTRY_MIN;) {
        struct entry en;
        if (read_entry(d + hsize, size, off, &en, err, errlen) != 0)
            return -1;
        if (en.kind == FATBIN_KIND_PTX) {
            s->ptx++;
            s->ptx_compressed += en.compressed;
            s->ptx_arch = en.arch > s->ptx_arch ? en.arch : s->ptx_arch;
        } else if (en.kind == FATBIN_KIND_ELF) {
            s->elf++;
            s->elf_arch = en.arch > s->elf_arch ? en.arch : s->elf_arch;
        }
        off += en.ehsize + en.psize;
    }
    return 0;
}
