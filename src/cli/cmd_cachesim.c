/* ccgpu cachesim: the trace-driven cache simulator (CCWS's SAGCS) on an
 * access trace file or a text trace, with the locality breakdown. */
#include "analysis/cachesim_run.h"
#include "analysis/source_ahead.h"
#include "analysis/trace_text.h"
#include "cli/cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: ccgpu cachesim TRACE [options]\n"
    "       ccgpu cachesim --text FILE [options]\n"
    "\n"
    "Simulates one cache on an access trace: one cache per SM for an L1 trace\n"
    "(each SM has its own L1D), one cache for an L2 trace.\n"
    "\n"
    "  --policy P         lru (default), fifo, random, opt (Belady, every miss\n"
    "                     allocates), opt-bypass (Belady that may bypass), or\n"
    "                     repl:NAME[:ARGS], the timing model's own policy code\n"
    "                     (e.g. repl:random:42)\n"
    "  --size BYTES       cache size, K/M suffixes allowed (default 32K)\n"
    "  --assoc N|full     ways (default 8)\n"
    "  --line N           line size (default: the trace's; 128 for --text);\n"
    "                     a multiple of the trace's merges its lines\n"
    "  --sets-index NAME  set-index function (default linear)\n"
    "  --unbounded        infinite, fully associative cache\n"
    "  --writes MODE      evict (default: a store hitting a line invalidates it,\n"
    "                     a store never allocates, as the baseline L1D does for\n"
    "                     global stores), allocate (stores as loads), through (no\n"
    "                     allocate; a hit keeps and refreshes the line) or ignore\n"
    "  --local-writes MODE  the same for stores to local memory (default: --writes;\n"
    "                     GPGPU-Sim's 'L' policy keeps them write-back: through)\n"
    "  --kinds LIST       simulate only these kinds of access, e.g. global,local\n"
    "                     (global local const texture param other; default all)\n"
    "  --insts N          instruction count for MPKI (default: the trace's)\n"
    "  --seed S           seed of the random policy (default 1)\n"
    "  --shared           one cache for all SMs even for an L1 trace\n"
    "  --flush, --no-flush  empty the caches whenever the kernel changes (default\n"
    "                     for L1 traces: the timing model invalidates its L1s at\n"
    "                     each launch; L2 traces keep their lines)\n"
    "  --locality         hit breakdown (intra-warp: intra-/inter-thread;\n"
    "                     inter-warp) in this cache and an unbounded one, and\n"
    "                     reuse distances\n"
    "  --json FILE        also write the results as JSON ('-': only JSON, to stdout)\n"
    "  --threads N        threads (default 2): one decodes the trace ahead of the\n"
    "                     simulation, and OPT runs its caches (one per SM) on up\n"
    "                     to N; 1: everything on one thread (the results are the\n"
    "                     same)\n"
    "  --convert OUT      write the input as a binary trace file and stop\n"
    "  --dump             print the input in the text form (other fields as a\n"
    "                     comment) and stop\n"
    "\n"
    "Text traces: one access per line, 'warp block [r|w] [lanemask]'.\n";

struct opts {
    const char *trace, *text, *json, *convert, *index, *policy;
    struct cachesim_config cache;
    uint32_t line;
    uint64_t insts;
    int insts_given, locality, shared, dump, local_given;
    uint32_t threads;
    int flush; /* -1: by the trace's level */
    unsigned kinds;
};

/* ---- arguments ----------------------------------------------------------- */

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "ccgpu cachesim: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (see ccgpu cachesim --help)\n");
    return 2;
}

static int parse_num(const char *s, int suffixes, uint64_t *v)
{
    char *end;
    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno)
        return -1;
    uint64_t mul = 1;
    if (suffixes && (*end == 'K' || *end == 'k'))
        mul = 1024, end++;
    else if (suffixes && (*end == 'M' || *end == 'm'))
        mul = 1024 * 1024, end++;
    if (mul > 1 && (*end == 'B' || *end == 'b'))
        end++;
    if (*end || x > UINT64_MAX / mul)
        return -1;
    *v = x * mul;
    return 0;
}

