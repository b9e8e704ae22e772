/* LMF under the union footprint (an option of ccgpu's, `awss:lmf,
 * footprint=union`). The AWSS paper (Definition 1, Eq. 2) adds the CTAs'
 * working sets up, which assumes their line sets are disjoint; the
 * constraint's intent is that the lines a step touches fit the shared cache.
 * Here a step's footprint is the number of distinct lines its CTAs touch,
 * times the line size, and LMF's fit test uses that: a CTA fits when the
 * lines it adds to the step's union (those not already in it) keep the union
 * within cap, or it adds none. With disjoint line sets this is exactly LMF
 * on the sizes (tests/803).
 *
 * Work per step: one pass over the remaining CTAs in decreasing size. A
 * candidate is skipped in O(1) when even its lower bound on new lines --
 * max(lines no other CTA touches, own lines - union so far) -- overflows;
 * otherwise its line set is scanned against a per-step stamp array. Memory:
 * one stamp and one sharer count per distinct line, O(n) per CTA. */
#include "cta/awss.h"
#include <stdlib.h>

int binpack_lmf_union(const struct awss_linesets *ls, const uint32_t *ids, uint32_t n,
                      uint64_t cap, uint32_t k, struct awss_schedule *out)
{
    int rc = -1;
    if (k == 0)
        k = 1;
    uint64_t capl = ls->line_bytes ? cap / ls->line_bytes : cap;
    uint32_t *stamp = calloc((size_t)ls->nlines + 1, sizeof *stamp);
    uint32_t *priv = malloc(((size_t)n + 1) * sizeof *priv);
    uint32_t *rem = malloc(((size_t)n + 1) * sizeof *rem);
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    if (!stamp || !priv || !rem || !bin_of)
        goto out;
    /* sharers per line (saturating at 2) in stamp, then lines only c touches */
    for (uint64_t i = 0; i < ls->off[n]; i++)
        if (stamp[ls->lines[i]] < 2)
            stamp[ls->lines[i]]++;
    for (uint32_t c = 0; c < n; c++) {
        priv[c] = 0;
        for (uint32_t i = ls->off[c]; i < ls->off[c + 1]; i++)
            priv[c] += stamp[ls->lines[i]] == 1;
    }
    for (uint32_t i = 0; i < ls->nlines; i++)
        stamp[i] = 0;
    uint32_t nrem = n;
    for (uint32_t i = 0; i < n; i++)
        rem[i] = ids[i];
    uint32_t bins = 0;
    while (nrem) {
        uint32_t mark = bins + 1; /* stamp value of this step's lines */
        uint64_t cur = 0;
        uint32_t count = 0, keep = 0;
        for (uint32_t j = 0; j < nrem; j++) {
            uint32_t c = rem[j];
            uint32_t own = ls->off[c + 1] - ls->off[c];
            int take = 0;
            if (count == 0)
                take = 1; /* the largest remaining opens the step, fitting or not */
            else if (count < k) {
                uint64_t lb = own > cur ? own - cur : 0;
                if (priv[c] > lb)
                    lb = priv[c];
                if (lb == 0 || cur + lb <= capl) {
                    uint64_t add = 0;
                    for (uint32_t i = ls->off[c]; i < ls->off[c + 1]; i++)
                        add += stamp[ls->lines[i]] != mark;
                    /* a CTA adding no line fits any step (as a CTA of size 0
                     * fits LMF's full or oversize step) */
                    take = add == 0 || cur + add <= capl;
                }
            }
            if (!take) {
                rem[keep++] = c;
                continue;
            }
            for (uint32_t i = ls->off[c]; i < ls->off[c + 1]; i++)
                if (stamp[ls->lines[i]] != mark) {
                    stamp[ls->lines[i]] = mark;
                    cur++;
                }
            bin_of[c] = bins;
            count++;
        }
        nrem = keep;
        bins++;
    }
    rc = awss_schedule_from_bins(out, n, bin_of, bins);
out:
    free(stamp);
    free(priv);
    free(rem);
    free(bin_of);
    return rc;
}

uint64_t awss_step_union(const struct awss_schedule *s, uint32_t step,
                         const struct awss_linesets *ls)
{
    uint8_t *seen = calloc((size_t)ls->nlines + 1, 1);
    if (!seen)
        return UINT64_MAX;
    uint64_t u = 0;
    for (uint32_t i = s->start[step]; i < s->start[step + 1]; i++) {
        uint32_t c = s->order[i];
        for (uint32_t j = ls->off[c]; j < ls->off[c + 1]; j++)
            if (!seen[ls->lines[j]]) {
                seen[ls->lines[j]] = 1;
                u++;
            }
    }
    free(seen);
    return u * ls->line_bytes;
}
