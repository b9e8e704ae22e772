/* ccgpu ptx FILE: does ccgpu accept this PTX? Lists the kernels with their
 * parameters, estimated registers and static shared memory, or prints the
 * first error as FILE:LINE: message and exits 1. */
#include "cli/cli.h"
#include "ptx/ptx.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (len + 1 < cap)
            break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory");
        return NULL;
    }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        free(buf);
        snprintf(err, errlen, "%s: not a text file (NUL byte)", path);
        return NULL;
    }
    return buf;
}

static void print_kernel(const struct ptx_module *m, const struct ptx_function *f)
{
    printf("kernel %s\n", f->name);
    printf("  params: %u (%llu bytes)\n", f->nparams, (unsigned long long)f->param_bytes);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const struct ptx_symbol *s = &m->syms[f->params[i]];
        unsigned tb = ptx_type_bytes((enum ptx_type)s->type);
        printf("    %-40s .%s%s size %llu offset %llu\n", s->name,
               ptx_type_name((enum ptx_type)s->type),
               tb && s->size > tb ? "[]" : "", (unsigned long long)s->size,
               (unsigned long long)s->offset);
    }
    printf("  registers: %u (estimated from liveness)\n", ptx_estimate_registers(m, f));
    printf("  static shared: %llu bytes\n", (unsigned long long)f->shared_bytes);
    printf("  local: %llu bytes per thread\n", (unsigned long long)f->local_bytes);
    printf("  instructions: %u\n", f->ninsts);
    if (f->reqntid[0])
        printf("  reqntid: %u %u %u\n", f->reqntid[0], f->reqntid[1], f->reqntid[2]);
    if (f->maxntid[0])
        printf("  maxntid: %u %u %u\n", f->maxntid[0], f->maxntid[1], f->maxntid[2]);
}

/* --dump: every decoded instruction written back, with its index, PTX line,
 * branch target and reconvergence point. */
static void dump_function(const struct ptx_module *m, const struct ptx_function *f)
{
    printf("%s %s: %u instructions, %u registers, %u predicates\n",
           f->is_entry ? ".entry" : ".func", f->name, f->ninsts, f->nregs, f->npreds);
    for (uint32_t i = 0; i < f->ninsts; i++) {
        const struct ptx_inst *in = &f->insts[i];
        char buf[256];
        ptx_inst_format(m, f, in, buf, sizeof buf);
        printf("  %5u  line %-5u %s", i, in->line, buf);
        if (in->op == PTX_OP_BRA || in->reconv != PTX_NO_INDEX) {
            if (in->reconv == PTX_NO_INDEX)
                printf("   // reconv exit");
            else
                printf("   // reconv %u", in->reconv);
        }
        printf("\n");
    }
}

int cmd_ptx(int argc, char **argv)
{
    int dump = 0;
    if (argc == 3 && strcmp(argv[1], "--dump") == 0) {
        dump = 1;
        argv++;
        argc--;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: ccgpu ptx [--dump] FILE.ptx\n");
        return 2;
    }
    char err[512];
    char *text = read_file(argv[1], err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    struct ptx_module *m = ptx_parse(text, argv[1], err, sizeof err);
    free(text);
    if (!m) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    uint32_t nk = 0;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        nk += m->funcs[i].is_entry != 0;
    printf("%s: PTX %u.%u, target %s, %u-bit addresses, %u kernel%s, %u function%s\n", argv[1],
           m->version_major, m->version_minor, m->target[0] ? m->target : "?",
           m->address_size ? m->address_size : 64, nk, nk == 1 ? "" : "s", m->nfuncs - nk,
           m->nfuncs - nk == 1 ? "" : "s");
    if (m->global_bytes || m->const_bytes)
        printf("module: .global %llu bytes, .const %llu bytes\n",
               (unsigned long long)m->global_bytes, (unsigned long long)m->const_bytes);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].is_entry)
            print_kernel(m, &m->funcs[i]);
    for (uint32_t i = 0; dump && i < m->nfuncs; i++)
        dump_function(m, &m->funcs[i]);
    ptx_module_free(m);
    return 0;
}