/* "global,local" -> a bit per enum trace_kind */
static int parse_kinds(const char *list, unsigned *mask)
{
    char buf[128];
    if (strlen(list) >= sizeof buf)
        return -1;
    strcpy(buf, list);
    *mask = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        unsigned k = 0;
        while (k < 8 && strcmp(t, trace_kind_name(k)) != 0)
            k++;
        if (k == 8)
            return -1;
        *mask |= 1u << k;
    }
    return *mask ? 0 : -1;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->cache.policy = CACHESIM_LRU;
    o->cache.writes = CACHESIM_WRITES_EVICT;
    o->cache.size = 32768; /* CCWS Table 1 L1D: 32 KB, 8-way, 128 B lines */
    o->cache.assoc = 8;
    o->cache.seed = 1;
    o->threads = 2;
    o->index = "linear";
    o->policy = "lru";
    o->flush = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) {
            if (o->trace)
                return usage_error("more than one trace given ('%s' and '%s')", o->trace, a);
            o->trace = a;
            continue;
        }
        if (!strcmp(a, "--unbounded")) { o->cache.unbounded = 1; continue; }
        if (!strcmp(a, "--locality")) { o->locality = 1; continue; }
        if (!strcmp(a, "--shared")) { o->shared = 1; continue; }
        if (!strcmp(a, "--dump")) { o->dump = 1; continue; }
        if (!strcmp(a, "--flush")) { o->flush = 1; continue; }
        if (!strcmp(a, "--no-flush")) { o->flush = 0; continue; }
        static const char *const valued[] = {"--policy", "--size", "--assoc", "--line",
                                             "--sets-index", "--writes", "--insts", "--seed",
                                             "--json", "--text", "--convert", "--local-writes",
                                             "--kinds", "--threads"};
        int known = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            known |= !strcmp(a, valued[k]);
        if (!known)
            return usage_error("unknown option '%s'%s", a, "");
        if (i + 1 >= argc)
            return usage_error("%s needs a value%s", a, "");
        const char *v = argv[++i];
        uint64_t x;
        if (!strcmp(a, "--policy")) {
            int p = cachesim_policy_parse(v);
            if (p < 0)
                return usage_error("unknown policy '%s'%s (lru, fifo, random, opt, opt-bypass, "
                                   "repl:NAME)", v, "");
            o->cache.policy = (enum cachesim_policy)p;
            o->cache.repl = p == CACHESIM_REPL ? v + 5 : NULL;
            o->policy = v;
        } else if (!strcmp(a, "--writes")) {
            int w = cachesim_writes_parse(v);
            if (w < 0)
                return usage_error("unknown write mode '%s'%s (evict, allocate, through, ignore)", v, "");
            o->cache.writes = (enum cachesim_writes)w;
        } else if (!strcmp(a, "--local-writes")) {
            int w = cachesim_writes_parse(v);
            if (w < 0)
                return usage_error("unknown write mode '%s'%s (evict, allocate, through, ignore)", v, "");
            o->cache.local_writes = (enum cachesim_writes)w;
            o->local_given = 1;
        } else if (!strcmp(a, "--kinds")) {
            if (parse_kinds(v, &o->kinds) != 0)
                return usage_error("bad --kinds '%s'%s (global, local, const, texture, param, other)", v, "");
        } else if (!strcmp(a, "--size")) {
            if (parse_num(v, 1, &x) || x == 0)
                return usage_error("bad cache size '%s'%s", v, "");
            o->cache.size = x;
        } else if (!strcmp(a, "--assoc")) {
            if (!strcmp(v, "full"))
                o->cache.assoc = 0;
            else if (parse_num(v, 0, &x) || x == 0 || x > UINT32_MAX)
                return usage_error("bad associativity '%s'%s (a positive number or 'full')", v, "");
            else
                o->cache.assoc = (uint32_t)x;
        } else if (!strcmp(a, "--line")) {
            if (parse_num(v, 0, &x) || x == 0 || x > (1u << 20) || (x & (x - 1)))
                return usage_error("bad line size '%s'%s (a power of two)", v, "");
            o->line = (uint32_t)x;
        } else if (!strcmp(a, "--insts")) {
            if (parse_num(v, 0, &x))
                return usage_error("bad instruction count '%s'%s", v, "");
            o->insts = x;
            o->insts_given = 1;
        } else if (!strcmp(a, "--threads")) {
            if (parse_num(v, 0, &x) || x < 1 || x > 64)
                return usage_error("--threads '%s': %s", v, "a count from 1 to 64");
            o->threads = (uint32_t)x;
        } else if (!strcmp(a, "--seed")) {
            if (parse_num(v, 0, &x))
                return usage_error("bad seed '%s'%s", v, "");
            o->cache.seed = x;
        } else if (!strcmp(a, "--sets-index")) {
            o->index = v;
        } else if (!strcmp(a, "--json")) {
            o->json = v;
        } else if (!strcmp(a, "--text")) {
            o->text = v;
        } else {
            o->convert = v;
        }
    }
    if (o->trace && o->text)
        return usage_error("give either a trace or --text, not both%s%s", "", "");
    if (!o->trace && !o->text)
        return usage_error("no trace given%s%s", "", "");
    o->cache.index = o->index;
    if (!o->local_given)
        o->cache.local_writes = o->cache.writes;
    return 0;
}

