/* Grouping per-line traces (trace_group.h). */
#include "trace/trace_group.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* sort -s by CTA z, y, x, then warp, in C collation */
static int run_sort(const char *dir, const char *in, const char *out)
{
    pid_t p = fork();
    if (p < 0)
        return -1;
    if (p == 0) {
        setenv("LC_ALL", "C", 1);
        execlp("sort", "sort", "-s", "-k3,3n", "-k2,2n", "-k1,1n", "-k4,4n", "-T", dir, "-o", out,
               in, (char *)NULL);
        _exit(127);
    }
    int st;
    if (waitpid(p, &st, 0) != p || !WIFEXITED(st) || WEXITSTATUS(st))
        return -1;
    return 0;
}

void trace_group_remove(const char *grouped)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", grouped);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    *slash = 0;
    char p[4200];
    static const char *const names[] = { "kernel.traceg", "lines", "sorted" };
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
}

int trace_group_prefixed(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], lines[4200], sorted[4200];
    snprintf(dir, sizeof dir, "%s/ccgpu-trace-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(err, errlen, "%s: grouping its per-line records: %s: %s", path, dir,
                 strerror(errno));
        return -1;
    }
    snprintf(lines, sizeof lines, "%s/lines", dir);
    snprintf(sorted, sizeof sorted, "%s/sorted", dir);
    snprintf(out, outlen, "%s/kernel.traceg", dir);
    pid_t xz = 0;
    FILE *in = ends_with(path, ".xz") ? trace_open_xz(path, &xz) : fopen(path, "rb");
    FILE *l = fopen(lines, "w"), *o = fopen(out, "w"), *s = NULL;
    char *buf = NULL;
    size_t cap = 0;
    uint64_t line = 0;
    int rc = -1, header = 1;
    if (!in || !l || !o) {
        snprintf(err, errlen, "%s: grouping its per-line records: %s", path, strerror(errno));
        goto out;
    }
    /* the header as it is (the version made 3: grouped), the records apart */
    while (getline(&buf, &cap, in) >= 0) {
        line++;
        const char *t = buf + strspn(buf, " \t");
        if (header && (*t == '-' || *t == '#' || *t == '\n' || *t == '\r' || !*t)) {
            if (!strncmp(t, "-accelsim tracer version", 24))
                fputs("-accelsim tracer version = 3\n", o);
            else
                fputs(buf, o);
            continue;
        }
        header = 0;
        if (*t == '\n' || *t == '\r' || !*t || *t == '#')
            continue;
        fputs(buf, l);
    }
    if (xz) {
        int st;
        fclose(in);
        in = NULL;
        if (waitpid(xz, &st, 0) == xz && (!WIFEXITED(st) || WEXITSTATUS(st))) {
            snprintf(err, errlen, "%s: xz -dc failed", path);
            goto out;
        }
    }
    if (fclose(l)) {
        l = NULL;
        snprintf(err, errlen, "%s: grouping its per-line records: writing %s failed", path, lines);
        goto out;
    }
    l = NULL;
    if (run_sort(dir, lines, sorted)) {
        snprintf(err, errlen, "%s: grouping its per-line records: sort failed", path);
        goto out;
    }
    if (!(s = fopen(sorted, "r"))) {
        snprintf(err, errlen, "%s: grouping its per-line records: %s", path, strerror(errno));
        goto out;
    }
    long long cx = -1, cy = -1, cz = -1, cw = -1;
    line = 0;
    while (getline(&buf, &cap, s) >= 0) {
        line++;
        long long x, y, z, w;
        int n = 0;
        if (sscanf(buf, "%lld %lld %lld %lld %n", &x, &y, &z, &w, &n) != 4 || x < 0 || y < 0 ||
            z < 0 || w < 0) {
            snprintf(err, errlen,
                     "%s: a record without its 'CTA-X CTA-Y CTA-Z WARP' prefix (trace version "
                     "below 3): '%.60s'",
                     path, buf);
            goto out;
        }
        if (x != cx || y != cy || z != cz) {
            if (cx >= 0)
                fputs("#END_TB\n", o);
            fprintf(o, "#BEGIN_TB\nthread block = %lld,%lld,%lld\n", x, y, z);
            cx = x, cy = y, cz = z, cw = -1;
        }
        if (w != cw) {
            fprintf(o, "warp = %lld\n", w);
            cw = w;
        }
        fputs(buf + n, o);
    }
    if (cx >= 0)
        fputs("#END_TB\n", o);
    rc = 0;
out:
    if (in)
        fclose(in);
    if (l)
        fclose(l);
    if (s)
        fclose(s);
    if (o && fclose(o) && rc == 0) {
        snprintf(err, errlen, "%s: grouping its per-line records: writing failed", path);
        rc = -1;
    }
    free(buf);
    unlink(lines);
    unlink(sorted);
    if (rc)
        trace_group_remove(out);
    return rc;
}
