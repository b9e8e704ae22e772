/* kernelslist.g */
#include "trace/trace_list.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ends_with(const char *s, size_t n, const char *suffix)
{
    size_t b = strlen(suffix);
    return n >= b && !memcmp(s + n - b, suffix, b);
}

static int add(struct trace_list *l, struct trace_cmd c)
{
    struct trace_cmd *n = realloc(l->cmds, (l->n + 1) * sizeof *n);
    if (!n)
        return -1;
    l->cmds = n;
    l->cmds[l->n++] = c;
    return 0;
}

int trace_list_parse(struct trace_list *l, const char *text, const char *dir, const char *name,
                     char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    uint32_t line = 0;
    for (const char *p = text; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        const char *s = p;
        p = eol ? eol + 1 : p + len;
        line++;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            len--;
        while (len && (*s == ' ' || *s == '\t'))
            s++, len--;
        if (!len)
            continue;
        if (len > 4000) {
            snprintf(err, errlen, "%s:%u: line too long", name, line);
            goto fail;
        }
        char buf[4096];
        memcpy(buf, s, len);
        buf[len] = 0;
        struct trace_cmd c = { .line = line };
        if (!strncmp(buf, "MemcpyHtoD,", 11) || !strncmp(buf, "MemcpyDtoH,", 11)) {
            unsigned long long a, b;
            char *e1, *e2;
            errno = 0;
            a = strtoull(buf + 11, &e1, 16);
            b = *e1 == ',' ? strtoull(e1 + 1, &e2, 10) : 0;
            if (errno || *e1 != ',' || e1 == buf + 11 || e2 == e1 + 1 || *e2 || buf[11] == '-' ||
                e1[1] == '-') {
                snprintf(err, errlen, "%s:%u: expected %.10s,0xADDRESS,BYTES", name, line, buf);
                goto fail;
            }
            c.kind = TRACE_CMD_COPY;
            c.to_device = buf[6] == 'H';
            c.addr = a;
            c.bytes = b;
        } else if (!strncmp(buf, "Memcpy", 6)) {
            l->ignored++;
            continue;
        } else if (ends_with(buf, len, ".traceg") || ends_with(buf, len, ".traceg.xz")) {
            if (strchr(buf, ',') || strchr(buf, ' ')) {
                snprintf(err, errlen, "%s:%u: expected a kernel trace file name", name, line);
                goto fail;
            }
            c.kind = TRACE_CMD_KERNEL;
            size_t n = strlen(dir) + len + 2;
            if (!(c.path = malloc(n)))
                goto oom;
            if (buf[0] == '/' || !dir[0])
                snprintf(c.path, n, "%s", buf);
            else
                snprintf(c.path, n, "%s/%s", dir, buf);
        } else {
            snprintf(err, errlen,
                     "%s:%u: '%.60s' is neither MemcpyHtoD,ADDRESS,BYTES nor a kernel trace "
                     "(NAME.traceg or NAME.traceg.xz)",
                     name, line, buf);
            goto fail;
        }
        if (add(l, c)) {
            free(c.path);
            goto oom;
        }
    }
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", name);
fail:
    trace_list_free(l);
    return -1;
}

int trace_list_read(struct trace_list *l, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4097 > cap) {
            char *t = realloc(text, cap = cap ? cap * 2 : 8192);
            if (!t) {
                free(text);
                fclose(f);
                snprintf(err, errlen, "%s: out of memory", path);
                return -1;
            }
            text = t;
        }
        size_t r = fread(text + n, 1, 4096, f);
        n += r;
        if (r < 4096)
            break;
        if (n > (64u << 20)) {
            free(text);
            fclose(f);
            snprintf(err, errlen, "%s: larger than 64 MB: not a command list", path);
            return -1;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        snprintf(err, errlen, "%s: read error", path);
        return -1;
    }
    text[n] = 0;
    if (memchr(text, 0, n)) {
        free(text);
        snprintf(err, errlen, "%s: binary data: not a command list", path);
        return -1;
    }
    char dir[4096];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 0, path);
    int rc = trace_list_parse(l, text, dir, path, err, errlen);
    free(text);
    return rc;
}

void trace_list_free(struct trace_list *l)
{
    for (uint32_t i = 0; i < l->n; i++)
        free(l->cmds[i].path);
    free(l->cmds);
    memset(l, 0, sizeof *l);
}