/* ---- output ---------------------------------------------------------------- */

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void print_split(const char *label, uint64_t all, uint64_t reads, uint64_t writes)
{
    printf("%-12s %12llu  (reads %llu, writes %llu)\n", label, (unsigned long long)all,
           (unsigned long long)reads, (unsigned long long)writes);
}

static void print_loc_row(const char *label, uint64_t a, uint64_t b, uint64_t insts)
{
    printf("  %-20s %14llu %14llu", label, (unsigned long long)a, (unsigned long long)b);
    if (insts)
        printf(" %10.3f %10.3f", 1000.0 * (double)a / (double)insts,
               1000.0 * (double)b / (double)insts);
    printf("\n");
}

static void print_locality(const struct opts *o, const struct cachesim_run_result *res,
                           uint64_t insts)
{
    const struct locality_counts *c = &res->loc, *u = &res->loc_unbounded;
    printf("\nlocality               %14s %14s%s\n", "this cache", "unbounded",
           insts ? "   PKI cache  unbounded" : "");
    print_loc_row("accesses", c->accesses, u->accesses, insts);
    print_loc_row("misses", c->misses, u->misses, insts);
    print_loc_row("intra-warp hits", locality_intra_warp(c), locality_intra_warp(u), insts);
    print_loc_row("  intra-thread", c->intra_thread, u->intra_thread, insts);
    print_loc_row("  inter-thread", c->inter_thread, u->inter_thread, insts);
    print_loc_row("inter-warp hits", locality_inter_warp(c), locality_inter_warp(u), insts);
    print_loc_row("  same CTA", c->inter_warp_cta, u->inter_warp_cta, insts);
    print_loc_row("  other CTA, same SM", c->inter_warp_sm, u->inter_warp_sm, insts);
    print_loc_row("  other SM", c->inter_warp_remote, u->inter_warp_remote, insts);
    print_loc_row("  earlier kernel", c->inter_kernel, u->inter_kernel, insts);
    printf("distinct lines %llu\n", (unsigned long long)res->distinct);
    /* A fully associative LRU cache of C lines hits exactly the accesses at
     * distance < C, so each row also gives the misses at C = 2^b lines. */
    int last = -1;
    for (int b = 0; b < REUSE_BUCKETS; b++)
        if (res->reuse.bucket[b])
            last = b;
    printf("\nreuse distance (distinct lines between uses, per cache)\n");
    printf("  %-16s %14s %12s %14s\n", "distance", "accesses", "FA lines", "FA LRU misses");
    uint64_t beyond = res->reuse.cold;
    for (int b = 0; b <= last; b++)
        beyond += res->reuse.bucket[b];
    for (int b = 0; b <= last; b++) {
        char range[48];
        if (b <= 1)
            snprintf(range, sizeof range, "%d", b);
        else if (b == REUSE_BUCKETS - 1)
            snprintf(range, sizeof range, ">= %llu", 1ull << (b - 1));
        else
            snprintf(range, sizeof range, "%llu-%llu", 1ull << (b - 1), (1ull << b) - 1);
        beyond -= res->reuse.bucket[b];
        printf("  %-16s %14llu", range, (unsigned long long)res->reuse.bucket[b]);
        if (b < REUSE_BUCKETS - 1)
            printf(" %12llu %14llu", 1ull << b, (unsigned long long)beyond);
        printf("\n");
    }
    printf("  %-16s %14llu\n", "first use", (unsigned long long)res->reuse.cold);
    if (res->stats.write_hits + res->stats.write_misses && o->cache.writes != CACHESIM_WRITES_ALLOCATE)
        printf("  (FA LRU misses treat stores as allocating, as --writes allocate does)\n");
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static void json_stats(FILE *f, const struct cachesim_stats *s)
{
    fprintf(f, "\"accesses\": %llu, \"hits\": %llu, \"misses\": %llu, \"read_hits\": %llu, "
               "\"read_misses\": %llu, \"write_hits\": %llu, \"write_misses\": %llu, "
               "\"skipped_writes\": %llu, \"bypasses\": %llu, \"evictions\": %llu, "
               "\"invalidations\": %llu",
            (unsigned long long)(cachesim_stats_hits(s) + cachesim_stats_misses(s)),
            (unsigned long long)cachesim_stats_hits(s), (unsigned long long)cachesim_stats_misses(s),
            (unsigned long long)s->read_hits, (unsigned long long)s->read_misses,
            (unsigned long long)s->write_hits, (unsigned long long)s->write_misses,
            (unsigned long long)s->skipped, (unsigned long long)s->bypasses,
            (unsigned long long)s->evictions, (unsigned long long)s->invalidations);
}

static void json_loc(FILE *f, const struct locality_counts *c)
{
    fprintf(f, "{\"accesses\": %llu, \"misses\": %llu, \"intra_warp_hits\": %llu, "
               "\"intra_thread_hits\": %llu, \"inter_thread_hits\": %llu, "
               "\"inter_warp_hits\": %llu, \"inter_warp_same_cta\": %llu, "
               "\"inter_warp_same_sm\": %llu, \"inter_warp_other_sm\": %llu, "
               "\"inter_kernel\": %llu}",
            (unsigned long long)c->accesses, (unsigned long long)c->misses,
            (unsigned long long)locality_intra_warp(c), (unsigned long long)c->intra_thread,
            (unsigned long long)c->inter_thread, (unsigned long long)locality_inter_warp(c),
            (unsigned long long)c->inter_warp_cta, (unsigned long long)c->inter_warp_sm,
            (unsigned long long)c->inter_warp_remote, (unsigned long long)c->inter_kernel);
}

struct input_info {
    const char *name;
    unsigned level;
    const char *config;
    const struct trace_header *hdr; /* NULL for text */
    uint32_t line, sets;
    uint64_t insts;
};

static int write_json(const char *path, const struct opts *o, const struct input_info *in,
                      const struct cachesim_run_result *res)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "ccgpu cachesim: %s: cannot create: %s\n", path, strerror(errno));
        return 1;
    }
    uint64_t misses = cachesim_stats_misses(&res->stats);
    uint64_t acc = misses + cachesim_stats_hits(&res->stats);
    fprintf(f, "{\"trace\": ");
    json_str(f, in->name);
    fprintf(f, ", \"level\": %u, \"config\": ", in->level);
    json_str(f, in->config);
    fprintf(f, ", \"kernels\": [");
    for (uint32_t k = 0; in->hdr && k < in->hdr->kernel_count; k++) {
        fputs(k ? ", " : "", f);
        json_str(f, in->hdr->kernels[k]);
    }
    fprintf(f, "], \"records\": %llu, \"insts\": %llu,\n \"cache\": {\"policy\": ",
            (unsigned long long)res->records, (unsigned long long)in->insts);
    json_str(f, o->policy);
    fprintf(f, ", \"size\": %llu, \"assoc\": %u, \"sets\": %u, \"line\": %u, \"index\": ",
            (unsigned long long)o->cache.size, o->cache.assoc, in->sets, in->line);
    json_str(f, o->index);
    fprintf(f, ", \"unbounded\": %s, \"writes\": \"%s\", \"local_writes\": \"%s\", "
               "\"caches\": %u},\n \"excluded_records\": %llu, ",
            o->cache.unbounded ? "true" : "false", cachesim_writes_name(o->cache.writes),
            cachesim_writes_name(o->cache.local_writes), res->caches,
            (unsigned long long)res->excluded);
    json_stats(f, &res->stats);
    fprintf(f, ", \"miss_rate\": %.6f", ratio(misses, acc));
    if (in->insts)
        fprintf(f, ", \"mpki\": %.6f", 1000.0 * ratio(misses, in->insts));
    else
        fprintf(f, ", \"mpki\": null");
    if (o->locality) {
        fprintf(f, ",\n \"locality\": {\"cache\": ");
        json_loc(f, &res->loc);
        fprintf(f, ",\n  \"unbounded\": ");
        json_loc(f, &res->loc_unbounded);
        fprintf(f, ",\n  \"distinct_lines\": %llu, \"reuse_distance\": {\"buckets\": [",
                (unsigned long long)res->distinct);
        for (int b = 0; b < REUSE_BUCKETS; b++)
            fprintf(f, "%s%llu", b ? ", " : "", (unsigned long long)res->reuse.bucket[b]);
        fprintf(f, "], \"first_use\": %llu}}", (unsigned long long)res->reuse.cold);
    }
    fprintf(f, "}\n");
    int bad = ferror(f);
    if (f != stdout)
        bad |= fclose(f) != 0;
    if (bad) {
        fprintf(stderr, "ccgpu cachesim: %s: write failed\n", path);
        return 1;
    }
    return 0;
}

