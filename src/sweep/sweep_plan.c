#include "sweep/sweep_plan.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int sweep_plan_init(struct sweep_plan *pl, const char **benches, int nbenches,
                    struct sweep_param *params, int nparams, char *err, size_t errlen)
{
    pl->benches = benches;
    pl->nbenches = nbenches;
    pl->params = params;
    pl->nparams = nparams;
    long n = nbenches;
    for (int k = 0; k < nparams; k++) {
        if (n > SWEEP_MAX_POINTS / params[k].nvalues) {
            snprintf(err, errlen, "more than %ld points", SWEEP_MAX_POINTS);
            return -1;
        }
        n *= params[k].nvalues;
    }
    pl->npoints = n;
    return 0;
}

void sweep_plan_point(const struct sweep_plan *pl, long i, int *bench, int *vidx)
{
    for (int k = pl->nparams - 1; k >= 0; k--) {
        vidx[k] = (int)(i % pl->params[k].nvalues);
        i /= pl->params[k].nvalues;
    }
    *bench = (int)i;
}

/* Characters kept as they are in file names; everything else (including '='
 * and '%') becomes %XX. Since no encoded key or value contains '=', each '='
 * in a name ends a "__KEY=" and the name maps back to one point only. */
static int plain(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-' || c == '.' || c == '+' || c == ':';
}

#define SWEEP_NAME_MAX 200 /* below NAME_MAX (255) with room for ".json" and temp suffixes */

struct namebuf {
    char s[SWEEP_NAME_MAX + 1];
    size_t len; /* keeps counting past the buffer, to detect long names */
};

static void put_char(struct namebuf *nb, char c)
{
    if (nb->len < SWEEP_NAME_MAX)
        nb->s[nb->len] = c;
    nb->len++;
}

static void put_encoded(struct namebuf *nb, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (plain(*p)) {
            put_char(nb, (char)*p);
        } else {
            put_char(nb, '%');
            put_char(nb, hex[*p >> 4]);
            put_char(nb, hex[*p & 15]);
        }
    }
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull; /* separator between strings */
}

void sweep_plan_filename(const struct sweep_plan *pl, long i, char *buf, size_t n)
{
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(pl, i, &b, vidx);
    struct namebuf nb = { .len = 0 };
    put_encoded(&nb, pl->benches[b]);
    for (int k = 0; k < pl->nparams; k++) {
        put_char(&nb, '_');
        put_char(&nb, '_');
        put_encoded(&nb, pl->params[k].key);
        put_char(&nb, '=');
        put_encoded(&nb, pl->params[k].values[vidx[k]]);
    }
    if (nb.len < SWEEP_NAME_MAX) {
        nb.s[nb.len] = '\0';
        snprintf(buf, n, "%s.json", nb.s);
        return;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv1a(h, pl->benches[b]);
    for (int k = 0; k < pl->nparams; k++) {
        h = fnv1a(h, pl->params[k].key);
        h = fnv1a(h, pl->params[k].values[vidx[k]]);
    }
    struct namebuf bench = { .len = 0 };
    put_encoded(&bench, pl->benches[b]);
    bench.s[bench.len < 64 ? bench.len : 64] = '\0';
    snprintf(buf, n, "%s__h%016" PRIx64 ".json", bench.s, h);
}

void sweep_plan_label(const struct sweep_plan *pl, long i, char *buf, size_t n)
{
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(pl, i, &b, vidx);
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < pl->nparams && len < n; k++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s=%s", k ? " " : "", pl->params[k].key,
                                pl->params[k].values[vidx[k]]);
}
