#include "util/text_input.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *text_printable(char *out, size_t n, const char *src, size_t len)
{
    size_t k = 0;
    if (!n)
        return out;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)src[i];
        char tmp[5];
        int w = c >= 0x20 && c < 0x7f ? (tmp[0] = (char)c, tmp[1] = 0, 1)
                                      : snprintf(tmp, sizeof tmp, "\\x%02x", c);
        /* room for this, and for "..." should more follow */
        if (k + (size_t)w + (i + 1 < len ? 3 : 0) + 1 > n) {
            if (k + 4 <= n) {
                memcpy(out + k, "...", 3);
                k += 3;
            }
            break;
        }
        memcpy(out + k, tmp, (size_t)w);
        k += (size_t)w;
    }
    out[k] = '\0';
    return out;
}

void text_printable_msg(char *msg, size_t cap)
{
    char copy[1024];
    size_t n = strlen(msg);
    int plain = 1;
    for (size_t i = 0; i < n && plain; i++)
        plain = (unsigned char)msg[i] >= 0x20 && (unsigned char)msg[i] < 0x7f;
    if (plain || !cap)
        return;
    if (n >= sizeof copy)
        n = sizeof copy - 1;
    memcpy(copy, msg, n);
    text_printable(msg, cap, copy, n);
}

char *text_input_read(const char *path, const char *what, enum text_input_kind kind, size_t *len,
                      char *err, size_t errlen)
{
    char p[160];
    text_printable(p, sizeof p, path, strlen(path));
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open %s: %s", p, what, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fclose(f);
            snprintf(err, errlen, "%s: cannot read %s: %s", p, what, strerror(EISDIR));
            return NULL;
        }
        if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > TEXT_INPUT_MAX_BYTES) {
            fclose(f);
            snprintf(err, errlen, "%s: %s of %llu bytes, more than the %zu MB ccgpu reads", p,
                     what, (unsigned long long)st.st_size, TEXT_INPUT_MAX_BYTES >> 20);
            return NULL;
        }
    }
    size_t cap = 1 << 16, n = 0, line = 1;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            snprintf(err, errlen, "%s: out of memory reading the %s", p, what);
            return NULL;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        if (kind == TEXT_INPUT_TEXT && got) {
            const char *nul = memchr(buf + n, '\0', got);
            if (nul) {
                for (const char *q = buf; q < nul; q++)
                    line += *q == '\n';
                free(buf);
                fclose(f);
                snprintf(err, errlen, "%s:%zu: NUL byte in a %s (a binary file?)", p, line, what);
                return NULL;
            }
        }
        n += got;
        if (n < cap - 1)
            break;
        if (n >= TEXT_INPUT_MAX_BYTES) {
            free(buf);
            fclose(f);
            snprintf(err, errlen, "%s: %s longer than the %zu MB ccgpu reads", p, what,
                     TEXT_INPUT_MAX_BYTES >> 20);
            return NULL;
        }
        size_t ncap = cap * 2 > TEXT_INPUT_MAX_BYTES + 2 ? TEXT_INPUT_MAX_BYTES + 2 : cap * 2;
        char *bigger = realloc(buf, ncap);
        if (!bigger)
            free(buf);
        buf = bigger;
        cap = ncap;
    }
    int bad = ferror(f);
    int e = errno;
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, errlen, "%s: cannot read %s: %s", p, what, strerror(e));
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}