static void print_summary(const struct opts *o, const struct input_info *in,
                          const struct cachesim_run_result *res)
{
    printf("trace        %s: %s stream, %llu records", in->name, in->level == 2 ? "L2" : "L1",
           (unsigned long long)res->records);
    if (in->config[0])
        printf(", config %s", in->config);
    for (uint32_t k = 0; in->hdr && k < in->hdr->kernel_count; k++)
        printf("%s%s", k ? ", " : ", kernels ", in->hdr->kernels[k]);
    printf("\n");
    if (o->cache.unbounded)
        printf("cache        unbounded, fully associative, %u B lines", in->line);
    else
        printf("cache        %llu B, %u-way, %u set%s, %u B lines, index %s, policy %s",
               (unsigned long long)o->cache.size, o->cache.assoc, in->sets, in->sets == 1 ? "" : "s", in->line, o->index, o->policy);
    printf(", writes %s", cachesim_writes_name(o->cache.writes));
    if (o->cache.local_writes != o->cache.writes)
        printf(" (local %s)", cachesim_writes_name(o->cache.local_writes));
    printf(", %u cache%s%s%s\n", res->caches, res->caches == 1 ? "" : "s",
           res->caches > 1 ? " (one per SM)" : "", o->flush > 0 ? ", emptied at each kernel" : "");
    if (res->excluded)
        printf("%-12s %12llu  (records of other kinds, not simulated)\n", "excluded",
               (unsigned long long)res->excluded);
    const struct cachesim_stats *s = &res->stats;
    uint64_t hits = cachesim_stats_hits(s), misses = cachesim_stats_misses(s);
    print_split("accesses", hits + misses, s->read_hits + s->read_misses,
                s->write_hits + s->write_misses);
    print_split("hits", hits, s->read_hits, s->write_hits);
    print_split("misses", misses, s->read_misses, s->write_misses);
    if (s->skipped)
        printf("%-12s %12llu\n", "ignored", (unsigned long long)s->skipped);
    if (o->cache.policy == CACHESIM_OPT_BYPASS)
        printf("%-12s %12llu\n", "bypasses", (unsigned long long)s->bypasses);
    printf("%-12s %11.2f%%\n", "miss rate", 100.0 * ratio(misses, hits + misses));
    if (in->insts)
        printf("%-12s %12.3f  (%llu instructions)\n", "MPKI", 1000.0 * ratio(misses, in->insts),
               (unsigned long long)in->insts);
    else
        printf("%-12s %12s  (no instruction count: use --insts)\n", "MPKI", "-");
    if (o->locality)
        print_locality(o, res, in->insts);
}

