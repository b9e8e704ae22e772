/* The per-launch L1D / shared-memory carve-out (carveout.h has the rules).
 * Options, GPGPU-Sim 4.x names and meanings unless noted:
 *   gpgpu_shmem_sizeDefault            shared bytes per SM of a kernel without a
 *                                      preference (unset: gpgpu_shmem_size;
 *                                      GPGPU-Sim's own default is 16384 whatever
 *                                      gpgpu_shmem_size says, see below)
 *   gpgpu_cache:dl1PrefL1, gpgpu_shmem_size_PrefL1          preference l1
 *   gpgpu_cache:dl1PrefShared, gpgpu_shmem_size_PrefShared  preference shared
 *   gpgpu_adaptive_cache_config 0      1: the Volta rule
 *   gpgpu_shmem_option "0"             carve-out sizes in KB, comma-separated
 *   gpgpu_unified_l1d_size 0           KB of the unified L1D + shared array
 *   ccgpu_func_cache ""                the kernels' preferences (ccgpu's stand-in
 *                                      for cudaFuncSetCacheConfig): items
 *                                      "PREF" (every kernel) or "KERNEL=PREF",
 *                                      comma-separated, PREF none|shared|l1
 * Readings where GPGPU-Sim is odd:
 *   - GPGPU-Sim sets the shared memory of a kernel without a preference to
 *     gpgpu_shmem_sizeDefault at every launch, so a file that sets only
 *     gpgpu_shmem_size (every 3.x-era file) runs with 16 KB; ccgpu takes an
 *     unset gpgpu_shmem_sizeDefault as gpgpu_shmem_size.
 *   - GPGPU-Sim's test for an unconfigured preference never fires (the
 *     strings default to "none", the sizes to 16384): a kernel preferring L1
 *     on a file without dl1PrefL1 would get the string "none", which it
 *     parses into a disabled flag its L1 never looks at again. ccgpu falls
 *     back to the default carve-out, the branch GPGPU-Sim wrote for it.
 *   - GPGPU-Sim 4.x's adaptive rule keeps gpgpu_shmem_size as the occupancy
 *     bound; ccgpu bounds the kernel's CTAs by the chosen carve-out, which
 *     holds the C CTAs the rule sized it for (same dispatch for ccgpu's
 *     default round-robin CTA order). */
#include "timing/carveout.h"
#include "gpu/config.h"
#include "timing/dispatch.h"
#include "timing/sm_config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const pref_key_l1[CARVE_NPREF] = {
    "gpgpu_cache:dl1", "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl1PrefL1"
};
static const char *const pref_key_sh[CARVE_NPREF] = {
    "gpgpu_shmem_sizeDefault", "gpgpu_shmem_size_PrefShared", "gpgpu_shmem_size_PrefL1"
};

const char *carveout_pref_name(enum carve_pref p)
{
    static const char *const n[CARVE_NPREF] = { "none", "shared", "l1" };
    return (unsigned)p < CARVE_NPREF ? n[p] : "?";
}

int carveout_pref_parse(const char *s, size_t n)
{
    static const char *const names[] = { "none", "shared", "l1", "prefer_none", "prefer_shared",
                                         "prefer_l1" };
    for (int i = 0; i < 6; i++)
        if (strlen(names[i]) == n && !memcmp(names[i], s, n))
            return i % 3;
    return -1;
}

uint64_t carveout_l1_bytes(const struct cache_config *l1)
{
    return l1->disabled ? 0 : (uint64_t)l1->nsets * l1->assoc * l1->line_size;
}

int carveout_same_l1(const struct cache_config *a, const struct cache_config *b)
{
    if (a->disabled || b->disabled)
        return a->disabled == b->disabled;
    return a->nsets == b->nsets && a->line_size == b->line_size && a->assoc == b->assoc &&
           a->sector_size == b->sector_size && a->write_policy == b->write_policy &&
           a->alloc_policy == b->alloc_policy && a->write_allocate == b->write_allocate &&
           a->mshr_entries == b->mshr_entries && a->mshr_max_merge == b->mshr_max_merge &&
           a->miss_queue == b->miss_queue && !strcmp(a->repl, b->repl) &&
           !strcmp(a->index, b->index);
}

/* Ways of an L1 with `base`'s sets when option_kb of the unified array is
 * shared memory (GPGPU-Sim: max_assoc x (1 - option/unified), rounded to
 * nearest, in single precision as there). */
