/* Kernel trace files: the header, then CTA blocks read as asked for. */
#include "trace/trace_file.h"
#include "trace/trace_group.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define NO_OFFSET UINT64_MAX

struct trace_file {
    char *path;
    FILE *f;
    pid_t xz;           /* the decompressor feeding f, or 0 for a plain file */
    char *buf;          /* the current line */
    size_t cap;
    uint64_t line;      /* number of the current line */
    int pushed;         /* the current line is to be read again */
    uint64_t line_off;  /* offset of the current line (plain files) */
    struct trace_header h;
    const struct sass_table *tab;
    uint32_t nctas, warps, regs;
    /* where the forward scan stands (plain files: seek there before it) */
    uint64_t scan_off, scan_line;
    uint64_t *off, *off_line;           /* plain: each CTA's block, once passed */
    struct trace_cta_insts **parked;    /* pipe: blocks read ahead */
    uint8_t *taken;                     /* pipe: blocks handed out */
    int at_end;
    struct trace_unknown *unk;
    uint32_t nunk;
    uint64_t insts_read;
    char grouped[4096]; /* the temporary grouping of a per-line trace (removed at close), or "" */
};

/* The next line into f->buf (without its newline); 0 at the end. */
static int next_line(struct trace_file *f)
{
    if (f->pushed) {
        f->pushed = 0;
        return 1;
    }
    if (!f->xz)
        f->line_off = (uint64_t)ftello(f->f);
    ssize_t n = getline(&f->buf, &f->cap, f->f);
    if (n < 0)
        return 0;
    f->line++;
    if (n && f->buf[n - 1] == '\n')
        f->buf[--n] = 0;
    if (n && f->buf[n - 1] == '\r')
        f->buf[--n] = 0;
    return 1;
}

static int blank(const char *s)
{
    return s[strspn(s, " \t")] == 0;
}

static int starts(const char *s, const char *p)
{
    s += strspn(s, " \t");
    return !strncmp(s, p, strlen(p));
}

static void fail_at(const struct trace_file *f, char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s:%llu: %s", f->path, (unsigned long long)f->line, msg);
}

/* A decompressor that failed explains a short file better than the file. */
static int xz_failed(struct trace_file *f, char *err, size_t errlen)
{
    if (!f->xz)
        return 0;
    int st; /* (at the end of its output the decompressor has exited, or is exiting) */
    if (f->xz > 0 && waitpid(f->xz, &st, 0) == f->xz) {
        f->xz = -1;
        if (!WIFEXITED(st) || WEXITSTATUS(st)) {
            snprintf(err, errlen, "%s: xz -dc failed (%s %d)%s", f->path,
                     WIFEXITED(st) ? "exit status" : "signal",
                     WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st),
                     WIFEXITED(st) && WEXITSTATUS(st) == 127 ? ": is xz installed?"
                                                             : ": not .xz data, or corrupt");
            return 1;
        }
    }
    return 0;
}

