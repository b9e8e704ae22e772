/* Opcode tables: "OPCODE UNIT LATENCY [SPACE:ACCESS]" lines, '#' comments. */
#include "trace/sass_opcodes.h"
#include "ptx/ir.h"
#include "timing/sm_config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const unit_names[SASS_UNIT_COUNT] = {
    "sp", "int", "dp", "sfu", "tensor", "mem", "branch", "barrier", "exit", "nop", "tma",
};
static const char *const lat_names[LAT_COUNT] = { "add", "max", "mul", "mad", "div", "shfl" };

static int lookup(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], s))
            return i;
    return -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct sass_opcode *)a)->name, ((const struct sass_opcode *)b)->name);
}

/* "global:load" */
static int parse_access(const char *s, struct sass_opcode *op)
{
    static const char *const spaces[] = { "generic", "global", "shared", "local", "const", "tex" };
    static const uint8_t space_of[] = { PTX_SPACE_GENERIC, PTX_SPACE_GLOBAL, PTX_SPACE_SHARED,
                                        PTX_SPACE_LOCAL, PTX_SPACE_CONST, PTX_SPACE_TEX };
    static const char *const accesses[] = { NULL, "load", "store", "atomic" };
    const char *colon = strchr(s, ':');
    if (!colon)
        return -1;
    char sp[16];
    size_t n = (size_t)(colon - s);
    if (n >= sizeof sp)
        return -1;
    memcpy(sp, s, n);
    sp[n] = 0;
    int i = lookup(spaces, 6, sp), a = lookup(accesses, 4, colon + 1);
    if (i < 0 || a < 1)
        return -1;
    op->space = space_of[i];
    op->access = (uint8_t)a;
    return 0;
}

int sass_table_parse(struct sass_table *t, const char *arch, const char *text, const char *name,
                     char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->arch, sizeof t->arch, "%s", arch);
    uint32_t cap = 0, line = 0;
    for (const char *p = text; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char buf[256];
        line++;
        if (len >= sizeof buf) {
            snprintf(err, errlen, "%s:%u: line longer than %zu characters", name, line,
                     sizeof buf - 1);
            goto fail;
        }
        memcpy(buf, p, len);
        buf[len] = 0;
        p = eol ? eol + 1 : p + len;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char f[5][64];
        int nf = sscanf(buf, "%63s %63s %63s %63s %63s", f[0], f[1], f[2], f[3], f[4]);
        if (nf <= 0)
            continue;
        struct sass_opcode op = { .space = PTX_SPACE_NONE };
        int u = nf >= 3 ? lookup(unit_names, SASS_UNIT_COUNT, f[1]) : -1;
        int l = nf >= 3 ? (strcmp(f[2], "-") ? lookup(lat_names, LAT_COUNT, f[2]) : LAT_ADD) : -1;
        if (nf < 3 || nf > 4 || strlen(f[0]) >= SASS_NAME_MAX || u < 0 || l < 0 ||
            (u == SASS_MEM) != (nf == 4) || (nf == 4 && parse_access(f[3], &op))) {
            snprintf(err, errlen,
                     "%s:%u: expected OPCODE UNIT LATENCY [SPACE:ACCESS] (units sp int dp sfu "
                     "tensor mem branch barrier exit nop tma; SPACE:ACCESS only for mem)",
                     name, line);
            goto fail;
        }
        memcpy(op.name, f[0], strlen(f[0]) + 1);
        op.unit = (uint8_t)u;
        op.lat = (uint8_t)l;
        if (t->n == cap) {
            cap = cap ? cap * 2 : 128;
            struct sass_opcode *n = realloc(t->ops, cap * sizeof *n);
            if (!n) {
                snprintf(err, errlen, "%s: out of memory", name);
                goto fail;
            }
            t->ops = n;
        }
        t->ops[t->n++] = op;
    }
    if (t->n)
        qsort(t->ops, t->n, sizeof *t->ops, by_name);
    for (uint32_t i = 1; i < t->n; i++)
        if (!strcmp(t->ops[i].name, t->ops[i - 1].name)) {
            snprintf(err, errlen, "%s: opcode %s listed twice", name, t->ops[i].name);
            goto fail;
        }
    return 0;
fail:
    sass_table_free(t);
    return -1;
}

void sass_table_free(struct sass_table *t)
{
    free(t->ops);
    t->ops = NULL;
    t->n = 0;
}

const struct sass_opcode *sass_table_find(const struct sass_table *t, const char *base, size_t len)
{
    if (len == 0 || len >= SASS_NAME_MAX || !t->n)
        return NULL;
    struct sass_opcode key;
    memcpy(key.name, base, len);
    key.name[len] = 0;
    return bsearch(&key, t->ops, t->n, sizeof *t->ops, by_name);
}

const char *sass_arch_of_binary(uint32_t v)
{
    switch (v) {
    case 70: case 72: return "volta";
    case 75: return "turing";
    case 80: case 86: case 87: return "ampere";
    case 89: return "ada";
    case 90: return "hopper";
    default: return NULL;
    }
}

int sass_arch_known(const char *arch)
{
    static const char *const archs[] = { "volta", "turing", "ampere", "ada", "hopper" };
    return lookup(archs, 5, arch) >= 0;
}
