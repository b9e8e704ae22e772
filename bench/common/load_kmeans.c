/* k-means point files: the binary "N D floats" layout and the text
 * "id f1 ... fD" layout (Rodinia's kdd_cup files, color100.txt). */
#include "common/inputs.h"
#include "common/text_reader.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int inputs_load_kmeans_bin(const char *path, float **features, uint32_t *points,
                           uint32_t *dims, char *err, size_t errlen)
{
    *features = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    unsigned char head[8];
    if (fread(head, 1, 8, f) != 8) {
        fclose(f);
        snprintf(err, errlen, "%s: byte 0: truncated header (expected int32 N, int32 D)", path);
        return -1;
    }
    int32_t n = (int32_t)le32(head), d = (int32_t)le32(head + 4);
    if (n <= 0 || d <= 0 || (uint64_t)n * (uint64_t)d > (1ull << 31)) {
        fclose(f);
        snprintf(err, errlen, "%s: byte 0: bad header N=%d D=%d", path, n, d);
        return -1;
    }
    size_t count = (size_t)n * (size_t)d;
    /* the file's size before the allocation: a hostile header must not
     * make us allocate gigabytes for a file that cannot hold them */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size != 8 + (uint64_t)count * 4) {
        fclose(f);
        uint64_t body = st.st_size > 8 ? (uint64_t)st.st_size - 8 : 0;
        snprintf(err, errlen, "%s: byte %llu: %s: N=%d x D=%d needs %zu bytes of floats", path,
                 (unsigned long long)(8 + (body < count * 4 ? body : count * 4)),
                 body < count * 4 ? "truncated" : "trailing data", n, d, count * 4);
        return -1;
    }
    unsigned char *raw = malloc(count * 4 + 1);
    float *out = malloc(count * sizeof *out);
    if (!raw || !out) {
        free(raw);
        free(out);
        fclose(f);
        snprintf(err, errlen, "%s: out of memory for %d x %d features", path, n, d);
        return -1;
    }
    size_t got = fread(raw, 1, count * 4 + 1, f);
    fclose(f);
    if (got != count * 4) {
        free(raw);
        free(out);
        snprintf(err, errlen, "%s: byte %zu: %s: N=%d x D=%d needs %zu bytes of floats", path,
                 8 + got, got < count * 4 ? "truncated" : "trailing data", n, d, count * 4);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t bits = le32(raw + 4 * i);
        memcpy(&out[i], &bits, 4);
        if (!isfinite(out[i])) {
            free(raw);
            free(out);
            snprintf(err, errlen, "%s: byte %zu: feature %zu of point %zu is not finite", path,
                     8 + 4 * i, i % (size_t)d, i / (size_t)d);
            return -1;
        }
    }
    free(raw);
    *features = out;
    *points = (uint32_t)n;
    *dims = (uint32_t)d;
    return 0;
}

int inputs_load_kmeans_text(const char *path, float **features, uint32_t *points,
                            uint32_t *dims, char *err, size_t errlen)
{
    *features = NULL;
    struct text_reader r;
    if (text_open(&r, path, err, errlen))
        return -1;
    float *out = NULL;
    size_t n = 0, cap = 0;
    uint32_t d = 0;
    while (text_skip_comment_lines(&r, "#")) {
        int64_t id;
        if (text_i64(&r, 1, "point id", &id))
            goto fail;
        if (d == 0) { /* the first line sets the dimension */
            size_t save = r.pos;
            while (text_line_has_more(&r)) {
                /* a token ends at white space only, as next_token reads it
                 * (a NUL or a byte >= 0x80 is part of it; each turn advances) */
                do
                    r.pos++;
                while (r.pos < r.len && r.buf[r.pos] != ' ' && r.buf[r.pos] != '\t' &&
                       r.buf[r.pos] != '\r' && r.buf[r.pos] != '\n');
                d++;
            }
            r.pos = save;
            if (d == 0) {
                text_fail(&r, "no features after the point id");
                goto fail;
            }
        }
        if ((n + 1) * d > cap) {
            size_t ncap = cap ? cap * 2 : (size_t)d * 1024;
            float *bigger = realloc(out, ncap * sizeof *out);
            if (!bigger) {
                text_fail(&r, "out of memory after %zu points", n);
                goto fail;
            }
            out = bigger;
            cap = ncap;
        }
        for (uint32_t f = 0; f < d; f++) {
            double v = 0;
            if (text_f64(&r, 1, "feature", &v))
                goto fail;
            out[n * d + f] = (float)v;
        }
        if (text_end_line(&r))
            goto fail;
        if (++n > UINT32_MAX / d) {
            text_fail(&r, "too many points");
            goto fail;
        }
    }
    if (n == 0) {
        text_fail(&r, "no points");
        goto fail;
    }
    text_close(&r);
    *features = out;
    *points = (uint32_t)n;
    *dims = d;
    return 0;
fail:
    free(out);
    text_close(&r);
    return -1;
}