/* ---- the command --------------------------------------------------------- */

static int dump(struct access_source *src, const struct input_info *in)
{
    struct trace_record r;
    int st;
    while ((st = src->next(src->ctx, &r)) == 1) /* verify first: print nothing wrong */
        ;
    if (st == 0 && src->rewind(src->ctx) != 0)
        st = -1;
    if (st == 0)
        printf("# %s: %s stream, %u-byte lines\n"
               "# warp block r|w lanes  # sm cta slot pc kernel kind\n",
               in->name, in->level == 2 ? "L2" : "L1", in->line);
    while (st >= 0 && (st = src->next(src->ctx, &r)) == 1)
        printf("%u 0x%llx %c 0x%08x  # %u %u %u 0x%x %u %s\n", r.warp, (unsigned long long)r.block,
               r.write ? 'w' : 'r', r.lanes, r.sm, r.cta, r.slot, r.pc, r.kernel,
               trace_kind_name(r.kind));
    if (st < 0) {
        fprintf(stderr, "ccgpu cachesim: %s\n", src->error(src->ctx));
        return 1;
    }
    return 0;
}

static int convert(const char *out, struct access_source *src, const struct input_info *in)
{
    char err[320];
    struct trace_writer *w = trace_writer_open(out, in->config, in->level == 2 ? TRACE_LEVEL_L2 : TRACE_LEVEL_L1,
                                               in->line, err, sizeof err);
    if (!w) {
        fprintf(stderr, "ccgpu cachesim: %s\n", err);
        return 1;
    }
    uint32_t nk = in->hdr ? in->hdr->kernel_count : 1;
    for (uint32_t k = 0; k < nk; k++)
        trace_writer_add_kernel(w, in->hdr ? in->hdr->kernels[k] : "text");
    trace_writer_set_insts(w, in->insts);
    struct trace_record r;
    int st;
    while ((st = src->next(src->ctx, &r)) == 1)
        trace_writer_append(w, &r);
    int rc = trace_writer_close(w, err, sizeof err);
    if (st < 0) {
        fprintf(stderr, "ccgpu cachesim: %s\n", src->error(src->ctx));
        remove(out);
        return 1;
    }
    if (rc) {
        fprintf(stderr, "ccgpu cachesim: %s\n", err);
        return 1;
    }
    return 0;
}

