/* ccgpu ptx [--dump] [--parse-only] FILE: does ccgpu accept this PTX? Parses
 * it and loads it into the functional engine (which refuses what it cannot
 * execute; --parse-only skips that), then lists the kernels with their
 * parameters, registers and static shared memory, and for a kernel whose
 * launch would be refused (it reaches an instruction ccgpu cannot execute)
 * the reason; --dump adds the symbol layout and every decoded instruction,
 * --opcodes the instruction forms used. The first error (or refusal) is
 * printed as FILE:LINE: message and the exit status is 1. */
#include "ccgpu.h"
#include "util/text_input.h"
#include "cli/cli.h"
#include "gpu/ptxas_info.h"
#include "ptx/ptx.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, char *err, size_t errlen)
{
    return text_input_read(path, "PTX file", TEXT_INPUT_TEXT, NULL, err, errlen);
}

/* ptxas -v figures committed beside the PTX (NAME.regs for NAME.ptx), if any. */
struct ptxas_figures {
    struct ptxas_kernel_info k[64];
    int n;
};

static void load_ptxas_figures(const char *ptx_path, struct ptxas_figures *pf)
{
    char path[4096], err[256];
    size_t n = strlen(ptx_path);
    pf->n = 0;
    if (n < 4 || n + 2 >= sizeof path || strcmp(ptx_path + n - 4, ".ptx") != 0)
        return;
    memcpy(path, ptx_path, n - 4);
    memcpy(path + n - 4, ".regs", 6);
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    fclose(f);
    char *text = read_file(path, err, sizeof err);
    int k = text ? ptxas_info_parse(text, pf->k, 64, err, sizeof err) : -1;
    free(text);
    if (k < 0) /* the figures are extra: say why they are missing, go on */
        fprintf(stderr, "ccgpu ptx: warning: %s: %s\n", path, err);
    pf->n = k < 0 ? 0 : k;
}

static void print_kernel(const struct ptx_module *m, const struct ptx_function *f,
                         const struct ptxas_figures *pf)
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
    const struct ptxas_kernel_info *real = NULL;
    for (int i = 0; i < pf->n; i++)
        if (strcmp(pf->k[i].name, f->name) == 0)
            real = &pf->k[i];
    if (real)
        printf("  registers: %u (ptxas; %u estimated from liveness)\n", real->registers,
               ptx_estimate_registers(m, f));
    else
        printf("  registers: %u (estimated from liveness)\n", ptx_estimate_registers(m, f));
    printf("  static shared: %llu bytes\n", (unsigned long long)f->shared_bytes);
    if (f->uses_dyn_shared)
        printf("  dynamic shared: yes, from offset %llu\n",
               (unsigned long long)m->dyn_shared_offset);
    printf("  local: %llu bytes per thread\n", (unsigned long long)f->local_bytes);
    printf("  instructions: %u\n", f->ninsts);
    if (f->reqntid[0])
        printf("  reqntid: %u %u %u\n", f->reqntid[0], f->reqntid[1], f->reqntid[2]);
    if (f->maxntid[0])
        printf("  maxntid: %u %u %u\n", f->maxntid[0], f->maxntid[1], f->maxntid[2]);
}

/* The parser accepting a module is half the answer: the engine also checks
 * at load time what it can execute. Loads the module into a functional GPU
 * of the default configuration; 1 if it is accepted, and then refused[i]
 * is why a launch of function i (a kernel) would be refused, or "" (each
 * refused[i] has room for 512 bytes). */
static int engine_accepts(const char *text, const char *name, const struct ptx_module *m,
                          char (*refused)[512], char *err, size_t errlen)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu *gpu = cfg ? ccgpu_create(cfg, err, errlen) : NULL;
    ccgpu_config_free(cfg);
    if (!gpu) {
        if (!cfg)
            snprintf(err, errlen, "%s: out of memory", name);
        return 0;
    }
    ccgpu_module *mod = ccgpu_module_load_string(gpu, text, name);
    if (!mod)
        snprintf(err, errlen, "%s", ccgpu_error(gpu));
    for (uint32_t i = 0; mod && i < m->nfuncs; i++) {
        struct ccgpu_kernel_facts k;
        refused[i][0] = '\0';
        if (m->funcs[i].is_entry && !ccgpu_kernel_facts(gpu, mod, m->funcs[i].name, &k) &&
            k.refused)
            snprintf(refused[i], sizeof refused[i], "%s", k.refused);
    }
    ccgpu_destroy(gpu);
    return mod != NULL;
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

/* --dump: the symbol table with the layout the parser chose. */
static void dump_symbols(const struct ptx_module *m)
{
    printf("symbols: %u (global %llu bytes, const %llu, dynamic shared from %llu)\n", m->nsyms,
           (unsigned long long)m->global_bytes, (unsigned long long)m->const_bytes,
           (unsigned long long)m->dyn_shared_offset);
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        const char *scope = s->scope_func >= 0 ? m->funcs[s->scope_func].name : "(module)";
        printf("  %-8s %-32s size %-6llu align %-3u offset %-6llu %s%s%s%s\n",
               ptx_space_name((enum ptx_space)s->space), s->name, (unsigned long long)s->size,
               s->align, (unsigned long long)s->offset, scope, s->is_extern ? " extern" : "",
               s->is_func_param ? " param" : s->is_ret_param ? " return" : "",
               s->init ? " initialized" : "");
    }
}