static uint32_t adaptive_assoc(const struct cache_config *base, uint32_t unified_kb,
                               uint32_t option_kb)
{
    uint32_t base_kb = (uint32_t)(carveout_l1_bytes(base) / 1024);
    /* (in 64 bits; a figure past 32 bits is refused by the size check) */
    uint64_t max_assoc = (uint64_t)(unified_kb / base_kb) * base->assoc;
    if (max_assoc > UINT32_MAX)
        return UINT32_MAX;
    float ratio = 1 - (float)(option_kb * 1024u) / (float)(unified_kb * 1024u);
    return (uint32_t)((float)max_assoc * ratio + 0.5f);
}

/* ccgpu_func_cache: each item "PREF" or "KERNEL=PREF"; -1 at the first bad
 * item (*bad its start). For kernel != NULL, *out is its preference. */
static int scan_func_cache(const char *v, const char *kernel, int *out, const char **bad,
                           size_t *badlen)
{
    int dflt = CARVE_NONE, named = -1;
    const char *p = v;
    while (*p) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        const char *ps = eq ? eq + 1 : p;
        size_t pn = eq ? n - (size_t)(eq + 1 - p) : n;
        int pref = carveout_pref_parse(ps, pn);
        if (pref < 0 || (eq && eq == p)) {
            *bad = p;
            *badlen = n;
            return -1;
        }
        if (!eq)
            dflt = pref;
        else if (kernel && strlen(kernel) == (size_t)(eq - p) && !memcmp(kernel, p, (size_t)(eq - p)))
            named = pref;
        p += n;
        if (*p == ',')
            p++;
    }
    *out = named >= 0 ? named : dflt;
    return 0;
}

enum carve_pref carveout_pref(const struct carveout_config *cv, const char *kernel, int api)
{
    if (api >= 0 && api < CARVE_NPREF)
        return (enum carve_pref)api;
    int pref = CARVE_NONE;
    const char *bad;
    size_t badlen;
    if (scan_func_cache(cv->func_cache, kernel, &pref, &bad, &badlen))
        return CARVE_NONE; /* validated when read */
    return (enum carve_pref)pref;
}