FILE *trace_open_xz(const char *path, pid_t *pid)
{
    int fd[2];
    if (pipe(fd))
        return NULL;
    pid_t p = fork();
    if (p < 0) {
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (p == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        int null = open("/dev/null", O_WRONLY); /* (its failure is reported by exit status) */
        if (null >= 0)
            dup2(null, STDERR_FILENO);
        execlp("xz", "xz", "-dc", "--", path, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    *pid = p;
    return fdopen(fd[0], "r");
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* "-key words = value" lines */
static int header_line(struct trace_file *f, const char *s, char *err, size_t errlen)
{
    struct trace_header *h = &f->h;
    const char *eq = strchr(s, '=');
    if (!eq)
        return 0; /* (unknown header lines are skipped) */
    const char *v = eq + 1 + strspn(eq + 1, " \t");
    int ok = 1;
    unsigned long long x;
    if (starts(s, "-kernel name")) {
        snprintf(h->kernel_name, sizeof h->kernel_name, "%s", v);
    } else if (starts(s, "-kernel id")) {
        ok = sscanf(v, "%u", &h->kernel_id) == 1;
    } else if (starts(s, "-grid dim")) {
        ok = sscanf(v, "(%u,%u,%u)", &h->grid[0], &h->grid[1], &h->grid[2]) == 3;
    } else if (starts(s, "-block dim")) {
        ok = sscanf(v, "(%u,%u,%u)", &h->block[0], &h->block[1], &h->block[2]) == 3;
    } else if (starts(s, "-shmem base_addr")) {
        ok = sscanf(v, "%llx", &x) == 1;
        h->shmem_base = x;
    } else if (starts(s, "-shmem")) {
        ok = sscanf(v, "%u", &h->shmem) == 1;
    } else if (starts(s, "-nregs")) {
        ok = sscanf(v, "%u", &h->nregs) == 1;
    } else if (starts(s, "-binary version")) {
        ok = sscanf(v, "%u", &h->binary_version) == 1;
    } else if (starts(s, "-cuda stream id")) {
        ok = sscanf(v, "%llu", &x) == 1;
        h->stream = x;
    } else if (starts(s, "-local mem base_addr")) {
        ok = sscanf(v, "%llx", &x) == 1;
        h->local_base = x;
    } else if (starts(s, "-nvbit version")) {
        snprintf(h->nvbit_version, sizeof h->nvbit_version, "%s", v);
    } else if (starts(s, "-accelsim tracer version")) {
        ok = sscanf(v, "%u", &h->trace_version) == 1;
    } else if (starts(s, "-enable lineinfo")) {
        ok = sscanf(v, "%u", &h->lineinfo) == 1 && h->lineinfo <= 1;
    }
    if (!ok) {
        char m[200];
        snprintf(m, sizeof m, "malformed header line '%.120s'", s);
        fail_at(f, err, errlen, m);
        return -1;
    }
    return 0;
}

static int check_header(struct trace_file *f, const char *arch, trace_table_fn get_table,
                        void *ctx, void (*warn)(void *, const char *), char *err, size_t errlen)
{
    struct trace_header *h = &f->h;
    uint64_t ctas = 1, threads = 1;
    for (int i = 0; i < 3; i++) {
        ctas *= h->grid[i];
        threads *= h->block[i];
    }
    if (!ctas || ctas > (1u << 24)) {
        snprintf(err, errlen, "%s: grid dim (%u,%u,%u): %s", f->path, h->grid[0], h->grid[1],
                 h->grid[2], ctas ? "more than 2^24 CTAs (not read)" : "missing or zero");
        return -1;
    }
    if (!threads || threads > 1024) {
        snprintf(err, errlen, "%s: block dim (%u,%u,%u): %s", f->path, h->block[0], h->block[1],
                 h->block[2], threads ? "more than 1024 threads" : "missing or zero");
        return -1;
    }
    f->nctas = (uint32_t)ctas;
    f->warps = (uint32_t)((threads + 31) / 32);
    f->regs = h->nregs;
    char m[300];
    if (h->nregs == 0 || h->nregs > 255) {
        f->regs = 32;
        snprintf(m, sizeof m, "%s: -nregs = %u is implausible (1 to 255 per thread); %u used",
                 f->path, h->nregs, f->regs);
        if (warn)
            warn(ctx, m);
    }
    if (h->shmem > 228 * 1024) {
        snprintf(m, sizeof m, "%s: -shmem = %u is more than any GPU has (228 KB); 0 used", f->path,
                 h->shmem);
        h->shmem = 0;
        if (warn)
            warn(ctx, m);
    }
    const char *a = arch && arch[0] ? arch : sass_arch_of_binary(h->binary_version);
    if (!a) {
        snprintf(err, errlen,
                 "%s: -binary version = %u has no opcode table (70/72 volta, 75 turing, 80/86/87 "
                 "ampere, 89 ada, 90 hopper); name one with --sass-arch",
                 f->path, h->binary_version);
        return -1;
    }
    if (!(f->tab = get_table(ctx, a, err, errlen)))
        return -1;
    return 0;
}

struct trace_file *trace_file_open(const char *path, const char *arch, trace_table_fn get_table,
                                   void *ctx, void (*warn)(void *, const char *), char *err,
                                   size_t errlen)
{
    struct trace_file *f = calloc(1, sizeof *f);
    if (!f || !(f->path = strdup(path))) {
        free(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    if (ends_with(path, ".xz")) {
        FILE *probe = fopen(path, "rb");
        if (!probe) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            goto fail;
        }
        fclose(probe);
        f->f = trace_open_xz(path, &f->xz);
    } else {
        f->f = fopen(path, "rb");
    }
    if (!f->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        goto fail;
    }
    /* the header: '-' lines and '#' comments up to the first CTA */
    int seen = 0;
    while (next_line(f)) {
        const char *s = f->buf + strspn(f->buf, " \t");
        if (!*s)
            continue;
        if (starts(s, "#BEGIN_TB")) {
            f->pushed = 1;
            break;
        }
        if (s[0] == '#')
            continue;
        if (s[0] != '-' && seen && f->h.trace_version && f->h.trace_version < 3)
            break; /* per-line records: grouped below */
        if (s[0] != '-') {
            fail_at(f, err, errlen, seen ? "expected a header line (-name = value) or #BEGIN_TB"
                                         : "not a kernel trace: expected header lines "
                                           "(-kernel name = ...)");
            goto fail;
        }
        seen = 1;
        if (header_line(f, s, err, errlen))
            goto fail;
    }
    if (!seen) {
        if (!xz_failed(f, err, errlen))
            snprintf(err, errlen, "%s: empty, or no header", path);
        goto fail;
    }
    if (f->h.trace_version && f->h.trace_version < 3 && !f->grouped[0]) {
        /* per-line CTA/warp prefixes: grouped into a temporary .traceg */
        char grouped[4096];
        if (trace_group_prefixed(path, grouped, sizeof grouped, err, errlen))
            goto fail;
        struct trace_file *g = trace_file_open(grouped, arch, get_table, ctx, warn, err, errlen);
        if (g)
            snprintf(g->grouped, sizeof g->grouped, "%s", grouped);
        else
            trace_group_remove(grouped);
        trace_file_close(f);
        return g;
    }
    if (check_header(f, arch, get_table, ctx, warn, err, errlen))
        goto fail;
    f->scan_off = f->pushed ? f->line_off : (uint64_t)(f->xz ? 0 : ftello(f->f));
    f->scan_line = f->pushed ? f->line - 1 : f->line;
    f->at_end = !f->pushed;
    if (f->xz) {
        f->parked = calloc(f->nctas, sizeof *f->parked);
        f->taken = calloc(f->nctas, 1);
        if (!f->parked || !f->taken) {
            snprintf(err, errlen, "%s: out of memory", path);
            goto fail;
        }
    } else {
        f->off = malloc((size_t)f->nctas * sizeof *f->off);
        f->off_line = malloc((size_t)f->nctas * sizeof *f->off_line);
        if (!f->off || !f->off_line) {
            snprintf(err, errlen, "%s: out of memory", path);
            goto fail;
        }
        for (uint32_t i = 0; i < f->nctas; i++)
            f->off[i] = NO_OFFSET;
    }
    return f;
fail:
    trace_file_close(f);
    return NULL;
}

void trace_file_close(struct trace_file *f)
{
    if (!f)
        return;
    if (f->f)
        fclose(f->f);
    if (f->xz > 0) {
        kill(f->xz, SIGTERM);
        waitpid(f->xz, NULL, 0);
    }
    for (uint32_t i = 0; f->parked && i < f->nctas; i++)
        trace_cta_insts_free(f->parked[i]);
    free(f->parked);
    free(f->taken);
    free(f->off);
    free(f->off_line);
    free(f->unk);
    free(f->buf);
    if (f->grouped[0])
        trace_group_remove(f->grouped);
    free(f->path);
    free(f);
}

const struct trace_header *trace_file_header(const struct trace_file *f) { return &f->h; }
const struct sass_table *trace_file_table(const struct trace_file *f) { return f->tab; }
uint32_t trace_file_num_ctas(const struct trace_file *f) { return f->nctas; }
uint32_t trace_file_warps_per_cta(const struct trace_file *f) { return f->warps; }
uint32_t trace_file_regs(const struct trace_file *f) { return f->regs; }
uint64_t trace_file_insts_read(const struct trace_file *f) { return f->insts_read; }

const struct trace_unknown *trace_file_unknown(const struct trace_file *f, uint32_t *n)
{
    *n = f->nunk;
    return f->unk;
}

void trace_cta_insts_free(struct trace_cta_insts *c)
{
    if (!c)
        return;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        free(c->w[i].v);
        free(c->w[i].addr);
    }
    free(c->w);
    free(c);
}

/* After "#BEGIN_TB": "thread block = x,y,z" (blank lines before it). The
 * CTA's linear id, or -1 with a message. */
static int64_t block_id(struct trace_file *f, char *err, size_t errlen)
{
    while (next_line(f) && blank(f->buf))
        ;
    unsigned x, y, z;
    char c;
    if (!starts(f->buf, "thread block") || !strchr(f->buf, '=') ||
        sscanf(strchr(f->buf, '=') + 1, " %u , %u , %u %c", &x, &y, &z, &c) != 3) {
        fail_at(f, err, errlen, "expected 'thread block = X,Y,Z' after #BEGIN_TB");
        return -1;
    }
    const uint32_t *g = f->h.grid;
    if (x >= g[0] || y >= g[1] || z >= g[2]) {
        char m[160];
        snprintf(m, sizeof m, "thread block %u,%u,%u is outside the grid (%u,%u,%u)", x, y, z,
                 g[0], g[1], g[2]);
        fail_at(f, err, errlen, m);
        return -1;
    }
    return (int64_t)x + (int64_t)y * g[0] + (int64_t)z * g[0] * g[1];
}

/* The instruction count a warp was announced with matches what followed. */
static int warp_done(struct trace_file *f, int32_t warp, uint64_t announced,
                     const struct trace_cta_insts *c, char *err, size_t errlen)
{
    if (warp < 0 || announced == UINT64_MAX || c->w[warp].n == announced)
        return 0;
    char m[160];
    snprintf(m, sizeof m, "warp %d has %u instructions, its 'insts = %llu' said otherwise",
             warp, c->w[warp].n, (unsigned long long)announced);
    fail_at(f, err, errlen, m);
    return -1;
}

/* The rest of a CTA's block (after its "thread block" line) up to
 * #END_TB; skip: only find the end. */
static struct trace_cta_insts *read_block(struct trace_file *f, uint32_t id, int skip, char *err,
                                          size_t errlen)
{
    struct trace_cta_insts *c = NULL;
    if (!skip) {
        c = calloc(1, sizeof *c);
        if (!c || !(c->w = calloc(f->warps, sizeof *c->w))) {
            free(c);
            snprintf(err, errlen, "%s: out of memory", f->path);
            return NULL;
        }
        c->id = id;
        c->nwarps = f->warps;
    }
    int32_t warp = -1;
    uint64_t announced = UINT64_MAX;
    uint8_t *seen = calloc(f->warps, 1);
    char m[400];
    if (!seen) {
        snprintf(err, errlen, "%s: out of memory", f->path);
        goto fail;
    }
    for (;;) {
        if (!next_line(f)) {
            if (!xz_failed(f, err, errlen)) {
                snprintf(m, sizeof m, "truncated: CTA %u has no #END_TB", id);
                fail_at(f, err, errlen, m);
            }
            goto fail;
        }
        const char *s = f->buf + strspn(f->buf, " \t");
        if (!*s)
            continue;
        if (starts(s, "#END_TB")) {
            if (!skip && warp_done(f, warp, announced, c, err, errlen))
                goto fail;
            break;
        }
        if (s[0] == '#') {
            if (starts(s, "#BEGIN_TB")) {
                snprintf(m, sizeof m, "#BEGIN_TB inside CTA %u (its #END_TB missing)", id);
                fail_at(f, err, errlen, m);
                goto fail;
            }
            continue;
        }
        if (skip && s[0] >= '0' && s[0] <= '9' && !strchr(s, '='))
            continue; /* (an instruction of a block passed over) */
        if (strchr(s, '=')) {
            unsigned long long v;
            char tail;
            if (starts(s, "warp")) {
                if (sscanf(strchr(s, '=') + 1, " %llu %c", &v, &tail) != 1 || v >= f->warps) {
                    snprintf(m, sizeof m, "expected 'warp = N' with N below %u (the block's warps)",
                             f->warps);
                    fail_at(f, err, errlen, m);
                    goto fail;
                }
                if (seen[v]) {
                    snprintf(m, sizeof m, "warp %llu listed twice in CTA %u", v, id);
                    fail_at(f, err, errlen, m);
                    goto fail;
                }
                if (!skip && warp_done(f, warp, announced, c, err, errlen))
                    goto fail;
                seen[v] = 1;
                warp = (int32_t)v;
                announced = UINT64_MAX;
            } else if (starts(s, "insts")) {
                if (warp < 0 || sscanf(strchr(s, '=') + 1, " %llu %c", &v, &tail) != 1 ||
                    v > UINT32_MAX) {
                    fail_at(f, err, errlen, "expected 'insts = N' after 'warp = N'");
                    goto fail;
                }
                announced = v;
            } /* (other "name = value" lines of a block, cluster ids, are skipped) */
            continue;
        }
        if (skip)
            continue;
        if (warp < 0) {
            fail_at(f, err, errlen, "instruction before 'warp = N'");
            goto fail;
        }
        char e[300];
        if (trace_parse_inst(f->buf, (int)f->h.lineinfo, f->tab, &c->w[warp], &f->unk, &f->nunk,
                             e, sizeof e)) {
            fail_at(f, err, errlen, e);
            goto fail;
        }
        f->insts_read++;
    }
    free(seen);
    return skip ? (struct trace_cta_insts *)f : c; /* (non-NULL: passed over fine) */
fail:
    free(seen);
    trace_cta_insts_free(c);
    return NULL;
}

struct trace_cta_insts *trace_file_read_cta(struct trace_file *f, uint32_t id, char *err,
                                            size_t errlen)
{
    if (id >= f->nctas) {
        snprintf(err, errlen, "%s: CTA %u is outside the grid", f->path, id);
        return NULL;
    }
    if (f->parked && f->parked[id]) {
        struct trace_cta_insts *c = f->parked[id];
        f->parked[id] = NULL;
        f->taken[id] = 1;
        return c;
    }
    if (f->taken && f->taken[id]) {
        snprintf(err, errlen, "%s: CTA %u asked for twice", f->path, id);
        return NULL;
    }
    if (f->off && f->off[id] != NO_OFFSET) {
        if (fseeko(f->f, (off_t)f->off[id], SEEK_SET)) {
            snprintf(err, errlen, "%s: %s", f->path, strerror(errno));
            return NULL;
        }
        f->pushed = 0;
        f->line = f->off_line[id];
        next_line(f); /* #BEGIN_TB */
        if (block_id(f, err, errlen) < 0)
            return NULL;
        return read_block(f, id, 0, err, errlen);
    }
    /* forward from where the scan stopped */
    if (!f->xz && !f->at_end) {
        if (fseeko(f->f, (off_t)f->scan_off, SEEK_SET)) {
            snprintf(err, errlen, "%s: %s", f->path, strerror(errno));
            return NULL;
        }
        f->pushed = 0;
        f->line = f->scan_line;
    }
    while (!f->at_end) {
        if (!next_line(f)) {
            f->at_end = 1;
            if (xz_failed(f, err, errlen))
                return NULL;
            break;
        }
        const char *s = f->buf + strspn(f->buf, " \t");
        if (!*s || (s[0] == '#' && !starts(s, "#BEGIN_TB")))
            continue;
        if (!starts(s, "#BEGIN_TB")) {
            fail_at(f, err, errlen, "expected #BEGIN_TB");
            return NULL;
        }
        uint64_t at = f->line_off, at_line = f->line - 1;
        int64_t j = block_id(f, err, errlen);
        if (j < 0)
            return NULL;
        int mine = (uint32_t)j == id;
        if ((f->off && f->off[j] != NO_OFFSET) || (f->taken && (f->taken[j] || f->parked[j]))) {
            char m[120];
            snprintf(m, sizeof m, "CTA %lld appears twice in the trace", (long long)j);
            fail_at(f, err, errlen, m);
            return NULL;
        }
        if (f->off) {
            f->off[j] = at;
            f->off_line[j] = at_line;
        }
        struct trace_cta_insts *c = read_block(f, (uint32_t)j, f->off && !mine, err, errlen);
        if (!c)
            return NULL;
        if (!f->xz) {
            f->scan_off = (uint64_t)ftello(f->f);
            f->scan_line = f->line;
        }
        if (mine) {
            if (f->taken)
                f->taken[id] = 1;
            return c;
        }
        if (f->parked)
            f->parked[j] = c;
    }
    unsigned gx = f->h.grid[0], gy = f->h.grid[1];
    snprintf(err, errlen, "%s: CTA %u (thread block %u,%u,%u) is not in the trace", f->path, id,
             id % gx, id / gx % gy, id / gx / gy);
    return NULL;
}