/* --opcodes: how often each instruction form (opcode with its modifiers, as
 * the disassembler writes it) occurs in the module, sorted by name. */
struct opcount {
    char name[64];
    unsigned count;
};

static int opcount_cmp(const void *a, const void *b)
{
    return strcmp(((const struct opcount *)a)->name, ((const struct opcount *)b)->name);
}

static int dump_opcodes(const struct ptx_module *m)
{
    struct opcount *t = NULL;
    size_t n = 0, cap = 0;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        const struct ptx_function *f = &m->funcs[fi];
        for (uint32_t i = 0; i < f->ninsts; i++) {
            struct ptx_inst in = f->insts[i];
            char buf[256];
            in.guard = PTX_NO_INDEX;
            in.nops = 0; /* the mnemonic only */
            ptx_inst_format(m, f, &in, buf, sizeof buf);
            buf[strcspn(buf, " ;")] = '\0';
            size_t k = 0;
            while (k < n && strcmp(t[k].name, buf) != 0)
                k++;
            if (k == n) {
                if (n == cap) {
                    size_t ncap = cap ? 2 * cap : 64;
                    struct opcount *nt = realloc(t, ncap * sizeof *nt);
                    if (!nt) {
                        free(t);
                        fprintf(stderr, "ccgpu ptx: out of memory\n");
                        return 1;
                    }
                    t = nt;
                    cap = ncap;
                }
                size_t len = strlen(buf);
                if (len >= sizeof t[n].name)
                    len = sizeof t[n].name - 1;
                memcpy(t[n].name, buf, len);
                t[n].name[len] = '\0';
                t[n++].count = 0;
            }
            t[k].count++;
        }
    }
    if (n)
        qsort(t, n, sizeof *t, opcount_cmp);
    printf("opcodes: %zu forms\n", n);
    for (size_t k = 0; k < n; k++)
        printf("  %-40s %u\n", t[k].name, t[k].count);
    free(t);
    return 0;
}

/* --instructions: the opcodes the decoder knows, then those it names as not
 * supported (docs/ptx-support.md is made from this by tools/ptx-support.sh) */
static int list_instructions(void)
{
    for (int op = 0; op < PTX_OP_COUNT; op++) {
        const char *name = ptx_opcode_name((enum ptx_opcode)op);
        unsigned i = 0;
        while (ptx_unsupported_opcode(i) && strcmp(ptx_unsupported_opcode(i), name) != 0)
            i++;
        if (op != PTX_OP_UNSUPPORTED && !ptx_unsupported_opcode(i))
            printf("supported %s\n", name);
    }
    for (unsigned i = 0; ptx_unsupported_opcode(i); i++)
        printf("unsupported %s\n", ptx_unsupported_opcode(i));
    return 0;
}

int cmd_ptx(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--instructions") == 0)
        return list_instructions();
    int dump = 0, parse_only = 0, opcodes = 0;
    while (argc > 2 && argv[1][0] == '-') {
        if (strcmp(argv[1], "--dump") == 0)
            dump = 1;
        else if (strcmp(argv[1], "--opcodes") == 0)
            opcodes = 1;
        else if (strcmp(argv[1], "--parse-only") == 0)
            parse_only = 1;
        else
            break;
        argv++;
        argc--;
    }
    int help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(help ? stdout : stderr,
                "usage: ccgpu ptx [--dump] [--opcodes] [--parse-only] FILE.ptx\n"
                "       ccgpu ptx --instructions   (the PTX opcodes ccgpu executes, and those it does not)\n");
        return help ? 0 : 2;
    }
    char err[512];
    char *text = read_file(argv[1], err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    struct ptx_module *m = ptx_parse(text, argv[1], err, sizeof err);
    char (*refused)[512] = m ? calloc(m->nfuncs ? m->nfuncs : 1, sizeof *refused) : NULL;
    if (m && !refused)
        snprintf(err, sizeof err, "%s: out of memory", argv[1]);
    int ok = m && refused &&
             (parse_only || engine_accepts(text, argv[1], m, refused, err, sizeof err));
    free(text);
    if (!ok) {
        fprintf(stderr, "%s\n", err);
        free(refused);
        ptx_module_free(m);
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
    struct ptxas_figures pf;
    load_ptxas_figures(argv[1], &pf);
    const char *first_refusal = NULL;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].is_entry) {
            print_kernel(m, &m->funcs[i], &pf);
            if (refused[i][0]) {
                printf("  refused: %s\n", refused[i]);
                if (!first_refusal)
                    first_refusal = refused[i];
            }
        }
    if (dump)
        dump_symbols(m);
    for (uint32_t i = 0; dump && i < m->nfuncs; i++)
        dump_function(m, &m->funcs[i]);
    int rc = opcodes ? dump_opcodes(m) : 0;
    /* a kernel ccgpu cannot run: the module is not accepted as a whole */
    if (first_refusal) {
        fprintf(stderr, "%s\n", first_refusal);
        rc = 1;
    }
    free(refused);
    ptx_module_free(m);
    return rc;
}