int cmd_cachesim(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            return 0;
        }
    struct opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    char err[320];
    struct trace_reader *rd = NULL;
    struct trace_record *text = NULL;
    size_t ntext = 0;
    struct access_source src;
    struct access_array arr;
    struct access_coarsen co;
    struct access_ahead *ahead = NULL;
    struct input_info in = {.name = o.trace ? o.trace : o.text, .level = 1, .config = ""};
    rc = 1;
    if (o.text) {
        if (trace_text_load(o.text, &text, &ntext, err, sizeof err) != 0)
            goto fail;
        access_source_array(&src, &arr, text, ntext);
        in.line = o.line ? o.line : 128;
    } else {
        if (!(rd = trace_reader_open(o.trace, err, sizeof err)))
            goto fail;
        in.hdr = trace_reader_header(rd);
        in.level = in.hdr->level;
        in.config = in.hdr->config;
        in.insts = in.hdr->insts;
        access_source_reader(&src, rd);
        uint32_t tl = in.hdr->line_size;
        in.line = o.line ? o.line : tl;
        if (in.line % tl != 0) {
            fprintf(stderr, "ccgpu cachesim: --line %u: the trace has %u-byte lines; use a multiple\n",
                    in.line, tl);
            rc = 2;
            goto done;
        }
        if (in.line != tl) {
            struct access_source fine = src;
            access_source_coarsen(&src, &co, &fine, in.line / tl);
        }
    }
    if (o.insts_given)
        in.insts = o.insts;
    if (o.convert) {
        rc = convert(o.convert, &src, &in);
        goto done;
    }
    if (o.dump) {
        rc = dump(&src, &in);
        goto done;
    }
    struct cachesim_run_config cfg = {.cache = o.cache, .locality = o.locality, .kinds = o.kinds};
    cfg.cache.line_size = in.line;
    cfg.per_sm = in.level == TRACE_LEVEL_L1 && !o.shared;
    cfg.flush_kernels = o.flush >= 0 ? o.flush : in.level == TRACE_LEVEL_L1;
    o.flush = cfg.flush_kernels;
    /* validate the shape before reading anything */
    struct cachesim probe;
    if (cachesim_init(&probe, &cfg.cache, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu cachesim: %s\n", err);
        rc = 2;
        goto done;
    }
    in.sets = probe.nsets;
    if (!o.cache.unbounded && o.cache.assoc == 0)
        o.cache.assoc = probe.assoc;
    cachesim_free(&probe);
    cfg.threads = o.threads;
    if (!o.text && o.threads > 1) {
        struct access_source direct = src;
        ahead = access_source_ahead(&src, &direct);
    }
    struct cachesim_run_result res;
    if (cachesim_run(&cfg, &src, &res, err, sizeof err) != 0)
        goto fail;
    if (!o.json || strcmp(o.json, "-") != 0)
        print_summary(&o, &in, &res);
    rc = o.json ? write_json(o.json, &o, &in, &res) : 0;
    goto done;
fail:
    fprintf(stderr, "ccgpu cachesim: %s\n", err);
done:
    access_ahead_free(ahead);
    trace_reader_close(rd);
    free(text);
    return rc;
}
