/* The effective configuration as a loadable config file, from the read log:
 * what the modules asked for when the GPU was created, in that order. */
#include "gpu/config.h"
#include <stdio.h>
#include <string.h>

/* "key value" padded so the origin comments line up. */
static int put_line(FILE *out, const char *key, const char *value, const char *origin, int plain)
{
    if (plain)
        return fprintf(out, "%s %s\n", key, value) < 0 ? -1 : 0;
    int n = fprintf(out, "%s %s", key, value);
    if (n < 0)
        return -1;
    return fprintf(out, "%*s# %s\n", n < 48 ? 48 - n : 1, "", origin) < 0 ? -1 : 0;
}

int config_dump(const ccgpu_config *cfg, FILE *out, int flags, char *err, size_t errlen)
{
    int all = flags & CONFIG_DUMP_ALL, plain = flags & CONFIG_DUMP_PLAIN;
    if (!cfg || cfg->reads_lost) {
        snprintf(err, errlen, "configuration dump: out of memory while recording options");
        return -1;
    }
    int rc = 0;
    if (!plain)
        rc |= fprintf(out, "# ccgpu effective configuration: every option the simulator read, "
                           "in reading order.\n# Comments give where each value came from "
                           "(file:line, -o, api or default).\n") < 0;
    for (int i = 0; i < cfg->nreads && !rc; i++) {
        const struct config_read *r = &cfg->reads[i];
        const struct config_entry *e = config_peek(cfg, r->key);
        if (e && strpbrk(e->value, "#\n")) { /* a config file cannot say this */
            snprintf(err, errlen, "%s: option %s: value '%s' cannot be written to a config file",
                     e->origin, e->key, e->value);
            return -1;
        }
        if (e)
            rc |= put_line(out, r->key, e->value, e->origin, plain);
        else if (all && r->dflt && *r->dflt)
            rc |= put_line(out, r->key, r->dflt, "default", plain);
        else if (all && !plain)
            /* the module keeps its built-in value (e.g. a memory preset) */
            rc |= fprintf(out, "# %s: not set; the module's built-in value applies\n", r->key) < 0;
    }
    if (rc) {
        snprintf(err, errlen, "configuration dump: write failed");
        return -1;
    }
    return 0;
}
