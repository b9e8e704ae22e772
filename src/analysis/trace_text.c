#include "analysis/trace_text.h"
#include "util/text_input.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_u64(const char *s, uint64_t max, uint64_t *v)
{
    if (!isdigit((unsigned char)s[0]))
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end || x > max)
        return -1;
    *v = x;
    return 0;
}

static int parse_line(char *line, struct trace_record *r)
{
    char *tok[5];
    int nt = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        if (nt == 4)
            return -1;
        tok[nt++] = t;
    }
    if (nt < 2)
        return -1;
    uint64_t warp, block, lanes = 0xffffffffu;
    if (parse_u64(tok[0], UINT32_MAX, &warp) || parse_u64(tok[1], UINT64_MAX, &block))
        return -1;
    int write = 0;
    if (nt >= 3) {
        if (strcmp(tok[2], "w") == 0 || strcmp(tok[2], "W") == 0)
            write = 1;
        else if (strcmp(tok[2], "r") != 0 && strcmp(tok[2], "R") != 0)
            return -1;
    }
    if (nt == 4 && parse_u64(tok[3], UINT32_MAX, &lanes))
        return -1;
    memset(r, 0, sizeof *r);
    r->warp = (uint32_t)warp;
    r->block = block;
    r->write = (uint8_t)write;
    r->lanes = (uint32_t)lanes;
    return 0;
}

int trace_text_load(const char *path, struct trace_record **out, size_t *n, char *err,
                    size_t errlen)
{
    *out = NULL;
    *n = 0;
    char *text = text_input_read(path, "text trace", TEXT_INPUT_TEXT, NULL, err, errlen);
    if (!text)
        return -1;
    struct trace_record *r = NULL;
    size_t cap = 0, count = 0;
    char line[512];
    int lineno = 0, rc = -1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        if (len >= sizeof line - 1) {
            snprintf(err, errlen, "%s:%d: line too long", path, lineno);
            goto done;
        }
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (nl != NULL);
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        if (count == cap) {
            size_t c = cap ? 2 * cap : 256;
            struct trace_record *q = realloc(r, c * sizeof *q);
            if (!q) {
                snprintf(err, errlen, "%s: out of memory", path);
                goto done;
            }
            r = q;
            cap = c;
        }
        if (parse_line(line, &r[count]) != 0) {
            snprintf(err, errlen, "%s:%d: expected 'warp block [r|w] [lanemask]'", path, lineno);
            goto done;
        }
        count++;
    }
    rc = 0;
done:
    free(text);
    if (rc) {
        free(r);
        text_printable_msg(err, errlen);
        return -1;
    }
    *out = r;
    *n = count;
    return 0;
}