static int read_options(struct carveout_config *cv, const struct ccgpu_config *store, char *err,
                        size_t errlen)
{
    const char *v = config_get_str(store, "gpgpu_shmem_option", "0");
    const char *p = v;
    cv->nopts = 0;
    for (;;) {
        char *end;
        p += strspn(p, " ");
        unsigned long x = strtoul(p, &end, 10);
        if (end == p || *p == '-' || x > cv->unified_kb || cv->nopts == CARVE_MAX_OPTS ||
            (*end && *end != ','))
            return config_value_error(store, "gpgpu_shmem_option", err, errlen,
                                      "expected up to %d comma-separated sizes in KB of 0 to "
                                      "gpgpu_unified_l1d_size (%u), got '%s'",
                                      CARVE_MAX_OPTS, cv->unified_kb, v);
        uint32_t i = cv->nopts++;
        while (i && cv->opts_kb[i - 1] > x) { /* ascending, as GPGPU-Sim sorts them */
            cv->opts_kb[i] = cv->opts_kb[i - 1];
            i--;
        }
        cv->opts_kb[i] = (uint32_t)x;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

/* Checks that the adaptive rule can reshape preference p's L1 for every
 * option. */
static int check_adaptive(const struct carveout_config *cv, int p,
                          const struct ccgpu_config *store, char *err, size_t errlen)
{
    const struct cache_config *l1 = &cv->l1[p];
    if (l1->disabled)
        return config_value_error(store, pref_key_l1[p], err, errlen,
                                  "gpgpu_adaptive_cache_config 1 needs an L1 to resize, not "
                                  "'none'");
    uint64_t kb = carveout_l1_bytes(l1) / 1024;
    if (kb == 0 || cv->unified_kb % kb)
        return config_value_error(store, "gpgpu_unified_l1d_size", err, errlen,
                                  "%u KB is not a multiple of the %llu KB L1 of %s "
                                  "(GPGPU-Sim requires it)", cv->unified_kb,
                                  (unsigned long long)kb, pref_key_l1[p]);
    for (uint32_t i = 0; i < cv->nopts; i++) {
        struct cache_config t = *l1;
        t.assoc = adaptive_assoc(l1, cv->unified_kb, cv->opts_kb[i]);
        if (t.assoc == 0)
            return config_value_error(store, "gpgpu_shmem_option", err, errlen,
                                      "%u KB of shared memory leaves the L1 of %s no ways in "
                                      "gpgpu_unified_l1d_size %u KB", cv->opts_kb[i],
                                      pref_key_l1[p], cv->unified_kb);
        char inner[256];
        if (cache_config_validate(&t, inner, sizeof inner))
            return config_value_error(store, "gpgpu_shmem_option", err, errlen,
                                      "%u KB: the L1 of %s resized to %u ways: %s",
                                      cv->opts_kb[i], pref_key_l1[p], t.assoc, inner);
    }
    return 0;
}

int carveout_config_read(struct carveout_config *cv, const struct sm_config *c,
                         const struct ccgpu_config *store, char *err, size_t errlen)
{
    memset(cv, 0, sizeof *cv);
    cv->l1[CARVE_NONE] = c->l1;
    cv->have[CARVE_NONE] = 1;
    if (config_get_u32(store, "gpgpu_shmem_sizeDefault", c->shmem_bytes, &cv->shmem[CARVE_NONE],
                       err, errlen))
        return -1;
    static const char *const keys[] = {
        "gpgpu_shmem_sizeDefault", "gpgpu_cache:dl1PrefL1", "gpgpu_cache:dl1PrefShared",
        "gpgpu_shmem_size_PrefL1", "gpgpu_shmem_size_PrefShared", "gpgpu_adaptive_cache_config",
        "gpgpu_shmem_option", "gpgpu_unified_l1d_size", "ccgpu_func_cache",
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (config_peek(store, keys[i]))
            cv->active = 1;
    const char *repl = config_get_str(store, "ccgpu_l1_repl", NULL);
    const char *index = config_get_str(store, "ccgpu_l1_index", NULL);
    for (int p = CARVE_SHARED; p < CARVE_NPREF; p++) {
        const char *s = config_get_str(store, pref_key_l1[p], NULL);
        int have_size = config_peek(store, pref_key_sh[p]) != NULL;
        if (config_get_u32(store, pref_key_sh[p], 16384, &cv->shmem[p], err, errlen))
            return -1;
        if (!s)
            continue;
        char inner[256];
        if (cache_config_parse(&cv->l1[p], s, inner, sizeof inner) ||
            (!cv->l1[p].disabled && (repl || index) &&
             cache_config_set_policies(&cv->l1[p], repl, index, inner, sizeof inner)))
            return config_value_error(store, pref_key_l1[p], err, errlen, "%s", inner);
        if (cv->l1[p].disabled != c->l1.disabled ||
            (!c->l1.disabled && cv->l1[p].line_size != c->l1.line_size))
            return config_value_error(store, pref_key_l1[p], err, errlen,
                                      "ccgpu needs every carve-out's L1 to have gpgpu_cache:dl1's "
                                      "line size (%u bytes), and an L1 if and only if it has one",
                                      c->l1.line_size);
        cv->have[p] = have_size;
    }
    /* as GPGPU-Sim, the sizes are used (and parsed) only by the adaptive rule */
    if (config_get_bool(store, "gpgpu_adaptive_cache_config", 0, &cv->adaptive, err, errlen) ||
        config_get_u32(store, "gpgpu_unified_l1d_size", 0, &cv->unified_kb, err, errlen))
        return -1;
    (void)config_get_str(store, "gpgpu_shmem_option", "0");
    if (cv->adaptive) {
        /* GPGPU-Sim 4.0 (gpgpu-sim_distribution) has neither option: its
         * rule is the one below with an L1 of up to 4 times the string's
         * size and the sizes 0, 8, 16, 32, 64 KB and gpgpu_shmem_size */
        if (!config_peek(store, "gpgpu_unified_l1d_size") && !c->l1.disabled)
            cv->unified_kb = (uint32_t)(4 * carveout_l1_bytes(&c->l1) / 1024);
        if (cv->unified_kb == 0 || cv->unified_kb > 1u << 20)
            return config_value_error(store, "gpgpu_unified_l1d_size", err, errlen,
                                      "gpgpu_adaptive_cache_config 1 needs the unified L1D + "
                                      "shared size, 1 to %u KB (got %u)", 1u << 20,
                                      cv->unified_kb);
        if (config_peek(store, "gpgpu_shmem_option")) {
            if (read_options(cv, store, err, errlen))
                return -1;
        } else {
            static const uint32_t v40[] = { 0, 8, 16, 32, 64 };
            for (size_t i = 0; i < 5 && v40[i] <= cv->unified_kb; i++)
                cv->opts_kb[cv->nopts++] = v40[i];
            uint32_t top = cv->shmem[CARVE_NONE] / 1024;
            if (top > 64 && top <= cv->unified_kb)
                cv->opts_kb[cv->nopts++] = top;
        }
        for (int p = 0; p < CARVE_NPREF; p++)
            if (cv->have[p] && check_adaptive(cv, p, store, err, errlen))
                return -1;
    }
    const char *fc = config_get_str(store, "ccgpu_func_cache", "");
    const char *bad;
    size_t badlen;
    int dummy;
    if (strlen(fc) >= sizeof cv->func_cache)
        return config_value_error(store, "ccgpu_func_cache", err, errlen,
                                  "value longer than %d characters",
                                  (int)sizeof cv->func_cache - 1);
    if (scan_func_cache(fc, NULL, &dummy, &bad, &badlen))
        return config_value_error(store, "ccgpu_func_cache", err, errlen,
                                  "'%.*s' is not PREF or KERNEL=PREF (PREF none, shared or l1)",
                                  (int)badlen, bad);
    snprintf(cv->func_cache, sizeof cv->func_cache, "%s", fc);
    return 0;
}

int carveout_choose(const struct sm_config *c, const struct isrc *l, uint32_t regs,
                    int api_pref, struct carveout_choice *out, char *err, size_t errlen)
{
    const struct carveout_config *cv = &c->carve;
    memset(out, 0, sizeof *out);
    out->asked = carveout_pref(cv, isrc_kernel_name(l), api_pref);
    out->pref = cv->have[out->asked] ? out->asked : CARVE_NONE;
    out->shmem_bytes = cv->shmem[out->pref];
    out->l1 = cv->l1[out->pref];
    if (!cv->adaptive)
        return 0;
    struct sm_config t = *c;
    t.shmem_bytes = out->shmem_bytes;
    uint32_t ctas = dispatch_ctas_per_sm(&t, l, regs);
    if (ctas == 0)
        return 0; /* the dispatcher says why */
    uint32_t n = isrc_num_ctas(l);
    uint32_t grid = (uint32_t)(((uint64_t)n + c->n_sms - 1) / c->n_sms);
    if (grid < ctas)
        ctas = grid;
    uint64_t total = isrc_shared_per_cta(l) * ctas;
    uint32_t i = 0;
    while (i < cv->nopts && (uint64_t)cv->opts_kb[i] * 1024 < total)
        i++;
    if (i == cv->nopts) {
        snprintf(err, errlen,
                 "launch %s: %u CTAs x %llu bytes of shared memory per SM exceed the largest "
                 "gpgpu_shmem_option (%u KB)", isrc_kernel_name(l), ctas,
                 (unsigned long long)isrc_shared_per_cta(l), cv->opts_kb[cv->nopts - 1]);
        return -1;
    }
    out->adaptive = 1;
    out->ctas = ctas;
    out->option_kb = cv->opts_kb[i];
    /* never above the preference's size: the dispatcher then allows the
     * kernel exactly the CTAs per SM GPGPU-Sim's bound allows */
    if ((uint64_t)out->option_kb * 1024 < out->shmem_bytes)
        out->shmem_bytes = out->option_kb * 1024;
    out->l1.assoc = adaptive_assoc(&cv->l1[out->pref], cv->unified_kb, out->option_kb);
    if (out->l1.streaming)
        out->l1.alloc_policy = total == 0 ? CACHE_ALLOC_ON_MISS : CACHE_ALLOC_ON_FILL;
    return 0;
}

/* "48 KB", or bytes when not whole KB */
static void size_text(uint64_t b, char *buf, size_t len)
{
    if (b % 1024)
        snprintf(buf, len, "%llu bytes", (unsigned long long)b);
    else
        snprintf(buf, len, "%llu KB", (unsigned long long)(b / 1024));
}

void carveout_describe(const struct carveout_choice *ch, char *buf, size_t len)
{
    char sh[32], l1[32];
    size_text(ch->shmem_bytes, sh, sizeof sh);
    size_text(carveout_l1_bytes(&ch->l1), l1, sizeof l1);
    int n = snprintf(buf, len, "prefer %s%s: shared %s, L1D %s", carveout_pref_name(ch->pref),
                     ch->pref != ch->asked ? " (the kernel's preference is not configured)" : "",
                     sh, l1);
    if (ch->adaptive && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " (gpgpu_shmem_option %u KB for %u CTAs%s)",
                      ch->option_kb, ch->ctas,
                      !ch->l1.streaming                           ? ""
                      : ch->l1.alloc_policy == CACHE_ALLOC_ON_MISS ? "; streaming L1 allocates on miss"
                                                                   : "; streaming L1 allocates on fill");
}
